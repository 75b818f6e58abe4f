"""Where the mail reads and records: the facade's answers the messages are made of (those of the printed
records), where the sent-mail log is kept and the recording of a notice sent, as a Protocol, so the mail never
imports the facade (`scorekeeper.services.Services` is one such source)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from scorekeeper.reports.source import ReportSource


class MailSource(ReportSource, Protocol):
    """The facade as the mail sees it."""

    @property
    def sqlite_path(self) -> Path | None: ...

    @property
    def target(self) -> str: ...

    def record_notice(self, player: str, game: str, sent: str | None = None, season: str | None = None,
                      recipient: str | None = None, message_id: str | None = None) -> object: ...
