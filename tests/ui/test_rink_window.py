"""The rink copy in the window (issue 32) as a person meets it: File ▸ Rink copy… takes the copy of a league; the
status bar says what waits; a goal typed at the boards waits; Send now sends it; the automatic send says the
league is not reachable, then sends once it is; a goal typed while a send runs is kept and waits for the next;
the league's password is asked once and kept in memory only; at the league, the office keeps the league's game or
takes the rink's from Office ▸ Rink conflicts…, each with the office password, audited."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox
from pytestqt.qtbot import QtBot
from ui_helpers import open_window, press, type_text

from scorekeeper.services import ServiceError, Services
from tests.scorekeeper.db.test_postgres import pg_url  # noqa: F401 - the throwaway server, as a fixture
from tests.scorekeeper.rink.rink_league import (
    audit_actions,
    dressed,
    game_id,
    league_game,
    open_league,
    rink_copy,
    score,
)
from tests.scorekeeper.rink.rink_league import open_league as make_league
from ui import dialogs
from ui.main_window import MainWindow
from ui.rink_conflicts import ConflictsDialog
from ui.rink_copy import RinkCopyDialog, needs_password, with_password

SEASON = "2015-16"
PASSWORD = "office-secret-42"


def goals(game: dict[str, Any]) -> int:
    return sum(1 for e in game.get("events", []) if e["type"] == "goal")


@pytest.fixture
def league_path(tmp_path: Path) -> Iterator[Path]:
    """The league: the example season with two scheduled games, g100 (Otters v Herons) dressed at the league."""
    path = tmp_path / "league.db"
    league = make_league(str(path), games=2)
    for side, prefix in (("home", "ot"), ("away", "he")):
        assert league.set_lineup(game_id(0), side, dressed(prefix)).ok
    league.close()
    yield path


@pytest.fixture
def rink_svc(tmp_path: Path) -> Iterator[Services]:
    """The rink PC's window owns a new, empty database, as the window does."""
    svc = Services.open(str(tmp_path / "north.db"), exclusive=True, operator="Rink North")
    yield svc
    svc.close()


def answer_with(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, act: Callable[[QDialog], None]) -> list[str]:
    """Every dialog run through `dialogs.run_dialog` is shown and answered by `act`; its title is recorded."""
    seen: list[str] = []

    def run(dialog: QDialog) -> int:
        seen.append(dialog.windowTitle())

        def answer() -> None:
            try:
                dialog.activateWindow()  # as the window manager does with a new dialog: its window has the keys
                qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
                qtbot.wait(1)  # what the activation posted is delivered (the buttons' Alt letters with it)
                act(dialog)
            finally:
                if dialog.isVisible():
                    dialog.reject()

        QTimer.singleShot(0, answer)
        result = dialog.exec()
        parent = dialog.parentWidget()
        if parent is not None:  # the keys go back to the window the dialog came from
            parent.window().activateWindow()
            qtbot.waitUntil(lambda: QApplication.activeWindow() is parent.window())
        return result

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What `dialogs.tell` said (title: text), answered at once."""
    said: list[str] = []
    monkeypatch.setattr(dialogs, "tell", lambda parent, title, text, error=False: said.append(f"{title}: {text}"))
    return said


def take_copy_from_the_dialog(qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch,
                              league: Path | str, name: str = "North") -> list[str]:
    """File ▸ Rink copy…: the league's file typed in its field, the rink's name, then Take the copy (Enter)."""
    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, RinkCopyDialog)
        dialog.league.setFocus()
        qtbot.waitUntil(lambda: dialog.league.hasFocus())
        type_text(qtbot, str(league))
        press(qtbot, Qt.Key.Key_Tab, times=2)  # past Browse…, to the rink's name
        assert dialog.name.hasFocus()
        type_text(qtbot, name)
        press(qtbot, Qt.Key.Key_Return)

    seen = answer_with(qtbot, monkeypatch, fill)
    window.rink_copy_action.trigger()
    return seen


def status(window: MainWindow) -> str:
    label = window.rink.label
    shown = window.rink.shown
    return label.text() if shown is not None and shown.isVisible() else ""


def plain(window: MainWindow) -> str:
    import re

    return re.sub(r"<[^>]+>", "", status(window)).strip()


def type_goal(qtbot: QtBot, window: MainWindow, svc: Services, scorer: str = "ot02") -> None:
    """A home goal of g100, typed at the boards: G, h, the scorer's number, Enter."""
    tab = window.live_game_tab
    window.tabs.setCurrentWidget(tab)
    tab.select_game(game_id(0))
    tab.refresh_game()
    window.activateWindow()
    tab.events_view.setFocus()
    qtbot.waitUntil(tab.events_view.hasFocus)
    number = next(r["number"] for r in svc.roster(SEASON) if r["player"] == scorer and r["team"] == "otters")
    before = goals(svc.view(SEASON).games[game_id(0)])
    press(qtbot, Qt.Key.Key_G)
    type_text(qtbot, "h")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, str(number))
    press(qtbot, Qt.Key.Key_Return)
    assert goals(svc.view(SEASON).games[game_id(0)]) == before + 1, tab.messages.text()
    qtbot.waitUntil(lambda: window.rink.status is not None and game_id(0) in window.rink.status.waiting)


