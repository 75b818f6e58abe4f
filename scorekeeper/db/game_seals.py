"""The keyed seals of final games, and the checks of every keyed seal at open (issue 26.4).

Each final game has a row in `game_seal`: its `shape` (what SQL counts cheaply: the number, ids and sums of its
events, line-ups and signatures, the lengths of their texts, a digest of the game's own row) and its `seal`, an
HMAC over the game's id, shape and whole content (the game row's fields, every line-up row, event and signature).
The `meta` row `seal_games` is an HMAC over every game's seal and shape.

The program's own connection records every game it writes (temporary triggers, which no other connection has) and
seals them again at the end of its transaction (`flush`): nothing Scorekeeper writes needs to know about seals.

`check` at open: the head, the back-off counter, the seals table as a whole, which games are final, and every
final game's shape (a deleted or added event, line-up row or signature, a changed game row); the whole content of
at most `SAMPLE` final games, picked at random (all of them in a league of that size), so an edit that keeps
every count and length is found at an open with that chance, not at each.

Those per-game parts grow with the history, so they run only where they can find something new (issue 29.2):
where this opening found the file as Scorekeeper left it (`connect` decides, `checked.as_left`) and its record
vouches that the seals were checked whole since (`checked.seals_claim`), `check` reads only the constant parts:
the head, the office password, the back-off counter. The record's claim is an HMAC with the seals' key over the
file's size and times, so a record rewritten to match an edited file vouches for nothing. Asked `whole`
(`scorekeeper check`, backup, restore), or after a change made outside Scorekeeper, an unclean exit, a file never
checked here, it checks every final game; `checks` counts which.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from functools import partial
from pathlib import Path
from typing import Any

from peewee import DatabaseError, IntegerField, SqliteDatabase, TextField

from scorekeeper.db import checked, seal_key
from scorekeeper.db.audit_seal import read_head, write_head
from scorekeeper.db.base import BaseModel, Meta, database_proxy
from scorekeeper.db.seal_mac import (
    REFUSALS_SEAL,
    SEAL_ID,
    head_seals,
    mac,
    password_intact,
    password_value,
    refusals_intact,
    refusals_value,
    seal_id,
    seal_password,
    seal_refusals,
    sealed_database,
)

TABLE = "game_seal"
GAMES_SEAL = "seal_games"
SAMPLE = 200  # final games whose whole content is checked at each open
SHOWN = 8  # games named in one warning
UNCHECKED = "seals cannot be checked on this PC: the key is on the PC that last wrote it"
REKEYED = "seals made again on this PC"
PASSWORD_REPLACED = ("the office password row was replaced (its keyed seal does not match): no password unlocks the "
                     "office until a backup made before is restored")
FINAL = "'final'"
checks = {"whole": 0, "constant": 0}  # how the checks of this process went (the tests read it)


class GameSeal(BaseModel):
    """A final game's keyed seal (migration 10)."""

    game_id = IntegerField(primary_key=True)
    shape = TextField()
    seal = TextField()

    class Meta:
        table_name = TABLE


# -- what a game's seal covers -------------------------------------------------------------------------------
_GAME = ("date, time, rink, stage, home_id, away_id, status, referees, officials, number, shots, notes, "
         "goalie_shots")


def _game_row(rest: list[Any]) -> list[Any]:
    """A game row's sealed columns: `goalie_shots` (migration 11, the last) only when the game has them, so that
    a game without them keeps the seal it had before."""
    return rest[:-1] if rest and rest[-1] is None else rest
_SHAPES = (  # the line-ups' and the signatures' by their covering index; the events' read their rows
    "select game_id, count(*), sum(id), sum(seq), sum(ifnull(player_id, 0)), sum(length(data)), "
    "sum(ifnull(period, 0) * 10000 + ifnull(elapsed, 0)), sum(team = 'home') from game_event",
    "select game_id, count(*), sum(id), sum(player_id) from lineup_entry",
    "select game_id, count(*), sum(id) from game_signature",
)


