"""The screens part of the facade: what a window tab shows, computed in one call (`game_screen`), the
games-list row `Services.games()` is made of, the season's players, divisions and rinks as read-only values,
and the ids of new records (the window makes none up)."""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, cast

from scorekeeper.facade.core import Core, Part, bound, inner
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.screen_memo import ScreenMemo
from scorekeeper.naming import free_id, next_game_id, slug
from scorekeeper.screens import Consequence, DressedPlayer, EventFigures, GameScreen, frozen

if TYPE_CHECKING:  # issue 29.6: the games list (the window's first screen) imports none of the engine's modules
    from scorekeeper.engine.state import GameState, GoalRecord
    from scorekeeper.facade.history import GameHistory
    from scorekeeper.results_records import GameRow, LiveState
    from scorekeeper.season.view import SeasonView
    from scorekeeper.season_data import GameData


def game_row(view: SeasonView, game_id: str) -> GameRow:
    """One game as the season's list of games shows it (its `curfew` after its `time` only when it has one)."""
    g = view.games[game_id]
    st = view.state(game_id)
    curfew = {"curfew": g["curfew"]} if g.get("curfew") else {}  # only where the league gave one (issue 28.6)
    return cast("GameRow", {"id": g["id"], "number": view.game_name(game_id),  # the league's number (default: the id)
                          "date": g["date"], "time": g["time"], **curfew, "home": g["home"], "away": g["away"],
                          "home_name": _team_name(view, g["home"]), "away_name": _team_name(view, g["away"]),
                          "stage": g.get("stage", "regular"), "status": g.get("status", "final"),
                          "score": dict(st.score) if g.get("status", "final") == "final" or g.get("events") else None,
                          "decision": st.decision, "status_text": status_text(g)})


def _team_name(view: SeasonView, team: str) -> str:
    t = view.teams.get(team)
    return t.get("name", team) if t else team


def _team_colour(view: SeasonView, team: str) -> str | None:
    t = view.teams.get(team)
    return t.get("colour") if t else None


def _names_colours(view: SeasonView, g: GameData) -> tuple[Mapping[str, str], Mapping[str, str]]:
    """The game's sides' team names and colours (a side whose team has none: no colour), read-only."""
    teams = {"home": g["home"], "away": g["away"]}
    colours = {side: str(_team_colour(view, team)) for side, team in teams.items() if _team_colour(view, team)}
    return (MappingProxyType({side: str(_team_name(view, team)) for side, team in teams.items()}),
            MappingProxyType(colours))


def _frozen(value: Any) -> Any:
    """`screens.frozen`, equal in every result, quicker on the plain dicts, lists and scalars a screen is made of
    (their exact types asked first; anything else goes to `frozen`)."""
    kind = type(value)
    if kind is str or kind is int or value is None or kind is bool or kind is float:
        return value
    if kind is dict:
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    if kind is list or kind is tuple:
        return tuple(_frozen(v) for v in value)
    return frozen(value)


def status_text(game: Mapping[str, object]) -> str:
    """The game's status as people read it: 'Final', 'In progress' (not final, something recorded), 'Scheduled'."""
    if game.get("status", "final") == "final":
        return "Final"
    return "In progress" if game.get("events") else "Scheduled"


def event_figures(state: GameState) -> Mapping[int, EventFigures]:
    """By entry: a goal's strength as the game's computation found it, a penalty's minutes on the sheet."""
    out = _goal_figures(state.goals)
    for pen in state.penalties:
        out[pen.seq] = EventFigures(minutes=pen.sheet_minutes)
    return MappingProxyType(out)


def _goal_figures(goals: Sequence[GoalRecord]) -> dict[int, EventFigures]:
    """`event_figures`' part of the goals, by entry."""
    out: dict[int, EventFigures] = {}
    for goal in goals:
        marks = ["PS" if goal.penalty_shot else "AW" if goal.awarded else goal.strength or ""]
        if goal.empty_net:
            marks.append("EN")
        out[goal.seq] = EventFigures(" ".join(m for m in marks if m))
    return out


