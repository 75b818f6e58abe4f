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

import json
from typing import Any

from scorekeeper.db.audit_seal import at_text, entry_hash, password_digest, read_head, write_head
from scorekeeper.db.models import AuditEntry

ALTERED = "audit trail altered outside Scorekeeper"

def _rows() -> Any:
    return (AuditEntry.select(AuditEntry.id, AuditEntry.season, AuditEntry.at, AuditEntry.operator,
                              AuditEntry.action, AuditEntry.subject, AuditEntry.before, AuditEntry.after,
                              AuditEntry.imported, AuditEntry.hash).order_by(AuditEntry.id).tuples())


def _describe(row: Any) -> str:
    return f"entry #{row[0]} ({at_text(row[2])[:19]}, {row[4]!r}{' ' + repr(row[5]) if row[5] else ''})"


def problems(lock: bool = False) -> list[str]:
    """What was altered outside Scorekeeper, in words ([] when the trail and the password row are intact).
    The head is read first: entries another process appended since, chained on it, are not a finding. `lock`
    (inside a write transaction): appenders wait, so the head, the trail and the password row agree."""
    found: list[str] = []
    head = read_head(lock)
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
    write_head({"id": last_id, "hash": previous, "password": password_digest()})


def re_anchor(found: list[str], season_id: int | None, operator: str) -> None:
    """Record what was found as an audit entry chained on the trail as it now is (the caller holds the
    transaction): the warning is given once."""
    rechain()
    AuditEntry.create(season=season_id, operator=operator, action=ALTERED, subject="audit trail",
                      after=json.dumps({"found": found}, ensure_ascii=False))
