"""The rulebook schema is declared once (scorekeeper/rulebook/schema.py, issue 19 point 4): the loader reads
exactly the declared keys, takes their ranges, choices and defaults from there, and refuses a key not declared,
naming the table's keys and the nearest one."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.resources import resource_path
from scorekeeper.rulebook import RulebookError, loader, parse_rulebook, schema

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = resource_path("rulebooks", "westridge-2015-16.toml")
RULEBOOKS = (SHIPPED, ROOT / "tests" / "data" / "three-periods-no-optional-tables.toml",
             ROOT / "docs" / "examples" / "pro-league.toml")


def read_keys(text: str) -> tuple[set[str], set[str]]:
    """(leaf keys, tables) the loader reads from rulebook `text`, by their schema paths."""
    seen: set[tuple[str, bool]] = set()
    original = loader._Reader._get

    def recording(self: Any, key: str, default: Any = ...) -> Any:
        value = original(self, key, default)
        is_table = isinstance(value, dict) or (key == "discipline" and isinstance(value, list))
        seen.add((schema.child_path(self.schema, key), is_table))
        return value

    loader._Reader._get = recording  # type: ignore[method-assign]
    try:
        parse_rulebook(text)
    finally:
        loader._Reader._get = original  # type: ignore[method-assign]
    return {p for p, t in seen if not t}, {p for p, t in seen if t}


@pytest.mark.parametrize("path", RULEBOOKS, ids=lambda p: p.name)
def test_every_key_the_loader_reads_is_declared(path: Path):
    keys, tables = read_keys(path.read_text(encoding="utf-8"))
    assert keys - set(schema.KEY_BY_PATH) == set(), "keys read but not declared in scorekeeper/rulebook/schema.py"
    assert tables - set(schema.TABLE_BY_PATH) == set(), "tables read but not declared"


def test_every_declared_key_and_table_is_read_by_the_loader():
    keys: set[str] = set()
    tables: set[str] = set()
    for path in RULEBOOKS:
        k, t = read_keys(path.read_text(encoding="utf-8"))
        keys, tables = keys | k, tables | t
    assert set(schema.KEY_BY_PATH) - keys == set(), "declared keys the loader never reads"
    assert set(schema.TABLE_BY_PATH) - tables - {""} == set(), "declared tables the loader never reads"


def test_every_key_of_the_shipped_rulebook_file_is_declared():
    def paths(table: dict[str, Any], prefix: str) -> set[str]:
        out: set[str] = set()
        for name, value in table.items():
            here = schema.child_path(prefix, name)
            if isinstance(value, dict):
                out |= paths(value, here)
            elif isinstance(value, list) and value and isinstance(value[0], dict):
                for row in value:
                    out |= paths(row, here)
            else:
                out.add(here)
        return out

    for path in RULEBOOKS:
        found = paths(tomllib.loads(path.read_text(encoding="utf-8")), "")
        assert found - set(schema.KEY_BY_PATH) == set(), path.name


def test_every_declaration_says_its_type_default_and_meaning_for_people():
    for key in schema.KEYS:
        assert key.table in schema.TABLE_BY_PATH, key.path
        assert key.meaning.endswith(".") and len(key.meaning) > 10, key.path
        assert key.type_words() and key.default_words(), key.path
        assert key.lo <= key.hi, key.path
        if key.off is not schema.NOT_GIVEN:
            assert schema.TABLE_BY_PATH[key.table].presence in ("switch", "when on"), (
                f"{key.path}: only a key of a table that can be switched off has an off value")
        if key.absent is not schema.NOT_GIVEN:
            assert schema.TABLE_BY_PATH[key.table].presence == "optional", (
                f"{key.path}: only a key of a table the file may leave out has a value for it left out")
    for table in schema.TABLES:
        assert table.meaning.endswith("."), table.path


def _shipped_with(old: str, new: str) -> str:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("period_min = 20", "period_mins = 20", "key 'clock.period_mins': is not a key Scorekeeper knows (did you mean "
     "'period_min'? this table's keys are periods, period_min, period_word, stop_time_last_min)"),
    ("[icing]", "[icing]\nshort_handed_may_ize = true", "key 'icing.short_handed_may_ize': is not a key Scorekeeper "
     "knows (did you mean 'short_handed_may_ice'?"),
    ("[overtime.playoff]", "[overtime.playof]", "key 'overtime.playof': is not a key Scorekeeper knows (did you mean "
     "'playoff'? this table's keys are regular, playoff)"),
    ("[penalties.classes.bench_minor]", "[penalties.classes.bench_minr]", "key 'penalties.classes.bench_minr': "
     "is not a key Scorekeeper knows (did you mean 'bench_minor'? this table's keys are minor, bench_minor, major, "
     "misconduct, game_misconduct, gross_misconduct, match)"),
    ("[on_ice]", "[on_ice]\nzamboni = 1", "key 'on_ice.zamboni': is not a key Scorekeeper knows (a typo? this "
     "table's keys are max, min)"),
    ("[clock]", "[clocks]\nperiods = 2\n[clock]", "key 'clocks': is not a key Scorekeeper knows (did you mean "
     "'clock'?"),
])
def test_a_key_not_declared_is_refused_naming_the_tables_keys_and_the_nearest(old: str, new: str, message: str):
    with pytest.raises(RulebookError) as caught:
        parse_rulebook(_shipped_with(old, new), origin="league.toml")
    assert f"league.toml: {message}" in str(caught.value)


def _header(key: schema.Key) -> str | None:
    """Where the shipped file holds `key`'s table: '[clock]', its first '[[discipline]]' or '[infractions.CODE]'
    (None: the top level)."""
    if not key.table:
        return None
    if key.table == "discipline[]":
        return "[[discipline]]"
    if key.table.endswith(".*"):
        parent = key.table[:-2]
        first = next(iter(_lookup(tomllib.loads(SHIPPED.read_text(encoding="utf-8")), parent.split("."))))
        return f"[{parent}.{first}]"
    return f"[{key.table}]"


def _with_value(key: schema.Key, value: str) -> str:
    """The shipped rulebook with `key` (in its first table) set to `value`, TOML text."""
    text = SHIPPED.read_text(encoding="utf-8")
    header = _header(key)
    if header is None:
        return re.sub(rf"^{key.name} = .*$", f"{key.name} = {value}", text, count=1, flags=re.MULTILINE)
    head, tail = text.split(header, 1)
    body, sep, rest = tail.partition("\n[")
    body = re.sub(rf"^{key.name} = .*\n", "", body, flags=re.MULTILINE)
    return f"{head}{header}\n{key.name} = {value}{body}{sep}{rest}"


def _lookup(data: dict[str, Any], parts: list[str]) -> dict[str, Any]:
    for part in parts:
        data = data[part]
    return data


NUMBERS = [k for k in schema.KEYS if k.kind == schema.NUMBER and not k.table.startswith("coed.caps.")]


@pytest.mark.parametrize("key", NUMBERS, ids=lambda k: k.path)
def test_a_number_outside_its_declared_range_is_refused_with_that_range(key: schema.Key):
    """The range in the message is the declaration's: no number is written twice."""
    with pytest.raises(RulebookError, match=rf"{re.escape(key.name)}': must be between {key.lo} and {key.hi} "
                                            rf"\(got {key.hi + 1}\)"):
        parse_rulebook(_with_value(key, str(key.hi + 1)))
    if key.lo > 0:
        with pytest.raises(RulebookError, match=rf"must be between {key.lo} and {key.hi} \(got {key.lo - 1}\)"):
            parse_rulebook(_with_value(key, str(key.lo - 1)))


