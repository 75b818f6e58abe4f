"""What a database error means, in words that are true: full disk, read-only, busy, damaged."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol

from scorekeeper.db import space
from scorekeeper.db.connect import RESTORE_HINT, read_only_folder_message
from scorekeeper.db.holder import busy_message
from scorekeeper.db.lock import OwnershipLostError


class _Open(Protocol):
    @property
    def database_label(self) -> str: ...

    @property
    def sqlite_path(self) -> Path | None: ...

    owner: str | None


def explain_database_error(svc: _Open, exc: BaseException) -> str:
    """A sentence for a person about a database error raised while `svc` was writing or reading."""
    text = str(exc)
    if isinstance(exc, OwnershipLostError):
        return text
    low = text.lower()
    label = svc.database_label
    path = svc.sqlite_path
    if space.disk_full(exc, path):
        return space.full_message(label, path)
    if "readonly" in low or "read-only" in low:
        if svc.owner:
            return (f"{label} is open in {svc.owner}: while that window is open, other programs may only read it; "
                    "nothing was written")
        if path is not None and not os.access(path.parent, os.W_OK):
            return read_only_folder_message(path)
        return f"{label} is read-only: check the file's permissions; nothing was written"
    if "locked" in low or "busy" in low:
        return busy_message(label, svc.owner, path)
    if "constraint failed" in low:  # a row the checks let through twice: never the driver's words (issue 18)
        return (f"{label} already holds that record once (the same player twice in one game's line-ups, say): "
                "nothing was written; check the entry and make it again")
    if "cannot rollback" in low:
        return f"{label} refused the write and nothing was written ({text})"
    if "unable to open" in low:
        return f"cannot open {label}: {text}"
    return f"the database {label} cannot be used: {text}; {RESTORE_HINT}"
