"""Issue 27, scoring at the boards: an entry half typed is never lost without asking (a close, a tab change, a
game change, a restore), after a refusal the keys are on the field at fault, the score line shows what was
entered, the ejection banner leaves the event list its rows at 1024x768, notes sit at their moment, a finish
before regulation time is warned (GAME-1) and the goalies' minutes are those played, the strength reads alike on
the tab and the arena board, a clock set right takes its refusal away, and a paper sheet is entered with the
clock held still."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from keyboard_helpers import answer_dialogs_with, key, write
from PySide6.QtCore import QRect, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot
from test_fits_the_screen import screen
from test_live_banner import penalty_by_keys, plain
from test_live_redraw import lineup
from ui_helpers import focus, open_window

from scorekeeper.services import Services
from ui import arena_board, dialogs
from ui.live_game_tab import LiveGameTab
from ui.main_window import MainWindow

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
SEASON, GAME = "2015-16", "g016"  # Lynx (home) v Owls (away)


def shot(widget: QWidget, name: str) -> None:
    """A screenshot to look at, where SCOREKEEPER_SCREENSHOTS says (a folder)."""
    folder = os.environ.get("SCOREKEEPER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(Path(folder) / f"{name}.png"))


__all__ = ["screen"]  # the screen's free area, as test_fits_the_screen sets it


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings, screen: list[QRect]) -> MainWindow:
    """Game g016 at the boards, both sides dressed, the window 1024x768 (a first start on a 1024x768 screen), the
    keys on the event list."""
    screen[0] = QRect(0, 0, 1024, 768)
    assert demo_svc.set_lineup(GAME, "home", lineup("ly"), season=SEASON).ok
    assert demo_svc.set_lineup(GAME, "away", lineup("ow"), season=SEASON).ok
    settings.setValue("window/tab", 1)
    settings.setValue("window/season", SEASON)
    settings.setValue(f"live/game/{SEASON}", GAME)
    window = open_window(qtbot, demo_svc, settings)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1024, 768))
    qtbot.waitUntil(lambda: window.live_game_tab.game_id == GAME and QApplication.activeWindow() is window)
    window.live_game_tab.events_view.setFocus()
    return window


def clock_to(qtbot: QtBot, tab: LiveGameTab, time: str) -> None:
    """F2, the time typed over the clock's, Enter."""
    key(qtbot, Qt.Key.Key_F2)
    assert focus() is tab.clock.time
    key(qtbot, Qt.Key.Key_A, CTRL)
    write(qtbot, time)
    key(qtbot, Qt.Key.Key_Return)


def goal(qtbot: QtBot, tab: LiveGameTab, side: str, scorer: str, time: str = "") -> None:
    """G, the side, Tab, the scorer; `time`: Tab to Time and the time typed; Enter."""
    key(qtbot, Qt.Key.Key_G)
    write(qtbot, side)
    key(qtbot, Qt.Key.Key_Tab)
    write(qtbot, scorer)
    if time:
        key(qtbot, Qt.Key.Key_Tab, times=3)
        assert focus() is tab.entry.elapsed
        key(qtbot, Qt.Key.Key_A, CTRL)
        write(qtbot, time)
    key(qtbot, Qt.Key.Key_Return)


def events(tab: LiveGameTab) -> list[Mapping[str, Any]]:
    """The game's entries as the facade last gave them to the tab."""
    assert tab.game_shown is not None
    return list(tab.game_shown.events)


def visible_rows(tab: LiveGameTab) -> float:
    """How many rows of the event list are in sight."""
    view = tab.events_view
    height = view.verticalHeader().defaultSectionSize()
    return view.viewport().height() / height


# -- 7: the first ejection banner at 1024x768 ------------------------------------------------------------------
def test_7_the_ejection_banner_leaves_the_event_list_its_rows_at_1024(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    for time, side, number, infraction in (("02:00", "h", "77", "trip"), ("06:00", "a", "2", "hook"),
                                           ("10:00", "h", "77", "fighting")):
        clock_to(qtbot, tab, time)
        penalty_by_keys(qtbot, tab, side, number, infraction)
    qtbot.wait(10)
    assert tab.banner.isVisible() and "Ejected" in tab.banner.text()
    shot(window, "27-7-banner-1024")
    assert visible_rows(tab) >= 3.5  # the penalty just recorded and the two before it, whole


# -- 2 and beyond: an entry half typed asks first --------------------------------------------------------------
def half_type_a_goal(qtbot: QtBot, tab: LiveGameTab) -> None:
    """G H Tab 16: a goal by Lynx #16, not recorded."""
    key(qtbot, Qt.Key.Key_G)
    write(qtbot, "h")
    key(qtbot, Qt.Key.Key_Tab)
    write(qtbot, "16")
    assert focus() is tab.entry.number


def test_2_closing_the_window_mid_entry_asks_first(qtbot: QtBot, window: MainWindow, demo_svc: Services,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab
    half_type_a_goal(qtbot, tab)
    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_Escape)  # Esc: back to the entry
    key(qtbot, Qt.Key.Key_Q, CTRL)
    assert asked == ["Entry not recorded"]
    assert window.isVisible() and tab.entry.number.text() == "16" and focus() is tab.entry.number
    key(qtbot, Qt.Key.Key_Return)  # recorded after all
    assert [e["type"] for e in events(tab)] == ["goal"], tab.messages.text()
    half_type_a_goal(qtbot, tab)
    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_D)  # D: discard it, and the window closes
    key(qtbot, Qt.Key.Key_Q, CTRL)
    assert asked == ["Entry not recorded"]
    assert not window.isVisible()


