"""The mail part of the facade: the league's mail settings and password (the keyring's), the batches of
suspension notices and fine statements, their sending and recording, their saving as .eml files, and the
statistics site, so the window asks the facade and never the mail or site modules. Every failure is a
ServiceError in words for a person."""

from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from scorekeeper import mail
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.mail import SECURITIES, MailSettings

if TYPE_CHECKING:
    from scorekeeper.mail import Batch, Delivery
    from scorekeeper.mail.source import MailSource
    from scorekeeper.site.publish import PublishResult
    from scorekeeper.site.source import SiteSource

    class MailCore(Core, MailSource, SiteSource, Protocol):
        """The facade as the mail and the site see it: its core, the answers the messages and pages are made
        of, and the recording of what was sent."""

__all__ = ["NOTICES", "SECURITIES", "STATEMENTS", "Batch", "Delivery", "Mail", "MailSettings"]

NOTICES, STATEMENTS = "notices", "statements"
"""The kinds of batch: each suspension's notice to the captain, each team's fine statement."""
T = TypeVar("T")


def _mailed(work: Callable[[], T]) -> T:
    try:
        return work()
    except mail.MailError as exc:
        raise ServiceError(str(exc)) from None


@bound
class Mail(Part):
    """Mail out of the rink office, and the statistics site."""

    def __init__(self, svc: MailCore) -> None:
        super().__init__(svc)
        self.svc = svc  # the facade's answers the mail and the site are made of

    def mail_settings(self) -> MailSettings:
        """The saved settings (the defaults when none are saved)."""
        return _mailed(mail.load_settings)

    def save_mail_settings(self, settings: MailSettings) -> None:
        _mailed(lambda: mail.save_settings(settings))

    def mail_keyring_available(self) -> bool:
        """Whether this computer has a keyring to keep the mail password in."""
        return mail.keyring_available()

    def mail_password(self, settings: MailSettings) -> str | None:
        """The password the keyring keeps for these settings, if any."""
        return mail.get_password(settings)

    def remember_mail_password(self, settings: MailSettings, password: str) -> bool:
        """Keep the password in the keyring (only there); False when the keyring refused it."""
        return mail.set_password(settings, password)

    def mail_batch(self, kind: str, settings: MailSettings | None, season: str | None = None) -> Batch:
        """The messages of `kind` ("notices": the suspensions whose notice is not recorded yet; "statements":
        each team's fine statement), and what could not be composed."""
        if kind == NOTICES:
            return _mailed(lambda: mail.suspension_notice_messages(self.svc, settings, season=season))
        if kind == STATEMENTS:
            return _mailed(lambda: mail.fine_statement_messages(self.svc, settings, season=season))
        raise ServiceError(f"no such mail as {kind!r} (notices or statements)")

    def deliver_mail(self, batch: Batch, settings: MailSettings, password: str | None = None,
                     progress: Callable[[int, int, EmailMessage], bool | None] | None = None) -> Delivery:
        """Send a batch and record what went (each message sent, with its time, recipient and message id)."""
        return _mailed(lambda: mail.deliver(self.svc, batch, settings, password, progress))

    def save_eml(self, message: EmailMessage, folder: str | Path, settings: MailSettings | None = None) -> Path:
        """The message as an .eml file in `folder`, for a mail program to send (never over the database)."""
        return _mailed(lambda: mail.save_eml(message, folder, settings, database=self.svc.sqlite_path))

    @staticmethod
    def mail_recipients(message: EmailMessage) -> list[str]:
        """The bare addresses a message goes to (To, Cc, Bcc)."""
        return mail.recipients(message)

    def publish_site(self, folder: str | Path, season: str | None = None,
                     progress: Callable[[int, int, str], bool | None] | None = None) -> PublishResult:
        """Write the static statistics site into `folder`; the pages and game sheets written, and notes."""
        from scorekeeper.site import PublishError, publish

        try:
            return publish(self.svc, folder, season=season, progress=progress)
        except (PublishError, OSError) as exc:
            raise ServiceError(str(exc)) from None
