"""The season's stored discipline (`db.sanction_store`) kept current within the writes (issue 29.3): every write of
the facade that changes what the discipline is computed from leaves it stored under the digest of the database as
the write leaves it, in the write's own transaction, so the first paper after a finish reads it as it stands.

`before(season, book)` is read at the start of the write's transaction (the season's head digest, its games'
rows and the discipline stored for them), `after(season, book, before)` at its end, which compares the games'
rows and the head digest and does the least that keeps the stored discipline current:

- nothing changed that the discipline is computed from (an entry into a game not final, an office decision, a
  lift, a waiver, a notice: none of them is in the digest): nothing is done;
- incremental: exactly one game became final, nothing else changed, and no final game after it in the season's
  order has any of its players dressed (the game is the latest of the season for its players): every earlier
  sanction stands, as do the later ones of other players (the ledger of `rules.discipline` is kept player by
  player), so the game's own sanctions are found from the counts stored beside the list (`sanction_store.Counts`)
  and inserted in the game's place, and its appearances added to the games played. The cost is one game's read
  (`db.game_read`) and its stored state, not the season's;
- otherwise (a game reopened, deleted, edited while final, finished before a later final game of one of its
  players, a team, player, division, roster or rulebook change, nothing stored before): the rules reach back, so
  the season is computed again and stored: from the season the write holds in memory (`Written`: the facade's
  general path, whose judged candidate holds every game's state) where it is the database's to every final game's
  revision, one pass over its final games; else (a reopen, an undo, a change of a team, a player or the roster:
  writes that hold no judged season) nothing is stored and the write costs no season read: the stored list no
  longer matches the digest, and the first paper after it computes the discipline once and stores it
  (`facade.game_papers`), as a database from before issue 29.3 has it.

The entry at the boards into a game in progress never comes here (`ChangeStep.append`). Only where the write
transaction holds the database still (`kept_within`): SQLite's, taken IMMEDIATE, and PostgreSQL's, which take the
league's write lock first (`db.write_lock`: no other PC commits a write while it is held, so the several reads here
see one state of the season, though each statement reads at READ COMMITTED).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from peewee import Database

from scorekeeper.db import sanction_store, store, write_lock
from scorekeeper.db.base import database_proxy
from scorekeeper.db.game_read import load_games_dict, read_results_of
from scorekeeper.db.game_results import read_results
from scorekeeper.db.models import Game, LineupEntry, Season
from scorekeeper.engine.events import SIDE_KEYS, SIDES
from scorekeeper.engine.stored import StoredStates
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.discipline import _Ledger
from scorekeeper.rules.eligibility import games_played
from scorekeeper.season.narrow import NarrowView
from scorekeeper.season.sides import lineup_of, team_on
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import GameData


@dataclass(frozen=True)
class Before:
    """The season as a write found it: its head digest, its games' rows, the discipline stored for them."""

    head: str
    games: tuple[sanction_store.GameRow, ...]
    found: sanction_store.Stored | None


def before(season: Season, book: Rulebook) -> Before:
    """Read at the start of a write's transaction."""
    head, games = sanction_store.head_digest(season, book), sanction_store.game_rows(season)
    return Before(head, games, sanction_store.load(season, sanction_store.combined(head, games), book))


Written = Callable[[], tuple[SeasonView, Mapping[str, tuple[int, int]]] | None]
"""The season as a write leaves it, whole, where the write has it in memory (the judged candidate of the facade's
general path) with the (row id, revision) of each game it wrote."""


def after(season: Season, book: Rulebook, was: Before, written: Written | None = None) -> str:
    """At the end of the write's transaction: the stored discipline made current where that costs no season read.
    What was done: "unchanged", "incremental", "recomputed" (from the season the write holds, `written`, where it is
    the database's to every final game's revision) or "left" (nothing stored: the next paper computes it)."""
    head, games = sanction_store.head_digest(season, book), sanction_store.game_rows(season)
    key = sanction_store.combined(head, games)
    if head == was.head and games == was.games and was.found is not None:
        return "unchanged"
    finished = _finished(was, head, games)
    stored = incremental(season, book, was.found, finished) if finished is not None and was.found else None
    done = "incremental"
    if stored is None:
        view = _held(written() if written is not None else None, games) if head == was.head else None
        if view is None:
            return "left"
        stored, done, book = computed(view), "recomputed", view.book
    sanction_store.save(season, key, stored, book)
    return done


def _held(written: tuple[SeasonView, Mapping[str, tuple[int, int]]] | None,
          games: tuple[sanction_store.GameRow, ...]) -> SeasonView | None:
    """The written season where its games are the database's (`games`): the same games, the same final ones at the
    same revisions (else None)."""
    if written is None:
        return None
    view, revisions = written
    if view.rows is None or isinstance(view, NarrowView) or len(view.games) != len(games):
        return None
    rows = {**view.rows.games, **revisions}
    for row, ext, *_, revision in games:
        g = view.games.get(ext)
        held = rows.get(ext)
        if g is None or held is None or held[0] != row or (g.get("status", "final") == "final") != (revision >= 0):
            return None
        if revision >= 0 and held[1] != revision:
            return None
    return view


