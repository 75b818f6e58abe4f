"""Each rulebook key lives in one place, `schema.py` (issue 28 point 3): the model's records declare no default of
their own, every field is a declared key found by name, and every declared key reaches the model."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.rulebook import RulebookError, loader, model, parse_rulebook, schema
from tests.scorekeeper.rulebook.test_model_unchanged import FILES, document, read

RECORDS: list[type] = [c for _, c in inspect.getmembers(model, inspect.isclass)
                       if dataclasses.is_dataclass(c) and c.__module__ == model.__name__]
# The table each record is read from (a record read from several tables: any one of them).
TABLE = {"Clock": "clock", "Overtime": "overtime.*", "Points": "points", "Icing": "icing", "Mercy": "mercy",
         "Lateness": "lateness", "OnIce": "on_ice", "Coed": "coed", "Eligibility": "eligibility",
         "Scoring": "scoring", "PenaltyClass": "penalties.classes.*", "Penalties": "penalties",
         "Infraction": "infractions.*", "DisciplineRow": "discipline[]", "InjuredGoalie": "injured_goalie",
         "RuleRef": "rules.*", "Rulebook": ""}
# Fields that are not keys of their table: the name of a `*` table, records and lists read from other tables.
NOT_KEYS = {("Infraction", "code"), ("PenaltyClass", "name"), ("RuleRef", "id"), ("Penalties", "classes"),
            ("Rulebook", "source_text")} | {("Rulebook", f.name) for f in dataclasses.fields(model.Rulebook)
                                             if f.name not in ("id", "name", "league", "timeouts_per_game",
                                                               "timeouts_carry_into_ot")}


def test_every_record_of_the_model_is_checked():
    assert sorted(c.__name__ for c in RECORDS) == sorted(TABLE)


@pytest.mark.parametrize("record", RECORDS, ids=lambda c: c.__name__)
def test_the_model_declares_no_default_a_key_has(record: type):
    """A default written in model.py would be a key's second default: none is (the text the rulebook was read
    from is no key)."""
    defaulted = [f.name for f in dataclasses.fields(record)
                 if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING]
    assert defaulted == (["source_text"] if record is model.Rulebook else [])


@pytest.mark.parametrize("record", RECORDS, ids=lambda c: c.__name__)
def test_every_field_is_a_declared_key_by_name(record: type):
    table = TABLE[record.__name__]
    for f in dataclasses.fields(record):
        if (record.__name__, f.name) in NOT_KEYS:
            continue
        key = f.metadata.get("key", f.name)
        path = schema.child_path(table, key) if "." not in key else f"{table}.{key}"
        assert path in schema.KEY_BY_PATH, f"{record.__name__}.{f.name}: no key {path!r} in schema.py"


def test_the_loader_reads_no_key_by_position():
    source = inspect.getsource(loader)
    for record in RECORDS:
        assert f"{record.__name__}(*" not in source, record.__name__


def holders(data: Any, parts: list[str]) -> Iterator[dict[str, Any]]:
    """The tables a schema path's parent stands for in `data` (`*`: each name, `x[]`: each row)."""
    if not parts:
        if isinstance(data, dict):
            yield data
        return
    head, rest = parts[0], parts[1:]
    for name in list(data) if head == "*" else [head.removesuffix("[]")]:
        value = data.get(name) if isinstance(data, dict) else None
        for item in value if head.endswith("[]") and isinstance(value, list) else [value]:
            yield from holders(item, rest)


def candidates(key: schema.Key, now: Any) -> list[Any]:
    """Other values the key may take than `now`."""
    if key.kind == schema.YES_NO:
        found: list[Any] = [True, False]
    elif key.kind == schema.NUMBER:
        found = ([now + 1, now - 1] if isinstance(now, int) else []) + [key.lo, key.lo + 1, key.hi]
    elif key.kind == schema.TEXT:
        found = list(key.choices or ()) + [f"{now}x", "gross", "match"]
    elif key.kind == schema.TEXTS:
        found = [list(now[:-1])] if isinstance(now, list) and now else []
        found += [[c] for c in key.choices or ("phone",)]
    elif key.kind == schema.SCORE:
        found = [[5, 0], [1, 0]]
    else:
        found = ["season", 3]
    return [v for v in found if v != now and not (isinstance(v, int) and not key.lo <= v <= key.hi)]


def reaches_the_model(key: schema.Key) -> bool:
    """Some file changed in this key alone (another valid value, given in one of its tables) loads to another
    model."""
    *table, name = key.path.split(".")
    for path in FILES.values():
        data = tomllib.loads(read(path))
        before = repr(parse_rulebook(document(data)))
        for n, holder in enumerate(holders(data, table)):
            for value in candidates(key, holder.get(name)):
                changed = copy.deepcopy(data)
                list(holders(changed, table))[n][name] = value
                try:
                    if repr(parse_rulebook(document(changed))) != before:
                        return True
                except RulebookError:
                    continue
            if n >= 1:
                break
    return False


def test_every_key_reaches_the_model():
    assert [k.path for k in schema.KEYS if not reaches_the_model(k)] == ["format"]
