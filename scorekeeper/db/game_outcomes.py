"""The final games' outcomes as the standings read them (issue 29, h16): each game's points, goals and penalty
minutes by side, its winner and how it was decided, stored when the game is written, so that the standings read a
few columns of the games' rows instead of the whole season and its events.

A row holds the outcome of the game as it was at `revision` (`Game.revision`, bumped by every write of the game,
its line-ups or its events), computed under `deps`: the digest of what else the computation reads that such a
write does not change (`dependencies`): the engine's and the rules' code, the rulebook (every value), whether the
game is played by the co-ed rules (its home team's division), the season's players' genders, and the game's own
fields (id, stage, status, date, time, teams). A row is trusted only while the game is at that revision and the
digest is the one its dependencies give now; in SQLite each row is sealed with the database's secret like the
stored states (`db.game_results`). Any game without a trusted row sends the standings back to the whole season
(`facade.results`), so a stale or missing row costs time, never a wrong table.
"""

from __future__ import annotations

import hashlib
import hmac
import sys
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from peewee import BooleanField, CharField, ForeignKeyField, IntegerField

from scorekeeper import __version__
from scorekeeper.db.base import BaseModel, database_proxy
from scorekeeper.db.models import Division, Game, Player, Season, Team
from scorekeeper.db.seal_mac import current_key, sealed_database

if TYPE_CHECKING:
    from scorekeeper.rulebook.model import Rulebook
    from scorekeeper.season.standings import Outcome
    from scorekeeper.season.view import SeasonView
    from scorekeeper.season_data import DivisionData


class GameOutcome(BaseModel):
    """A final game's outcome at a revision of the game (migration 15)."""

    game_id: int

    game = ForeignKeyField(Game, primary_key=True, backref="stored_outcome", on_delete="CASCADE")
    revision = IntegerField()  # the game's revision it was computed at
    deps = CharField()  # `dependencies` of the computation
    counts = BooleanField()  # False: the game gives no standings points (its `points` None)
    home_points = IntegerField()
    away_points = IntegerField()
    home_score = IntegerField()
    away_score = IntegerField()
    home_pim = IntegerField()
    away_pim = IntegerField()
    winner = CharField(null=True)
    decision = CharField(null=True)
    seal = CharField(null=True)  # HMAC with the database's secret (SQLite), None on PostgreSQL


VALUES = ("counts", "home_points", "away_points", "home_score", "away_score", "home_pim", "away_pim", "winner",
          "decision")


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


def _seal(key: bytes, row_id: int, revision: int, deps: str, values: tuple[Any, ...]) -> str:
    """The row's HMAC: its game, revision, digest and values (bool, int, str and None: `repr` is canonical)."""
    return hmac.digest(key, f"game outcome\0{row_id}\0{revision}\0{deps}\0{values!r}".encode(), "sha256").hex()


def _values(o: Outcome) -> tuple[Any, ...]:
    points = o.points or {"home": 0, "away": 0}
    return (o.points is not None, points["home"], points["away"], o.score["home"], o.score["away"], o.pim["home"],
            o.pim["away"], o.winner, o.decision)


def _fields(game: Mapping[str, Any]) -> tuple[str, str, str, str, str, str, str]:
    """A game record's own fields as `dependencies` reads them."""
    return (str(game["id"]), str(game.get("stage") or ""), str(game.get("status") or ""), str(game["date"])[:10],
            str(game.get("time") or ""), str(game["home"]), str(game["away"]))


