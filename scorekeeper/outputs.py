"""Where a command may write a file it was told to (`print -o`, `export -o`, `publish -o`, `mail --eml-folder`,
`backup FILE`): one check for all of them.

A symbolic link is written through: its target is resolved and replaced atomically, the link is kept. Then
the target is refused when it is a folder, a device (/dev/null), a FIFO or a socket, or the league database
itself (or its -wal, -shm, -journal or .lock file, by name or by identity, so a hard link counts), and any
existing file named like a database (league.db, x.sqlite; except for `backup`, which may replace an older
backup). A refusal is
an `OutputPathError` (an OSError, so every caller that reports "cannot write" reports it) whose message says
what the path is; nothing is written.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

DATABASE_SUFFIXES = ("", "-wal", "-shm", "-journal", ".lock", ".owner")
DATABASE_NAMES = (".db", ".sqlite", ".sqlite3", ".db3")


class OutputPathError(OSError):
    """An output path that must not be written: `strerror` says why ("it is a device, not a file"), `filename`
    is the path given, str() is the whole sentence ("cannot write /dev/null: it is a device, not a file")."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(errno.EINVAL, reason, str(path))

    def __str__(self) -> str:
        return f"cannot write {self.filename}: {self.strerror}"


def database_files(database: Path) -> list[Path]:
    """The league database and the files SQLite and Scorekeeper keep beside it (by the name given and by its real
    path, where the lock and owner files are)."""
    real = Path(os.path.realpath(database))
    names = [Path(f"{database}{suffix}") for suffix in DATABASE_SUFFIXES]
    return names + [p for p in (Path(f"{real}{suffix}") for suffix in DATABASE_SUFFIXES) if p not in names]


def _kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a file"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO), not a file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a file"
    return "not a regular file"


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def looks_like_database(path: Path) -> bool:
    """Whether a file's name is a database's (league.db, x.sqlite, league.db-wal ...). Judged by name only: opening
    and closing a database file this process has open would drop SQLite's locks on it."""
    name = path.name.lower()
    return name.endswith(DATABASE_NAMES) or any(name.endswith(e + s) for e in DATABASE_NAMES
                                                for s in DATABASE_SUFFIXES if s)


def check_output_path(path: str | Path, database: Path | None = None, replace_database: bool = False) -> Path:
    """The file to write for `path`: the path itself, or the target of a symbolic link (written through).
    Raises OutputPathError when it is a folder, a device, a FIFO or socket, or `database` or one of its files,
    or (unless `replace_database`, as a backup over an older backup may) an existing file named as a database
    (`looks_like_database`): a PDF, a season file or a web page never replaces a database, even one the caller
    did not name. Nothing here opens the file (a stat only)."""
    given = Path(path)
    try:
        target = Path(os.path.realpath(given)) if given.is_symlink() else given
    except (OSError, RuntimeError) as exc:  # a loop of links
        raise OutputPathError(given, f"its symbolic links do not lead to a file ({exc})") from None
    via = f" (the symbolic link {given} leads to {target})" if target != given else ""
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise OutputPathError(given, str(exc.strerror or exc)) from None
    if mode is not None:
        kind = _kind(mode)
        if kind is not None:
            raise OutputPathError(given, f"it is {kind}{via}; give the name of a file")
    if database is not None:
        real = Path(os.path.realpath(target))
        for name in database_files(Path(database)):
            if real == Path(os.path.realpath(name)) or (mode is not None and _same(target, name)):
                what = ("the league database (the database itself)" if _same(name, Path(database))
                        else f"the league database's {name.name} (part of the database itself)")
                raise OutputPathError(given, f"it is {what}{via}; give another file name (nothing was written)")
    if mode is not None and not replace_database and looks_like_database(target):
        raise OutputPathError(given, f"it is a database file (a league database or a backup, by its name){via}; give "
                                     "another file name (nothing was written)")
    return target
