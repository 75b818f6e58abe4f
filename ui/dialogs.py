"""The window's dialogs and questions, each behind one small function.

Every modal dialog runs through `run_dialog()` (and every file or text question through its own function),
so a test replaces one function instead of clicking a box that would block it.
"""

from __future__ import annotations

import contextlib
import html
import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.rules.violation import named_where
from ui import APP_NAME, theme
from ui.models import ViolationsModel
from ui.money_field import MoneyEdit, format_cents
from ui.table_tab import fit_columns, make_table_view

if TYPE_CHECKING:
    from scorekeeper.results_records import FineRow, SeasonSummary
    from scorekeeper.season_data import AppealData, PaymentData
    from scorekeeper.services import ImportReport, Services
    from ui.dialog_answers import NewGame, NewSeason, PayableFine

SEASON_FILES = "Season files (*.json);;All files (*)"
DATABASES = "Scorekeeper databases (*.db *.sqlite);;All files (*)"
PDFS = "PDF documents (*.pdf);;All files (*)"
CSVS = "Spreadsheets saved as CSV (*.csv *.txt);;All files (*)"


dates = partial(importlib.import_module, "ui.date_field")
"""`ui.date_field`, imported when a dialog with a date is built, not with the Live Game tab (issue 29.4)."""


def run_dialog(dialog: QDialog) -> int:
    """Show `dialog` modally and return its result (tests answer without showing); its fields named for a screen
    reader first (31.4), but not a question box's: Qt reads those, and reading its layouts lost its buttons."""
    from ui.accessible import name_from_labels

    if not isinstance(dialog, QMessageBox):
        name_from_labels(dialog)
    return dialog.exec()


