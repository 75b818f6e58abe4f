"""The connection's write-ahead log started when a game is shown at the boards (issue 29: the first entry after
opening): what only the first entry's commit did, done when the game is picked, before anybody types.

SQLite starts a connection's log at its first commit: the log's header written and synced before the first
frame, and the folder synced once for the `-wal` file the connection opened: three syncs where every later entry's
commit makes one. `start` makes that first commit a write that changes nothing the league holds: `pragma
user_version` set to the value it has (the file's header page written again as it is, SQLite counting one more
change in it), in one transaction that also compiles the entry's statements, kept in the connection's statement
cache for the entry: its revision bump (matching no row: `store.append_sql`), its insert (of an event of no game,
refused by the table's NOT NULL before anything is written) and the seals' statement (`game_seals.TAKEN_TOUCHED`).

It never waits: another connection holding the write lock (another program writing), a read-only file, a
transaction open, or games this connection wrote and has not sealed yet (the seals' statement found some: rolled
back, nothing changed) and it does nothing; the first entry then starts the log as before.
"""

from __future__ import annotations

import sqlite3
from contextlib import suppress
from typing import Any

from peewee import SqliteDatabase

from scorekeeper.db import game_seals, store

_started: list[Any] = []  # Any: the driver's connection; the one whose log was started here (held: `is` is sure)


def started(db: SqliteDatabase) -> bool:
    """Whether `db`'s connection had its log started here."""
    return bool(_started) and _started[0] is db.connection()


def start(db: Any, row_id: int) -> bool:  # Any: peewee's Database (or its proxy's target)
    """Start the log of `db`'s connection (once per connection) ready for entries into the game of row `row_id`;
    whether it was started (now or before)."""
    if not isinstance(db, SqliteDatabase) or db.transaction_depth() or not game_seals.RETURNING:
        return False
    if started(db):
        return True
    if not game_seals.installed(db):  # the seals' record of games written is what the entry's commit reads
        return False
    conn = db.connection()
    if conn.in_transaction or str(conn.execute("pragma journal_mode").fetchone()[0]).lower() != "wal":
        return False
    waits = int(conn.execute("pragma busy_timeout").fetchone()[0])
    conn.execute("pragma busy_timeout = 0")  # another writer: no wait, the first entry starts the log
    try:
        with suppress(sqlite3.Error):
            if _first_commit(db, row_id):
                _started[:] = [conn]
    finally:
        conn.execute(f"pragma busy_timeout = {waits}")
    return started(db)


def _first_commit(db: SqliteDatabase, row_id: int) -> bool:
    """The no-op transaction, on the connection's cursor as `entry_commit.append` makes an entry's; whether it
    was committed."""
    bump, insert = store.append_sql(db.param)
    cur = db.cursor()
    cur.execute("BEGIN IMMEDIATE")
    try:
        cur.execute(bump, (row_id, -1))  # no revision is -1: no row changes, no trigger fires
        with suppress(sqlite3.IntegrityError):  # compiled, then refused: an event of no game (NOT NULL)
            cur.execute(insert, (None,) * insert.count(db.param))
        if cur.execute(game_seals.TAKEN_TOUCHED).fetchall():  # games written, not sealed yet: theirs to seal
            cur.execute("ROLLBACK")
            return False
        version = int(cur.execute("pragma user_version").fetchone()[0])
        cur.execute(f"pragma user_version = {version}")
        cur.execute("COMMIT")
    except BaseException:
        if db.connection().in_transaction:
            cur.execute("ROLLBACK")
        raise
    return True
