"""Opening the league database: a file path, a sqlite:/// or postgresql:// URL, or the default file."""

from __future__ import annotations

import atexit
import errno
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from peewee import Database, DatabaseError, OperationalError, SqliteDatabase

from scorekeeper.db import checked
from scorekeeper.db.migrations import LATEST, migrate, stored_version
from scorekeeper.db.models import database_proxy
from scorekeeper.db.space import full_disk_message

ENV_VAR = "SCOREKEEPER_DB"
SQLITE_PRAGMAS = {"journal_mode": "wal", "foreign_keys": 1, "synchronous": "full", "busy_timeout": 5000}
GUEST_PRAGMAS = {"foreign_keys": 1, "busy_timeout": 5000}
# Tables every Scorekeeper database has (schema 1 on): a file with a `meta` table but not these is someone else's.
CORE_TABLES = {"meta", "league", "season", "team", "player", "game", "game_event", "audit_entry"}
RESTORE_HINT = "restore a backup (scorekeeper --db FILE restore BACKUP)"


class DatabaseOpenError(Exception):
    """The database cannot be opened; the message says which and why, for a person."""


def default_database_path() -> Path:
    """The database file in the user's data folder."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("scorekeeper", appauthor=False)) / "scorekeeper.db"


def resolve_target(target: str | None) -> str:
    """`--db`, else $SCOREKEEPER_DB, else the default file."""
    if target:
        return target
    env = os.environ.get(ENV_VAR)
    if env:
        return env
    return str(default_database_path())


def describe(target: str) -> str:
    """A label for the window's status bar and messages (no password)."""
    if "://" in target:
        parsed = urlparse(target)
        if parsed.scheme.startswith("postgres"):
            host = parsed.hostname or "localhost"
            port = f":{parsed.port}" if parsed.port else ""
            return f"PostgreSQL {host}{port}/{parsed.path.lstrip('/')}"
        return unquote(parsed.path) if parsed.scheme == "sqlite" else target
    return str(Path(target).expanduser())


def _sqlite_path(target: str) -> str:
    if target.startswith("sqlite:///"):
        return unquote(target[len("sqlite:///"):]) if target.startswith("sqlite:////") else unquote(
            target[len("sqlite://"):])
    if target.startswith("sqlite://"):
        return unquote(target[len("sqlite://"):])
    return str(Path(target).expanduser())


def is_postgres(target: str) -> bool:
    return target.startswith(("postgres://", "postgresql://"))


def sqlite_file(target: str | None) -> Path | None:
    """The database file a target names (None for PostgreSQL or an in-memory database); its folder is checked,
    and created for the default database."""
    resolved = resolve_target(target)
    if is_postgres(resolved):
        return None
    if "://" in resolved and not resolved.startswith("sqlite:"):
        raise DatabaseOpenError(f"{resolved!r}: a database is a file path, sqlite:///PATH or "
                                "postgresql://USER@HOST:PORT/NAME")
    text = _sqlite_path(resolved)
    if text == ":memory:":
        return None
    path = Path(text)
    if path.is_dir():
        raise DatabaseOpenError(f"{path} is a folder, not a database file")
    if path.exists() and not path.is_file():
        raise DatabaseOpenError(f"{path} is not a database file (a device, a pipe or a socket)")
    if not path.parent.exists():
        if target is None and not os.environ.get(ENV_VAR):
            path.parent.mkdir(parents=True, exist_ok=True)
        else:
            raise DatabaseOpenError(f"cannot open {path}: the folder {path.parent} does not exist")
    return path


def file_uri(path: Path, **params: str) -> str:
    """An SQLite `file:` URI for a path (`Path.as_uri`: spaces, `#`, `?` and `%` escaped), with query parameters."""
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return path.resolve().as_uri() + (f"?{query}" if query else "")


LOG_HEADER_BYTES = 32
"""The size of a `-wal` holding its header alone: a log begun, not one page written to it yet (SQLite's WAL header)."""


