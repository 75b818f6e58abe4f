"""Start-up (issues 7 and 29.4): the window run_gui opens builds and loads only the tab in front; the others are
built and loaded when first shown (or filled in out of sight after the one in front)."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from scorekeeper.services import Services
from ui.main_window import MainWindow


def test_lazy_window_builds_and_loads_a_tab_when_it_is_first_shown(qtbot: QtBot, svc: Services,
                                                                   settings: QSettings) -> None:
    window = MainWindow(svc, settings, lazy=True)
    qtbot.addWidget(window)
    front = window.tabs.currentIndex()
    assert window.season_tabs() == [window.tabs.currentWidget()]  # the tab in front alone is built
    assert [window.pages.made(index) is not None for index in range(3)] == [i == front for i in range(3)]
    assert [window.tabs.tabText(index) for index in range(3)] == ["Roster", "Live Game", "Season"]
    assert window.tabs.currentWidget() not in window._stale
    window.tabs.setCurrentIndex(2)  # the Season tab brought to the front: built, in its place, and loaded
    assert window.pages.made(2) is window.tabs.currentWidget() is window.season_tab
    assert window.tabs.indexOf(window.season_tab) == 2 and window.tabs.tabText(2) == "Season"
    assert window.season_tab not in window._stale
    window.tabs.setCurrentWidget(window.roster_tab)
    assert window.roster_tab.model.rowCount() > 0
