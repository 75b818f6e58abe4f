"""E-mail out of the rink office, and the statistics site, from the window (issue 9).

The core composes, sends and records through the facade (`Services.mail_settings`, `mail_password`,
`mail_batch`, `deliver_mail`, `save_eml`) and writes the site (`Services.publish_site`); the window asks for
the settings, shows progress, and reports what went and what did not.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QProgressDialog,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.services import MAIL_SECURITIES, MailSettings, ServiceError
from ui import dialogs, theme
from ui.models import Column, RecordTableModel, field
from ui.table_tab import fit_columns, make_table_view

if TYPE_CHECKING:
    from scorekeeper.facade.mail import Batch, Delivery
    from scorekeeper.services import Services

NOTICES, STATEMENTS = "notices", "statements"
WHAT = {NOTICES: "suspension notices", STATEMENTS: "fine statements"}
SECURITY_LABELS = {"starttls": "STARTTLS (port 587)", "ssl": "SSL/TLS (port 465)", "none": "None (port 25)"}


# -- settings -----------------------------------------------------------------------------------------------
class MailSettingsDialog(QDialog):
    """SMTP host, port, security, user and sender; the password goes to the keyring only (or is asked)."""

    def __init__(self, settings: MailSettings, parent: QWidget | None = None, *, keyring: bool = False,
                 kept: bool = False) -> None:
        """`keyring`: this computer has one to keep the password in; `kept`: it keeps one for `settings`."""
        super().__init__(parent)
        self.setWindowTitle("Mail settings")
        self.host = QLineEdit(settings.host, self)
        self.host.setPlaceholderText("e.g. smtp.westridgehockey.ca")
        self.port = QSpinBox(self)
        self.port.setRange(1, 65535)
        self.port.setValue(int(settings.port))
        self.security = QComboBox(self)
        for key in MAIL_SECURITIES:
            self.security.addItem(SECURITY_LABELS.get(key, key), key)
        self.security.setCurrentIndex(max(self.security.findData(settings.security), 0))
        self.security.currentIndexChanged.connect(self._default_port)
        self.user = QLineEdit(settings.user, self)
        self.user.setPlaceholderText("login name (empty: no login)")
        self.sender_address = QLineEdit(settings.sender, self)
        self.sender_address.setPlaceholderText("the league office's address, e.g. office@westridgehockey.ca")
        self.password = QLineEdit(self)
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.keyring = keyring
        self.remember = QCheckBox("Keep the password in the system keyring", self)
        self.remember.setChecked(self.keyring)
        self.remember.setEnabled(self.keyring)
        kept = self.keyring and kept
        self.password.setPlaceholderText("kept in the keyring (type to change)" if kept else "")
        note = ("The password is never written to the database or a file: it is kept in the system keyring."
                if self.keyring else "No keyring works on this computer: the password is asked each time mail "
                "is sent, and never written anywhere.")
        self.note = QLabel(note, self)
        self.note.setWordWrap(True)
        self.problems = QLabel(self)
        self.problems.setWordWrap(True)
        theme.text_style(self.problems, "refused")
        form = QFormLayout(self)
        form.addRow("SMTP &server:", self.host)
        form.addRow("&Port:", self.port)
        form.addRow("S&ecurity:", self.security)
        form.addRow("&User:", self.user)
        form.addRow("Pass&word:", self.password)
        form.addRow("", self.remember)
        form.addRow("Se&nder address:", self.sender_address)
        form.addRow(self.note)
        form.addRow(self.problems)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.resize(520, 0)

    def _default_port(self) -> None:
        ports = {"starttls": 587, "ssl": 465, "none": 25}
        if self.port.value() in ports.values():
            self.port.setValue(ports.get(str(self.security.currentData()), self.port.value()))

    def settings(self) -> MailSettings:
        return MailSettings(host=self.host.text().strip(), port=self.port.value(),
                                 security=str(self.security.currentData()), user=self.user.text().strip(),
                                 sender=self.sender_address.text().strip())

    def _check(self) -> None:
        problems = self.settings().problems()
        if problems:
            self.problems.setText("Not saved: " + "; ".join(problems) + ".")
            return
        self.accept()


def edit_settings(parent: QWidget | None, svc: Services) -> MailSettings | None:
    """Show the mail settings; save them (and the password in the keyring); the settings saved, or None."""
    try:
        current = svc.mail_settings()
    except ServiceError as exc:
        dialogs.tell(parent, "Mail settings", f"{exc}. The defaults are shown.", error=True)
        current = MailSettings()
    keyring = svc.mail_keyring_available()
    dialog = MailSettingsDialog(current, parent, keyring=keyring,
                                kept=keyring and bool(svc.mail_password(current)))
    if dialogs.run_dialog(dialog) != QDialog.DialogCode.Accepted:
        return None
    settings = dialog.settings()
    if settings.problems():
        dialogs.tell(parent, "Mail settings", "Not saved: " + "; ".join(settings.problems()) + ".", error=True)
        return None
    try:
        svc.save_mail_settings(settings)
    except ServiceError as exc:
        dialogs.tell(parent, "Mail settings", str(exc), error=True)
        return None
    if dialog.password.text() and dialog.remember.isChecked() and not svc.remember_mail_password(
            settings, dialog.password.text()):
        dialogs.tell(parent, "Mail settings", "The settings are saved, but the keyring refused the password: "
                     "it will be asked each time mail is sent.", error=True)
    return settings


def ready_settings(parent: QWidget | None, svc: Services) -> MailSettings | None:
    """The saved settings when they can be used to send; otherwise the settings dialog first."""
    try:
        settings = svc.mail_settings()
    except ServiceError as exc:
        dialogs.tell(parent, "Mail", str(exc), error=True)
        return edit_settings(parent, svc)
    if settings.problems():
        return edit_settings(parent, svc)
    return settings


def password_for(parent: QWidget | None, svc: Services, settings: MailSettings) -> tuple[bool, str | None]:
    """(go on, password): the keyring's, else asked; no login when the settings name no user."""
    if not settings.user:
        return True, None
    kept = svc.mail_password(settings)
    if kept:
        return True, kept
    typed = dialogs.ask_password(parent, "Mail", f"Password of {settings.user} on {settings.host}:")
    return typed is not None, typed


