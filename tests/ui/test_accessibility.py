"""A screen reader hears the window (issue 31.4): every field, button, list and table a person can reach, on every
tab and sub-page, the Live Game tab with a game at the boards and its entry form for each kind, and every dialog the
menus and the tabs' buttons open, has a name read through QAccessible; the widgets the window draws itself tell
their text: the score, the clock, each side with its penalty box, the banner's message, the points chart and the
arena display, kept current after an entry typed by keys."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAccessible, QAction
from PySide6.QtPrintSupport import QPrintDialog
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QSlider,
    QTableView,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot
from test_live_banner import clock_to, dressed, penalty_by_keys, show_game  # noqa: F401 - dressed: a fixture
from test_mnemonics import SKIPPED, menus_of
from ui_helpers import open_window, press, type_text

from scorekeeper.services import Services
from ui import dialogs
from ui.accessible import label_text, name_from_labels
from ui.dialogs import run_dialog as run_for_real  # before conftest replaces it for each test
from ui.entry_form import KINDS

INTERACTIVE = (QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox, QAbstractItemView, QTextEdit, QPlainTextEdit,
               QSlider, QAbstractScrollArea)


def accessible(widget: QWidget, text: QAccessible.Text = QAccessible.Text.Name) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None and interface.isValid()
    return interface.text(text)


def interactive(root: QWidget) -> Iterator[QWidget]:
    """What a person acts on under `root`, in sight and enabled: fields, buttons, lists and tables, scroll areas,
    and any widget of the project's own that takes the keyboard focus (a table's header and corner button are part
    of its table; the line edit inside a combo box or a spin box is the box's)."""
    for widget in [root, *root.findChildren(QWidget)]:
        if (not widget.isVisibleTo(root) or not widget.isEnabled() or isinstance(widget, QHeaderView)
                or widget.objectName().startswith("qt_")):  # Qt's own parts of a widget: a table's corner button
            continue
        if isinstance(widget, QLineEdit) and isinstance(widget.parentWidget(), (QComboBox, QAbstractSpinBox)):
            continue
        if isinstance(widget, INTERACTIVE) or widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            yield widget


def nameless(root: QWidget) -> list[str]:
    """Each interactive widget under `root` a screen reader has no name for. On Linux Qt reads a combo box's
    current text as its name (its label goes through a relation): a combo box is held to its accessible name,
    which Windows and macOS read."""
    found = []
    for widget in interactive(root):
        name = widget.accessibleName() if isinstance(widget, QComboBox) else accessible(widget)
        if not name.strip():
            found.append(f"{type(widget).__name__} {widget.objectName()!r} in {type(widget.parentWidget()).__name__}"
                         f" of {root.windowTitle() or type(root).__name__}")
    return found


def test_a_field_is_named_after_its_label_else_its_placeholder_tooltip_or_tab(qtbot: QtBot) -> None:
    assert label_text("Pe&riod:") == "Period" and label_text("Fish && &Chips") == "Fish & Chips"
    assert label_text("<b>&Home</b> team:") == "Home team"
    form = QWidget()
    qtbot.addWidget(form)
    layout = QVBoxLayout(form)
    rows = QFormLayout()
    number = QLineEdit(form)
    rows.addRow("&Number:", number)
    layout.addLayout(rows)
    label, email = QLabel("E-&mail:", form), QLineEdit(form)
    label.setBuddy(email)
    search = QLineEdit(form)
    search.setPlaceholderText("Search players: name or number")
    stage_label, stage = QLabel("Stage:", form), QComboBox(form)
    tool = QToolButton(form)
    tool.setToolTip("Delete the selected entry (Del)")
    heading, table = QLabel("<b>Teams</b> — 8", form), QTableView(form)
    for widget in (label, email, search, stage_label, stage, tool, heading, table):
        layout.addWidget(widget)
    kept = QLineEdit(form)
    kept.setAccessibleName("Named by hand")
    layout.addWidget(kept)
    name_from_labels(form)
    names = [w.accessibleName() for w in (number, email, search, tool, table, kept)]
    assert names == ["Number", "E-mail", "Search players: name or number", "Delete the selected entry", "Teams",
                     "Named by hand"]
    assert stage_label.buddy() is stage and accessible(stage_label) == "Stage:"  # Qt reads the label it leads to
    assert nameless(form) == []