@bound
class Screens(Part):
    """Read-only screens for the window, each one call."""

    def __init__(self, core: Core, history: GameHistory) -> None:
        super().__init__(core)
        self.history = history
        self._events: dict[str, tuple[list[Any], tuple[Mapping[str, Any], ...]]] = {}
        """Per game, the view's event dicts last shown and their read-only copies: an entry at the end of the
        log keeps the others' dicts, so only the new one is copied."""
        self._dressed: dict[str, tuple[Any, Mapping[str, tuple[DressedPlayer, ...]]]] = {}
        """Per game, the engine's line-ups last shown (an entry keeps the same, frozen, ones) and what they show."""
        self._goals: dict[str, tuple[list[GoalRecord], dict[int, EventFigures]]] = {}
        """Per game, the goal records last shown and their figures: an entry at the end of the game keeps the
        records before it (a record is never changed once made), so only the new ones are read."""
        self._memo = ScreenMemo(_frozen)
        """Per game, what its last screen showed (names, colours, the live panel, the row, shots) by what it was
        made from: an entry's screen makes anew only what the entry changed."""

    @inner
    def _figures(self, game_id: str, state: GameState) -> Mapping[int, EventFigures]:
        """`event_figures(state)`, the goals' figures read only for the records not shown last time."""
        goals, known = state.goals, self._goals.get(game_id)
        if known is not None and len(known[0]) <= len(goals) and all(map(operator.is_, known[0], goals)):
            shown = known[0]
            by_goal = known[1] if len(shown) == len(goals) else {**known[1], **_goal_figures(goals[len(shown):])}
        else:
            by_goal = _goal_figures(goals)
        self._goals[game_id] = (list(goals), by_goal)
        out = dict(by_goal)
        for pen in state.penalties:
            out[pen.seq] = EventFigures(minutes=pen.sheet_minutes)
        return MappingProxyType(out)

    @inner
    def _lineups(self, game_id: str, lineups: dict[str, list[Any]]) -> Mapping[str, tuple[DressedPlayer, ...]]:
        known = self._dressed.get(game_id)
        if known is not None and known[0] is lineups:
            return known[1]
        shown = MappingProxyType({side: tuple(DressedPlayer(d.player, d.number, d.name, d.goalie)
                                              for d in lineups.get(side, [])) for side in ("home", "away")})
        self._dressed[game_id] = (lineups, shown)
        return shown

    @inner
    def _frozen_events(self, game_id: str, events: list[Any]) -> tuple[Mapping[str, Any], ...]:
        known, copies = self._events.get(game_id, ([], ()))
        if len(known) <= len(events) and all(map(operator.is_, known, events)):  # the log grown at its end
            same = len(known)
        else:
            same = next((i for i, (old, new) in enumerate(zip(known, events, strict=False)) if old is not new),
                        min(len(known), len(events)))
        result = copies[:same] + tuple(_frozen(e) for e in events[same:]) if same < len(events) else copies[:same]
        self._events[game_id] = (list(events), result)
        return result

    def game_screen(self, game_id: str, period: int, elapsed: str, season: str | None = None, *,
                    consequences: tuple[Consequence, ...] | None = None) -> GameScreen:
        """Everything the Live Game tab shows for `game_id` with its clock at `period` and `elapsed` (mm:ss).
        `consequences`: the game's, as the caller already counted them on the same view (an entry's)."""
        return self.screen_in(self.core.view(season), game_id, period, elapsed, consequences)

    @inner
    def screen_in(self, view: SeasonView, game_id: str, period: int, elapsed: str,
                  consequences: tuple[Consequence, ...] | None = None) -> GameScreen:
        """`game_screen` in `view`, the facade's view of the season (an entry's, which has it at hand)."""
        from scorekeeper.engine.live import live_state
        from scorekeeper.engine.timefmt import game_time, parse_mmss
        from scorekeeper.rules.consequences import game_consequences
        from scorekeeper.season.view import clock_seconds

        if game_id not in view.games:
            raise ServiceError(f"no game {game_id!r} in season {view.name}")
        g = view.games[game_id]
        status = str(g.get("status", "final"))
        gin = view.game_input(game_id)
        names, colours = self._memo.teams(game_id, view.teams, g["home"], g["away"], lambda: _names_colours(view, g))
        live: LiveState | None = None
        error = ""
        state = view.state(game_id)  # a game not final: its computation left open at its last entry
        try:
            t = game_time(view.book, gin.stage, period,
                          clock_seconds(elapsed) if isinstance(elapsed, str) else parse_mmss(elapsed))
            open_game = view.live_game(game_id)
            at_t = open_game.until(t) if open_game is not None and open_game.game is gin else None
            live = live_state(gin, view.book, t, at_t)
        except (ValueError, KeyError) as exc:
            error = str(exc)
        score = dict(state.score)  # what has been entered, whatever the clock says (a sheet typed after the game)
        memo = self._memo  # what the game's last screen showed, shown again where it is the same
        return GameScreen(
            season=view.name, game_id=game_id, date=str(g["date"]), time=str(g["time"]),
            stage=str(g.get("stage", "regular")), status=status, names=names,
            lineups=self._lineups(game_id, gin.lineups), events=self._frozen_events(game_id, g.get("events", [])),
            score=MappingProxyType(score),
            live=None if live is None else memo.frozen(game_id, "live", live), live_error=error,
            row=memo.frozen(game_id, "row", game_row(view, game_id)),
            can_undo=bool(self.history.undo.get(game_id)), can_redo=bool(self.history.redo.get(game_id)),
            consequences=game_consequences(view, game_id) if consequences is None else consequences,
            figures=self._figures(game_id, state), colours=colours, shots=memo.shots(game_id, g.get("shots")))

    def game_list(self, season: str | None = None) -> list[GameRow]:
        """The season's games as `games` lists them; before the season is read, from a narrow read of the games'
        rows and their stored results (`season.game_list`: no events, no replay), where that can be done."""
        s = self.core.season_row(season)
        if not self.core.has_view(s.id):
            from scorekeeper.season.book_memo import text_fingerprint
            from scorekeeper.season.game_list import narrow_rows

            fingerprint = text_fingerprint(s.rulebook.text, f"rulebook {s.rulebook.name}")
            rows = None if fingerprint is None else narrow_rows(s, fingerprint)
            if rows is not None:
                return rows
        view = self.core.view(season)
        return [game_row(view, gid) for gid in view.games]

    def players(self, season: str | None = None) -> Mapping[str, Mapping[str, Any]]:
        """The season's players by id, read-only, each with the `name` the window shows."""
        view = self.core.view(season)
        return MappingProxyType({pid: frozen({**p, "name": view.player_name(pid)}) for pid, p in view.players.items()})

    def divisions(self, season: str | None = None) -> tuple[Mapping[str, Any], ...]:
        """The season's divisions, read-only, in the season's order."""
        return tuple(frozen(d) for d in self.core.view(season).divisions.values())

    def rinks(self, season: str | None = None) -> list[str]:
        """The rinks the season's games are played at, sorted."""
        return sorted({str(g["rink"]) for g in self.core.view(season).games.values() if g.get("rink")})

    def new_player_id(self, first: str, last: str, season: str | None = None) -> str:
        """A free, readable id for a new player ('Zoë Côté' -> 'zoe-cote', then 'zoe-cote-2'...)."""
        return free_id(slug(first, last), self.core.view(season).players)

    def new_team_id(self, name: str, season: str | None = None) -> str:
        return free_id(slug(name), self.core.view(season).teams)

    def new_division_id(self, name: str, season: str | None = None) -> str:
        return free_id(slug(name), self.core.view(season).divisions)

    def new_game_id(self, game: Mapping[str, object], season: str | None = None) -> str:
        """A free id for a new game ({date, time, home, away}): the season's numbering continued (g001, g002...)
        or, where it numbers no games, g-YYYYMMDD-HHMM-home-away."""
        return next_game_id(self.core.view(season).games, game)
