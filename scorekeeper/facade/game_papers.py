"""One game's papers from one game (issue 29.3): the game sheet (and what else prints one game) read from the
game, its teams, their rosters, the season's schedule and the season's discipline as stored
(`db.sanction_store`), not from every game of the season.

`one_game(svc, game_id, season, make)` hands `make` a report source whose season view is narrow
(`season.narrow.NarrowView`): the rules are asked of it as of the whole season. Where a rule needs what the
narrow view did not read, it raises `NarrowMiss` and `make` is run again on the facade itself (the whole
season), so the papers are the same either way; only the cost differs.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from scorekeeper.db import sanction_store, store
from scorekeeper.db.game_read import load_games_dict, read_results_of
from scorekeeper.db.models import Game, Season
from scorekeeper.db.snapshot import one_snapshot
from scorekeeper.engine.stored import StoredStates
from scorekeeper.facade import kept_discipline
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.queries import Queries
from scorekeeper.facade.results import Results
from scorekeeper.facade.rulebooks import Rulebooks
from scorekeeper.season.narrow import NarrowMiss, NarrowView
from scorekeeper.season.records import CarryOver, OfficeRecords, Sanction
from scorekeeper.season.view import SeasonView

if TYPE_CHECKING:
    from scorekeeper.facade.core import CarrySource, Core
    from scorekeeper.facade.office import Office
    from scorekeeper.reports.source import ReportSource
    from scorekeeper.results_records import AuditEntry as AuditRow
    from scorekeeper.results_records import FineRow, Fines, GameResult, InfractionEntry, Standings, Stats
    from scorekeeper.rulebook.model import Rulebook
    from scorekeeper.season_data import SeasonData

T = TypeVar("T")


class PapersCore(Protocol):
    """What the narrow read asks of the facade."""

    @property
    def operator(self) -> str: ...

    @property
    def read_only(self) -> bool: ...

    def season_row(self, name: str | None = None) -> Season: ...

    @property
    def office(self) -> Office: ...

    def rulebook_for(self, season: Season) -> Rulebook: ...

    def carry_source(self, league: str, season_id: int | None) -> CarrySource: ...

    def kept_view(self, season_id: int) -> SeasonView | None: ...

    def audit(self, season: str | None = None, game: str | None = None,
              player: str | None = None) -> list[AuditRow]: ...


def one_game(svc: ReportSource, game_id: str, season: str | None, make: Callable[[ReportSource], T]) -> T:
    """`make(source)` on a source narrowed to game `game_id`, or on `svc` (the whole season) where the narrow
    source cannot answer: the same result either way."""
    return narrow_or_whole(svc, lambda _: {game_id}, season, make)


def players_games(player: str, game: str | None) -> Callable[[tuple[Sanction, ...]], Collection[str]]:
    """The games a player's suspension notices read whole: `game`, else every game of the player's sanctions."""
    return lambda found: {game} if game is not None else {s.game for s in found if s.player == player}


def narrow_or_whole(svc: ReportSource, games: Callable[[tuple[Sanction, ...]], Collection[str]],
                    season: str | None, make: Callable[[ReportSource], T]) -> T:
    """`make(source)` on a source that reads whole the games `games(the season's sanctions)` names, or on `svc`
    (the whole season) where the narrow source cannot answer: the same result either way."""
    core = cast("PapersCore", svc)
    try:
        if core.kept_view(core.season_row(season).id) is not None:
            return make(svc)  # the season is read already (the window): its view answers at once
    except ServiceError:
        return make(svc)  # no such season: the facade says so
    narrow = narrowed(core, games, season)
    if narrow is not None:
        try:
            return make(narrow)
        except NarrowMiss:
            pass
    return make(svc)


def narrowed(svc: PapersCore, games: Callable[[tuple[Sanction, ...]], Collection[str]] | Collection[str],
             season: str | None) -> OneGame | None:
    """A report source reading whole the games `games` (or those it picks from the season's sanctions) and the
    rest of the season narrowly (None: no such game, or the season's discipline could not be read as it stands
    now)."""
    try:
        s = svc.season_row(season)
    except ServiceError:
        return None
    book = svc.rulebook_for(s)

    def picked(found: sanction_store.Stored) -> set[str]:
        return {games} if isinstance(games, str) else set(games(found.sanctions) if callable(games) else games)

    with one_snapshot():  # the discipline's digest, the stored discipline and the games as one committed state
        key = sanction_store.digest(s, book)
        found = sanction_store.load(s, key, book)
        read = _games_read(s, picked(found)) if found is not None else None
    if found is None:
        found = _computed(s, book)
        if sanction_store.digest(s, book) != key:
            return None  # written meanwhile: the whole season answers
        if not svc.read_only:
            sanction_store.save(s, key, found, book)
        with one_snapshot():
            read = _games_read(s, picked(found))
            if sanction_store.digest(s, book) != key:
                return None  # the games read are not those the discipline was computed for
    if read is None:
        return None  # a game the season does not have: the whole season says so
    data, rows, results, office = read
    view = NarrowView(data, book)
    view.whole = frozenset(rows.values())
    view.stored = StoredStates(results)
    view.office = office
    view.carry_over = CarryOver(svc.carry_source(s.league.name, s.id))
    view.derived.sanctions, view.derived.games_played = found.sanctions, found.played
    return OneGame(svc, view)


def _games_read(s: Season, whole: set[str]) -> tuple[SeasonData, dict[int, str], dict[str, tuple[str, bytes]],
                                                   OfficeRecords] | None:
    """The season with the games `whole` read whole (`load_games_dict`), their stored results and the office's
    records (None: a game the season does not have). The caller holds one snapshot."""
    data, rows = load_games_dict(s, whole)
    if len(rows) != len(whole):
        return None
    office = OfficeRecords.of(store.load_notices(s), store.load_lifted(s), store.load_waivers(s),
                              store.load_overrides(s))
    return data, rows, read_results_of(rows), office


def _computed(s: Season, book: Rulebook) -> sanction_store.Stored:
    """The season's discipline computed from the whole season as the database holds it now."""
    return kept_discipline.recompute(s, book)


class OneGame:
    """The facade's answers from a narrow view (a `ReportSource`): the facade's own parts (`Results`,
    `Queries`) run on this core, whose season view is the narrow one; the rest of the core is the facade's."""

    def __init__(self, svc: PapersCore, view: NarrowView) -> None:
        self.svc, self._view = svc, view

    def __getattr__(self, name: str) -> Any:  # Any: the facade's core, as the parts use it (db, season_row, ...)
        if name in _CORE:
            return getattr(self.svc, name)
        raise AttributeError(name)

    @property
    def operator(self) -> str:
        return self.svc.operator

    def view(self, season: str | None = None) -> SeasonView:
        return self._view

    def stored_view(self, s: Season) -> SeasonView:
        return self._view

    def has_view(self, season_id: int) -> bool:
        """No season is read whole here: the parts read what they need from the stored rows (names) or from the
        narrow view."""
        return False

    def game(self, game_id: str, season: str | None = None) -> GameResult:
        return Results(cast("Core", self)).game(game_id, season)

    def fines(self, season: str | None = None) -> Fines:
        return Results(cast("Core", self)).fines(season)

    def game_fines(self, game_id: str, season: str | None = None) -> list[FineRow]:
        return Results(cast("Core", self)).game_fines(game_id, season)

    def names(self, season: str | None = None) -> dict[str, str]:
        return Results(cast("Core", self)).names(season)

    def game_names(self, season: str | None = None) -> dict[str, str]:
        return Queries(cast("Core", self)).game_names(season)

    def infractions(self, season: str | None = None) -> list[InfractionEntry]:
        return Rulebooks(cast("Core", self), self.svc.office).infractions(season)

    def audit(self, season: str | None = None, game: str | None = None,
              player: str | None = None) -> list[AuditRow]:
        return Results(cast("Core", self)).audit(season, game=game, player=player)

    def standings(self, season: str | None = None) -> Standings:
        raise NarrowMiss("standings read the whole season")

    def stats(self, season: str | None = None, stage: str = "regular") -> Stats:
        raise NarrowMiss("statistics read the whole season")


# what the parts run on a narrow view ask of the facade's core itself
_CORE = frozenset({"db", "season_row", "read_only", "rulebook_for", "carry_source"})


def store_discipline(views: Mapping[int, SeasonView]) -> int:
    """Store the discipline the window computed for each season it holds (at its close, beside the game states):
    only a view whose every game is at the revision the database holds, under the digest of the database now, so
    the next paper reads it instead of computing the season again. How many seasons; a failure costs only time."""
    done = 0
    for season_id, view in views.items():
        if view.derived.sanctions is None or view.rows is None or isinstance(view, NarrowView):
            continue
        s = Season.get_or_none(Season.id == season_id)
        if s is None:
            continue
        rows: Any = Game.select(Game.ext_id, Game.id, Game.revision).where(Game.season == s).tuples()
        held = {str(ext): (int(row), int(revision)) for ext, row, revision in rows}
        if held != view.rows.games:
            continue  # not the season as the database holds it
        key = sanction_store.digest(s, view.book)
        found = sanction_store.load(s, key, view.book)
        if found is not None and found.counts is not None:
            continue  # kept current by the writes (`facade.kept_discipline`)
        sanction_store.save(s, key, kept_discipline.computed(view), view.book)
        done += 1
    return done