def log_without_frames(path: Path) -> bool:
    """Whether the `-wal` beside `path` is its header alone: a writer stopped (killed, or the power cut) between
    beginning a new log and writing its first page. It holds no commit: the database file is the whole data."""
    try:
        return Path(f"{path}-wal").stat().st_size == LOG_HEADER_BYTES
    except OSError:
        return False


def guest_uri(path: Path) -> str:
    """Read-only, with a read-only wal-index: this connection never writes a byte of the database, its `-wal` or
    its `-shm`, so it can neither checkpoint nor reset nor delete what the owning window writes, even if the window's
    own locks were lost (SQLite then reads the `-wal` into private memory). Where there is no `-shm`, nobody has
    the database open (the caller holds its lock): plain read-only then, which may create a `-shm` beside it.

    Beside a `-wal` without a page (`log_without_frames`) a read-only wal-index with nobody else on the file cannot
    read the log (SQLite retries for ten seconds, then reports a "locking protocol" error): plain read-only then,
    SQLite rebuilding the `-shm` from the log as any next opening does, or, where the `-shm` cannot be written
    (read-only media), immutable, the log holding nothing. The database and its `-wal` are never written."""
    shm = Path(f"{path}-shm")
    if log_without_frames(path):
        writable = os.access(shm, os.W_OK) if shm.exists() else os.access(path.parent, os.W_OK)
        return file_uri(path, mode="ro") if writable else file_uri(path, mode="ro", immutable="1")
    if shm.exists():
        return file_uri(path, mode="ro", readonly_shm="1")
    return file_uri(path, mode="ro")


def check_uri(path: Path) -> str:
    """For checking a file nobody has open: with no -wal and no -shm beside it (no program has it open, nothing is
    waiting in a journal), read it as immutable, so that the check creates nothing beside it either."""
    if not Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists():
        return file_uri(path, mode="ro", immutable="1")
    return guest_uri(path)


def read_only_folder_message(path: Path) -> str:
    return (f"{path} is in a read-only folder ({path.parent}): Scorekeeper writes its journal (the -wal and -shm "
            "files) beside the database; copy it to a folder you can write to, or check the folder's permissions")


def read_only_media(path: Path, exc: OSError) -> bool:
    """Taking the lock failed because nothing can be written beside an existing database (read-only media, a
    read-only share, a folder without write permission): it can still be read."""
    return path.is_file() and exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM)


def read_only_media_note(path: Path) -> str:
    return f"{path} is on read-only media or in a folder this account cannot write to: it can only be read here"


def media_uri(path: Path) -> str:
    """Read-only media: nobody can write the file, so with no journal beside it it is read as immutable (nothing
    created beside it); a journal left there is read, read-only (`guest_uri`)."""
    return check_uri(path)


def _open_sqlite(path: Path, guest: bool, guest_path: Path | None = None, media: bool = False) -> Database:
    if path.exists():
        with open(path, "rb") as fh:
            head = fh.read(16)
        if head and not head.startswith(b"SQLite format 3\x00"):
            raise DatabaseOpenError(f"{path} is not a Scorekeeper database (not an SQLite file)")
        if head:
            _precheck(path, thorough=not guest)
        if not guest and (not path.stat().st_mode & 0o222 or not os.access(path, os.W_OK)):
            raise DatabaseOpenError(f"{path} is read-only: Scorekeeper needs to write to it (check the file's "
                                    "permissions, or copy it somewhere writable)")
    elif guest:
        raise DatabaseOpenError(f"cannot open {path}: no such database")
    if not guest and not os.access(path.parent, os.W_OK):
        raise DatabaseOpenError(read_only_folder_message(path))
    if media:
        return SqliteDatabase(media_uri(path), uri=True, pragmas=GUEST_PRAGMAS, check_same_thread=False)
    if guest:
        return SqliteDatabase(guest_uri(guest_path or path), uri=True, pragmas=GUEST_PRAGMAS, check_same_thread=False)
    return LeagueDatabase(str(path), pragmas=SQLITE_PRAGMAS, check_same_thread=False)


