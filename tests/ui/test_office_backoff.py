"""Issue 14, part 4 in the window: after wrong office passwords the unlock dialog says how long to wait."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from scorekeeper import office as core_office
from scorekeeper.services import Services
from ui import dialogs, office


def test_unlock_after_wrong_passwords_shows_how_long_to_wait(qtbot: QtBot, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core_office, "clock", lambda: 50_000.0)
    told: list[str] = []

    def run(dialog: QDialog) -> int:
        told.append(dialog.text() if isinstance(dialog, QMessageBox) else dialog.windowTitle())
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs, "run_dialog", run)
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: "guess")
    svc = Services.open(str(tmp_path / "league.db"))
    try:
        svc.set_office_password("rink-office-1")
        svc.lock_office()
        for _ in range(core_office.FREE_ATTEMPTS):
            assert not office.unlock(None, svc)
        assert told[-1].startswith("Wrong office password")
        monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: "rink-office-1")
        assert not office.unlock(None, svc)
        assert "wait 2 seconds before trying again" in told[-1]
        assert not svc.office_unlocked
    finally:
        svc.close()
