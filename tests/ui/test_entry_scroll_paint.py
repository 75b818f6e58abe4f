"""An entry that scrolls the event list (issue 29.5): Qt moves the rows in sight, and only the new row (with the
strip the scroll uncovers) is drawn again, not every row in sight; what the window shows is still what it draws
from scratch."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_entry_repaint import settle, shown_is_drawn_afresh
from test_live_redraw import goal_by_keys, lineup
from ui_helpers import open_window

from scorekeeper.services import Services

SEASON = "2015-16"


class Painted(QObject):
    """The pixels each paint event of `watched` asks for."""

    def __init__(self, watched: QObject) -> None:
        super().__init__()
        self.watched = watched
        self.pixels = 0
        self.events = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.watched and isinstance(event, QPaintEvent):
            self.events += 1
            self.pixels += sum(rect.width() * rect.height() for rect in event.region())
        return False


def test_a_scrolling_entry_draws_the_new_row_not_every_row(qtbot: QtBot, demo_svc: Services,
                                                           settings: QSettings) -> None:
    assert demo_svc.set_lineup("g016", "home", lineup("ly"), season=SEASON).ok
    assert demo_svc.set_lineup("g016", "away", lineup("ow"), season=SEASON).ok
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    tab = window.live_game_tab
    tab.select_game("g016")
    tab.clock.set_position(1, 5 * 60)
    window.resize(1366, 768)
    settle(qtbot)
    for number in range(12):  # more rows than the list shows
        tab.clock.set_position(1, 60 + 30 * number)
        goal_by_keys(qtbot, tab, "ha"[number % 2], "16" if number % 2 == 0 else "7")
        settle(qtbot)
    viewport = tab.events_view.viewport()
    bar = tab.events_view.verticalScrollBar()
    for number in range(12, 16):
        tab.clock.set_position(1, 60 + 30 * number)
        before = bar.value()
        painted = Painted(viewport)
        QApplication.instance().installEventFilter(painted)
        try:
            goal_by_keys(qtbot, tab, "ha"[number % 2], "16" if number % 2 == 0 else "7")
            settle(qtbot)
        finally:
            QApplication.instance().removeEventFilter(painted)
        assert bar.value() > before  # the list scrolled
        assert 0 < painted.pixels < viewport.width() * viewport.height() // 2, f"goal {number + 1}"
        assert shown_is_drawn_afresh(window), f"goal {number + 1}"
