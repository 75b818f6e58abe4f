"""A goal recorded at the boards costs the window as little as it can (issue 16): the score's figures change in a
label of fixed size, so nothing is laid out again; the event list lays out its new row at once, so the window
paints the entry in one pass, its scroll bar only when it looks different; the event list's cells are Qt's, none
editable."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QSettings, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from test_live_redraw import goal_by_keys, lineup
from ui_helpers import column, open_window

from scorekeeper.services import Services
from ui.focus_quiet_view import QuietScrollBar
from ui.main_window import MainWindow
from ui.models import EventsModel
from ui.score_line import ScoreLine

SEASON = "2015-16"


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    assert demo_svc.set_lineup("g016", "home", lineup("ly"), season=SEASON).ok
    assert demo_svc.set_lineup("g016", "away", lineup("ow"), season=SEASON).ok
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game("g016")
    window.live_game_tab.clock.set_position(1, 5 * 60)
    return window


class Seen(QObject):
    """The layout requests and paints the application's widgets receive while installed."""

    def __init__(self) -> None:
        super().__init__()
        self.layouts: list[QObject] = []
        self.painted: list[QObject] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.layouts.append(watched)
        elif event.type() == QEvent.Type.Paint:
            self.painted.append(watched)
        return False


def settle(qtbot: QtBot) -> None:
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()
    qtbot.wait(1)


