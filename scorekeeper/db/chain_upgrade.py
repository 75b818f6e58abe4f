"""The audit trail chained as it stands, fast: what `audit_chain.rechain` does, with the hashes written a batch at a
time by one set-based UPDATE each instead of one UPDATE a row (60,000 entries: well under a second of writing).

The caller holds the transaction: the hashes and the head are written together or not at all."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable
from typing import Any

from peewee import Database, Field, SqliteDatabase

from scorekeeper.db.audit_seal import entry_hash, password_digest, write_head
from scorekeeper.db.models import AuditEntry

PAGE = 5000  # rows read at once (by id, so the trail is never held whole in memory)
BATCH = 400  # rows written by one UPDATE (800 parameters: under every SQLite's and driver's limit)
# UPDATE ... FROM came with SQLite 3.33; older ones write the batch with executemany
UPDATE_FROM = sqlite3.sqlite_version_info >= (3, 33, 0)


def entries(db: Database) -> int:
    """How many audit entries there are (0 before the table exists; it need not have the chain's columns yet)."""
    table = AuditEntry._meta.table_name
    if not db.table_exists(table):
        return 0
    return int(db.execute_sql(f"select count(*) from {table}").fetchone()[0])


def chain_trail(db: Database, tick: Callable[[int], None] | None = None) -> int:
    """Give every entry the hash chained over the trail as it is and write the head; `tick(n)` after every page
    with the entries done so far. Returns how many hashes were written."""
    table, p = AuditEntry._meta.table_name, db.param
    columns = ", ".join(f.column_name for f in FIELDS)
    previous, last_id, written, done = "", 0, 0, 0
    while True:
        rows = db.execute_sql(f"select {columns} from {table} where id > {p} order by id limit {p}",
                              (last_id, PAGE)).fetchall()
        if not rows:
            break
        changed = []
        for raw in rows:
            row = [_value(f, v) for f, v in zip(FIELDS, raw, strict=True)]
            expected = entry_hash(previous, *row[1:9])
            if row[9] != expected:
                changed.append((row[0], expected))
            previous, last_id = expected, row[0]
        for start in range(0, len(changed), BATCH):
            _write(db, changed[start:start + BATCH])
        written += len(changed)
        done += len(rows)
        if tick is not None:
            tick(done)
    write_head({"id": last_id or None, "hash": previous, "password": password_digest()})
    return written


FIELDS: tuple[Field, ...] = (AuditEntry.id, AuditEntry.season, AuditEntry.at, AuditEntry.operator, AuditEntry.action,
                             AuditEntry.subject, AuditEntry.before, AuditEntry.after, AuditEntry.imported,
                             AuditEntry.hash)
_AT = AuditEntry.at


def _value(field: Field, value: Any) -> Any:
    """The value peewee would give (as `audit_chain` reads the trail, so the hashes agree), without its cost on
    the values that are already what it gives: text of a text field, a whole number of a number field, a date
    and time written the ISO way."""
    if value is None:
        return None
    if field is _AT and isinstance(value, str):
        try:
            return dt.datetime.fromisoformat(value)  # what peewee's formats parse, read the same
        except ValueError:
            return field.python_value(value)
    if type(value) is (str if field.field_type in ("VARCHAR", "TEXT") else int):
        return value
    return field.python_value(value)


def _write(db: Database, pairs: list[tuple[int, str]]) -> None:
    table = AuditEntry._meta.table_name
    if isinstance(db, SqliteDatabase) and not UPDATE_FROM:
        db.cursor().executemany(f"update {table} set hash = ? where id = ?", [(h, i) for i, h in pairs])
        return
    values = ", ".join([f"({db.param}, {db.param})"] * len(pairs))
    db.execute_sql(f"with v(id, hash) as (values {values}) update {table} set hash = v.hash from v "
                   f"where {table}.id = v.id", [x for pair in pairs for x in pair])
