"""Python's garbage collector tuned for a program that holds a season in memory.

Reading a season builds hundreds of thousands of long-lived objects (games, events, computed game states). With
the interpreter's default thresholds (a young collection every 700 allocations, a full one every 100 of those)
the collector walks that heap again and again while a season is read, so reading a season of 4N games costs
more than four times reading one of N. The collector stays on; it runs less often.
"""

from __future__ import annotations

import gc

YOUNG, MIDDLE, OLD = 50_000, 20, 20  # allocations before a young collection; young (middle) ones before the next


def tune() -> None:
    """Set the program's collection thresholds (called once, when the program starts)."""
    gc.set_threshold(YOUNG, MIDDLE, OLD)
