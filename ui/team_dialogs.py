"""The questions the Roster tab asks before a team is renamed, merged into another or deleted, and which player a
roster CSV row means when several players share its name (issue 18). Each is answered from the keyboard: the
field has the focus, Enter presses the default button, Esc cancels."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLabel, QLineEdit, QWidget

from ui import dialogs, theme

if TYPE_CHECKING:
    from scorekeeper.results_records import RosterCsvRow, TeamRow


class RenameTeamDialog(QDialog):
    """The team's new name (a blank name, or the same one, keeps the dialog open with a message)."""

    def __init__(self, team: TeamRow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.team = team
        self.setWindowTitle(f"Rename {team['name']}")
        self.name = QLineEdit(team["name"], self)
        self.name.selectAll()
        self.problem = QLabel(self)
        theme.text_style(self.problem, "refused")
        self.problem.hide()
        self.problem.setWordWrap(True)
        form = QFormLayout(self)
        self.explanation = QLabel(f"The new name of {html.escape(team['name'])} "
                                  f"({html.escape(team['division_name'])}): games, players and fines keep it; the "
                                  "audit trail records the change.", self)
        self.explanation.setWordWrap(True)  # whole at the dialog's width, never cut ("records the chang")
        form.addRow(self.explanation)
        form.addRow("New &name:", self.name)
        form.addRow(self.problem)
        form.addRow(dialogs.ok_cancel(self))
        self.setMinimumWidth(420)

    def new_name(self) -> str:
        return " ".join(self.name.text().split())

    def accept(self) -> None:
        if not self.new_name() or self.new_name() == self.team["name"]:
            self.problem.setText("Type the team's new name.")
            self.problem.show()
            self.name.setFocus()
            return
        super().accept()


def ask_new_team_name(parent: QWidget | None, team: TeamRow) -> str | None:
    dialog = RenameTeamDialog(team, parent)
    return dialog.new_name() if dialogs.run_dialog(dialog) == QDialog.DialogCode.Accepted else None


class MergeTeamDialog(QDialog):
    """The team of the same division that `team` is merged into, with what moves."""

    def __init__(self, team: TeamRow, others: Sequence[TeamRow], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Merge {team['name']} into another team")
        self.target = QComboBox(self)
        names = [str(t["name"]).casefold() for t in (team, *others)]

        def shown(t: TeamRow) -> str:
            """A team by its name; its id beside it only where another team has that name (issue 27)."""
            return f"{t['name']} ({t['id']})" if names.count(str(t["name"]).casefold()) > 1 else str(t["name"])

        for other in others:
            self.target.addItem(shown(other), other["id"])
        form = QFormLayout(self)
        form.addRow(QLabel(
            f"Every game of <b>{html.escape(shown(team))}</b>, with its line-ups and "
            "events, its players' signings, its fines and its payments move to the team picked here; then "
            f"{html.escape(team['name'])} is removed. An office action, recorded in the audit trail.", self))
        form.addRow("Merge &into:", self.target)
        form.addRow(dialogs.ok_cancel(self))
        for label in self.findChildren(QLabel):
            label.setWordWrap(True)
        self.setMinimumWidth(460)


def ask_merge_target(parent: QWidget | None, team: TeamRow, others: Sequence[TeamRow]) -> str | None:
    dialog = MergeTeamDialog(team, others, parent)
    if dialogs.run_dialog(dialog) != QDialog.DialogCode.Accepted:
        return None
    return str(dialog.target.currentData())


def confirm_delete(parent: QWidget | None, team: TeamRow) -> bool:
    """Delete the team? No is the default: Enter keeps the team, Y (or Alt+Y) deletes it."""
    return dialogs.ask_yes(parent, f"Delete {team['name']}", f"Delete the team {team['name']} "
                           f"({team['division_name']})?", "A team with no game, no signing, no fine and no payment "
                           "can be deleted; the audit trail records it.")


class ChoosePlayerDialog(QDialog):
    """Which of the players sharing a name a roster CSV row means (or none: the row is left out)."""

    def __init__(self, row: RosterCsvRow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        data = row.get("data") or {}
        name = f"{data.get('first', '')} {data.get('last', '')}".strip()
        self.setWindowTitle(f"Which {name}?")
        self.player = QComboBox(self)
        for candidate in row.get("candidates") or []:
            self.player.addItem(candidate["label"], candidate["id"])
        self.player.addItem("None of them: leave the row out", None)
        text = QLabel(f"Line {row['line']} of the file signs <b>{html.escape(name)}</b> to "
                      f"{html.escape(str(data.get('team', '')))} as #{html.escape(str(data.get('number', '')))}, "
                      f"and {self.player.count() - 1} players of the season have that name. Which one is it?", self)
        text.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(text)
        form.addRow("&Player:", self.player)
        form.addRow(dialogs.ok_cancel(self))
        self.setMinimumWidth(480)


def ask_players(parent: QWidget | None, rows: Sequence[RosterCsvRow]) -> dict[int, str] | None:
    """For each row whose name several players share, the player it means (by the row's line); None when the
    person cancels the import."""
    chosen: dict[int, str] = {}
    for row in rows:
        if not row.get("candidates"):
            continue
        dialog = ChoosePlayerDialog(row, parent)
        if dialogs.run_dialog(dialog) != QDialog.DialogCode.Accepted:
            return None
        if dialog.player.currentData():
            chosen[int(row["line"])] = str(dialog.player.currentData())
    return chosen

