"""The store's rows of the season's records, read from the declaration (issue 28.1): which model keeps each record
and, for each declared field, the column that holds it and in what form, so that adding a plain field to a record
needs only its declaration, its model column and the column's migration.

A field is kept in the model's column of its own name; the form follows from the column's type and the field's
(a date column holds a date, a true/false column a bool, a foreign key the referred row's id, a text column of a
field declared as a list or an object its JSON text). The few exceptions are declared here once: every record's
`id` is kept in `ext_id`, a payment's `amount` in cents, a signature's picture as its PNG bytes, the spelling of
some JSON texts (kept as earlier versions wrote them: the game seals hash them), and the fields kept apart, by rows
of their own or by hand (a game's line-ups, events and signatures, a payment's payer).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypedDict, TypeVar, overload

import msgspec
from msgspec import inspect as mi
from peewee import BooleanField, DateField, ForeignKeyField, TextField

from scorekeeper import records
from scorekeeper.db import models
from scorekeeper.db.bulk import ColumnValues, date_text, parse_date
from scorekeeper.records import Record, cents_to_money, money_to_cents
from scorekeeper.season_data import (
    AppealData,
    DivisionData,
    GameData,
    LineupEntryData,
    PaymentData,
    PlayerData,
    SignatureData,
    SigningData,
    SuspensionDecisionData,
    TeamData,
)
from scorekeeper.season_file.plans import FieldPlan, plans
from scorekeeper.signature_values import decode_png, encode_png

Form = Callable[[Any], Any]
Refs = Mapping[str, Mapping[Any, Any]]  # a referred table ("player", "team", ...) -> its ids, one way or the other
Row = Sequence[Any]
D = TypeVar("D", bound=Mapping[str, object])  # a stored record's normalised object (`scorekeeper.season_data`)


class JsonSpelling(TypedDict, total=False):
    """The keyword arguments of `json.dumps` that set how a JSON text column is spelt."""

    ensure_ascii: bool
    sort_keys: bool


# the model that keeps each stored record
MODELS: dict[type[Record], type[models.BaseModel]] = {
    records.Division: models.Division, records.Team: models.Team, records.Player: models.Player,
    records.Signing: models.RosterSigning, records.Game: models.Game, records.LineupEntry: models.LineupEntry,
    records.Signature: models.GameSignature, records.Appeal: models.Appeal, records.Payment: models.Payment,
    records.SuspensionDecision: models.SuspensionDecision,
}
# a field kept in a column of another name (and every record's `id` in `ext_id`)
RENAMED: dict[tuple[type[Record], str], str] = {
    (records.Payment, "amount"): "amount_cents", (records.Signature, "png_base64"): "png"}
# a field kept in another form than its column's type gives: (to the row, from the row)
FORMS: dict[tuple[type[Record], str], tuple[Form, Form]] = {
    (records.Payment, "amount"): (money_to_cents, cents_to_money),
    (records.Signature, "png_base64"): (decode_png, lambda png: encode_png(bytes(png))),
}
# fields kept apart: by rows of their own (a game's line-up entries, events and signatures) or by hand (a payment's
# payer, in its team or its player column)
APART: dict[type[Record], frozenset[str]] = {
    records.Game: frozenset({"lineups", "events", "signatures"}), records.Payment: frozenset({"payer"})}
# how a JSON text column is written where not as `json.dumps(value, ensure_ascii=False)`
JSON_SPELLING: dict[tuple[type[Record], str], JsonSpelling] = {
    (records.Game, "shots"): {}, (records.Game, "goalie_shots"): {}, (records.Payment, "fine"): {"sort_keys": True}}


def _loads(text: str) -> Any:
    return json.loads(text) if text else None


@dataclass(frozen=True)
class StoredField:
    """One declared field as its model keeps it: the column, the value written when an object lacks the key, and
    the forms to and from the row (None: the value as it is); `refers` names the table a foreign key refers to."""

    key: str
    column: str
    default: Any
    to_row: Form | None
    from_row: Form | None
    refers: str = ""
    nullable: bool = True

    def forms(self, refs: Refs) -> tuple[Form | None, Form | None]:
        """(to the row, from the row), a foreign key's through `refs` (ext_id -> row id, or row id -> ext_id)."""
        if not self.refers:
            return self.to_row, self.from_row
        ids = refs[self.refers]
        lookup = ids.get if self.nullable else ids.__getitem__
        return lookup, lookup


def _stored_field(record: type[Record], model: Any, p: FieldPlan) -> StoredField:
    key = p.key
    column_name = "ext_id" if key == "id" else RENAMED.get((record, key), key)
    column = model._meta.fields.get(column_name)
    if column is None:
        raise LookupError(f"{record.__name__}.{key}: {model.__name__} has no column {column_name!r} (nor is it "
                          "declared kept apart in scorekeeper/db/record_rows.py)")
    default = None if p.required or p.default is msgspec.NODEFAULT else p.default
    if (record, key) in FORMS:
        to_row, from_row = FORMS[record, key]
        return StoredField(key, column.name, default, to_row, from_row)
    if isinstance(column, ForeignKeyField):
        return StoredField(key, column.name, default, None, None, column.rel_model._meta.table_name, column.null)
    if isinstance(column, DateField):
        return StoredField(key, column.name, default, parse_date, date_text)
    if isinstance(column, BooleanField):
        return StoredField(key, column.name, default, bool, bool)
    if isinstance(column, TextField) and isinstance(p.info, (mi.ListType, mi.DictType, mi.StructType)):
        spelling = JSON_SPELLING.get((record, key), {"ensure_ascii": False})
        return StoredField(key, column.name, default, functools.partial(json.dumps, **spelling), _loads)
    return StoredField(key, column.name, default, None, None)


