"""The game's curfew at the boards (issue 28.6): the time the ice must be cleared, said after the scheduled start
in the Live Game tab's title with the time left by the wall clock ("Curfew 21:00 · 42 min left"), in amber under
ten minutes, "Curfew 21:00 passed" after it; nothing for a game without one. `CurfewWatch` keeps it current: a
QTimer reads the clock (injectable for tests) while a curfew is shown."""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date, datetime, time, timedelta

from PySide6.QtCore import QObject, QTimer, Signal

from ui import theme

WARNING_LEFT = timedelta(minutes=10)
"""Less than this left: the curfew is said in the warning colour."""
REFRESH_MS = 15_000
"""How often the time left is read again (well within each minute)."""

Clock = Callable[[], datetime]
"""The wall clock: now, as a naive local datetime (`datetime.now`; a fixed one in tests)."""


def _parse_time(text: str) -> time | None:
    try:
        return datetime.strptime(text.strip(), "%H:%M").time()
    except ValueError:
        return None


def curfew_at(game_date: str, start: str, curfew: str) -> datetime | None:
    """When the ice must be cleared: the game's date at `curfew`, the next day when the curfew is before the
    scheduled `start` (a late game cleared after midnight); None without a readable date or curfew."""
    at = _parse_time(curfew)
    try:
        day = date.fromisoformat(game_date.strip())
    except ValueError:
        return None
    if at is None:
        return None
    begins = _parse_time(start)
    if begins is not None and at < begins:
        day += timedelta(days=1)
    return datetime.combine(day, at)


def left_text(left: timedelta) -> str:
    """'42 min left', '1 h 05 min left', 'less than 1 min left'; '' a day or more ahead (no countdown yet)."""
    minutes = int(left.total_seconds()) // 60
    if minutes >= 24 * 60:
        return ""
    if minutes >= 60:
        return f"{minutes // 60} h {minutes % 60:02d} min left"
    return f"{minutes} min left" if minutes else "less than 1 min left"


def curfew_html(game_date: str, start: str, curfew: str, now: datetime) -> str:
    """The curfew as the title says it at `now` (rich text); '' without a curfew."""
    if not curfew.strip():
        return ""
    shown = f"Curfew {html.escape(curfew.strip())}"
    deadline = curfew_at(game_date, start, curfew)
    if deadline is None:
        return shown
    left = deadline - now
    if left <= timedelta(0):
        return f"{shown} passed"
    countdown = left_text(left)
    text = f"{shown} · {countdown}" if countdown else shown
    return theme.span("warning", text, bold=True) if left < WARNING_LEFT else text


class CurfewWatch(QObject):
    """The curfew of the game shown and its time left, read again by a QTimer while there is one (`changed`
    when the text differs)."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None, now: Clock = datetime.now) -> None:
        super().__init__(parent)
        self.now = now
        self._game: tuple[str, str, str] = ("", "", "")
        self._text = ""
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)

    def follow(self, game_date: str, start: str, curfew: str | None) -> None:
        """The game shown is this one (its date, scheduled start and curfew, None or '' : none)."""
        self._game = (game_date, start, curfew or "")
        self._text = self._read()
        if self._game[2] and not self.timer.isActive():
            self.timer.start()
        elif not self._game[2]:
            self.timer.stop()

    def text(self) -> str:
        """The curfew and its time left as last read (rich text); '' without one."""
        return self._text

    def refresh(self) -> None:
        """Read the clock again; `changed` when the text is no longer the same."""
        text = self._read()
        if text != self._text:
            self._text = text
            self.changed.emit()

    def _read(self) -> str:
        return curfew_html(*self._game, self.now())
