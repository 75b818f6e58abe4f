"""Issue 9 in the window: the mail settings (password in the keyring only), suspension notices and fine
statements sent to a real SMTP server on 127.0.0.1 (aiosmtpd) with progress and a report, ".eml" files for an
office with no mail server, and the statistics site published into a folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from email import message_from_bytes, policy
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot
from ui_helpers import column, open_window

import scorekeeper.mail as mail
from scorekeeper.services import Services
from tests.scorekeeper.mail.smtp_server import CLIENT_TIMEOUT, free_port, start_controller
from ui import dialogs, mail_dialogs
from ui.mail_dialogs import MailSettingsDialog, ReportDialog
from ui.main_window import MainWindow

SEASON = "2015-16"
SENDER = "office@westridge.example"


@pytest.fixture(autouse=True)
def _private_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mail settings file in tmp; the null keyring (no real keyring is touched)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
    import keyring.core

    monkeypatch.setattr(keyring.core, "_keyring_backend", None)


class Inbox:
    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
        self.messages.append((list(envelope.rcpt_tos),
                              message_from_bytes(envelope.original_content or envelope.content,
                                                 policy=policy.default)))
        return "250 Message accepted for delivery"


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    controller, port = start_controller(inbox)  # polled readiness, generous deadline, a fresh port if taken
    try:
        yield inbox, port
    finally:
        controller.stop()


@pytest.fixture
def answered(monkeypatch: pytest.MonkeyPatch) -> list[QDialog]:
    """Every dialog accepted at once (recorded); every yes/no question answered yes."""
    seen: list[QDialog] = []

    def run(dialog: QDialog) -> int:
        seen.append(dialog)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs, "run_dialog", run)
    monkeypatch.setattr(dialogs, "ask_yes", lambda parent, title, text, informative="": True)
    return seen


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    return open_window(qtbot, demo_svc, settings)


def reports(seen: list[QDialog]) -> list[ReportDialog]:
    return [d for d in seen if isinstance(d, ReportDialog)]


def test_mail_settings_are_saved_and_the_password_never_written(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    shown: list[MailSettingsDialog] = []

    def fill(dialog: QDialog) -> int:
        assert isinstance(dialog, MailSettingsDialog)
        shown.append(dialog)
        dialog.host.setText("smtp.westridge.example")
        dialog.security.setCurrentIndex(dialog.security.findData("ssl"))
        dialog.user.setText("office")
        dialog.password.setText("s3cret-pass")
        dialog.sender_address.setText(SENDER)
        dialog._check()
        if os.environ.get("SCOREKEEPER_SCREENSHOTS"):
            dialog.show()
            dialog.grab().save(str(Path(os.environ["SCOREKEEPER_SCREENSHOTS"]) / "mail-settings.png"))
        return dialog.result()

    monkeypatch.setattr(dialogs, "run_dialog", fill)
    window.mail_settings_action.trigger()
    saved = mail.load_settings()
    assert (saved.host, saved.port, saved.security, saved.user, saved.sender) == (
        "smtp.westridge.example", 465, "ssl", "office", SENDER)
    assert "s3cret-pass" not in mail.settings_path().read_text(encoding="utf-8")
    dialog = shown[0]
    assert not dialog.remember.isEnabled() and "asked each time" in dialog.note.text()  # the null keyring


def test_incomplete_settings_are_not_accepted(window: MainWindow) -> None:
    dialog = MailSettingsDialog(mail.MailSettings(), window)
    dialog._check()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert "no mail server" in dialog.problems.text() and "sender" in dialog.problems.text()


def test_suspension_notices_go_to_the_captains_with_the_pdf_and_are_recorded(
    window: MainWindow, demo_svc: Services, smtp: tuple[Inbox, int], answered: list[QDialog]
) -> None:
    inbox, port = smtp
    mail.save_settings(mail.MailSettings(host="127.0.0.1", port=port, security="none", sender=SENDER,
                                         timeout=CLIENT_TIMEOUT))
    tab = window.season_tab
    window.tabs.setCurrentWidget(tab)
    delivery = tab.send_mail(mail_dialogs.NOTICES)
    assert delivery is not None and delivery.ok and len(delivery.sent) == 2
    to = sorted(rcpt for rcpts, _ in inbox.messages for rcpt in rcpts)
    assert to == ["paul.young@example.org", "sara.fraser@example.org"]
    for _, message in inbox.messages:
        attachments = list(message.iter_attachments())
        assert [a.get_content_type() for a in attachments] == ["application/pdf"]
        assert message["From"] == SENDER
    (report,) = reports(answered)
    assert column(report.model, "") == ["Sent", "Sent"] and "2 sent" in report.summary.text()
    assert "2 suspension notices e-mailed" in tab.messages.text()
    # recorded: nothing is left to send
    assert len(mail.suspension_notice_messages(demo_svc, season=SEASON).messages) == 0
    assert tab.send_mail(mail_dialogs.NOTICES) is None
    assert "every one was sent already" in answered[-1].text()
    if os.environ.get("SCOREKEEPER_SCREENSHOTS"):
        report.show()
        report.grab().save(str(Path(os.environ["SCOREKEEPER_SCREENSHOTS"]) / "mail-report.png"))


def test_an_unreachable_server_is_reported_and_nothing_is_marked_sent(
    window: MainWindow, demo_svc: Services, answered: list[QDialog]
) -> None:
    mail.save_settings(mail.MailSettings(host="127.0.0.1", port=free_port(), security="none", sender=SENDER,
                                         timeout=5))
    delivery = window.season_tab.send_mail(mail_dialogs.NOTICES)
    assert delivery is not None and not delivery.ok and not delivery.sent
    (report,) = reports(answered)
    assert set(column(report.model, "")) == {"Not sent"} and "not sent" in report.summary.text()
    assert len(mail.suspension_notice_messages(demo_svc, season=SEASON).messages) == 2


def test_a_login_asks_for_the_password_when_no_keyring_keeps_it(
    window: MainWindow, smtp: tuple[Inbox, int], answered: list[QDialog], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, port = smtp
    mail.save_settings(mail.MailSettings(host="127.0.0.1", port=port, security="none", user="office",
                                         sender=SENDER, timeout=CLIENT_TIMEOUT))
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: asked.append(label) or None)
    assert window.season_tab.send_mail(mail_dialogs.STATEMENTS) is None  # cancelled at the password
    assert asked == ["Password of office on 127.0.0.1:"]


def test_fine_statements_to_every_captain(
    window: MainWindow, smtp: tuple[Inbox, int], answered: list[QDialog]
) -> None:
    inbox, port = smtp
    mail.save_settings(mail.MailSettings(host="127.0.0.1", port=port, security="none", sender=SENDER,
                                         timeout=CLIENT_TIMEOUT))
    delivery = window.season_tab.send_mail(mail_dialogs.STATEMENTS)
    assert delivery is not None and len(delivery.sent) == 6 and len(inbox.messages) == 6


def test_no_settings_opens_the_settings_first(window: MainWindow, answered: list[QDialog]) -> None:
    assert window.season_tab.send_mail(mail_dialogs.NOTICES) is None
    assert isinstance(answered[0], MailSettingsDialog)  # accepted empty: refused, nothing sent
    assert isinstance(answered[-1], QMessageBox) and "Not saved" in answered[-1].text()


def test_save_as_eml(window: MainWindow, tmp_path: Path, answered: list[QDialog],
                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "ask_folder", lambda parent, title, folder="": str(tmp_path / "out"))
    written = window.season_tab.save_eml(mail_dialogs.NOTICES)
    assert len(written) == 2 and all(p.suffix == ".eml" and p.stat().st_size > 1000 for p in written)
    (report,) = reports(answered)
    assert column(report.model, "") == ["Saved", "Saved"]


def test_publish_the_statistics_site(window: MainWindow, tmp_path: Path, answered: list[QDialog],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "ask_folder", lambda parent, title, folder="": str(tmp_path / "site"))
    result = window.publish_site()
    assert result is not None
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "<html" in index.lower()
    for team in window.svc.teams(SEASON):
        assert team["name"] in (tmp_path / "site" / "standings.html").read_text(encoding="utf-8")
    assert "The site is written" in answered[-1].text() and list((tmp_path / "site" / "sheets").glob("*.pdf"))
