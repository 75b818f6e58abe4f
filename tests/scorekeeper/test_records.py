"""The season's records, declared once (scorekeeper/records.py, issue 28.1): any valid record encodes and decodes
back equal, the checker accepts it and normalising it twice changes nothing; an unknown key or a value of the
wrong type is refused, naming where it is; money is one type with one parser."""

from __future__ import annotations

import datetime as dt
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import records
from scorekeeper.engine.timefmt import fmt_mmss
from scorekeeper.season_file.plans import FieldPlan, plans, tag_of
from scorekeeper.seasonfile import FORMAT, check_structure, normalise

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WORD = st.from_regex(r"[a-z][a-z0-9]{0,7}", fullmatch=True)
DATE = st.dates(dt.date(1950, 1, 1), dt.date(2050, 12, 31)).map(dt.date.isoformat)
LEAF = {  # a valid value of each kind of field, by the check its annotation names
    "text": WORD, "email": st.sampled_from(["a@example.org", "captain.otters@example.org"]), "date": DATE,
    "bool": st.booleans(), "time": st.from_regex(r"([01][0-9]|2[0-3]):[0-5][0-9]", fullmatch=True),
    "clock": st.integers(0, 3600).map(fmt_mmss), "game number": st.from_regex(r"W-[0-9]{3}", fullmatch=True),
    "money": st.integers(1, 1_000_000).map(records.cents_to_money), "form": WORD,
    "payer": st.one_of(WORD.map(lambda t: {"team": t}), WORD.map(lambda p: {"player": p})),
    "fine": st.fixed_dictionaries({"game": WORD, "rule": WORD}), "minutes": st.integers(0, 600),
    "points": st.fixed_dictionaries({"home": st.integers(0, 5), "away": st.integers(0, 5)}),
    "assists": st.lists(WORD, max_size=2), "names": st.lists(WORD, max_size=2),
    "name": WORD, "": WORD, "shots": st.fixed_dictionaries({"home": st.lists(st.integers(0, 30), max_size=4)}),
}
SKIPPED = {"signatures", "goalie shots", "audit time", "audit text"}  # checked against other records: not drawn


def _value(p: FieldPlan) -> st.SearchStrategy[Any]:
    if p.check == "choice":
        return st.sampled_from(p.choices)
    if p.check == "range":
        return st.integers(p.lo, p.hi)
    if p.check == "events":
        return st.lists(st.one_of([record_dicts(kind) for kind in records.EVENTS]), max_size=4)
    if p.check == "lineups":
        entries = st.lists(record_dicts(records.LineupEntry), max_size=3, unique_by=lambda e: e["player"])
        return st.fixed_dictionaries({}, optional={"home": entries, "away": entries})
    if p.check in ("officials", "attempts"):
        assert p.record is not None
        return st.lists(record_dicts(p.record), max_size=2)
    return LEAF[p.check]


def record_dicts(record: type[records.Record]) -> st.SearchStrategy[dict[str, Any]]:
    """An object of `record` as a season file holds it, valid by its declaration."""
    required = {p.key: _value(p) for p in plans(record) if p.required}
    optional = {p.key: _value(p) for p in plans(record) if not p.required and p.check not in SKIPPED}
    drawn = st.fixed_dictionaries(required, optional=optional)
    if record.__struct_config__.tag_field:
        drawn = drawn.map(lambda d: {"type": tag_of(record), **d})
    if record is records.Note:
        drawn = drawn.filter(lambda d: ("period" in d) == ("elapsed" in d))
    if record is records.Game:
        drawn = drawn.filter(lambda d: d["home"] != d["away"])
    return drawn


def season_with(name: str, obj: dict[str, Any]) -> dict[str, Any]:
    return {"format": FORMAT, "league": "L", "season": "2015-16", name: [obj]}


@pytest.mark.parametrize("name", list(records.LIST_RECORDS))
def test_any_valid_record_is_accepted_encodes_and_decodes_back_equal(name: str) -> None:
    record = records.LIST_RECORDS[name]

    @SETTINGS
    @given(record_dicts(record))
    def check(obj: dict[str, Any]) -> None:
        assert check_structure(season_with(name, obj)) == []
        value = msgspec.convert(obj, record)
        assert msgspec.json.decode(msgspec.json.encode(value), type=record) == value
        once = normalise(season_with(name, obj))
        assert normalise(once) == once  # an export imported again is the same file
        assert list(once[name][0]) == [k for k in (p.key for p in plans(record)) if k in once[name][0]] or \
            record is records.Division  # its keys in the declaration's order (a division's default coed last)

    check()


@SETTINGS
@given(record_dicts(records.Game), st.integers(0, 3))
def test_an_unknown_key_is_refused_naming_where(game: dict[str, Any], where: int) -> None:
    games = [dict(game, id=f"g{i}") for i in range(4)]
    games[where]["scroer"] = "x"
    problems = check_structure({"format": FORMAT, "league": "L", "season": "S", "games": games})
    assert [(v.where, v.message) for v in problems] == [
        (f"games[{where}].scroer", "unknown key 'scroer' in a game (a typo?)")]
    with pytest.raises(msgspec.ValidationError, match=r"Object contains unknown field `scroer`"):
        msgspec.convert(games[where], records.Game)


@SETTINGS
@given(record_dicts(records.Goal), st.sampled_from(["scorer", "period", "team", "elapsed"]))
def test_a_value_of_the_wrong_type_is_refused_naming_the_path(goal: dict[str, Any], key: str) -> None:
    game = {"id": "g1", "date": "2015-10-04", "time": "19:00", "home": "a", "away": "b",
            "events": [{"type": "note", "text": "x"}] * 7 + [dict(goal, **{key: 12.5})]}
    problems = check_structure({"format": FORMAT, "league": "L", "season": "S", "games": [{}, {}, {}, game]})
    assert f"games[3].events[7].{key}" in [v.where for v in problems if v.message.startswith(f"{key} must be")]
    with pytest.raises(msgspec.ValidationError, match=rf"at `\$\.events\[7\]\.{key}`"):
        msgspec.convert(game, records.Game)


def test_the_checkers_messages_name_the_declared_choices_in_their_order() -> None:
    game = {"id": "g1", "date": "2015-10-04", "time": "19:00", "home": "a", "away": "b",
            "officials": [{"name": "Pat", "role": "umpire"}]}
    problems = check_structure({"format": FORMAT, "league": "L", "season": "S", "games": [game]})
    assert [(v.where, v.message) for v in problems] == [
        ("games[0].officials[0].role", "role must be one of referee, linesman, scorekeeper (got 'umpire')")]


@given(st.integers(-10**9, 10**9))
def test_money_prints_and_parses_back(cents: int) -> None:
    text = str(records.Money(cents))
    assert records.Money.parse(text) == records.Money(cents)
    assert records.money_to_cents(text) == cents and records.cents_to_money(cents) == text


def test_money_reads_the_season_files_texts() -> None:
    assert records.Money.parse("20.00").cents == 2000
    assert records.Money.parse("-0.50").cents == -50
    assert records.Money.parse("12.5").cents == 1250
    assert str(records.Money(5)) == "0.05"