def _rows(sql: str, ids: list[int] | None, tail: str = "", column: str = "game_id") -> Iterable[tuple[Any, ...]]:
    """Run `sql` over the final games (`ids` None) or over `ids` (in batches; of the games, the final ones);
    `column` names the game."""
    db = database_proxy.obj
    if ids is None:
        cond = "status = " + FINAL if column == "id" else f"game_id in (select id from game where status = {FINAL})"
        yield from db.execute_sql(f"{sql} where {cond} {tail}").fetchall()
        return
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        final = f" and status = {FINAL}" if column == "id" else ""
        yield from db.execute_sql(f"{sql} where {column} in ({', '.join('?' * len(chunk))}){final} {tail}",
                                  chunk).fetchall()


def _game_digest(row: tuple[Any, ...]) -> str:
    return hashlib.sha256(repr(row).encode("utf-8")).hexdigest()[:32]


def _counted(sql: str, ids: list[int] | None) -> dict[int, str]:
    if ids is None:  # every game's, by the index alone (the finals are picked after)
        rows: Iterable[tuple[Any, ...]] = database_proxy.obj.execute_sql(f"{sql} group by game_id").fetchall()
    else:
        rows = _rows(sql, ids, "group by game_id")
    return {gid: ",".join(str(x) for x in rest) for gid, *rest in rows}


def shapes(ids: list[int] | None = None) -> dict[int, str]:
    """Each final game's shape (`ids`: of those games)."""
    out = {gid: [_game_digest(tuple(_game_row(rest)))]
           for gid, *rest in _rows(f"select id, {_GAME} from game", ids, column="id")}
    counted = [_counted(sql, ids) for sql in _SHAPES]
    return {gid: "|".join([*parts, *(c.get(gid, "0") for c in counted)]) for gid, parts in out.items()}


def contents(ids: list[int] | None = None) -> dict[int, str]:
    """Each final game's whole content, canonical (`ids`: of those games)."""
    parts: dict[int, list[Any]] = {gid: [_game_row(rest), [], [], []] for gid, *rest in
                                   _rows(f"select id, {_GAME} from game", ids, column="id")}
    queries = ("select game_id, side, player_id, number, goalie, captain, seq from lineup_entry",
               "select game_id, seq, type, team, period, elapsed, player_id, data from game_event",
               "select game_id, role, name, signed_at, png, before_correction, seq from game_signature")
    for place, sql in enumerate(queries, 1):
        for gid, *rest in _rows(sql, ids, "order by game_id, seq, id"):
            if gid in parts:
                if place == 3:
                    rest[3] = hashlib.sha256(bytes(rest[3] or b"")).hexdigest()
                parts[gid][place].append(rest)
    return {gid: repr(p) for gid, p in parts.items()}  # str, int, float and None only: repr is canonical


def _seal(key: bytes, gid: int, shape: str, content: str) -> str:
    return mac(key, "game", [gid, shape, hashlib.sha256(content.encode("utf-8")).hexdigest()])


def _aggregate(key: bytes) -> str:
    rows = database_proxy.obj.execute_sql(f"select game_id, shape, seal from {TABLE} order by game_id").fetchall()
    return mac(key, "games", [list(r) for r in rows])


def _set_meta(key: str, value: str) -> None:
    if not Meta.update(value=value).where(Meta.key == key).execute():
        Meta.create(key=key, value=value)


def reseal_games(key: bytes, ids: list[int] | None = None) -> None:
    """Seal the final games among `ids` (None: all) as they now are, drop the seals of the others; the seal of
    them all is written again only when one changed (an entry in a game not final costs two small queries)."""
    dropped, db = 0, database_proxy.obj
    if ids is None:
        db.execute_sql(f"delete from {TABLE}")
    else:
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            dropped += db.execute_sql(f"delete from {TABLE} where game_id in ({', '.join('?' * len(chunk))})",
                                      chunk).rowcount
    finals = ids if ids is None else [row[0] for row in _rows("select id from game", ids, column="id")]
    shaped = shapes(finals) if finals is None or finals else {}
    rows = [(gid, shaped[gid], _seal(key, gid, shaped[gid], content))
            for gid, content in contents(finals).items() if gid in shaped] if shaped else []
    if rows:  # one prepared statement (an import seals every game it brings)
        db.cursor().executemany(f"insert into {TABLE} (game_id, shape, seal) values (?, ?, ?)", rows)
    if ids is None or dropped or rows:
        _set_meta(GAMES_SEAL, _aggregate(key))


