"""Backups of an SQLite league database: SQLite's online backup, verified before success; restore."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
from pathlib import Path

from scorekeeper.db import checked
from scorekeeper.db.connect import CORE_TABLES, check_uri
from scorekeeper.db.migrations import LATEST


class BackupError(Exception):
    """A backup or restore that did not happen; the message says why."""


def verify_copy(path: Path) -> int:
    """Check an SQLite file is a sound Scorekeeper database, as thoroughly as before it is written to: every page
    (integrity_check), every reference (foreign_key_check), every row read and its text decoded, the tables a
    Scorekeeper database has. Read-only, the file untouched. Returns its schema version."""

    if not path.is_file():
        raise BackupError(f"{path}: no such file" if not path.exists() else f"{path} is not a database file")
    with open(path, "rb") as fh:
        if not fh.read(16).startswith(b"SQLite format 3\x00"):
            raise BackupError(f"{path} is not a Scorekeeper database (not an SQLite file)")
    try:
        con = sqlite3.connect(check_uri(path), uri=True)
        try:
            result = con.execute("pragma integrity_check").fetchone()[0]
            if result != "ok":
                raise BackupError(f"{path} is damaged: {str(result).splitlines()[0]}")
            page_size = int(con.execute("pragma page_size").fetchone()[0])
            if path.stat().st_size % page_size:
                raise BackupError(f"{path} is damaged: it was cut short (not a whole number of pages)")
            tables = [r[0] for r in con.execute("select name from sqlite_master where type = 'table'")]
            if not set(tables) >= CORE_TABLES:
                raise BackupError(f"{path} is not a Scorekeeper database (tables missing)")
            if con.execute("pragma foreign_key_check").fetchone() is not None:
                raise BackupError(f"{path} is damaged: rows refer to rows that are not there")
            for table in tables:
                for _ in con.execute(f'select * from "{table}"'):  # every value read, every text decoded
                    pass
            row = con.execute("select value from meta where key = 'schema_version'").fetchone()
        finally:
            con.close()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is damaged or not a usable Scorekeeper database: {exc}") from None
    if row is None:
        raise BackupError(f"{path} is not a Scorekeeper database (no schema version)")
    try:
        version = int(row[0])
    except (TypeError, ValueError):
        raise BackupError(f"{path} is damaged: its schema version is {row[0]!r}") from None
    if version > LATEST:
        raise BackupError(f"{path} was written by a newer Scorekeeper (schema {version})")
    return version


def backup_connection(con: sqlite3.Connection, dest: Path) -> Path:
    """Copy a live database to `dest` with SQLite's online backup, verify the copy, then move it in place.
    `dest` is a file path already checked (`outputs.check_output_path`: links resolved, devices refused)."""
    dest = Path(dest)
    if not dest.parent.is_dir():
        raise BackupError(f"cannot write {dest}: the folder {dest.parent} does not exist")
    tmp = dest.with_name(dest.name + ".partial")
    try:
        out = sqlite3.connect(tmp)
        try:
            con.backup(out)
            out.execute("pragma journal_mode=delete")
        finally:
            out.close()
        verify_copy(tmp)
        os.replace(tmp, dest)
    except (OSError, sqlite3.Error) as exc:
        tmp.unlink(missing_ok=True)
        raise BackupError(f"cannot write the backup {dest}: {exc}") from None
    except BackupError:
        tmp.unlink(missing_ok=True)
        raise
    return dest


def dated_name(db_path: Path, label: str = "backup", when: dt.datetime | None = None) -> Path:
    """`league.db` -> `league.backup-20151004-190000.db` beside it."""
    stamp = (when or dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    return db_path.with_name(f"{db_path.stem}.{label}-{stamp}{db_path.suffix or '.db'}")


def restore_into(con: sqlite3.Connection, db_path: Path, source: Path) -> Path:
    """Check `source`, keep the current database as a dated backup, then copy `source` into it."""
    verify_copy(Path(source))
    kept = backup_connection(con, dated_name(db_path, "replaced"))
    try:
        src = sqlite3.connect(check_uri(Path(source)), uri=True)
        try:
            src.backup(con)
        finally:
            src.close()
    except sqlite3.Error as exc:
        raise BackupError(f"cannot restore {source}: {exc}; the database is unchanged ({kept} kept)") from None
    return kept


def prune(folder: Path, stem: str, keep: int) -> list[Path]:
    """Delete all but the newest `keep` automatic backups named `<stem>.backup-*`."""
    found = sorted(folder.glob(f"{stem}.backup-*"), reverse=True)
    removed = found[keep:]
    for p in removed:
        p.unlink(missing_ok=True)
    return removed


def restore_file(target: Path, source: Path) -> Path | None:
    """Restore a database that will not open: check the backup, keep the damaged file (and its WAL) aside as
    `<name>.damaged-<stamp>.db`, then copy the backup into place. Returns the kept file (None if there was none).
    Done holding the database's lock as a window does: refused while a window or a command has the file."""
    from scorekeeper.db.lock import DatabaseLockedError, LeagueLock, real_path

    target, source = real_path(Path(target)), Path(source)  # a link's file is restored, the link kept
    verify_copy(source)
    if not target.parent.is_dir():
        raise BackupError(f"cannot restore to {target}: the folder {target.parent} does not exist")
    lock = LeagueLock(target)
    try:
        lock.acquire_window()
    except (DatabaseLockedError, OSError) as exc:
        raise BackupError(f"cannot restore {target} now: {exc}") from None
    try:
        return _replace_with(target, source)
    finally:
        lock.release()


def _replace_with(target: Path, source: Path) -> Path | None:
    kept: Path | None = None
    if target.exists() and target.stat().st_size == 0 and not Path(f"{target}-wal").exists():
        target.unlink()  # made empty by the lock, to have an identity: nothing to keep
    if target.exists():
        kept = dated_name(target, "damaged")
        os.replace(target, kept)
        for suffix in ("-wal", "-shm"):
            side = Path(f"{target}{suffix}")
            if side.exists():
                os.replace(side, Path(f"{kept}{suffix}"))
    tmp = target.with_name(target.name + ".partial")
    try:
        src = sqlite3.connect(check_uri(Path(source)), uri=True)
        out = sqlite3.connect(tmp)
        try:
            src.backup(out)
        finally:
            out.close()
            src.close()
        verify_copy(tmp)
        os.replace(tmp, target)
        checked.remember(target)  # every page was just checked: the next opening need not (issue 29.2)
    except (OSError, sqlite3.Error, BackupError) as exc:
        tmp.unlink(missing_ok=True)
        if kept is not None and not target.exists():
            os.replace(kept, target)  # put the original back: nothing changed
        raise BackupError(f"cannot restore {source} to {target}: {exc}") from None
    return kept