_AT_EXIT: set[Path] = set()


class LeagueDatabase(SqliteDatabase):
    """A league file this process may write: when its last connection closes cleanly (SQLite checkpointed and
    removed the `-wal`), the file is recorded as Scorekeeper left it (`checked.remember`), so that the next opening
    need not check every page. Where another thread's connection kept the `-wal`, it is tried again at the
    process's end (a finished thread's connection is closed by then)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.threads: set[int] = set()  # the threads that opened a connection to it

    def connect(self, reuse_if_open: bool = False) -> bool:
        self.threads.add(threading.get_ident())
        return bool(super().connect(reuse_if_open))

    def others_connected(self) -> bool:
        """Whether a thread other than this one opened a connection (which may still be open)."""
        return bool(self.threads - {threading.get_ident()})

    def _close(self, conn: sqlite3.Connection) -> None:
        checked.closing(Path(self.database), conn)  # another connection wrote: the seals are not vouched for
        conn.close()  # peewee's own `_close`
        self.threads.discard(threading.get_ident())  # a worker's connection closed: the window's close stores again
        path = Path(self.database)
        if not checked.remember(path) and path not in _AT_EXIT:
            _AT_EXIT.add(path)  # another thread's connection was still open: its `-wal` may be gone at the end
            atexit.register(checked.remember, path)


def _precheck(path: Path, thorough: bool) -> None:
    """Read an existing file without changing a byte (nor its -wal or -shm): is it a sound Scorekeeper database
    this version can open? `thorough` (before a process writes to it): every page is checked (`pragma
    integrity_check`) when `checked.full_check_reason` gives a reason (a journal left, a file changed outside
    Scorekeeper or never checked here) or the constant-cost `checked.looks_sound` finds anything odd; otherwise
    the file is as Scorekeeper left it and that constant-cost check is all (issue 29.2)."""
    try:
        tables, version = _read_tables(path, thorough)
    except sqlite3.OperationalError as exc:
        if (full := full_disk_message(str(path), exc, path)) is not None:
            raise DatabaseOpenError(full) from None
        if not os.access(path.parent, os.W_OK) and "unable to open" in str(exc):
            raise DatabaseOpenError(read_only_folder_message(path)) from None
        if "locking protocol" in str(exc):  # SQLITE_PROTOCOL: SQLite's locks on the file were not kept
            raise DatabaseOpenError(f"{path} cannot be read now: a program is not keeping SQLite's locks on it "
                                    f"({exc}); close the other programs using it and try again") from None
        raise DatabaseOpenError(f"{path} is damaged or not a database ({exc}); {RESTORE_HINT}") from None
    except (sqlite3.DatabaseError, ValueError) as exc:
        raise DatabaseOpenError(f"{path} is damaged or not a database ({exc}); {RESTORE_HINT}") from None
    if tables and (version == 0 or not tables >= CORE_TABLES):
        raise DatabaseOpenError(f"{path} is a database, but not a Scorekeeper database")
    if version > LATEST:
        raise DatabaseOpenError(f"{path} was written by a newer Scorekeeper (schema {version}, this one knows up "
                                f"to {LATEST}); install the newer version to open it")


def _read_tables(path: Path, thorough: bool) -> tuple[set[str], int]:
    """The file's tables and schema version (`thorough`: its pages checked too)."""
    con = sqlite3.connect(check_uri(path), uri=True)
    try:
        tables = {r[0] for r in con.execute("select name from sqlite_master where type = 'table'")}
        if thorough:
            _check_pages(con, path)
        version = 0
        if "meta" in tables:
            row = con.execute("select value from meta where key = 'schema_version'").fetchone()
            version = int(row[0]) if row else 0
        return tables, version
    finally:
        con.close()


