"""The tabs out of sight fill in after the one in front (issue 29.4): a table a turn of the event loop (each tab's
`show_season_steps`), so a key pressed at the boards is handled between two tables' loads, and a note in the
status bar says what is still loading once the filling has taken over a second.

The season itself is read before that on a worker thread (`ui.season_reader`, issue 29.4), with its own
connection and its own pinned binding of the models (`db.base.ThreadBoundProxy.pinned`); the tables are filled here, on
the event loop, from the view it read: every widget is drawn on the GUI thread, and the facade's season caches
are used from that thread alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel, QWidget

SLOW = 1.0
"""Seconds of filling after which the status bar says what is loading."""
SETTLE_MS = 15
"""After the note changes, the next load waits this long: the status bar is drawn before the load holds the loop."""


class TabFill(QObject):
    """Fills the tabs `waiting()` names, the first first, a step per turn of the event loop: `steps(tab)` yields
    between its tables, `done(tab)` follows its last; `note` says "Loading …" (`what(tab)`) while the filling has
    taken over `SLOW` seconds. A tab `waiting()` no longer names (loaded at once, brought to the front) is left."""

    def __init__(
        self,
        parent: QWidget,
        waiting: Callable[[], Sequence[QWidget]],
        steps: Callable[[QWidget], Generator[None, None, None]],
        done: Callable[[QWidget], None],
        what: Callable[[QWidget], str],
        note: QLabel,
    ) -> None:
        super().__init__(parent)
        self._waiting, self._steps, self._done, self._what, self.note = waiting, steps, done, what, note
        self.started: float | None = None
        self._tab: QWidget | None = None
        self._loading: Generator[None, None, None] | None = None
        self._turn = QTimer(self)
        self._turn.setSingleShot(True)
        self._turn.timeout.connect(self._step)
        self._slow = QTimer(self)
        self._slow.setSingleShot(True)
        self._slow.timeout.connect(self._say)
        note.hide()

    @property
    def busy(self) -> bool:
        """True while tabs are still to load."""
        return self.started is not None

    def start(self) -> None:
        """Fill what `waiting()` names from the next turn of the event loop on; a tab half filled starts again (the
        season shown changed)."""
        self._drop()
        if self.started is None:
            self.started = time.monotonic()
            self._slow.start(int(SLOW * 1000))
        self._turn.start(0)

    def stop(self) -> None:
        """Nothing more loads (filled, or the window closes); the note goes."""
        self._drop()
        self.started = None
        self._turn.stop()
        self._slow.stop()
        self.note.hide()

    def _drop(self) -> None:
        if self._loading is not None:
            loading, self._loading, self._tab = self._loading, None, None
            loading.close()  # half filled: it stays waiting, and fills afresh

    def _step(self) -> None:
        waiting = list(self._waiting())
        if self._tab is not None and self._tab not in waiting:
            self._drop()  # loaded meanwhile (brought to the front)
        if self._loading is None:
            if not waiting or self.started is None:
                self.stop()
                return
            if time.monotonic() - self.started >= SLOW and self._say(waiting[0]):
                self._turn.start(SETTLE_MS)  # the note drawn first: this tab loads on a later turn
                return
            self._tab, self._loading = waiting[0], self._steps(waiting[0])
        try:
            next(self._loading)
        except StopIteration:
            tab, self._tab, self._loading = waiting[0] if self._tab is None else self._tab, None, None
            self._done(tab)
        self._turn.start(0)

    def _say(self, tab: QWidget | None = None) -> bool:
        """Show what loads now (`tab`, else the first waiting); True when the note changed."""
        if tab is None:
            waiting = list(self._waiting())
            if not waiting or self.started is None:
                return False
            tab = waiting[0]
        text = f"{self._what(tab)}  "
        if self.note.isVisible() and self.note.text() == text:
            return False
        self.note.setText(text)
        self.note.show()
        return True
