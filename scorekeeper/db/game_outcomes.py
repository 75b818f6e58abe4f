"""What each final game decided, stored once (issue 29, h16, h35): its points, goals and penalty minutes by side,
its winner and how it was decided, the one record both the standings and the games list read instead of the whole
season and its events. The record is declared once (`Decided`): the table's value columns, the rows written and the
rows read come from it.

A row holds the record of the game as it was at `revision` (`Game.revision`, bumped by every write of the game, its
line-ups or its events), computed under `deps`: the digest of what else the computation reads that such a write
does not change (`dependencies`): the engine's and the rules' code, the rulebook (every value), whether the game is
played by the co-ed rules (its home team's division), the season's players' genders, and the game's own fields
(id, stage, status, date, time, teams); and `book`, the rulebook's and engine's fingerprint
(`code_fingerprint.book_fingerprint`) the games list asks for. The standings trust a row only while the game is
at that revision and the digest is the one its dependencies give now, the games list while the revision and the
fingerprint are; in SQLite each row is sealed with the database's secret like the stored states
(`db.game_results`). A game without a trusted row sends its reader back to the whole season (`facade.results`,
`season.game_list`), so a stale or missing row costs time, never a wrong table. Migration 17 made this table the
one record (before it, the games list read a summary of its own beside the stored states).
"""

from __future__ import annotations

import hashlib
import hmac
import sys
import typing
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from peewee import BooleanField, CharField, Field, ForeignKeyField, IntegerField

from scorekeeper import __version__
from scorekeeper.db.base import BaseModel, database_proxy
from scorekeeper.db.models import Division, Game, Player, Season, Team
from scorekeeper.db.seal_mac import current_key, sealed_database

if TYPE_CHECKING:
    from scorekeeper.engine.state import GameState
    from scorekeeper.rulebook.model import Rulebook
    from scorekeeper.season.standings import Outcome
    from scorekeeper.season.view import SeasonView
    from scorekeeper.season_data import DivisionData


class Decided(NamedTuple):
    """What a final game decided, as stored: the one declaration of the record's values."""

    counts: bool  # False: the game gives no standings points (its `points` None)
    home_points: int
    away_points: int
    home_score: int
    away_score: int
    home_pim: int
    away_pim: int
    winner: str | None
    decision: str | None

    @classmethod
    def of(cls, st: GameState) -> Decided:
        """The record of a computed state."""
        points = st.points or {"home": 0, "away": 0}
        return cls(st.points is not None, points["home"], points["away"], st.score.get("home", 0),
                   st.score.get("away", 0), st.pim("home"), st.pim("away"), st.winner, st.decision)

    @classmethod
    def read(cls, columns: Iterable[Any]) -> Decided:
        """The record from its stored columns (the flag a boolean whatever the driver gives)."""
        counts, *rest = columns
        return cls(bool(counts), *rest)

    def outcome(self) -> Outcome:
        """What the standings read of it."""
        from scorekeeper.season.standings import Outcome

        return Outcome({"home": self.home_points, "away": self.away_points} if self.counts else None,
                       {"home": self.home_score, "away": self.away_score},
                       {"home": self.home_pim, "away": self.away_pim}, self.winner, self.decision)


VALUES: tuple[str, ...] = Decided._fields


def _column(kind: Any) -> Field:
    """The column of a value of `Decided` by its declared type."""
    if kind is bool:
        return BooleanField()
    if kind is int:
        return IntegerField()
    return CharField(null=True)  # str | None


class GameOutcome(BaseModel):
    """A final game's record at a revision of the game (migration 15; `book` since migration 17), its value
    columns those of `Decided`."""

    game_id: int

    game = ForeignKeyField(Game, primary_key=True, backref="stored_outcome", on_delete="CASCADE")
    revision = IntegerField()  # the game's revision it was computed at
    deps = CharField()  # `dependencies` of the computation
    book = CharField(null=True)  # `code_fingerprint.book_fingerprint` of the season's rulebook (the games list)
    seal = CharField(null=True)  # HMAC with the database's secret (SQLite), None on PostgreSQL


