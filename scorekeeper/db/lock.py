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
import sys
import time
from pathlib import Path
from typing import IO, Any

WINDOW_WAIT_SECONDS = 5.0


class DatabaseLockedError(Exception):
    """The database is held by another Scorekeeper window (or by running commands); the message names it."""


def lock_path(db_path: Path) -> Path:
    return Path(f"{db_path}.lock")


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
            holder = _read(fh)
            if holder or time.monotonic() >= deadline:
                fh.close()
                if holder:
                    raise DatabaseLockedError(f"{self.db_path} is already open in {describe_holder(holder)}; "
                                              "close that window first")
                raise DatabaseLockedError(f"{self.db_path} is busy: a scorekeeper command (an import, a backup or "
                                          f"a print, say) has been using it for over {wait:.0f} seconds; try again "
                                          "when it has finished")
            time.sleep(0.1)
        fh.seek(0)
        fh.truncate()
        fh.write(json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "operator": self.operator,
                             "since": dt.datetime.now().isoformat(timespec="seconds")}))
        fh.flush()
        self._fh = fh
        self.exclusive = True

    def acquire_command(self) -> str | None:
        """Share the lock; returns None, or a description of the window holding it (the command is then a guest
        and holds nothing)."""
        fh = self._open()
        if _try_lock(fh, exclusive=False):
            self._fh = fh
            return None
        holder = _read(fh)
        fh.close()
        return describe_holder(holder)

    def release(self) -> None:
        if self._fh is None:
            return
        try:
            if self.exclusive:
                self._fh.seek(0)
                self._fh.truncate()
                self._fh.flush()
        finally:
            _unlock(self._fh)
            self._fh.close()
            self._fh = None
            self.exclusive = False

    def _open(self) -> IO[str]:
        return open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held open while the lock is held


def _read(fh: IO[str]) -> str:
    try:
        fh.seek(0)
        return fh.read(4096)
    except (OSError, UnicodeDecodeError):
        return ""


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


# Windows: `LockFile` on byte 0 (per handle, so no close elsewhere drops it); msvcrt has no shared lock, so a command
# only probes it. The hazard this module guards against (POSIX locks dropped by a close) does not exist there.
def _try_lock(fh: IO[str], exclusive: bool) -> bool:
    if sys.platform == "win32":  # pragma: no cover - Windows
        import msvcrt

        fh.seek(0)
        try:
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        if not exclusive:
            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)
        return True
    import fcntl

    try:
        fcntl.flock(fh.fileno(), (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def _unlock(fh: IO[str]) -> None:
    if sys.platform == "win32":  # pragma: no cover - Windows
        import msvcrt

        with contextlib.suppress(OSError):
            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
