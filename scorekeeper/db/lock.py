"""Who owns an SQLite league file: the window holds its locks exclusively, every other process shares them.

SQLite's own POSIX locks belong to the process, and any `close()` of the database file inside the window's process
(a file dialog sniffing the folder, say) drops them all: another process could then believe it is alone,
checkpoint and delete the `-wal` the window is still writing into. So ownership is decided here instead, by locks
on separate files that such a close cannot drop (`flock` holds per open file, `LockFileEx` per handle).

Ownership follows the *file*, not the way its name was typed (issue 26). Two locks are taken, both the same way:

- `<real path>.lock` beside the database, its name from the path with every symbolic link, `..` and relative
  part resolved: every spelling on this PC, and every PC sharing the folder, meets the same file;
- `<identity>.lock` in this PC's lock folder (`lock_folder`), named after the file's identity (its device and
  inode; on Windows the volume serial number and file ID): a hard link, or a lock file deleted beside the
  database by a clean-up tool, still meets this one.

The window takes both exclusively, waiting a moment for running commands to finish; every other Scorekeeper
process (a command) takes both shared for its whole life. If a window holds either, the command is a *guest*: it
opens the database read-only, with a read-only wal-index, so it can never checkpoint, reset or delete the window's
`-wal` (see `connect.guest_uri`). Before each of its writes the window checks that it still holds both
(`LeagueLock.check_held`): a lock file deleted or replaced is taken back while the other still kept every other
process out; when neither could be kept, the write is refused with a message and never acknowledged.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fnmatch
import json
import os
import socket
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from peewee import OperationalError

from scorekeeper.json_value import JsonValue

WINDOW_WAIT_SECONDS = 5.0
LOCK_DIR_ENV = "SCOREKEEPER_LOCK_DIR"
STALE_SECONDS = 30 * 24 * 3600  # an identity lock nobody took for this long is removed (`prune_lock_folder`)
PRUNE_EVERY_SECONDS = 24 * 3600  # the lock folder is looked over at most this often (`prune_due`)
PRUNE_MARK = "pruned"  # its file in the lock folder, written when the folder is looked over
_pruned = False


class DatabaseLockedError(Exception):
    """The database is held by another Scorekeeper window (or by running commands); the message names it."""


class OwnershipLostError(OperationalError):
    """The window no longer owns its database (its locks were taken away): the write was not made."""


def real_path(db_path: Path) -> Path:
    """The database's path with symbolic links, `..` and relative parts resolved (the file need not exist)."""
    return Path(os.path.realpath(Path(db_path).expanduser()))


def lock_path(db_path: Path) -> Path:
    return Path(f"{real_path(db_path)}.lock")


def owner_path(db_path: Path) -> Path:
    """Who holds the lock, beside it: a locked range cannot be read by another process on Windows."""
    return Path(f"{real_path(db_path)}.owner")


def lock_folder() -> Path:
    """This PC's folder of identity locks: $SCOREKEEPER_LOCK_DIR, else `scorekeeper-locks` in the system's temporary
    folder (shared by every user of the PC on Linux, the user's own on Windows and macOS)."""
    env = os.environ.get(LOCK_DIR_ENV)
    return Path(env) if env else Path(tempfile.gettempdir()) / "scorekeeper-locks"


