"""Issue 28.1: the store's mapping between rows and records comes from the declaration (scorekeeper/db/record_rows.py).
Every declared field of a stored record has a column of its model or a declared exception, so a field cannot be
declared and silently dropped by the store; and an object written through the mapping reads back the same."""

from __future__ import annotations

import datetime as dt
import inspect
import typing
from typing import Any

import pytest

from scorekeeper import records, season_data
from scorekeeper.db import models
from scorekeeper.db.record_rows import APART, MODELS, RecordRows, rows_of
from scorekeeper.season_file.plans import plans


def test_every_list_of_the_season_file_and_every_record_inside_a_game_is_stored():
    assert set(records.LIST_RECORDS.values()) <= set(MODELS)
    assert {records.LineupEntry, records.Signature} <= set(MODELS)


@pytest.mark.parametrize("record", list(MODELS), ids=lambda r: r.__name__)
def test_every_declared_field_of_a_stored_record_has_a_column_or_a_declared_exception(record: type[records.Record]):
    mapping = rows_of(record)
    stored = {f.key for f in mapping.fields}
    declared = {p.key for p in plans(record)}
    assert declared == stored | APART.get(record, frozenset())
    assert not stored & APART.get(record, frozenset())
    columns = mapping.model._meta.fields
    assert all(f.column in columns for f in mapping.fields)


class PaintedGame(records.Game, frozen=True, kw_only=True):
    """A game declared with a field its model has no column for."""

    paint: str | None = None


def test_a_declared_field_without_a_column_is_refused_naming_it(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(MODELS, PaintedGame, models.Game)
    monkeypatch.setitem(APART, PaintedGame, APART[records.Game])
    with pytest.raises(LookupError, match=r"PaintedGame\.paint: Game has no column 'paint'"):
        RecordRows(PaintedGame)


def _row(mapping: RecordRows, values: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(values.get(f.column) for f in mapping.fields)


def test_a_game_written_through_the_mapping_reads_back_the_same():
    game = {"id": "g1", "number": "W-014", "date": "2016-01-17", "time": "19:30", "curfew": "21:00", "rink": "Rink 2",
            "stage": "playoff", "home": "otters", "away": "owls", "status": "final",
            "lineups": {"home": [], "away": []}, "events": [], "referees": ["Zoë Ref"],
            "officials": [{"name": "Al", "role": "linesman"}], "shots": {"home": [3, 4], "away": [5]},
            "goalie_shots": [{"goalie": "p1", "shots": 7}], "notes": "cold ice"}
    mapping = rows_of(records.Game)
    values = mapping.writer({"team": {"otters": 1, "owls": 2}})(game)
    assert values["date"] == dt.date(2016, 1, 17) and values["home"] == 1 and values["curfew"] == "21:00"
    assert values["referees"] == '["Zoë Ref"]'  # JSON text as earlier versions wrote it
    read = mapping.reader({"team": {1: "otters", 2: "owls"}}, {
        "lineups": lambda row: {"home": [], "away": []}, "events": lambda row: [], "signatures": lambda row: None})
    assert read(_row(mapping, {**values, "ext_id": "g1"})) == game
    assert list(read(_row(mapping, {**values, "ext_id": "g1"}))) == list(game)  # the declared order


def test_a_key_the_object_lacks_takes_the_declared_default_and_none_is_left_out_on_reading():
    mapping = rows_of(records.Signing)
    values = mapping.writer({"team": {"otters": 1}, "player": {"p1": 9}})({"team": "otters", "player": "p1",
                                                                          "number": 7})
    assert values == {"team": 1, "player": 9, "number": 7, "position": "skater", "signed": None, "released": None}
    read = mapping.reader({"team": {1: "otters"}, "player": {9: "p1"}})
    assert read(_row(mapping, values)) == {"team": "otters", "player": "p1", "number": 7, "position": "skater"}


def test_every_stored_record_reads_and_writes_its_declared_form_for_the_type_checker():
    """`rows_of` has an overload for each stored record, typing its rows' objects with the record's ...Data."""
    typed = {}
    for overload in typing.get_overloads(rows_of):
        sig = inspect.signature(overload)
        typed[sig.parameters["record"].annotation] = sig.return_annotation
    for record in MODELS:
        data = f"{record.__name__}Data"
        assert hasattr(season_data, data)
        assert typed.get(f"type[records.{record.__name__}]") == f"RecordRows[{data}]"
