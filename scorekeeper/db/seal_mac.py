"""Keyed seals of what tamper evidence guards (issue 26.4): HMAC-SHA256 with the database's secret, which is kept
outside the database (`db.seal_key`), so that nobody who can only edit the file can seal it again.

The `meta` row `seal_id` names the database's secret. The chain's head (`audit_chain`) carries `seal` (over the
last entry's id and hash) and `password_seal` (over the digest of the office password row); `seal_refusals`
seals the back-off counter of wrong office passwords (`office_refusals`, absent included). The final games' seals
are `db.game_seals`'. PostgreSQL is not sealed: there the server's accounts guard the data.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from peewee import SqliteDatabase

from scorekeeper.db import seal_key
from scorekeeper.db.base import Meta, database_proxy

SEAL_ID = "seal_id"
REFUSALS = "office_refusals"  # the back-off counter's row (facade/office.py)
REFUSALS_SEAL = "seal_refusals"


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


def head_seals(head: dict[str, Any], key: bytes | None = None) -> dict[str, str]:
    """The keyed seals the chain's head carries ({} when this PC has no key, or no seals are kept)."""
    key = key or current_key()
    if key is None:  # the transaction's end seals again with a new key (`game_seals.flush`)
        return {}
    return {"seal": mac(key, "head", [head.get("id"), head.get("hash")]),
            "password_seal": mac(key, "password", head.get("password"))}


def refusals_value() -> str | None:
    row = Meta.get_or_none(Meta.key == REFUSALS)
    return None if row is None else str(row.value)


def seal_refusals(key: bytes | None = None) -> None:
    """Seal the back-off counter as it now is (the caller holds the transaction that wrote it)."""
    if not sealed_database():
        return
    key = key or current_key()
    if key is None:  # the transaction's end seals again with a new key (`game_seals.flush`)
        return
    value = mac(key, "refusals", refusals_value())
    if not Meta.update(value=value).where(Meta.key == REFUSALS_SEAL).execute():
        Meta.create(key=REFUSALS_SEAL, value=value)


def refusals_intact(key: bytes | None = None) -> bool | None:
    """Whether the back-off counter is as Scorekeeper sealed it (None: it cannot be checked on this PC)."""
    key = key or current_key()
    if key is None:
        return None
    row = Meta.get_or_none(Meta.key == REFUSALS_SEAL)
    return row is not None and hmac.compare_digest(str(row.value), mac(key, "refusals", refusals_value()))
