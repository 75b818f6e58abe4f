"""One writer per SQLite file: the window holds an exclusive lock beside the database, naming its holder."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import socket
import sys
from pathlib import Path
from typing import IO, Any


class DatabaseLockedError(Exception):
    """Another Scorekeeper window has the database open; the message names it."""


class WriterLock:
    """An exclusive, advisory lock on `<db>.lock`, released on close or when the process dies."""

    def __init__(self, db_path: Path, operator: str = "") -> None:
        self.path = Path(f"{db_path}.lock")
        self._fh: IO[str] | None = None
        self.operator = operator

    def acquire(self) -> None:
        fh = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held open while the lock is held
        if not _try_lock(fh):
            fh.seek(0)
            raw = fh.read()
            fh.close()
            raise DatabaseLockedError(f"{self.path.with_suffix('')} is already open in {_describe(raw)}; close "
                                      "that window first, or open the database read-only")
        fh.seek(0)
        fh.truncate()
        fh.write(json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "operator": self.operator,
                             "since": dt.datetime.now().isoformat(timespec="seconds")}))
        fh.flush()
        self._fh = fh

    def release(self) -> None:
        if self._fh is not None:
            try:
                self._fh.seek(0)
                self._fh.truncate()
            finally:
                _unlock(self._fh)
                self._fh.close()
                self._fh = None


def _describe(raw: str) -> str:
    try:
        info: dict[str, Any] = json.loads(raw)
    except ValueError:
        return "another Scorekeeper window"
    who = f" by {info['operator']}" if info.get("operator") else ""
    return (f"another Scorekeeper window on {info.get('host', '?')}{who} (process {info.get('pid', '?')}, "
            f"since {info.get('since', '?')})")


def _try_lock(fh: IO[str]) -> bool:
    if sys.platform == "win32":  # pragma: no cover - Windows
        import msvcrt

        try:
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    import fcntl

    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def _unlock(fh: IO[str]) -> None:
    if sys.platform == "win32":  # pragma: no cover - Windows
        import msvcrt

        with contextlib.suppress(OSError):
            msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