class RecordRows(Generic[D]):
    """A stored record's mapping between its model's rows and its normalised objects (the declared order), `D`
    the normalised object's declared form (`scorekeeper.season_data`)."""

    def __init__(self, record: type[Record]) -> None:
        self.record = record
        self.model: Any = MODELS[record]
        self.apart = APART.get(record, frozenset())
        self.fields = tuple(_stored_field(record, self.model, p) for p in plans(record) if p.key not in self.apart)
        self.keys = tuple(p.key for p in plans(record))

    def columns(self, *also: str) -> list[Any]:
        """What a read selects: the fields' columns in their order, then the columns `also` names (from `width`
        on: the row's `id` there when the caller needs it)."""
        m = self.model
        return [*(getattr(m, f.column) for f in self.fields), *(getattr(m, name) for name in also)]

    @property
    def width(self) -> int:
        """How many of a row's values are the fields' (the `also` columns follow)."""
        return len(self.fields)

    def index(self, key: str) -> int:
        """Where a field's value sits in a row `columns` selects."""
        return [f.key for f in self.fields].index(key)

    def reader(self, refs: Refs, apart: Mapping[str, Callable[[Row], object]] | None = None
               ) -> Callable[[Row], D]:
        """Row (as `columns` selects it) -> the normalised object in the declared order; a field kept apart is
        `apart[key](row)`; a None value is left out."""
        at = {f.key: (i, f.forms(refs)[1]) for i, f in enumerate(self.fields)}
        names: dict[str, object] = {}
        lines = ["def read(row):", "    out = {}"]
        for n, key in enumerate(self.keys):
            if key in at:
                i, form = at[key]
                names[f"f{n}"] = form
                lines += [f"    v = row[{i}]", "    if v is not None:",
                          f"        out[{key!r}] = {'v' if form is None else f'f{n}(v)'}"]
            else:
                names[f"f{n}"] = (apart or {})[key]
                lines += [f"    v = f{n}(row)", "    if v is not None:", f"        out[{key!r}] = v"]
        return _compiled("read", [*lines, "    return out"], names)

    def writer(self, refs: Refs, without: tuple[str, ...] = ()) -> Callable[[D], ColumnValues]:
        """A normalised object -> its row's column values (all but `ext_id`, the fields kept apart and those
        `without` names); a key the object lacks takes the declared default."""
        fields = [f for f in self.fields if f.key != "id" and f.key not in without]
        names: dict[str, object] = {}
        lines = ["def write(obj):", "    get = obj.get"]
        values = []
        for n, f in enumerate(fields):
            names[f"d{n}"], names[f"f{n}"] = f.default, f.forms(refs)[0]
            lines.append(f"    v{n} = get({f.key!r}, d{n})")
            value = f"v{n}" if names[f"f{n}"] is None else f"None if v{n} is None else f{n}(v{n})"
            values.append(f"{f.column!r}: {value}")
        return _compiled("write", [*lines, f"    return {{{', '.join(values)}}}"], names)


def _compiled(name: str, lines: list[str], names: dict[str, object]) -> Any:
    """The function `lines` define, with `names` its globals: one straight run of the record's fields, as fast as
    one written by hand (the store's reads and writes of thousands of rows are on the hot path)."""
    space = dict(names)
    exec("\n".join(lines), space)  # source built from the declaration's keys and columns, no outside text
    return space[name]


@overload
def rows_of(record: type[records.Division]) -> RecordRows[DivisionData]: ...
@overload
def rows_of(record: type[records.Team]) -> RecordRows[TeamData]: ...
@overload
def rows_of(record: type[records.Player]) -> RecordRows[PlayerData]: ...
@overload
def rows_of(record: type[records.Signing]) -> RecordRows[SigningData]: ...
@overload
def rows_of(record: type[records.Game]) -> RecordRows[GameData]: ...
@overload
def rows_of(record: type[records.LineupEntry]) -> RecordRows[LineupEntryData]: ...
@overload
def rows_of(record: type[records.Signature]) -> RecordRows[SignatureData]: ...
@overload
def rows_of(record: type[records.Appeal]) -> RecordRows[AppealData]: ...
@overload
def rows_of(record: type[records.Payment]) -> RecordRows[PaymentData]: ...
@overload
def rows_of(record: type[records.SuspensionDecision]) -> RecordRows[SuspensionDecisionData]: ...
@overload
def rows_of(record: type[Record]) -> RecordRows[Any]: ...


def rows_of(record: type[Record]) -> RecordRows[Any]:
    """The mapping of one stored record (worked out once), typed with its normalised object's declaration."""
    return _rows_of(record)


@functools.cache
def _rows_of(record: type[Record]) -> RecordRows[Any]:
    return RecordRows(record)
