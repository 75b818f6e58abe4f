"""Who owns an SQLite league file: the window holds `<db>.lock` exclusively, every other process shares it.

SQLite's own POSIX locks belong to the process, and any `close()` of the database file inside the window's process
(a file dialog sniffing the folder, say) drops them all: another process could then believe it is alone,
checkpoint and delete the `-wal` the window is still writing into. So ownership is decided here instead, by a lock
on a separate file that such a close cannot drop (`flock` holds per open file, `LockFile` per handle):

- the window takes it exclusively, waiting a moment for running commands to finish;
- every other Scorekeeper process (a command) takes it shared for its whole life. If a window holds it, the
  command is a *guest*: it opens the database read-only, with a read-only wal-index, so it can never checkpoint,
  reset or delete the window's `-wal` (see `connect.guest_uri`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import socket
import time
from pathlib import Path
from typing import IO, Any

WINDOW_WAIT_SECONDS = 5.0


class DatabaseLockedError(Exception):
    """The database is held by another Scorekeeper window (or by running commands); the message names it."""


def lock_path(db_path: Path) -> Path:
    return Path(f"{db_path}.lock")


def owner_path(db_path: Path) -> Path:
    """Who holds the lock, beside it: a locked range cannot be read by another process on Windows."""
    return Path(f"{db_path}.owner")


class LeagueLock:
    """The lock beside one database file, held until `release()` or the process's end."""

    def __init__(self, db_path: Path, operator: str = "") -> None:
        self.db_path = Path(db_path)
        self.path = lock_path(self.db_path)
        self.operator = operator
        self._fh: IO[str] | None = None
        self.exclusive = False

    def acquire_window(self, wait: float = WINDOW_WAIT_SECONDS) -> None:
        """Hold the lock exclusively; waits up to `wait` seconds for running commands, then refuses."""
        fh = self._open()
        deadline = time.monotonic() + wait
        while not _try_lock(fh, exclusive=True):
            window = not _try_lock(fh, exclusive=False)  # shared is refused only while a window holds it
            if not window:
                _unlock(fh)
            if window or time.monotonic() >= deadline:
                fh.close()
                if window:
                    raise DatabaseLockedError(f"{self.db_path} is already open in {describe_holder(self._holder())}"
                                              "; close that window first")
                raise DatabaseLockedError(f"{self.db_path} is busy: a scorekeeper command (an import, a backup or "
                                          f"a print, say) has been using it for over {wait:.0f} seconds; try again "
                                          "when it has finished")
            time.sleep(0.1)
        self._fh = fh
        self.exclusive = True
        with contextlib.suppress(OSError):  # the lock holds without it; others then say "another Scorekeeper window"
            owner_path(self.db_path).write_text(json.dumps(
                {"pid": os.getpid(), "host": socket.gethostname(), "operator": self.operator,
                 "since": dt.datetime.now().isoformat(timespec="seconds")}), encoding="utf-8")

    def acquire_command(self) -> str | None:
        """Share the lock; returns None, or a description of the window holding it (the command is then a guest
        and holds nothing)."""
        fh = self._open()
        if _try_lock(fh, exclusive=False):
            self._fh = fh
            return None
        fh.close()
        return describe_holder(self._holder())

    def release(self) -> None:
        if self._fh is None:
            return
        try:
            if self.exclusive:
                with contextlib.suppress(OSError):
                    owner_path(self.db_path).unlink()
        finally:
            _unlock(self._fh)
            self._fh.close()
            self._fh = None
            self.exclusive = False

    def _holder(self) -> str:
        """The window's description, as it wrote it when it took the lock ("" if unknown)."""
        try:
            with open(owner_path(self.db_path), encoding="utf-8") as fh:
                return fh.read(4096)
        except (OSError, UnicodeDecodeError):
            return ""

    def _open(self) -> IO[str]:
        return open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held open while the lock is held




def describe_holder(raw: str) -> str:
    """`the Scorekeeper window on HOST by OPERATOR (process N, since T)` from the lock file's text."""
    try:
        info: dict[str, Any] = json.loads(raw)
        if not isinstance(info, dict):
            raise ValueError
    except ValueError:
        return "another Scorekeeper window"
    who = f" by {info['operator']}" if info.get("operator") else ""
    return (f"the Scorekeeper window on {info.get('host', '?')}{who} (process {info.get('pid', '?')}, "
            f"since {info.get('since', '?')})")


def _try_lock(fh: IO[str], exclusive: bool) -> bool:
    """portalocker: `flock` on Linux and macOS (held per open file, so no other close in the process drops it),
    `LockFileEx` on Windows (per handle); shared or exclusive, never waiting."""
    import portalocker

    flags = (portalocker.LOCK_EX if exclusive else portalocker.LOCK_SH) | portalocker.LOCK_NB
    try:
        portalocker.lock(fh, flags)
        return True
    except (portalocker.exceptions.LockException, OSError):
        return False


def _unlock(fh: IO[str]) -> None:
    import portalocker

    with contextlib.suppress(portalocker.exceptions.LockException, OSError):
        portalocker.unlock(fh)
