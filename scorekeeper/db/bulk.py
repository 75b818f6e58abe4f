"""The bulk helpers of the season store: dates in and out, rows by ext_id, inserts and upserts in batches."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, TypedDict, TypeVar

from peewee import BooleanField, CharField, ForeignKeyField, IntegerField, TextField, fn

from scorekeeper.db.models import Season, database_proxy

ColumnValues = dict[str, object]  # a row's values by column name, as peewee's insert and update take them


class Identified(TypedDict):
    """A normalised object found again by its `id` (its row's `ext_id`)."""

    id: str


IdentifiedT = TypeVar("IdentifiedT", bound=Identified)


def date_text(value: Any) -> str | None:
    """A stored date as the season file writes it (None stays None)."""
    if value is None:
        return None
    return value.isoformat() if isinstance(value, dt.date) else str(value)


def parse_date(text: str | None) -> dt.date | None:
    """A season file's date for the database (None or empty: None)."""
    return dt.date.fromisoformat(text) if text else None


BATCH = 500  # rows per insert and ids per IN (...): far below SQLite's limit on bound variables


def batches(items: list[Any], size: int = BATCH) -> list[list[Any]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def ids(model: Any, season: Season, only: set[str] | None = None) -> dict[str, int]:
    """ext_id -> row id for one kind of a season (read as tuples, only `only` when given: every entry runs it)."""
    query = model.select(model.ext_id, model.id).where(model.season == season)
    if only is None or len(only) > BATCH:  # many: the whole season in one query beats many IN (...) lists
        rows: Any = query.tuples()
        found = dict(rows)
        return found if only is None else {k: v for k, v in found.items() if k in only}
    if not only:
        return {}
    return dict(query.where(model.ext_id.in_(sorted(only))).tuples())


def next_seq(model: Any, cond: Any) -> int:
    """The place after the last of the rows `cond` selects."""
    return (model.select(model.seq).where(cond).order_by(model.seq.desc()).scalar() or 0) + 1


_PLAIN: dict[type, type] = {CharField: str, TextField: str, IntegerField: int, ForeignKeyField: int, BooleanField: bool}


def insert(model: Any, rows: list[ColumnValues]) -> None:
    """Insert many rows of one model (same keys in each) with one prepared statement, in batches: peewee's query
    builder costs more than the write for a season file of thousands of players."""
    if not rows:
        return
    db = database_proxy.obj
    fields = [model._meta.fields[name] for name in rows[0]]
    sql = (f"insert into {model._meta.table_name} ({', '.join(f.column_name for f in fields)}) "
           f"values ({', '.join([db.param] * len(fields))})")
    # a column whose values are all of its own Python type (or None) goes as it is; any other value through the
    # field's conversion: looked at a column at a time, in C (`map`, `set`), not a value at a time in Python
    plain = [_PLAIN.get(type(f)) for f in fields]
    names = list(rows[0])
    take = itemgetter(*names) if len(names) > 1 else (lambda row: (row[names[0]],))
    cursor = db.cursor()
    for chunk in batches(rows):
        columns = list(zip(*map(take, chunk), strict=True))
        for i, (f, kind) in enumerate(zip(fields, plain, strict=True)):
            if kind is None or not set(map(type, columns[i])) <= {kind, type(None)}:
                columns[i] = tuple(v if type(v) is kind else f.db_value(v) for v in columns[i])
        cursor.executemany(sql, zip(*columns, strict=True))


def upsert(model: Any, season: Season, objects: Sequence[IdentifiedT],
           fields: Callable[[IdentifiedT], ColumnValues]) -> None:
    """Insert new and update changed objects of one kind by ext_id: new ones in batches of `BATCH` rows, each
    following the season's last `seq`."""
    if not objects:
        return
    have = ids(model, season, {o["id"] for o in objects})
    seq = (model.select(fn.MAX(model.seq)).where(model.season == season).scalar() or 0) + 1
    new: list[ColumnValues] = []
    for o in objects:
        values = fields(o)
        if o["id"] in have:
            model.update(**values).where(model.id == have[o["id"]]).execute()
        else:
            new.append({"season": season.id, "ext_id": o["id"], "seq": seq, **values})
            have[o["id"]] = -1
            seq += 1
    insert(model, new)
