"""Issue 27.1 in the window: where the office has given the games the league's numbers, the window names each game
by its number wherever a person reads one: the Season tab's suspensions and fines, the line-up notes, the reopen
and undo prompts, the audit trail; never by its id ('g006')."""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog, QInputDialog, QMessageBox
from pytestqt.qtbot import QtBot
from ui_helpers import column, open_window

from scorekeeper.services import Services
from ui import dialogs
from ui.main_window import MainWindow

SEASON = "2015-16"
GAME_ID = re.compile(r"\bg\d{3}\b")


def number(game_id: str) -> str:
    return f"WS-{int(game_id[1:]):03d}"


@pytest.fixture
def numbered(demo_svc: Services) -> Services:
    """The demo season with the league's number on every game (as Officials… sets it)."""
    for row in demo_svc.games(SEASON):
        details = demo_svc.game_details(row["id"], season=SEASON)
        officials = [{"name": name, "role": role} for role, key in (("referee", "referees"), ("linesman", "linesmen"))
                     for name in details[key]]
        assert demo_svc.set_game_details(row["id"], number(row["id"]), officials, season=SEASON).ok
    return demo_svc


@pytest.fixture
def window(qtbot: QtBot, numbered: Services, settings: QSettings) -> MainWindow:
    return open_window(qtbot, numbered, settings)


def ids(texts: list[str]) -> list[str]:
    return [text for text in texts if GAME_ID.search(text)]


def lineup(team: str) -> list[dict[str, Any]]:
    players = [f"{team[:2]}{n:02d}" for n in range(1, 11)]
    return [{"player": players[0], "goalie": True}, *({"player": p} for p in players[1:])]


def test_the_season_tab_names_games_by_number(window: MainWindow) -> None:
    tab = window.season_tab
    tab.load(SEASON)
    suspended, fined = column(tab.suspensions, "Game"), column(tab.fines, "Game")
    assert suspended and fined
    assert ids(suspended + fined) == []
    assert set(suspended) == set(fined) == {"WS-006"}
    assert all(row["game"] == "g006" for row in tab.suspensions.rows())  # the id stays what the facade is given


def test_the_line_up_notes_name_games_by_number(window: MainWindow) -> None:
    window.tabs.setCurrentWidget(window.live_game_tab)
    tab = window.live_game_tab
    tab.select_game("g008")  # Herons – Falcons: he04 and fa05 sit out their suspensions from g006
    notes = [n for panel in (tab.home_lineup, tab.away_lineup) for n in column(panel.model, "Note") if n]
    assert any("(game WS-006)" in n for n in notes), notes
    assert ids(notes) == []


def test_the_reopen_prompt_names_the_game_by_number(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    monkeypatch.setattr(QInputDialog, "getText", lambda parent, title, label, *rest: asked.append(label) or ("", False))
    window.tabs.setCurrentWidget(window.live_game_tab)
    tab = window.live_game_tab
    tab.select_game("g006")
    assert not tab.reopen()
    assert asked == ["Game WS-006 is final. Why reopen it?"]


def test_the_undo_prompt_names_the_game_by_number(window: MainWindow, numbered: Services,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "run_dialog", lambda dialog: QMessageBox.StandardButton.Yes
                        if isinstance(dialog, QMessageBox) else QDialog.DialogCode.Accepted)
    window.tabs.setCurrentWidget(window.live_game_tab)
    assert numbered.set_lineup("g016", "home", lineup("lynx")).ok
    assert numbered.set_lineup("g016", "away", lineup("owls")).ok
    tab = window.live_game_tab
    tab.select_game("g016")
    tab.refresh_game()
    assert tab.finish(), tab.messages.text()
    said = window.statusBar().currentMessage()  # the automatic backup after a finish says which game
    assert "(game WS-016 finished)" in said and ids([said]) == [], said
    numbered.set_office_password("rink-office-1")
    numbered.lock_office()
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: asked.append(label) or None)
    tab.undo_button.click()  # Undo: the finish, the office's (DATA-5)
    assert asked and "of game WS-016 needs the office password" in asked[0], asked
    assert ids(asked) == []


def test_the_audit_trail_names_games_by_number(window: MainWindow, numbered: Services,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import office

    assert numbered.lift_suspension("he04", "g006", "2015-11-20", "reviewed", season=SEASON).ok
    shown: list[QDialog] = []
    monkeypatch.setattr(dialogs, "run_dialog", lambda dialog: shown.append(dialog) or QDialog.DialogCode.Accepted)
    window.tabs.setCurrentWidget(window.live_game_tab)
    tab = window.live_game_tab
    tab.select_game("g006")
    dialog = tab.show_audit()
    assert dialog is not None and dialog.windowTitle() == "Audit trail — game WS-006"
    subjects = [row["subject"] for row in office.audit_rows(numbered, SEASON, game="g006")]
    assert "Ryan Cote/WS-006" in subjects and ids(subjects) == []
