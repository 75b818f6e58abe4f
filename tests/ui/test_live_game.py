"""The Live Game tab: refusals with their rule, warnings confirmed in one keystroke, undo and redo, edit and
delete, finish and reopen, the live panel and the game clock that survives a restart."""

from __future__ import annotations

from typing import Any

import pytest
from date_keys import type_date
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox
from pytestqt.qtbot import QtBot
from ui_helpers import focus, open_window, press, type_text

from scorekeeper.naming import next_game_id
from scorekeeper.services import Services
from ui import dialogs
from ui.live_game_tab import LiveGameTab
from ui.main_window import MainWindow

SEASON = "2015-16"
CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def lineup(team: str, skip: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    prefix = team[:2]
    players = [f"{prefix}{n:02d}" for n in range(1, 11) if f"{prefix}{n:02d}" not in skip]
    return [{"player": players[0], "goalie": True}, *({"player": p} for p in players[1:])]


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    return window


@pytest.fixture
def dressed(window: MainWindow, demo_svc: Services) -> LiveGameTab:
    """Game g016 (Lynx v Owls) with both sides dressed, shown in the tab, the event list focused."""
    assert demo_svc.set_lineup("g016", "home", lineup("lynx")).ok
    assert demo_svc.set_lineup("g016", "away", lineup("owls")).ok
    tab = window.live_game_tab
    tab.select_game("g016")
    tab.refresh_game()
    tab.events_view.setFocus()
    return tab


@pytest.fixture
def confirmations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Answer every warning box as Enter would (its default button), recording what it said."""
    seen: list[str] = []

    def run(box: Any) -> int:
        assert isinstance(box, QMessageBox)
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.Yes)
        seen.append(box.informativeText())
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


def events(svc: Services, game: str = "g016") -> list[dict[str, Any]]:
    return list(svc.view(SEASON).games[game]["events"])


def record(qtbot: QtBot, tab: LiveGameTab, kind: Qt.Key, side: str, *fields: str) -> None:
    """An entry by keyboard: its letter, the side's letter, then each field followed by Tab; Enter."""
    press(qtbot, kind)
    type_text(qtbot, side)
    for text in fields:
        press(qtbot, Qt.Key.Key_Tab)
        if text:
            type_text(qtbot, text)
    press(qtbot, Qt.Key.Key_Return)


def test_a_suspended_player_is_refused_with_the_rule_and_nothing_changes(
    window: MainWindow, demo_svc: Services
) -> None:
    tab = window.live_game_tab
    tab.select_game("g008")  # Herons v Falcons: he04 is suspended (PEN-FIGHT-1, game g006)
    tab.pages.setCurrentIndex(1)
    model = tab.home_lineup.model
    he04 = [model.row(n)["player"] for n in range(model.rowCount())].index("he04")
    note = model.row(he04)["note"]
    assert note.startswith("suspended") and "ELIG-2" in note and "§8" in note
    assert "ELIG-2" in model.index(he04, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert not model.flags(model.index(he04, 0)) & Qt.ItemFlag.ItemIsEnabled  # cannot be ticked
    assert not model.setData(model.index(he04, 0), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    tab.home_lineup.all_button.click()  # dresses everyone the rulebook allows
    assert not model.row(he04)["dressed"]
    assert len(tab.home_lineup.model.entries()) == model.rowCount() - 1
    # the core refuses it all the same when a line-up names him (the command line, a season file)
    result = demo_svc.set_lineup("g008", "home", [{"player": "he04"}], season=SEASON)
    assert not result.ok and any(v.rule == "ELIG-2" for v in result.violations)
    assert demo_svc.view(SEASON).games["g008"]["lineups"]["home"] == []


def under_18(svc: Services, player: str) -> None:
    """Make `player` 16 on the season's game days: a line-up dressing them warns (ELIG-4, the face mask)."""
    record = {k: v for k, v in svc.players(SEASON)[player].items() if k != "name"}
    assert svc.save_player({**record, "birthdate": "1999-06-01"}, True, season=SEASON).ok


def test_a_warning_is_confirmed_with_enter(window: MainWindow, demo_svc: Services, confirmations: list[str]) -> None:
    """The boards' warning (ELIG-4) is asked; the office's (SUSP-2, the captain's e-mail) is not (issue 27.11):
    it is said beside the saved line-up and waits on the office list."""
    under_18(demo_svc, "he02")
    tab = window.live_game_tab
    tab.select_game("g008")
    panel = tab.home_lineup
    panel.all_button.click()  # he04, suspended, stays undressed
    panel.save_button.click()
    assert len(confirmations) == 1 and "ELIG-4" in confirmations[0] and "SUSP-2" not in confirmations[0]
    assert len(demo_svc.view(SEASON).games["g008"]["lineups"]["home"]) == 9
    assert "Line-up of Herons saved" in tab.messages.text() and "SUSP-2" in tab.messages.text()


def test_a_warning_declined_writes_nothing(
    window: MainWindow, demo_svc: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dialogs, "confirm_warnings", lambda parent, violations: False)
    under_18(demo_svc, "fa02")
    tab = window.live_game_tab
    tab.select_game("g008")
    tab.away_lineup.all_button.click()
    index = [tab.away_lineup.model.row(n)["player"] for n in range(10)].index("fa05")
    tab.away_lineup.model.setData(tab.away_lineup.model.index(index, 0), Qt.CheckState.Unchecked,
                                  Qt.ItemDataRole.CheckStateRole)
    assert not tab.save_lineup("away")
    assert "not confirmed" in tab.messages.text()
    assert demo_svc.view(SEASON).games["g008"]["lineups"]["away"] == []


def test_an_office_warning_at_the_boards_asks_nothing_and_the_next_goal_is_typed(
        qtbot: QtBot, window: MainWindow, demo_svc: Services) -> None:
    """Issue 27.11: saving the line-ups of g008 (a Herons and a Falcons suspension, neither captain e-mailed:
    SUSP-2) by keys opens no dialog (the conftest fails a test on any); the keys typed next make the goal, and
    the captains' e-mails wait on the Season tab's office list."""
    tab = window.live_game_tab
    tab.select_game("g008")
    tab.events_view.setFocus()
    press(qtbot, Qt.Key.Key_L, CTRL)
    for panel in (tab.home_lineup, tab.away_lineup):
        assert focus() is panel.view
        press(qtbot, Qt.Key.Key_Tab)
        assert focus() is panel.all_button
        press(qtbot, Qt.Key.Key_Space)
        press(qtbot, Qt.Key.Key_Tab, times=2)
        assert focus() is panel.save_button
        press(qtbot, Qt.Key.Key_Space)
        assert "SUSP-2" in tab.messages.text() and "saved" in tab.messages.text()
        press(qtbot, Qt.Key.Key_Tab)
    game = demo_svc.view(SEASON).games["g008"]
    assert (len(game["lineups"]["home"]), len(game["lineups"]["away"])) == (9, 9)
    press(qtbot, Qt.Key.Key_L, CTRL)
    scorer = next(x["player"] for x in game["lineups"]["home"] if not x.get("goalie"))
    number = next(r["number"] for r in demo_svc.roster(SEASON) if r["player"] == scorer and r["team"] == "herons")
    record(qtbot, tab, Qt.Key.Key_G, "h", str(number))
    goals = [e for e in events(demo_svc, "g008") if e["type"] == "goal"]
    assert [g["scorer"] for g in goals] == [scorer], tab.messages.text()
    office = [(i["rule"], i["player"]) for i in demo_svc.office_list(SEASON)]
    assert ("SUSP-2", "he04") in office and ("SUSP-2", "fa05") in office


def test_a_misspelt_infraction_is_refused_with_its_rule(
    qtbot: QtBot, dressed: LiveGameTab, demo_svc: Services
) -> None:
    record(qtbot, dressed, Qt.Key.Key_P, "a", "7", "triping")
    assert dressed.entry.infraction_code() == "triping"
    text = dressed.messages.text()
    assert "PEN-GEN-1" in text and "triping" in text
    assert events(demo_svc) == []
    assert dressed.events.rowCount() == 0


def test_a_number_nobody_wears_is_refused(qtbot: QtBot, dressed: LiveGameTab, demo_svc: Services) -> None:
    record(qtbot, dressed, Qt.Key.Key_G, "h", "99")
    assert "no #99 is dressed for Lynx" in dressed.messages.text()
    assert "DATA-4" in dressed.messages.text()
    assert events(demo_svc) == []


def test_a_second_timeout_is_refused_with_game_3(qtbot: QtBot, dressed: LiveGameTab, demo_svc: Services) -> None:
    record(qtbot, dressed, Qt.Key.Key_T, "a")
    assert len(events(demo_svc)) == 1
    record(qtbot, dressed, Qt.Key.Key_T, "a")
    assert "GAME-3" in dressed.messages.text() and "§2 II a" in dressed.messages.text()
    assert len(events(demo_svc)) == 1


def test_undo_and_redo_from_the_keyboard(qtbot: QtBot, dressed: LiveGameTab, demo_svc: Services) -> None:
    record(qtbot, dressed, Qt.Key.Key_G, "h", "16")
    assert len(events(demo_svc)) == 1 and dressed.undo_button.isEnabled()
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert events(demo_svc) == [] and dressed.events.rowCount() == 0
    assert dressed.redo_button.isEnabled()
    press(qtbot, Qt.Key.Key_Z, CTRL | SHIFT)
    assert [e["scorer"] for e in events(demo_svc)] == ["ly02"]
    assert dressed.events.rowCount() == 1


def test_delete_and_edit_an_entry(qtbot: QtBot, dressed: LiveGameTab, demo_svc: Services) -> None:
    record(qtbot, dressed, Qt.Key.Key_G, "h", "16")
    record(qtbot, dressed, Qt.Key.Key_K, "a")
    assert [e["type"] for e in events(demo_svc)] == ["goal", "goalie"]
    assert "goalie pulled" in dressed.away_panel.label.text()
    dressed.events_view.selectRow(1)
    press(qtbot, Qt.Key.Key_Delete)
    assert [e["type"] for e in events(demo_svc)] == ["goal"]

    dressed.events_view.selectRow(0)
    press(qtbot, Qt.Key.Key_Return)
    assert dressed.entry.editing == 0 and dressed.entry.number.text() == "16"
    dressed.entry.number.setFocus()
    dressed.entry.number.selectAll()
    type_text(qtbot, "19")
    press(qtbot, Qt.Key.Key_Return)
    (goal,) = events(demo_svc)
    assert goal["scorer"] == "ly03"
    assert dressed.entry.editing is None


def test_every_kind_of_entry(qtbot: QtBot, dressed: LiveGameTab, demo_svc: Services) -> None:
    press(qtbot, Qt.Key.Key_L)
    type_text(qtbot, "a")
    press(qtbot, Qt.Key.Key_Tab)
    assert focus() is dressed.entry.minutes
    press(qtbot, Qt.Key.Key_Up, times=2)
    press(qtbot, Qt.Key.Key_Return)
    record(qtbot, dressed, Qt.Key.Key_S, "h", "16")
    assert len(events(demo_svc)) == 2, dressed.messages.text()
    record(qtbot, dressed, Qt.Key.Key_W, "a", "puck thrown from the bench")
    assert len(events(demo_svc)) == 3, dressed.messages.text()
    press(qtbot, Qt.Key.Key_N)
    assert focus() is dressed.entry.text
    type_text(qtbot, "rink lights out 5 minutes")
    press(qtbot, Qt.Key.Key_Return)
    kinds = [e["type"] for e in events(demo_svc)]
    assert kinds == ["late", "penalty_shot", "awarded_goal", "note"], dressed.messages.text()
    shot = events(demo_svc)[1]
    assert shot["shooter"] == "ly02" and shot["scored"] is False
    assert events(demo_svc)[2]["reason"] == "puck thrown from the bench"
    assert dressed.events.rowCount() == 4


def test_finish_then_reopen_with_a_reason(
    qtbot: QtBot, dressed: LiveGameTab, demo_svc: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    record(qtbot, dressed, Qt.Key.Key_G, "h", "16")
    assert dressed.finish()
    assert demo_svc.game("g016", SEASON)["status"] == "final"
    assert not dressed.entry.isEnabled() and dressed.reopen_button.isEnabled()
    assert "FINAL" in dressed.title.text()
    monkeypatch.setattr(dialogs, "ask_reason", lambda parent, game: "scorer was wrong on the first goal")
    dressed.reopen_button.click()
    assert demo_svc.game("g016", SEASON)["status"] == "scheduled"
    assert dressed.entry.isEnabled() and "reopened" in dressed.messages.text()


def test_finishing_shows_suspensions_and_fines_it_caused(
    qtbot: QtBot, dressed: LiveGameTab, demo_svc: Services
) -> None:
    record(qtbot, dressed, Qt.Key.Key_P, "h", "16", "fighting")
    assert events(demo_svc)[0]["infraction"] == "fighting", dressed.messages.text()
    assert dressed.finish()
    text = dressed.messages.text()
    assert "Suspended" in text and "PEN-FIGHT-1" in text and "Fine: 50.00" in text


def test_the_live_panel_follows_the_clock(qtbot: QtBot, dressed: LiveGameTab, demo_svc: Services) -> None:
    dressed.clock.set_position(1, 4 * 60)
    record(qtbot, dressed, Qt.Key.Key_P, "a", "7", "hook")
    assert events(demo_svc)[0]["infraction"] == "hooking", dressed.messages.text()
    dressed.clock.set_position(1, 4 * 60 + 30)
    assert "01:30" in dressed.away_panel.label.text()
    assert "<b>Power play Lynx 5 on 4</b>" in dressed.strength.text()  # skaters, as the arena board says it
    dressed.clock.set_position(1, 6 * 60 + 1)
    assert "Penalty box empty" in dressed.away_panel.label.text()
    assert dressed.stop_time.property("lit") is False
    dressed.clock.set_position(2, 19 * 60 + 30)
    assert dressed.stop_time.property("lit") is True
    assert dressed.icing.property("lit") is True  # tied in the last minute: icing on (GAME-4)
    assert "at most <b>3 M</b>" in dressed.home_panel.label.text()


def test_the_entry_takes_its_time_from_the_clock(qtbot: QtBot, dressed: LiveGameTab) -> None:
    dressed.clock.set_position(2, 7 * 60 + 5)
    press(qtbot, Qt.Key.Key_G)
    assert focus() is dressed.entry.team
    assert dressed.entry.period.value() == 2 and dressed.entry.elapsed.text() == "07:05"


def test_the_clock_starts_pauses_and_stops_at_the_end_of_the_half(qtbot: QtBot, dressed: LiveGameTab) -> None:
    clock = dressed.clock
    clock.set_position(1, 20 * 60 - 1)
    press(qtbot, Qt.Key.Key_T, CTRL)
    assert clock.running() and clock.button.text() == "Pause"
    qtbot.waitUntil(lambda: not clock.running(), timeout=3000)
    assert clock.elapsed() == "20:00"
    clock.period.setValue(2)
    assert clock.elapsed() == "00:00"


def test_a_killed_window_resumes_the_game_and_its_clock(
    qtbot: QtBot, demo_svc: Services, settings: QSettings, dressed: LiveGameTab
) -> None:
    record(qtbot, dressed, Qt.Key.Key_G, "h", "16")
    dressed.clock.set_position(2, 12 * 60 + 34)
    dressed.clock.start()
    # the process is killed: nothing is closed or saved on the way out
    dressed.stop()
    demo_svc.close()

    svc = Services.open(demo_svc.target)
    try:
        again = open_window(qtbot, svc, QSettings(settings.fileName(), QSettings.Format.IniFormat))
        tab = again.live_game_tab
        assert tab.game_id == "g016"
        assert tab.clock.period.value() == 2 and tab.clock.running()
        assert tab.clock.seconds() >= 12 * 60 + 34
        assert tab.events.rowCount() == 1  # the confirmed entry is there
        again.shutdown()
    finally:
        svc.close()


def test_a_class_the_rulebook_allows_and_who_serves(qtbot: QtBot, dressed: LiveGameTab, demo_svc: Services) -> None:
    press(qtbot, Qt.Key.Key_P)
    type_text(qtbot, "a")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "30")  # the goalie's penalty, served by a teammate
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "slash")
    form = dressed.entry
    assert form.penalty_class.isVisibleTo(form)
    assert [form.penalty_class.itemData(n) for n in range(form.penalty_class.count())] == ["minor", "major"]
    form.penalty_class.setFocus()
    press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_Tab)
    assert focus() is form.served_by
    type_text(qtbot, "7")
    press(qtbot, Qt.Key.Key_Return)
    (penalty,) = events(demo_svc)
    assert penalty == {"type": "penalty", "team": "away", "period": 1, "elapsed": "00:00", "player": "ow01",
                       "infraction": "slashing", "class": "major", "served_by": "ow03"}, dressed.messages.text()
    press(qtbot, Qt.Key.Key_T)
    assert not form.penalty_class.isVisibleTo(form)


def test_other_tabs_redraw_when_shown_after_an_entry(qtbot: QtBot, dressed: LiveGameTab, demo_svc: Services) -> None:
    window = dressed.window()
    assert isinstance(window, MainWindow)
    record(qtbot, dressed, Qt.Key.Key_G, "h", "16")
    assert dressed.finish()
    window.tabs.setCurrentWidget(window.season_tab)
    model = window.season_tab.model
    lynx = next(model.row(n) for n in range(model.rowCount()) if model.row(n).get("team") == "lynx")
    assert lynx["gp"] == 5 and lynx["w"] == 1
    window.tabs.setCurrentWidget(window.roster_tab)
    players = window.roster_tab.players
    ly02 = next(players.row(n) for n in range(players.rowCount()) if players.row(n)["player"] == "ly02")
    assert ly02["gp"] == 5


def answer_new_game(monkeypatch: pytest.MonkeyPatch, fill: Any) -> list[Any]:
    """Answer the New game dialog: `fill(dialog)` types into it, then OK."""
    seen: list[Any] = []

    def run(dialog: Any) -> int:
        assert isinstance(dialog, dialogs.NewGameDialog)
        seen.append(dialog)
        fill(dialog)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


def pick(box: Any, data: str) -> None:
    box.setCurrentIndex(box.findData(data))


def type_game_date(qtbot: QtBot, dialog: dialogs.NewGameDialog, iso: str) -> None:
    """Show the New game dialog as exec() does and type the game's date into its date field, digit by digit."""
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    dialog.date.setFocus()
    type_date(qtbot, dialog.date, iso)
    assert dialog.date.value() == iso


def test_a_new_game_is_scheduled_and_shown_with_its_line_ups(
    qtbot: QtBot, window: MainWindow, demo_svc: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fill(dialog: dialogs.NewGameDialog) -> None:
        assert dialog.rink.findText("Westridge Community Centre") >= 0  # the rinks already used are offered
        type_game_date(qtbot, dialog, "2016-02-20")
        dialog.time.setText("20:15")
        dialog.rink.setCurrentText("Westridge Community Centre")
        pick(dialog.stage, "playoff")
        pick(dialog.home, "owls")
        pick(dialog.away, "herons")

    shown = answer_new_game(monkeypatch, fill)
    window.tabs.setCurrentWidget(window.roster_tab)
    window.new_game_action.trigger()  # File ▸ New game… (Ctrl+Shift+N) from any tab
    tab = window.live_game_tab
    assert len(shown) == 1 and window.tabs.currentWidget() is tab
    new = "g019"  # the demo season's games are g001-g018
    game = demo_svc.view(SEASON).games[new]
    assert {k: game.get(k) for k in ("date", "time", "rink", "stage", "home", "away", "status")} == {
        "date": "2016-02-20", "time": "20:15", "rink": "Westridge Community Centre", "stage": "playoff",
        "home": "owls", "away": "herons", "status": "scheduled"}
    assert game["events"] == [] and game["lineups"] == {"home": [], "away": []}
    assert tab.game_id == new and tab.pages.currentIndex() == 1  # straight to the line-ups
    assert f"Game {new} scheduled" in tab.messages.text()
    assert new in [tab.model.row(n)["id"] for n in range(tab.model.rowCount())]


def test_a_game_against_itself_is_refused_with_the_reason(
    window: MainWindow, demo_svc: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fill(dialog: dialogs.NewGameDialog) -> None:
        pick(dialog.home, "lynx")
        pick(dialog.away, "lynx")

    answer_new_game(monkeypatch, fill)
    before = len(demo_svc.games(SEASON))
    tab = window.live_game_tab
    assert not tab.new_game()
    assert "Not scheduled" in tab.messages.text() and "cannot play itself" in tab.messages.text()
    assert len(demo_svc.games(SEASON)) == before


def test_a_cancelled_new_game_writes_nothing(
    window: MainWindow, demo_svc: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dialogs, "run_dialog", lambda dialog: QDialog.DialogCode.Rejected)
    before = demo_svc.export(SEASON)["games"]
    assert not window.live_game_tab.new_game()
    assert demo_svc.export(SEASON)["games"] == before


def test_the_first_game_of_a_season_without_games(
    qtbot: QtBot, empty_svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty_svc.create_season("Westridge Sponge Hockey League", "2016-17")
    assert empty_svc.save_division({"id": "d1", "name": "Division 1", "coed": True}, True, season="2016-17").ok
    for team in ("otters", "herons"):
        assert empty_svc.save_team({"id": team, "name": team.title(), "division": "d1"}, True,
                                   season="2016-17").ok
    window = open_window(qtbot, empty_svc, settings)
    tab = window.live_game_tab
    assert tab.showing_message() and "New game" in tab.message.text()

    def fill(dialog: dialogs.NewGameDialog) -> None:
        type_game_date(qtbot, dialog, "2016-10-05")
        dialog.time.setText("19:30")

    answer_new_game(monkeypatch, fill)
    assert window.new_game()
    assert [g["id"] for g in empty_svc.games("2016-17")] == ["g001"]
    assert not tab.showing_message() and tab.game_id == "g001"


def test_game_ids() -> None:
    game = {"date": "2016-02-20", "time": "20:15", "home": "owls", "away": "herons"}
    assert next_game_id([], game) == "g001"
    assert next_game_id(["g001", "g002", "g010"], game) == "g011"
    assert next_game_id(["g0099"], game) == "g0100"
    assert next_game_id(["opener"], game) == "g-20160220-2015-owls-herons"
    assert next_game_id(["opener", "g-20160220-2015-owls-herons"], game) == "g-20160220-2015-owls-herons-2"