def reseal_all(key: bytes, password: bool = True) -> None:
    """Seal the head, the back-off counter, every final game and (`password`) the office password row as they
    now are (the caller holds the transaction)."""
    head = read_head()
    if head is not None and not head.get("unreadable"):
        write_head(head)
    seal_refusals(key)
    if password:
        seal_password(key)
    reseal_games(key)


def rekey(operator: str | None = "Scorekeeper") -> None:
    """A new secret kept on this PC, and everything sealed with it; audited unless `operator` is None (the
    migration that first seals a database)."""
    previous = seal_id()
    sid = seal_key.new_id()
    key = seal_key.create(sid)
    _set_meta(SEAL_ID, sid)
    reseal_all(key)
    if operator is not None and previous is not None:
        from scorekeeper.db.models import AuditEntry

        AuditEntry.create(operator=operator, action=REKEYED, subject="seals", after=json.dumps(
            {"reason": "the key of the database's seals was not on this PC", "previous": previous}))


# -- the program's writes ------------------------------------------------------------------------------------
_WATCHED = (("game", "id"), ("lineup_entry", "game_id"), ("game_event", "game_id"), ("game_signature", "game_id"))


_RETURNING = sqlite3.sqlite_version_info >= (3, 35)  # DELETE ... RETURNING: one statement takes the games written
_known: list[Any] = []  # the one connection last found with the triggers (held, so that `is` cannot mistake it)


def _installed(db: SqliteDatabase) -> bool:
    """Whether this connection records the games it writes; asked of SQLite once per connection."""
    conn = db.connection()
    if _known and _known[0] is conn:
        return True
    if db.execute_sql("select 1 from temp.sqlite_master where name = 'seal_dirty'").fetchone() is None:
        return False
    _known[:] = [conn]
    return True


installed = _installed
RETURNING = _RETURNING


def install() -> None:
    """On this connection, record every game written (temporary triggers: only this connection has them)."""
    db = database_proxy.obj
    if not isinstance(db, SqliteDatabase) or _installed(db) or not db.table_exists(TABLE):
        return
    statements = ["create temp table if not exists seal_dirty (game_id integer primary key)"]
    for table, column in _WATCHED:  # an update names its game once, twice only when it moves a row to another
        moved = f"when old.{column} is not new.{column} "
        for name, when, cond, row in (("insert", "insert", "", "new"), ("update", "update", "", "new"),
                                      ("moved", "update", moved, "old"), ("delete", "delete", "", "old")):
            statements.append(f"create temp trigger if not exists seal_{table}_{name} after {when} on main.{table} "
                              f"{cond}begin insert or ignore into seal_dirty values ({row}.{column}); end")
    for sql in statements:
        db.execute_sql(sql)


def _taken_dirty(db: SqliteDatabase) -> list[int]:
    """The games this connection wrote since the last flush, the record of them emptied."""
    if _RETURNING:
        return [r[0] for r in db.execute_sql("delete from seal_dirty returning game_id").fetchall()]
    dirty = [r[0] for r in db.execute_sql("select game_id from seal_dirty").fetchall()]
    if dirty:
        db.execute_sql("delete from seal_dirty")
    return dirty


def _key_and_touched(db: SqliteDatabase, dirty: list[int]) -> tuple[str | None, bool]:
    """The database's seal id, and whether any of `dirty` (at most 500) is final or sealed, in one statement:
    when none is, sealing them again changes nothing (an entry in a game in progress)."""
    marks = ", ".join("?" * len(dirty))
    rows = db.execute_sql(f"select 'k', value from meta where key = '{SEAL_ID}' union all "
                          f"select 'f', id from game where id in ({marks}) and status = {FINAL} union all "
                          f"select 's', game_id from {TABLE} where game_id in ({marks})", [*dirty, *dirty]).fetchall()
    sid = next((str(value) for kind, value in rows if kind == "k"), None)
    return sid, any(kind != "k" for kind, _ in rows)


