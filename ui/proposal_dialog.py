"""The office's decision on a proposed suspension (the sixth incident of a season proposes a season suspension):
the date it takes effect from and a note, asked before Confirm or Decline writes it."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from ui import dialogs
from ui.date_field import DateField

CONFIRMED, DECLINED = "confirmed", "declined"


class DecisionDialog(QDialog):
    """Confirming or declining a proposed suspension: the decision's date (default today) and a note."""

    def __init__(self, decision: str, who: str, game: str, today: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        verb = "Confirm" if decision == CONFIRMED else "Decline"
        self.setWindowTitle(f"{verb} proposed suspension — {who}")
        follows = ("From this date on the suspension bars the player, and the team's games serve it."
                   if decision == CONFIRMED else "The proposal is dropped: it never bars the player.")
        title = QLabel(f"<b>{html.escape(verb)} the suspension proposed for {html.escape(who)} in game "
                       f"{html.escape(game)}.</b>", self)
        title.setWordWrap(True)
        intro = QLabel(f"{follows} Recorded in the audit trail.", self)
        intro.setTextFormat(Qt.TextFormat.PlainText)
        intro.setWordWrap(True)
        self.date = DateField(today, self)
        self.note = QLineEdit(self)
        self.note.setPlaceholderText("e.g. Suspension Director's letter of today (optional)")
        form = QFormLayout(self)
        form.addRow(title)
        form.addRow(intro)
        form.addRow("&Date:", self.date)
        form.addRow("&Note:", self.note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(f"&{verb}")
        ok.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.setMinimumWidth(520)


def ask_decision(parent: QWidget | None, decision: str, who: str, game: str, today: str) -> tuple[str, str] | None:
    """(date, note) for confirming or declining a proposed suspension, or None (cancelled)."""
    dialog = DecisionDialog(decision, who, game, today, parent)
    if dialogs.run_dialog(dialog) != QDialog.DialogCode.Accepted:
        return None
    return dialog.date.value(), dialog.note.text().strip()
