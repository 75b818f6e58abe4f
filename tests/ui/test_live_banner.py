"""The rulebook speaks at the moment it acts (issue 18, points 1, 4 and the event list of 5): an entry that ejects
a player, starts a suspension or a fine or puts a side two men down raises a banner in the live panel at once,
naming the player by number and name, the rule and section, and what follows; the penalty box marks the ejected
player; the rules panel lists what the game has set off, also after a reopen and a restart. Line-ups keep the
other side's unsaved ticks and show a refusal beside the player; the event list shows each entry in full."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_live_redraw import lineup
from ui_helpers import column, focus, open_window, press, replace_text, type_text

from scorekeeper.services import Services
from ui.live_game_tab import LiveGameTab
from ui.main_window import MainWindow

SEASON = "2015-16"
GAME = "g016"  # Lynx (home) v Owls (away): Lynx #77 is Grant Lefebvre, Owls #2 Simon Mercier


@pytest.fixture
def dressed(demo_svc: Services) -> Services:
    assert demo_svc.set_lineup(GAME, "home", lineup("ly"), season=SEASON).ok
    assert demo_svc.set_lineup(GAME, "away", lineup("ow"), season=SEASON).ok
    return demo_svc


def show_game(qtbot: QtBot, svc: Services, settings: QSettings) -> MainWindow:
    window = open_window(qtbot, svc, settings)
    window.resize(1024, 768)
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game(GAME)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)  # the window manager's activation
    window.live_game_tab.events_view.setFocus()
    return window


@pytest.fixture
def window(qtbot: QtBot, dressed: Services, settings: QSettings) -> MainWindow:
    return show_game(qtbot, dressed, settings)


def clock_to(qtbot: QtBot, tab: LiveGameTab, time: str) -> None:
    tab.events_view.setFocus()
    press(qtbot, Qt.Key.Key_F2)
    replace_text(qtbot, time)
    press(qtbot, Qt.Key.Key_Return)
    assert tab.clock.elapsed() == time


def penalty_by_keys(qtbot: QtBot, tab: LiveGameTab, side: str, number: str, infraction: str) -> None:
    """P, the side's letter, Tab, the number, Tab, the infraction typed, Enter (twice where the list asks one)."""
    rows = tab.events.rowCount()
    tab.events_view.setFocus()
    press(qtbot, Qt.Key.Key_P)
    type_text(qtbot, side)
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, number)
    press(qtbot, Qt.Key.Key_Tab)
    assert focus() is tab.entry.infraction
    type_text(qtbot, infraction)
    press(qtbot, Qt.Key.Key_Return)
    if tab.events.rowCount() == rows and focus() is tab.entry.infraction:
        press(qtbot, Qt.Key.Key_Return)
    assert tab.events.rowCount() == rows + 1, tab.messages.text()


def plain(rich: str) -> str:
    document = QTextDocument()
    document.setHtml(rich)
    return document.toPlainText()


