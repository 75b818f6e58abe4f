"""Issue 29.4: on a lazy start only the tab in front is built. A key or a menu action that needs another tab
builds it then, in its place, and it works as if it had always been there: nothing a person sees or does
changes."""

from __future__ import annotations

import pytest
from keyboard_helpers import answer_dialogs_with, key
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scorekeeper.services import Services
from ui.main_window import LIVE, ROSTER, SEASON_PAGE, TAB, MainWindow
from ui.season_tab import SeasonTab

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def lazy_window(qtbot: QtBot, svc: Services, settings: QSettings, front: int) -> MainWindow:
    """A lazy start with tab `front` in front, shown; the filling out of sight stopped before it began (as if a
    key came before its turn): the other tabs are not built."""
    settings.setValue(TAB, front)
    window = MainWindow(svc, settings, lazy=True)
    window.fill.stop()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    assert [window.pages.made(index) is not None for index in range(3)] == [i == front for i in range(3)]
    return window


def test_only_the_tab_in_front_is_built_until_another_is_needed(qtbot: QtBot, svc: Services,
                                                                settings: QSettings) -> None:
    settings.setValue(TAB, ROSTER)
    window = MainWindow(svc, settings, lazy=True)
    qtbot.addWidget(window)
    assert window.pages.made(ROSTER) is window.tabs.currentWidget()
    assert window.pages.made(LIVE) is None and window.pages.made(SEASON_PAGE) is None
    assert window.may_leave_entry("close the window")  # no Live Game tab: no entry half typed to ask about


def test_ctrl_tab_to_a_tab_not_built_builds_and_loads_it(qtbot: QtBot, svc: Services, settings: QSettings) -> None:
    window = lazy_window(qtbot, svc, settings, ROSTER)
    window.roster_tab.roster_view.setFocus()
    qtbot.waitUntil(lambda: window.roster_tab.roster_view.hasFocus())
    key(qtbot, Qt.Key.Key_Tab, CTRL | SHIFT)  # Ctrl+Shift+Tab: back round to the Season tab
    qtbot.waitUntil(lambda: window.tabs.currentIndex() == SEASON_PAGE)
    season = window.pages.made(SEASON_PAGE)
    assert season is not None and window.tabs.currentWidget() is season and season not in window._stale
    season.pages.setFocus()
    qtbot.waitUntil(lambda: season.isAncestorOf(QApplication.focusWidget()))
    key(qtbot, Qt.Key.Key_Tab, CTRL)  # on round to the Roster tab, from inside the Season tab's own pages
    qtbot.waitUntil(lambda: window.tabs.currentIndex() == ROSTER)
    assert window.pages.made(LIVE) is None  # passed over, never shown: still not built


def test_the_new_game_shortcut_builds_the_live_game_tab_from_another_tab(
    qtbot: QtBot, svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = lazy_window(qtbot, svc, settings, SEASON_PAGE)
    window.season_tab.pages.setFocus()
    qtbot.waitUntil(lambda: window.season_tab.isAncestorOf(QApplication.focusWidget()))
    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_Escape)
    key(qtbot, Qt.Key.Key_N, CTRL | SHIFT)  # File ▸ New game…: the Live Game tab comes to the front, then asks
    assert asked == ["New game"]
    tab = window.pages.made(LIVE)
    assert tab is not None
    assert window.tabs.currentWidget() is tab is window.live_game_tab and window.tabs.tabText(LIVE) == "Live Game"
    assert tab.model.rowCount() == len(svc.games(window.current_season()))  # its games listed


def test_the_print_preview_menu_action_builds_the_season_tab_it_prints_from(
    qtbot: QtBot, svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = lazy_window(qtbot, svc, settings, ROSTER)
    printed: list[object] = []
    monkeypatch.setattr(SeasonTab, "print_current", lambda tab: printed.append(tab) or None)
    window.preview_action.trigger()  # File ▸ Print preview… on the Roster tab: the Season tab's document
    assert printed == [window.pages.made(SEASON_PAGE)] and window.tabs.indexOf(window.season_tab) == SEASON_PAGE