for _name, _kind in typing.get_type_hints(Decided).items():
    GameOutcome._meta.add_field(_name, _column(_kind))

COLUMNS: tuple[str, ...] = ("game_id", "revision", "deps", "book", *VALUES, "seal")
"""The table's columns in the order `store_records` writes them."""


@cache
def code_fingerprint() -> str:
    """The engine's, the rules' and the rulebook model's code: the hash of their source files (a frozen build: its
    version). The same files `engine.stored.engine_fingerprint` hashes, read without importing the engine."""
    root = Path(__file__).resolve().parents[1]
    if getattr(sys, "frozen", False) or not (root / "engine" / "computation.py").is_file():
        return f"version {__version__}"
    digest = hashlib.sha256()
    for path in sorted([*(root / "engine").glob("*.py"), *(root / "rules").glob("*.py"),
                        *(root / "rulebook").glob("*.py"), root / "season" / "standings.py"]):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def season_digest(book: Rulebook, genders: Iterable[tuple[str, str | None]]) -> str:
    """What every game of a season is computed under besides its own input: the code, the rulebook and the
    players' genders (`genders`: (player id, gender) of each)."""
    text = "\0".join(f"{pid}={gender or ''}" for pid, gender in sorted(genders))
    return hashlib.sha256(f"{code_fingerprint()}\0{book!r}\0{text}".encode()).hexdigest()


def dependencies(season: str, coed: bool, game: tuple[str, str, str, str, str, str, str]) -> str:
    """The digest a game's outcome row is kept under: `season_digest`, whether the game plays by the co-ed rules,
    and its own fields (id, stage, status, date, time, home, away)."""
    return hashlib.sha256("\0".join((season, "coed" if coed else "", *game)).encode()).hexdigest()


def _seal(key: bytes, row_id: int, revision: int, deps: str, book: str | None, values: tuple[Any, ...]) -> str:
    """The row's HMAC: its game, revision, digest, fingerprint and values (bool, int, str and None: `repr` is
    canonical)."""
    return hmac.digest(key, f"game outcome\0{row_id}\0{revision}\0{deps}\0{book}\0{values!r}".encode(),
                       "sha256").hex()


def _fields(game: Mapping[str, Any]) -> tuple[str, str, str, str, str, str, str]:
    """A game record's own fields as `dependencies` reads them."""
    return (str(game["id"]), str(game.get("stage") or ""), str(game.get("status") or ""), str(game["date"])[:10],
            str(game.get("time") or ""), str(game["home"]), str(game["away"]))


def _view_digests(view: SeasonView) -> tuple[str, str]:
    """What every game of `view` is computed under (`season_digest`) and its rulebook's fingerprint."""
    from scorekeeper.code_fingerprint import book_fingerprint

    return (season_digest(view.book, [(pid, p.get("gender")) for pid, p in view.players.items()]),
            book_fingerprint(view.book))


def store_outcomes(view: SeasonView, revisions: Mapping[str, tuple[int, int]]) -> int:
    """Store the records of the final games among `revisions` (game id -> (row id, revision) just written, the
    game as `view` holds it), inside the caller's transaction, in one statement; how many."""
    from scorekeeper.rules.coed import plays_coed

    if not revisions or (sealed_database() and current_key() is None):
        return 0
    secret = current_key() if sealed_database() else None
    digest, book = _view_digests(view)
    rows = []
    for gid, (row_id, revision) in revisions.items():
        game = view.games.get(gid)
        if game is None or game.get("status", "final") != "final":
            continue
        values = Decided.of(view.state(gid))
        deps = dependencies(digest, plays_coed(view.book, view.division_of(game["home"])), _fields(game))
        rows.append((row_id, revision, deps, book, *values,
                     _seal(secret, row_id, revision, deps, book, values) if secret is not None else None))
    write_rows(rows)
    return len(rows)


