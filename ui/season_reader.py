"""The season read on a worker thread while the window is already usable (issue 29.4): the Live Game tab lists the
games from a narrow read (`Services.game_list`), and the whole season (`scorekeeper.season.background`) is read on
a thread with its own connection; its view reaches the window's thread through a queued signal, and is taken over
only if nothing was written meanwhile and the season is still the one shown. The window's thread never waits
for it: a person who acts first (picks a game, types a goal) has the season read there, and the worker's view is
dropped. Closing the window stops the read (SQLite: interrupted mid-query).
"""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

if TYPE_CHECKING:
    from scorekeeper.services import SeasonRead, Services

SLOW_MS = 1000
"""After this long, the status bar says the season is being read."""


class SeasonReader(QObject):
    """Reads one season at a time on a worker thread; `arrived(season name, view or None)` on the window's thread
    once it is read (None: it failed, or it was stopped) and taken over (`svc.remember_view`), or not."""

    arrived = Signal(str, bool)
    """(season name, whether its view was taken over): emitted on the window's thread."""
    _done = Signal(object, object)  # (the read, its view or an exception): from the worker thread, queued
    slow = Signal(bool)
    """True once a read has taken over `SLOW_MS`; False when it ends."""

    def __init__(self, svc: Services, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.svc = svc
        self._read: SeasonRead | None = None
        self._thread: threading.Thread | None = None
        self._name = ""
        self._writes = 0
        self._writes_at_start = 0
        self._done.connect(self._finished)
        self._slow = QTimer(self)
        self._slow.setSingleShot(True)
        self._slow.timeout.connect(lambda: self.slow.emit(True))

    @property
    def busy(self) -> bool:
        return self._read is not None

    def wrote(self) -> None:
        """Something was written (the window's hub): a view read before it is not taken over."""
        self._writes += 1

    def start(self, name: str) -> None:
        """Read season `name` on the worker thread (a read of another season under way is stopped)."""
        self.stop(wait=False)
        self._name, self._writes_at_start = name, self._writes
        read = self._read = self.svc.season_read(name)

        def work() -> None:
            try:
                result: object = read.run()
            except BaseException as exc:  # noqa: BLE001 - handed to the window's thread, which reads itself
                result = exc
            with contextlib.suppress(RuntimeError):  # the window (and this object) gone meanwhile: nobody waits
                self._done.emit(read, result)

        self._thread = threading.Thread(target=work, name=f"season {name}", daemon=True)
        self._thread.start()
        self._slow.start(SLOW_MS)

    def stop(self, wait: bool = True) -> None:
        """Stop the read under way, if any; `wait`: until its thread has let go of its connection (the window
        closes: interrupted, it ends within a query's step)."""
        read, thread = self._read, self._thread
        self._read = self._thread = None
        self._slow.stop()
        if read is not None:
            read.cancel()
            self.slow.emit(False)
        if wait and thread is not None:
            thread.join(10)

    def _finished(self, read: SeasonRead, result: object) -> None:
        if read is not self._read:
            return  # stopped: another season, or the window closes
        self._read = self._thread = None
        self._slow.stop()
        self.slow.emit(False)
        taken = not isinstance(result, BaseException) and self._writes == self._writes_at_start and read.take()
        self.arrived.emit(self._name, taken)
