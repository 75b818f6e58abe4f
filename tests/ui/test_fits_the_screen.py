"""Issue 18.5: the window fits the screen. A first start takes the screen's free area (never taller: the status bar
stays on the screen); at 1024x768 and 1366x768 every tab shows all of itself without scrolling sideways."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QSettings, QSize, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QAbstractScrollArea, QScrollArea, QTableView, QWidget
from pytestqt.qtbot import QtBot
from ui_helpers import column, open_window

from scorekeeper.services import Services
from ui import screen_fit
from ui.main_window import GEOMETRY, MainWindow
from ui.reflow import Reflow


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> list[QRect]:
    """The screen's free area the window sees (set the list's one item); its frame is left out of the sums."""
    area = [QRect(0, 0, 1024, 768)]
    monkeypatch.setattr(screen_fit, "free_area", lambda window: area[0])
    monkeypatch.setattr(screen_fit, "FRAME_GUESS", QSize(0, 0))
    monkeypatch.setattr(screen_fit, "frame_extra", lambda window: QSize(0, 0))
    return area


def test_a_first_size_never_taller_than_the_free_area() -> None:
    frame = QSize(16, 40)
    for width, height in ((1024, 768), (1366, 768), (1280, 720), (1024, 728)):
        size = screen_fit.first_size(QRect(0, 0, width, height), frame)
        assert (size.width(), size.height()) == (width - 16, height - 40)
    big = screen_fit.first_size(QRect(0, 0, 2560, 1440), frame)
    assert (big.width(), big.height()) == (1440, 900)


def inside(widget: QWidget, window: QWidget) -> bool:
    """Whether all of `widget` is shown within `window`: no ancestor (a scroll area's viewport, the window's
    edge) clips any of it."""
    if not widget.isVisible():
        return False
    shown = QRect(QPoint(0, 0), widget.size())
    child: QWidget = widget
    while child is not window:
        parent = child.parentWidget()
        assert parent is not None
        shown = shown.translated(child.pos()).intersected(parent.rect())
        child = parent
    return shown.size() == widget.size()


def every_column_in_sight(view: QTableView) -> bool:
    """Whether every column of `view` is whole within its viewport, with room for a vertical scroll bar (a game's
    list grows), and each row is as tall as its lines."""
    header = view.horizontalHeader()
    scroll_bar = 0 if view.verticalScrollBar().isVisible() else view.verticalScrollBar().sizeHint().width()
    if view.horizontalScrollBar().isVisible() or header.length() > view.viewport().width() - scroll_bar:
        return False
    metrics = view.fontMetrics()
    rows = view.verticalHeader()
    model = view.model()
    for row in range(model.rowCount()):
        for number in range(model.columnCount()):
            lines = str(model.index(row, number).data() or "").split("\n")
            if max(metrics.horizontalAdvance(line) for line in lines) > header.sectionSize(number) \
                    or len(lines) * metrics.lineSpacing() > rows.sectionSize(row):
                return False
    return True


def no_sideways_scrolling(window: MainWindow) -> list[str]:
    """The scroll areas holding a whole tab that scroll sideways (none should)."""
    front = window.tabs.currentWidget()
    assert front is not None
    return [area.objectName() or type(area.widget()).__name__ for area in front.findChildren(QScrollArea)
            if area.horizontalScrollBar().isVisible() and isinstance(area, QAbstractScrollArea)
            and area.objectName() != "entryMessagesArea"]


@pytest.mark.parametrize(("width", "height"), ((1024, 768), (1366, 768)))
def test_a_first_start_fills_a_small_screen_and_every_tab_fits(
        qtbot: QtBot, demo_svc: Services, settings: QSettings, screen: list[QRect], width: int, height: int) -> None:
    screen[0] = QRect(0, 0, width, height)
    for side, prefix in (("home", "ly"), ("away", "ow")):
        assert demo_svc.set_lineup("g016", side, [{"player": f"{prefix}{n:02d}", "goalie": n == 1}
                                                  for n in range(1, 11)]).ok
    for event in ({"type": "goal", "team": "home", "period": 1, "elapsed": "02:00", "scorer": "ly02",
                   "assists": ["ly05", "ly09"]},  # two assists: the widest entry there is
                  {"type": "penalty", "team": "away", "period": 1, "elapsed": "09:00", "player": "ow03",
                   "infraction": "tripping"}):
        assert demo_svc.add_event("g016", event).ok
    window = open_window(qtbot, demo_svc, settings)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (width, height))
    assert inside(window.statusBar(), window)
    window.tabs.setCurrentIndex(1)
    tab = window.live_game_tab
    tab.select_game("g016")
    qtbot.wait(10)
    rules_panel = tab.messages.parentWidget()
    assert rules_panel is not None
    for widget in (tab.finish_button, tab.clock, tab.events_view, rules_panel, tab.entry):
        assert inside(widget, window), widget.objectName() or type(widget).__name__
    score_row = tab.findChild(Reflow, "scoreRow")
    assert score_row is not None
    assert score_row.is_across() == (width > 1100)  # at 1024 pixels the clock goes under the score
    games = [str(tab.model.row(n)["id"]) for n in range(tab.model.rowCount())]
    for game in [*games, "g016"]:  # every game's entries; the game at the boards has a two-assist goal
        tab.select_game(game)
        qtbot.wait(10)
        assert inside(tab.events_view, window)
        assert every_column_in_sight(tab.events_view), game  # each entry in full, nothing scrolled off
        assert every_column_in_sight(tab.view)  # the games list: teams, date, number, score and status
    assert column(tab.events, "Details", 1)[0].startswith("A: #")  # g016's goal and its two assists, in sight
    # at 1366 pixels the rules panel stays beside the list; at 1024 it goes under it, to leave the list its room
    assert tab.events_and_rules.orientation() == (Qt.Orientation.Horizontal if width > 1100
                                                  else Qt.Orientation.Vertical)
    assert no_sideways_scrolling(window) == []
    tab.pages.setCurrentIndex(1)
    qtbot.wait(10)
    for widget in (tab.home_lineup.save_button, tab.away_lineup.save_button):
        assert inside(widget, window)
    for panel in (tab.home_lineup, tab.away_lineup):
        assert not panel.view.horizontalScrollBar().isVisible()  # Dress, G, #, player and the note in sight
    assert no_sideways_scrolling(window) == []
    window.tabs.setCurrentIndex(0)
    window.roster_tab.select_team("herons")
    qtbot.wait(10)
    roster = window.roster_tab.roster_view
    assert not roster.horizontalScrollBar().isVisible()  # Susp., Fines and Status in sight
    window.roster_tab.show_all_teams()  # the Team column too: every player's name still whole
    qtbot.wait(10)
    assert every_column_in_sight(roster)
    assert no_sideways_scrolling(window) == []
    window.tabs.setCurrentIndex(2)
    for page in range(window.season_tab.pages.count()):
        window.season_tab.pages.setCurrentIndex(page)
        qtbot.wait(5)
        assert no_sideways_scrolling(window) == []
        shown = window.season_tab.pages.currentWidget()
        assert shown is not None
        tables = [view for view in shown.findChildren(QTableView) if view.isVisible()]
        assert not [view for view in tables if view.horizontalScrollBar().isVisible()], page  # every column
    assert inside(window.statusBar(), window)


def test_a_layout_saved_on_a_bigger_screen_is_brought_back_onto_a_small_one(
        qtbot: QtBot, demo_svc: Services, settings: QSettings, screen: list[QRect]) -> None:
    screen[0] = QRect(0, 0, 1920, 1080)
    big = open_window(qtbot, demo_svc, settings)
    big.resize(1800, 1000)
    big.move(100, 60)
    settings.setValue(GEOMETRY, big.saveGeometry())
    big.close()
    screen[0] = QRect(0, 0, 1024, 768)
    window = MainWindow(demo_svc, settings)
    qtbot.addWidget(window)
    assert window.width() <= 1024 and window.height() <= 768
    assert QRect(0, 0, 1024, 768).contains(QRect(window.pos(), window.size()))
    window.show()
    qtbot.waitUntil(lambda: window.height() <= 768 and window.y() + window.height() <= 768)
    assert inside(window.statusBar(), window)


def test_a_task_bar_above_is_left_free(qtbot: QtBot, demo_svc: Services, settings: QSettings,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A 1366x768 screen with a 40-pixel task bar at its top: the window, its frame as measured once painted
    included, starts below the bar and ends on the screen."""
    area = QRect(0, 40, 1366, 728)
    monkeypatch.setattr(screen_fit, "free_area", lambda window: area)
    monkeypatch.setattr(screen_fit, "FRAME_GUESS", QSize(0, 0))  # a guess too small: the measured frame counts
    window = open_window(qtbot, demo_svc, settings)
    qtbot.waitUntil(lambda: area.contains(window.frameGeometry()))
    assert window.height() >= 728 - 2 * 40 and inside(window.statusBar(), window)