# -- questions ----------------------------------------------------------------------------------------------
class OperatorDialog(QDialog):
    """The name of the person at the keyboard: OK with a blank name is refused with a message, the dialog
    stays open (the audit records this name, never the computer's login name in its place)."""

    def __init__(self, current: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{APP_NAME} — operator")
        self.name = QLineEdit(current, self)
        self.name.setPlaceholderText("e.g. Pat Lee")
        self.problem = QLabel(self)
        self.problem.setObjectName("operatorProblem")
        theme.text_style(self.problem, "refused")
        self.problem.hide()
        form = QFormLayout(self)
        form.addRow(QLabel("Who is keeping score? Your name is recorded in the audit log with every finish, "
                           "reopen, appeal and payment.", self))
        form.addRow("&Name:", self.name)
        form.addRow(self.problem)
        self.buttons = ok_cancel(self)
        form.addRow(self.buttons)
        self.setMinimumWidth(420)

    def accept(self) -> None:
        if not self.name.text().strip():
            self.problem.setText("Type your name: the audit log records who did what.")
            self.problem.show()
            self.name.setFocus()
            return
        super().accept()


def ask_operator(parent: QWidget | None, current: str) -> str | None:
    """The name of the person at the keyboard (recorded with every finish, reopen, appeal and payment); None
    when cancelled. A blank name is never an answer."""
    dialog = OperatorDialog(current, parent)
    if run_dialog(dialog) != QDialog.DialogCode.Accepted:
        return None
    return dialog.name.text().strip() or None


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """OK (the default button: Enter in any field presses it) and Cancel, wired to the dialog."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog)
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    ok.setDefault(True)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


def ask_first_start(parent: QWidget | None) -> str | None:
    """On an empty database: "demo" (load the demo season), "create" (a new season) or None."""
    box = QMessageBox(parent)
    box.setWindowTitle(APP_NAME)
    box.setIcon(QMessageBox.Icon.Question)
    box.setText("<b>This database holds no season yet.</b>")
    box.setInformativeText("Load the demo season to look around, or create the league's season to start "
                           "entering rosters. You can also import a season file later (File ▸ Import).")
    demo = box.addButton("Load the &demo season", QMessageBox.ButtonRole.AcceptRole)
    create = box.addButton("&Create a season…", QMessageBox.ButtonRole.ActionRole)
    box.addButton("&Later", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(demo)
    run_dialog(box)
    clicked = box.clickedButton()
    return "demo" if clicked is demo else "create" if clicked is create else None


class NewSeasonDialog(QDialog):
    """League and season names for a new season, its rulebook (when there is a choice) and its first division
    (more come with a season file). Tab follows the form top to bottom; Enter in any field presses OK; OK with a
    blank name is refused with a message beside the form and the dialog stays open on that field."""

    def __init__(self, parent: QWidget | None = None, league: str = "", rulebooks: Sequence[str] = ()) -> None:
        super().__init__(parent)
        self.setWindowTitle("Create a season")
        self.league = QLineEdit(league, self)
        self.season = QLineEdit(self)
        self.season.setPlaceholderText("e.g. 2016-17")
        self.rulebook = QComboBox(self)
        self.rulebook.setToolTip("The rulebook the season is played under (Rulebook ▸ Load another league's "
                                 "rulebook… adds one)")
        for name in rulebooks:
            self.rulebook.addItem(name, name)
        self.division = QLineEdit("Co-ed Division 1", self)
        self.coed = QCheckBox("c&o-ed division", self)
        self.coed.setChecked(True)
        self.problem = QLabel(self)
        self.problem.setObjectName("newSeasonProblem")
        theme.text_style(self.problem, "refused")
        self.problem.setWordWrap(True)
        self.problem.hide()
        form = QFormLayout(self)
        form.addRow("&League:", self.league)
        form.addRow("&Season:", self.season)
        order: list[QWidget] = [self.league, self.season]
        if self.rulebook.count() > 1:
            form.addRow("&Rulebook:", self.rulebook)
            order.append(self.rulebook)
        else:  # no choice: not shown, not a Tab stop (a child left out of the form is drawn over the first row)
            self.rulebook.hide()
            self.rulebook.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        form.addRow("First &division:", self.division)
        form.addRow("", self.coed)
        form.addRow(self.problem)
        self.buttons = ok_cancel(self)
        form.addRow(self.buttons)
        order += [self.division, self.coed, self.buttons]
        for first, second in zip(order, order[1:], strict=False):
            QWidget.setTabOrder(first, second)
        self.setMinimumWidth(440)

    def fields(self) -> dict[str, QLineEdit]:
        return {"league": self.league, "season": self.season, "division": self.division}

    def accept(self) -> None:
        """OK: refused with a message while a name is blank (the dialog stays open on the blank field)."""
        labels = {"league": "the league's name", "season": "the season's name", "division": "the first division's "
                  "name"}
        blank = [key for key, field in self.fields().items() if not field.text().strip()]
        if blank:
            self.problem.setText("A season needs " + " and ".join(labels[key] for key in blank) + ".")
            self.problem.show()
            self.fields()[blank[0]].setFocus()
            return
        self.problem.hide()
        super().accept()

    def answer(self) -> NewSeason | None:
        names = {key: field.text().strip() for key, field in self.fields().items()}
        if not all(names.values()):
            return None
        return {"league": names["league"], "season": names["season"], "division": names["division"],
                "coed": self.coed.isChecked(), "rulebook": self.rulebook.currentData()}


def ask_new_season(parent: QWidget | None, league: str = "Westridge Sponge Hockey League",
                   rulebooks: Sequence[str] = ()) -> NewSeason | None:
    """{league, season, division, coed, rulebook} as typed (rulebook None: the default), or None when cancelled
    (a blank name is refused in the dialog, which stays open)."""
    dialog = NewSeasonDialog(parent, league, rulebooks)
    if run_dialog(dialog) != QDialog.DialogCode.Accepted:
        return None
    return dialog.answer()


class SeasonsDialog(QDialog):
    """File ▸ Seasons…: every season of the database, archived ones too, to archive (hidden from the picker,
    read-only), restore from the archive, or delete (the office password; a backup first). `act(action, name)`
    does it ("archive", "unarchive" or "delete") and returns the seasons as they now are (None: nothing done)."""

    HEADERS = ("Season", "League", "State", "Teams", "Players", "Games")

    def __init__(self, seasons: Sequence[SeasonSummary],
                 act: Callable[[str, str], Sequence[SeasonSummary] | None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Seasons")
        self.act = act
        self.table = QTableWidget(0, len(self.HEADERS), self)
        self.table.setHorizontalHeaderLabels(self.HEADERS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemSelectionChanged.connect(self._enable)
        note = QLabel("An archived season is hidden from the season picker and read-only until restored. Deleting "
                      "a season needs the office password; a verified backup of the database is made first.", self)
        note.setWordWrap(True)
        self.archive = QPushButton("&Archive", self)
        self.unarchive = QPushButton("&Restore from the archive", self)
        self.delete = QPushButton("&Delete…", self)
        self.archive.clicked.connect(lambda: self._do("archive"))
        self.unarchive.clicked.connect(lambda: self._do("unarchive"))
        self.delete.clicked.connect(lambda: self._do("delete"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        for button in (self.archive, self.unarchive, self.delete):
            button.setAutoDefault(False)
            buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.fill(seasons)
        self.resize(680, 320)

    def fill(self, seasons: Sequence[SeasonSummary]) -> None:
        chosen = self.chosen()
        self.seasons = list(seasons)
        self.table.setRowCount(len(self.seasons))
        for row, season in enumerate(self.seasons):
            cells = (season["name"], season["league"], "archived" if season["archived"] else "open",
                     season.get("teams", ""), season.get("players", ""), season.get("games", ""))
            for column, value in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(str(value)))
        self.table.resizeColumnsToContents()
        names = [s["name"] for s in self.seasons]
        self.table.selectRow(names.index(chosen) if chosen in names else max(len(names) - 1, 0))
        self._enable()

    def chosen(self) -> str | None:
        """The name of the season selected."""
        rows = {index.row() for index in self.table.selectedIndexes()}
        return self.seasons[min(rows)]["name"] if rows and getattr(self, "seasons", None) else None

    def _enable(self) -> None:
        name = self.chosen()
        season = next((s for s in self.seasons if s["name"] == name), None)
        self.archive.setEnabled(season is not None and not season["archived"])
        self.unarchive.setEnabled(season is not None and bool(season["archived"]))
        self.delete.setEnabled(season is not None)

    def _do(self, action: str) -> None:
        name = self.chosen()
        if name is None:
            return
        open_ones = [s["name"] for s in self.seasons if not s["archived"]]
        if action == "archive" and open_ones == [name] and not ask_yes(
                self, "Archive the only open season", f"Archive {name}, the only open season?",
                "The season picker then has no season to show and nothing can be entered until a season is "
                "restored from the archive (File ▸ Seasons…) or a new one is made."):
            return  # No, the default: nothing archived
        seasons = self.act(action, name)
        if seasons is not None:
            self.fill(seasons)


def manage_seasons(parent: QWidget | None, seasons: Sequence[SeasonSummary],
                   act: Callable[[str, str], Sequence[SeasonSummary] | None]) -> None:
    run_dialog(SeasonsDialog(seasons, act, parent))


class PaymentDialog(QDialog):
    """A payment: which team's statement, toward the team's balance or against one of its fines, how much, when,
    and a memo. `fines` are the season's fines as the facade lists them, each with a `label` to show."""

    BALANCE = "balance"

    def __init__(self, teams: Sequence[tuple[str, str]], today: str, parent: QWidget | None = None,
                 fines: Sequence[PayableFine] = (), team: str | None = None,
                 fine: FineRow | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Record a payment")
        self.fines = list(fines)
        self.team = QComboBox(self)
        for team_id, name in teams:
            self.team.addItem(name, team_id)
        self.toward = QComboBox(self)
        self.toward.setToolTip("Toward the team's balance, or against one fine (paid first, shown on that fine in "
                               "the statement)")
        self.amount = MoneyEdit(self)  # the locale's decimal separator or a point; at most 10 000
        self.date = dates().DateField(today, self)
        self.memo = QLineEdit(self)
        self.memo.setPlaceholderText("e.g. cheque 1041 (optional)")
        self.problem = QLabel(self)
        self.problem.setObjectName("paymentProblem")
        theme.text_style(self.problem, "refused")
        self.problem.hide()
        form = QFormLayout(self)
        form.addRow("&Team:", self.team)
        form.addRow("T&oward:", self.toward)
        form.addRow("&Amount:", self.amount)
        form.addRow("&Date:", self.date)
        form.addRow("&Memo:", self.memo)
        form.addRow(self.problem)
        form.addRow(ok_cancel(self))
        self.team.currentIndexChanged.connect(self._fill_toward)
        self.toward.currentIndexChanged.connect(self._toward_changed)
        if fine is not None:
            team = fine["team"]
        if team is not None and self.team.findData(team) >= 0:
            self.team.setCurrentIndex(self.team.findData(team))
        self._fill_toward()
        if fine is not None:
            for index in range(self.toward.count()):
                data = self.toward.itemData(index)
                if isinstance(data, dict) and (data["payer"], data["game"], data["rule"]) == (
                        fine["payer"], fine["game"], fine["rule"]):
                    self.toward.setCurrentIndex(index)
        self.setMinimumWidth(520)

    def _fill_toward(self) -> None:
        """The team's balance first, then each of the team's fines."""
        team = self.team.currentData()
        blocked = self.toward.blockSignals(True)
        self.toward.clear()
        self.toward.addItem(f"{self.team.currentText()}'s balance", self.BALANCE)
        for fine in self.fines:
            if fine["team"] == team:
                self.toward.addItem(f"the fine of {fine['label']}", fine)
        self.toward.blockSignals(blocked)
        self._toward_changed()

    def _toward_changed(self) -> None:
        """A fine chosen: its amount is offered (unless an amount of the person's own is typed)."""
        fine = self.toward.currentData()
        typed = self.amount.text().strip()
        if typed and typed != getattr(self, "_offered", None):
            return
        self.amount.set_money(str(fine["amount"]) if isinstance(fine, dict) else "")
        self._offered = self.amount.text()

    def accept(self) -> None:
        """OK: refused with a message while the amount is blank or zero."""
        cents = self.amount.cents()
        if cents is None or cents <= 0:
            self.problem.setText(f"Type the amount paid, e.g. {format_cents(5000)}.")
            self.problem.show()
            self.amount.setFocus()
            return
        super().accept()

    def answer(self) -> PaymentData | None:
        amount = self.amount.money()  # whole cents as the core writes money: "12.50"
        if amount is None:
            return None
        fine = self.toward.currentData()
        payment: PaymentData = {"payer": {"team": self.team.currentData()}, "amount": amount,
                               "date": self.date.value()}
        if isinstance(fine, dict):
            payment["payer"] = dict(fine["payer"])
            payment["fine"] = {"game": fine["game"], "rule": fine["rule"]}
        if self.memo.text().strip():
            payment["memo"] = self.memo.text().strip()
        return payment


def ask_payment(parent: QWidget | None, teams: Sequence[tuple[str, str]], today: str,
                fines: Sequence[PayableFine] = (), team: str | None = None,
                fine: FineRow | None = None) -> PaymentData | None:
    """A payment dict as the season file writes it (with `fine` when it pays one fine), or None."""
    dialog = PaymentDialog(teams, today, parent, fines, team, fine)
    return dialog.answer() if run_dialog(dialog) == QDialog.DialogCode.Accepted else None


class AppealDialog(QDialog):
    """An appeal of a suspension: the official form, its fee, and the decision when there is one."""

    def __init__(self, who: str, today: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Appeal — {who}")
        self.form_number = QLineEdit(self)
        self.form_number.setPlaceholderText("official league appeal form number")
        self.filed = dates().DateField(today, self)
        self.fee_paid = QCheckBox("form fee paid", self)
        self.decision = QComboBox(self)
        for decision in ("pending", "denied", "upheld"):
            self.decision.addItem(decision, decision)
        self.decided = dates().OptionalDateField(None, self, "decided on", name="Decided")
        form = QFormLayout(self)
        form.addRow("&Form:", self.form_number)
        form.addRow("F&iled:", self.filed)
        form.addRow("", self.fee_paid)
        form.addRow("&Decision:", self.decision)
        form.addRow("Decid&ed:", self.decided)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def answer(self, player: str, game: str) -> AppealData:
        appeal: AppealData = {"player": player, "game": game, "filed": self.filed.value(),
                              "form": self.form_number.text().strip(), "fee_paid": self.fee_paid.isChecked(),
                              "decision": self.decision.currentData()}
        if self.decided.value() is not None:
            appeal["decided"] = self.decided.value()
        return appeal


def ask_appeal(parent: QWidget | None, who: str, player: str, game: str, today: str) -> AppealData | None:
    """An appeal dict as the season file writes it, or None."""
    dialog = AppealDialog(who, today, parent)
    return dialog.answer(player, game) if run_dialog(dialog) == QDialog.DialogCode.Accepted else None


class NewGameDialog(QDialog):
    """A game to schedule: date, time, rink, stage, home and away (the line-ups and events come later)."""

    def __init__(self, teams: Sequence[tuple[str, str]], rinks: Sequence[str], today: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.date = dates().DateField(today, self)
        self.time = QLineEdit("19:00", self)
        self.time.setInputMask("99:99")
        self.time.setToolTip("HH:MM, 24-hour clock")
        self.rink = QComboBox(self)
        self.rink.setEditable(True)
        self.rink.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        for rink in rinks:
            self.rink.addItem(rink)
        self.rink.setToolTip("Where the game is played (optional)")
        self.stage = QComboBox(self)
        self.stage.addItem("regular season", "regular")
        self.stage.addItem("playoff", "playoff")
        self.home, self.away = QComboBox(self), QComboBox(self)
        for team_id, name in teams:
            self.home.addItem(name, team_id)
            self.away.addItem(name, team_id)
        if len(teams) > 1:
            self.away.setCurrentIndex(1)
        form = QFormLayout(self)
        form.addRow("&Date:", self.date)
        form.addRow("&Time:", self.time)
        form.addRow("&Rink:", self.rink)
        form.addRow("&Stage:", self.stage)
        form.addRow("&Home:", self.home)
        form.addRow("&Away:", self.away)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.setMinimumWidth(420)

    def answer(self) -> NewGame | None:
        """{date, time, rink?, stage, home, away} as typed (the core judges them), or None with no team."""
        home, away = self.home.currentData(), self.away.currentData()
        if not home or not away:
            return None
        game: NewGame = {"date": self.date.value(), "time": self.time.text().strip(),
                         "stage": self.stage.currentData(), "home": home, "away": away}
        if self.rink.currentText().strip():
            game["rink"] = self.rink.currentText().strip()
        return game


def ask_new_game(parent: QWidget | None, teams: Sequence[tuple[str, str]], rinks: Sequence[str],
                 today: str) -> NewGame | None:
    """A game to schedule as {date, time, rink?, stage, home, away}, or None."""
    dialog = NewGameDialog(teams, rinks, today, parent)
    return dialog.answer() if run_dialog(dialog) == QDialog.DialogCode.Accepted else None


def ask_database(parent: QWidget | None, new: bool, folder: str = "") -> str | None:
    """A database file to create (`new`) or open."""
    if new:
        path, _ = QFileDialog.getSaveFileName(parent, "New database", folder, DATABASES)
    else:
        path, _ = QFileDialog.getOpenFileName(parent, "Open database", folder, DATABASES)
    return path or None


def ask_import_file(parent: QWidget | None, folder: str = "") -> str | None:
    path, _ = QFileDialog.getOpenFileName(parent, "Import season file", folder, SEASON_FILES)
    return path or None


def ask_export_file(parent: QWidget | None, suggested: str) -> str | None:
    path, _ = QFileDialog.getSaveFileName(parent, "Export season file", suggested, SEASON_FILES)
    return path or None


def ask_csv_file(parent: QWidget | None, folder: str = "") -> str | None:
    path, _ = QFileDialog.getOpenFileName(parent, "Import roster spreadsheet (CSV)", folder, CSVS)
    return path or None


def ask_rulebook_file(parent: QWidget | None, folder: str = "") -> str | None:
    path, _ = QFileDialog.getOpenFileName(parent, "Load another league's rulebook", folder,
                                          "Rulebook files (*.toml);;All files (*)")
    return path or None


def documents_folder() -> str:
    """The user's Documents folder (the home folder where the system has none): where documents are saved by
    default, never the program's own folder."""
    from pathlib import Path

    from PySide6.QtCore import QStandardPaths

    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return found if found and Path(found).is_dir() else str(Path.home())  # no Documents folder: the home folder


def in_documents(suggested: str) -> str:
    """A suggested file name placed in the Documents folder unless it already names a folder of its own."""
    from pathlib import Path

    return suggested if Path(suggested).is_absolute() else str(Path(documents_folder()) / suggested)


def ask_pdf_file(parent: QWidget | None, suggested: str) -> str | None:
    """Where to save a PDF: `suggested` (a bare name is offered in the Documents folder)."""
    path, _ = QFileDialog.getSaveFileName(parent, "Save as PDF", in_documents(suggested), PDFS)
    return path or None


def ask_backup_file(parent: QWidget | None, folder: str = "") -> str | None:
    """A backup to restore (the automatic ones are in `backups/` beside the database)."""
    path, _ = QFileDialog.getOpenFileName(parent, "Restore from backup", folder, DATABASES)
    return path or None


def ask_folder(parent: QWidget | None, title: str, folder: str = "") -> str | None:
    path = QFileDialog.getExistingDirectory(parent, title, folder)
    return path or None


def ask_number(parent: QWidget | None, title: str, label: str, value: int, low: int, high: int) -> int | None:
    number, ok = QInputDialog.getInt(parent, title, label, value, low, high)
    return number if ok else None


def ask_password(parent: QWidget | None, title: str, label: str) -> str | None:
    """A password typed unseen, or None."""
    text, ok = QInputDialog.getText(parent, title, label, QLineEdit.EchoMode.Password)
    return text if ok and text else None


def ask_yes(parent: QWidget | None, title: str, text: str, informative: str = "") -> bool:
    """A yes/no question; No is the default (these questions replace or send things)."""
    box = QMessageBox(parent)
    box.setWindowTitle(title)
    box.setIcon(QMessageBox.Icon.Question)
    box.setText(text)
    box.setInformativeText(informative)
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return run_dialog(box) == QMessageBox.StandardButton.Yes


def ask_open_failed(parent: QWidget | None, target: str, message: str, locked: bool) -> str | None:
    """A database that would not open: "open" (another database), "restore" (a backup over it) or None.

    A database open in another window is not damaged: restoring is not offered then.
    """
    box = QMessageBox(parent)
    box.setWindowTitle(APP_NAME)
    box.setIcon(QMessageBox.Icon.Warning if locked else QMessageBox.Icon.Critical)
    box.setText(f"Scorekeeper could not open {target}.\n\n{message}")
    box.setInformativeText("Close the other window first, or open another database." if locked else
                           "The file was not changed. Open another database, or restore this one from a backup.")
    other = box.addButton("&Open another database…", QMessageBox.ButtonRole.AcceptRole)
    restore = None if locked else box.addButton("&Restore from backup…", QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Close)
    box.setDefaultButton(other)
    run_dialog(box)
    clicked = box.clickedButton()
    return "open" if clicked is other else "restore" if restore is not None and clicked is restore else None


class LiftDialog(QDialog):
    """Lifting a suspension (the Suspension Director's decision): the date and the reason."""

    def __init__(self, who: str, today: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Lift suspension — {who}")
        self.date = dates().DateField(today, self)
        self.reason = QLineEdit(self)
        self.reason.setPlaceholderText("e.g. Suspension Director's review of 2015-11-12")
        form = QFormLayout(self)
        form.addRow("&Date:", self.date)
        form.addRow("&Reason:", self.reason)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.resize(460, 0)


def ask_lift(parent: QWidget | None, who: str, today: str) -> tuple[str, str] | None:
    """(date, reason) for lifting a suspension, or None."""
    dialog = LiftDialog(who, today, parent)
    if run_dialog(dialog) != QDialog.DialogCode.Accepted or not dialog.reason.text().strip():
        return None
    return dialog.date.value(), dialog.reason.text().strip()


def ask_reason(parent: QWidget | None, game: str) -> str | None:
    """Why a final game (`game`: its name, the league's game number) is reopened (DATA-5 records who, when and
    why)."""
    text, ok = QInputDialog.getText(parent, "Reopen game", f"Game {game} is final. Why reopen it?")
    return text.strip() if ok and text.strip() else None


def ask_date(parent: QWidget | None, title: str, label: str, default: str) -> str | None:
    """A date (ISO, as the facade takes it) typed or picked from a calendar, or None."""
    dialog = dates().DateDialog(title, label, default, parent)
    return dialog.field.value() if run_dialog(dialog) == QDialog.DialogCode.Accepted else None


def confirm_warnings(parent: QWidget | None, violations: Sequence[Any]) -> bool:
    """Show an entry's warnings; Enter (the default Yes) confirms, Esc cancels."""
    box = QMessageBox(parent)
    box.setWindowTitle("Confirm entry")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setText("<b>The rulebook warns about this entry.</b> Record it anyway?")
    box.setInformativeText(violations_html(violations))
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    box.setEscapeButton(QMessageBox.StandardButton.No)
    return run_dialog(box) == QMessageBox.StandardButton.Yes


def confirm_finish(parent: QWidget | None, text: str, informative: str) -> bool:
    """Finish a game? Enter (the default Finish) confirms, Esc (Cancel) goes back to the game."""
    box = QMessageBox(parent)
    box.setWindowTitle("Finish game")
    box.setIcon(QMessageBox.Icon.Question)
    box.setText(f"<b>{html.escape(text)}</b>")
    box.setInformativeText(informative)
    finish = box.addButton("&Finish game", QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(finish)
    box.setEscapeButton(cancel)
    run_dialog(box)
    return box.clickedButton() is finish


def tell(parent: QWidget | None, title: str, text: str, error: bool = False) -> None:
    box = QMessageBox(parent)
    box.setWindowTitle(title)
    box.setIcon(QMessageBox.Icon.Critical if error else QMessageBox.Icon.Information)
    box.setText(text)
    run_dialog(box)


# -- violations as text -------------------------------------------------------------------------------------
def violation_row(v: Any, games: Mapping[str, str] | None = None) -> dict[str, str]:
    """A Violation (or its JSON) as a table row; with `games` (id -> name) a place in a game names the game by its
    league number."""
    if isinstance(v, dict):
        row = {key: str(v.get(key) or "") for key in ("rule", "severity", "message", "section", "where")}
    else:
        row = {"rule": v.rule, "severity": v.severity, "message": v.message, "section": v.section, "where": v.where}
    if games:
        row["where"] = named_where(row["where"], games)
    return row


def violations_html(violations: Iterable[Any]) -> str:
    """One line per violation: severity, rule ID, rulebook section, message."""
    lines = []
    for v in violations:
        row = violation_row(v)
        colour = theme.css("refused" if row["severity"] == "block" else "warning")
        label = "Refused" if row["severity"] == "block" else "Warning" if row["severity"] == "warn" else "Note"
        section = f" ({html.escape(row['section'])})" if row["section"] else ""
        lines.append(f"<p style='margin:0 0 4px 0'><span style='color:{colour}'><b>{label} "
                     f"{html.escape(row['rule'])}</b>{section}</span> {html.escape(row['message'])}</p>")
    return "".join(lines)


# -- importing ----------------------------------------------------------------------------------------------
@contextlib.contextmanager
def busy(parent: QWidget | None, title: str, text: str) -> Iterator[None]:
    """A progress dialog and the wait cursor while long work runs (the window cannot answer meanwhile)."""
    progress = QProgressDialog(text, "", 0, 0, parent)
    progress.setWindowTitle(title)
    progress.setCancelButton(None)
    progress.setMinimumDuration(0)
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.show()
    QApplication.processEvents()
    QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        yield
    finally:
        QGuiApplication.restoreOverrideCursor()
        progress.close()
        progress.deleteLater()


def import_with_progress(parent: QWidget | None, svc: Services, path: str) -> ImportReport:
    """Import a season file behind a progress dialog (the one long call the window makes)."""
    with busy(parent, "Import season file", f"Importing {path}…"):
        return svc.import_file(path)


def report_summary(report: ImportReport, name: str) -> str:
    if not report.ok:
        return (f"<b>Nothing was imported from {html.escape(name)}.</b> {len(report.blocks)} refusal(s) and "
                f"{len(report.warnings)} warning(s); fix the file and import it again.")
    written = ", ".join(f"{count} {table}" for table, count in report.written.items() if count)
    return (f"<b>Imported {html.escape(name)} into season {html.escape(report.season)}.</b> "
            f"{written or 'Nothing new (the file was already in the database)'}; "
            f"{len(report.warnings)} warning(s).")


class ImportReportDialog(QDialog):
    """What an import did: a summary, then every violation with its rule ID and section (refusals first)."""

    def __init__(self, report: ImportReport, name: str, parent: QWidget | None = None,
                 games: Mapping[str, str] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import report")
        self.report = report
        self.games = dict(games or {})  # id -> the league's game number: a place in a game names it so
        self.summary = QLabel(report_summary(report, name), self)
        self.summary.setWordWrap(True)
        rows = [violation_row(v, self.games) for v in [*report.blocks, *report.warnings]]
        self.model = ViolationsModel(rows, self)
        self.view = make_table_view(self.model, self)
        fit_columns(self.view)
        copy = QPushButton("&Copy all", self)
        copy.clicked.connect(self.copy_all)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(copy, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        if rows:
            layout.addWidget(self.view)
        else:
            self.view.hide()
        layout.addWidget(buttons)
        self.resize(900, 420 if rows else 140)

    def lines(self) -> list[str]:
        return [v.line(self.games) for v in [*self.report.blocks, *self.report.warnings]]

    def copy_all(self) -> None:
        QGuiApplication.clipboard().setText("\n".join(self.lines()))


def show_import_report(parent: QWidget | None, report: ImportReport, name: str,
                       games: Mapping[str, str] | None = None) -> None:
    """The import's report (`games`: id -> name of the season's games, to name them by their league numbers)."""
    run_dialog(ImportReportDialog(report, name, parent, games))


# -- the rulebook -------------------------------------------------------------------------------------------
def show_rulebook(parent: QWidget | None, svc: Services, season: str) -> None:
    """The rulebook in force for `season`."""
    from ui.rulebook_dialog import RulebookDialog  # issue 29.6: imported when the rulebook is first shown

    run_dialog(RulebookDialog(svc, season, parent))