# -- composing, sending, saving -----------------------------------------------------------------------------
def compose(parent: QWidget | None, svc: Services, season: str | None, kind: str,
            settings: MailSettings | None) -> Batch | None:
    try:
        return svc.mail_batch(kind, settings, season=season)
    except ServiceError as exc:
        dialogs.tell(parent, "Mail", f"The {WHAT[kind]} could not be composed.\n\n{exc}", error=True)
        return None


def with_progress(parent: QWidget | None, title: str, label: str) -> tuple[QProgressDialog, Callable[..., bool]]:
    """A progress dialog and the callback the core calls: (done, total, what) -> False to stop."""
    progress = QProgressDialog(label, "Stop", 0, 0, parent)
    progress.setWindowTitle(title)
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(0)
    progress.setValue(0)

    def step(done: int, total: int, what: Any = None) -> bool:
        progress.setMaximum(total)
        progress.setValue(done)
        if what is not None:
            about = what.get("Subject") if hasattr(what, "get") else what
            progress.setLabelText(f"{label}\n{about} ({done + 1} of {total})")
        QApplication.processEvents()
        return not progress.wasCanceled()

    return progress, step


def send(parent: QWidget | None, svc: Services, season: str | None, kind: str) -> Delivery | None:
    """Send every suspension notice not yet sent (or every team's fine statement) to the captains, with
    progress; then the report of what went and what did not. None when nothing was attempted."""
    settings = ready_settings(parent, svc)
    if settings is None:
        return None
    batch = compose(parent, svc, season, kind, settings)
    if batch is None:
        return None
    if not batch.messages and not batch.skipped:
        dialogs.tell(parent, "Mail", f"There are no {WHAT[kind]} to send: every one was sent already."
                     if kind == NOTICES else "There are no fine statements to send.")
        return None
    if batch.messages:
        informative = "".join(f"\n• {s.text}" for s in batch.skipped)
        if not dialogs.ask_yes(parent, "Mail", f"Send {len(batch.messages)} {WHAT[kind]} through "
                               f"{settings.address}, each to the team captain with the PDF attached?",
                               ("These cannot be sent:" + informative) if informative else ""):
            return None
        go, password = password_for(parent, svc, settings)
        if not go:
            return None
    else:
        password = None
    progress, step = with_progress(parent, f"Sending {WHAT[kind]}", f"Sending the {WHAT[kind]}…")
    try:
        delivery = svc.deliver_mail(batch, settings, password, step)
    finally:
        progress.close()
        progress.deleteLater()
    show_report(parent, f"Sent {WHAT[kind]}", delivery_rows(delivery), summary(delivery, WHAT[kind]))
    return delivery


