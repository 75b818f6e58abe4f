"""Keyboard-first without traps (issue 18, point 2): a whole game scored with key events only, each key pressed
where the keyboard sends it (the open list, else the focused widget), and one test for each trap the office
met: no focus after a restart, Esc with the infraction list open, letters firing shortcuts from a field or a
list, an unconfirmed finish, the period by mouse only, two Enters per penalty, a silent clamp of the clock,
"hookng" refused without a suggestion, candidates too narrow to tell apart, shared mnemonics."""

from __future__ import annotations

import pytest
from keyboard_helpers import answer_dialogs_with, key, receiver, write
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication
from pytestqt.qtbot import QtBot
from ui_helpers import focus, open_window

from scorekeeper.services import Services
from ui.live_game_tab import LiveGameTab
from ui.live_keys import NEXT_PERIOD_KEY, PREVIOUS_PERIOD_KEY, SHORTCUTS
from ui.main_window import MainWindow

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
GAME, SEASON = "g016", "2015-16"  # Lynx (home) v Owls (away), scheduled, nobody dressed


@pytest.fixture
def at_the_boards(settings: QSettings) -> QSettings:
    """Settings as the window left them last time: the Live Game tab in front, game g016 at the boards."""
    settings.setValue("window/tab", 1)
    settings.setValue("window/season", SEASON)
    settings.setValue(f"live/game/{SEASON}", GAME)
    return settings


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, at_the_boards: QSettings) -> MainWindow:
    window = open_window(qtbot, demo_svc, at_the_boards)
    qtbot.waitUntil(lambda: window.live_game_tab.game_id == GAME and QApplication.focusWidget() is not None)
    return window


def dress_both_sides(qtbot: QtBot, tab: LiveGameTab) -> None:
    """Ctrl+L, then for each side: Tab to Dress all, Space, Tab to Save, Space; Ctrl+L back to scoring."""
    key(qtbot, Qt.Key.Key_L, CTRL)
    for panel in (tab.home_lineup, tab.away_lineup):
        assert focus() is panel.view
        key(qtbot, Qt.Key.Key_Tab)
        assert focus() is panel.all_button
        key(qtbot, Qt.Key.Key_Space)
        key(qtbot, Qt.Key.Key_Tab, times=2)
        assert focus() is panel.save_button
        key(qtbot, Qt.Key.Key_Space)
        key(qtbot, Qt.Key.Key_Tab)
    key(qtbot, Qt.Key.Key_L, CTRL)
    assert focus() is tab.events_view


def set_clock(qtbot: QtBot, tab: LiveGameTab, time: str) -> None:
    key(qtbot, Qt.Key.Key_F2)
    assert focus() is tab.clock.time
    key(qtbot, Qt.Key.Key_A, CTRL)
    write(qtbot, time)
    key(qtbot, Qt.Key.Key_Return)


def begin(qtbot: QtBot, tab: LiveGameTab, letter: Qt.Key, side: str) -> None:
    """An entry's letter from the event list, the side by its letter, Tab to the next field."""
    key(qtbot, letter)
    assert focus() is tab.entry.team
    write(qtbot, side)
    key(qtbot, Qt.Key.Key_Tab)


def penalty(qtbot: QtBot, tab: LiveGameTab, side: str, number: str, typed: str, *picking: Qt.Key) -> None:
    begin(qtbot, tab, Qt.Key.Key_P, side)
    write(qtbot, number)
    key(qtbot, Qt.Key.Key_Tab)
    assert focus() is tab.entry.infraction
    write(qtbot, typed)
    for which in picking:
        key(qtbot, which)
    key(qtbot, Qt.Key.Key_Return)  # one Enter