def write_rows(rows: list[tuple[Any, ...]]) -> None:
    """Insert or replace records (`COLUMNS` each) with one prepared statement."""
    if not rows:
        return
    db = database_proxy.obj
    table = GameOutcome._meta.table_name
    sql = (f"insert into {table} ({', '.join(COLUMNS)}) values ({', '.join([db.param] * len(COLUMNS))}) "
           f"on conflict (game_id) do update set {', '.join(f'{c} = excluded.{c}' for c in COLUMNS[1:])}")
    db.cursor().executemany(sql, rows)


def stale_in(view: SeasonView) -> dict[str, tuple[int, int]]:
    """The final games whose states `view` computed or read already and whose stored record is not the one of
    the game as the view holds it (another revision, other dependencies, another fingerprint, none): game id ->
    (row id, revision). What the window stores at its close, so that a season read whole once (a database from
    before the records were stored, a player's gender changed) gives the standings and the games list from the
    records again."""
    from scorekeeper.rules.coed import plays_coed

    rows = view.rows.games if view.rows is not None else {}
    known = [gid for gid in rows if gid in view.games and view.games[gid].get("status", "final") == "final"
             and view.has_state(gid)]
    if not known:
        return {}
    held: dict[int, tuple[int, str, str | None]] = {}
    ids = [rows[gid][0] for gid in known]
    for start in range(0, len(ids), 500):
        found: Any = (GameOutcome.select(GameOutcome.game, GameOutcome.revision, GameOutcome.deps, GameOutcome.book)
                      .where(GameOutcome.game.in_(ids[start:start + 500])).tuples())
        held.update((row, (revision, deps, book)) for row, revision, deps, book in found)
    digest, book = _view_digests(view)
    out: dict[str, tuple[int, int]] = {}
    for gid in known:
        game = view.games[gid]
        deps = dependencies(digest, plays_coed(view.book, view.division_of(game["home"])), _fields(game))
        if held.get(rows[gid][0]) != (rows[gid][1], deps, book):
            out[gid] = rows[gid]
    return out


Listed = tuple[int, str, int, int, str | None]
"""What the games list reads of a record: (revision, book, home goals, away goals, decision)."""


def read_listed(season: Season) -> dict[int, Listed] | None:
    """The season's records that can be trusted as far as their seals go, by game row id, for the games list
    (`season.game_list`, which compares their revisions and fingerprints with the games'); None where nothing here
    can be checked (the seals)."""
    sealed = sealed_database()
    secret = current_key() if sealed else None
    if sealed and secret is None:
        return None
    db = database_proxy.obj
    rows = db.execute_sql(
        f"select o.{', o.'.join(COLUMNS)} from {GameOutcome._meta.table_name} o join {Game._meta.table_name} g "
        f"on g.id = o.game_id where g.season_id = {db.param}", (season.id,)).fetchall()
    out: dict[int, Listed] = {}
    for row_id, revision, deps, book, *columns, seal in rows:
        values = Decided.read(columns)
        if secret is not None and not hmac.compare_digest(seal or "", _seal(secret, row_id, revision, deps, book,
                                                                              values)):
            continue  # edited outside Scorekeeper: the season is read instead
        if book is not None:
            out[row_id] = (revision, book, values.home_score, values.away_score, values.decision)
    return out


class Narrow:
    """What a season's standings read, from a few columns: its teams (id -> {"division"}) and divisions (ids) in
    the season's order, and its final regular-season games in the order played, each (home, away, outcome);
    `complete` False where a game has no trusted outcome row (the standings then read the whole season)."""

    def __init__(self) -> None:
        self.teams: dict[str, dict[str, str]] = {}
        self.divisions: list[str] = []
        self.played: list[tuple[str, str, Outcome]] = []
        self.complete = True