def test_pen_gen_3_the_third_penalty_raises_the_ejection_banner_at_once(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    for time, infraction in (("02:00", "trip"), ("06:00", "hook")):
        clock_to(qtbot, tab, time)
        penalty_by_keys(qtbot, tab, "h", "77", infraction)
        assert tab.banner.isHidden()  # a first and a second penalty set off nothing
    clock_to(qtbot, tab, "10:00")
    penalty_by_keys(qtbot, tab, "h", "77", "slash")
    assert tab.banner.isVisible()
    said = tab.banner.text()
    assert "Ejected: #77 Grant Lefebvre (Lynx)" in said
    assert "third penalty of the game" in said and "§4 I c" in said and "no further part" in said
    assert "Ejected" in window.statusBar().currentMessage()
    clock_to(qtbot, tab, "11:00")
    box = plain(tab.home_panel.label.text())
    assert "#77 Grant Lefebvre" in box and "EJECTED" in box  # the box marks him (a substitute serves)
    assert "Ejected: #77 Grant Lefebvre" in plain(tab.caused.text())
    window.resize(1024, 768)
    tab.grab().save("/tmp/p1_banner_1024.png")
    # the next entry that sets off nothing takes the banner down; the rules panel keeps the list
    clock_to(qtbot, tab, "12:00")
    penalty_by_keys(qtbot, tab, "a", "2", "trip")
    assert tab.banner.isHidden()
    assert "Ejected: #77 Grant Lefebvre" in plain(tab.caused.text())


def test_ice_4_a_side_put_two_men_down_is_told_in_the_banner(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    clock_to(qtbot, tab, "10:00")
    penalty_by_keys(qtbot, tab, "h", "77", "trip")
    assert tab.banner.isHidden()
    clock_to(qtbot, tab, "10:30")
    penalty_by_keys(qtbot, tab, "h", "16", "hook")
    said = tab.banner.text()
    assert tab.banner.isVisible() and "Two men down: Lynx" in said
    assert "3 skaters and a goalie" in said and "§4 I c" in said and "until 12:00" in said


def test_a_fight_tells_ejection_suspension_and_fine_and_the_list_outlives_reopen_and_restart(
        qtbot: QtBot, window: MainWindow, dressed: Services, settings: QSettings) -> None:
    tab = window.live_game_tab
    clock_to(qtbot, tab, "05:00")
    penalty_by_keys(qtbot, tab, "a", "2", "fight")
    said = tab.banner.text()
    assert "Ejected: #2 Simon Mercier (Owls)" in said
    assert "Suspended for the next 5 games" in said and "Fine: 50.00" in said
    penalty_by_keys(qtbot, tab, "h", "77", "fight")
    assert "Ejected: #77 Grant Lefebvre (Lynx)" in tab.banner.text()
    assert dressed.finish_game(GAME, confirm=True, season=SEASON).ok
    assert dressed.reopen_game(GAME, "a goal was missed", season=SEASON).ok
    tab.refresh_game()
    listed = plain(tab.caused.text())
    assert "Ejected: #2 Simon Mercier (Owls)" in listed and "Ejected: #77 Grant Lefebvre (Lynx)" in listed
    window.close()
    again = show_game(qtbot, dressed, settings)  # the window started afresh on the same database
    listed = plain(again.live_game_tab.caused.text())
    assert listed.count("Ejected:") == 2 and "Suspended for the next 5 games" in listed
    assert "Nothing to report" not in plain(again.live_game_tab.messages.text())


def test_saving_one_side_keeps_the_other_sides_unsaved_ticks(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    press(qtbot, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    away = tab.away_lineup
    away.view.setFocus()
    away.view.setCurrentIndex(away.model.index(0, 0))
    unticked = away.model.row(0)["player"]
    press(qtbot, Qt.Key.Key_Space)  # the away side's first player undressed, not saved
    assert not away.model.row(0)["dressed"]
    home = tab.home_lineup
    home.view.setFocus()
    home.view.setCurrentIndex(home.model.index(1, 0))
    press(qtbot, Qt.Key.Key_Space)
    home.save_button.setFocus()
    press(qtbot, Qt.Key.Key_Space)
    assert "saved" in tab.messages.text()
    assert not next(r for r in away.model.rows() if r["player"] == unticked)["dressed"]  # still unticked
    assert sum(1 for r in home.model.rows() if r["dressed"]) == 9  # home saved as ticked


def test_coed_5_a_line_up_refusal_shows_beside_the_player(qtbot: QtBot, dressed: Services,
                                                           settings: QSettings) -> None:
    """Two Division-1 men signed by Lynx (a Division-2 team) may not both dress: the Line-ups page says so
    beside each of them and in the status line, not only on the Scoring page."""
    for player, number in (("ot02", 41), ("ot03", 42)):
        assert dressed.sign_player("lynx", player, number, confirm=True, season=SEASON).ok
    window = show_game(qtbot, dressed, settings)
    tab = window.live_game_tab
    press(qtbot, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    home = tab.home_lineup
    home.view.setFocus()
    for player in ("ot02", "ot03"):
        row = next(n for n, r in enumerate(home.model.rows()) if r["player"] == player)
        home.view.setCurrentIndex(home.model.index(row, 0))
        press(qtbot, Qt.Key.Key_Space)
    home.save_button.setFocus()
    press(qtbot, Qt.Key.Key_Space)
    notes = {r["player"]: r["note"] for r in home.model.rows()}
    assert "Refused" in notes["ot02"] and "Division-1" in notes["ot02"] and "COED" in notes["ot02"]
    assert "Refused" in notes["ot03"]
    assert "Refused" in plain(home.said.text()) and home.said.isVisible()
    assert "Refused" in window.statusBar().currentMessage()
    assert tab.pages.currentIndex() == 1  # the page stays where the scorekeeper is
    assert all(r["dressed"] for r in home.model.rows() if r["player"] in ("ot02", "ot03"))  # ticks kept
    tab.grab().save("/tmp/p1_lineups_1024.png")


def test_the_event_list_shows_each_entry_in_full(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    clock_to(qtbot, tab, "04:00")
    penalty_by_keys(qtbot, tab, "a", "2", "trip")
    clock_to(qtbot, tab, "05:00")
    tab.events_view.setFocus()
    press(qtbot, Qt.Key.Key_G)
    type_text(qtbot, "h")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "16")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "77 10")
    press(qtbot, Qt.Key.Key_Return)
    assert tab.events.rowCount() == 2, tab.messages.text()
    assert column(tab.events, "Details", 0)[0] == "#2 Simon Mercier"
    assert column(tab.events, "Details", 0)[1].startswith("#16 ")
    assert column(tab.events, "Details", 1)[1].startswith("A: #77 Grant Lefebvre, #10 ")  # the assists under it
    assert column(tab.events, "Entry") == ["Penalty\nOwls", "Goal\nLynx"]
    assert column(tab.events, "Time") == ["1st\n04:00", "1st\n05:00"]
    assert column(tab.events, "Str.") == ["", "PP"]
    infraction = column(tab.events, "Details", 1)[0]
    assert infraction.startswith("Tripping") and infraction.endswith("(minor) · 2 min")  # and its minutes
    header = tab.events_view.horizontalHeader()
    metrics = tab.events_view.fontMetrics()
    rows = tab.events_view.verticalHeader()
    for name in ("Time", "Entry", "Details"):
        number = [c.header for c in tab.events.columns].index(name)
        widest = max(metrics.horizontalAdvance(line) for text in column(tab.events, name) for line in text.split("\n"))
        assert header.sectionSize(number) >= widest, name  # nothing cut to "#9 Mik..."
        for row in range(tab.events.rowCount()):
            assert rows.sectionSize(row) >= 2 * metrics.height(), name  # both lines in sight
    last = tab.events.index(tab.events.rowCount() - 1, 0)
    assert tab.events_view.visualRect(last).intersects(tab.events_view.viewport().rect())  # the newest in sight
