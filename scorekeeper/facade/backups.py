"""The backups part of the facade: the automatic backups beside the database (the last N kept) and the restore
of a database that will not open, so the window asks the facade and never handles the files itself."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.db.backup import BackupError, dated_name, prune
from scorekeeper.db.backup import restore_file as restore_damaged_file
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.office import Office

FOLDER = "backups"
"""The automatic backups' folder, beside the database file."""


@bound
class Backups(Part):
    """Automatic backups of a SQLite database (a PostgreSQL one is backed up on its server with pg_dump)."""

    def __init__(self, core: Core, office: Office) -> None:
        super().__init__(core)
        self.office = office

    def backup_folder(self) -> Path | None:
        """`backups/` beside the database file (None for PostgreSQL)."""
        path = self.core.sqlite_path
        return None if path is None else path.parent / FOLDER

    def auto_backup(self, keep: int) -> Path | None:
        """A verified, dated backup into the backups folder, of which the newest `keep` are kept; None for a
        PostgreSQL database. A ServiceError says why it was not made."""
        folder, path = self.backup_folder(), self.core.sqlite_path
        if folder is None or path is None:
            return None
        try:
            folder.mkdir(exist_ok=True)
        except OSError as exc:
            raise ServiceError(f"cannot make the backups folder {folder}: {exc.strerror or exc}") from None
        written = self.office.backup(dated_name(folder / path.name))
        prune(folder, path.stem, max(1, keep))
        return written


def restore_file(target: str | Path, source: str | Path) -> Path | None:
    """Restore a database that will not open from a checked backup, the damaged file kept beside it (returned;
    None when there was none). A ServiceError says why nothing was restored."""
    try:
        return restore_damaged_file(Path(target), Path(source))
    except (BackupError, OSError) as exc:
        raise ServiceError(str(exc)) from None
