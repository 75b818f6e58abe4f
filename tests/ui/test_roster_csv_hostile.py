"""Hostile roster spreadsheets through the window (issue 14 point 3): Import roster spreadsheet never raises;
an unreadable file is named with the reason, every other one is shown row by row and its good rows written."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper.services import Services
from tests.scorekeeper.test_fuzz_inputs import CASES, hostile_csv
from ui import dialogs
from ui.roster_csv import RosterCsvDialog

FILES = itertools.count()


@pytest.mark.parametrize("answer", [QDialog.DialogCode.Accepted, QDialog.DialogCode.Rejected])
def test_hostile_roster_csvs_never_raise_in_the_window(qtbot: QtBot, svc: Services, settings: QSettings,
                                                      tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      answer: QDialog.DialogCode) -> None:
    window = open_window(qtbot, svc, settings)
    shown: list[RosterCsvDialog] = []

    def run(dialog: QDialog) -> int:
        assert isinstance(dialog, RosterCsvDialog)
        shown.append(dialog)
        for row in range(dialog.model.rowCount()):  # every cell drawn, whatever the file held
            for col in range(dialog.model.columnCount()):
                dialog.model.data(dialog.model.index(row, col))
        return answer

    monkeypatch.setattr(dialogs, "run_dialog", run)

    @hypothesis_settings(max_examples=max(5, CASES // 100), deadline=None, suppress_health_check=list(HealthCheck))
    @given(hostile_csv())
    def one(content: bytes) -> None:
        path = tmp_path / f"roster-{next(FILES)}.csv"
        path.write_bytes(content)
        shown.clear()
        before = len(svc.roster())
        written = window.roster_tab.import_csv(str(path))
        text = window.roster_tab.messages.text()
        assert text and "internal error" not in text and "Traceback" not in text
        if not shown:
            assert "Cannot read the file" in text and not written
        elif answer == QDialog.DialogCode.Rejected:
            assert len(svc.roster()) == before and not written

    one()
