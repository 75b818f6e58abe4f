"""The office's safeguards in the window: automatic backups, restore, the office password, the audit trail.

Every one is the core's (`Services.auto_backup`, `Services.restore`, `Services.set_office_password`,
`unlock_office`, `lock_office`, `Services.audit`); the window only asks, shows and reports.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.services import OFFICE, ServiceError
from ui import dialogs, theme
from ui.models import SORT_ROLE, Column, RecordTableModel, field
from ui.table_tab import fit_columns, make_table_view

if TYPE_CHECKING:
    from scorekeeper.results_records import AuditEntry
    from scorekeeper.services import EntryResult, Services

KEEP = "backups/keep"
DEFAULT_KEEP = 10
BACKUPS = "backups"


# -- backups ------------------------------------------------------------------------------------------------
def backup_folder(svc: Services) -> Path | None:
    """`backups/` beside the database file (None for PostgreSQL: the server's pg_dump does that)."""
    return svc.backup_folder()


def keep_count(settings: QSettings) -> int:
    value = settings.value(KEEP, DEFAULT_KEEP)
    try:
        return max(1, int(str(value)))
    except ValueError:
        return DEFAULT_KEEP


def auto_backup(svc: Services, settings: QSettings) -> Path | None:
    """A verified backup into the backups folder, keeping the last N (QSettings `backups/keep`, default 10).

    None for a PostgreSQL database; raises ServiceError when it fails.
    """
    return svc.auto_backup(keep_count(settings))


# -- the office password ------------------------------------------------------------------------------------
class PasswordDialog(QDialog):
    """Set (no password yet) or change the office password: the current one, the new one twice."""

    def __init__(self, has_password: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.has_password = has_password
        self.setWindowTitle("Change the office password" if has_password else "Set the office password")
        self.old = QLineEdit(self)
        self.new = QLineEdit(self)
        self.again = QLineEdit(self)
        for edit in (self.old, self.new, self.again):
            edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.problem = QLabel(self)
        theme.text_style(self.problem, "refused")
        outer = QVBoxLayout(self)
        intro = QLabel("The office password protects reopening final games, overriding a block, waiving fines, "
                       "lifting suspensions and editing the rulebook. Scorekeeping needs none.", self)
        intro.setWordWrap(True)
        outer.addWidget(intro)
        form = QFormLayout()
        outer.addLayout(form)
        if has_password:
            form.addRow("&Current password:", self.old)
        else:
            self.old.hide()
        form.addRow("&New password:", self.new)
        form.addRow("&Repeat it:", self.again)
        form.addRow(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.setMinimumWidth(480)

    def _check(self) -> None:
        if self.new.text() != self.again.text():
            self.problem.setText("The two new passwords differ.")
            return
        self.accept()

    def answer(self) -> tuple[str, str | None] | None:
        """(new, old or None), or None when the two new ones differ."""
        if not self.new.text() or self.new.text() != self.again.text():
            return None
        return self.new.text(), (self.old.text() if self.has_password else None)


def ask_new_password(parent: QWidget | None, has_password: bool) -> tuple[str, str | None] | None:
    dialog = PasswordDialog(has_password, parent)
    return dialog.answer() if dialogs.run_dialog(dialog) == QDialog.DialogCode.Accepted else None


def set_password(parent: QWidget | None, svc: Services) -> bool:
    """Set or change the office password; what the core refuses (too short, wrong current one) is shown."""
    answer = ask_new_password(parent, svc.has_office_password())
    if answer is None:
        return False
    new, old = answer
    try:
        svc.set_office_password(new, old)
    except ServiceError as exc:
        dialogs.tell(parent, "Office password", f"The office password was not changed: {exc}.", error=True)
        return False
    dialogs.tell(parent, "Office password", "The office password is set. The office is locked until someone "
                 "unlocks it (Office ▸ Unlock).")
    svc.lock_office()
    return True


def unlock(parent: QWidget | None, svc: Services, why: str = "") -> bool:
    """Ask for the office password and unlock the office role; a wrong one is refused (and logged)."""
    if svc.office_unlocked:
        return True
    password = dialogs.ask_password(parent, "Unlock the office", why or "The office password:")
    if password is None:
        return False
    try:
        if svc.unlock_office(password):
            return True
    except ServiceError as exc:  # the back-off after wrong passwords: how long to wait
        dialogs.tell(parent, "Unlock the office", f"The office was not unlocked: {exc}.", error=True)
        return False
    dialogs.tell(parent, "Unlock the office", "Wrong office password: the attempt is recorded in the audit "
                 "trail.", error=True)
    return False


def needs_office(result: EntryResult) -> str | None:
    """The refusal's message when the facade answered that the office password is needed (rule OFFICE)."""
    for v in result.violations:
        if v.rule == OFFICE:
            return str(v.message)
    return None


def with_office(parent: QWidget | None, svc: Services, call: Callable[[], EntryResult]) -> EntryResult:
    """Run `call`; when it needs the office role, ask to unlock and run it again."""
    result = call()
    why = needs_office(result)
    if why is not None and unlock(parent, svc, f"{why[:1].upper()}{why[1:]}. The office password:"):
        result = call()
    return result


# -- the audit trail ----------------------------------------------------------------------------------------
def _compact(key: str) -> Callable[[Any], str]:
    def text(row: Any) -> str:
        value = row.get(key)
        if value is None:
            return ""
        return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)

    return text


class AuditModel(RecordTableModel):
    """Audit entries (`Services.audit()`): who, when, what, before and after."""

    columns = (
        Column("When", field("at")),
        Column("Who", field("operator")),
        Column("Action", field("action")),
        Column("Subject", field("subject")),
        Column("Before", _compact("before")),
        Column("After", _compact("after"), stretch=True),
    )


def audit_rows(svc: Services, season: str, game: str | None = None,
               player: str | None = None) -> list[AuditEntry]:
    """The audit trail of the season, or of one game or one player (`Services.audit()`); its subjects name the
    players, teams and games ('Wes Boyd/WSHL-015', not 'fa05/g006')."""
    names = {**svc.game_names(season), **svc.names(season)}  # a game by its league number
    rows = svc.audit(season, game=game, player=player)
    return [{**row, "subject": re.sub(r"[\w-]+", lambda found: names.get(found.group(0), found.group(0)),
                                      str(row.get("subject") or ""))} for row in rows]


class AuditDialog(QDialog):
    """The audit trail of one game or player (or the whole season), newest last."""

    def __init__(self, title: str, rows: Iterable[AuditEntry], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Audit trail — {title}")
        self.model = AuditModel(rows, self)
        proxy = QSortFilterProxyModel(self)
        proxy.setSourceModel(self.model)
        proxy.setSortRole(SORT_ROLE)
        self.view = make_table_view(self.model, self, proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        fit_columns(self.view)
        count = self.model.rowCount()
        self.summary = QLabel(f"<b>{count} change{'s' if count != 1 else ''}</b> recorded for {title}: who, when, "
                              "what before and after." if count else f"Nothing recorded for {title} yet.", self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(buttons)
        self.resize(980, 420)


def show_audit(parent: QWidget | None, svc: Services, season: str | None, title: str,
               game: str | None = None, player: str | None = None) -> AuditDialog | None:
    """The audit trail of the season, or of `game` or `player`, in a dialog."""
    if season is None:
        return None
    try:
        rows = audit_rows(svc, season, game=game, player=player)
    except ServiceError as exc:
        dialogs.tell(parent, "Audit trail", str(exc), error=True)
        return None
    dialog = AuditDialog(title, rows, parent)
    dialogs.run_dialog(dialog)
    return dialog
