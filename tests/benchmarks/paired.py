"""The benchmark's pairing and statistics: the sides of a ratio measured in turn in one run, and what a ratio's
JSON `details` entry carries (see run.py's docstring).

Each side is a callable returning a `Cost` (CPU and wall seconds, or any number): `interleave` calls each once
unmeasured, then takes `runs` rounds of A, B, (C...) in that order, so a burst of load on a shared machine falls
on every side of a ratio rather than on one. A ratio's value is the ratio of the sides' medians; its spread is
the least and greatest of the n ratios of one round's two measures (a pair taken seconds apart).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Cost:
    """What one measure took: CPU seconds (user + sys, every thread; a child's through `os.wait4`, or
    `time.process_time` in this process) and wall seconds."""

    cpu: float
    wall: float


def cost_of(fn: Callable[[], Any]) -> Cost:
    """`fn()` in this process, its CPU (`time.process_time`) and wall time."""
    c0, t0 = time.process_time(), time.perf_counter()
    fn()
    return Cost(time.process_time() - c0, time.perf_counter() - t0)


def interleave(sides: Sequence[Callable[[], T]], runs: int, warm: bool = True) -> list[list[T]]:
    """`runs` measures of each side, taken in turn (A, B, ..., A, B, ...) after one unmeasured call of each
    (`warm`): one list of measures per side, in the order taken."""
    if warm:
        for side in sides:
            side()
    out: list[list[T]] = [[] for _ in sides]
    for _ in range(runs):
        for taken, side in zip(out, sides, strict=True):
            taken.append(side())
    return out


def spread(values: Sequence[float]) -> tuple[float, float, float]:
    """Median, least and greatest."""
    return statistics.median(values), min(values), max(values)


def quartiles(values: Sequence[float]) -> tuple[float, float]:
    """The first and third quartiles (inclusive method: the least and greatest of two values)."""
    if len(values) < 2:
        return values[0], values[0]
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[2]


def ratio_details(a: Sequence[Cost], b: Sequence[Cost], by: str = "cpu") -> dict[str, Any]:
    """A paired ratio's details: `value` (the ratio of the medians of `by`, "cpu" or "wall"), `cpu` and `wall`
    (each ratio of medians), `spread` and `iqr` of the n per-round ratios of `by`, `n`, and each side's median
    CPU and wall seconds (`a`, `b`)."""
    if len(a) != len(b) or not a:
        raise ValueError("a paired ratio needs as many measures of each side, at least one")
    cpu = statistics.median(c.cpu for c in a) / statistics.median(c.cpu for c in b)
    wall = statistics.median(c.wall for c in a) / statistics.median(c.wall for c in b)
    rounds = [getattr(x, by) / getattr(y, by) for x, y in zip(a, b, strict=True)]
    return {"value": cpu if by == "cpu" else wall, "by": by, "cpu": cpu, "wall": wall,
            "spread": [min(rounds), max(rounds)], "iqr": list(quartiles(rounds)), "n": len(a),
            "a": side_details(a), "b": side_details(b)}


def side_details(costs: Sequence[Cost]) -> dict[str, Any]:
    """One side's median CPU and wall seconds, with their least and greatest."""
    cpu, wall = spread([c.cpu for c in costs]), spread([c.wall for c in costs])
    return {"cpu": cpu[0], "cpu_spread": [cpu[1], cpu[2]], "wall": wall[0], "wall_spread": [wall[1], wall[2]]}


def worst_step_details(sides: Sequence[Sequence[Cost]], by: str = "wall") -> dict[str, Any]:
    """A scaling figure over sizes measured in turn: the worst ratio of consecutive sizes' medians of `by`, with
    the details of that step's paired ratio."""
    steps = [ratio_details(big, small, by) for small, big in zip(sides, sides[1:], strict=False)]
    return max(steps, key=lambda d: d["value"])
