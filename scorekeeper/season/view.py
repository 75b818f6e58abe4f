"""A season in memory: the normalised season data with lookups, and each game's computed state."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, Generic, TypeVar, cast

from scorekeeper.engine.events import SIDE_KEYS, Dressed, Event, GameInput
from scorekeeper.engine.live_game import LiveGame
from scorekeeper.engine.state import GameState
from scorekeeper.engine.stored import StoredStates
from scorekeeper.engine.timefmt import parse_mmss
from scorekeeper.naming import game_name, game_name_and_id, statement_number
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.coed import plays_coed
from scorekeeper.rules.roster import active_on, signed_on
from scorekeeper.rules.violation import Violation
from scorekeeper.season.records import CarryOver, Derived, GameRows, OfficeRecords
from scorekeeper.season_data import (
    DivisionData,
    EventData,
    GameData,
    LineupsData,
    PlayerData,
    SeasonData,
    SigningData,
    TeamData,
)

clock_seconds = lru_cache(maxsize=8192)(parse_mmss)
"""`parse_mmss` of a clock text, kept (a season's events share a few thousand; the screen an entry hands back reads
the entry's own time again)."""


def event_from_dict(seq: int, e: EventData) -> Event:
    """A season-file event as an engine event."""
    # the event's other keys: an EventData without its `type` (a key-filtered copy mypy cannot follow)
    data = cast(EventData, {k: v for k, v in e.items() if k not in ("type", "team", "period", "elapsed")})
    elapsed = e.get("elapsed")
    return Event(seq, e["type"], e.get("team"), e.get("period"),
                 clock_seconds(elapsed) if isinstance(elapsed, str) else None, data)


def _status(game: GameData | None) -> str | None:
    """A game's status as its record sets it (None: no such game, or no status set)."""
    return game.get("status") if game else None


V = TypeVar("V")
_UNSET: Any = object()


class GameCache(Generic[V]):
    """Values kept per game of a season view (engine inputs, states, open computations): a dict shared with the
    views an entry makes from it (their other games are the same objects), and this view's own values for the
    games it changed. An entry thus copies none of these values."""

    __slots__ = ("shared", "own")
    MAX_OWN = 32  # past this many games changed, a view takes its own copy

    def __init__(self, shared: dict[str, V] | None = None, own: dict[str, V] | None = None) -> None:
        self.shared: dict[str, V] = {} if shared is None else shared
        self.own: dict[str, V] = {} if own is None else own  # _UNSET: changed here, not known yet

    def get(self, gid: str) -> V | None:
        value = self.own.get(gid, _UNSET) if gid in self.own else self.shared.get(gid, _UNSET)
        return None if value is _UNSET else value

    def __contains__(self, gid: str) -> bool:
        return self.get(gid) is not None

    def __getitem__(self, gid: str) -> V:
        value = self.get(gid)
        if value is None:
            raise KeyError(gid)
        return value

    def __setitem__(self, gid: str, value: V) -> None:
        (self.own if gid in self.own else self.shared)[gid] = value

    def changed(self, gid: str, value: V = _UNSET) -> GameCache[V]:
        """The cache of a view in which game `gid` differs from this view's (its value: `value`, else unknown)."""
        own = {**self.own, gid: value}
        if len(own) <= self.MAX_OWN:
            return GameCache(self.shared, own)
        mine = {k: v for k, v in self.shared.items() if k not in own}
        mine.update((k, v) for k, v in own.items() if v is not _UNSET)
        return GameCache(mine)

    def without(self, games: set[str]) -> GameCache[V]:
        """A cache of its own for a view in which `games` changed (the other games' values kept)."""
        mine = {k: v for k, v in self.shared.items() if k not in games and k not in self.own}
        mine.update((k, v) for k, v in self.own.items() if k not in games and v is not _UNSET)
        return GameCache(mine)


@dataclass
class SeasonView:
    data: SeasonData
    book: Rulebook
    _states: GameCache[GameState] = field(default_factory=GameCache, repr=False)
    office: OfficeRecords = field(default_factory=OfficeRecords, repr=False)  # recorded beside the season file
    carry_over: CarryOver = field(default_factory=CarryOver, repr=False)  # suspensions from the season before
    derived: Derived = field(default_factory=Derived, repr=False)  # season-wide values, computed once
    rows: GameRows | None = field(default=None, repr=False)  # row ids and game revisions, when read from a database
    # games that are not final: their computation left open, to apply an entry at the end of the log alone
    _live: GameCache[LiveGame] = field(default_factory=GameCache, repr=False)
    _inputs: GameCache[GameInput] = field(default_factory=GameCache, repr=False)
    _places: dict[str, int] | None = field(default=None, repr=False)  # each game's index in data["games"]
    # the final games' states as stored (issue 29.1), shared with the views made from this one
    stored: StoredStates = field(default_factory=StoredStates, repr=False)
    # the violations the judge found in some games of this view (`pipeline.added_violations`), by game ids: the
    # view an entry judged becomes the one the next entry is judged against (a view never changes in place)
    judged: dict[tuple[str, ...], list[Violation]] = field(default_factory=dict, repr=False)

    @property
    def name(self) -> str:
        return str(self.data["season"])

    @cached_property
    def divisions(self) -> dict[str, DivisionData]:
        return {d["id"]: d for d in self.data.get("divisions", [])}

    @cached_property
    def teams(self) -> dict[str, TeamData]:
        return {t["id"]: t for t in self.data.get("teams", [])}

    @cached_property
    def players(self) -> dict[str, PlayerData]:
        return {p["id"]: p for p in self.data.get("players", [])}

    @cached_property
    def games(self) -> dict[str, GameData]:
        listed = self.data.get("games", [])
        if self._places is None:  # read with the games, not at the first entry at the boards
            self._places = {g["id"]: i for i, g in enumerate(listed)}
        ordered = sorted(listed, key=lambda g: (g["date"], g["time"], g["id"]))
        return {g["id"]: g for g in ordered}

    @cached_property
    def roster_by_team(self) -> dict[str, list[SigningData]]:
        out: dict[str, list[SigningData]] = {}
        for r in self.data.get("roster", []):
            out.setdefault(r["team"], []).append(r)
        return out

    def name_of(self, ext_id: str) -> str:
        """A team's or a player's name for people to read ('Westridge Sharks', 'Jo Smith'); the id if neither."""
        team = self.teams.get(ext_id)
        if team is not None and team.get("name"):
            return str(team["name"])
        return self.player_name(ext_id)

    def player_name(self, pid: str) -> str:
        p = self.players.get(pid)
        return f"{p['first']} {p['last']}" if p else pid

    def game_name(self, gid: str) -> str:
        """A game's name for people to read: its league number where set, else its id (`naming.game_name`)."""
        return game_name(self.games.get(gid), gid)

    def statement_number(self, team: str) -> str:
        """The number of the team's fine statement (`naming.statement_number`): season and team name, with the
        division where another team of the season has the same name."""
        t = self.teams.get(team)
        name = str((t.get("name") if t else None) or team)
        shared = sum(1 for t in self.teams.values() if str(t.get("name", "")).casefold() == name.casefold()) > 1
        division = str(d.get("name", "")) if shared and (d := self.division_of(team)) else ""
        return statement_number(self.name, name, division)

    def game_name_and_id(self, gid: str) -> str:
        """'WSHL-015 (g001)' (just 'g001' where the game has no number): where the id is to be typed back."""
        return game_name_and_id(self.games.get(gid), gid)

    def division_of(self, team: str) -> DivisionData | None:
        t = self.teams.get(team)
        return self.divisions.get(t["division"]) if t else None

    def signing(self, team: str, player: str, date: str | None = None) -> SigningData | None:
        """The player's active signing with the team (on `date`, or the latest when no date)."""
        found = None
        for r in self.roster_by_team.get(team, []):
            if r["player"] == player and (date is None or active_on(r, date)):
                found = r
        return found

    def game_input(self, gid: str) -> GameInput:
        """The engine's input for a game (made once per view)."""
        found = self._inputs.get(gid)
        if found is None:
            found = self._inputs[gid] = self._make_input(gid)
        return found

    def _make_input(self, gid: str) -> GameInput:
        g = self.games[gid]
        lineups: dict[str, list[Dressed]] = {}
        for side in SIDE_KEYS:
            team = g[side]
            entries = []
            signed = None  # the team's signings on the game's date, read once for the entries without a number
            for x in g.get("lineups", LineupsData()).get(side, []):
                number = x.get("number")
                if number is None:
                    if signed is None:
                        signed = signed_on(self.roster_by_team.get(team, []), g["date"])
                    s = signed.get(x["player"])
                    number = s["number"] if s else None
                p = self.players.get(x["player"])
                entries.append(Dressed(x["player"], number, bool(x.get("goalie")), bool(x.get("captain")),
                                       self.player_name(x["player"]), p.get("gender") if p else None))
            lineups[side] = entries
        div = self.division_of(g["home"])
        events = [event_from_dict(i, e) for i, e in enumerate(g.get("events", []))]
        return GameInput(gid, g.get("stage", "regular"), g.get("status", "final"), g["home"], g["away"],
                         lineups, events, plays_coed(self.book, div), g["date"], g["time"], self.name_of)

    def state(self, gid: str) -> GameState:
        found = self._states.get(gid)
        if found is None:
            game = self.game_input(gid)
            if game.status == "final":
                found = self.stored.state(game, self.book)
            else:
                live = self._live.get(gid)
                extended = live.extended(game) if live is not None and live.game is not game else None
                opened = extended or (live if live is not None and live.game is game else LiveGame(game, self.book))
                self._live[gid] = opened
                found = opened.state()
            self._states[gid] = found
        return found

    def has_state(self, gid: str) -> bool:
        """Whether game `gid`'s state is computed (or read) in this view already."""
        return gid in self._states

    def live_game(self, gid: str) -> LiveGame | None:
        """The open computation of game `gid` (not final) as `state(gid)` last left it; None before that."""
        return self._live.get(gid)

    def with_changes(self, data: SeasonData, games: set[str], season_level: bool) -> SeasonView:
        """A view of `data` (this season with `games` replaced or added) reusing what did not change:
        unchanged games' states, and the season's discipline while no final game is involved and no game moves
        (a game rescheduled moves the others' places)."""
        new = SeasonView(data, self.book, office=self.office, carry_over=self.carry_over.kept(),
                         rows=self._copied_rows(), stored=self.stored)
        new._states = self._states.without(games)
        finals_touched = any(_status(self.games.get(g)) == "final" for g in games) or any(
            _status(new.games.get(g)) == "final" for g in games)
        same_places = all(g in self.games and (self.games[g]["date"], self.games[g]["time"]) == (
            new.games[g]["date"], new.games[g]["time"]) for g in games)  # every game keeps its place
        if not season_level and not finals_touched and same_places:
            new.derived = self.derived.kept_while_no_final()
        return new

    def with_events(self, game: GameData) -> SeasonView:
        """A view with one game that is not final replaced by `game`, the same game with its log grown at the
        end: its line-ups, date and status are unchanged, so every other game's state, the season's discipline
        and the line-up checks are reused (the entry path at the boards)."""
        gid = game["id"]
        old = self.games[gid]
        assert old.get("status") != "final" and game.get("lineups") == old.get("lineups")
        if self._places is None:
            self._places = {g["id"]: i for i, g in enumerate(self.data["games"])}
        games = list(self.data["games"])
        games[self._places[gid]] = game
        before = self._inputs.get(gid)
        if before is not None:  # the line-ups are the same: only the new events are converted
            known = len(before.events)
            added = [event_from_dict(known + i, e) for i, e in enumerate(game.get("events", [])[known:])]
            inputs = self._inputs.changed(gid, replace(before, events=[*before.events, *added]))
        else:
            inputs = self._inputs.changed(gid)
        live = self._live.get(gid)  # state() extends the open computation by the new events
        # the same games in the same places and rows: the row ids are shared (an entry's new revision is set
        # on them only once its write is committed); the caches made here given, not made empty first
        new = SeasonView({**self.data, "games": games}, self.book, _states=self._states.changed(gid),
                         office=self.office, carry_over=self.carry_over.kept(), derived=self.derived.kept_for_events(),
                         rows=self.rows, _inputs=inputs, _places=self._places, stored=self.stored,
                         _live=self._live.changed(gid, live) if live is not None else self._live.changed(gid))
        for name in ("divisions", "teams", "players", "roster_by_team"):
            if name in self.__dict__:
                new.__dict__[name] = self.__dict__[name]
        ordered = dict(self.games)
        ordered[gid] = game
        new.__dict__["games"] = ordered
        return new

    def _copied_rows(self) -> GameRows | None:
        """The row ids with a games' table of their own (the players' shared)."""
        if self.rows is None:
            return None
        copied = copy.copy(self.rows)
        copied.games = dict(self.rows.games)
        return copied

    def order_of(self, gid: str) -> int:
        """A game's place in the season (date, time, id)."""
        if self.derived.order is None:
            self.derived.order = {g: i for i, g in enumerate(self.games)}
        return self.derived.order[gid]

    def final_games(self, stage: str | None = None) -> list[GameData]:
        return [g for g in self.games.values()
                if g.get("status", "final") == "final" and (stage is None or g.get("stage") == stage)]