def file_identity(path: Path) -> str | None:
    """`<device>-<inode>` of an existing file, the same through every name it has (None: not there, or the file
    system gives no identity)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return f"{st.st_dev:x}-{st.st_ino:x}" if st.st_ino else None


def identity_lock_path(db_path: Path) -> Path | None:
    ident = file_identity(db_path)
    return None if ident is None else lock_folder() / f"{ident}.lock"


def identity_owner_path(lock: Path) -> Path:
    return lock.with_suffix(".owner")


@dataclass
class _Held:
    """One lock file, open and locked."""

    path: Path
    fh: IO[str]

    def intact(self) -> bool:
        """The file at `path` is still the one locked (not deleted, not replaced)."""
        try:
            now, mine = os.stat(self.path), os.fstat(self.fh.fileno())
        except OSError:
            return False
        return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)

    def drop(self) -> None:
        _unlock(self.fh)
        self.fh.close()


class LeagueLock:
    """The two locks of one database file (beside it and by identity), held until `release()` or the process's
    end."""

    def __init__(self, db_path: Path, operator: str = "") -> None:
        self.db_path = Path(db_path)
        self.real = real_path(self.db_path)
        self.path = lock_path(self.db_path)
        self.operator = operator
        self._held: list[_Held] = []
        self.exclusive = False
        self.restored = 0  # lock files the window took back after they were deleted or replaced

    @property
    def _fh(self) -> IO[str] | None:  # kept for callers that ask whether anything is held
        return self._held[0].fh if self._held else None

    def _paths(self) -> list[Path]:
        """The lock files, beside the database first. The database is created (empty) if it is not there yet, so
        that it has an identity to lock."""
        if not self.real.exists():
            with open(self.real, "ab"):
                pass
        paths = [self.path]
        ident = identity_lock_path(self.real)
        if ident is not None:
            with contextlib.suppress(OSError):
                ident.parent.mkdir(parents=True, exist_ok=True)
                with contextlib.suppress(OSError):
                    os.chmod(ident.parent, 0o1777)  # every user of the PC may lock here, none delete another's
            if ident.parent.is_dir():
                paths.append(ident)
                prune_lock_folder(ident.parent)
        return paths

    def acquire_window(self, wait: float = WINDOW_WAIT_SECONDS) -> None:
        """Hold both locks exclusively; waits up to `wait` seconds for running commands, then refuses."""
        deadline = time.monotonic() + wait
        held: list[_Held] = []
        try:
            for path in self._paths():
                while True:
                    got = _take(path, exclusive=True)
                    if got is not None:
                        held.append(got)
                        break
                    window = _held_exclusively(path)
                    if window or time.monotonic() >= deadline:
                        if window:
                            raise DatabaseLockedError(f"{self.db_path} is already open in "
                                                      f"{describe_holder(self._holder())}; close that window first")
                        raise DatabaseLockedError(
                            f"{self.db_path} is busy: a scorekeeper command (an import, a backup or a print, say) "
                            f"has been using it for over {wait:.0f} seconds; try again when it has finished")
                    time.sleep(0.1)
        except BaseException:
            for h in held:
                h.drop()
            raise
        self._held = held
        self.exclusive = True
        self._write_owner()

    def acquire_command(self) -> str | None:
        """Share both locks; returns None, or a description of the window holding either (the command is then a
        guest and holds nothing)."""
        held: list[_Held] = []
        for path in self._paths():
            got = _take(path, exclusive=False)
            if got is None:
                for h in held:
                    h.drop()
                return describe_holder(self._holder())
            held.append(got)
        self._held = held
        return None

    def window_path(self) -> Path:
        """The path the owning window opened the database by (a guest reads the journal it writes, beside that
        name); the database's own real path when unknown."""
        ident = identity_lock_path(self.real)
        if ident is not None:
            with contextlib.suppress(OSError, ValueError, UnicodeDecodeError):
                info = json.loads(identity_owner_path(ident).read_text(encoding="utf-8"))
                other = Path(str(info.get("path", "")))
                if info.get("path") and file_identity(other) == file_identity(self.real):
                    return other
        return self.real

    def check_held(self) -> str | None:
        """The window, before a write: None while it still owns the database. A lock file deleted or replaced is
        taken back while the other lock kept every other process out meanwhile; otherwise the reason ownership
        is lost, in words (the caller must not write)."""
        if not self.exclusive:
            return None
        broken = [h for h in self._held if not h.intact()]
        if not broken:
            return None
        if len(broken) == len(self._held):
            return (f"Scorekeeper no longer owns {self.db_path}: its lock files were deleted or replaced by another "
                    "program while this window was open, so another program may have used the database meanwhile; "
                    "nothing was written. Close this window and open the database again")
        for h in broken:
            got = _take(h.path, exclusive=True)
            if got is None:
                return (f"Scorekeeper no longer owns {self.db_path}: its lock file {h.path} was replaced and another "
                        "program holds it now; nothing was written. Close that program, then this window, and open "
                        "the database again")
            h.drop()
            self._held[self._held.index(h)] = got
            self.restored += 1
        self._write_owner()
        return None

    def release(self) -> None:
        if not self._held:
            return
        try:
            if self.exclusive:
                for p in self._owner_paths():
                    with contextlib.suppress(OSError):
                        p.unlink()
        finally:
            for h in self._held:
                h.drop()
            self._held = []
            self.exclusive = False

    def _owner_paths(self) -> list[Path]:
        return [owner_path(self.db_path)] + [identity_owner_path(h.path) for h in self._held[1:]]

    def _write_owner(self) -> None:
        text = json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "operator": self.operator,
                           "since": dt.datetime.now().isoformat(timespec="seconds"), "path": str(self.real)})
        for p in self._owner_paths():
            with contextlib.suppress(OSError):  # the lock holds without it; others then say "another ... window"
                p.write_text(text, encoding="utf-8")

    def _holder(self) -> str:
        """The window's description, as it wrote it when it took the lock ("" if unknown)."""
        ident = identity_lock_path(self.real)
        for p in [owner_path(self.db_path)] + ([identity_owner_path(ident)] if ident else []):
            try:
                with open(p, encoding="utf-8") as fh:
                    return fh.read(4096)
            except (OSError, UnicodeDecodeError):
                continue
        return ""