def test_a_goal_changes_the_score_line_without_laying_out_the_game_again(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    goal_by_keys(qtbot, tab, "h", "16")  # the first goal: the figures' label takes its width
    settle(qtbot)
    assert tab.score.text() == "Lynx 1 – 0 Owls"
    seen = Seen()
    QApplication.instance().installEventFilter(seen)
    try:
        goal_by_keys(qtbot, tab, "a", "7")
        settle(qtbot)
    finally:
        QApplication.instance().removeEventFilter(seen)
    assert tab.score.text() == "Lynx 1 – 1 Owls"
    page = tab.score.parentWidget()
    assert page is not None
    assert not [w for w in seen.layouts if isinstance(w, QWidget) and (w is page or page.isAncestorOf(w))]
    assert tab.score.figures in seen.painted and tab.score.home not in seen.painted
    assert tab.home_panel.label not in seen.painted and tab.title not in seen.painted


def test_the_event_list_lays_out_a_new_row_before_the_window_paints(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    for number in range(12):  # more rows than the list shows: it scrolls
        tab.clock.set_position(1, 5 * 60 + number)
        goal_by_keys(qtbot, tab, "ha"[number % 2], "16" if number % 2 == 0 else "7")
    settle(qtbot)
    bar = tab.events_view.verticalScrollBar()
    before = bar.maximum()
    tab.clock.set_position(1, 7 * 60)
    tab.events_view.setFocus()
    tab.begin("goal")
    tab.entry.team.setCurrentIndex(tab.entry.team.findData("home"))
    tab.entry.number.setText("16")
    assert tab.submit(), tab.messages.text()
    now = bar.maximum()  # read before the event loop runs: the row is laid out already
    settle(qtbot)
    assert now == bar.maximum() > before


def test_no_cell_of_the_event_list_is_editable(window: MainWindow) -> None:
    model: EventsModel = window.live_game_tab.events
    rows: list[dict[str, Any]] = [{"index": 0, "period_label": "1st", "elapsed": "05:00", "team_name": "Lynx",
                                   "kind": "Goal", "details": "#16 A Player  (unassisted)"}]
    model.update_rows(rows)
    model.update_rows([*rows, {**rows[0], "index": 1, "elapsed": "06:00"}])
    editable = Qt.ItemFlag.ItemIsEditable
    assert not model.flags(model.index(-1, -1)) & editable
    assert all(not model.flags(model.index(r, c)) & editable
               for r in range(model.rowCount()) for c in range(model.columnCount()))


def test_the_score_line_reads_as_one_line_and_shows_names_as_typed(qtbot: QtBot) -> None:
    line = ScoreLine()
    qtbot.addWidget(line)
    assert line.text() == ""
    line.set_score("Lynx & Co", "<b>Owls</b>", 9, 0)
    assert line.text() == "Lynx & Co 9 – 0 <b>Owls</b>"
    assert line.home.textFormat() == Qt.TextFormat.PlainText and line.home.wordWrap()
    narrow = line.figures.width()
    assert line.figures.minimumSize() == line.figures.maximumSize() == line.figures.sizeHint()
    line.set_score("Lynx & Co", "<b>Owls</b>", 10, 0)  # another width: the label takes it
    assert line.text() == "Lynx & Co 10 – 0 <b>Owls</b>"
    assert line.figures.minimumSize() == line.figures.sizeHint() and line.figures.width() > narrow


def shown_is_drawn_afresh(window: MainWindow) -> bool:
    """What the window shows (its backing store, as the screen has it) is what it draws from scratch."""
    screen = window.screen()
    assert screen is not None
    shown = screen.grabWindow(window.winId()).toImage()
    fresh = window.grab().toImage()
    return shown.convertToFormat(fresh.format()) == fresh


def test_after_each_entry_every_row_and_widget_in_sight_is_up_to_date(qtbot: QtBot, window: MainWindow,
                                                                      demo_svc: Services) -> None:
    """The event list repaints only the rows an entry moves and what focus changes: whatever the entry (a row
    in sight, a row above the ones in sight, one below them, a deletion, an undo), nothing shown is stale."""
    tab = window.live_game_tab
    window.resize(1366, 768)
    settle(qtbot)
    for number in range(16):  # a row in sight each time, then rows below the ones in sight
        tab.clock.set_position(1, 60 + 30 * number)
        goal_by_keys(qtbot, tab, "ha"[number % 2], "16" if number % 2 == 0 else "7")
        settle(qtbot)
        assert shown_is_drawn_afresh(window), f"goal {number + 1}"
    tab.events_view.scrollToBottom()
    tab.clock.set_position(1, 30)  # earlier than every entry: its row goes above the rows in sight
    goal_by_keys(qtbot, tab, "h", "16")
    settle(qtbot)
    assert column(tab.events, "Time", 1)[0] == "00:30" and shown_is_drawn_afresh(window)
    tab.events_view.setCurrentIndex(tab.events.index(3, 0))
    assert tab.delete_selected()
    settle(qtbot)
    assert shown_is_drawn_afresh(window)
    assert tab.undo()
    settle(qtbot)
    assert len(demo_svc.view(SEASON).games["g016"]["events"]) == 17 and shown_is_drawn_afresh(window)
    tab.entry.kind.setFocus()  # focus out of the list and back
    settle(qtbot)
    assert shown_is_drawn_afresh(window)
    tab.events_view.setFocus()
    settle(qtbot)
    assert shown_is_drawn_afresh(window)


def test_a_scroll_bar_repaints_on_a_new_range_only_when_it_looks_different(qtbot: QtBot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    host.resize(40, 400)
    bar = QuietScrollBar(Qt.Orientation.Vertical, host)
    bar.setGeometry(0, 0, 14, 364)
    bar.setPageStep(12)
    bar.setRange(0, 3)
    host.show()
    settle(qtbot)
    seen = Seen()
    QApplication.instance().installEventFilter(seen)
    try:
        bar.setRange(0, 500)  # a short slider: drawn afresh
        settle(qtbot)
        assert bar in seen.painted
        seen.painted.clear()
        bar.setRange(0, 501)  # one row more: the slider keeps its size and place, nothing to repaint
        settle(qtbot)
        assert bar not in seen.painted
        bar.setValue(501)  # at the end: moved, drawn afresh
        settle(qtbot)
        assert bar in seen.painted
    finally:
        QApplication.instance().removeEventFilter(seen)


def test_a_new_message_lays_out_its_own_area_alone(qtbot: QtBot, window: MainWindow) -> None:
    """Each entry says what it did beside the form: a message that differs from the last one must not lay out
    the whole game page again (nor repaint the form and the live panel)."""
    tab = window.live_game_tab
    goal_by_keys(qtbot, tab, "h", "16")
    settle(qtbot)
    area = tab.messages.parentWidget()
    assert area is not None
    page = tab.score.parentWidget()
    assert page is not None
    seen = Seen()
    QApplication.instance().installEventFilter(seen)
    try:
        tab.say("<b>Not recorded</b><br>" + "a long refusal with its rule and section. " * 20)
        settle(qtbot)
    finally:
        QApplication.instance().removeEventFilter(seen)
    outside = [w for w in seen.layouts if isinstance(w, QWidget) and page.isAncestorOf(w)
               and not (w is area or area.isAncestorOf(w))]
    assert not outside
    assert tab.home_panel.label not in seen.painted and tab.entry not in seen.painted
    assert "a long refusal" in tab.messages.text() and shown_is_drawn_afresh(window)