def test_a_tab_change_a_game_change_and_a_restore_ask_first(qtbot: QtBot, window: MainWindow,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab
    half_type_a_goal(qtbot, tab)
    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_Return)  # Enter: back to the entry
    window.tabs.setCurrentWidget(window.season_tab)  # the Season tab (as its tab bar's key would)
    assert asked == ["Entry not recorded"] and window.tabs.currentWidget() is tab
    assert tab.entry.number.text() == "16" and focus() is tab.entry.number
    row = next(n for n in range(tab.model.rowCount()) if tab.model.row(n)["id"] == "g017")
    tab.view.setCurrentIndex(tab.model.index(row, 0))  # another game picked in the list
    assert asked == ["Entry not recorded"] * 2 and tab.game_id == GAME
    assert tab.model.row(tab.view.currentIndex().row())["id"] == GAME and tab.entry.number.text() == "16"
    assert not window.restore_backup()  # File > Restore from backup: asked before the file is asked for
    assert asked == ["Entry not recorded"] * 3 and tab.entry.number.text() == "16"
    asked.clear()
    answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_D)
    tab.view.setCurrentIndex(tab.model.index(row, 0))
    assert tab.game_id == "g017" and tab.entry.number.text() == ""


# -- 3: after a refusal the keys are on the field at fault -----------------------------------------------------
def test_3_a_refused_scorer_has_the_keys_with_his_number_selected(qtbot: QtBot, window: MainWindow,
                                                                  demo_svc: Services) -> None:
    tab = window.live_game_tab
    clock_to(qtbot, tab, "03:00")
    penalty_by_keys(qtbot, tab, "h", "77", "fighting")  # #77 ejected (PEN-FIGHT-1)
    clock_to(qtbot, tab, "05:00")
    key(qtbot, Qt.Key.Key_G)
    write(qtbot, "h")
    key(qtbot, Qt.Key.Key_Tab)
    write(qtbot, "77")
    key(qtbot, Qt.Key.Key_Tab)
    write(qtbot, "11")
    key(qtbot, Qt.Key.Key_Return)
    assert "ELIG-3" in tab.messages.text()
    assert focus() is tab.entry.number and tab.entry.number.selectedText() == "77"
    write(qtbot, "16")  # typed over the refused number
    key(qtbot, Qt.Key.Key_Return)
    goal_ = events(tab)[-1]
    assert goal_["type"] == "goal" and goal_["scorer"] == "ly02" and list(goal_["assists"]) == ["ly04"]