def test_the_games_list_is_as_wide_as_its_columns_until_the_person_moves_its_handle(
        qtbot: QtBot, demo_svc: Services, settings: QSettings, screen: list[QRect]) -> None:
    screen[0] = QRect(0, 0, 1366, 768)
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentIndex(1)
    tab = window.live_game_tab
    qtbot.wait(10)
    view = tab.view
    wanted = view.horizontalHeader().length() + view.verticalScrollBar().sizeHint().width() + 2 * view.frameWidth()
    assert tab.splitter.sizes()[0] == wanted and every_column_in_sight(view)
    tab.splitter.moveSplitter(400, 1)  # as a drag of the handle does
    qtbot.wait(10)
    assert tab.splitter.sizes()[0] == 400
    tab.show_season(tab.season)  # the season again (another PC's change, a season picked again)
    qtbot.wait(10)
    assert tab.splitter.sizes()[0] == 400  # the person's width stays


@pytest.mark.parametrize("width", (1024, 1366))
def test_every_entry_kinds_fields_show_their_hints_whole(qtbot: QtBot, demo_svc: Services, settings: QSettings,
                                                         screen: list[QRect], width: int) -> None:
    """Each kind of entry (goal, penalty, penalty shot...): every field's grey hint reads whole in its field."""
    from PySide6.QtWidgets import QLineEdit, QStyle, QStyleOptionFrame

    screen[0] = QRect(0, 0, width, 768)
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentIndex(1)
    tab = window.live_game_tab
    tab.select_game("g016")
    form = tab.entry
    for number in range(form.kind.count()):
        form.kind.setCurrentIndex(number)
        qtbot.wait(5)
        for field in form.findChildren(QLineEdit):
            if not field.isVisible() or not field.placeholderText():
                continue
            option = QStyleOptionFrame()
            field.initStyleOption(option)
            room = field.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, field).width()
            wanted = field.fontMetrics().horizontalAdvance(field.placeholderText())
            assert wanted <= room - 4, (form.kind.currentText(), field.placeholderText())
        assert inside(form, window)