def test_every_tab_and_page_of_the_window_names_what_a_person_acts_on(qtbot: QtBot, demo_svc: Services,
                                                                       settings: QSettings) -> None:
    window = open_window(qtbot, demo_svc, settings)
    missing: list[str] = []
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        missing += nameless(window)
    season, roster, tab = window.season_tab, window.roster_tab, window.live_game_tab
    window.tabs.setCurrentWidget(season)
    for index in range(season.pages.count()):
        season.pages.setCurrentIndex(index)
        missing += nameless(window)
    window.tabs.setCurrentWidget(roster)
    roster.view.setCurrentIndex(roster.view.model().index(0, 0))
    for index in range(roster.forms.count()):
        roster.forms.setCurrentIndex(index)
        missing += nameless(window)
    window.tabs.setCurrentWidget(tab)
    tab.select_game("g016")
    for kind in KINDS:  # the entry form, with the fields of each kind
        tab.begin(kind.type)
        missing += nameless(window)
    tab.pages.setCurrentIndex(1)  # the line-ups, each side's table named after its team
    missing += nameless(window)
    assert missing == []
    assert accessible(tab.home_lineup.view) == "Line-up of Lynx (home)"
    assert accessible(tab.clock.time) == "Clock time" and accessible(tab.clock.period) == "Period"
    assert accessible(roster.search) == "Search players: name or number"
    assert accessible(tab.events_view) == "Events of the game"
    assert window.tabs.accessibleName() == "Pages: Roster, Live Game, Season"


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, list[str]]]:
    """Every dialog the window opens (its title, its nameless widgets), read as it shows and closed at once. The
    dialogs run through `dialogs.run_dialog` as they do for a person: only QDialog.exec is replaced. Qt's own
    print dialog is Qt's business."""
    seen: list[tuple[str, list[str]]] = []

    def run(dialog: QDialog) -> int:
        if isinstance(dialog, QPrintDialog):
            return QDialog.DialogCode.Rejected
        dialog.show()
        QApplication.processEvents()
        seen.append((dialog.windowTitle(), nameless(dialog)))
        dialog.hide()
        return QDialog.DialogCode.Rejected

    def message(parent: QWidget | None, title: str, text: str, *args: object, **kwargs: object) -> int:
        return run(QMessageBox(QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok, parent))

    for name in ("getOpenFileName", "getSaveFileName"):
        monkeypatch.setattr(QFileDialog, name, lambda *a, **k: ("", ""))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: "")
    for name in ("getText", "getItem"):
        monkeypatch.setattr(QInputDialog, name, lambda *a, **k: ("", False))
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **k: (0, False))
    monkeypatch.setattr(QMessageBox, "information", message)
    monkeypatch.setattr(QMessageBox, "about", message)
    for kind in (QDialog, QMessageBox, QInputDialog, QFileDialog, QPrintDialog):  # each its own exec in PySide6
        monkeypatch.setattr(kind, "exec", run)
    monkeypatch.setattr(dialogs, "run_dialog", run_for_real)
    return seen


def test_every_dialog_the_menus_and_the_buttons_open_names_its_fields(
        qtbot: QtBot, demo_svc: Services, settings: QSettings, opened: list[tuple[str, list[str]]]) -> None:
    window = open_window(qtbot, demo_svc, settings)
    tab = window.live_game_tab
    window.tabs.setCurrentWidget(tab)
    tab.select_game(next(g for g in demo_svc.games("2015-16") if g["status"] == "final")["id"])
    actions: list[QAction] = [a for a in window.findChildren(QAction) if a.menu() is None]
    bar = {m for a in window.menuBar().actions() if isinstance(a.menu(), QMenu) for m in menus_of(a.menu())}
    for action in [a for m in bar for a in m.actions() if a in actions]:
        if action.text() not in SKIPPED and action.isEnabled() and action.isVisible() and not action.isSeparator():
            action.trigger()
    for button in (tab.details_button, tab.sign_button, tab.audit_button, tab.print_button):
        window.tabs.setCurrentWidget(tab)
        button.click()
    season = window.season_tab
    window.tabs.setCurrentWidget(season)
    titles = [season.pages.tabText(n) for n in range(season.pages.count())]
    for page, button in (("Suspensions", season.appeal_button), ("Suspensions", season.lift_button),
                         ("Fines", season.payment_button)):
        season.pages.setCurrentIndex(titles.index(page))
        season.suspensions_view.setCurrentIndex(season.suspensions_view.model().index(0, 0))
        button.click()
    roster = window.roster_tab
    window.tabs.setCurrentWidget(roster)
    roster.view.setCurrentIndex(roster.view.model().index(0, 0))
    roster.forms.setCurrentWidget(roster.team_page)
    for button in (roster.rename_team_button, roster.merge_team_button, roster.delete_team_button):
        button.click()
    titles = [title for title, _ in opened]
    assert len(opened) >= 20 and any(t.startswith("Rulebook") for t in titles), titles
    assert any(t.startswith("Audit trail") for t in titles) and "Seasons" in titles
    assert {title: missing for title, missing in opened if missing} == {}