TAKEN_TOUCHED = (f"delete from seal_dirty returning game_id, "
                 f"exists (select 1 from game where id = seal_dirty.game_id and status = {FINAL}) "
                 f"or exists (select 1 from {TABLE} where {TABLE}.game_id = seal_dirty.game_id), "
                 f"(select value from meta where key = '{SEAL_ID}')")
"""`_taken_dirty` and `_key_and_touched` in one statement (issue 29: an entry at the boards): each game written,
whether it is final or sealed, and the database's seal id."""


def taken_touched(db: SqliteDatabase) -> tuple[list[int], str | None, bool] | None:
    """The games this connection wrote since the last flush (the record of them emptied), the database's seal id
    and whether any of them is final or sealed, in one statement; None where SQLite cannot (before 3.35) or
    nothing was written (the seal id is then read alone)."""
    if not _RETURNING:
        return None
    rows = db.execute_sql(TAKEN_TOUCHED).fetchall()
    if not rows:
        return None
    sid = rows[0][2]
    return [r[0] for r in rows], None if sid is None else str(sid), any(r[1] for r in rows)


def _key_alone(db: SqliteDatabase, dirty: list[int]) -> tuple[str | None, bool]:
    """The database's seal id, and whether any of `dirty` may need sealing (all are, when there are any)."""
    row = db.execute_sql(f"select value from meta where key = '{SEAL_ID}'").fetchone()
    return (None if row is None else str(row[0])), bool(dirty)


def flush() -> None:
    """At the end of the program's write: seal again the games it wrote; where this PC has no key, a new key
    (audited) and everything sealed with it."""
    db = database_proxy.obj
    if not isinstance(db, SqliteDatabase) or not _installed(db):
        return
    taken = taken_touched(db)
    if taken is not None:
        dirty, sid, touched = taken[0], taken[1], taken[2] or len(taken[0]) > 500  # over 500: all, as before
    else:
        dirty = [] if _RETURNING else _taken_dirty(db)  # with RETURNING, nothing was written
        sid, touched = _key_and_touched(db, dirty) if dirty and len(dirty) <= 500 else _key_alone(db, dirty)
    key = None if sid is None else seal_key.load(sid)
    if key is None:
        rekey()
        db.execute_sql("delete from seal_dirty")
    elif touched:
        reseal_games(key, dirty)


# -- the check at open ---------------------------------------------------------------------------------------
def _games_told(what: str, labels: list[str]) -> str:
    shown = ", ".join(labels[:SHOWN]) + (f" and {len(labels) - SHOWN} more" if len(labels) > SHOWN else "")
    return f"{'final game' if len(labels) == 1 else 'final games'} {shown} {what}"


def _league_file(db: Any) -> Path | None:
    """The league file a connection this process may write opened by its path (None: a guest's URI, memory)."""
    name = getattr(db, "database", None)
    if not isinstance(db, SqliteDatabase) or not isinstance(name, str) or name.startswith("file:"):
        return None
    if ":memory:" in name:
        return None
    return Path(name)


def check(whole: bool = False) -> tuple[list[str], bool]:
    """What the keyed seals find altered outside Scorekeeper, and whether they could be checked on this PC; read
    in one transaction, so a write another process commits meanwhile is seen whole or not at all. Every final game
    is checked when `whole`, or unless the file is as Scorekeeper left it and its record's claim holds
    (`checked.seals_claim`)."""
    db = database_proxy.obj
    if not sealed_database() or not db.table_exists(TABLE):
        return [], True
    path = _league_file(db)
    claim = None if whole or path is None else checked.seals_claim(path)
    with db.atomic():
        found, checkable, key = _check(claim)
    if path is not None and key is not None and not found:
        checked.seals_checked(path, partial(_vouch, key), db.connection())
    return found, checkable


def _vouch(key: bytes, fingerprint: dict[str, int]) -> str:
    """The record's claim that the seals were checked whole (`checked.SEALS`), made with the seals' own key."""
    return mac(key, "checked", [fingerprint[k] for k in checked.FINGERPRINT_KEYS])


