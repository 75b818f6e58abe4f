"""Roster CSV import (issue 4 point 2): every row of the spreadsheet with its verdict (imported, warning,
refused with the rule) before anything is written; Import writes the rows not refused, Cancel nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot
from ui_helpers import column, open_window

from scorekeeper.services import Services
from ui import dialogs
from ui.main_window import MainWindow
from ui.roster_csv import RosterCsvDialog

CSV = """Team,Jersey,First Name,Last Name,Gender,DOB,E-mail,Position
Otters,21,Zoë,Ñúñez,F,1990-02-03,zoe@example.org,skater
otters,22,Sam,Lee,M,,,
Otters,2,Taken,Number,M,,,skater
Herons,31,Kid,Young,F,2004-05-06,,goalie
Penguins,9,No,Team,M,,,
"""


@pytest.fixture
def window(qtbot: QtBot, svc: Services, settings: QSettings) -> MainWindow:
    return open_window(qtbot, svc, settings)


@pytest.fixture
def csv_file(tmp_path: Path) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text(CSV, encoding="utf-8")
    return path


def answer(monkeypatch: pytest.MonkeyPatch, code: QDialog.DialogCode) -> list[RosterCsvDialog]:
    seen: list[RosterCsvDialog] = []

    def run(dialog: QDialog) -> int:
        assert isinstance(dialog, RosterCsvDialog)
        seen.append(dialog)
        if os.environ.get("SCOREKEEPER_SCREENSHOTS"):
            dialog.show()
            dialog.grab().save(str(Path(os.environ["SCOREKEEPER_SCREENSHOTS"]) / "roster-csv.png"))
        return code

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


def test_every_row_is_shown_with_its_verdict_then_the_good_ones_are_written(
    window: MainWindow, svc: Services, csv_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = answer(monkeypatch, QDialog.DialogCode.Accepted)
    monkeypatch.setattr(dialogs, "ask_csv_file", lambda parent, folder="": str(csv_file))
    before = len(svc.roster())
    assert window.csv_action.isEnabled()
    window.csv_action.trigger()
    (dialog,) = seen
    assert column(dialog.model, "Verdict") == ["Imported", "Imported", "Refused", "Imported", "Refused"]
    why = column(dialog.model, "Why")
    assert "DATA-1" in why[2] and "FILE" in why[4] and why[0] == ""
    assert column(dialog.model, "First")[0] == "Zoë" and "3 to import" in dialog.summary.text()
    assert dialog.import_button.text() == "&Import 3 row(s)"
    assert len(svc.roster()) == before + 3
    assert "3 row(s) of roster.csv imported" in window.roster_tab.messages.text()
    assert window.tabs.currentWidget() is window.roster_tab


def test_cancel_writes_nothing(window: MainWindow, svc: Services, csv_file: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    answer(monkeypatch, QDialog.DialogCode.Rejected)
    before = svc.export()
    assert not window.roster_tab.import_csv(str(csv_file))
    assert svc.export() == before and "Nothing imported" in window.roster_tab.messages.text()


def test_a_file_without_the_needed_columns_is_explained(window: MainWindow, tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("team,first,last\nherons,Ann,Ode\n", encoding="utf-8")
    assert not window.roster_tab.import_csv(str(bad))
    assert "needs the column" in window.roster_tab.messages.text()
