"""Start-up (issue 7): the window run_gui opens loads only the tab in front; the others load when first shown."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from scorekeeper.services import Services
from ui.main_window import MainWindow


def test_lazy_window_loads_a_tab_when_it_is_first_shown(qtbot: QtBot, svc: Services, settings: QSettings) -> None:
    window = MainWindow(svc, settings, lazy=True)
    qtbot.addWidget(window)
    front = window.tabs.currentWidget()
    hidden = [t for t in window.season_tabs() if t is not front]
    assert hidden and all(t in window._stale for t in hidden)
    assert front not in window._stale
    window.tabs.setCurrentWidget(window.season_tab)
    assert window.season_tab not in window._stale
    window.tabs.setCurrentWidget(window.roster_tab)
    assert window.roster_tab.model.rowCount() > 0
