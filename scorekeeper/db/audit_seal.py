"""The seal of the audit trail: a new entry's hash, chained on the head (the `meta` row `audit_chain`), in the
entry's own transaction. `db.audit_chain` checks the chain; see it for what the chain proves. The head carries
keyed seals too (`db.seal_mac`), checked by `db.game_seals.check`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from typing import Any, Protocol

from peewee import SqliteDatabase

from scorekeeper.db.base import Meta, database_proxy
from scorekeeper.db.seal_mac import head_seals
from scorekeeper.json_value import JsonObject


class SealedEntry(Protocol):
    """What the seal reads and writes of an audit entry (`db.models.AuditEntry`, which calls the seal)."""

    id: Any
    hash: Any
    season_id: int | None
    at: Any
    operator: Any
    action: Any
    subject: Any
    before: Any
    after: Any
    imported: Any

HEAD = "audit_chain"
PASSWORD = "office_password"


def at_text(value: Any) -> str:
    if isinstance(value, str):
        try:
            value = dt.datetime.fromisoformat(value)
        except ValueError:
            return value
    if isinstance(value, dt.datetime):
        return value.isoformat(sep=" ", timespec="microseconds")
    return str(value)


def entry_hash(previous: str, season_id: int | None, at: Any, operator: str, action: str, subject: str,
               before: str | None, after: str | None, imported: bool) -> str:
    """sha256 over the previous hash and the entry's canonical content."""
    content = json.dumps([previous, season_id, at_text(at), operator or "", action, subject or "", before, after,
                          bool(imported)], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


def password_digest() -> str | None:
    """A hash over the office password row (None: there is none)."""
    row = Meta.get_or_none(Meta.key == PASSWORD)
    return None if row is None else hashlib.sha256(f"{PASSWORD}\0{row.value}".encode()).hexdigest()


def read_head(lock: bool = False) -> JsonObject | None:
    """The head as its row holds it (not yet checked: its readers narrow it), None when there is none."""
    query = Meta.select().where(Meta.key == HEAD)
    if lock and not isinstance(database_proxy.obj, SqliteDatabase):
        query = query.for_update()  # a server: two PCs appending at once take turns
    row = query.first()
    if row is None:
        return None
    try:
        head = json.loads(row.value)
    except ValueError:
        return {"id": None, "hash": "", "password": None, "unreadable": True}
    return head if isinstance(head, dict) else {"id": None, "hash": "", "password": None, "unreadable": True}


def write_head(head: JsonObject) -> None:
    """Write the head, with its keyed seals where this PC has the database's key (`db.seal_mac`)."""
    body = {k: head.get(k) for k in ("id", "hash", "password")}
    text = json.dumps({**body, **head_seals(body)})
    if not Meta.update(value=text).where(Meta.key == HEAD).execute():
        Meta.create(key=HEAD, value=text)


def _is_password_write(action: str) -> bool:
    """The program's own writes of the password row are audited in the same transaction under these actions."""
    return action.startswith("office password") and action != "office password refused"


def seal(entry: SealedEntry) -> JsonObject:
    """Give a new entry its hash, chained on the head (call inside the entry's transaction, before the insert);
    returns the head to `advance` once the entry has its id."""
    head = read_head(lock=True) or {"id": None, "hash": "", "password": password_digest()}
    entry.hash = entry_hash(str(head.get("hash") or ""), entry.season_id, entry.at, entry.operator, entry.action,
                            entry.subject, entry.before, entry.after, entry.imported)
    return head


def advance(entry: SealedEntry, head: JsonObject) -> None:
    """The head now names `entry`; an audited write of the password row (not an imported one) re-seals it."""
    password = password_digest() if _is_password_write(entry.action) and not entry.imported else head.get(
        "password")
    write_head({"id": entry.id, "hash": entry.hash, "password": password})