def test_after_a_refused_time_the_keys_are_on_the_time_with_it_selected(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    goal(qtbot, tab, "h", "16", "25:00")  # no such time in a 20-minute half (DATA-3)
    assert "DATA-3" in tab.messages.text()
    assert focus() is tab.entry.elapsed and tab.entry.elapsed.selectedText() == "25:00"
    write(qtbot, "15:00")
    key(qtbot, Qt.Key.Key_Return)
    assert [e["elapsed"] for e in events(tab)] == ["15:00"], tab.messages.text()


# -- 4: the score line shows what was entered -----------------------------------------------------------------
def test_4_the_score_line_shows_every_goal_entered_whatever_the_clock(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    clock_to(qtbot, tab, "00:03")
    goal(qtbot, tab, "h", "16", "05:30")  # typed at 5:30, the clock at 0:03
    assert tab.events.rowCount() == 1, tab.messages.text()
    assert tab.score.text() == "Lynx 1 – 0 Owls"
    assert tab.model.row(tab.view.currentIndex().row())["score"] == {"home": 1, "away": 0}


# -- 10: a note at its moment ---------------------------------------------------------------------------------
def test_10_a_note_carries_its_period_and_time_and_sits_among_the_plays(qtbot: QtBot, window: MainWindow,
                                                                        demo_svc: Services) -> None:
    tab = window.live_game_tab
    clock_to(qtbot, tab, "05:00")
    goal(qtbot, tab, "h", "16")
    clock_to(qtbot, tab, "09:00")
    key(qtbot, Qt.Key.Key_N)
    assert focus() is tab.entry.text
    write(qtbot, "puck over the glass, glass repaired")
    key(qtbot, Qt.Key.Key_Return)
    note = events(tab)[-1]
    assert (note["type"], note["period"], note["elapsed"]) == ("note", 1, "09:00")
    assert [tab.events.row(n)["kind"] for n in range(tab.events.rowCount())] == ["Goal", "Note"]
    assert tab.events.row(1)["elapsed"] == "09:00"


# -- 12: a finish before regulation time ----------------------------------------------------------------------
def test_12_a_finish_before_regulation_time_is_warned_and_the_goalies_get_the_minutes_played(
        qtbot: QtBot, window: MainWindow, demo_svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab
    clock_to(qtbot, tab, "10:00")
    goal(qtbot, tab, "h", "16")
    key(qtbot, Qt.Key.Key_PageDown, CTRL)
    clock_to(qtbot, tab, "01:01")
    asked = answer_each_with(monkeypatch, qtbot, Qt.Key.Key_Return, Qt.Key.Key_Escape)
    key(qtbot, Qt.Key.Key_F, CTRL | SHIFT)  # Finish game: Enter; the rulebook's warning: Esc
    assert asked == ["Finish game", "Confirm entry"]
    assert demo_svc.game(GAME, SEASON)["status"] != "final"
    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_Return)  # then confirmed: the game was abandoned
    key(qtbot, Qt.Key.Key_F, CTRL | SHIFT)
    assert asked == ["Finish game", "Confirm entry"]
    game = demo_svc.game(GAME, SEASON)
    assert game["status"] == "final"
    assert dict(events(tab)[-1]) == {"type": "end", "period": 2, "elapsed": "01:01"}
    assert goalie_minutes(demo_svc) == {"home #30": "21:01", "away #30": "21:01"}  # the minutes played, not 40:00


def answer_each_with(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, *keys: Qt.Key) -> list[str]:
    """Modal dialogs answered in turn: the first with the first key, the next with the next."""
    titles: list[str] = []
    left = list(keys)

    def run(dialog: QDialog) -> int:
        titles.append(dialog.windowTitle())
        which = left.pop(0)

        def answer() -> None:
            dialog.activateWindow()
            qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=2000)
            current = QApplication.focusWidget()
            qtbot.keyClick(current if current is not None and dialog.isAncestorOf(current) else dialog, which)

        QTimer.singleShot(0, answer)
        result = dialog.exec()
        parent = dialog.parentWidget()
        if parent is not None:
            parent.window().activateWindow()
            qtbot.waitUntil(lambda: QApplication.activeWindow() is parent.window(), timeout=2000)
        return result

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return titles


def goalie_minutes(svc: Services) -> dict[str, str]:
    """Each goalie's time in net on the game sheet."""
    from scorekeeper.reports import data

    sheet = data.game_sheet_data(svc, GAME, SEASON)
    return {f"{team.side} #{g.number}": g.minutes for team in (sheet.home, sheet.away) for g in team.goalies}


# -- 18: the strength reads alike ------------------------------------------------------------------------------
def test_18_the_strength_reads_alike_on_the_tab_and_the_arena_board(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    screen_ = tab.game_shown
    assert screen_ is not None and screen_.live is not None
    board = arena_board.board(screen_, screen_.live, screen_.score, "1st", tab.clock.remaining(), False)
    assert board.strength == "5 on 5"  # skaters, as the rulebook counts them (GAME-2's "4-on-4")
    assert plain(tab.strength.text()) == "Strength 5 on 5"


# -- 19: a clock set right takes its refusal away -------------------------------------------------------------
def test_19_a_clock_set_right_takes_the_refusal_away(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    key(qtbot, Qt.Key.Key_F2)
    key(qtbot, Qt.Key.Key_A, CTRL)
    write(qtbot, "25:00")
    key(qtbot, Qt.Key.Key_Return)
    assert "DATA-3" in tab.messages.text() and focus() is tab.clock.time
    key(qtbot, Qt.Key.Key_A, CTRL)
    write(qtbot, "15:00")
    key(qtbot, Qt.Key.Key_Return)
    assert tab.clock.elapsed() == "15:00"
    assert "DATA-3" not in tab.messages.text() and "Clock set" in plain(tab.messages.text())


# -- from the sheet: the clock held, each time typed -----------------------------------------------------------
def test_from_the_sheet_the_clock_is_held_and_each_time_typed(qtbot: QtBot, window: MainWindow,
                                                              demo_svc: Services,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab
    key(qtbot, Qt.Key.Key_H, CTRL | SHIFT)
    assert tab.from_sheet.isChecked()
    key(qtbot, Qt.Key.Key_T, CTRL)
    assert not tab.clock.running()  # held still
    for side, number, time in (("h", "16", "12:00"), ("h", "19", "14:00"), ("a", "7", "16:00")):
        goal(qtbot, tab, side, number, time)
    assert tab.score.text() == "Lynx 2 – 1 Owls"
    key(qtbot, Qt.Key.Key_G)
    assert tab.entry.elapsed.text() == "16:00"  # the next entry starts at the last one's time
    key(qtbot, Qt.Key.Key_Escape)
    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_Return)
    key(qtbot, Qt.Key.Key_F, CTRL | SHIFT)
    assert asked == ["Finish game"]  # no warning: a sheet entered after the game ran its length
    assert demo_svc.game(GAME, SEASON)["status"] == "final"
    assert goalie_minutes(demo_svc) == {"home #30": "40:00", "away #30": "40:00"}
