"""One write at a time on a league server. SQLite takes its write lock at a transaction's first statement
(`BEGIN IMMEDIATE`), so a write sees one state of the database from its first read to its commit. PostgreSQL's
READ COMMITTED lets another PC commit between two statements of a write; a write that reads the season, changes it
and then keeps what is derived from it (the stored discipline: `facade.kept_discipline`) could then store a
reading of a state that never was. Every write of the facade on PostgreSQL therefore first takes the league's
transaction-level advisory lock (released at its commit or rollback): writes from several PCs run one after the
other, each seeing the database as the previous one left it, and reads (one REPEATABLE READ snapshot each:
`db.snapshot`) never wait for it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import AbstractContextManager

from peewee import Database, PostgresqlDatabase, SqliteDatabase

LEAGUE_WRITE_LOCK = 0x5C0E_0001
"""The advisory lock's key (one per database: each league has a database of its own on the server)."""


def serialized(db: Database, transaction: AbstractContextManager[object]) -> AbstractContextManager[object]:
    """`transaction`, on PostgreSQL with the league's write lock taken as its first statement (waited for while
    another PC's write holds it); as it is on SQLite, whose write lock `BEGIN IMMEDIATE` already takes."""
    if not isinstance(db, PostgresqlDatabase):
        return transaction
    return _locked(db, transaction)


@contextlib.contextmanager
def _locked(db: PostgresqlDatabase, transaction: AbstractContextManager[object]) -> Iterator[object]:
    with transaction as txn:
        db.execute_sql("select pg_advisory_xact_lock(%s)", (LEAGUE_WRITE_LOCK,))
        yield txn


def holds_still(db: Database) -> bool:
    """Whether a write transaction on `db` sees one state of the database from its first statement to its last:
    SQLite's (IMMEDIATE) and PostgreSQL's (`serialized`), so what is derived from the season can be kept within it."""
    return isinstance(db, SqliteDatabase | PostgresqlDatabase)

