"""A season file's line-up entries: the quick look that passes a clean entry (season_file.checks._clean_entry)
passes only what the full checks of its keys and fields pass, so the problems found in any line-up, and their
order, are those the full checks find; and an entry's normal form written out (season_file.normal._entry) is the
one the declaration's steps make. Any record's keys passed at a glance (no unknown, none missing, none null) are
those the key-by-key look passes, with the same problems told otherwise."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.records import EVENT_KINDS, Game, LineupEntry, Player
from scorekeeper.season_file import checks
from scorekeeper.season_file.checks import Checker, _clean_entry
from scorekeeper.season_file.normal import _step, looped, normaliser
from scorekeeper.season_file.plans import plan_of, plans

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-5, 120), st.floats(allow_nan=False),
                   st.sampled_from(["", " ", "p1", "p2", "p3", "x"]), st.lists(st.integers(), max_size=1))
KEYS = st.sampled_from(["player", "number", "goalie", "captain", "nmber", "type"])
ENTRIES = st.one_of(st.dictionaries(KEYS, VALUES, max_size=5),
                    st.fixed_dictionaries({"player": st.sampled_from(["p1", "p2", "p3"])},
                                          optional={"number": st.one_of(st.none(), st.integers(-1, 100)),
                                                    "goalie": st.one_of(st.none(), st.booleans()),
                                                    "captain": st.one_of(st.none(), st.booleans())}),
                   VALUES)


def _problems(lineups: Any) -> list[tuple[str, str]]:
    c = Checker()
    checks._lineups(c, {"lineups": lineups}, plan_of(Game)["lineups"], "games[0]")
    return [(v.where, v.message) for v in c.errors]


def _full(lineups: Any) -> list[tuple[str, str]]:
    cached = checks._clean_entry
    checks._clean_entry = lambda: None  # type: ignore[assignment]  # every entry checked in full
    try:
        return _problems(lineups)
    finally:
        checks._clean_entry = cached


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({}, optional={"home": st.lists(ENTRIES, max_size=5),
                                           "away": st.lists(ENTRIES, max_size=5)}))
def test_a_line_up_s_problems_are_those_of_the_full_checks(lineups: dict[str, list[Any]]):
    assert _problems(lineups) == _full(lineups)


@settings(max_examples=300, deadline=None)
@given(ENTRIES)
def test_an_entry_passed_as_clean_has_no_problem_in_the_full_checks(entry: Any):
    clean = _clean_entry()
    assert clean is not None  # the declaration checks an entry as the quick look knows
    if clean(entry):
        c = Checker()
        assert c.keys(entry, LineupEntry, "e") and c.record(entry, LineupEntry, "e") and not c.errors


def test_a_dressed_twice_player_and_a_bad_number_are_still_told():
    found = _problems({"home": [{"player": "p1"}, {"player": "p1", "number": 100}, {"player": "p2", "nmber": 3}]})
    assert [w for w, _ in found] == ["games[0].lineups.home[1].number", "games[0].lineups.home[1]",
                                     "games[0].lineups.home[2].nmber"]


@settings(max_examples=300, deadline=None)
@given(ENTRIES)
def test_an_entry_s_normal_form_is_the_one_its_declared_steps_make(entry: Any):
    clean = _clean_entry()
    assert clean is not None
    if clean(entry):  # normalised only once checked
        made = normaliser(LineupEntry)(entry)
        assert list(made.items()) == list(looped([_step(p) for p in plans(LineupEntry)], None)(entry).items())


RECORDS = st.sampled_from([LineupEntry, Player, Game, *EVENT_KINDS.values()])


@settings(max_examples=300, deadline=None)
@given(RECORDS, st.data())
def test_a_record_s_keys_are_judged_as_key_by_key(record: Any, data: st.DataObject):
    names = sorted(plan_of(record)) + ["typo"]
    obj = data.draw(st.dictionaries(st.sampled_from(names), st.one_of(st.none(), st.just("x")), max_size=len(names)))
    quick, full = Checker(), Checker()
    cached = checks._declared
    checks._declared = lambda record: frozenset()  # type: ignore[assignment]  # never at a glance
    try:
        full_ok = full.keys(obj, record, "o")
    finally:
        checks._declared = cached
    assert quick.keys(obj, record, "o") == full_ok
    assert [(v.where, v.message) for v in quick.errors] == [(v.where, v.message) for v in full.errors]
