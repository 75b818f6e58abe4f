"""Keyed seals of what tamper evidence guards (issue 26.4): HMAC-SHA256 with the database's secret, which is kept
outside the database (`db.seal_key`), so that nobody who can only edit the file can seal it again.

The `meta` row `seal_id` names the database's secret. The chain's head (`audit_chain`) carries `seal` (over the
last entry's id and hash and its digest of the password row); `seal_password` seals the office password row and
`seal_refusals` the back-off counter of wrong office passwords (`office_refusals`), absence included. The final
games' seals are `db.game_seals`'. PostgreSQL is not sealed: there the server's accounts guard the data.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from peewee import SqliteDatabase

from scorekeeper.db import seal_key
from scorekeeper.db.base import Meta, database_proxy
from scorekeeper.json_value import JsonObject

SEAL_ID = "seal_id"
REFUSALS = "office_refusals"  # the back-off counter's row (facade/office.py)
REFUSALS_SEAL = "seal_refusals"
PASSWORD = "office_password"
PASSWORD_SEAL = "seal_password"


def sealed_database() -> bool:
    """Seals are kept in SQLite databases (a file, or one in memory)."""
    return isinstance(database_proxy.obj, SqliteDatabase)


def seal_id() -> str | None:
    row = Meta.get_or_none(Meta.key == SEAL_ID)
    return None if row is None else str(row.value)


def current_key() -> bytes | None:
    """The secret of the database bound now, when this PC keeps it."""
    if not sealed_database():
        return None
    sid = seal_id()
    return None if sid is None else seal_key.load(sid)


def mac(key: bytes, kind: str, value: Any) -> str:
    """HMAC-SHA256 over a kind and the canonical JSON of a value."""
    text = json.dumps([kind, value], ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def head_seals(head: JsonObject, key: bytes | None = None) -> dict[str, str]:
    """The keyed seal the chain's head carries ({} when this PC has no key, or no seals are kept)."""
    key = key or current_key()
    if key is None:  # the transaction's end seals again with a new key (`game_seals.flush`)
        return {}
    return {"seal": mac(key, "head", [head.get("id"), head.get("hash"), head.get("password")])}


def password_value() -> str | None:
    row = Meta.get_or_none(Meta.key == PASSWORD)
    return None if row is None else str(row.value)


def seal_password(key: bytes | None = None) -> None:
    """Seal the office password row as it now is: only the program's own writes of it (set, change, the
    upgrade of a legacy hash) and a new key do (the caller holds the transaction)."""
    _seal_row(PASSWORD_SEAL, "password", password_value(), key)


def password_intact(key: bytes | None = None) -> bool | None:
    """Whether the office password row is the one Scorekeeper last wrote (None: it cannot be checked here). A
    row that fails its seal unlocks nothing: the office restores a backup made before it was replaced."""
    return _intact(PASSWORD_SEAL, "password", password_value(), key)


def _seal_row(name: str, kind: str, value: str | None, key: bytes | None) -> None:
    if not sealed_database():
        return
    key = key or current_key()
    if key is None:  # the transaction's end seals again with a new key (`game_seals.flush`)
        return
    text = mac(key, kind, value)
    if not Meta.update(value=text).where(Meta.key == name).execute():
        Meta.create(key=name, value=text)


def _intact(name: str, kind: str, value: str | None, key: bytes | None) -> bool | None:
    key = key or current_key()
    if key is None:
        return None
    row = Meta.get_or_none(Meta.key == name)
    return row is not None and hmac.compare_digest(str(row.value), mac(key, kind, value))


def refusals_value() -> str | None:
    row = Meta.get_or_none(Meta.key == REFUSALS)
    return None if row is None else str(row.value)


def seal_refusals(key: bytes | None = None) -> None:
    """Seal the back-off counter as it now is (the caller holds the transaction that wrote it)."""
    _seal_row(REFUSALS_SEAL, "refusals", refusals_value(), key)


def refusals_intact(key: bytes | None = None) -> bool | None:
    """Whether the back-off counter is as Scorekeeper sealed it (None: it cannot be checked on this PC)."""
    return _intact(REFUSALS_SEAL, "refusals", refusals_value(), key)
