"""The event list at the boards repaints only what an entry changes (issue 29): focus coming back to it repaints
its frame only where the style draws focus there, never its scroll bars; a row added repaints no scroll bar that
looks the same (Qt raises their containers at each layout); what is shown is what it draws afresh."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QSettings, Qt
from PySide6.QtGui import QPainter, QStandardItem, QStandardItemModel
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QProxyStyle, QStyle, QStyleOption, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot
from test_live_redraw import goal_by_keys, lineup
from ui_helpers import open_window

from scorekeeper.services import Services
from ui.focus_quiet_view import FocusQuietView

SEASON = "2015-16"


class Painted(QObject):
    """The widgets painted while installed."""

    def __init__(self) -> None:
        super().__init__()
        self.widgets: list[QObject] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.widgets.append(watched)
        return False


class FocusFrameStyle(QProxyStyle):
    """A style that draws an item view's frame's edge in another colour while it has focus (as some desktop styles
    do)."""

    def drawControl(self, element: QStyle.ControlElement, option: QStyleOption, painter: QPainter,
                    widget: Any = None) -> None:
        if element == QStyle.ControlElement.CE_ShapedFrame and option.state & QStyle.StateFlag.State_HasFocus:
            painter.save()
            painter.setPen(Qt.GlobalColor.magenta)
            painter.drawRect(option.rect.adjusted(0, 0, -1, -1))  # the frame's edge, in the focus colour
            painter.restore()
            return
        super().drawControl(element, option, painter, widget)


def settle(qtbot: QtBot) -> None:
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()
    qtbot.wait(1)


@pytest.fixture
def form(qtbot: QtBot) -> tuple[QWidget, QLineEdit, FocusQuietView]:
    """A field and, under it, a list of more rows and wider columns than it shows (both scroll bars)."""
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    field = QLineEdit(host)
    view = FocusQuietView(host)
    model = QStandardItemModel(0, 4, view)
    for number in range(30):
        model.appendRow([QStandardItem(f"row {number} cell {column} " * 3) for column in range(4)])
    view.setModel(model)
    layout.addWidget(field)
    layout.addWidget(view)
    host.resize(300, 240)
    host.show()
    host.activateWindow()
    qtbot.waitExposed(host)
    view.setCurrentIndex(model.index(29, 0))
    view.scrollToBottom()
    field.setFocus()
    settle(qtbot)
    assert view.horizontalScrollBar().isVisible() and view.verticalScrollBar().isVisible()
    return host, field, view


def shown_is_drawn_afresh(host: QWidget) -> bool:
    screen = host.screen()
    assert screen is not None
    shown = screen.grabWindow(host.winId()).toImage()
    fresh = host.grab().toImage()
    return shown.convertToFormat(fresh.format()) == fresh


def tab_into_the_list(qtbot: QtBot, field: QLineEdit, view: FocusQuietView) -> list[QObject]:
    painted = Painted()
    QApplication.instance().installEventFilter(painted)
    try:
        QTest.keyClick(field, Qt.Key.Key_Tab)
        settle(qtbot)
    finally:
        QApplication.instance().removeEventFilter(painted)
    assert view.hasFocus()
    return painted.widgets


def test_focus_back_to_the_list_repaints_neither_its_scroll_bars_nor_a_frame_that_looks_the_same(
        qtbot: QtBot, form: tuple[QWidget, QLineEdit, FocusQuietView]) -> None:
    host, field, view = form
    painted = tab_into_the_list(qtbot, field, view)
    bars = [view.horizontalScrollBar(), view.verticalScrollBar()]
    assert not [w for w in painted if w in bars or w in [bar.parentWidget() for bar in bars]]
    assert view not in painted  # Fusion draws the frame alike with focus or without
    assert view.viewport() in painted  # the current row's focus mark
    assert shown_is_drawn_afresh(host)


def test_a_style_that_draws_focus_in_the_frame_gets_the_frame_repainted(
        qtbot: QtBot, form: tuple[QWidget, QLineEdit, FocusQuietView]) -> None:
    host, field, view = form
    style = FocusFrameStyle(QApplication.style().name())
    view.setStyle(style)
    settle(qtbot)
    painted = tab_into_the_list(qtbot, field, view)
    assert view in painted
    assert view.horizontalScrollBar() not in painted
    assert shown_is_drawn_afresh(host)
    grabbed = host.grab().toImage()
    corner = view.mapTo(host, view.rect().topLeft())
    assert grabbed.pixelColor(corner.x(), corner.y()) == Qt.GlobalColor.magenta
    field.setFocus()  # and focus gone: the frame as before
    settle(qtbot)
    assert shown_is_drawn_afresh(host)


def add_rows(qtbot: QtBot, view: FocusQuietView, count: int) -> list[QObject]:
    """`count` rows added at the end, laid out at once (as the event list does after an entry): the widgets
    painted."""
    model = view.model()
    assert isinstance(model, QStandardItemModel)
    painted = Painted()
    QApplication.instance().installEventFilter(painted)
    try:
        for _ in range(count):
            model.appendRow([QStandardItem(f"added {model.rowCount()}") for _ in range(model.columnCount())])
        view.executeDelayedItemsLayout()
        view.scrollToBottom()
        settle(qtbot)
    finally:
        QApplication.instance().removeEventFilter(painted)
    return painted.widgets


def test_a_goal_keyed_in_repaints_no_scroll_bar_of_the_event_list_that_looks_the_same(
        qtbot: QtBot, demo_svc: Services, settings: QSettings) -> None:
    assert demo_svc.set_lineup("g016", "home", lineup("ly"), season=SEASON).ok
    assert demo_svc.set_lineup("g016", "away", lineup("ow"), season=SEASON).ok
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    tab = window.live_game_tab
    tab.select_game("g016")
    window.resize(1366, 768)
    settle(qtbot)
    view = tab.events_view
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)  # both bars (long names, a narrow list)
    moved: list[int] = []
    view.verticalScrollBar().valueChanged.connect(moved.append)
    for number in range(14):  # more rows than the list shows: it scrolls
        tab.clock.set_position(1, 60 + 30 * number)
        goal_by_keys(qtbot, tab, "ha"[number % 2], "16" if number % 2 == 0 else "7")
        settle(qtbot)
    assert view.horizontalScrollBar().isVisible() and view.verticalScrollBar().isVisible()
    assert moved[-1] == view.verticalScrollBar().maximum() > 0
    tab.clock.set_position(1, 60 + 30 * 14)
    painted = Painted()
    QApplication.instance().installEventFilter(painted)
    try:
        goal_by_keys(qtbot, tab, "h", "16")
        settle(qtbot)
    finally:
        QApplication.instance().removeEventFilter(painted)
    assert tab.events.rowCount() == 15 and moved[-1] == view.verticalScrollBar().maximum()
    bars = [view.horizontalScrollBar(), view.verticalScrollBar()]
    assert not [w for w in painted.widgets if w in [bar.parentWidget() for bar in bars]]
    assert view.horizontalScrollBar() not in painted.widgets and view.viewport() in painted.widgets
    assert shown_is_drawn_afresh(window)


def lone_view(qtbot: QtBot) -> tuple[QWidget, FocusQuietView, QStandardItemModel]:
    """The event list's view alone in a 300x200 window, one row of two columns, shown and settled."""
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    view = FocusQuietView(host)
    model = QStandardItemModel(0, 2, view)
    model.appendRow([QStandardItem("first"), QStandardItem("row")])
    view.setModel(model)
    layout.addWidget(view)
    host.resize(300, 200)
    host.show()
    qtbot.waitExposed(host)
    settle(qtbot)
    return host, view, model


