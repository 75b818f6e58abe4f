"""Opening the league database: a file path, a sqlite:/// or postgresql:// URL, or the default file."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import unquote, urlparse

from peewee import Database, DatabaseError, OperationalError, SqliteDatabase

from scorekeeper.db.migrations import LATEST, migrate, stored_version
from scorekeeper.db.models import database_proxy

ENV_VAR = "SCOREKEEPER_DB"
SQLITE_PRAGMAS = {"journal_mode": "wal", "foreign_keys": 1, "synchronous": "full", "busy_timeout": 5000}
KNOWN_TABLES = {"meta"}


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


def _open_sqlite(path_text: str, create_folder: bool) -> Database:
    if path_text == ":memory:":
        return SqliteDatabase(":memory:", pragmas={"foreign_keys": 1})
    path = Path(path_text)
    if path.is_dir():
        raise DatabaseOpenError(f"{path} is a folder, not a database file")
    if not path.parent.exists():
        if create_folder:
            path.parent.mkdir(parents=True, exist_ok=True)
        else:
            raise DatabaseOpenError(f"cannot open {path}: the folder {path.parent} does not exist")
    if path.exists():
        with open(path, "rb") as fh:
            head = fh.read(16)
        if head and not head.startswith(b"SQLite format 3\x00"):
            raise DatabaseOpenError(f"{path} is not a Scorekeeper database (not an SQLite file)")
        if head:
            _precheck(path)
        if not path.stat().st_mode & 0o222 or not os.access(path, os.W_OK):
            raise DatabaseOpenError(f"{path} is read-only: Scorekeeper needs to write to it (check the file's "
                                    "permissions, or copy it somewhere writable)")
    return SqliteDatabase(str(path), pragmas=SQLITE_PRAGMAS, check_same_thread=False)


def _precheck(path: Path) -> None:
    """Read an existing file without changing a byte: is it a Scorekeeper database this version can open?"""
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            tables = {r[0] for r in con.execute("select name from sqlite_master where type = 'table'")}
            with open(path, "rb") as fh:
                header = fh.read(20)
            if len(header) < 20 or header[18] != 2:
                # Not yet in WAL mode: opening would rewrite the header, so check every page first.
                result = con.execute("pragma quick_check").fetchone()[0]
                if result != "ok":
                    raise sqlite3.DatabaseError(result)
            version = 0
            if "meta" in tables:
                row = con.execute("select value from meta where key = 'schema_version'").fetchone()
                version = int(row[0]) if row else 0
        finally:
            con.close()
    except (sqlite3.DatabaseError, ValueError) as exc:
        raise DatabaseOpenError(f"{path} is damaged or not a database ({exc}); restore a backup "
                                "(scorekeeper --db FILE restore BACKUP)") from None
    if tables and "meta" not in tables:
        raise DatabaseOpenError(f"{path} is a database, but not a Scorekeeper database")
    if version > LATEST:
        raise DatabaseOpenError(f"{path} was written by a newer Scorekeeper (schema {version}, this one knows up "
                                f"to {LATEST}); install the newer version to open it")


def open_database(target: str | None = None) -> tuple[Database, str]:
    """Open, bind and migrate the database; returns it with its resolved target text."""
    resolved = resolve_target(target)
    default = target is None and not os.environ.get(ENV_VAR)
    if resolved.startswith(("postgres://", "postgresql://")):
        try:
            from playhouse.db_url import connect

            db = connect(resolved)
        except ImportError as exc:  # pragma: no cover - depends on the installed driver
            raise DatabaseOpenError(f"PostgreSQL needs the psycopg2 driver: {exc}") from None
    elif "://" in resolved and not resolved.startswith("sqlite:"):
        raise DatabaseOpenError(f"{resolved!r}: a database is a file path, sqlite:///PATH or "
                                "postgresql://USER@HOST:PORT/NAME")
    else:
        db = _open_sqlite(_sqlite_path(resolved), create_folder=default)
    try:
        db.connect(reuse_if_open=True)
        version = stored_version(db)
        if version == 0 and db.get_tables():
            raise DatabaseOpenError(f"{describe(resolved)} is a database, but not a Scorekeeper database")
        if version > LATEST:
            raise DatabaseOpenError(
                f"{describe(resolved)} was written by a newer Scorekeeper (schema {version}, this one "
                f"knows up to {LATEST}); install the newer version to open it")
        previous = database_proxy.obj
        database_proxy.initialize(db)  # bound only once the file passed every check
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
        raise DatabaseOpenError(f"cannot open {describe(resolved)}: {exc}") from None
    return db, resolved