def kept_within(db: Database) -> bool:
    """Whether a write transaction on `db` sees one state of the database from its first statement to its last
    (`db.write_lock.holds_still`: SQLite's and PostgreSQL's), so the discipline can be kept within it."""
    return write_lock.holds_still(db)


def store_written(season: Season, view: SeasonView) -> None:
    """Inside a write that leaves the season as `view` holds it whole (an import): its discipline stored from the
    view (its games' states computed already by the judging), one pass over its final games (SQLite only:
    `kept_within`)."""
    if not kept_within(database_proxy.obj):
        return
    sanction_store.save(season, sanction_store.digest(season, view.book), computed(view), view.book)


def _finished(was: Before, head: str, games: tuple[sanction_store.GameRow, ...]) -> str | None:
    """The one game that became final, where nothing else changed (else None)."""
    if head != was.head or len(games) != len(was.games):
        return None
    changed = [(old, new) for old, new in zip(was.games, games, strict=True) if old != new]
    if len(changed) != 1:
        return None
    (old, new), = changed
    if old[:-1] != new[:-1] or old[-1] != -1 or new[-1] < 0:
        return None
    return new[1]


def incremental(season: Season, book: Rulebook, found: sanction_store.Stored, gid: str
                ) -> sanction_store.Stored | None:
    """The stored discipline with game `gid` (just finished) added, where it is the latest final game of the
    season for its players and the counts were stored (else None: the season is computed again)."""
    counts = found.counts
    if counts is None:
        return None
    data, rows = load_games_dict(season, {gid})
    view = NarrowView(data, book)
    view.whole = frozenset(rows.values())
    view.stored = StoredStates(read_results_of(rows))
    g = view.games[gid]
    order = view.order_of(gid)
    if _played_later(season, view, g, order, set(rows)):
        return None
    dressed = {(p, g[side]) for side in SIDE_KEYS for p in dict.fromkeys(x["player"] for x in lineup_of(g, side))}
    ledger = _Ledger(book, lambda p, t, _upto: counts.dressed.get((p, t), 0) + ((p, t) in dressed))
    ledger.offences, ledger.season_incidents = dict(counts.offences), dict(counts.incidents)
    ledger.covered = dict(counts.covered)
    state = view.state(gid)
    ledger.add_game(order, g, state)
    sanctions = (*(s for s in found.sanctions if s.order < order), *ledger.out,
                 *(s for s in found.sanctions if s.order > order))
    played = dict(found.played)
    if g.get("stage") == "regular" and not state.forfeited:
        for side in SIDES:
            for x in lineup_of(g, side):
                key = (x["player"], team_on(g, side))
                played[key] = played.get(key, 0) + 1
    all_dressed = dict(counts.dressed)
    for key in dressed:
        all_dressed[key] = all_dressed.get(key, 0) + 1
    return sanction_store.Stored(tuple(sanctions), MappingProxyType(played), sanction_store.Counts(
        ledger.offences, ledger.season_incidents, ledger.covered, all_dressed))


def _played_later(season: Season, view: SeasonView, g: GameData, order: int, row: set[int]) -> bool:
    """Whether a final game after place `order` has one of game `g`'s players (line-up rows of game `row`) dressed
    (one query)."""
    later = [x["id"] for x in list(view.games.values())[order + 1:] if x.get("status", "final") == "final"]
    if not later:
        return False
    mine = LineupEntry.select(LineupEntry.player).where(LineupEntry.game.in_(list(row)))
    later_rows = Game.select(Game.id).where((Game.season == season) & Game.ext_id.in_(later))
    return bool(LineupEntry.select().where(LineupEntry.game.in_(later_rows) & LineupEntry.player.in_(mine))
                .exists())


def recompute(season: Season, book: Rulebook) -> sanction_store.Stored:
    """The season's discipline computed from the whole season as the database holds it now."""
    view = SeasonView(store.load_season_dict(season, rows := store.RowIds()), book)
    view.stored = StoredStates(read_results(season, {row: gid for gid, (row, _) in rows.games.items()}))
    return computed(view)


def computed(view: SeasonView) -> sanction_store.Stored:
    """The season's discipline (`rules.discipline.sanctions`, `rules.eligibility.games_played`) with the counts
    its ledger carries past the last final game, in one pass over the final games of `view` (as
    `rules.discipline` finds them; the view's own are set too where it had none)."""
    places: dict[tuple[str, str], list[int]] = {}
    finals = [(order, g) for order, g in enumerate(view.games.values()) if g.get("status", "final") == "final"]
    for order, g in finals:
        for side in SIDE_KEYS:
            for p in dict.fromkeys(x["player"] for x in lineup_of(g, side)):
                places.setdefault((p, g[side]), []).append(order)
    ledger = _Ledger(view.book, lambda p, t, upto: bisect_right(places.get((p, t), []), upto))
    for order, g in finals:
        ledger.add_game(order, g, view.state(g["id"]))
    sanctions = tuple(ledger.out)
    if view.derived.sanctions is None:
        view.derived.sanctions = sanctions
    counts = sanction_store.Counts(ledger.offences, ledger.season_incidents, ledger.covered,
                                   {key: len(at) for key, at in places.items()})
    return sanction_store.Stored(sanctions, games_played(view), counts)