def describe_holder(raw: str) -> str:
    """`the Scorekeeper window on HOST by OPERATOR (process N, since T)` from the lock file's text."""
    try:
        info: JsonValue = json.loads(raw)
        if not isinstance(info, dict):
            raise ValueError
    except ValueError:
        return "another Scorekeeper window"
    who = f" by {info['operator']}" if info.get("operator") else ""
    return (f"the Scorekeeper window on {info.get('host', '?')}{who} (process {info.get('pid', '?')}, "
            f"since {info.get('since', '?')})")


def prune_lock_folder(folder: Path) -> None:
    """Once a process, and at most once a day on the PC (`prune_due`): remove identity locks nobody has taken for
    `STALE_SECONDS` and nobody holds now (a lock file's time is refreshed whenever it is taken), so the folder does
    not grow with every file ever opened."""
    global _pruned
    if _pruned:
        return
    _pruned = True
    if not prune_due(folder):
        return
    for path in stale_files(folder, "*.lock", STALE_SECONDS):
        with contextlib.suppress(OSError):
            got = _take(path, exclusive=True)
            if got is not None:
                with contextlib.suppress(OSError):
                    path.unlink()
                    identity_owner_path(path).unlink(missing_ok=True)
                got.drop()


def prune_due(folder: Path) -> bool:
    """Whether `folder` is due to be looked over (issue 29.4): not looked over in the last `PRUNE_EVERY_SECONDS`
    by its mark's time (a mark dated in the future is not trusted). When due, the mark is dated now; a folder of
    thousands of locks is then read once a day, not by every process. What a lock refuses never depends on it:
    only locks nobody took for a month, and nobody holds, are ever removed."""
    mark = folder / PRUNE_MARK
    with contextlib.suppress(OSError):
        if 0 <= time.time() - os.stat(mark).st_mtime < PRUNE_EVERY_SECONDS:
            return False
    with contextlib.suppress(OSError):
        with open(mark, "a", encoding="utf-8"):
            pass
        os.utime(mark)
        with contextlib.suppress(OSError):
            os.chmod(mark, 0o666)  # another user of the PC dates it as well
    return True


def stale_files(folder: Path, pattern: str, seconds: float) -> list[Path]:
    """The files of `folder` matching `pattern` not written for `seconds` (none where the folder cannot be read)."""
    cutoff = time.time() - seconds
    found: list[Path] = []
    with contextlib.suppress(OSError), os.scandir(folder) as entries:  # a folder of thousands: no Path for each
        named = {entry.name: entry for entry in entries}
        for name in fnmatch.filter(named, pattern):
            with contextlib.suppress(OSError):
                if named[name].stat().st_mtime < cutoff:
                    found.append(folder / name)
    return found


def _open(path: Path) -> IO[str]:
    """A lock file, created if need be; read-only where another user of the PC made it."""
    try:
        return open(path, "a+", encoding="utf-8")  # noqa: SIM115 - held open while the lock is held
    except PermissionError:
        if not path.exists():
            raise
        return open(path, encoding="utf-8")  # noqa: SIM115


def _take(path: Path, exclusive: bool) -> _Held | None:
    """Lock `path` without waiting (None: another process holds it the other way). A file deleted or replaced
    between opening and locking is opened again, so the lock taken is on the file the name now gives."""
    for _ in range(20):
        fh = _open(path)
        if not _try_lock(fh, exclusive):
            fh.close()
            return None
        held = _Held(path, fh)
        if held.intact():
            with contextlib.suppress(OSError):
                os.utime(path)  # taken now: not stale
            return held
        held.drop()
    raise OSError(f"the lock file {path} keeps being replaced by another program")


def _held_exclusively(path: Path) -> bool:
    """A window holds `path` (shared is refused only while a window holds it)."""
    got = _take(path, exclusive=False)
    if got is None:
        return True
    got.drop()
    return False


def _try_lock(fh: IO[str], exclusive: bool) -> bool:
    """portalocker: `flock` on Linux and macOS (held per open file, so no other close in the process drops it),
    `LockFileEx` on Windows (per handle); shared or exclusive, never waiting."""
    from scorekeeper.db.portalock import EXCLUSIVE, NON_BLOCKING, SHARED, LockException, lock

    try:
        lock(fh, (EXCLUSIVE if exclusive else SHARED) | NON_BLOCKING)
        return True
    except (LockException, OSError):
        return False


def _unlock(fh: IO[str]) -> None:
    from scorekeeper.db.portalock import LockException, unlock

    with contextlib.suppress(LockException, OSError):
        unlock(fh)