def wait_sent(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: not window.rink.sending, timeout=60_000)


@pytest.fixture
def copied(qtbot: QtBot, rink_svc: Services, settings: QSettings, league_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    window = open_window(qtbot, rink_svc, settings)
    assert status(window) == "" and not window.rink_send_action.isEnabled()  # no rink copy: nothing of it shown
    assert take_copy_from_the_dialog(qtbot, window, monkeypatch, league_path) == ["Rink copy"]
    qtbot.waitUntil(window.rink.visible)  # in sight on the toolbar, once laid out
    return window


def test_a_copy_taken_from_the_dialog_shows_the_league_and_nothing_waiting(copied: MainWindow) -> None:
    window = copied
    assert window.current_season() == SEASON
    assert window.rink_send_action.isEnabled()
    said = plain(window)
    assert said.startswith("Rink copy: all sent · of league.db (rink North), taken ")
    assert window.statusBar().currentMessage() == "Rink copy of league.db, season 2015-16, taken: 6 games."
    assert not window.rink.timer.isActive()


def test_a_goal_waits_then_send_now_puts_it_at_the_league(qtbot: QtBot, copied: MainWindow, rink_svc: Services,
                                                          league_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = copied
    type_goal(qtbot, window, rink_svc)
    qtbot.waitUntil(lambda: plain(window).startswith("Rink copy: 1 game waiting to send · of league.db"))
    assert window.rink.timer.isActive()  # the automatic send tries while games wait
    said = told(monkeypatch)
    window.rink_send_action.trigger()
    wait_sent(qtbot, window)
    assert said == []
    league = Services.open(str(league_path))
    try:
        assert goals(league_game(league, game_id(0))) == 1
        assert audit_actions(league, "rink send") == [f"game {game_id(0)} from rink North"]
    finally:
        league.close()
    assert plain(window).startswith("Rink copy: all sent — last sent ") and not window.rink.timer.isActive()
    assert window.statusBar().currentMessage() == f"Sent 1 game to the league: {game_id(0)}"


def test_the_automatic_send_waits_for_an_unreachable_league_then_sends(
        qtbot: QtBot, copied: MainWindow, rink_svc: Services, league_path: Path) -> None:
    window = copied
    away = league_path.with_name("league-away.db")
    league_path.rename(away)
    type_goal(qtbot, window, rink_svc)
    assert window.rink.timer.isActive()
    assert window.rink.try_send()  # the timer's turn
    wait_sent(qtbot, window)  # no dialog: the conftest fails a test on any
    said = plain(window)
    assert said.startswith("Rink copy: 1 game waiting to send — league not reachable, last tried ")
    assert window.rink.timer.isActive()
    away.rename(league_path)
    window.rink.timer.timeout.emit()  # the next turn, the league back
    wait_sent(qtbot, window)
    assert plain(window).startswith("Rink copy: all sent — last sent ")
    league = Services.open(str(league_path))
    try:
        assert goals(league_game(league, game_id(0))) == 1
    finally:
        league.close()


def test_no_automatic_send_while_an_entry_is_half_typed(qtbot: QtBot, copied: MainWindow,
                                                         rink_svc: Services) -> None:
    window = copied
    type_goal(qtbot, window, rink_svc)
    press(qtbot, Qt.Key.Key_G)
    type_text(qtbot, "h")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "7")
    assert window.live_game_tab.entry.half_typed()
    assert not window.rink.try_send() and not window.rink.sending


def test_a_goal_typed_while_a_send_runs_is_kept_and_waits_for_the_next_send(
        qtbot: QtBot, copied: MainWindow, rink_svc: Services, league_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The send holds the league's answer until the goal is typed: the rink's write is not blocked (the send
    holds no transaction at the rink meanwhile), and the send's mark does not swallow the new goal."""
    window = copied
    type_goal(qtbot, window, rink_svc)
    inside, go_on = threading.Event(), threading.Event()
    def slow(self: Services, *args: Any, **kwargs: Any) -> Any:
        inside.set()
        go_on.wait(120)
        return self.rink_copies.receive_rink_game(*args, **kwargs)

    monkeypatch.setattr(Services, "receive_rink_game", slow)
    said = told(monkeypatch)
    window.rink_send_action.trigger()
    qtbot.waitUntil(inside.is_set)
    assert window.rink.sending and plain(window).startswith("Rink copy: 1 game waiting to send — sending…")
    type_goal(qtbot, window, rink_svc, scorer="ot03")
    go_on.set()
    wait_sent(qtbot, window)
    assert said == []
    assert plain(window).startswith("Rink copy: 1 game waiting to send — last sent ")
    window.rink_send_action.trigger()
    wait_sent(qtbot, window)
    assert plain(window).startswith("Rink copy: all sent")
    league = Services.open(str(league_path))
    try:
        assert goals(league_game(league, game_id(0))) == 2
    finally:
        league.close()


def test_a_refused_copy_is_shown_and_changes_nothing(qtbot: QtBot, rink_svc: Services, settings: QSettings,
                                                     tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = open_window(qtbot, rink_svc, settings)
    said = told(monkeypatch)
    take_copy_from_the_dialog(qtbot, window, monkeypatch, tmp_path / "nowhere.db")
    assert len(said) == 1 and said[0].startswith("Rink copy: The rink copy was not taken.")
    assert "there is no league database at" in said[0]
    assert rink_svc.seasons() == [] and status(window) == "" and window.current_season() is None


def test_send_now_asks_the_league_password_once_and_keeps_it_in_memory_only(
        qtbot: QtBot, svc: Services, settings: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = "postgresql://scorekeeper@league-server:5432/league"
    copy = SimpleNamespace(league=url, rink="North", season=SEASON, copied_at="2026-12-05T09:58:00Z",
                           waiting=["g100"], conflicts=[])
    tried: list[str | None] = []

    def send(self: Services, league: str | None = None) -> Any:
        tried.append(league)
        if league is None:
            raise ServiceError("the league cannot be reached: connection failed: fe_sendauth: no password supplied; "
                               "nothing was changed at the rink")
        return SimpleNamespace(sent=["g100"], conflicts=[], waiting=[])

    monkeypatch.setattr(Services, "rink_copy_status", lambda self: copy)
    monkeypatch.setattr(Services, "send_to_league", send)
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: asked.append(label) or "s3 cr@t")
    window = open_window(qtbot, svc, settings)
    for _ in range(2):
        window.rink_send_action.trigger()
        wait_sent(qtbot, window)
        assert window.statusBar().currentMessage() == "Sent 1 game to the league: g100"
    secret = with_password(url, "s3 cr@t")
    assert secret == "postgresql://scorekeeper:s3%20cr%40t@league-server:5432/league"
    assert tried == [None, secret, secret] and len(asked) == 1
    settings.sync()
    stored = Path(settings.fileName()).read_text(encoding="utf-8") if Path(settings.fileName()).exists() else ""
    assert "s3" not in stored and "cr@t" not in status(window) and "s3" not in window.rink.label.toolTip()


def test_needs_password_only_for_a_server_that_refused_the_login() -> None:
    assert needs_password("postgresql://u@h/l", "the league cannot be reached: fe_sendauth: no password supplied")
    assert not needs_password("/srv/league.db", "password")
    assert not needs_password("postgresql://u@h/l", "there is no league database at /x")


# -- the office's list, at the league ------------------------------------------------------------------------
@pytest.fixture
def league_with_conflicts(tmp_path: Path) -> Iterator[tuple[Services, dict[str, int]]]:
    """Two rinks scored g100 and g101 both; north sent first (taken), south second: two conflicts at the league,
    whose office has a password. Returns the league (as its window owns it) and south's goals by game."""
    target = str(tmp_path / "league.db")
    league = open_league(target, games=2)
    north = rink_copy(tmp_path, "north", league, target)
    south = rink_copy(tmp_path, "south", league, target)
    for n in range(2):
        score(north, game_id(n), goals=2)
        score(south, game_id(n), goals=1)
    from scorekeeper.rink.send import send

    assert len(send(north, league).sent) == 2
    assert len(send(south, league).conflicts) == 2
    for rink in (north, south):
        rink.close()
    league.set_office_password(PASSWORD)
    league.lock_office()
    league.close()
    owner = Services.open(target, exclusive=True, operator="The Office")
    yield owner, {game_id(0): 1, game_id(1): 1}
    owner.close()


def test_the_office_keeps_the_leagues_and_takes_the_rinks_each_with_its_password(
        qtbot: QtBot, league_with_conflicts: tuple[Services, dict[str, int]], settings: QSettings,
        monkeypatch: pytest.MonkeyPatch) -> None:
    league, south_goals = league_with_conflicts
    window = open_window(qtbot, league, settings)
    assert plain(window) == "Rink conflicts: 2 waiting (Office ▸ Rink conflicts…)"
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: asked.append(label) or PASSWORD)
    shown: list[list[str]] = []

    def decide(dialog: QDialog) -> None:
        assert isinstance(dialog, ConflictsDialog)
        shown.append([dialog.model.row(n)["game"] for n in range(dialog.model.rowCount())])
        assert "changed at the league since rink south copied it" in dialog.detail.text()
        keep, take, merge = dialog.buttons
        assert (keep.text(), take.text(), merge.text()) == ("&Keep the league's", "&Take the rink's",
                                                            "&Merge event by event")
        assert dialog.view.hasFocus()  # the list, its first row selected
        press(qtbot, Qt.Key.Key_Tab)
        assert keep.hasFocus()
        press(qtbot, Qt.Key.Key_Space)  # the first: the league's g100 kept
        assert dialog.model.rowCount() == 1 and "the league's game kept" in dialog.messages.text()
        window.lock_office()
        assert dialog.view.hasFocus()  # back on the list, the next conflict selected
        press(qtbot, Qt.Key.Key_Tab, times=2)
        assert take.hasFocus()
        press(qtbot, Qt.Key.Key_Space)  # then g101: the rink's taken
        assert dialog.model.rowCount() == 0, dialog.messages.text()
        assert "No rink conflict waits" in dialog.summary.text() and not take.isEnabled()

    answer_with(qtbot, monkeypatch, decide)
    window.rink_conflicts_action.trigger()
    assert shown == [[game_id(0), game_id(1)]]
    assert len(asked) == 2  # each decision asked the office password
    assert goals(league_game(league, game_id(0))) == 2  # north's game, the league's, kept
    assert goals(league_game(league, game_id(1))) == south_goals[game_id(1)]  # south's taken
    settled = audit_actions(league, "rink conflict settled")
    assert settled == [f"game {game_id(0)} from rink south", f"game {game_id(1)} from rink south"]
    assert status(window) == ""  # nothing waits for the office any more


@pytest.fixture
def league_with_a_rinks_extra_goal(tmp_path: Path) -> Iterator[Services]:
    """North scored g100 with one goal (taken); south scored it with the same goal and a second one (a conflict)."""
    target = str(tmp_path / "league.db")
    league = open_league(target, games=1)
    north = rink_copy(tmp_path, "north", league, target)
    south = rink_copy(tmp_path, "south", league, target)
    score(north, game_id(0), goals=1)
    score(south, game_id(0), goals=2)
    from scorekeeper.rink.send import send

    assert len(send(north, league).sent) == 1 and len(send(south, league).conflicts) == 1
    for rink in (north, south):
        rink.close()
    league.set_office_password(PASSWORD)
    league.lock_office()
    league.close()
    owner = Services.open(target, exclusive=True, operator="The Office")
    yield owner
    owner.close()


def test_the_office_merges_the_rinks_goals_event_by_event_after_seeing_the_merge(
        qtbot: QtBot, league_with_a_rinks_extra_goal: Services, settings: QSettings,
        monkeypatch: pytest.MonkeyPatch) -> None:
    league = league_with_a_rinks_extra_goal
    window = open_window(qtbot, league, settings)
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: PASSWORD)
    previews: list[str] = []

    def decide(dialog: QDialog) -> None:
        assert isinstance(dialog, ConflictsDialog)
        merge = dialog.buttons[2]
        previews.append(dialog.detail.text())
        assert merge.isEnabled()
        press(qtbot, Qt.Key.Key_Tab, times=3)
        assert merge.hasFocus()
        press(qtbot, Qt.Key.Key_Space)
        assert dialog.model.rowCount() == 0, dialog.messages.text()
        assert "merged event by event" in dialog.messages.text()

    answer_with(qtbot, monkeypatch, decide)
    window.rink_conflicts_action.trigger()
    assert len(previews) == 1 and "Merged event by event:" in previews[0]
    assert "1 only the rink&#x27;s" in previews[0] or "1 only the rink's" in previews[0], previews[0]
    assert goals(league_game(league, game_id(0))) == 2  # north's goal once, south's second added
    assert audit_actions(league, "rink conflict settled") == [f"game {game_id(0)} from rink south"]


def test_a_conflict_the_two_sides_recorded_differently_cannot_be_merged_and_says_why() -> None:
    from scorekeeper.rink.merge import MergePreview, Unmergeable
    from scorekeeper.season_data import EventData, GameData
    from ui.rink_conflicts import merge_preview_text

    league_goal: EventData = {"type": "goal", "team": "home", "period": 1, "elapsed": "05:00", "scorer": "a02"}
    rink_goal: EventData = {**league_goal, "scorer": "a03"}
    game: GameData = {"id": "g100", "date": "2015-11-01", "home": "a", "away": "b"}
    preview = MergePreview("g100", "south", game, [], [Unmergeable(league_goal, rink_goal,
                                                                   "goal at 1 05:00: a02 or a03")])
    text = merge_preview_text(preview)
    assert text == ("Cannot be merged: 1 entry the two sides recorded differently: goal at 1 05:00: a02 or a03. "
                    "Keep one side's game.")


def test_without_the_office_password_nothing_is_settled(
        qtbot: QtBot, league_with_conflicts: tuple[Services, dict[str, int]], settings: QSettings,
        monkeypatch: pytest.MonkeyPatch) -> None:
    league, _ = league_with_conflicts
    window = open_window(qtbot, league, settings)
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: None)  # Cancel

    def decide(dialog: QDialog) -> None:
        assert isinstance(dialog, ConflictsDialog)
        dialog.buttons[1].click()
        assert dialog.model.rowCount() == 2 and "Not done" in dialog.messages.text()

    answer_with(qtbot, monkeypatch, decide)
    window.rink_conflicts_action.trigger()
    assert len(league.rink_conflicts(SEASON)) == 2 and audit_actions(league, "rink conflict settled") == []


