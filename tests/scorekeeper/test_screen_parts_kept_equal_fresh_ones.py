"""The parts of a game's screen kept from its last screen (`facade.screen_memo`, issue 29) are what freezing the new
values afresh gives, type for type: random plain values like a live panel or a games-list row (dicts of texts,
numbers, truth values, None, lists and dicts), each changed at random from the one before, shown in turn."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.facade.screen_memo import ScreenMemo, frozen_again
from scorekeeper.facade.screens import _frozen

# numbers no truth value equals (a part keeps its kind from screen to screen: the live panel's and the row's are
# typed, `LiveState` and `GameRow`; True == 1 would be a part of another kind)
SCALARS = st.one_of(st.none(), st.booleans(), st.sampled_from([2, 3, 7, 40]), st.sampled_from(["", "a", "b", "05:00"]),
                    st.sampled_from([1.5, 2.5]))
KEYS = st.sampled_from(["t", "score", "teams", "home", "away", "box", "over", "icing"])
PLAIN = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                     st.dictionaries(KEYS, inner, max_size=4)), max_leaves=12)


def typed(value: Any) -> Any:
    """A frozen value spelled out with every part's type, so equal-but-other-typed parts (1 and True) differ."""
    if isinstance(value, Mapping):
        return ("map", type(value).__name__, tuple((k, typed(v)) for k, v in value.items()))
    if isinstance(value, tuple | list):
        return ("seq", type(value).__name__, tuple(typed(v) for v in value))
    return (type(value).__name__, value)


@settings(max_examples=300, deadline=None)
@given(before=PLAIN, value=PLAIN)
def test_a_value_frozen_again_from_the_one_before_is_the_value_frozen_afresh(before: Any, value: Any) -> None:
    assert typed(frozen_again(value, before, _frozen(before), _frozen)) == typed(_frozen(value))


@settings(max_examples=200, deadline=None)
@given(shown=st.lists(st.dictionaries(KEYS, PLAIN, max_size=5), min_size=1, max_size=6))
def test_each_part_the_memo_shows_is_the_part_frozen_afresh(shown: list[dict[str, Any]]) -> None:
    memo = ScreenMemo(_frozen)
    for value in shown:
        assert typed(memo.frozen("g1", "live", value)) == typed(_frozen(value))


@settings(max_examples=100, deadline=None)
@given(shots=st.lists(st.one_of(st.none(), st.dictionaries(st.sampled_from(["home", "away"]),
                                                            st.lists(st.integers(0, 30), max_size=4), max_size=2)),
                      min_size=1, max_size=5))
def test_the_shots_the_memo_shows_are_the_games_shots_read_afresh(shots: list[dict[str, list[int]] | None]) -> None:
    memo = ScreenMemo(_frozen)
    for given_shots in shots:
        fresh = MappingProxyType({side: tuple(int(n) for n in per) for side, per in (given_shots or {}).items()})
        assert typed(memo.shots("g1", given_shots)) == typed(fresh)
