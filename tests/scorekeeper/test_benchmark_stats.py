"""The benchmark's pairing and statistics (tests/benchmarks/paired.py): sides taken in turn after one warm-up
call each, and a ratio's median, spread and quartiles from known samples."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.benchmarks.paired import (
    Cost,
    interleave,
    quartiles,
    ratio_details,
    side_details,
    spread,
    worst_step_details,
)


def test_sides_are_taken_in_turn_after_one_warm_up_each() -> None:
    calls: list[str] = []

    def side(name: str) -> Callable[[], int]:
        def take() -> int:
            calls.append(name)
            return len(calls)

        return take

    a, b, c = interleave([side("a"), side("b"), side("c")], 3)
    assert calls == ["a", "b", "c"] + ["a", "b", "c"] * 3
    assert (a, b, c) == ([4, 7, 10], [5, 8, 11], [6, 9, 12])  # the warm-up calls are not kept


def test_no_warm_up_when_asked() -> None:
    calls: list[int] = []

    def take() -> int:
        calls.append(1)
        return len(calls)

    (taken,) = interleave([take], 2, warm=False)
    assert taken == [1, 2]


def test_median_spread_and_quartiles_of_known_samples() -> None:
    assert spread([5.0, 1.0, 3.0, 2.0, 4.0]) == (3.0, 1.0, 5.0)
    assert spread([4.0, 1.0, 3.0, 2.0]) == (2.5, 1.0, 4.0)
    assert quartiles([1.0, 2.0, 3.0, 4.0, 5.0]) == (2.0, 4.0)
    assert quartiles([7.0]) == (7.0, 7.0)


def test_a_paired_ratio_is_the_ratio_of_medians_with_the_spread_of_each_round() -> None:
    a = [Cost(2.0, 4.0), Cost(3.0, 6.0), Cost(9.0, 5.0), Cost(4.0, 8.0), Cost(2.5, 5.0)]
    b = [Cost(1.0, 1.0), Cost(1.0, 2.0), Cost(3.0, 1.0), Cost(2.0, 2.0), Cost(1.0, 1.0)]
    d = ratio_details(a, b)
    assert d["by"] == "cpu" and d["n"] == 5
    assert d["value"] == d["cpu"] == pytest.approx(3.0 / 1.0)  # medians 3.0 and 1.0
    assert d["wall"] == pytest.approx(5.0 / 1.0)  # medians 5.0 and 1.0
    assert d["spread"] == pytest.approx([2.0, 3.0])  # the rounds: 2, 3, 3, 2, 2.5
    assert d["iqr"] == pytest.approx([2.0, 3.0])
    assert d["a"] == side_details(a) == {"cpu": 3.0, "cpu_spread": [2.0, 9.0], "wall": 5.0, "wall_spread": [4.0, 8.0]}
    by_wall = ratio_details(a, b, "wall")
    assert by_wall["value"] == pytest.approx(5.0) and by_wall["spread"] == pytest.approx([3.0, 5.0])


def test_a_ratio_needs_as_many_measures_of_each_side() -> None:
    with pytest.raises(ValueError):
        ratio_details([Cost(1.0, 1.0)], [])


def test_a_scaling_figure_is_its_worst_step() -> None:
    small = [Cost(1.0, 1.0)] * 3
    middle = [Cost(3.0, 4.0)] * 3
    big = [Cost(15.0, 8.0)] * 3
    assert worst_step_details([small, middle, big], "cpu")["value"] == pytest.approx(5.0)  # 3x, then 5x
    assert worst_step_details([small, middle, big], "wall")["value"] == pytest.approx(4.0)  # 4x, then 2x
