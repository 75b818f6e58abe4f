"""The first entry after opening a long game costs the window what the next ones do (issue 17's
first_entry_ratio): the event list's columns are fitted to every row when the game is drawn, not to the first
rows Qt measures, so the first entry widens no column (which repaints the whole list and its header)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from test_entry_repaint import settle
from test_live_redraw import goal_by_keys, lineup
from ui_helpers import open_window

from scorekeeper.services import Services
from ui.main_window import MainWindow

SEASON = "2015-16"
NOTES = 90
"""More rows than `fit_columns` measures (80), all narrower than the rows after them."""


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    assert demo_svc.set_lineup("g016", "home", lineup("ly"), season=SEASON).ok
    assert demo_svc.set_lineup("g016", "away", lineup("ow"), season=SEASON).ok
    for n in range(NOTES):  # untimed: listed first
        assert demo_svc.add_event("g016", {"type": "note", "text": f"note {n}"}, season=SEASON).ok
    for side, elapsed in (("home", "10:00"), ("away", "11:00")):  # listed last, wider in every column
        assert demo_svc.add_event("g016", {"type": "timeout", "team": side, "period": 1, "elapsed": elapsed},
                                  season=SEASON).ok
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game("g016")
    window.live_game_tab.clock.set_position(1, 5 * 60)
    settle(qtbot)
    return window


def test_the_first_goal_after_opening_a_long_game_widens_no_column(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    header = tab.events_view.horizontalHeader()
    before = [header.sectionSize(n) for n in range(header.count())]
    rows = tab.events.rowCount()
    goal_by_keys(qtbot, tab, "h", "16")
    settle(qtbot)
    assert tab.events.rowCount() == rows + 1
    assert "Goal recorded" in tab.messages.text()
    assert [header.sectionSize(n) for n in range(header.count())] == before



def test_a_game_drawn_again_leaves_no_layout_of_its_whole_list_to_the_first_goal(qtbot: QtBot,
                                                                                 window: MainWindow) -> None:
    """Picking the game shown draws it afresh (its rows a new model, which Qt lays out only at the next change):
    the list is laid out with the drawing, so the first goal after it lays out and paints its own row as the next
    goals do (`FocusQuietView.doItemsLayout`), not the whole list with its scroll bars raised again."""
    tab = window.live_game_tab
    view = tab.events_view
    goal_by_keys(qtbot, tab, "a", "7")
    settle(qtbot)
    tab.select_game("g016")  # picked again: the game drawn afresh
    settle(qtbot)
    assert not view._anything_else  # nothing but rows added is left to lay out
    tab.clock.set_position(1, 6 * 60)
    rows = tab.events.rowCount()
    goal_by_keys(qtbot, tab, "h", "16")
    settle(qtbot)
    assert tab.events.rowCount() == rows + 1 and "Goal recorded" in tab.messages.text()