def test_send_now_to_an_unreachable_league_says_so_clearly(qtbot: QtBot, copied: MainWindow, rink_svc: Services,
                                                         league_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = copied
    type_goal(qtbot, window, rink_svc)
    league_path.rename(league_path.with_name("league-away.db"))
    said = told(monkeypatch)
    window.rink_send_action.trigger()
    wait_sent(qtbot, window)
    assert len(said) == 1 and said[0].startswith("Send to the league: The rink's games were not sent: there is no "
                                                 f"league database at {league_path}")
    assert "They wait here and are sent when the league answers." in said[0]
    assert plain(window).startswith("Rink copy: 1 game waiting to send — league not reachable, last tried ")


def south_scored_first(tmp_path: Path, league_path: Path) -> None:
    """Rink south took its copy after north, scored g100 and sent it: the league's g100 is no longer north's."""
    from scorekeeper.rink.send import send

    league = Services.open(str(league_path))
    try:
        south = rink_copy(tmp_path, "south", league, str(league_path))
        score(south, game_id(0), goals=1)
        assert send(south, league).sent == [game_id(0)]
        south.close()
    finally:
        league.close()


def test_a_conflict_from_send_now_is_told_with_the_game_and_what_differs(
        qtbot: QtBot, copied: MainWindow, rink_svc: Services, league_path: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = copied
    south_scored_first(tmp_path, league_path)
    type_goal(qtbot, window, rink_svc)
    said = told(monkeypatch)
    window.rink_send_action.trigger()
    wait_sent(qtbot, window)
    assert len(said) == 1 and said[0].startswith("Rink conflicts: The league did not take 1 game: the office "
                                                 "settles it")
    assert f"game {game_id(0)} (Otters v Herons, 2015-11-01) was changed at the league since rink North copied " \
           "it: status (the league's final, the rink's scheduled), events" in said[0]
    assert plain(window).startswith("Rink copy: all sent; 1 conflict handed to the office — last sent ")


def test_a_conflict_from_the_automatic_send_is_shown_without_stopping_the_scorekeeper(
        qtbot: QtBot, copied: MainWindow, rink_svc: Services, league_path: Path, tmp_path: Path) -> None:
    window = copied
    south_scored_first(tmp_path, league_path)
    type_goal(qtbot, window, rink_svc)
    assert window.rink.try_send()
    wait_sent(qtbot, window)  # no modal dialog: the conftest fails a test on any
    note = window.findChild(QMessageBox, "rinkConflictsNote")
    assert note is not None and note.isVisible() and not note.isModal()
    assert f"game {game_id(0)} (Otters v Herons, 2015-11-01) was changed at the league" in note.text()
    note.close()


def test_a_database_holding_seasons_is_not_made_a_rink_copy(qtbot: QtBot, demo_svc: Services, settings: QSettings,
                                                           league_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = open_window(qtbot, demo_svc, settings)
    assert status(window) == "" and not window.rink_send_action.isEnabled()
    said = told(monkeypatch)
    before = demo_svc.export()
    take_copy_from_the_dialog(qtbot, window, monkeypatch, league_path)
    assert len(said) == 1 and "holds seasons and is not a rink copy" in said[0] and "nothing was changed" in said[0]
    assert demo_svc.export() == before and status(window) == ""


def test_a_copy_of_a_postgresql_league_sends_from_its_thread(
        qtbot: QtBot, rink_svc: Services, settings: QSettings, pg_url: str,  # noqa: F811 - the fixture
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The send opens the league's server on the send's own thread: the window's models stay on the rink copy."""
    from tests.scorekeeper.rink.test_rink_copy import _empty_postgres

    _empty_postgres(pg_url)
    league = make_league(pg_url, games=2)
    for side, prefix in (("home", "ot"), ("away", "he")):
        assert league.set_lineup(game_id(0), side, dressed(prefix)).ok
    league.close()
    window = open_window(qtbot, rink_svc, settings)
    take_copy_from_the_dialog(qtbot, window, monkeypatch, pg_url)
    qtbot.waitUntil(window.rink.visible)  # in sight on the toolbar, once laid out
    assert window.current_season() == SEASON and plain(window).startswith("Rink copy: all sent · of ")
    type_goal(qtbot, window, rink_svc)
    said = told(monkeypatch)
    window.rink_send_action.trigger()
    wait_sent(qtbot, window)
    assert said == [] and plain(window).startswith("Rink copy: all sent — last sent ")
    assert rink_svc.rink_copy_status().waiting == []  # the window's own facade reads its copy still
    league = Services.open(pg_url)
    try:
        assert goals(league_game(league, game_id(0))) == 1
    finally:
        league.close()