def store_outcomes(view: SeasonView, revisions: Mapping[str, tuple[int, int]]) -> int:
    """Store the outcomes of the final games among `revisions` (game id -> (row id, revision) just written, the
    game as `view` holds it), inside the caller's transaction; how many."""
    from scorekeeper.rules.coed import plays_coed
    from scorekeeper.season.standings import Outcome

    if not revisions or (sealed_database() and current_key() is None):
        return 0
    secret = current_key() if sealed_database() else None
    digest = season_digest(view.book, [(pid, p.get("gender")) for pid, p in view.players.items()])
    rows = []
    for gid, (row_id, revision) in revisions.items():
        game = view.games.get(gid)
        if game is None or game.get("status", "final") != "final":
            continue
        values = _values(Outcome.of(view.state(gid)))
        deps = dependencies(digest, plays_coed(view.book, view.division_of(game["home"])), _fields(game))
        rows.append({"game": row_id, "revision": revision, "deps": deps, **dict(zip(VALUES, values, strict=True)),
                     "seal": _seal(secret, row_id, revision, deps, values) if secret is not None else None})
    for start in range(0, len(rows), 100):
        (GameOutcome.insert_many(rows[start:start + 100])
         .on_conflict(conflict_target=[GameOutcome.game],
                      preserve=[getattr(GameOutcome, name) for name in ("revision", "deps", *VALUES, "seal")])
         .execute())
    return len(rows)


def stale_in(view: SeasonView) -> dict[str, tuple[int, int]]:
    """The final games whose states `view` computed or read already and whose stored outcome is not the one of
    the game as the view holds it (another revision, other dependencies, none): game id -> (row id, revision).
    What the window stores at its close, so that a season read whole once (a database from before the outcomes
    were stored, a player's gender changed) gives the standings from the outcomes again."""
    from scorekeeper.rules.coed import plays_coed

    rows = view.rows.games if view.rows is not None else {}
    known = [gid for gid in rows if gid in view.games and view.games[gid].get("status", "final") == "final"
             and view.has_state(gid)]
    if not known:
        return {}
    held: dict[int, tuple[int, str]] = {}
    ids = [rows[gid][0] for gid in known]
    for start in range(0, len(ids), 500):
        found: Any = (GameOutcome.select(GameOutcome.game, GameOutcome.revision, GameOutcome.deps)
                      .where(GameOutcome.game.in_(ids[start:start + 500])).tuples())
        held.update((row, (revision, deps)) for row, revision, deps in found)
    digest = season_digest(view.book, [(pid, p.get("gender")) for pid, p in view.players.items()])
    out: dict[str, tuple[int, int]] = {}
    for gid in known:
        game = view.games[gid]
        deps = dependencies(digest, plays_coed(view.book, view.division_of(game["home"])), _fields(game))
        if held.get(rows[gid][0]) != (rows[gid][1], deps):
            out[gid] = rows[gid]
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
    from scorekeeper.season.standings import Outcome

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
        f"o.revision, o.deps, {', '.join('o.' + v for v in VALUES)}, o.seal from {g} g "
        f"left join {o} o on o.game_id = g.id where g.season_id = {p} and g.status = {p} and g.stage = {p}",
        (season.id, "final", "regular")).fetchall()
    games = []
    for r in rows:
        row_id, ext, date, time, stage, status, revision, home, away, held, deps = r[:11]
        values = (bool(r[11]), *r[12:20])  # the flag a boolean whatever the driver gives
        home_ext, away_ext = team_ext[home], team_ext[away]
        date_text = date.isoformat() if hasattr(date, "isoformat") else str(date)[:10]
        want = dependencies(digest, team_coed[home], (ext, stage, status, date_text, time or "", home_ext, away_ext))
        if held != revision or deps != want or (secret is not None and not hmac.compare_digest(
                r[20] or "", _seal(secret, row_id, revision, deps, values))):
            out.complete = False
            return out
        counts, hp, ap, hs, as_, hpim, apim, winner, decision = values
        outcome = Outcome({"home": hp, "away": ap} if counts else None, {"home": hs, "away": as_},
                          {"home": hpim, "away": apim}, winner, decision)
        games.append(((date_text, time or "", ext), home_ext, away_ext, outcome))
    games.sort(key=lambda x: x[0])
    out.played = [(home, away, outcome) for _, home, away, outcome in games]
    return out


def _rows(query: Any) -> list[Any]:
    return list(query.tuples())