def test_a_whole_game_from_the_keyboard(qtbot: QtBot, window: MainWindow, demo_svc: Services,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab
    assert focus() is tab.events_view  # after the (re)start the first key is an entry, no click first
    dress_both_sides(qtbot, tab)

    set_clock(qtbot, tab, "02:00")
    assert focus() is tab.events_view and tab.clock.elapsed() == "02:00"
    penalty(qtbot, tab, "a", "7", "trip")  # Owls #7 tripping: the only infraction "trip" finds
    assert tab.events.rowCount() == 1, tab.messages.text()
    assert focus() is tab.events_view

    begin(qtbot, tab, Qt.Key.Key_G, "h")  # a power-play goal: Lynx #16 from #77 and #10
    write(qtbot, "16")
    key(qtbot, Qt.Key.Key_Tab)
    write(qtbot, "77 10")
    key(qtbot, Qt.Key.Key_Return)
    assert tab.events.rowCount() == 2, tab.messages.text()

    set_clock(qtbot, tab, "09:00")  # a fight: Lynx #19 and Owls #18, fighting majors both
    penalty(qtbot, tab, "h", "19", "fight", Qt.Key.Key_Down)  # three infractions hold "fight": the first
    assert tab.events.rowCount() == 3, tab.messages.text()
    assert tab.banner.isVisible() and "Ejected" in tab.banner.label.text()  # seen at once, no click
    penalty(qtbot, tab, "a", "18", "fighting")
    assert tab.events.rowCount() == 4, tab.messages.text()
    assert tab.banner.isVisible() and "Ejected" in tab.banner.label.text()

    begin(qtbot, tab, Qt.Key.Key_T, "a")  # an Owls timeout
    key(qtbot, Qt.Key.Key_Return)
    assert tab.events.rowCount() == 5, tab.messages.text()

    key(qtbot, Qt.Key.Key_PageDown, CTRL)  # the second half
    assert (tab.clock.period.value(), tab.clock.elapsed()) == (2, "00:00")
    assert focus() is tab.events_view
    set_clock(qtbot, tab, "20:00")  # the end of the second half (GAME-1: two 20-minute halves)

    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_Return)
    key(qtbot, Qt.Key.Key_F, CTRL | SHIFT)
    assert asked == ["Finish game"]
    assert "Final" in tab.messages.text()

    game = demo_svc.game(GAME, SEASON)
    assert game["status"] == "final" and game["score"] == {"home": 1, "away": 0}
    (goal,) = game["goals"]
    assert (goal["scorer"], goal["assists"], goal["elapsed"], goal["strength"]) == (
        "ly02", ["ly05", "ly09"], "02:00", "PP")
    penalties = [(p["player"], p["infraction"], p["class"]) for p in game["penalties"]]
    assert penalties == [("ow03", "tripping", "minor"), ("ly03", "fighting", "major"),
                         ("ow02", "fighting", "major")]
    assert {e["player"] for e in game["ejections"]} == {"ly03", "ow02"}


# -- the traps, one by one -------------------------------------------------------------------------------------
def test_after_a_restart_the_letter_keys_work_at_once(qtbot: QtBot, demo_svc: Services,
                                                     at_the_boards: QSettings) -> None:
    first = open_window(qtbot, demo_svc, at_the_boards)
    qtbot.waitUntil(lambda: first.live_game_tab.game_id == GAME)
    first.close()
    again = Services.open(demo_svc.target)
    try:
        window = open_window(qtbot, again, at_the_boards)
        tab = window.live_game_tab
        qtbot.waitUntil(lambda: tab.game_id == GAME and QApplication.focusWidget() is not None)
        assert focus() is tab.events_view
        key(qtbot, Qt.Key.Key_G)
        assert tab.entry.current_type() == "goal" and focus() is tab.entry.team
    finally:
        window.close()


def test_the_tab_brought_to_the_front_takes_the_keys(qtbot: QtBot, window: MainWindow) -> None:
    window.tabs.setCurrentIndex(0)
    window.tabs.setCurrentWidget(window.live_game_tab)
    assert focus() is window.live_game_tab.events_view
    key(qtbot, Qt.Key.Key_T)
    assert window.live_game_tab.entry.current_type() == "timeout"


def open_list(qtbot: QtBot, tab: LiveGameTab, typed: str) -> None:
    begin(qtbot, tab, Qt.Key.Key_P, "a")
    key(qtbot, Qt.Key.Key_Tab)
    write(qtbot, typed)
    assert tab.entry.list_open()


