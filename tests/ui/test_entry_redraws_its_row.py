"""An entry at the boards redraws only what it changed (issue 29.5): the event list inserts the new row (no reset,
no other row signalled), and what the tab shows after it is what a fresh drawing of the game shows; the list's
scroll bars, at rest, are painted from a copy of how they last looked, pixel for pixel what Qt paints."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QFont, QImage
from PySide6.QtWidgets import QApplication, QScrollBar, QWidget
from pytestqt.qtbot import QtBot
from test_live_redraw import goal_by_keys, lineup
from ui_helpers import open_window

from scorekeeper.services import Services
from ui.focus_quiet_view import QuietScrollBar
from ui.live_game_tab import LiveGameTab
from ui.main_window import MainWindow
from ui.score_line import ScoreLine

SEASON = "2015-16"


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    assert demo_svc.set_lineup("g016", "home", lineup("ly"), season=SEASON).ok
    assert demo_svc.set_lineup("g016", "away", lineup("ow"), season=SEASON).ok
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game("g016")
    return window


def settle() -> None:
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def shown(tab: LiveGameTab) -> dict[str, Any]:
    """What the tab shows of the game: every event row's text, the score, the panels, the message, undo and
    redo, the accessible names of the panels."""
    model = tab.events
    return {"rows": [[model.index(r, c).data() for c in range(model.columnCount())]
                     for r in range(model.rowCount())],
            "score": tab.score.text(), "strength": tab.strength.text(), "title": tab.title.text(),
            "home": tab.home_panel.label.text(), "away": tab.away_panel.label.text(),
            "names": (tab.home_panel.accessibleName(), tab.away_panel.accessibleName()),
            "undo": tab.undo_button.isEnabled(), "redo": tab.redo_button.isEnabled(),
            "game_row": [tab.model.index(tab.view.currentIndex().row(), c).data()
                         for c in range(tab.model.columnCount())]}


def test_a_goal_inserts_its_row_and_shows_what_a_fresh_drawing_shows(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    for number in range(4):  # some rows first: a goal then lands after them
        tab.clock.set_position(1, 60 + 30 * number)
        goal_by_keys(qtbot, tab, "ha"[number % 2], "16" if number % 2 == 0 else "7")
    settle()
    seen: list[tuple[str, Any]] = []
    events = tab.events
    events.modelReset.connect(lambda: seen.append(("reset", None)))
    events.rowsInserted.connect(lambda parent, first, last: seen.append(("inserted", (first, last))))
    events.rowsRemoved.connect(lambda parent, first, last: seen.append(("removed", (first, last))))
    events.dataChanged.connect(lambda top, bottom: seen.append(("changed", (top.row(), bottom.row()))))
    rows = events.rowCount()
    tab.clock.set_position(1, 10 * 60)
    goal_by_keys(qtbot, tab, "h", "16")
    settle()
    assert seen == [("inserted", (rows, rows))]  # the new row alone: no reset, no row above it signalled
    assert "Goal recorded" in tab.messages.text()
    after = shown(tab)
    assert after["rows"][-1][:2] == ["1st\n10:00", "Goal\nLynx"]
    tab._sides_drawn.clear()  # the side panels written afresh too
    tab.refresh_game()  # the game drawn afresh from the facade, the list reset
    settle()
    assert shown(tab) == after


def test_a_goal_leaves_the_side_panels_as_drawn_and_a_penalty_redraws_its_side(
        qtbot: QtBot, window: MainWindow, demo_svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab
    goal_by_keys(qtbot, tab, "h", "16")
    settle()
    drawn: list[str] = []
    for side, panel in (("home", tab.home_panel), ("away", tab.away_panel)):
        show_side = panel.show_side
        monkeypatch.setattr(panel, "show_side", lambda *args, side=side, show_side=show_side: (
            drawn.append(side), show_side(*args)))
    before = (tab.home_panel.label.text(), tab.away_panel.label.text())
    tab.clock.set_position(1, 6 * 60)
    goal_by_keys(qtbot, tab, "a", "7")
    settle()
    assert drawn == [] and (tab.home_panel.label.text(), tab.away_panel.label.text()) == before
    result = demo_svc.add_event("g016", {"type": "penalty", "team": "home", "period": 1, "elapsed": "06:30",
                                         "player": "ly03", "infraction": "tripping"}, True, season=SEASON)
    assert result.ok
    tab.clock.set_position(1, 7 * 60)
    tab.redraw(result.changes)
    settle()
    assert "Penalty box empty" in before[0]
    assert drawn == ["home"] and "Penalty box empty" not in tab.home_panel.label.text()
    assert "<b>Penalty box</b>" in tab.home_panel.label.text()
    assert tab.away_panel.label.text() == before[1]
    home = tab.home_panel.label.text()
    tab._sides_drawn.clear()
    tab.refresh_live()  # written afresh: the same
    assert tab.home_panel.label.text() == home


def test_the_score_figures_take_the_width_of_a_new_font(qtbot: QtBot) -> None:
    line = ScoreLine()
    qtbot.addWidget(line)
    line.set_score("Lynx", "Owls", 3, 2)
    narrow = line.figures.width()
    font = QFont(line.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    line.setFont(font)
    assert line.figures.minimumSize() == line.figures.sizeHint() and line.figures.width() > narrow


def grab(widget: QWidget) -> QImage:
    return widget.grab().toImage()


@pytest.mark.parametrize("orientation", [Qt.Orientation.Horizontal, Qt.Orientation.Vertical])
def test_a_quiet_scroll_bar_at_rest_looks_as_qt_paints_one(qtbot: QtBot, orientation: Qt.Orientation) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    host.resize(400, 400)
    quiet, plain = QuietScrollBar(orientation, host), QScrollBar(orientation, host)
    size = (300, 14) if orientation == Qt.Orientation.Horizontal else (14, 300)
    quiet.setGeometry(40, 40, *size)  # neither under the pointer (at the screen's corner offscreen): at rest
    plain.setGeometry(60, 60, *size)
    host.show()
    for maximum, value, enabled in ((1, 0, True), (500, 250, True), (500, 500, True), (40, 0, False)):
        for bar in (quiet, plain):
            bar.setPageStep(12)
            bar.setRange(0, maximum)
            bar.setValue(value)
            bar.setEnabled(enabled)
        settle()
        first = grab(quiet)  # drawn, then copied from the picture kept
        assert first == grab(plain).convertToFormat(first.format())
        assert grab(quiet) == first


def test_the_event_lists_scroll_bars_are_quiet(window: MainWindow) -> None:
    view = window.live_game_tab.events_view
    assert isinstance(view.horizontalScrollBar(), QuietScrollBar)
    assert isinstance(view.verticalScrollBar(), QuietScrollBar)
