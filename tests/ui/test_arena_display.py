"""The arena display (issue 20, point 1): a board for the rink's TV that follows a game scored by key events in
the Live Game tab, by itself — the score, the goal announcement (scorer and assists), each box by number with its
countdown, the power play, the final result — on the screen the office picks (two virtual offscreen screens in a
child process), and never takes the keyboard from the office's window."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_live_keyboard import clock_to, dress_side_by_keyboard, entry
from ui_helpers import focus, open_window, press, replace_text, type_text

from scorekeeper.services import Services
from ui import arena_control, arena_display
from ui.arena_board import board, result_text, strength_text
from ui.arena_control import pick_screen
from ui.arena_display import ArenaDisplay
from ui.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setattr(arena_display, "ANNOUNCE_MS", 60_000)  # announced through the whole test, however slow
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game("g016")  # Lynx (home) v Owls (away), scheduled, nobody dressed
    window.live_game_tab.events_view.setFocus()
    return window


def open_display(window: MainWindow) -> ArenaDisplay:
    window.arena.show_action.trigger()  # View ▸ Arena display
    display = window.arena.display
    assert display is not None and display.isVisible()
    return display


def assert_office_keeps_the_keys(window: MainWindow, display: ArenaDisplay) -> None:
    assert QApplication.activeWindow() is window
    assert window.isAncestorOf(focus())
    assert display.focusWidget() is None and not display.isActiveWindow()


def test_the_display_follows_a_power_play_goal_scored_by_key_events(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.live_game_tab
    display = open_display(window)
    assert display.windowFlags() & Qt.WindowType.WindowDoesNotAcceptFocus
    assert display.testAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
    assert display.isWindow() and display.parentWidget() is None  # a window of its own, on a screen of its own
    assert "LYNX" in display.text() and "OWLS" in display.text()
    assert_office_keeps_the_keys(window, display)

    press(qtbot, Qt.Key.Key_L, CTRL)
    dress_side_by_keyboard(qtbot, tab, "home")
    press(qtbot, Qt.Key.Key_Tab)
    dress_side_by_keyboard(qtbot, tab, "away")
    press(qtbot, Qt.Key.Key_L, CTRL)
    clock_to(qtbot, tab, "02:00")
    press(qtbot, Qt.Key.Key_Escape)
    assert display.clock.text() == "18:00" and display.period.text() == "1ST HALF"  # the time left, counted down

    # an even-strength goal: Lynx #16 from #77 and #10, announced with the names and numbers
    entry(qtbot, tab, Qt.Key.Key_G, "h")
    type_text(qtbot, "16")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "77 10")
    press(qtbot, Qt.Key.Key_Return)
    assert (display.score["home"].text(), display.score["away"].text()) == ("1", "0")
    labels = {d.number: d.label for d in tab.game_shown.lineups["home"]} if tab.game_shown else {}
    assert display.goal_line.text() == "GOAL LYNX"
    assert display.goal_detail.text() == f"{labels[16]} — assists {labels[77]}, {labels[10]}"
    assert_office_keeps_the_keys(window, display)

    # a minor to Owls #7: the box shows the number and the countdown, Lynx on the power play
    clock_to(qtbot, tab, "04:00")
    form = entry(qtbot, tab, Qt.Key.Key_P, "a")
    type_text(qtbot, "7")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "trip")
    press(qtbot, Qt.Key.Key_Return)
    if tab.events.rowCount() == 1:  # the first Enter only closed the completer's list
        press(qtbot, Qt.Key.Key_Return)
    assert form.isEnabled() and tab.events.rowCount() == 2
    clock_to(qtbot, tab, "05:00")
    assert display.box["away"].text() == " #7  01:00"
    assert display.box_title["away"].text() == "PENALTY" and display.box["home"].text() == ""
    on_ice = tab.game_shown.live["teams"] if tab.game_shown and tab.game_shown.live else {}
    assert display.strength.text() == f"POWER PLAY LYNX {on_ice['home']['skaters']} ON {on_ice['away']['skaters']}"
    assert on_ice["home"]["skaters"] == on_ice["away"]["skaters"] + 1
    assert display.goal is not None and display.goal.scorer == labels[16]  # still the first goal's turn

    # the power-play goal at 05:12 ends the minor: new score, announced, the box empty
    form = entry(qtbot, tab, Qt.Key.Key_G, "h")
    type_text(qtbot, "19")
    press(qtbot, Qt.Key.Key_Tab, times=3)
    replace_text(qtbot, "05:12")
    press(qtbot, Qt.Key.Key_Return)
    assert display.goal_line.text() == "GOAL LYNX"
    assert display.goal_detail.text() == f"{labels[19]} — unassisted · Power-play goal"
    clock_to(qtbot, tab, "05:20")  # the board, as the tab, reads the game at the clock's time
    assert (display.score["home"].text(), display.score["away"].text()) == ("2", "0")
    assert display.box["away"].text() == "" and display.box_title["away"].text() == ""
    assert not display.strength.text().startswith("POWER PLAY")
    text = display.text()
    assert "GOAL LYNX" in text and labels[19] in text and "14:40" in text
    assert_office_keeps_the_keys(window, display)

    # the announcement lasts a few seconds, then the board is the board again
    assert display.announce_timer.isActive() and display.announce_timer.interval() == 60_000
    display.announce_timer.start(10)
    qtbot.waitUntil(lambda: display.goal is None)
    assert "GOAL" not in display.text() and not display.goal_line.isVisibleTo(display)


def test_a_goal_undone_is_no_longer_announced_and_another_game_clears_the_board(
        qtbot: QtBot, window: MainWindow, demo_svc: Services) -> None:
    tab = window.live_game_tab
    lineup = [{"player": f"ly{n:02d}", "goalie": n == 1} for n in range(1, 11)]
    assert demo_svc.set_lineup("g016", "home", lineup).ok
    assert demo_svc.set_lineup("g016", "away", [{"player": f"ow{n:02d}", "goalie": n == 1} for n in range(1, 11)]).ok
    tab.refresh_game()
    display = open_display(window)
    clock_to(qtbot, tab, "03:00")
    press(qtbot, Qt.Key.Key_Escape)
    entry(qtbot, tab, Qt.Key.Key_G, "a")
    type_text(qtbot, "7")
    press(qtbot, Qt.Key.Key_Return)
    assert display.goal_line.text() == "GOAL OWLS" and display.score["away"].text() == "1"
    press(qtbot, Qt.Key.Key_Z, CTRL)  # undo: the goal is gone, so is its announcement
    assert display.score["away"].text() == "0" and display.goal is None
    tab.clock.set_position(2, 19 * 60 + 30)  # the last minute of the game: stop time, lit as the tab lights it
    assert tab.stop_time.property("lit") is True and display.stop_time.text() == "STOP TIME"
    assert display.period.text() == "2ND HALF" and display.clock.text() == "00:30"
    tab.clock.set_position(2, 10 * 60)
    assert tab.stop_time.property("lit") is False and display.stop_time.text() == ""
    final = next(g for g in demo_svc.games("2015-16") if g["status"] == "final")
    tab.select_game(final["id"])
    assert display.clock.text().startswith("FINAL")
    assert display.name["home"].text() == final["home_name"].upper()
    assert display.score["home"].text() == str(final["score"]["home"])
    assert display.strength.text() == "" and display.period.text() == ""


def test_team_colours_shots_and_type_sized_to_the_screen(qtbot: QtBot, window: MainWindow,
                                                         demo_svc: Services) -> None:
    game = dict(demo_svc.view("2015-16").games["g016"])
    assert demo_svc.save_game({**game, "shots": {"home": [7, 5], "away": [3, 4]}}).ok
    window.live_game_tab.refresh_game()
    display = open_display(window)
    colour = next(t["colour"] for t in demo_svc.teams("2015-16") if t["name"] == "Lynx")
    assert colour.lower() in display.name["home"].styleSheet().lower()
    assert display.shots["home"].text() == "SHOTS 12" and display.shots["away"].text() == "SHOTS 7"
    display.resize(1280, 720)
    small = display.score["home"].font().pixelSize()
    display.resize(1920, 1080)
    assert display.score["home"].font().pixelSize() > small >= 150  # a digit a 20-metre reader sees


def test_f11_fills_the_screen_and_is_remembered(qtbot: QtBot, window: MainWindow, settings: QSettings) -> None:
    display = open_display(window)
    assert not display.isFullScreen()
    press(qtbot, Qt.Key.Key_F11)  # pressed in the office's window, which keeps the keys
    assert display.isFullScreen() and window.arena.full_action.isChecked()
    assert settings.value(arena_control.FULL_SCREEN) in (True, "true")
    assert_office_keeps_the_keys(window, display)
    press(qtbot, Qt.Key.Key_F11)
    assert not display.isFullScreen()
    window.arena.close()
    assert not display.isVisible() and not window.arena.show_action.isChecked()
    press(qtbot, Qt.Key.Key_F11)  # F11 with the board closed opens it, full screen
    assert display.isVisible() and display.isFullScreen()
    window.arena.fill_screens()  # View ▸ Arena display on screen: every screen, the board's ticked
    items = window.arena.screens_menu.actions()
    assert len(items) == len(QApplication.screens()) and [item.isChecked() for item in items].count(True) == 1
    items[0].trigger()
    assert settings.value(arena_control.SCREEN) == QApplication.screens()[0].name()
    window.close()
    assert not display.isVisible()


class FakeScreen:
    def __init__(self, name: str) -> None:
        self._name = name

    def name(self) -> str:
        return self._name


def test_the_screen_picked_is_the_office_choice_else_another_than_the_office_window() -> None:
    office, tv = FakeScreen("eDP-1"), FakeScreen("HDMI-1")
    screens = [office, tv]
    assert pick_screen(screens, None, office) is tv  # the rink's TV on the second output
    assert pick_screen(screens, "eDP-1", office) is office  # the office's choice
    assert pick_screen(screens, "DP-3", office) is tv  # the screen picked is not connected today
    assert pick_screen([office], "HDMI-1", office) is office  # one screen: a window beside the office's
    assert pick_screen([], None, None) is None


TWO_SCREENS = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from scorekeeper.services import Services
    from ui.main_window import MainWindow

    app = QApplication([])
    assert [s.name() for s in app.screens()] == ["Office", "Arena TV"] or len(app.screens()) == 2
    svc = Services.open(sys.argv[1])
    assert svc.import_file(sys.argv[2]).ok
    settings = QSettings(sys.argv[3], QSettings.Format.IniFormat)
    window = MainWindow(svc, settings)
    office = next(s for s in app.screens() if s.name() == "Office")
    window.setGeometry(office.availableGeometry().adjusted(0, 0, -200, -100))
    window.show()
    window.activateWindow()
    app.processEvents()
    window.arena.full_action.trigger()  # F11: the board, full screen, on the other screen
    app.processEvents()
    display = window.arena.display
    out = {"screen": display.screen().name(), "full": display.isFullScreen(),
           "geometry": display.geometry().getRect(), "active": app.activeWindow() is window,
           "remembered": settings.value("arena/full_screen") in (True, "true")}
    window.arena.move_to(office)  # View > Arena display on screen > Office
    app.processEvents()
    out["moved"] = display.screen().name()
    out["saved"] = settings.value("arena/screen")
    print(__import__("json").dumps(out))
    window.close()
    svc.close()
""")


