"""Mail settings in the user's config folder, the password only in the keyring; the PDFs attached (the
reports' documents, or a plain PDF when `scorekeeper.reports` is missing); STARTTLS and SSL for real."""

from __future__ import annotations

import io
import json
import shutil
import ssl
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.mail import (
    MailError,
    MailSettings,
    command_line_password,
    deliver,
    fine_statement_messages,
    get_password,
    keyring_available,
    load_settings,
    save_settings,
    set_password,
    settings_path,
    suspension_notice_messages,
)
from scorekeeper.mail.settings import parse_server
from tests.scorekeeper.mail.conftest import Server, _Handler
from tests.scorekeeper.mail.smtp_server import CLIENT_TIMEOUT, start_controller

SENDER = "office@westridge.example"


def test_settings_round_trip_in_the_user_config_folder(tmp_path):
    assert load_settings() == MailSettings()
    s = MailSettings("smtp.example.org", 465, "ssl", "office", SENDER)
    path = save_settings(s)
    assert path == settings_path() and path.is_relative_to(tmp_path / "config")
    assert load_settings() == s
    assert set(json.loads(path.read_text())) == {"host", "port", "security", "user", "sender", "timeout"}


@pytest.mark.parametrize("content, words", [("{", "cannot be read"), ("[]", "not a JSON object"),
                                            ('{"port": "x"}', "port must be a whole number"),
                                            ('{"security": "tls"}', "security must be one of")])
def test_a_damaged_settings_file_is_named(content, words):
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(content)
    with pytest.raises(MailError, match=words):
        load_settings()


def test_server_parsing():
    assert parse_server("smtp.example.org", 587) == ("smtp.example.org", 587)
    assert parse_server("127.0.0.1:2525", 587) == ("127.0.0.1", 2525)
    assert parse_server("[::1]:25", 587) == ("::1", 25)
    with pytest.raises(MailError):
        parse_server("a:b:c", 25)
    assert MailSettings().problems() == ["no mail server (SMTP host) is set",
                                         "no sender address is set (the league office's e-mail address)"]


def memory_keyring():
    """A keyring backend kept in memory."""
    from keyring.backend import KeyringBackend

    class Memory(KeyringBackend):
        priority = 10

        def __init__(self) -> None:
            super().__init__()
            self.kept: dict[tuple[str, str], str] = {}

        def get_password(self, service: str, username: str) -> str | None:
            return self.kept.get((service, username))

        def set_password(self, service: str, username: str, password: str) -> None:
            self.kept[(service, username)] = password

        def delete_password(self, service: str, username: str) -> None:
            del self.kept[(service, username)]

    return Memory()


