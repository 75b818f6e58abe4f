"""GAME-2 at the boards in a league whose rulebook has shootouts: the entry is offered, typed from the keyboard
(O, the winner's letter, Enter) and decides the game; the event list names the rulebook's periods. Under the
Westridge rulebook (no shootout) the entry is not offered."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from ui_helpers import column, focus, open_window, press, type_text

from scorekeeper.services import Services

ROOT = Path(__file__).resolve().parents[2]
BOOK = "three-periods-so"


def shootout_rulebook(folder: Path) -> Path:
    text = (ROOT / "scorekeeper" / "resources" / "rulebooks" / "westridge-2015-16.toml").read_text(encoding="utf-8")
    text = (text.replace('id = "westridge-2015-16"', f'id = "{BOOK}"').replace("periods = 2 ", "periods = 3 ")
            .replace("[shootout]                       # the Westridge rulebook has no shootout\nregular = false",
                     "[shootout]\nregular = true").replace("so_loss = 0", "so_loss = 1"))
    path = folder / f"{BOOK}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def season() -> dict:
    teams = ("a", "b")
    players = [{"id": f"{t}{n}", "first": f"P{n}", "last": t.upper()} for t in teams for n in range(1, 8)]
    roster = [{"team": t, "player": f"{t}{n}", "number": n, "position": "goalie" if n == 1 else "skater"}
              for t in teams for n in range(1, 8)]
    lineups = {side: [{"player": f"{t}1", "goalie": True}] + [{"player": f"{t}{n}"} for n in range(2, 8)]
               for side, t in (("home", "a"), ("away", "b"))}
    events = [{"type": "goal", "team": "home", "period": 1, "elapsed": "05:00", "scorer": "a2", "assists": []},
              {"type": "goal", "team": "away", "period": 3, "elapsed": "15:00", "scorer": "b2", "assists": []}]
    return {"format": "scorekeeper.season/1", "league": "Three Period League", "season": "2026", "rulebook": BOOK,
            "divisions": [{"id": "d", "name": "D", "coed": False}],
            "teams": [{"id": t, "name": f"Team {t.upper()}", "division": "d"} for t in teams],
            "players": players, "roster": roster,
            "games": [{"id": "s1", "date": "2026-01-10", "time": "19:00", "stage": "regular", "home": "a",
                       "away": "b", "status": "scheduled", "lineups": lineups, "events": events}]}


@pytest.fixture
def league_svc(empty_svc: Services, tmp_path: Path) -> Services:
    empty_svc.load_rulebook_file(shootout_rulebook(tmp_path))
    report = empty_svc.import_data(season())
    assert report.ok, [v.line() for v in report.violations]
    empty_svc.operator = "Test Operator"
    return empty_svc


def test_game_2_shootout_entered_from_the_keyboard(qtbot: QtBot, league_svc: Services, settings: QSettings) -> None:
    window = open_window(qtbot, league_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    tab = window.live_game_tab
    tab.select_game("s1")
    assert column(tab.events, "Time", 0)[-1] == "3rd"  # the rulebook's three periods, not halves
    tab.events_view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is tab.events_view)
    press(qtbot, Qt.Key.Key_O)
    assert tab.entry.current_type() == "shootout"
    assert focus() is tab.entry.team
    assert not tab.entry.period.isVisibleTo(tab.entry)  # no time: it follows the overtime
    type_text(qtbot, "a")
    press(qtbot, Qt.Key.Key_Return)
    assert "recorded" in tab.messages.text()
    event = league_svc.view("2026").games["s1"]["events"][-1]
    assert event == {"type": "shootout", "team": "away"}
    assert "Shootout won by" in column(tab.events, "Entry", 0) and "won the shootout" in column(tab.events, "Details")
    league_svc.finish_game("s1", confirm=True, season="2026")
    game = league_svc.game("s1", "2026")
    assert game["decision"] == "shootout" and game["winner"] == "away" and game["points"] == {"home": 1, "away": 2}


def test_game_2_no_shootout_entry_under_westridge(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> None:
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    tab = window.live_game_tab
    tab.select_game("g016")
    assert not tab.entry.has_kind("shootout")
    tab.events_view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is tab.events_view)
    press(qtbot, Qt.Key.Key_O)
    assert "no shootout" in tab.messages.text() and "GAME-2" in tab.messages.text()


def test_pts_2_season_tab_shows_shootout_wins_and_losses(qtbot: QtBot, league_svc: Services,
                                                         settings: QSettings) -> None:
    league_svc.add_event("s1", {"type": "shootout", "team": "home"}, confirm=True, season="2026")
    assert league_svc.finish_game("s1", confirm=True, season="2026").ok
    window = open_window(qtbot, league_svc, settings)
    window.tabs.setCurrentWidget(window.season_tab)
    tab = window.season_tab
    assert not any(tab.view.isColumnHidden(c) for c in tab.model.SHOOTOUT_COLUMNS)
    assert column(tab.model, "SOW")[1:] == ["1", "0"] and column(tab.model, "SOL")[1:] == ["0", "1"]
    assert column(tab.model, "PTS")[1:] == ["2", "1"]