def _check(claim: tuple[str, dict[str, int]] | None) -> tuple[list[str], bool, bytes | None]:
    """What the seals find, whether they could be checked, the key they were checked with; every final game unless
    `claim` (the record's, `checked.seals_claim`) is vouched for by this key."""
    sid = seal_id()
    if sid is None:
        return ["the keyed seals were deleted (the meta row 'seal_id')"], True, None
    key = seal_key.load(sid)
    if key is None:
        return [], False, None
    found: list[str] = []
    head = read_head()
    if head is not None and not head.get("unreadable"):
        expected = head_seals(head, key)
        if not hmac.compare_digest(str(head.get("seal") or ""), expected["seal"]):
            found.append("the head of the audit trail (the meta row 'audit_chain') was rewritten: its keyed seal "
                         "does not match")
    if not password_intact(key):
        found.append(PASSWORD_REPLACED if password_value() is not None else
                     "the office password row was deleted (its keyed seal says there was one)")
    if not refusals_intact(key):
        if Meta.get_or_none(Meta.key == REFUSALS_SEAL) is None:
            found.append("the seal of the wrong-password back-off (the meta row 'seal_refusals') was deleted")
        elif refusals_value() is None:
            found.append("the count of wrong office passwords (the meta row 'office_refusals') was deleted, which "
                         "resets the wait after wrong passwords")
        else:
            found.append("the count of wrong office passwords (the meta row 'office_refusals') was changed")
    whole = claim is None or not hmac.compare_digest(claim[0], _vouch(key, claim[1]))
    checks["whole" if whole else "constant"] += 1
    if whole:
        found += _check_games(key)
    return found, True, key


def _check_games(key: bytes) -> list[str]:
    found: list[str] = []
    rows = database_proxy.obj.execute_sql(f"select game_id, shape, seal from {TABLE} order by game_id").fetchall()
    stored: dict[int, tuple[str, str]] = {gid: (shape, seal) for gid, shape, seal in rows}
    games = {gid: (f"{ext} ({season})", status) for gid, ext, season, status in database_proxy.obj.execute_sql(
        "select g.id, g.ext_id, s.name, g.status from game g join season s on s.id = g.season_id").fetchall()}
    agg = Meta.get_or_none(Meta.key == GAMES_SEAL)
    if agg is None or not hmac.compare_digest(str(agg.value), mac(key, "games", [list(r) for r in rows])):
        found.append("the seals of the final games (the table 'game_seal' or the meta row 'seal_games') were edited")
    finals = {gid for gid, (_, status) in games.items() if status == "final"}
    gone = sorted(stored.keys() - games.keys())
    if gone:
        found.append(f"{len(gone)} final game{'s were' if len(gone) > 1 else ' was'} deleted (row "
                     + ", ".join(f"#{g}" for g in gone[:SHOWN]) + ")")
    reopened = sorted((stored.keys() & games.keys()) - finals)
    if reopened:
        found.append(_games_told("lost the status final", [games[g][0] for g in reopened]))
    made = sorted(finals - stored.keys())
    if made:
        found.append(_games_told("became final without being sealed", [games[g][0] for g in made]))
    now = shapes()
    changed = [gid for gid in sorted(finals & stored.keys()) if now.get(gid) != stored[gid][0]]
    rest = [gid for gid in sorted(finals & stored.keys()) if gid not in set(changed)]
    sample = rest if len(rest) <= SAMPLE else sorted(random.sample(rest, SAMPLE))
    for gid, content in contents(sample).items():
        if not hmac.compare_digest(stored[gid][1], _seal(key, gid, stored[gid][0], content)):
            changed.append(gid)
    if changed:
        found.append(_games_told("changed: the game, its events, line-ups or signatures are not what Scorekeeper "
                                 "sealed", [games[g][0] for g in sorted(changed)]))
    return found


@contextmanager
def sealed(transaction: Any) -> Iterator[Any]:
    """The program's write transaction, its games sealed again at its end (`flush`)."""
    with suppress(DatabaseError, sqlite3.Error):  # a connection that cannot write: nothing it does needs sealing
        install()
    with transaction as txn:
        yield txn
        flush()
