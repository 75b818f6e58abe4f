"""E-mail out of the rink office: suspension notices to team captains (rulebook Section 8) and each team's fine
statement, with the PDF attached, through the league's SMTP server or saved as .eml files.

The window's mail dialog and buttons call, in order: `load_settings()` / `save_settings()` and
`get_password()` / `set_password()` (keyring only); `suspension_notice_messages(svc, settings)` or
`fine_statement_messages(svc, settings)` (a `Batch`: messages, and what could not be composed, such as a team
with no captain e-mail); then `deliver(svc, batch, settings, password, progress)`, which sends and records what
went (or `save_eml(message, folder)`). Nothing here imports Qt; smtplib and ReportLab are imported only when
a message is sent or a PDF built.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from scorekeeper.mail.settings import (
    SECURITIES,
    MailError,
    MailSettings,
    command_line_password,
    delete_password,
    get_password,
    keyring_available,
    load_settings,
    save_settings,
    set_password,
    settings_path,
)

if TYPE_CHECKING:
    from scorekeeper.mail.compose import Batch, Skipped, fine_statement_messages, suspension_notice_messages
    from scorekeeper.mail.record import Delivery, deliver, load_log, record_sent, statements_sent
    from scorekeeper.mail.transport import SendResult, recipients, save_eml, send

_LATER = {**dict.fromkeys(("Batch", "Skipped", "fine_statement_messages", "suspension_notice_messages"), "compose"),
          **dict.fromkeys(("Delivery", "deliver", "load_log", "record_sent", "statements_sent"), "record"),
          **dict.fromkeys(("SendResult", "recipients", "save_eml", "send"), "transport")}
"""Imported on first use (issue 29.4: the window starts without the e-mail libraries)."""


def __getattr__(name: str) -> object:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "SECURITIES", "Batch", "Delivery", "MailError", "MailSettings", "SendResult", "Skipped",
    "command_line_password", "delete_password", "deliver", "fine_statement_messages", "get_password",
    "keyring_available", "load_log", "load_settings", "recipients", "record_sent", "save_eml",
    "save_settings", "send", "set_password", "settings_path", "statements_sent", "suspension_notice_messages",
]
