"""The window on the screen it opens on: a first size taken from the screen's free area, never taller than it.

The free area is the screen's available geometry (without the task bar or the dock). A window as tall as the
screen (or taller, from a layout saved on a bigger screen) would put its status bar below the screen's edge.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

LARGEST_FIRST = QSize(1440, 900)
"""A first window on a big screen: room for every tab without the office's whole screen."""
FRAME_GUESS = QSize(16, 40)
"""The window manager's frame (title bar and borders) before the window is shown and the real one is known."""


def free_area(window: QWidget) -> QRect | None:
    """The available geometry of the screen `window` is on (the primary screen before it is shown)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


def frame_extra(window: QWidget) -> QSize:
    """How much the frame adds to the window's size: measured once shown, guessed before."""
    if window.isVisible():
        frame, inner = window.frameGeometry(), window.geometry()
        extra = QSize(frame.width() - inner.width(), frame.height() - inner.height())
        if extra.width() >= 0 and extra.height() >= 0:
            return extra
    return FRAME_GUESS


def first_size(area: QRect, frame: QSize = FRAME_GUESS) -> QSize:
    """The first window's size in the free `area`: all of a small screen (1024x768, 1366x768), at most
    `LARGEST_FIRST` on a big one; its frame included, it fits."""
    return QSize(min(area.width() - frame.width(), LARGEST_FIRST.width()),
                 min(area.height() - frame.height(), LARGEST_FIRST.height()))


def place_first(window: QWidget) -> None:
    """Size `window` for a first start and centre it in the screen's free area."""
    area = free_area(window)
    if area is None:
        return
    size = first_size(area, FRAME_GUESS)
    window.resize(size)
    window.move(area.x() + (area.width() - size.width() - FRAME_GUESS.width()) // 2,
                area.y() + (area.height() - size.height() - FRAME_GUESS.height()) // 2)


def keep_on_screen(window: QWidget) -> None:
    """Shrink and move `window` so that all of it, frame and status bar included, is in the free area (a layout
    saved on a bigger screen, a screen changed since)."""
    area = free_area(window)
    if area is None or window.isMaximized() or window.isFullScreen():
        return
    extra = frame_extra(window)
    width = min(window.width(), area.width() - extra.width())
    height = min(window.height(), area.height() - extra.height())
    if (width, height) != (window.width(), window.height()):
        window.resize(width, height)
    frame = window.frameGeometry() if window.isVisible() else QRect(window.pos(), window.size() + extra)
    x = min(max(frame.x(), area.x()), area.right() + 1 - (width + extra.width()))
    y = min(max(frame.y(), area.y()), area.bottom() + 1 - (height + extra.height()))
    if (x, y) != (frame.x(), frame.y()):
        window.move(x, y)


def fit_dialog(dialog: QWidget, width: int, height: int) -> None:
    """Size `dialog` `width` x `height`, or smaller where the free area of its screen is (its frame included):
    a preview meant for 1100 pixels still shows its last column and its buttons on a 1024-pixel screen."""
    area = free_area(dialog)
    extra = frame_extra(dialog)
    if area is not None:
        width, height = min(width, area.width() - extra.width()), min(height, area.height() - extra.height())
    dialog.resize(width, height)
