"""What a database error means, in words that are true: full disk, read-only, busy, damaged."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Protocol

from scorekeeper.db.connect import RESTORE_HINT, read_only_folder_message

LOW_SPACE_BYTES = 1 << 20


class _Open(Protocol):
    @property
    def database_label(self) -> str: ...

    @property
    def sqlite_path(self) -> Path | None: ...

    owner: str | None


def explain_database_error(svc: _Open, exc: BaseException) -> str:
    """A sentence for a person about a database error raised while `svc` was writing or reading."""
    text = str(exc)
    low = text.lower()
    label = svc.database_label
    path = svc.sqlite_path
    if "full" in low or ("cannot rollback" in low and path is not None and _low_space(path)):
        return (f"the disk holding {label} is full: nothing was written (the database is as it was); free some "
                "space and try again")
    if "readonly" in low or "read-only" in low:
        if svc.owner:
            return (f"{label} is open in {svc.owner}: while that window is open, other programs may only read it; "
                    "nothing was written")
        if path is not None and not os.access(path.parent, os.W_OK):
            return read_only_folder_message(path)
        return f"{label} is read-only: check the file's permissions; nothing was written"
    if "locked" in low or "busy" in low:
        who = svc.owner or "another Scorekeeper program"
        return (f"{label} is busy: {who} is writing to it and did not finish within 5 seconds; nothing was "
                "written, try again in a moment")
    if "constraint failed" in low:  # a row the checks let through twice: never the driver's words (issue 18)
        return (f"{label} already holds that record once (the same player twice in one game's line-ups, say): "
                "nothing was written; check the entry and make it again")
    if "cannot rollback" in low:
        return f"{label} refused the write and nothing was written ({text})"
    if "unable to open" in low:
        return f"cannot open {label}: {text}"
    return f"the database {label} cannot be used: {text}; {RESTORE_HINT}"


def _low_space(path: Path) -> bool:
    try:
        return shutil.disk_usage(path.parent).free < LOW_SPACE_BYTES
    except OSError:
        return False