def test_esc_closes_the_open_infraction_list_and_keeps_the_entry(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    open_list(qtbot, tab, "abus")
    key(qtbot, Qt.Key.Key_Escape)
    assert not tab.entry.list_open()
    assert tab.entry.current_type() == "penalty" and tab.entry.infraction.text() == "abus"
    assert focus() is tab.entry.infraction
    key(qtbot, Qt.Key.Key_Escape)  # the next Esc leaves the entry
    assert tab.entry.infraction.text() == "" and focus() is tab.events_view


def test_letters_typed_in_the_list_or_a_field_fire_no_shortcut(qtbot: QtBot, window: MainWindow,
                                                              demo_svc: Services) -> None:
    tab = window.live_game_tab
    open_list(qtbot, tab, "ab")
    assert QApplication.activePopupWidget() is not None and receiver() is QApplication.activePopupWidget()
    write(qtbot, "us")  # S in the open list (the penalty shot's key): a letter of the infraction
    assert tab.entry.current_type() == "penalty" and tab.entry.infraction.text() == "abus"
    assert tab.entry.list_open()
    key(qtbot, Qt.Key.Key_Escape)
    key(qtbot, Qt.Key.Key_Tab, SHIFT)
    key(qtbot, Qt.Key.Key_Tab, SHIFT)
    assert focus() is tab.entry.team
    write(qtbot, "gnt")  # letters in the Team field: no goal, note or timeout begins
    assert tab.entry.current_type() == "penalty" and tab.entry.infraction.text() == "abus"
    assert demo_svc.view(SEASON).games[GAME]["events"] == []


def test_one_enter_picks_the_only_candidate_and_records_the_penalty(qtbot: QtBot, window: MainWindow,
                                                                   demo_svc: Services) -> None:
    tab = window.live_game_tab
    dress_both_sides(qtbot, tab)
    penalty(qtbot, tab, "a", "7", "hook")
    assert tab.events.rowCount() == 1, tab.messages.text()
    (recorded,) = demo_svc.game(GAME, SEASON)["penalties"]
    assert (recorded["player"], recorded["infraction"]) == ("ow03", "hooking")
    assert not tab.entry.list_open() and focus() is tab.events_view


def test_a_near_miss_is_refused_with_did_you_mean_and_the_cursor_stays_on_it(qtbot: QtBot,
                                                                            window: MainWindow) -> None:
    tab = window.live_game_tab
    dress_both_sides(qtbot, tab)
    penalty(qtbot, tab, "a", "7", "hookng")
    assert tab.events.rowCount() == 0
    assert "did you mean Hooking (hooking)?" in tab.messages.text()
    assert focus() is tab.entry.infraction and tab.entry.infraction.selectedText() == "hookng"
    write(qtbot, "hooking")
    key(qtbot, Qt.Key.Key_Return)
    assert tab.events.rowCount() == 1, tab.messages.text()


def test_a_number_nobody_wears_is_refused_with_the_cursor_on_it(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    dress_both_sides(qtbot, tab)
    begin(qtbot, tab, Qt.Key.Key_G, "h")
    write(qtbot, "99")
    key(qtbot, Qt.Key.Key_Return)
    assert "no #99 is dressed" in tab.messages.text() and tab.events.rowCount() == 0
    assert focus() is tab.entry.number and tab.entry.number.selectedText() == "99"
    write(qtbot, "16")  # typed over: the correction, then Enter
    key(qtbot, Qt.Key.Key_Return)
    assert tab.events.rowCount() == 1, tab.messages.text()


def test_a_letter_in_the_clocks_period_field_starts_no_entry(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    key(qtbot, Qt.Key.Key_F2)
    key(qtbot, Qt.Key.Key_Tab, SHIFT)
    assert focus() is tab.clock.period
    write(qtbot, "g")
    assert focus() is tab.clock.period and tab.entry.number.text() == "" and not tab.entry.team.hasFocus()


def test_each_candidate_shows_its_full_name_and_minutes_wide_enough(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    open_list(qtbot, tab, "abus")
    model = tab.entry.completer_model
    shown = [model.index(row, 0).data() for row in range(model.rowCount())]
    assert shown == ["Obscene or abusive language, disrespect — misconduct 10 min [abuse_of_officials]",
                     "Obscene language, offender not identified — bench minor 2 min [unidentified_abuse]"]
    popup = tab.entry.list_view
    widest = max(popup.fontMetrics().horizontalAdvance(text) for text in shown)
    assert popup.viewport().width() >= widest  # nothing cut off: the two tell apart
    popup.grab().save(str(window.settings.fileName()) + ".list.png")


def test_finishing_asks_and_esc_keeps_the_game_going(qtbot: QtBot, window: MainWindow, demo_svc: Services,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab
    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_Escape)
    key(qtbot, Qt.Key.Key_F, CTRL | SHIFT)
    assert asked == ["Finish game"]
    assert demo_svc.game(GAME, SEASON)["status"] != "final"
    assert tab.finish_button.isEnabled() and focus() is tab.events_view


def test_keys_for_the_next_and_previous_period(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    assert (NEXT_PERIOD_KEY, PREVIOUS_PERIOD_KEY) == ("Ctrl+PgDown", "Ctrl+PgUp")
    set_clock(qtbot, tab, "12:00")
    key(qtbot, Qt.Key.Key_PageDown, CTRL)
    assert (tab.clock.period.value(), tab.clock.elapsed()) == (2, "00:00")
    assert "2nd half" in tab.messages.text()
    key(qtbot, Qt.Key.Key_PageUp, CTRL)
    key(qtbot, Qt.Key.Key_PageUp, CTRL)  # no period before the first
    assert tab.clock.period.value() == 1
    keys = [k for k, _ in SHORTCUTS]
    assert NEXT_PERIOD_KEY in keys and PREVIOUS_PERIOD_KEY in keys


def test_the_clock_refuses_an_impossible_time_as_the_time_field_does(qtbot: QtBot, window: MainWindow,
                                                                     demo_svc: Services) -> None:
    tab = window.live_game_tab
    set_clock(qtbot, tab, "05:00")
    set_clock(qtbot, tab, "21:30")
    assert tab.clock.elapsed() == "05:00"  # not clamped to 20:00
    entry_refusal = demo_svc.validate_event(GAME, {"type": "timeout", "team": "home", "period": 1,
                                                   "elapsed": "21:30"}, season=SEASON)
    (block,) = [v for v in entry_refusal if v.blocks]
    assert block.message in tab.messages.text() and block.rule in tab.messages.text()
    assert focus() is tab.clock.time and tab.clock.time.selectedText() == "21:30"
    key(qtbot, Qt.Key.Key_Escape)  # abandoned: the clock's time is back, the keys with the list
    assert focus() is tab.events_view and tab.clock.time.text() == "05:00"


def test_enter_in_a_line_up_saves_it(qtbot: QtBot, window: MainWindow, demo_svc: Services) -> None:
    tab = window.live_game_tab
    key(qtbot, Qt.Key.Key_L, CTRL)
    key(qtbot, Qt.Key.Key_Tab)
    assert focus() is tab.home_lineup.all_button
    key(qtbot, Qt.Key.Key_Space)
    key(qtbot, Qt.Key.Key_Tab, SHIFT)
    assert focus() is tab.home_lineup.view
    key(qtbot, Qt.Key.Key_Return)
    assert len(demo_svc.view(SEASON).games[GAME]["lineups"]["home"]) == 10


def test_every_alt_key_of_the_line_ups_presses_one_button(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    key(qtbot, Qt.Key.Key_L, CTRL)
    buttons = [b for panel in (tab.home_lineup, tab.away_lineup) for b in panel.findChildren(QAbstractButton)
               if b.isVisible() and b.text()]
    keys = [b.shortcut().toString() for b in buttons]
    assert len(keys) == len(set(keys)) == 6 and all(k.startswith("Alt+") for k in keys), keys
    assert tab.home_lineup.all_button.shortcut() != tab.away_lineup.all_button.shortcut()
    menus = {a.text()[a.text().index("&") + 1].upper() for a in window.menuBar().actions() if "&" in a.text()}
    assert not menus & {k.removeprefix("Alt+") for k in keys}  # no button shares a menu's Alt key
