"""Sending through the league's SMTP server (STARTTLS, SSL or plain), and saving messages as .eml files.

`send()` never raises for a mail problem: it returns one `SendResult` per message, with an error in words
for a person where that message did not go. A server that cannot be reached or refuses the login fails every
message, and nothing is sent.
"""

from __future__ import annotations

import contextlib
import re
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import getaddresses
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.atomic import write_atomically
from scorekeeper.mail.settings import MailError, MailSettings

if TYPE_CHECKING:
    import smtplib
    import ssl

# progress(done, total, message about to go) -> False to stop the batch
Progress = Callable[[int, int, EmailMessage], bool | None]


@dataclass(frozen=True)
class SendResult:
    """What became of one message: sent (error is None) or not, and why."""

    recipient: str
    message_id: str
    error: str | None = None
    subject: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None


def recipients(message: EmailMessage) -> list[str]:
    """The bare addresses of To, Cc and Bcc."""
    pairs = getaddresses([str(v) for k in ("To", "Cc", "Bcc") for v in message.get_all(k, [])])
    return [addr for _, addr in pairs if addr]


def _result(message: EmailMessage, error: str | None) -> SendResult:
    return SendResult(", ".join(recipients(message)), str(message.get("Message-ID", "")), error,
                      str(message.get("Subject", "")))


def ssl_context() -> ssl.SSLContext:
    """The TLS context for STARTTLS and SSL: the operating system's own certificate store (truststore: Windows'
    and macOS' trust settings, the system bundle on Linux), so that a frozen build or a python.org Python on a Mac
    verifies the league's mail server as the browser would; host names checked."""
    import ssl

    import truststore

    context = truststore.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context


def _reply(exc: Any) -> str:
    text = exc.smtp_error.decode("utf-8", "replace") if isinstance(getattr(exc, "smtp_error", None), bytes) \
        else str(getattr(exc, "smtp_error", "") or exc)
    code = getattr(exc, "smtp_code", None)
    text = " ".join(text.split())
    return f"{code} {text}".strip() if code else text


def _connect(settings: MailSettings, password: str | None) -> smtplib.SMTP:
    """An open, logged-in connection; MailError with the reason otherwise."""
    import smtplib
    import ssl

    where = f"the mail server {settings.address}"
    server: smtplib.SMTP | None = None
    try:
        if settings.security == "ssl":
            server = smtplib.SMTP_SSL(settings.host, settings.port, timeout=settings.timeout, context=ssl_context())
        else:
            server = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout)
        server.ehlo_or_helo_if_needed()
        if settings.security == "starttls" and server.has_extn("starttls"):
            server.starttls(context=ssl_context())
            server.ehlo()
        elif settings.security == "starttls" and settings.user and not _loopback(settings.host):
            # without encryption the password would cross the network in clear: refuse rather than send it
            raise MailError(f"{where} does not offer STARTTLS: choose SSL (usually port 465) or no encryption "
                            "in the mail settings")
        if settings.user and password:
            if not server.has_extn("auth"):
                raise MailError(f"{where} offers no login (AUTH) here"
                                + (": choose STARTTLS or SSL in the mail settings" if settings.security == "none"
                                   else ""))
            _login(server, settings.user, password)
        return server
    except MailError:
        _quit(server)
        raise
    except smtplib.SMTPAuthenticationError as exc:
        _quit(server)
        raise MailError(f"{where} refused the login of user {settings.user!r} ({_reply(exc)}): check the user name "
                        "and password") from None
    except (ssl.SSLError, ssl.CertificateError) as exc:
        _quit(server)
        raise MailError(f"the secure connection to {where} failed ({exc.__class__.__name__}: "
                        f"{getattr(exc, 'reason', None) or exc}): check the security setting (port 465 is usually "
                        "SSL, 587 STARTTLS)") from None
    except TimeoutError:
        _quit(server)
        raise MailError(f"{where} did not answer within {settings.timeout:g} s: check the host and port") from None
    except socket.gaierror as exc:
        raise MailError(f"cannot find the mail server {settings.host!r} ({exc.strerror or exc}): check the host "
                        "name and the network") from None
    except smtplib.SMTPServerDisconnected as exc:
        _quit(server)
        raise MailError(f"{where} closed the connection ({exc or 'no reason given'}): check the port and the "
                        "security setting") from None
    except smtplib.SMTPException as exc:
        _quit(server)
        raise MailError(f"{where} refused the connection ({_reply(exc)})") from None
    except OSError as exc:
        _quit(server)
        raise MailError(f"cannot reach {where} ({exc.strerror or exc}): check the host and port, and that the "
                        "network is up") from None


