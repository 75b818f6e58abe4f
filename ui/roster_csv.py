"""Roster CSV import (a league spreadsheet): every row with its verdict before anything is written.

The core reads and judges the file (`Services.preview_roster_csv`: imported, warning, or refused with the
rule) and writes every row it does not refuse in one transaction (`Services.import_roster_csv`).
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QVBoxLayout, QWidget

from ui.models import DISPLAY, RIGHT, Column, Index, RecordTableModel, field, number
from ui.table_tab import fit_columns, make_table_view

VERDICT_COLOUR = {"imported": "#1b5e20", "warning": "#8a5a00", "already": "#555555", "refused": "#b00020"}
VERDICT_TEXT = {"already": "Already on the roster"}


def _why(row: Any) -> str:
    reasons = [f"{v.get('rule')} {v.get('section') or ''}: {v.get('message')}".replace("  ", " ")
               for v in row.get("violations") or []]
    return "; ".join([*reasons, *([row["note"]] if row.get("note") else [])])


def _cell(key: str) -> Any:
    return lambda row: str((row.get("data") or {}).get(key) or "")


class CsvRowsModel(RecordTableModel):
    """`Services.preview_roster_csv()` rows: the file's line, the verdict, the row's cells and the reasons."""

    columns = (
        Column("Line", field("line"), **number("line", "Line of the file")),
        Column("Verdict", lambda row: VERDICT_TEXT.get(str(row.get("verdict")),
                                                       str(row.get("verdict", "")).capitalize())),
        Column("Team", _cell("team")),
        Column("#", _cell("number"), RIGHT),
        Column("First", _cell("first")),
        Column("Last", _cell("last")),
        Column("", _cell("gender")),
        Column("Position", _cell("position")),
        Column("E-mail", _cell("email")),
        Column("Why", _why, stretch=True),
    )

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if role == Qt.ItemDataRole.ForegroundRole and self._valid(index) and index.column() in (1, 9):
            return QColor(VERDICT_COLOUR.get(str(self._rows[index.row()].get("verdict")), "#000000"))
        return super().data(index, role)


def counts(rows: list[dict[str, Any]]) -> dict[str, int]:
    out = {"imported": 0, "warning": 0, "already": 0, "refused": 0}
    for row in rows:
        out[str(row.get("verdict"))] = out.get(str(row.get("verdict")), 0) + 1
    return out


def summary_text(name: str, rows: list[dict[str, Any]]) -> str:
    """The preview's counts: "N to import: N new, M already on the roster..."."""
    n = counts(rows)
    writable = n["imported"] + n["warning"]
    return (f"<b>{len(rows)} row(s) in {html.escape(name)}</b>: "
            f"<span style='color:#1b5e20'>{writable} to import: {writable} new</span>, "
            f"<span style='color:#555555'>{n['already']} already on the roster</span>, "
            f"<span style='color:#8a5a00'>{n['warning']} with a warning</span>, "
            f"<span style='color:#b00020'>{n['refused']} refused</span>. Nothing is written until you press "
            "Import; rows already on the roster are not signed again, refused rows are left out.")


class RosterCsvDialog(QDialog):
    """Every row of the file with its verdict; Import writes the rows that are not refused, nothing else."""

    def __init__(self, name: str, rows: list[dict[str, Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Import roster — {name}")
        self.rows = rows
        n = counts(rows)
        writable = n["imported"] + n["warning"]
        self.summary = QLabel(summary_text(name, rows), self)
        self.summary.setWordWrap(True)
        self.model = CsvRowsModel(rows, self)
        self.view = make_table_view(self.model, self)
        fit_columns(self.view)
        self.import_button = QPushButton(f"&Import {writable} row(s)", self)
        self.import_button.setEnabled(writable > 0)
        self.import_button.setDefault(writable > 0)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        buttons.addButton(self.import_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(buttons)
        self.resize(1100, 480)

    def writable(self) -> int:
        n = counts(self.rows)
        return n["imported"] + n["warning"]
