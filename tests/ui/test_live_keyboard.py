"""A game scored from the keyboard alone: dress both sides, a goal by number, a penalty found by typing
"trip", a power-play goal that ends it in the box panel, finish; the facade's game JSON says the same."""

from __future__ import annotations

import pytest
from keyboard_helpers import answer_dialogs_with
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot
from ui_helpers import focus, open_window, press, replace_text, type_text

from scorekeeper.services import Services
from ui.entry_form import EntryForm
from ui.live_game_tab import LiveGameTab
from ui.main_window import MainWindow

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game("g016")  # Lynx (home) v Owls (away), scheduled, nobody dressed
    window.live_game_tab.events_view.setFocus()
    return window


def dress_side_by_keyboard(qtbot: QtBot, tab: LiveGameTab, side: str) -> None:
    panel = tab.home_lineup if side == "home" else tab.away_lineup
    assert focus() is panel.view
    press(qtbot, Qt.Key.Key_Tab)
    assert focus() is panel.all_button
    press(qtbot, Qt.Key.Key_Space)
    press(qtbot, Qt.Key.Key_Tab, times=2)
    assert focus() is panel.save_button
    press(qtbot, Qt.Key.Key_Space)


def clock_to(qtbot: QtBot, tab: LiveGameTab, time: str) -> None:
    press(qtbot, Qt.Key.Key_F2)
    assert focus() is tab.clock.time
    replace_text(qtbot, time)
    press(qtbot, Qt.Key.Key_Return)
    assert tab.clock.elapsed() == time


def entry(qtbot: QtBot, tab: LiveGameTab, key: Qt.Key, side_letter: str) -> EntryForm:
    """Start an entry with its one-letter key from wherever the focus is; pick the side by its letter."""
    press(qtbot, key)
    assert focus() is tab.entry.team
    type_text(qtbot, side_letter)
    press(qtbot, Qt.Key.Key_Tab)
    return tab.entry


def test_a_game_scored_from_the_keyboard(qtbot: QtBot, window: MainWindow, demo_svc: Services,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab
    press(qtbot, Qt.Key.Key_L, CTRL)
    assert tab.pages.currentIndex() == 1
    dress_side_by_keyboard(qtbot, tab, "home")
    press(qtbot, Qt.Key.Key_Tab)
    dress_side_by_keyboard(qtbot, tab, "away")
    game = demo_svc.view("2015-16").games["g016"]
    assert len(game["lineups"]["home"]) == len(game["lineups"]["away"]) == 10
    assert game["lineups"]["home"][0] == {"player": "ly01", "goalie": True}

    press(qtbot, Qt.Key.Key_L, CTRL)
    assert focus() is tab.events_view
    clock_to(qtbot, tab, "02:00")
    press(qtbot, Qt.Key.Key_Escape)

    # goal: Lynx #16 from #77 and #10, time from the clock
    form = entry(qtbot, tab, Qt.Key.Key_G, "h")
    assert focus() is form.number
    type_text(qtbot, "16")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "77 10")
    press(qtbot, Qt.Key.Key_Return)
    assert "Goal recorded" in tab.messages.text()
    assert focus() is tab.events_view

    # penalty: Owls #7, found by typing "trip"; then the clock moves on
    clock_to(qtbot, tab, "04:00")
    form = entry(qtbot, tab, Qt.Key.Key_P, "a")
    type_text(qtbot, "7")
    press(qtbot, Qt.Key.Key_Tab)
    assert focus() is form.infraction
    type_text(qtbot, "trip")
    assert form.infraction_code() == "tripping"
    press(qtbot, Qt.Key.Key_Return)  # one Enter: the only infraction listed is taken and the penalty recorded
    assert tab.events.rowCount() == 2, tab.messages.text()
    clock_to(qtbot, tab, "05:00")
    box = tab.away_panel.label.text()
    assert "Penalty box" in box and "01:00" in box

    # power-play goal at 05:12 ends the minor
    form = entry(qtbot, tab, Qt.Key.Key_G, "h")
    type_text(qtbot, "19")
    press(qtbot, Qt.Key.Key_Tab, times=3)
    assert focus() is form.elapsed
    replace_text(qtbot, "05:12")
    press(qtbot, Qt.Key.Key_Return)
    assert tab.events.rowCount() == 3
    clock_to(qtbot, tab, "05:20")
    assert "Penalty box empty" in tab.away_panel.label.text()
    assert "Lynx 2 – 0 Owls" in tab.score.text()
    press(qtbot, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)  # the second half, run to its end
    clock_to(qtbot, tab, "20:00")

    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_Return)  # finishing asks first: Enter confirms
    press(qtbot, Qt.Key.Key_F, CTRL | SHIFT)
    assert asked == ["Finish game"]
    assert "Final" in tab.messages.text()

    computed = demo_svc.game("g016", "2015-16")
    assert computed["status"] == "final"
    assert computed["score"] == {"home": 2, "away": 0}
    first, second = computed["goals"]
    assert (first["scorer"], first["assists"], first["elapsed"], first["strength"]) == (
        "ly02", ["ly05", "ly09"], "02:00", "EV")
    assert (second["scorer"], second["elapsed"], second["strength"]) == ("ly03", "05:12", "PP")
    (penalty,) = computed["penalties"]
    assert (penalty["player"], penalty["infraction"], penalty["class"]) == ("ow03", "tripping", "minor")
    assert penalty["ended_by_goal"] is True and penalty["ends"] == "05:12"
    assert not tab.entry.isEnabled() and tab.reopen_button.isEnabled()
    assert tab.model.row([tab.model.row(n)["id"] for n in range(tab.model.rowCount())].index("g016"))[
        "status"] == "final"