def _login(server: smtplib.SMTP, user: str, password: str) -> None:
    """Log in once, with the first mechanism both sides know (smtplib's `login` tries them all in turn,
    which some servers count as several failed logins, and which hangs on some after a refusal)."""
    advertised = server.esmtp_features.get("auth", "").upper().split()
    mechanism = next((m for m in ("CRAM-MD5", "PLAIN", "LOGIN") if m in advertised), None)
    if mechanism is None:
        raise MailError(f"the mail server offers no login method this program knows ({' '.join(advertised)})")
    server.user, server.password = user, password
    auth = getattr(server, "auth_" + mechanism.lower().replace("-", "_"))
    server.auth(mechanism, auth, initial_response_ok=True)


def _quit(server: smtplib.SMTP | None) -> None:
    if server is None:
        return
    with contextlib.suppress(Exception):
        server.quit()
    with contextlib.suppress(Exception):
        server.close()


def send(messages: Sequence[EmailMessage], settings: MailSettings, password: str | None = None,
         progress: Progress | None = None) -> list[SendResult]:
    """Send each message over one connection; one result per message, in order. Login only when the settings
    name a user and a password is given."""
    import smtplib

    messages = list(messages)
    if not messages:
        return []
    problems = settings.problems()
    if problems:
        text = "the mail settings are incomplete: " + "; ".join(problems)
        return [_result(m, text) for m in messages]
    try:
        server = _connect(settings, password)
    except MailError as exc:
        return [_result(m, str(exc)) for m in messages]
    results: list[SendResult] = []
    try:
        for i, msg in enumerate(messages):
            if progress is not None and progress(i, len(messages), msg) is False:
                results += [_result(m, "not sent: the batch was stopped") for m in messages[i:]]
                break
            if "From" not in msg:
                msg["From"] = settings.sender
            to = recipients(msg)
            if not to:
                results.append(_result(msg, "the message has no recipient"))
                continue
            try:
                refused = server.send_message(msg, from_addr=settings.sender, to_addrs=to)
            except smtplib.SMTPRecipientsRefused as exc:
                why = "; ".join(f"{a}: {_reply_pair(r)}" for a, r in exc.recipients.items())
                results.append(_result(msg, f"the mail server refused the recipient ({why})"))
                continue
            except smtplib.SMTPSenderRefused as exc:
                results.append(_result(msg, f"the mail server refused the sender {settings.sender!r} "
                                            f"({_reply(exc)})" + (": it may need a login (user and password)"
                                                                  if exc.smtp_code == 530 else "")))
                continue
            except smtplib.SMTPDataError as exc:
                results.append(_result(msg, f"the mail server refused the message ({_reply(exc)})"))
                continue
            except (smtplib.SMTPServerDisconnected, OSError) as exc:
                text = f"the mail server {settings.address} dropped the connection ({exc}): not sent"
                results += [_result(m, text) for m in messages[i:]]
                break
            except smtplib.SMTPException as exc:
                results.append(_result(msg, f"the mail server refused the message ({_reply(exc)})"))
                continue
            if refused:
                why = "; ".join(f"{a}: {_reply_pair(r)}" for a, r in refused.items())
                results.append(_result(msg, f"the mail server refused a recipient ({why})"))
            else:
                results.append(_result(msg, None))
        else:
            if progress is not None:
                progress(len(messages), len(messages), messages[-1])
    finally:
        _quit(server)
    return results


def _reply_pair(reply: Any) -> str:
    code, text = reply if isinstance(reply, tuple) else (None, reply)
    text = text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)
    return f"{code} {' '.join(text.split())}".strip() if code else " ".join(text.split())


def eml_name(message: EmailMessage) -> str:
    """A file name for the message: its kind and subject, made safe for any file system."""
    kind = str(message.get("X-Scorekeeper-Kind", "message"))
    about = "-".join(str(message.get(h, "")) for h in ("X-Scorekeeper-Player", "X-Scorekeeper-Game",
                                                        "X-Scorekeeper-Team") if message.get(h))
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", f"{kind}-{about}" if about else f"{kind}-{message.get('Subject', '')}")
    return stem.strip("_")[:120] + ".eml"


def save_eml(message: EmailMessage, folder: str | Path, settings: MailSettings | None = None,
             database: Path | None = None) -> Path:
    """Write the message as an .eml file in `folder` (made if missing), for a mail program to send; the
    file is written whole or not at all (never over a device, a FIFO or the league `database`). Returns its
    path."""
    target_dir = Path(folder)
    if "From" not in message and settings is not None and settings.sender:
        message["From"] = settings.sender
    try:
        if target_dir.exists() and not target_dir.is_dir():
            raise MailError(f"cannot save the messages in {target_dir}: it is not a folder")
        target = write_atomically(target_dir / eml_name(message), message.as_bytes(), make_folder=True,
                                  database=database)
    except OSError as exc:
        raise MailError(f"cannot save the message in {target_dir}: {exc.strerror or exc}") from None
    return target


def _loopback(host: str) -> bool:
    """A mail server on this PC (a relay or a test server): plain delivery is safe there."""
    return host in ("localhost", "::1") or host.startswith("127.")
