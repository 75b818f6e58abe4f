"""One committed state for a read of several statements. A season is read in a few queries (its players, then its
roster, then its games...); read one by one, a commit by another PC (PostgreSQL) or by the window's own thread
while a worker reads (SQLite) could land between two of them, and the read would see a signing whose player it
had not read. Inside `one_snapshot` every statement sees the same committed state: on PostgreSQL one REPEATABLE
READ transaction, on SQLite one deferred transaction (in WAL its snapshot is taken at its first read). Inside a
transaction already begun (a write reading what it judges) it adds nothing."""

from __future__ import annotations

import contextlib
from contextlib import AbstractContextManager

from peewee import PostgresqlDatabase

from scorekeeper.db.base import database_proxy


def one_snapshot() -> AbstractContextManager[object]:
    """A transaction that reads one committed state of the models' database, where none is open yet."""
    db = database_proxy.obj
    if db is None or db.transaction_depth() > 0:
        return contextlib.nullcontext()
    if isinstance(db, PostgresqlDatabase):
        return db.atomic(isolation_level="REPEATABLE READ")
    return db.atomic()
