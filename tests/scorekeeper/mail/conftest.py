"""Fixtures for the mail tests: a season with several suspensions in a fresh SQLite database, a real SMTP
server (aiosmtpd) on 127.0.0.1, and the user's config folder and keyring kept away from the real ones."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.services import Services
from tests.scorekeeper.mail.mail_season import mail_season
from tests.scorekeeper.mail.smtp_server import start_controller

USER, PASSWORD = "office", "s3cret-pass"


@pytest.fixture(autouse=True)
def _private_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """platformdirs reads XDG_CONFIG_HOME; keyring gets the null backend (no real keyring is touched)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
    monkeypatch.delenv("SCOREKEEPER_SMTP_PASSWORD", raising=False)
    import keyring.core

    monkeypatch.setattr(keyring.core, "_keyring_backend", None)


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[Services]:
    service = Services.open(str(tmp_path / "season.db"))
    report = service.import_data(mail_season())
    assert report.ok, [v.line() for v in report.blocks]
    yield service
    service.close()


@dataclass
class Received:
    """What the SMTP server was handed: envelope and parsed message, and the logins it saw."""

    mail_from: str
    rcpt_tos: list[str]
    message: EmailMessage


@dataclass
class Server:
    host: str
    port: int
    received: list[Received] = field(default_factory=list)
    logins: list[str] = field(default_factory=list)


class _Handler:
    def __init__(self, server: Server) -> None:
        self.server = server

    async def handle_DATA(self, smtp: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
        msg = message_from_bytes(envelope.original_content or envelope.content, policy=policy.default)
        assert isinstance(msg, EmailMessage)
        self.server.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos), msg))
        return "250 Message accepted for delivery"


def _start(accept_login: bool | None) -> Iterator[Server]:
    from aiosmtpd.smtp import AuthResult, LoginPassword

    server = Server("127.0.0.1", 0)  # the port: once the server listens

    def authenticator(smtp: Any, session: Any, envelope: Any, mechanism: str, auth_data: Any) -> AuthResult:
        ok = (accept_login and isinstance(auth_data, LoginPassword) and auth_data.login.decode() == USER
              and auth_data.password.decode() == PASSWORD)
        if isinstance(auth_data, LoginPassword):
            server.logins.append(auth_data.login.decode())
        return AuthResult(success=bool(ok), handled=False)

    kwargs: dict[str, Any] = {}
    if accept_login is not None:
        kwargs = {"authenticator": authenticator, "auth_require_tls": False, "auth_required": True}
    controller, server.port = start_controller(_Handler(server), **kwargs)
    try:
        yield server
    finally:
        controller.stop()


@pytest.fixture
def smtp_server() -> Iterator[Server]:
    """An SMTP server on 127.0.0.1 that takes every message, no login."""
    yield from _start(None)


@pytest.fixture
def smtp_login_server() -> Iterator[Server]:
    """An SMTP server that requires a login and accepts USER / PASSWORD."""
    yield from _start(True)


@pytest.fixture
def smtp_refusing_server() -> Iterator[Server]:
    """An SMTP server that requires a login and refuses every one."""
    yield from _start(False)
