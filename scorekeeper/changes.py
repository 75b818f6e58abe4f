"""What a write did: the typed `Changes` it made, and the results the facade hands back (`EntryResult`,
`ImportReport`). Plain values: the window redraws only what a `Changes` touches.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from scorekeeper.rules.violation import Violation
from scorekeeper.screens import Consequence, GameScreen

# The tables a write can touch: the season file's lists, then what the office records beside them.
TABLES = ("divisions", "teams", "players", "roster", "games", "lineups", "appeals", "payments",
          "season_suspension_decisions", "suspensions", "fines", "notices", "audit")
# The season-wide results a write can change.
RESULTS = ("standings", "stats", "discipline")

SEASON_LEVEL = frozenset({"divisions", "teams", "players", "roster"})
DISCIPLINE_TABLES = frozenset({"appeals", "payments", "season_suspension_decisions", "suspensions", "fines",
                               "notices"})


def _ordered(names: Iterable[str], order: tuple[str, ...]) -> tuple[str, ...]:
    wanted = set(names)
    unknown = wanted.difference(order)
    if unknown:
        raise ValueError(f"unknown names {sorted(unknown)} (known: {', '.join(order)})")
    return tuple(n for n in order if n in wanted)


def results_of(tables: Iterable[str], finals_touched: bool = False) -> tuple[str, ...]:
    """The season-wide results a write of `tables` changes. Only final games count towards standings,
    statistics and discipline, so a game that is not final (before or after) changes none of them."""
    written = set(tables)
    if written & SEASON_LEVEL or finals_touched:
        return RESULTS
    if written & DISCIPLINE_TABLES:
        return ("discipline",)
    return ()


def _unique(ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ids))


@dataclass(frozen=True)
class Changes:
    """Which season, games, teams, players, tables and season-wide results a write touched (all empty:
    nothing was written). Build one with `Changes.of`, which orders and checks the names."""

    season: str = ""
    games: tuple[str, ...] = ()
    teams: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    tables: tuple[str, ...] = ()  # in TABLES order
    results: tuple[str, ...] = ()  # in RESULTS order

    @classmethod
    def of(cls, season: str, *, games: Iterable[str] = (), teams: Iterable[str] = (),
           players: Iterable[str] = (), tables: Iterable[str] = (), results: Iterable[str] = (),
           finals_touched: bool = False) -> Changes:
        """A `Changes` whose results are `results` plus those the tables imply (see `results_of`)."""
        tables = _ordered(tables, TABLES)
        return cls(season, _unique(games), _unique(teams), _unique(players), tables,
                   _ordered([*results, *results_of(tables, finals_touched)], RESULTS))

    def __bool__(self) -> bool:
        return bool(self.tables or self.results)

    def touches(self, *names: str) -> bool:
        """Whether any of `names` (tables or results) was touched."""
        return any(n in self.tables or n in self.results for n in names)

    def touches_game(self, game: str) -> bool:
        return game in self.games

    def merged(self, other: Changes) -> Changes:
        """Both writes' changes (of the same season, or one of them empty)."""
        return Changes(self.season or other.season, _unique([*self.games, *other.games]),
                       _unique([*self.teams, *other.teams]), _unique([*self.players, *other.players]),
                       _ordered([*self.tables, *other.tables], TABLES),
                       _ordered([*self.results, *other.results], RESULTS))


NO_CHANGES = Changes()


class _Verdicts:
    """The blocks and the warnings among a result's violations."""

    violations: list[Violation]

    @property
    def blocks(self) -> list[Violation]:
        return [v for v in self.violations if v.blocks]

    @property
    def warnings(self) -> list[Violation]:
        return [v for v in self.violations if not v.blocks]


@dataclass
class EntryResult(_Verdicts):
    """What an entry did: written or not, the violations it adds, and what it changed (empty when refused);
    `caused`: what the rulebook set off with it (an ejection, a suspension, a fine, a report, a side two men
    down), the game's consequences after the entry less those before; `screen`: the game as it now stands at the
    clock the entry was asked with (`screen_at`), from the state the entry computed (None: not asked, or nothing
    written)."""

    ok: bool
    violations: list[Violation] = field(default_factory=list)
    needs_confirmation: bool = False
    changes: Changes = NO_CHANGES
    caused: tuple[Consequence, ...] = ()
    screen: GameScreen | None = None


@dataclass
class ImportReport(_Verdicts):
    """What an import did, or why it did nothing."""

    ok: bool
    season: str = ""
    violations: list[Violation] = field(default_factory=list)
    written: dict[str, int] = field(default_factory=dict)
    changes: Changes = NO_CHANGES
