"""How far a long database step has come (a schema upgrade): `(done, total, what)` calls to a callback.

The core never draws anything: the command line prints lines (`LinePrinter`), the window shows a dialog, each
by handing a callback to `migrate`, or to `reporting` around an open that upgrades (the open's own code then
needs no parameter for it)."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import TextIO

Progress = Callable[[int, int, str], None]
PRINT_AFTER = 1.0  # seconds an upgrade runs before the command line says how far it is

_REPORTER: ContextVar[Progress | None] = ContextVar("scorekeeper_progress", default=None)


@contextlib.contextmanager
def reporting(progress: Progress | None) -> Iterator[None]:
    """Every upgrade run inside reports to `progress` (unless given another)."""
    token = _REPORTER.set(progress)
    try:
        yield
    finally:
        _REPORTER.reset(token)


def current() -> Progress | None:
    """The callback `reporting` set (None: nobody is watching)."""
    return _REPORTER.get()


class Meter:
    """Counts toward `total` and reports each step forward once (never a count twice, never backward)."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress = progress
        self.total = max(total, 1)
        self.done = -1

    def report(self, done: int, what: str) -> None:
        done = min(max(done, 0), self.total)
        if self.progress is not None and done > self.done:
            self.done = done
            self.progress(done, self.total, what)

    def ticker(self, base: int, what: str) -> Callable[[int], None]:
        """`tick(n)` for a step whose work starts at `base`: n of its units done."""
        return lambda n: self.report(base + n, what)


class LinePrinter:
    """Progress as lines on a stream (standard error), only once the work has taken `after` seconds, then at
    most every `every` seconds and the last one always: a quick upgrade prints nothing."""

    def __init__(self, stream: TextIO | None = None, after: float | None = None, every: float = 0.5,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.after = PRINT_AFTER if after is None else after
        self.every, self.clock = every, clock
        self.started: float | None = None
        self.last: float | None = None

    def __call__(self, done: int, total: int, what: str) -> None:
        now = self.clock()
        if self.started is None:
            self.started = now
        if now - self.started < self.after and self.last is None:
            return
        if done < total and self.last is not None and now - self.last < self.every:
            return
        self.last = now
        stream = self.stream or sys.stderr
        print(f"scorekeeper: upgrading the database: {what}, {done:,} of {total:,} ({100 * done // total}%)",
              file=stream, flush=True)
