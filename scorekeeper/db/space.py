"""A full disk called full: SQLite says "disk I/O error" when it cannot grow its `-shm` or `-wal` on a nearly
full disk, so the free space of the database's folder decides what the error means."""

from __future__ import annotations

import errno
import shutil
from pathlib import Path

# Under this, a failure to write is the disk's: SQLite's -shm alone needs 32 KB, a transaction a few pages more.
LOW_SPACE_BYTES = 1 << 20
FULL_WORDS = ("database or disk is full", "sqlite_full", "no space left on device", "enospc", "disk quota exceeded")
IO_WORDS = ("disk i/o error", "cannot rollback")


def free_bytes(folder: Path) -> int | None:
    """The free space of the disk holding `folder` (None: unknown)."""
    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return None


def disk_full(exc: BaseException, path: Path | None) -> bool:
    """Whether `exc`, raised while using the database file `path`, is a full disk: the words say so, or
    SQLite's "disk I/O error" while the folder has less than `LOW_SPACE_BYTES` free."""
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    low = str(exc).lower()
    if any(word in low for word in FULL_WORDS):
        return True
    if path is None or not any(word in low for word in IO_WORDS):
        return False
    free = free_bytes(path.parent)
    return free is not None and free < LOW_SPACE_BYTES


def full_message(label: str, path: Path | None) -> str:
    """What a person reads: which disk, how much is free, that nothing was written, what to do."""
    free = free_bytes(path.parent) if path is not None else None
    left = f" ({_size(free)} free)" if free is not None else ""
    return (f"the disk holding {label} is full{left}: nothing was written (the database is as it was); free some "
            "space on that disk (Scorekeeper needs about 1 MB free beside the database for its journal) and try "
            "again")


def full_disk_message(label: str, exc: BaseException, path: Path | None) -> str | None:
    """`full_message` when `exc` is a full disk, else None (for an except branch that has its own words)."""
    return full_message(label, path) if disk_full(exc, path) else None


def _size(count: int) -> str:
    if count < 1024:
        return f"{count} bytes"
    if count < 1 << 20:
        return f"{count // 1024} KB"
    return f"{count / (1 << 20):.1f} MB"
