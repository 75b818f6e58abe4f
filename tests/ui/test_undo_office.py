"""Issue 14 in the window: Undo of Finish follows Reopen's rule (the office password while the office is locked,
audited as "undo of finish"), and a database altered outside Scorekeeper is told when it opens."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper.services import Services
from ui import dialogs
from ui.main_window import MainWindow

SEASON = "2015-16"


def lineup(team: str) -> list[dict[str, Any]]:
    players = [f"{team[:2]}{n:02d}" for n in range(1, 11)]
    return [{"player": players[0], "goalie": True}, *({"player": p} for p in players[1:])]


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every message box's text; each accepted (Yes) at once."""
    seen: list[str] = []

    def run(dialog: QDialog) -> int:
        seen.append(dialog.text() if isinstance(dialog, QMessageBox) else dialog.windowTitle())
        return QMessageBox.StandardButton.Yes if isinstance(dialog, QMessageBox) else QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


def test_undo_of_finish_asks_the_office_password_when_locked_and_is_audited(
    qtbot: QtBot, demo_svc: Services, settings: QSettings, told: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    assert demo_svc.set_lineup("g016", "home", lineup("lynx")).ok
    assert demo_svc.set_lineup("g016", "away", lineup("owls")).ok
    tab = window.live_game_tab
    tab.select_game("g016")
    tab.refresh_game()
    assert tab.finish(), tab.messages.text()
    demo_svc.set_office_password("rink-office-1")
    demo_svc.lock_office()
    typed = iter(["guess", "rink-office-1"])
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: asked.append(label) or next(typed))
    tab.undo_button.click()  # Undo: the finish
    assert asked and "undo of finish" in asked[0] and "office password" in asked[0]
    assert "Wrong office password" in told[-1]
    assert demo_svc.game("g016", SEASON)["status"] == "final" and tab.undo_button.isEnabled()
    assert tab.undo(), tab.messages.text()
    assert demo_svc.game("g016", SEASON)["status"] == "scheduled"
    entry = demo_svc.audit(SEASON, game="g016")[-1]
    assert entry["action"] == "reopen game" and entry["before"]["reason"] == "undo of finish"
    window.close()


def test_the_window_tells_when_the_audit_trail_was_altered_outside_scorekeeper(
    qtbot: QtBot, demo_db: Path, settings: QSettings, told: list[str], tmp_path: Path
) -> None:
    db = tmp_path / "altered.db"
    shutil.copy(demo_db, db)
    con = sqlite3.connect(db)
    con.execute("insert into audit_entry (operator, action, subject, at, imported) "
                "values ('someone', 'override block', 'x', '2020-01-01 00:00:00', 0)")
    con.commit()
    con.close()
    svc = Services.open(str(db), exclusive=True)
    window = MainWindow(svc, settings)
    qtbot.addWidget(window)
    window.start()
    assert any("altered outside Scorekeeper" in text for text in told), told
    window.close()
    svc.close()


def test_an_import_that_lifts_a_suspension_asks_the_office_password(
    qtbot: QtBot, demo_svc: Services, settings: QSettings, told: list[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path
) -> None:
    suspension = next(s for s in demo_svc.suspensions(SEASON)["suspensions"] if s["status"] == "active")
    data = demo_svc.export(SEASON)
    data.pop("computed")
    data["appeals"] = [*data.get("appeals", []), {
        "player": suspension["player"], "game": suspension["game"], "filed": "2015-12-01", "form": "A-17",
        "fee_paid": True, "decision": "upheld", "decided": "2015-12-02"}]
    path = tmp_path / "upheld.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    demo_svc.set_office_password("rink-office-1")
    demo_svc.lock_office()
    window = open_window(qtbot, demo_svc, settings)
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: asked.append(label) or None)
    assert not window.import_path(str(path)).ok  # the password not given: nothing imported
    assert asked and "lifts the suspension of " + suspension["player"] in asked[0]
    assert next(s for s in demo_svc.suspensions(SEASON)["suspensions"] if s["player"] == suspension["player"]
                and s["game"] == suspension["game"])["status"] == "active"
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: "rink-office-1")
    assert window.import_path(str(path)).ok
    assert "appeal decided" in [a["action"] for a in demo_svc.audit(SEASON)]
    window.close()