def test_a_list_that_overflows_shows_its_new_scroll_bar_drawn(qtbot: QtBot) -> None:
    host, view, model = lone_view(qtbot)
    assert not view.verticalScrollBar().isVisible()
    painted = add_rows(qtbot, view, 20)
    assert view.verticalScrollBar().isVisible() and view.verticalScrollBar() in painted
    assert view.verticalScrollBar().value() == view.verticalScrollBar().maximum() > 0
    assert shown_is_drawn_afresh(host)


def test_a_goal_that_scrolls_the_list_paints_its_new_row_alone(qtbot: QtBot, demo_svc: Services,
                                                               settings: QSettings) -> None:
    """Scrolled to its end by item, the list's rows are laid out one row higher than they are drawn before Qt
    scrolls them: the row above the new one is not painted again."""
    assert demo_svc.set_lineup("g016", "home", lineup("ly"), season=SEASON).ok
    assert demo_svc.set_lineup("g016", "away", lineup("ow"), season=SEASON).ok
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    tab = window.live_game_tab
    tab.select_game("g016")
    window.resize(1366, 768)
    settle(qtbot)
    view, viewport = tab.events_view, tab.events_view.viewport()
    regions: list[tuple[int, int, int, int]] = []

    class Regions(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if watched is viewport and event.type() == QEvent.Type.Paint:
                regions.extend(rect.getRect() for rect in event.region())  # type: ignore[attr-defined]
            return False

    spy = Regions()
    scrolled = 0
    for number in range(16):
        tab.clock.set_position(1, 60 + 30 * number)
        before = view.verticalScrollBar().value()
        regions.clear()
        viewport.installEventFilter(spy)
        try:
            goal_by_keys(qtbot, tab, "ha"[number % 2], "16" if number % 2 == 0 else "7")
            settle(qtbot)
        finally:
            viewport.removeEventFilter(spy)
        newest = tab.events.rowCount() - 1
        assert shown_is_drawn_afresh(window), f"goal {number + 1}"
        if before > 0:  # scrolled to its end already, and once more
            scrolled += 1
            top = view.rowViewportPosition(newest)
            assert view.verticalScrollBar().value() > before
            assert top + view.rowHeight(newest) == viewport.height()  # at the bottom, whole
            assert any(y <= top and y + h >= viewport.height() for _, y, _, h in regions)  # the new row
            above = (top - view.rowHeight(newest - 1), top)  # the row above it, moved by Qt, not painted
            assert not [(y, h) for _, y, _, h in regions if y < above[1] and y + h > above[0]], (number, regions)
    assert scrolled >= 5


def test_rows_added_to_a_list_at_its_end_show_what_it_draws(
        qtbot: QtBot, form: tuple[QWidget, QLineEdit, FocusQuietView]) -> None:
    """At its end, a list scrolled by item lays out its rows elsewhere when a row is added: they stay where they
    are drawn (the list is not scrolled here), nothing stale."""
    host, field, view = form
    model = view.model()
    assert isinstance(model, QStandardItemModel)
    bar = view.verticalScrollBar()
    for _ in range(3):
        assert bar.value() == bar.maximum()
        model.appendRow([QStandardItem(f"added {model.rowCount()}") for _ in range(model.columnCount())])
        view.executeDelayedItemsLayout()
        settle(qtbot)
        assert shown_is_drawn_afresh(host)
        view.scrollToBottom()
        settle(qtbot)
        assert shown_is_drawn_afresh(host)


def test_a_row_that_widens_a_column_past_the_list_shows_the_new_horizontal_scroll_bar_drawn(qtbot: QtBot) -> None:
    host, view, model = lone_view(qtbot)
    assert not view.horizontalScrollBar().isVisible()
    painted = Painted()
    QApplication.instance().installEventFilter(painted)
    try:
        model.appendRow([QStandardItem("a long entry " * 8), QStandardItem("row")])
        view.horizontalHeader().resizeSection(0, 900)  # as the event list widens a column for a new row
        view.executeDelayedItemsLayout()
        settle(qtbot)
    finally:
        QApplication.instance().removeEventFilter(painted)
    assert view.horizontalScrollBar().isVisible() and view.horizontalScrollBar() in painted.widgets
    assert shown_is_drawn_afresh(host)