def _check_pages(con: sqlite3.Connection, path: Path) -> None:
    """The full check where it can find something (`_precheck`); raises sqlite3.DatabaseError on damage."""
    seen = checked.fingerprint(path)
    if checked.as_left(con, path):
        return
    result = con.execute("pragma integrity_check").fetchone()[0]
    if result != "ok":
        checked.forget(path)
        raise sqlite3.DatabaseError(str(result).splitlines()[0])
    checked.remember(path, seen)


def postgres_driver() -> None:
    """Give peewee the PostgreSQL driver (`psycopg`), which it was imported without (`scorekeeper/__init__.py`);
    ImportError where it is not installed."""
    import peewee

    if getattr(peewee, "psycopg", None) is not None:
        return
    import psycopg
    from psycopg.pq import TransactionStatus
    from psycopg.types.json import Json, Jsonb

    adapter = peewee.Psycopg3Adapter
    adapter.txn_idle, adapter.txn_inerror = TransactionStatus.IDLE, TransactionStatus.INERROR
    adapter.txn_unknown = TransactionStatus.UNKNOWN
    values = {"psycopg": psycopg, "TransactionStatus": TransactionStatus, "Json_pg3": Json, "Jsonb_pg3": Jsonb}
    for name, value in values.items():
        setattr(peewee, name, value)


def open_database(target: str | None = None, guest: bool = False, guest_path: Path | None = None,
                  media: bool = False) -> tuple[Database, str]:
    """Open, bind and migrate the database; returns it with its resolved target text. A `guest` (a command while
    the window owns the file) opens it read-only and never migrates it; it reads the journal beside `guest_path`,
    the name the window opened it by (a hard link's other name, say). `media`: a guest because nothing can be
    written where the file is (read-only media)."""
    resolved = resolve_target(target)
    if is_postgres(resolved):
        try:
            postgres_driver()
            from playhouse.db_url import connect

            db = connect(resolved)
        except ImportError as exc:  # pragma: no cover - depends on the installed driver
            raise DatabaseOpenError(f"PostgreSQL needs the psycopg driver (pip install 'scorekeeper[postgres]'): "
                                    f"{exc}") from None
        guest = False
    else:
        path = sqlite_file(target)
        db = (SqliteDatabase(":memory:", pragmas={"foreign_keys": 1}) if path is None
              else _open_sqlite(path, guest, guest_path, media))
    try:
        db.connect(reuse_if_open=True)
        version = stored_version(db)
        if version == 0 and db.get_tables():
            raise DatabaseOpenError(f"{describe(resolved)} is a database, but not a Scorekeeper database")
        if version > LATEST:
            raise DatabaseOpenError(
                f"{describe(resolved)} was written by a newer Scorekeeper (schema {version}, this one "
                f"knows up to {LATEST}); install the newer version to open it")
        if media and version < LATEST:
            raise DatabaseOpenError(f"{describe(resolved)} was written by an older Scorekeeper (schema {version}) "
                                    "and is on read-only media: copy it to a folder you can write to and open it "
                                    "there, which upgrades it")
        if guest and version < LATEST:
            raise DatabaseOpenError(f"{describe(resolved)} is open in a window of an older Scorekeeper (schema "
                                    f"{version}); close that window first")
        previous = database_proxy.obj
        database_proxy.initialize(db)  # bound only once the file passed every check
        if not guest:
            try:
                migrate(db)
            except Exception:
                database_proxy.initialize(previous)
                raise
    except DatabaseOpenError:
        db.close()
        raise
    except (DatabaseError, OperationalError, sqlite3.DatabaseError) as exc:
        db.close()
        full = None if is_postgres(resolved) else full_disk_message(describe(resolved), exc, sqlite_file(target))
        raise DatabaseOpenError(full or f"cannot open {describe(resolved)}: {exc}") from None
    return db, resolved