def test_a_coed_cap_outside_its_declared_range_is_refused():
    text = _shipped_with("with_goalie = { m = 3, f = 5 }", "with_goalie = { m = 21, f = 5 }")
    with pytest.raises(RulebookError, match=r"coed.caps.with_goalie.m': must be between 0 and 20 \(got 21\)"):
        parse_rulebook(text)


@pytest.mark.parametrize("key", [k for k in schema.KEYS if k.kind == schema.TEXT and k.choices],
                         ids=lambda k: k.path)
def test_a_text_outside_its_declared_choices_is_refused_naming_them(key: schema.Key):
    with pytest.raises(RulebookError, match=rf"must be one of {re.escape(', '.join(key.choices or ()))} "
                                            rf"\(got 'nonsense'\)"):
        parse_rulebook(_with_value(key, '"nonsense"'))


def _without(key: schema.Key) -> str:
    """The shipped rulebook with `key` left out of its first table (where it is there)."""
    text = SHIPPED.read_text(encoding="utf-8")
    header = _header(key)
    if header is None:
        return re.sub(rf"^{key.name} = .*\n", "", text, count=1, flags=re.MULTILINE)
    head, tail = text.split(header, 1)
    body, sep, rest = tail.partition("\n[")
    body = re.sub(rf"^{key.name} = .*\n", "", body, flags=re.MULTILINE)
    return f"{head}{header}{body}{sep}{rest}"


DEFAULTED = [k for k in schema.KEYS if k.default not in (schema.REQUIRED, None)
             and not isinstance(k.default, schema.Derived) and not k.table.startswith("coed.caps.")
             and (_header(k) or "") in SHIPPED.read_text(encoding="utf-8")]  # [coed] itself: only [coed.caps]


@pytest.mark.parametrize("key", DEFAULTED, ids=lambda k: k.path)
def test_a_key_left_out_reads_as_its_declared_default(key: schema.Key):
    """Leaving a key out and writing its declared default give the same rulebook: the default the reference
    documents is the one applied."""
    written = parse_rulebook(_with_value(key, schema.toml_value(key.default)))
    left_out = parse_rulebook(_without(key))
    assert written == left_out


def test_the_defaults_of_a_table_left_out_are_the_declared_ones():
    text = SHIPPED.read_text(encoding="utf-8")
    start = text.index("[injured_goalie]")
    end = text.index("\n[", start + 1)
    book = parse_rulebook(text[:start] + text[end + 1:])
    assert book.injured_goalie.recover_min == schema.key("injured_goalie.recover_min").default
    assert book.injured_goalie.substitute_min == schema.key("injured_goalie.substitute_min").default
    assert loader.NO_OVERTIME.max_periods == schema.key("overtime.*.max_periods").off


def test_a_table_left_out_reads_as_the_values_declared_for_it_left_out():
    def left_out(table: str) -> dict[str, Any]:
        return {k.name: k.absent for k in schema.keys_of(table)}

    book = parse_rulebook(RULEBOOKS[1].read_text(encoding="utf-8"))  # no discipline family, no eligibility
    assert book.suspensions == left_out("suspensions")
    assert (book.appeal_fee_cents, list(book.appeal_channels)) == tuple(left_out("appeals").values())
    assert book.default_fine_payer == left_out("fines")["default_payer"]
    assert (book.eligibility.playoff_min_games, book.eligibility.mask_under_age) == tuple(
        left_out("eligibility").values())
