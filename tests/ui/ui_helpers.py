"""Small helpers the window tests share: open a window, press keys where the focus is, read a model."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.services import Services
from ui.main_window import MainWindow
from ui.models import RecordTableModel

NO = Qt.KeyboardModifier.NoModifier


def open_window(qtbot: QtBot, svc: Services, settings: QSettings) -> MainWindow:
    window = MainWindow(svc, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    return window


def focus() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    return widget


def press(qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = NO, times: int = 1) -> None:
    """Press `key` where the keyboard focus is, as the scorekeeper would."""
    for _ in range(times):
        qtbot.keyClick(focus(), key, modifier)


def type_text(qtbot: QtBot, text: str) -> None:
    """Type `text` where the focus is (QKeyEvents with the text: keyClicks aborts on non-ASCII)."""
    for char in text:
        widget = focus()
        for kind in (QKeyEvent.Type.KeyPress, QKeyEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, NO, char))
    qtbot.wait(1)


def replace_text(qtbot: QtBot, text: str) -> None:
    """Select what the focused field holds and type `text` over it."""
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    type_text(qtbot, text)


def column(model: RecordTableModel, header: str, line: int | None = None) -> list[str]:
    """The text of every row in the column named `header` (`line`: that line of each cell, "" where it has
    fewer)."""
    number = [c.header for c in model.columns].index(header)
    texts = [model.index(row, number).data() for row in range(model.rowCount())]
    if line is None:
        return texts
    return [(text.split("\n") + [""] * (line + 1))[line] for text in texts]
