"""Issue 29.5: the database's path in the status bar is laid out once. It asked for the room of the text it showed,
so where the bar could not give it all it asked (a window narrower than its tabs want, as on an 800-pixel screen),
each elided text asked for less and the bar squeezed it turn after turn of the event loop down to "D…b", a layout
of the whole window each time, the first entry at the boards paying for the last of them."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QHBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.services import Services
from ui.elided_label import ElidedLabel
from ui.main_window import OPERATOR, TAB, MainWindow

PATH = "Database: /home/office/Westridge Sponge Hockey League/league.db"


def turns(n: int) -> None:
    for _ in range(n):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def test_a_path_with_room_is_shown_whole(qtbot: QtBot) -> None:
    bar = QWidget()
    qtbot.addWidget(bar)
    layout = QHBoxLayout(bar)
    label = ElidedLabel(bar, share=1.0)
    label.set_full_text(PATH)
    layout.addWidget(label)
    bar.resize(label.fontMetrics().horizontalAdvance(PATH) + 100, 30)
    bar.show()
    qtbot.waitExposed(bar)
    turns(5)
    assert label.text() == PATH


def test_the_window_s_path_settles_on_a_small_screen(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> None:
    settings.setValue(OPERATOR, "Benchmark")
    settings.setValue(TAB, 1)  # the Live Game tab in front: wider than an 800-pixel screen lets the window be
    window = MainWindow(demo_svc, settings)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    label = window.database_label
    turns(3)
    shown = label.text(), label.width()
    turns(20)
    assert (label.text(), label.width()) == shown
    assert label.width() >= 100
