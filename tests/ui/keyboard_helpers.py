"""Keys as the scorekeeper's keyboard delivers them: to an open popup list when there is one (Qt's window gives
it the keys), else to the widget with the focus; and modal dialogs answered with keys too."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot
from ui_helpers import NO, focus

from ui import dialogs


def receiver() -> QWidget:
    """Where a key pressed now goes: the open popup (an infraction list), else the focused widget."""
    return QApplication.activePopupWidget() or focus()


def key(qtbot: QtBot, which: Qt.Key, modifier: Qt.KeyboardModifier = NO, times: int = 1) -> None:
    """Press `which` as the keyboard would."""
    for _ in range(times):
        qtbot.keyClick(receiver(), which, modifier)


def write(qtbot: QtBot, text: str) -> None:
    """Type `text` as the keyboard would, one key at a time (the list opened by a letter takes the next)."""
    for char in text:
        qtbot.keyClicks(receiver(), char)


def answer_dialogs_with(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, *keys: Qt.Key) -> list[str]:
    """Let modal dialogs open for real and answer each with `keys`, pressed where its focus is once it is on
    the screen. Returns the titles of the dialogs answered."""
    titles: list[str] = []

    def run(dialog: QDialog) -> int:
        titles.append(dialog.windowTitle())

        def answer() -> None:
            dialog.activateWindow()  # as the window manager does with a new dialog: its window has the keys
            qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=2000)
            for which in keys:
                current = QApplication.focusWidget()
                qtbot.keyClick(current if current is not None and dialog.isAncestorOf(current) else dialog, which)

        QTimer.singleShot(0, answer)
        result = dialog.exec()
        parent = dialog.parentWidget()
        if parent is not None:  # the window manager gives the keys back to the window the dialog came from
            parent.window().activateWindow()
            qtbot.waitUntil(lambda: QApplication.activeWindow() is parent.window(), timeout=2000)
        return result

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return titles
