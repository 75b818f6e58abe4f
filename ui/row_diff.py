"""Where a table's new rows differ from the rows it shows (`differing`): the models signal only those rows."""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any

Row = Mapping[str, Any]


def differing(old: Sequence[Row], new: Sequence[Row]) -> tuple[int, int, int]:
    """Where `new` differs from `old`: the first row that differs, and where the rows that differ end in each
    (the rows after them are the same). A row handed back as it was (the same object) is not compared: runs of
    such rows are skipped in C (`_same_run`), the rows of a long list are not walked one by one in Python."""
    head = _same_run(old, new)
    tail = _same_run(old[head:][::-1], new[head:][::-1])
    return head, len(old) - tail, len(new) - tail


def _same_run(old: Sequence[Row], new: Sequence[Row]) -> int:
    """How many rows from the start of `old` and `new` are the same (the same object, or equal)."""
    end = min(len(old), len(new))
    at = 0
    while at < end:
        same = list(map(operator.is_, old[at:end], new[at:end]))
        if all(same):
            return end
        at += same.index(False)
        if old[at] != new[at]:
            return at
        at += 1
    return end