def test_the_line_up_shows_each_players_whole_note_under_the_list(
        qtbot: QtBot, demo_svc: Services, settings: QSettings, screen: list[QRect]) -> None:
    """At 1024 pixels the Note column is narrow (and a refused player's row takes no cursor): each note is shown
    whole under the list, by the player's name; a side with nothing to note shows no such line."""
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentIndex(1)
    tab = window.live_game_tab
    tab.select_game("g008")  # Herons, whose Ryan Cote is suspended
    tab.pages.setCurrentIndex(1)
    qtbot.wait(10)
    panel = tab.home_lineup
    note = next(str(row["note"]) for row in panel.model.rows() if row["player"] == "he04")
    assert note.startswith("suspended") and panel.note.isVisible() and inside(panel.note, window)
    shown = QTextDocument()
    shown.setHtml(panel.note.text())
    assert shown.toPlainText() == f"Ryan Cote: {note}"
    tab.select_game("g016")  # nobody to note
    qtbot.wait(10)
    assert not panel.note.isVisible() and not tab.away_lineup.note.isVisible()


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1366, 768)])
def test_the_roster_csv_preview_fits_the_screen_with_its_why_and_its_buttons(
        qtbot: QtBot, demo_svc: Services, settings: QSettings, screen: list[QRect], width: int, height: int,
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 27.8: the roster CSV preview opened 1100 pixels wide: at 1024 its Why column and Cancel were off the
    screen. It takes at most the free area, every column in sight, a long Why wrapped; Esc cancels."""
    from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox

    from ui import dialogs
    from ui.roster_csv import RosterCsvDialog

    screen[0] = QRect(0, 0, width, height)
    path = tmp_path / "roster.csv"
    path.write_text("team,number,first,last,gender,position,email\n"
                    "Herons,61,Maximilian-Alexander,Vandenberghe-Fitzgerald,M,skater,"
                    "maximilian.alexander.vandenberghe@example.org\n"
                    "Herons,4,Ann,Ode,F,skater,ann.ode@example.org\n"  # #4 is worn: refused, a long Why
                    "Nowhere,9,Zed,Zero,M,goalie,\n", encoding="utf-8")
    window = open_window(qtbot, demo_svc, settings)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (width, height))
    window.tabs.setCurrentWidget(window.roster_tab)
    seen: list[RosterCsvDialog] = []

    def run(dialog: QDialog) -> int:
        assert isinstance(dialog, RosterCsvDialog)
        seen.append(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        qtbot.wait(20)
        dialog.grab().save(str(tmp_path / f"roster-csv-{width}.png"))
        assert dialog.width() <= width and dialog.height() <= height
        buttons = dialog.findChild(QDialogButtonBox)
        assert buttons is not None
        for widget in (buttons.button(QDialogButtonBox.StandardButton.Cancel), dialog.import_button, dialog.view,
                       dialog.summary):
            assert widget is not None and inside(widget, dialog), widget
        view = dialog.view
        header = view.horizontalHeader()
        why = header.count() - 1
        assert not view.horizontalScrollBar().isVisible()
        assert header.sectionViewportPosition(why) + header.sectionSize(why) <= view.viewport().width()
        assert header.sectionSize(why) >= 150  # the reasons readable, wrapped onto more lines where long
        dialog.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
        qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Escape)
        return dialog.result()

    monkeypatch.setattr(dialogs, "run_dialog", run)
    assert not window.roster_tab.import_csv(str(path))
    assert len(seen) == 1 and "Nothing imported" in window.roster_tab.messages.text()


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1366, 768)])
def test_the_games_list_with_game_numbers_does_not_scroll_sideways(
        qtbot: QtBot, demo_svc: Services, settings: QSettings, screen: list[QRect], width: int, height: int,
        tmp_path: Path) -> None:
    """Issue 27.13: once the office set a game's number (Officials…, the window open), the Live Game tab at 1024
    pixels scrolled sideways: the games list's columns grew past its width. Every column stays in sight."""
    from ui import dialogs
    from ui.game_details_dialog import GameDetailsDialog

    screen[0] = QRect(0, 0, width, height)
    window = open_window(qtbot, demo_svc, settings)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (width, height))
    window.tabs.setCurrentIndex(1)
    tab = window.live_game_tab
    for game, number in (("g016", "WSHL-015"), ("g008", "WSHL-2015-16-008")):
        tab.select_game(game)
        qtbot.wait(10)

        def run(dialog: GameDetailsDialog, number: str = number) -> int:
            dialog.number.setText(number)
            return 1

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(dialogs, "run_dialog", run)
            tab.details_button.setFocus()
            qtbot.keyClick(tab.details_button, Qt.Key.Key_Space)
        qtbot.wait(20)
        assert number in column(tab.model, "Game", 1)[tab.model.number_of(game) or 0], tab.messages.text()
        window.grab().save(str(tmp_path / f"games-list-{number}-{width}.png"))
        assert no_sideways_scrolling(window) == []
        assert every_column_in_sight(tab.view), number
        for widget in (tab.view, tab.events_view, tab.finish_button):
            assert inside(widget, window), widget