def save_eml(parent: QWidget | None, svc: Services, season: str | None, kind: str) -> list[Path]:
    """Every message of the batch as an .eml file in a folder (for an office with no mail server)."""
    try:
        settings: MailSettings | None = svc.mail_settings()
    except ServiceError:
        settings = None
    batch = compose(parent, svc, season, kind, settings)
    if batch is None:
        return []
    if not batch.messages:
        dialogs.tell(parent, "Save as .eml", f"There are no {WHAT[kind]} to save."
                     + "".join(f"\n• {s.text}" for s in batch.skipped))
        return []
    folder = dialogs.ask_folder(parent, f"Save the {WHAT[kind]} as .eml files in")
    if not folder:
        return []
    written: list[Path] = []
    rows: list[DeliveryRow] = []
    for message in batch.messages:
        try:
            path = svc.save_eml(message, folder, settings)
        except ServiceError as exc:
            rows.append({"status": "Not saved", "to": ", ".join(svc.mail_recipients(message)),
                         "subject": str(message.get("Subject", "")), "detail": str(exc)})
            continue
        written.append(path)
        rows.append({"status": "Saved", "to": ", ".join(svc.mail_recipients(message)),
                     "subject": str(message.get("Subject", "")), "detail": path.name})
    rows += [{"status": "Skipped", "to": "", "subject": s.subject, "detail": s.reason} for s in batch.skipped]
    show_report(parent, "Saved as .eml", rows, f"<b>{len(written)} of {len(batch.messages)} message(s) saved</b> "
                f"in {html.escape(folder)}. Open them in a mail program to send them; nothing is recorded as "
                "sent until then.")
    return written


class DeliveryRow(TypedDict):
    """A message in the report of what was sent or saved."""

    status: str  # 'Sent', 'Not sent', 'Saved', 'Not saved', 'Skipped' or 'Problem'
    to: str
    subject: str
    detail: str  # the message id, the file, or what went wrong


# -- the report ---------------------------------------------------------------------------------------------
class DeliveryModel(RecordTableModel):
    columns = (
        Column("", field("status")),
        Column("To", field("to")),
        Column("Subject", field("subject")),
        Column("Detail", field("detail"), stretch=True),
    )


def delivery_rows(delivery: Delivery) -> list[DeliveryRow]:
    rows: list[DeliveryRow] = [{"status": "Sent" if r.ok else "Not sent", "to": r.recipient, "subject": r.subject,
             "detail": r.message_id if r.ok else r.error or ""} for r in delivery.results]
    rows += [{"status": "Skipped", "to": "", "subject": "", "detail": text} for text in delivery.skipped]
    rows += [{"status": "Problem", "to": "", "subject": "", "detail": text} for text in delivery.problems]
    return rows


def summary(delivery: Delivery, what: str) -> str:
    sent, failed = len(delivery.sent), len(delivery.failed)
    colour = theme.css("ok" if delivery.ok else "refused")
    text = f"<b style='color:{colour}'>{sent} sent</b>"
    if failed:
        text += f", <b style='color:{theme.css('refused')}'>{failed} not sent</b> (not recorded as sent)"
    if delivery.skipped:
        text += f", {len(delivery.skipped)} could not be composed"
    return f"{text} — {html.escape(what)}. Each message sent is recorded with its time, recipient and message id."


class ReportDialog(QDialog):
    def __init__(self, title: str, rows: list[DeliveryRow], text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.summary = QLabel(text, self)
        self.summary.setWordWrap(True)
        self.model = DeliveryModel(rows, self)
        self.view = make_table_view(self.model, self)
        fit_columns(self.view)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(buttons)
        self.resize(900, 360)


def show_report(parent: QWidget | None, title: str, rows: list[DeliveryRow], text: str) -> None:
    dialogs.run_dialog(ReportDialog(title, rows, text, parent))


# -- the statistics site ------------------------------------------------------------------------------------
def publish_site(parent: QWidget | None, svc: Services, season: str | None, folder: str = "") -> Any:
    """Write the static statistics site into a folder the user picks, with progress; the core's result."""
    target = dialogs.ask_folder(parent, "Publish the statistics site into", folder)
    if not target:
        return None
    progress, step = with_progress(parent, "Publish statistics site", "Writing the statistics site…")
    try:
        result = svc.publish_site(target, season=season, progress=step)
    except ServiceError as exc:
        dialogs.tell(parent, "Publish statistics site", f"The site was not written.\n\n{exc}", error=True)
        return None
    finally:
        progress.close()
        progress.deleteLater()
    notes = "".join(f"\n• {note}" for note in result.notes)
    dialogs.tell(parent, "Publish statistics site",
                 f"The site is written: {len(result.pages)} pages and {len(result.sheets)} game sheets in "
                 f"{result.folder}.\n\nOpen {Path(result.folder) / 'index.html'} in a browser, or copy the folder "
                 f"to the league's web space.{notes}")
    return result
