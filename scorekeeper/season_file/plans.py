"""Each declared record's fields as the checker, the normaliser and the documentation read them, worked out once
from `scorekeeper.records` (msgspec's view of the declaration)."""

from __future__ import annotations

import functools
import types
import typing
from dataclasses import dataclass, field
from typing import Any

import msgspec
from msgspec import inspect as mi

from scorekeeper.records import EVENT_KINDS, Record


@dataclass(frozen=True)
class FieldPlan:
    """One declared field: its key in the file, whether the file must give it, what it may hold."""

    key: str
    required: bool
    nullable: bool  # null is a value it may hold (a bench penalty's `player`, every optional field)
    check: str  # the check that judges it ("text", "date", "choice", ...; "" for none)
    words: str  # how the documentation names its type
    stored: str  # "" (as declared), "as given" or "when not empty"
    meaning: str
    default: Any  # msgspec.NODEFAULT when required
    choices: tuple[Any, ...] = ()
    lo: int | None = None
    hi: int | None = None
    record: type[Record] | None = None  # the record it holds (or a list of), where it holds one
    info: Any = field(default=None, repr=False)


def _unwrap(t: Any) -> tuple[Any, dict[str, str], str, bool]:
    """(base type, merged extra, description, nullable) of a msgspec.inspect type (its extra: `records._is`'s
    check, words and stored)."""
    extra: dict[str, str] = {}
    description = ""
    nullable = False
    while True:
        if isinstance(t, mi.Metadata):
            extra = {**(t.extra or {}), **extra}
            description = description or (t.extra_json_schema or {}).get("description", "")
            t = t.type
        elif isinstance(t, mi.UnionType) and any(isinstance(x, mi.NoneType) for x in t.types):
            nullable = True
            rest = [x for x in t.types if not isinstance(x, mi.NoneType)]
            t = rest[0] if len(rest) == 1 else mi.UnionType(tuple(rest))
        else:
            return t, extra, description, nullable


def _literal_values(tp: Any) -> tuple[Any, ...]:
    """The values of the Literal inside a field's annotation, in their declared order (msgspec sorts them)."""
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return typing.get_args(tp)
    if origin is typing.Annotated:
        return _literal_values(typing.get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        return next((v for arg in typing.get_args(tp) if (v := _literal_values(arg))), ())
    return ()


def _record_of(t: Any) -> type[Record] | None:
    if isinstance(t, mi.ListType):
        t = t.item_type
    return t.cls if isinstance(t, mi.StructType) and issubclass(t.cls, Record) else None


def _plan(f: Any, declared: Any) -> FieldPlan:
    base, extra, description, nullable = _unwrap(f.type)
    check = extra.get("check", "")
    if not check and isinstance(base, mi.BoolType):
        check = "bool"
    if not check and isinstance(base, mi.LiteralType):
        check = "choice"
    default: Any = f.default
    if f.default_factory is not msgspec.NODEFAULT:
        default = f.default_factory()
    return FieldPlan(
        key=f.encode_name, required=f.required, nullable=nullable, check=check, words=extra.get("words", ""),
        stored=extra.get("stored", ""), meaning=description, default=default,
        choices=_literal_values(declared.type) if isinstance(base, mi.LiteralType) else (),
        lo=getattr(base, "ge", None), hi=getattr(base, "le", None), record=_record_of(base), info=base)


@functools.cache
def plans(record: type[Record]) -> tuple[FieldPlan, ...]:
    """The fields of `record` in their declared order (the order export writes them in)."""
    info = mi.type_info(record)
    assert isinstance(info, mi.StructType)
    return tuple(_plan(f, d) for f, d in zip(info.fields, msgspec.structs.fields(record), strict=True))


@functools.cache
def plan_of(record: type[Record]) -> dict[str, FieldPlan]:
    return {p.key: p for p in plans(record)}


@functools.cache
def keys_of(record: type[Record]) -> tuple[frozenset[str], frozenset[str]]:
    """(required keys, optional keys) of `record`."""
    return (frozenset(p.key for p in plans(record) if p.required),
            frozenset(p.key for p in plans(record) if not p.required))


@functools.cache
def check_order(record: type[Record]) -> tuple[str, ...]:
    """The order `record`'s fields (and its own checks, "+name") are checked in."""
    return record.check_order or tuple(p.key for p in plans(record))


def tag_of(record: type[Record]) -> str:
    """An event kind's `type`."""
    return str(record.__struct_config__.tag)


EVENT_TAGS = tuple(EVENT_KINDS)
