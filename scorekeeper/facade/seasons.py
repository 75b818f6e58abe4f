"""The season administration part of the facade: the seasons of the database (archived ones too), archiving a
season (hidden from the picker, read-only, restorable) and deleting one (the office password, a verified backup
first, audited)."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

from peewee import DatabaseError, fn

from scorekeeper.changes import Changes
from scorekeeper.db import audit_chain, store
from scorekeeper.db.backup import dated_name
from scorekeeper.db.models import AuditEntry, Game, Payment, Player, Season, Team
from scorekeeper.facade.backups import FOLDER
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.office import Office
from scorekeeper.facade.pipeline import ChangeStep
from scorekeeper.results_records import DeletedSeason, SeasonSummary


def _safe(name: str) -> str:
    """A season's name as part of a file name."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("_") or "season"


@bound
class SeasonAdmin(Part):
    """Archive, restore and delete seasons; every change audited, deleting guarded by the office password."""

    def __init__(self, core: Core, step: ChangeStep, office: Office) -> None:
        super().__init__(core)
        self.step = step
        self.office = office

    def all_seasons(self) -> list[SeasonSummary]:
        """Every season of the database, archived ones too, oldest first: name, league, rulebook, archived, and
        how many teams, players and games it holds."""
        counts: dict[str, dict[int, int]] = {}
        for label, model in (("teams", Team), ("players", Player), ("games", Game)):
            rows: Any = model.select(model.season, fn.COUNT(model.id)).group_by(model.season).tuples()
            counts[label] = {int(sid): int(n) for sid, n in rows}
        return [{"name": s.name, "league": s.league.name, "rulebook": s.rulebook.name, "archived": bool(s.archived),
                 "teams": counts["teams"].get(s.id, 0), "players": counts["players"].get(s.id, 0),
                 "games": counts["games"].get(s.id, 0)} for s in store.list_seasons()]

    def _row(self, name: str) -> Season:
        """A season's row by name, archived or not."""
        found = [s for s in store.list_seasons() if s.name == name]
        if not found:
            names = ", ".join(s.name for s in store.list_seasons()) or "none"
            raise ServiceError(f"no season {name!r} in the database (there is {names})")
        return found[-1]

    def _guest(self, what: str) -> None:
        if self.core.read_only:
            raise ServiceError(self.core.guest_refusal(what))

    def archive_season(self, name: str) -> Changes:
        """Archive season `name`: hidden from the season picker and read-only until restored (audited)."""
        return self._set_archived(name, True)

    def unarchive_season(self, name: str) -> Changes:
        """Restore an archived season: shown in the picker and writable again (audited)."""
        return self._set_archived(name, False)

    def _set_archived(self, name: str, archived: bool) -> Changes:
        self._guest(f"{'archiving' if archived else 'restoring'} season {name}")
        s = self._row(name)
        if bool(s.archived) == archived:
            raise ServiceError(f"season {name} is {'already' if archived else 'not'} archived")
        action = "season archived" if archived else "season restored from the archive"

        try:  # not through `step.commit`, which refuses every write to an archived season
            with self.core.write_transaction():
                Season.update(archived=archived).where(Season.id == s.id).execute()
                self.core.record_audit(s, action, name, {"archived": not archived}, {"archived": archived})
        except DatabaseError as exc:
            raise ServiceError(f"season {name} was not changed: {self.core.explain_error(exc)}") from None
        self.core.forget()
        return Changes.of(name, tables=["audit"])

    def delete_season(self, name: str) -> DeletedSeason:
        """Delete season `name` and everything in it. It needs the office password; a verified backup of the whole
        database is made first (kept in the backups folder, never pruned), and the deletion is audited with that
        backup's path and what was removed. Returns {"season", "league", "backup", "removed"}."""
        self._guest(f"deleting season {name}")
        if not self.core.office_unlocked:
            self.office.log_refused(f"delete season {name}")
            raise ServiceError(f"deleting season {name} needs the office password (unlock the office first); "
                               "nothing was deleted")
        s = self._row(name)
        found = audit_chain.problems()
        if found:
            raise ServiceError("the audit trail was altered outside Scorekeeper (" + "; ".join(found) + "): open "
                               "the database in the window to record that first; nothing was deleted")
        backup = self._backup_before(name)
        removed = {label: model.select().where(model.season == s).count()
                   for label, model in (("teams", Team), ("players", Player), ("games", Game), ("payments", Payment),
                                        ("audit entries", AuditEntry))}
        league = s.league.name

        def write() -> None:
            Season.delete().where(Season.id == s.id).execute()
            audit_chain.rechain()  # the season's own audit entries went with it: they stay in the backup
            remaining = store.list_seasons()
            AuditEntry.create(season=remaining[-1] if remaining else None, operator=self.core.operator or "office",
                              action="season deleted", subject=f"{league} {name}",
                              after=json.dumps({"backup": str(backup) if backup else None, "removed": removed},
                                               ensure_ascii=False))

        try:
            with self.core.write_transaction():
                write()
        except DatabaseError as exc:
            raise ServiceError(f"season {name} was not deleted: {self.core.explain_error(exc)}") from None
        self.core.forget()
        return {"season": name, "league": league, "backup": str(backup) if backup else None, "removed": removed}

    def _backup_before(self, name: str) -> Path | None:
        """The verified backup made before deleting (None for PostgreSQL, refused: pg_dump on the server)."""
        path = self.core.sqlite_path
        if path is None:
            raise ServiceError("a season of a PostgreSQL database is deleted after a pg_dump on the server; nothing "
                               "was deleted")
        folder = path.parent / FOLDER
        try:
            folder.mkdir(exist_ok=True)
        except OSError as exc:
            raise ServiceError(f"cannot make the backups folder {folder}: {exc.strerror or exc}; nothing was "
                               "deleted") from None
        label = f"before-deleting-{_safe(name)}"
        return self.office.backup(dated_name(folder / path.name, label, dt.datetime.now()))