def test_two_screens_the_board_goes_full_screen_on_the_other_one(tmp_path: Path, example_file: Path) -> None:
    config = tmp_path / "screens.json"
    config.write_text(json.dumps({"screens": [
        {"name": "Office", "x": 0, "y": 0, "width": 1366, "height": 768, "logicalDpi": 96, "logicalBpp": 32,
         "dpr": 1},
        {"name": "Arena TV", "x": 1366, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96,
         "logicalBpp": 32, "dpr": 1}]}), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", TWO_SCREENS, str(tmp_path / "t.db"), str(example_file),
                           str(tmp_path / "s.ini")], env=env, capture_output=True, text=True, timeout=120,
                          cwd=str(tmp_path), check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out == {"screen": "Arena TV", "full": True, "geometry": [1366, 0, 1920, 1080], "active": True,
                   "remembered": True, "moved": "Office", "saved": "Office"}


def test_screenshot_of_the_board_at_1280x720(qtbot: QtBot, window: MainWindow, demo_svc: Services,
                                             tmp_path: Path) -> None:
    """The README's picture (SCOREKEEPER_SCREENSHOTS=docs/screenshots keeps it): Lynx on the power play, a
    short-handed goal of the Owls announced."""
    tab = window.live_game_tab
    game = dict(demo_svc.view("2015-16").games["g016"])
    assert demo_svc.save_game({**game, "shots": {"home": [14], "away": [6]}}).ok
    assert demo_svc.set_lineup("g016", "home", [{"player": f"ly{n:02d}", "goalie": n == 1} for n in range(1, 11)]).ok
    assert demo_svc.set_lineup("g016", "away", [{"player": f"ow{n:02d}", "goalie": n == 1} for n in range(1, 11)]).ok
    for event in ({"type": "goal", "team": "home", "period": 1, "elapsed": "02:00", "scorer": "ly02",
                   "assists": ["ly05", "ly09"]},
                  {"type": "penalty", "team": "away", "period": 1, "elapsed": "09:00", "player": "ow03",
                   "infraction": "tripping"}):
        assert demo_svc.add_event("g016", event).ok
    tab.refresh_game()
    tab.clock.set_position(1, 10 * 60 + 12)
    display = open_display(window)
    display.resize(1280, 720)
    assert demo_svc.add_event("g016", {"type": "goal", "team": "away", "period": 1, "elapsed": "10:05",
                                       "scorer": "ow05", "assists": ["ow02"]}).ok
    tab.update_game()
    assert display.goal_line.text() == "GOAL OWLS" and "Short-handed goal" in display.goal_detail.text()
    assert display.strength.text().startswith("POWER PLAY LYNX") and "#7" in display.box["away"].text()
    assert display.text().splitlines()[:3] == ["LYNX", "1", "SHOTS 14"]
    folder = Path(os.environ.get("SCOREKEEPER_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    assert display.grab().save(str(folder / "arena-display.png"))


def _side(skaters: int, goalie: bool = True, box: tuple[dict, ...] = ()) -> dict:
    return {"skaters": skaters, "players_on_ice": skaters + goalie, "goalie": goalie, "box": list(box)}


def test_the_strength_line_reads_the_live_state_as_the_rulebook_gave_it() -> None:
    names = {"home": "Lynx", "away": "Owls"}
    minor = {"player": "ow03", "remaining": "01:00", "short_handed": True}
    coincidental = {"player": "ly03", "remaining": "04:00", "short_handed": False}
    assert strength_text({"teams": {"home": _side(5), "away": _side(4, box=(minor,))}}, names) == \
        "Power play Lynx 5 on 4"
    assert strength_text({"teams": {"home": _side(3, box=(minor,)), "away": _side(4)}}, names) == \
        "Power play Owls 4 on 3"
    assert strength_text({"teams": {"home": _side(4, box=(coincidental,)), "away": _side(4, box=(coincidental,))}},
                         names) == "4 on 4"
    assert strength_text({"teams": {"home": _side(6, goalie=False), "away": _side(5)}}, names) == \
        "Empty net Lynx · 6 on 5"
    assert strength_text(None, names) == ""


def test_a_goal_corrected_is_not_announced_again(qtbot: QtBot, window: MainWindow, demo_svc: Services) -> None:
    tab = window.live_game_tab
    assert demo_svc.set_lineup("g016", "home", [{"player": f"ly{n:02d}", "goalie": n == 1} for n in range(1, 11)]).ok
    assert demo_svc.set_lineup("g016", "away", [{"player": f"ow{n:02d}", "goalie": n == 1} for n in range(1, 11)]).ok
    goal = {"type": "goal", "team": "home", "period": 1, "elapsed": "02:00", "scorer": "ly02", "assists": []}
    assert demo_svc.add_event("g016", goal).ok
    tab.refresh_game()
    display = open_display(window)
    assert display.goal is None  # a goal already on the sheet when the board opens is no news
    assert demo_svc.update_event("g016", 0, {**goal, "elapsed": "02:10"}).ok
    tab.update_game()
    assert display.goal is None
    assert demo_svc.add_event("g016", {**goal, "elapsed": "03:00"}).ok  # the same scorer again: news
    tab.update_game()
    assert display.goal is not None and display.goal_line.text() == "GOAL LYNX"


def test_another_season_without_games_leaves_the_board_waiting(qtbot: QtBot, window: MainWindow,
                                                               demo_svc: Services) -> None:
    display = open_display(window)
    assert "LYNX" in display.text()
    demo_svc.create_season("Westridge", "2016-17", None)
    window.reload_seasons(select="2016-17")
    qtbot.waitUntil(lambda: display.text() == "Waiting for the game")
    window.select_season("2015-16")
    qtbot.waitUntil(lambda: "LYNX" in display.text())


def test_a_bench_penalty_shows_the_number_of_who_serves_it_and_a_final_says_how_it_ended() -> None:
    from types import MappingProxyType

    from scorekeeper.screens import DressedPlayer, GameScreen

    lineups = {"home": (DressedPlayer("ly04", 12, "Jo Roe", False),), "away": ()}
    live = {"stop_time": False, "teams": {
        "home": {**_side(4), "box": [{"player": None, "served_by": "ly04", "remaining": "01:30"}]},
        "away": _side(5)}}
    screen = GameScreen(season="s", game_id="g1", date="2016-01-01", time="19:00", stage="regular",
                        status="scheduled", names=MappingProxyType({"home": "Lynx", "away": "Owls"}),
                        lineups=MappingProxyType(lineups), events=(), score=MappingProxyType({"home": 0, "away": 0}),
                        live=None, live_error="", row=MappingProxyType({"decision": None}), can_undo=False,
                        can_redo=False)
    shown = board(screen, live, {"home": 0, "away": 0}, "1ST HALF", "08:30", running=True)
    assert [line.text for line in shown.home.box] == ["#12  01:30"]
    assert shown.home.shots is None and shown.home.colour is None and shown.result == ""
    over = replace(screen, status="final", row=MappingProxyType({"decision": "shootout"}))
    assert result_text(over) == "FINAL — SHOOTOUT"
    assert board(over, live, {"home": 3, "away": 2}, "", "", running=False).strength == ""


def test_a_penalty_waiting_to_start_is_on_the_board_under_those_serving(
        qtbot: QtBot, window: MainWindow, demo_svc: Services) -> None:
    """A third Owls penalty while two are served waits for a seat: the board lists it, marked NEXT, and counts it
    down once it starts."""
    tab = window.live_game_tab
    lineup = [{"player": f"ly{n:02d}", "goalie": n == 1} for n in range(1, 11)]
    assert demo_svc.set_lineup("g016", "home", lineup).ok
    assert demo_svc.set_lineup("g016", "away", [{"player": f"ow{n:02d}", "goalie": n == 1} for n in range(1, 11)]).ok
    for player, minute in (("ow03", "04:00"), ("ow05", "04:10"), ("ow07", "04:20")):
        assert demo_svc.add_event("g016", {"type": "penalty", "team": "away", "period": 1, "elapsed": minute,
                                           "player": player, "infraction": "tripping"}, confirm=True).ok
    tab.refresh_game()
    display = open_display(window)
    clock_to(qtbot, tab, "05:00")
    waiting = demo_svc.live("g016", 1, "05:00", season="2015-16")["teams"]["away"]["waiting"]
    assert len(waiting) == 1  # the rulebook's reading the tab drew the board with
    numbers = {d.player: d.number for d in tab.game_shown.lineups["away"]} if tab.game_shown else {}
    lines = display.box["away"].text().split("\n")
    assert lines[-1].split() == [f"#{numbers[waiting[0]['player']]}", "NEXT"]
    assert len(lines) == 3 and all(":" in line for line in lines[:2])  # two served, counted down


@pytest.mark.parametrize(("width", "height"), [(640, 360), (1024, 576), (1366, 768)])
def test_every_text_of_a_power_play_goal_fits_where_it_is_laid_out(
        qtbot: QtBot, window: MainWindow, demo_svc: Services, tmp_path: Path, width: int, height: int) -> None:
    """Issue 27.17: the goal banner read "Power-play goa": each text was sized to the window's width, not to the
    room its layout gives it (the margins, the board's three columns). A power-play goal with two assists by
    long names, typed at the boards: every line of the board whole, at a small TV window's size too."""
    from PySide6.QtGui import QFontMetrics

    for pid, first, last in (("ly02", "Maximiliana", "Vandenberghe-Fitzgerald"),
                             ("ly05", "Christabella", "Montgomery-Whitaker"),
                             ("ly09", "Bartholomew", "Featherstonehaugh")):
        record = {k: v for k, v in demo_svc.players("2015-16")[pid].items() if k != "name"}
        assert demo_svc.save_player({**record, "first": first, "last": last}, True, season="2015-16").ok
    for side, prefix in (("home", "ly"), ("away", "ow")):
        lineup = [{"player": f"{prefix}{n:02d}", **({"goalie": True} if n == 1 else {})} for n in range(1, 11)]
        assert demo_svc.set_lineup("g016", side, lineup, True, season="2015-16").ok
    tab = window.live_game_tab
    tab.refresh_game()
    display = open_display(window)
    display.resize(width, height)
    tab.events_view.setFocus()
    numbers = {d.player: d.number for d in tab.game_shown.lineups["home"]} if tab.game_shown else {}
    clock_to(qtbot, tab, "04:00")
    entry(qtbot, tab, Qt.Key.Key_P, "a")
    type_text(qtbot, "7")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "trip")
    press(qtbot, Qt.Key.Key_Return)
    if tab.events.rowCount() == 0:  # the first Enter only closed the completer's list
        press(qtbot, Qt.Key.Key_Return)
    clock_to(qtbot, tab, "05:00")
    entry(qtbot, tab, Qt.Key.Key_G, "h")
    type_text(qtbot, str(numbers["ly02"]))
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, f"{numbers['ly05']} {numbers['ly09']}")
    press(qtbot, Qt.Key.Key_Return)
    assert display.goal is not None and display.goal.detail.endswith("· Power-play goal"), display.goal_detail.text()
    assert display.goal_detail.text().splitlines()[-1].endswith("Power-play goal")  # on its line, whole
    qtbot.wait(20)
    display.grab().save(str(tmp_path / f"arena-goal-{width}.png"))
    for label in (*display._board_widgets(), display.goal_line, display.goal_detail):
        if not label.isVisible() or not label.text():
            continue
        room = label.contentsRect().width()
        widest = max(QFontMetrics(label.font()).horizontalAdvance(line) for line in label.text().splitlines())
        assert widest <= room, (label.objectName(), label.text(), widest, room)
