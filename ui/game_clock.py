"""The game clock at the boards: counts up within a period, started, paused and corrected by the scorekeeper.

It keeps its own time with a monotonic clock (a QTimer only redraws), stops by itself at the end of the
period, and can be saved and restored as a small dict (wall-clock time included) so a window killed in the
middle of a game resumes with the clock where it was.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TypedDict

from PySide6.QtCore import QEvent, QObject, QRegularExpression, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox, QWidget

from ui.accessible import say

MMSS = re.compile(r"^\s*(\d{1,3})(?::(\d{1,2}))?\s*$")


def fmt(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def parse_time(text: str) -> int | None:
    """'12:34' -> 754; '1234' -> 754; '7' -> 420 (minutes); None when it is no time."""
    text = text.strip()
    if ":" not in text and text.isdigit() and len(text) > 2:
        text = f"{text[:-2]}:{text[-2:]}"
    match = MMSS.match(text)
    if not match:
        return None
    minutes, seconds = int(match.group(1)), int(match.group(2) or 0)
    return None if seconds >= 60 else minutes * 60 + seconds


def period_name(period: int, regulation: int = 2, word: str = "half") -> str:
    """'1st half', '2nd half', then 'OT', 'OT2' ... (the rulebook's number of periods and its word for one;
    without a word: '1st', '2nd')."""
    if period <= regulation:
        ordinal = f"{period}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(period, 'th')}"
        return f"{ordinal} {word}" if word else ordinal
    return "OT" if period == regulation + 1 else f"OT{period - regulation}"


class ClockState(TypedDict, total=False):
    """Where the clock is, as `GameClock.state()` writes it (and the settings keep it, as JSON, per game)."""

    period: int
    seconds: int
    running: bool
    saved: float  # when it was written (`time.time()`)


class GameClock(QWidget):
    """Period and MM:SS elapsed in it; Start/Pause; the time field corrects it while paused."""

    changed = Signal()
    """The period or the time moved (each second while running, and on every correction)."""
    moved = Signal()
    """The scorekeeper started, paused or corrected the clock: the moment to save it."""
    refused = Signal(int, str, str)
    """A time typed (F2) that the period cannot hold: period, the time as typed (MM:SS) and why. The clock
    stays where it was and the field keeps the time, selected, to be corrected."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._period_length: Callable[[int], int] = lambda period: 20 * 60
        self._regulation, self._word = 2, "half"
        self._base = 0
        self._started: float | None = None
        self._last_shown = -1
        self.held = False
        """Entry from a paper sheet (issue 27): the clock does not run; each entry's time is typed."""

        self.period = QSpinBox(self)
        self.period.setRange(1, 9)
        self.period.setPrefix("Period ")
        self.period.setToolTip("1 and 2: the halves; 3 and after: overtime")
        self.period.setAccessibleName("Period")
        self.time = QLineEdit("00:00", self)
        self.time.setObjectName("clockTime")
        self.time.setAccessibleName("Clock time")
        self.time.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,3}:?\d{0,2}"), self))
        self.time.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.time.font())
        font.setPointSizeF(font.pointSizeF() * 1.9)
        font.setBold(True)
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.time.setFont(font)
        self.time.setFixedWidth(self.time.fontMetrics().horizontalAdvance("000:000"))
        self.time.setToolTip("Time elapsed in the period. Pause the clock, type the right time and press Enter "
                             "to correct it (F2)")
        self.button = QPushButton("Start", self)
        self.button.setToolTip("Start or pause the clock (Ctrl+T)")
        self.button.setFixedWidth(self.button.fontMetrics().horizontalAdvance("Pause") + 36)
        self.period_name = QLabel(self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.period)
        layout.addWidget(self.time)
        layout.addWidget(self.button)
        layout.addWidget(self.period_name)

        self.timer = QTimer(self)
        self.timer.setInterval(200)
        self.timer.timeout.connect(self._tick)
        self.button.clicked.connect(self.toggle)
        self.time.editingFinished.connect(self._typed)
        self.period.valueChanged.connect(self._period_changed)
        self.period.installEventFilter(self)
        self._show()

    # -- reading -------------------------------------------------------------------------------------------
    def set_period_length(self, length: Callable[[int], int], regulation: int = 2, word: str = "half") -> None:
        """How long period n lasts, in seconds, how many regulation periods there are and what one is called
        (from the rulebook in force)."""
        self._period_length = length
        self._regulation, self._word = regulation, word
        self.period.setToolTip(f"1 to {regulation}: the {word}s; {regulation + 1} and after: overtime")
        self._show()

    @property
    def word(self) -> str:
        """What the rulebook calls a period ("half", "period")."""
        return self._word

    def seconds(self) -> int:
        elapsed = self._base
        if self._started is not None:
            elapsed += int(time.monotonic() - self._started)
        return min(elapsed, self._period_length(self.period.value()))

    def elapsed(self) -> str:
        return fmt(self.seconds())

    def remaining(self) -> str:
        """The time left in the period (mm:ss), as a rink's scoreboard counts it down."""
        return fmt(max(0, self._period_length(self.period.value()) - self.seconds()))

    def running(self) -> bool:
        return self._started is not None

    # -- driving -------------------------------------------------------------------------------------------
    def hold(self, held: bool) -> None:
        """Hold the clock still (entry from the sheet: it is paused and Start is off) or let it run again."""
        self.held = held
        if held:
            self.pause()
        self.button.setEnabled(not held)
        self._show()

    def start(self) -> None:
        if self.held:
            return
        if self._started is None and self.seconds() < self._period_length(self.period.value()):
            self._started = time.monotonic()
            self.timer.start()
            self._show()
            self.moved.emit()

    def pause(self) -> None:
        if self._started is not None:
            self._base = self.seconds()
            self._started = None
            self.timer.stop()
            self._show()
            self.changed.emit()
            self.moved.emit()

    def toggle(self) -> None:
        if self.running():
            self.pause()
        else:
            self.start()

    def set_position(self, period: int, seconds: int) -> None:
        """Correct the clock (it keeps running if it was)."""
        blocked = self.period.blockSignals(True)
        self.period.setValue(period)
        self.period.blockSignals(blocked)
        self._base = max(0, min(seconds, self._period_length(period)))
        if self._started is not None:
            self._started = time.monotonic()
        self._show()
        self.changed.emit()
        self.moved.emit()

    def revert(self) -> None:
        """The time field shows the clock's time again (a correction abandoned with Esc)."""
        self.time.setText(self.elapsed())

    def edit(self) -> None:
        """Put the cursor in the time field to correct it (pauses the clock)."""
        self.pause()
        self.time.setFocus()
        self.time.selectAll()

    # -- saving --------------------------------------------------------------------------------------------
    def state(self) -> ClockState:
        return {"period": self.period.value(), "seconds": self.seconds(), "running": self.running(),
                "saved": time.time()}

    def restore(self, state: ClockState | None) -> None:
        """Put the clock where `state()` left it; a clock that was running has run on since."""
        self.timer.stop()
        self._started = None
        state = state or {}
        period, seconds = int(state.get("period", 1)), int(state.get("seconds", 0))
        if state.get("running"):
            seconds += max(0, int(time.time() - float(state.get("saved", time.time()))))
        self.set_position(period, seconds)
        if state.get("running"):
            self.start()

    # -- internals -----------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A letter typed in the period field is the field's, never a shortcut of the tab (the time field, a
        line edit, keeps its letters itself)."""
        if (watched is self.period and event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
                and event.text().isprintable() and event.text()
                and not event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier)):
            event.accept()
            return True
        return super().eventFilter(watched, event)

    def _tick(self) -> None:
        seconds = self.seconds()
        if seconds >= self._period_length(self.period.value()):
            self.pause()
            return
        if seconds != self._last_shown:
            self._show()
            self.changed.emit()

    def outside(self, period: int, seconds: int) -> str:
        """Why `seconds` is no time of `period` ("21:30 is outside the 1st half (20:00 long)"); empty if it is."""
        length = self._period_length(period)
        if 0 <= seconds <= length:
            return ""
        return (f"{fmt(seconds)} is outside the {period_name(period, self._regulation, self._word)} "
                f"({fmt(length)} long)")

    def _typed(self) -> None:
        seconds = parse_time(self.time.text())
        if seconds is None:
            self._show()
            return
        why = self.outside(self.period.value(), seconds)
        if why:  # refused, not clamped: the clock stays, the typed time waits to be corrected
            self.time.setFocus()
            self.time.selectAll()
            self.refused.emit(self.period.value(), fmt(seconds), why)
            return
        if seconds != self.seconds():
            self.set_position(self.period.value(), seconds)

    def _period_changed(self, period: int) -> None:
        self._base = 0
        if self._started is not None:
            self._started = time.monotonic()
        self._show()
        self.changed.emit()
        self.moved.emit()

    def _show(self) -> None:
        seconds = self.seconds()
        self._last_shown = seconds
        if not self.time.hasFocus() or self.running():
            self.time.setText(fmt(seconds))
        self.time.setReadOnly(self.running())
        self.button.setText("Pause" if self.running() else "Start")
        name = period_name(self.period.value(), self._regulation, self._word)
        self.period_name.setText(name)
        state = "running" if self.running() else "held: times typed from the sheet" if self.held else "paused"
        say(self, f"Clock: {name}, {fmt(seconds)}, {state}")  # what a screen reader reads (issue 31.4)