def season_names(season: Season) -> dict[str, str]:
    """The season's players, divisions and teams by id as people read them (`facade.results.names` of the season
    read whole), from their rows alone."""
    with database_proxy.obj.atomic():
        players = _rows(Player.select(Player.ext_id, Player.first, Player.last).where(Player.season == season)
                        .order_by(Player.seq, Player.id))
        divisions = _rows(Division.select(Division.ext_id, Division.name).where(Division.season == season)
                          .order_by(Division.seq, Division.id))
        teams = _rows(Team.select(Team.ext_id, Team.name).where(Team.season == season).order_by(Team.seq, Team.id))
    out = {pid: f"{first} {last}" for pid, first, last in players}
    out.update({did: str(name or did) for did, name in divisions})
    out.update({tid: str(name or tid) for tid, name in teams})
    return out


def read_narrow(season: Season, book: Rulebook) -> Narrow:
    """The season's standings input as stored (`Narrow`), read in one transaction (a write another process
    commits meanwhile is seen whole or not at all)."""
    with database_proxy.obj.atomic():
        return _read_narrow(season, book)


def _read_narrow(season: Season, book: Rulebook) -> Narrow:
    from scorekeeper.rules.coed import plays_coed

    out = Narrow()
    db = database_proxy.obj
    sealed = sealed_database()
    secret = current_key() if sealed else None
    if sealed and secret is None:
        out.complete = False
        return out
    divisions = _rows(Division.select(Division.id, Division.ext_id, Division.coed).where(Division.season == season)
                      .order_by(Division.seq, Division.id))
    out.divisions = [ext for _, ext, _ in divisions]
    coed_of = {row: plays_coed(book, cast("DivisionData", {"coed": bool(coed)})) for row, _, coed in divisions}
    division_ext = {row: ext for row, ext, _ in divisions}
    teams = _rows(Team.select(Team.id, Team.ext_id, Team.division).where(Team.season == season)
                  .order_by(Team.seq, Team.id))
    out.teams = {ext: {"division": division_ext.get(div, "")} for _, ext, div in teams}
    team_ext = {row: ext for row, ext, _ in teams}
    team_coed = {row: coed_of.get(div, False) for row, _, div in teams}
    digest = season_digest(book, _rows(Player.select(Player.ext_id, Player.gender).where(Player.season == season)))
    g, o = Game._meta.table_name, GameOutcome._meta.table_name
    p = db.param
    rows = db.execute_sql(
        f"select g.id, g.ext_id, g.date, g.time, g.stage, g.status, g.revision, g.home_id, g.away_id, "
        f"o.revision, o.deps, o.book, {', '.join('o.' + v for v in VALUES)}, o.seal from {g} g "
        f"left join {o} o on o.game_id = g.id where g.season_id = {p} and g.status = {p} and g.stage = {p}",
        (season.id, "final", "regular")).fetchall()
    games = []
    for r in rows:
        row_id, ext, date, time, stage, status, revision, home, away, held, deps, book_print = r[:12]
        values = Decided.read(r[12:21])
        home_ext, away_ext = team_ext[home], team_ext[away]
        date_text = date.isoformat() if hasattr(date, "isoformat") else str(date)[:10]
        want = dependencies(digest, team_coed[home], (ext, stage, status, date_text, time or "", home_ext, away_ext))
        if held != revision or deps != want or (secret is not None and not hmac.compare_digest(
                r[21] or "", _seal(secret, row_id, revision, deps, book_print, values))):
            out.complete = False
            return out
        outcome = values.outcome()
        games.append(((date_text, time or "", ext), home_ext, away_ext, outcome))
    games.sort(key=lambda x: x[0])
    out.played = [(home, away, outcome) for _, home, away, outcome in games]
    return out


def _rows(query: Any) -> list[Any]:
    return list(query.tuples())