def test_the_score_clock_sides_and_banner_are_read_after_an_entry_typed_by_keys(
        qtbot: QtBot, dressed: Services, settings: QSettings) -> None:  # noqa: F811 - the fixture
    window = show_game(qtbot, dressed, settings)
    tab = window.live_game_tab
    assert accessible(tab.score) == "Score: Lynx 0, Owls 0"
    clock_to(qtbot, tab, "02:00")
    assert accessible(tab.clock) == "Clock: 1st half, 02:00, paused"
    penalty_by_keys(qtbot, tab, "h", "77", "trip")
    clock_to(qtbot, tab, "02:30")
    home = accessible(tab.home_panel, QAccessible.Text.Description)
    assert accessible(tab.home_panel) == "Lynx (home)"
    assert "Penalty box" in home and "#77 Grant Lefebvre" in home and "01:30" in home, home
    assert "Penalty box empty" in accessible(tab.away_panel, QAccessible.Text.Description)
    for time, infraction in (("06:00", "hook"), ("10:00", "slash")):  # the third: ejected, the banner says so
        clock_to(qtbot, tab, time)
        penalty_by_keys(qtbot, tab, "h", "77", infraction)
    assert tab.banner.isVisible()
    said = accessible(tab.banner)
    assert said.startswith("Ejected: #77 Grant Lefebvre") and "PEN-GEN-3" in said, said
    assert "third penalty of the game" in accessible(tab.banner, QAccessible.Text.Description)


def test_a_goal_typed_by_keys_is_read_on_the_score_line_and_the_arena_display(
        qtbot: QtBot, dressed: Services, settings: QSettings) -> None:  # noqa: F811 - the fixture
    window = show_game(qtbot, dressed, settings)
    tab = window.live_game_tab
    window.arena.show_action.trigger()  # View ▸ Arena display
    display = window.arena.display
    assert display is not None
    clock_to(qtbot, tab, "03:00")
    board = accessible(display, QAccessible.Text.Description)
    assert "LYNX" in board and "OWLS" in board and "17:00" in board, board  # the time left, as the rink reads it
    tab.events_view.setFocus()
    press(qtbot, Qt.Key.Key_G)  # a goal: Lynx #16, unassisted
    type_text(qtbot, "h")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "16")
    press(qtbot, Qt.Key.Key_Return)
    assert accessible(tab.score) == "Score: Lynx 1, Owls 0"
    board = accessible(display, QAccessible.Text.Description)
    assert "GOAL LYNX" in board and "#16" in board, board
    window.arena.close()


def test_the_points_chart_reads_each_teams_points(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> None:
    window = open_window(qtbot, demo_svc, settings)
    season = window.season_tab
    window.tabs.setCurrentWidget(season)
    season.pages.setCurrentIndex([season.pages.tabText(n) for n in range(season.pages.count())].index("Points chart"))
    chart = season.chart
    qtbot.waitUntil(lambda: bool(chart.series))
    said = accessible(chart, QAccessible.Text.Description)
    leader = min((s for s in chart.series if s.points), key=lambda s: (-s.points[-1], s.name))
    assert accessible(chart) == chart.title
    assert said.startswith(f"{leader.name} {leader.points[-1]} points after {len(leader.points)} games"), said
    assert all(s.name in said for s in chart.series if s.points)
