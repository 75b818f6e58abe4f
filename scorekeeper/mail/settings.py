"""Mail settings: the SMTP server, kept in a small JSON file in the user's config folder; the password only in
the operating system's keyring (or given by the caller each time), never in a file or the database."""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from scorekeeper.atomic import write_atomically
from scorekeeper.email_address import sender_problem, shown

SECURITIES = ("starttls", "ssl", "none")
DEFAULT_PORTS = {"starttls": 587, "ssl": 465, "none": 25}
KEYRING_SERVICE = "scorekeeper-smtp"
PASSWORD_ENV = "SCOREKEEPER_SMTP_PASSWORD"


class MailError(Exception):
    """Mail cannot be composed or sent; the message says why in words for a person."""


@dataclass(frozen=True)
class MailSettings:
    """How to reach the league's mail server. `security`: "starttls", "ssl" or "none"."""

    host: str = ""
    port: int = 587
    security: str = "starttls"
    user: str = ""
    sender: str = ""
    timeout: float = 30.0

    def problems(self) -> list[str]:
        """What keeps these settings from being used to send (empty when they are fine)."""
        out = []
        if not self.host.strip():
            out.append("no mail server (SMTP host) is set")
        if not 0 < int(self.port) < 65536:
            out.append(f"the port {self.port} is not between 1 and 65535")
        if self.security not in SECURITIES:
            out.append(f"security must be one of {', '.join(SECURITIES)} (got {self.security!r})")
        problem = sender_problem(self.sender) if self.sender.strip() else None
        if not self.sender.strip() or problem:
            out.append("no sender address is set (the league office's e-mail address)" if not self.sender.strip()
                       else f"the sender {shown(self.sender)} is not one e-mail address: {problem}")
        return out

    def with_server(self, text: str) -> MailSettings:
        """These settings with the server given as "HOST", "HOST:PORT" or "[IPv6]:PORT"."""
        host, port = parse_server(text, DEFAULT_PORTS.get(self.security, self.port))
        return replace(self, host=host, port=port)

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


def parse_server(text: str, default_port: int) -> tuple[str, int]:
    """("smtp.example.org", 587) from "smtp.example.org:587"; a missing port is `default_port`."""
    text = text.strip()
    m = re.fullmatch(r"\[([^\]]+)\](?::(\d+))?", text) or re.fullmatch(r"([^:\s]+)(?::(\d+))?", text)
    if not m or not m.group(1):
        raise MailError(f"{text!r} is not a mail server: write HOST or HOST:PORT")
    port = int(m.group(2)) if m.group(2) else default_port
    if not 0 < port < 65536:
        raise MailError(f"the port {port} is not between 1 and 65535")
    return m.group(1), port


def settings_path() -> Path:
    """platformdirs' user config folder for scorekeeper, file mail.json."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("scorekeeper", appauthor=False)) / "mail.json"


def load_settings(path: str | Path | None = None) -> MailSettings:
    """The saved settings (defaults when none were saved); a damaged file raises MailError naming it."""
    p = Path(path) if path is not None else settings_path()
    try:
        raw = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return MailSettings()
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MailError(f"the mail settings file {p} cannot be read ({exc}): save the settings again") from None
    if not isinstance(raw, dict):
        raise MailError(f"the mail settings file {p} is not a JSON object: save the settings again")
    known = {f.name: f.type for f in fields(MailSettings)}
    values: dict[str, Any] = {}  # Any: each value checked against its MailSettings field (text, port, timeout)
    for key, value in raw.items():
        if key not in known:
            continue  # a newer version's setting: ignored, kept on the next save only if we know it
        if key in ("port",):
            if not isinstance(value, int) or isinstance(value, bool):
                raise MailError(f"the mail settings file {p}: port must be a whole number (got {value!r})")
        elif key == "timeout":
            if not isinstance(value, int | float) or isinstance(value, bool) or value <= 0:
                raise MailError(f"the mail settings file {p}: timeout must be a positive number (got {value!r})")
            value = float(value)
        elif not isinstance(value, str):
            raise MailError(f"the mail settings file {p}: {key} must be text (got {value!r})")
        values[key] = value
    if values.get("security", "starttls") not in SECURITIES:
        raise MailError(f"the mail settings file {p}: security must be one of {', '.join(SECURITIES)}")
    return MailSettings(**values)


def save_settings(settings: MailSettings, path: str | Path | None = None) -> Path:
    """Write the settings (never a password) atomically; returns the file written."""
    if settings.security not in SECURITIES:
        raise MailError(f"security must be one of {', '.join(SECURITIES)} (got {settings.security!r})")
    p = Path(path) if path is not None else settings_path()
    try:
        write_atomically(p, json.dumps(asdict(settings), indent=2) + "\n", make_folder=True)
    except OSError as exc:
        raise MailError(f"cannot save the mail settings to {p}: {exc.strerror or exc}") from None
    return p


# -- the password: the keyring only ----------------------------------------------------------------------------
def _keyring_account(settings: MailSettings) -> str:
    return f"{settings.user}@{settings.host}"


def keyring_available() -> bool:
    """Is there a working keyring backend to keep the password in?"""
    try:
        import keyring
        from keyring.backends import fail, null
    except ImportError:
        return False
    try:
        backend = keyring.get_keyring()
    except Exception:  # a broken backend configuration: no keyring
        return False
    return not isinstance(backend, fail.Keyring | null.Keyring)


def get_password(settings: MailSettings) -> str | None:
    """The password kept in the keyring for this user and server, or None (no keyring, or none kept)."""
    if not settings.user:
        return None
    try:
        import keyring
        from keyring.errors import KeyringError
    except ImportError:
        return None
    try:
        return keyring.get_password(KEYRING_SERVICE, _keyring_account(settings))
    except (KeyringError, RuntimeError, OSError):
        return None


def set_password(settings: MailSettings, password: str) -> bool:
    """Keep the password in the keyring; False when no keyring works (the caller then asks each time)."""
    if not settings.user or not keyring_available():
        return False
    import keyring
    from keyring.errors import KeyringError

    try:
        keyring.set_password(KEYRING_SERVICE, _keyring_account(settings), password)
    except (KeyringError, RuntimeError, OSError):
        return False
    return True


def delete_password(settings: MailSettings) -> bool:
    """Forget the kept password; False when there was none or no keyring works."""
    if not settings.user:
        return False
    try:
        import keyring
        from keyring.errors import KeyringError, PasswordDeleteError
    except ImportError:
        return False
    try:
        keyring.delete_password(KEYRING_SERVICE, _keyring_account(settings))
    except (PasswordDeleteError, KeyringError, RuntimeError, OSError):
        return False
    return True


def command_line_password(settings: MailSettings) -> str | None:
    """For the command line: the keyring, else $SCOREKEEPER_SMTP_PASSWORD, else None (no login)."""
    return get_password(settings) or os.environ.get(PASSWORD_ENV) or None
