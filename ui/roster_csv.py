"""Roster CSV import (a league spreadsheet): every row with its verdict before anything is written.

The core reads and judges the file (`Services.preview_roster_csv`: imported, warning, or refused with the
rule) and writes every row it does not refuse in one transaction (`Services.import_roster_csv`).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QVBoxLayout, QWidget

from ui import theme
from ui.models import DISPLAY, RIGHT, Column, Index, RecordTableModel, field, figure
from ui.screen_fit import fit_dialog
from ui.table_tab import fit_columns, make_table_view

if TYPE_CHECKING:
    from scorekeeper.results_records import RosterCsvRow

VERDICT_MEANING = {"imported": "ok", "warning": "warning", "already": "muted", "refused": "refused"}
VERDICT_TEXT = {"already": "Already on the roster"}
WRAPPED_ROWS = 2000
WHY_ROOM = 320
"""The least width the Why column keeps: the other columns give way (their widest first, each cell's tooltip
whole) where the screen is too narrow for all of them."""
SHRINKABLE = ("Team", "First", "Last", "E-mail")
"""Up to this many rows a long Why wraps onto more lines (each row sized to it); a bigger file keeps one line a
row (its tooltip says the rest), so the preview stays quick."""


def _why(row: Any) -> str:
    reasons = [f"{v.get('rule')} {v.get('section') or ''}: {v.get('message')}".replace("  ", " ")
               for v in row.get("violations") or []]
    return "; ".join([*reasons, *([row["note"]] if row.get("note") else [])])


def _cell(key: str) -> Any:
    return lambda row: str((row.get("data") or {}).get(key) or "")


def _email(row: Any) -> str:
    """The e-mail, free to wrap after its "@" and dots (a zero-width space) where its column is narrow."""
    return _cell("email")(row).replace("@", "@\u200b").replace(".", ".\u200b")


class CsvRowsModel(RecordTableModel):
    """`Services.preview_roster_csv()` rows: the file's line, the verdict, the row's cells and the reasons."""

    columns = (
        figure("Line", field("line"), "line", "Line of the file"),
        Column("Verdict", lambda row: VERDICT_TEXT.get(str(row.get("verdict")),
                                                       str(row.get("verdict", "")).capitalize())),
        Column("Team", _cell("team")),
        Column("#", _cell("number"), RIGHT),
        Column("First", _cell("first")),
        Column("Last", _cell("last")),
        Column("", _cell("gender")),
        Column("Position", _cell("position")),
        Column("E-mail", _email),
        Column("Why", _why, stretch=True),
    )

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if role == Qt.ItemDataRole.ForegroundRole and self._valid(index) and index.column() in (1, 9):
            meaning = VERDICT_MEANING.get(str(self._rows[index.row()].get("verdict")))
            return theme.colour(meaning) if meaning else None
        if role == Qt.ItemDataRole.ToolTipRole and self._valid(index):  # a cell cut short on a small screen
            return str(super().data(index, DISPLAY) or "").replace("\u200b", "") or None
        return super().data(index, role)


def counts(rows: Sequence[RosterCsvRow]) -> dict[str, int]:
    out = {"imported": 0, "warning": 0, "already": 0, "refused": 0}
    for row in rows:
        out[str(row.get("verdict"))] = out.get(str(row.get("verdict")), 0) + 1
    return out


def summary_text(name: str, rows: Sequence[RosterCsvRow]) -> str:
    """The preview's counts: "N to import: N new, M already on the roster..."."""
    n = counts(rows)
    writable = n["imported"] + n["warning"]
    return (f"<b>{len(rows)} row(s) in {html.escape(name)}</b>: "
            f"<span style='color:{theme.css('ok')}'>{writable} to import: {writable} new</span>, "
            f"<span style='color:{theme.css('muted')}'>{n['already']} already on the roster</span>, "
            f"<span style='color:{theme.css('warning')}'>{n['warning']} with a warning</span>, "
            f"<span style='color:{theme.css('refused')}'>{n['refused']} refused</span>. Nothing is written until "
            "you press Import; rows already on the roster are not signed again, refused rows are left out.")


class RosterCsvDialog(QDialog):
    """Every row of the file with its verdict; Import writes the rows that are not refused, nothing else."""

    def __init__(self, name: str, rows: Sequence[RosterCsvRow], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Import roster — {name}")
        self.rows = rows
        n = counts(rows)
        writable = n["imported"] + n["warning"]
        self.summary = QLabel(summary_text(name, rows), self)
        self.summary.setWordWrap(True)
        self.model = CsvRowsModel(rows, self)
        self.view = make_table_view(self.model, self)
        self.view.setWordWrap(True)  # a long Why wraps in its column rather than pushing it off the screen
        self.view.horizontalHeader().setMinimumSectionSize(28)
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
        fit_dialog(self, 1100, 480)  # at most the screen's free area: the Why column and Cancel in sight
        if len(rows) <= WRAPPED_ROWS:  # each row as tall as its Why once the column has its width
            self.view.horizontalHeader().sectionResized.connect(lambda *_: self.view.resizeRowsToContents())

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit_columns()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def fit_columns(self) -> None:
        """Each column as wide as what it holds, Why the rest; where that leaves Why less than WHY_ROOM, the
        widest of the name and e-mail columns are narrowed to one width (their cells' tooltips hold the whole)."""
        fit_columns(self.view, padding=10)
        header = self.view.horizontalHeader()
        headers = [c.header for c in self.model.columns]
        room = self.view.viewport().width() - WHY_ROOM
        shrink = [headers.index(h) for h in SHRINKABLE]
        fixed = sum(header.sectionSize(n) for n in range(len(headers) - 1) if n not in shrink)
        widths = {n: header.sectionSize(n) for n in shrink}
        if fixed + sum(widths.values()) <= room:
            return
        cap = max(widths.values())
        while cap > 60 and fixed + sum(min(w, cap) for w in widths.values()) > room:
            cap -= 4
        for n, w in widths.items():
            header.resizeSection(n, min(w, cap))

    def writable(self) -> int:
        n = counts(self.rows)
        return n["imported"] + n["warning"]
