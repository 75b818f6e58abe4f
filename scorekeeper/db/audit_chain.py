"""The audit trail is tamper-evident: each entry is chained to the one before by a hash.

An entry's `hash` is sha256 over the previous entry's hash and the entry's canonical content (season, when,
who, what, subject, before, after, imported). The `meta` row `audit_chain` is the chain's head: the last
entry's id and hash, and a hash over the office password row as the program last wrote it. So an entry
edited, removed or added outside Scorekeeper, or a password row deleted or replaced with `sqlite3`, no longer
matches. `problems()` finds it; `re_anchor()` records what was found as an audit entry and anchors the chain on
the trail as it now is, so the warning is given once.

This is evidence, not a lock: someone who recomputes every hash by hand is not detected (nothing unkeyed can),
but an ordinary edit, a deleted row or a swapped password hash is.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from typing import Any

from peewee import SqliteDatabase

from scorekeeper.db.models import AuditEntry, Meta, database_proxy

HEAD = "audit_chain"
PASSWORD = "office_password"
ALTERED = "audit trail altered outside Scorekeeper"


def _at(value: Any) -> str:
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
    content = json.dumps([previous, season_id, _at(at), operator or "", action, subject or "", before, after,
                          bool(imported)], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


def password_digest() -> str | None:
    """A hash over the office password row (None: there is none)."""
    row = Meta.get_or_none(Meta.key == PASSWORD)
    return None if row is None else hashlib.sha256(f"{PASSWORD}\0{row.value}".encode()).hexdigest()


def _read_head(lock: bool = False) -> dict[str, Any] | None:
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


def _write_head(head: dict[str, Any]) -> None:
    text = json.dumps({k: head.get(k) for k in ("id", "hash", "password")})
    if not Meta.update(value=text).where(Meta.key == HEAD).execute():
        Meta.create(key=HEAD, value=text)


def _is_password_write(action: str) -> bool:
    """The program's own writes of the password row are audited in the same transaction under these actions."""
    return action.startswith("office password") and action != "office password refused"


def seal(entry: AuditEntry) -> dict[str, Any]:
    """Give a new entry its hash, chained on the head (call inside the entry's transaction, before the insert);
    returns the head to `advance` once the entry has its id."""
    head = _read_head(lock=True) or {"id": None, "hash": "", "password": password_digest()}
    entry.hash = entry_hash(str(head.get("hash") or ""), entry.season_id, entry.at, entry.operator, entry.action,
                            entry.subject, entry.before, entry.after, entry.imported)
    return head


def advance(entry: AuditEntry, head: dict[str, Any]) -> None:
    """The head now names `entry`; an audited write of the password row (not an imported one) re-seals it."""
    password = password_digest() if _is_password_write(entry.action) and not entry.imported else head.get(
        "password")
    _write_head({"id": entry.id, "hash": entry.hash, "password": password})


def _rows() -> Any:
    return (AuditEntry.select(AuditEntry.id, AuditEntry.season, AuditEntry.at, AuditEntry.operator,
                              AuditEntry.action, AuditEntry.subject, AuditEntry.before, AuditEntry.after,
                              AuditEntry.imported, AuditEntry.hash).order_by(AuditEntry.id).tuples())


def _describe(row: Any) -> str:
    return f"entry #{row[0]} ({_at(row[2])[:19]}, {row[4]!r}{' ' + repr(row[5]) if row[5] else ''})"


def problems(lock: bool = False) -> list[str]:
    """What was altered outside Scorekeeper, in words ([] when the trail and the password row are intact).
    The head is read first: entries another process appended since, chained on it, are not a finding. `lock`
    (inside a write transaction): appenders wait, so the head, the trail and the password row agree."""
    found: list[str] = []
    head = _read_head(lock)
    if head is None:
        return ["the seal of the audit trail (the meta row 'audit_chain') was deleted"]
    if head.get("unreadable"):
        found.append("the seal of the audit trail (the meta row 'audit_chain') was edited")
    head_id = head.get("id") if isinstance(head.get("id"), int) else None
    previous, previous_id, last, broken, at_head = "", 0, None, set(), None
    for row in _rows():
        if row[9] != entry_hash(previous, *row[1:9]):
            broken.add(row[0])
            if row[9] is None:
                found.append(f"{_describe(row)} was added without its hash")
            elif row[0] != previous_id + 1:
                found.append(f"entries were deleted between #{previous_id} and #{row[0]}" if previous_id
                             else f"entries were deleted before #{row[0]}")
            else:
                found.append(f"{_describe(row)} was changed")
        if row[0] == head_id:
            at_head = row
        previous, previous_id, last = str(row[9] or ""), row[0], row
    if not head.get("unreadable"):
        if head_id is not None and last is None:
            found.append(f"every audit entry was deleted (the trail's last entry was #{head_id})")
        elif head_id is not None and at_head is None:
            found.append(f"the latest audit entries were deleted (the trail now ends at #{last[0]}, its last entry "
                         f"was #{head_id})" if last is not None and last[0] < head_id
                         else f"entry #{head_id}, the trail's last when the program last wrote it, was deleted")
        elif at_head is not None and at_head[9] != head.get("hash") and at_head[0] not in broken:
            found.append(f"{_describe(at_head)} is not the entry the trail last recorded")
        password = password_digest()
        if password != head.get("password"):
            if password is None:
                found.append("the office password row was deleted (the office was left unguarded)")
            elif head.get("password") is None:
                found.append("an office password row was added")
            else:
                found.append("the office password row was replaced")
    return found


def rechain() -> None:
    """Compute every entry's hash again over the trail as it is and write the head (the migration that adds
    the chain, and `re_anchor`)."""
    previous, last_id = "", None
    for row in _rows():
        expected = entry_hash(previous, *row[1:9])
        if row[9] != expected:
            AuditEntry.update(hash=expected).where(AuditEntry.id == row[0]).execute()
        previous, last_id = expected, row[0]
    _write_head({"id": last_id, "hash": previous, "password": password_digest()})


def re_anchor(found: list[str], season_id: int | None, operator: str) -> None:
    """Record what was found as an audit entry chained on the trail as it now is (the caller holds the
    transaction): the warning is given once."""
    rechain()
    AuditEntry.create(season=season_id, operator=operator, action=ALTERED, subject="audit trail",
                      after=json.dumps({"found": found}, ensure_ascii=False))