def test_password_only_in_the_keyring(monkeypatch):
    import keyring

    s = MailSettings("smtp.example.org", 587, "starttls", "office", SENDER)
    assert not keyring_available()
    assert set_password(s, "pw") is False and get_password(s) is None
    assert command_line_password(s) is None
    monkeypatch.setenv("SCOREKEEPER_SMTP_PASSWORD", "from-env")
    assert command_line_password(s) == "from-env"

    backend = memory_keyring()
    keyring.set_keyring(backend)
    assert keyring_available()
    assert set_password(s, "kept-pw") is True
    assert backend.kept == {("scorekeeper-smtp", "office@smtp.example.org"): "kept-pw"}
    assert get_password(s) == "kept-pw" and command_line_password(s) == "kept-pw"
    save_settings(s)
    assert "kept-pw" not in settings_path().read_text()


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    assert data.startswith(b"%PDF-")
    return " ".join(" ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages).split())


def first_pdf(msg) -> bytes:
    part = next(iter(msg.iter_attachments()))
    payload = part.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload


def test_attachments_are_the_printed_notice_and_statement(svc):
    notice = first_pdf(suspension_notice_messages(svc, sender=SENDER, date="2015-10-26").messages[0])
    text = pdf_text(notice)
    assert "notice of suspension" in text.lower() and "OT4 Otters" in text and "Official League Appeal Form" in text
    statement = first_pdf(fine_statement_messages(svc, sender=SENDER, team="lynx").messages[0])
    assert "fine statement" in pdf_text(statement).lower() and "2015-16 Lynx" in pdf_text(statement)


def test_a_plain_pdf_when_the_reports_package_is_missing(svc, monkeypatch):
    for name in ("scorekeeper.reports.suspension_notice", "scorekeeper.reports.fine_statements"):
        monkeypatch.setitem(sys.modules, name, None)  # import fails
    batch = suspension_notice_messages(svc, sender=SENDER)
    assert len(batch.messages) == 4
    text = pdf_text(first_pdf(batch.messages[0]))
    assert "Notice of suspension: OT4 Otters" in text and "5 games for fighting" in text
    assert "Official League Appeal Form" in text
    st = pdf_text(first_pdf(fine_statement_messages(svc, sender=SENDER, team="otters").messages[0]))
    assert "Fine statement 2015-16 Otters: Otters" in st and "Balance due: $50.00" in st


def test_statements_for_every_team_or_those_owing(svc):
    batch = fine_statement_messages(svc, sender=SENDER)
    assert [str(m["X-Scorekeeper-Team"]) for m in batch.messages] == ["otters", "herons", "lynx"]
    assert [s.team for s in batch.skipped] == ["owls"]
    owing = fine_statement_messages(svc, sender=SENDER, owing_only=True)
    assert [str(m["X-Scorekeeper-Team"]) for m in owing.messages] == ["otters", "lynx"]


# -- STARTTLS and SSL against a real TLS server ---------------------------------------------------------------
@pytest.fixture(scope="module")
def certificate(tmp_path_factory) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                    "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out",
                    str(cert)], check=True, capture_output=True)
    return cert, key


def test_the_tls_context_is_the_systems_certificate_store():
    import truststore

    from scorekeeper.mail.transport import ssl_context

    context = ssl_context()
    assert isinstance(context, truststore.SSLContext)
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname


@pytest.mark.parametrize("security", ["starttls", "ssl"])
def test_starttls_and_ssl(svc, certificate, security, monkeypatch):
    cert, key = certificate
    server_ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_ctx.load_cert_chain(cert, key)
    server = Server("127.0.0.1", 0)
    kwargs = ({"tls_context": server_ctx, "require_starttls": True} if security == "starttls"
              else {"ssl_context": server_ctx})
    controller, server.port = start_controller(_Handler(server), **kwargs)
    try:
        settings = MailSettings("127.0.0.1", server.port, security, "", SENDER, timeout=CLIENT_TIMEOUT)
        batch = suspension_notice_messages(svc, settings)
        # the machine does not trust the test's own certificate: refused, nothing sent or recorded
        refused = deliver(svc, batch, settings)
        assert len(refused.failed) == 4 and server.received == []
        assert all("secure connection" in (r.error or "") and "CERTIFICATE_VERIFY_FAILED" in (r.error or "")
                   for r in refused.failed)
        # the certificate put in the system's store (OpenSSL's SSL_CERT_FILE on Linux): trusted through truststore
        monkeypatch.setenv("SSL_CERT_FILE", str(cert))
        done = deliver(svc, batch, settings)
        assert len(done.sent) == 4 and len(server.received) == 4
        # STARTTLS asked of a server that does not offer it
        if security == "starttls":
            plain = Server("127.0.0.1", 0)
            c2, plain.port = start_controller(_Handler(plain))
            try:
                # with a login: the password is never sent in clear to a server that offers no STARTTLS...
                res = deliver(svc, suspension_notice_messages(svc, settings, include_sent=True),
                              MailSettings("mail.invalid.example", plain.port, "starttls", "office", SENDER,
                                           timeout=5), "secret")
                assert res.failed and all(r.error for r in res.failed)
                # ...and a relay on this PC without STARTTLS takes the mail as it is (no login to protect)
                res = deliver(svc, suspension_notice_messages(svc, settings, include_sent=True),
                              MailSettings("127.0.0.1", plain.port, "starttls", "", SENDER,
                                           timeout=CLIENT_TIMEOUT))
                assert not res.failed and res.results
            finally:
                c2.stop()
    finally:
        controller.stop()
