"""One e-mail address, checked where it is entered (a team's captain e-mail, a player's e-mail, the sender) and
again where mail is composed: `local@domain.tld`, no line break, no list, no display name, at most 254
characters. A person's message says what is wrong; the value is shown shortened and with its line breaks
visible."""

from __future__ import annotations

import re
from email.utils import getaddresses, parseaddr

MAX_LENGTH = 254  # RFC 5321's limit on a path, less its angle brackets
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_LOCAL = re.compile(rf"{_ATOM}(?:\.{_ATOM})*")
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


def shown(value: str, limit: int = 60) -> str:
    """The value as a message quotes it: repr (line breaks visible), shortened."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 4] + "...'"


def address_problem(value: object) -> str | None:
    """Why `value` is not one e-mail address ('it lists more than one address'), or None when it is one."""
    if not isinstance(value, str):
        return "it is not a text"
    if any(c in value for c in "\r\n\x85\u2028\u2029"):
        return "it contains a line break"
    text = value.strip()
    if not text:
        return "it is empty"
    if len(text) > MAX_LENGTH:
        return f"it is {len(text)} characters long (at most {MAX_LENGTH})"
    if any(ord(c) < 32 or ord(c) == 127 for c in text):
        return "it contains a control character"
    if any(c in text for c in ",;") or text.count("@") > 1:
        return "it lists more than one address (give one; a team has one captain e-mail)"
    if any(c in text for c in "<>\"()[]\\:"):
        return "it is not a bare address (give only local@domain, without a name or brackets)"
    if any(c.isspace() for c in text):
        return "it contains a space"
    if "@" not in text:
        return "it has no @"
    local, _, domain = text.rpartition("@")
    if not text.isascii():
        return "it has letters outside ASCII (write an accented domain in its xn-- form)"
    if not local or len(local) > 64 or not _LOCAL.fullmatch(local):
        return "the part before the @ is not a valid mailbox name"
    labels = domain.split(".")
    if len(labels) < 2:
        return "the domain after the @ has no dot (like example.org)"
    if not all(_LABEL.fullmatch(label) for label in labels) or labels[-1].isdigit():
        return "the domain after the @ is not a valid domain name"
    return None


def check_address(value: object, what: str) -> str | None:
    """A full sentence for a person when `value` is not one address: "captain_email 'a, b' is not one e-mail
    address: it lists more than one address ..."."""
    problem = address_problem(value)
    return None if problem is None else f"{what} {shown(str(value))} is not one e-mail address: {problem}"


def sender_problem(value: str) -> str | None:
    """Why a sender ('office@example.org' or 'League Office <office@example.org>') cannot be used, or None."""
    if any(c in value for c in "\r\n") or any(ord(c) < 32 for c in value):
        return "it contains a line break or a control character"
    if len(getaddresses([value])) != 1:
        return "it lists more than one address"
    name, addr = parseaddr(value)
    if not addr or (not name and addr != value.strip() and f"<{addr}>" != value.strip()):
        return address_problem(value) or "it is not one address"
    return address_problem(addr)
