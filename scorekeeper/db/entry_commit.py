"""An entry at the boards committed on the connection's own cursor (issue 29): the one transaction an entry into a
game in progress makes, without peewee's transaction machinery around it.

The statements are the general path's (`store.append_event` under `game_seals.sealed`), the seals' two folded into
one (`game_seals.taken_touched`): BEGIN IMMEDIATE, the revision checked and bumped, the event inserted, the games
written taken with whether any is final or sealed and the database's seal id, COMMIT. Where the seals ask for
more than that (a game written is final or sealed, this PC has no key for the database), the transaction is
rolled back and nothing is written: the caller takes the general path, which seals (or rekeys) as always.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import suppress
from typing import Any

import peewee
from peewee import DatabaseError, SqliteDatabase

from scorekeeper.db import game_seals, seal_key, store
from scorekeeper.db.row_ids import GameChanged
from scorekeeper.season_data import EventData

_driver_errors: Any = vars(peewee)["__exception_wrapper__"]  # Any: peewee's own; its errors for the driver's


def applies(db: Any) -> bool:  # Any: peewee's Database (or its proxy's target)
    """Whether `db` can take an entry this way: a SQLite connection with no transaction open that records the games
    it writes (`game_seals.install`; a read-only connection cannot, and takes the general path to its refusal)."""
    if not isinstance(db, SqliteDatabase) or not game_seals.RETURNING or db.transaction_depth():
        return False
    if game_seals.installed(db):  # as it is from the second entry on (`install` asks the same first)
        return True
    with suppress(DatabaseError, sqlite3.Error):
        game_seals.install()
    return game_seals.installed(db)


def append(db: SqliteDatabase, game: str, row_id: int, revision: int, seq: int, event: EventData,
           player: Callable[[], int | None]) -> int | None:
    """`store.append_event` in a transaction of its own (`applies(db)` holds): event `seq` of game `row_id` if it is
    still at `revision` (else `GameChanged`, nothing written), filed under `player()` (read in the transaction).
    The new revision, committed; None when the seals ask for the general path (rolled back, nothing written)."""
    bump, insert = store.append_sql(db.param)
    with _driver_errors:
        cur = db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            if cur.execute(bump, (row_id, revision)).rowcount != 1:
                raise GameChanged(game)
            cur.execute(insert, store.event_values(row_id, seq, event, player()))
            rows = cur.execute(game_seals.TAKEN_TOUCHED).fetchall()
            if not rows or any(r[1] for r in rows) or rows[0][2] is None or seal_key.load(str(rows[0][2])) is None:
                cur.execute("ROLLBACK")
                return None
            cur.execute("COMMIT")
        except BaseException:
            if db.connection().in_transaction:
                cur.execute("ROLLBACK")
            raise
    return revision + 1
