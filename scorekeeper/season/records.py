"""Typed values a season view holds beside the season file's data: what the office recorded, the discipline
rows a season's games set off, the suspensions carried in from the season before, and what is computed once per
state of the season."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from scorekeeper.ids import GameId, PlayerId, TeamId
from scorekeeper.results_records import Fines, Standings, Stats, SuspensionRow, Suspensions
from scorekeeper.rulebook.model import DisciplineRow
from scorekeeper.rules.violation import Violation
from scorekeeper.season_data import AppealData

SeasonOutput = Standings | Stats | Suspensions | Fines
"""A season-wide result the facade computes once per state of the season."""


K = TypeVar("K")


def _frozen(mapping: Mapping[K, str] | None) -> Mapping[K, str]:
    return MappingProxyType(dict(mapping or {}))


class GameRows(Protocol):
    """A season's row ids where it was read from a database (`db.store.RowIds`): each game's (row id, revision)
    and each player's row id, by their ids in the season file."""

    games: dict[str, tuple[int, int]]
    players: dict[str, int]


@dataclass(frozen=True)
class OfficeRecords:
    """What the office recorded beside the season file, read-only: when a captain was e-mailed a suspension
    ((player, game) -> ISO time), suspensions lifted ((player, game) -> date), fines waived ((payer, game, rule)
    -> reason) and blocks overridden (override key -> reason)."""

    notices: Mapping[tuple[str, str], str] = field(default_factory=lambda: MappingProxyType({}))
    lifted: Mapping[tuple[str, str], str] = field(default_factory=lambda: MappingProxyType({}))
    waived: Mapping[tuple[str, str, str], str] = field(default_factory=lambda: MappingProxyType({}))
    overrides: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def of(cls, notices: Mapping[tuple[str, str], str] | None = None,
           lifted: Mapping[tuple[str, str], str] | None = None,
           waived: Mapping[tuple[str, str, str], str] | None = None,
           overrides: Mapping[str, str] | None = None) -> OfficeRecords:
        """Records holding read-only copies of the given mappings."""
        return cls(_frozen(notices), _frozen(lifted), _frozen(waived), _frozen(overrides))

    def with_overrides(self, overrides: Mapping[str, str]) -> OfficeRecords:
        return OfficeRecords(self.notices, self.lifted, self.waived, _frozen(overrides))


@dataclass(frozen=True)
class Sanction:
    """A discipline row of the fines table set off in a game: the suspension and fines it carries."""

    player: PlayerId
    team: TeamId
    game: GameId
    row: DisciplineRow
    order: int  # the offence game's place in the season (-1: a game of an earlier season)
    infraction: str = ""
    date: str = ""
    units: int = 1  # games a per-game fine counts
    season: str = ""  # set when carried over from an earlier season

    @property
    def kind(self) -> str:
        return "games" if isinstance(self.row.suspend, int) else str(self.row.suspend)


@dataclass(frozen=True)
class Carried:
    """A suspension still in force at the end of `season`."""

    player: PlayerId
    name: str  # first and last name, folded: the same id must be the same person
    season: str
    game: GameId
    date: str
    team: TeamId
    row: DisciplineRow
    infraction: str
    served: int  # games served by the end of `season` (kind games)

    @property
    def kind(self) -> str:
        return "games" if isinstance(self.row.suspend, int) else str(self.row.suspend)

    @property
    def games(self) -> int:
        return int(self.row.suspend) if self.kind == "games" else 0


@dataclass(frozen=True)
class SuspensionVerdict:
    """A suspension as the season stands: its length, the games served, whether it is in force, and the appeal
    (the contract's suspension row, typed)."""

    player: PlayerId
    team: TeamId
    game: GameId
    rule: str
    kind: str  # "games", "season", "indefinite"
    games: int | None  # the length (kind games), the minimum (indefinite), None (season)
    served: int
    status: str  # "active", "served", "lifted"
    appeal: str | None  # the appeal's decision, if one is filed
    review: bool  # referred to the league's Suspension Director

    @property
    def left(self) -> int | None:
        """Games still to serve (kind games)."""
        return max(int(self.games or 0) - self.served, 0) if self.kind == "games" else None

    def to_json(self) -> SuspensionRow:
        return {"player": self.player, "team": self.team, "game": self.game, "rule": self.rule, "kind": self.kind,
                "games": self.games, "served": self.served, "status": self.status, "appeal": self.appeal,
                "review": self.review}


def between(places: Sequence[int], after: int, before: int | None) -> int:
    """How many of the sorted `places` lie after `after` and before `before` (None: to the season's end)."""
    end = len(places) if before is None else bisect_left(places, before)
    return max(end - bisect_right(places, after), 0)


@dataclass(frozen=True)
class TeamGames:
    """Each team's games by their places in the season (sorted), found in one pass over the games in order: the
    final games that count toward serving a suspension (of every stage, and outside the playoffs) and every game
    on the schedule (for the team's next game after an offence)."""

    ids: tuple[str, ...]  # the game at each place
    counting: Mapping[str, tuple[int, ...]]
    counting_outside_playoffs: Mapping[str, tuple[int, ...]]
    scheduled: Mapping[str, tuple[int, ...]]


@dataclass(frozen=True)
class CarriedServing:
    """A suspension carried in from the season before, with the places of this season's games that serve it."""

    carried: Carried
    places: tuple[int, ...]

    def served_here(self, before: int | None = None) -> int:
        """Games served in this season before place `before` (None: the whole season)."""
        return between(self.places, -1, before)


# What a season's carry-over source returns, called with the season's view (`season.view.SeasonView`, which this
# module does not import: the view imports it): the id of the season before (None: none) and what it carries in.
CarrySource = Callable[[Any], tuple[int | None, Sequence[Carried]]]


class CarryOver:
    """The suspensions carried into a season from the one before: its source is called once, on first need."""

    def __init__(self, source: CarrySource | None = None) -> None:
        self.source = source
        self._found: tuple[int | None, tuple[Carried, ...]] | None = None

    def carried(self, view: Any) -> tuple[Carried, ...]:
        if self._found is None:
            before, found = self.source(view) if self.source is not None else (None, ())
            self._found = (before, tuple(found))
        return self._found[1]

    @property
    def carried_from(self) -> int | None:
        """The database id of the season the suspensions came from (None: not asked yet, or none)."""
        return self._found[0] if self._found is not None else None

    def kept(self) -> CarryOver:
        """A holder for a changed view of the same season: the same source, and what it gave if it was asked."""
        new = CarryOver(self.source)
        new._found = self._found
        return new


@dataclass
class Derived:
    """Season-wide values computed once per state of the season (a view is never changed in place, so each is
    filled on first need and then kept)."""

    order: Mapping[str, int] | None = None  # each game's place in the season, by game id
    games_played: Mapping[tuple[str, str], int] | None = None  # (player, team) -> games toward eligibility
    sanctions: tuple[Sanction, ...] | None = None  # every discipline row set off in the final games, in order
    division1: frozenset[str] | None = None  # the players on a Division-1 roster
    # every suspension of the season as it stands (appeals and the office's lifts count: not kept by a change)
    suspensions: tuple[SuspensionVerdict, ...] | None = None
    by_player: Mapping[str, tuple[Sanction, ...]] | None = None  # each player's sanctions, in order
    # found in one pass over the games in order (not kept when a game's place or status may have changed):
    team_games: TeamGames | None = None
    notices_due: Mapping[tuple[str, int], tuple[Sanction, ...]] | None = None  # (team, its next game's place)
    carried: Mapping[str, tuple[CarriedServing, ...]] | None = None  # player -> carried suspensions, in order
    appeals: Mapping[tuple[str, str], AppealData] | None = None  # (player, game) -> the appeal filed
    lineup_checks: dict[str, list[Violation]] = field(default_factory=dict)  # each game's line-up checks
    outputs: dict[str, SeasonOutput] = field(default_factory=dict)  # the facade's results by name
    # per game not final, the discipline ledger of the final games before it (`rules.discipline`): shared by the
    # views an entry makes (`kept_for_events`); any other change starts an empty one
    ledgers: dict[str, object] = field(default_factory=dict)  # rules.discipline's ledgers, by game id

    def kept_while_no_final(self) -> Derived:
        """What stays true while an entry touches no final game."""
        return Derived(self.order, self.games_played, self.sanctions, self.division1, by_player=self.by_player)

    def kept_for_events(self) -> Derived:
        """What stays true when a game that is not final only grows its event log (same line-ups, date, status,
        season data): the above, and what the games' places, the carry-over and the appeals decide."""
        kept = self.kept_while_no_final()
        kept.team_games, kept.notices_due, kept.carried, kept.appeals = (
            self.team_games, self.notices_due, self.carried, self.appeals)
        kept.lineup_checks = self.lineup_checks  # shared: a game's line-up checks read no event
        kept.ledgers = self.ledgers  # shared: the final games before a game not final are the same
        return kept
