"""The office part of the facade: the office password (set, unlock, lock, the back-off after wrong ones), the
audit trail's integrity, and backups of the database."""

from __future__ import annotations

from pathlib import Path

from scorekeeper import office
from scorekeeper.db import audit_chain, store
from scorekeeper.db.backup import BackupError, backup_connection, dated_name, restore_into
from scorekeeper.db.models import Meta
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.office import hash_password, needs_upgrade, verify_password
from scorekeeper.outputs import OutputPathError, check_output_path

OFFICE_REFUSALS = "office_refusals"  # Meta: "<wrong passwords in a row> <unix time of the last>"


@bound
class Office(Part):
    """The office role of this session, and what guards it."""

    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self.unlocked = False  # the office password was given in this session
        self._integrity: list[str] | None = None  # what the integrity check found, once per opening

    def has_office_password(self) -> bool:
        return Meta.get_or_none(Meta.key == "office_password") is not None

    def set_office_password(self, new: str, old: str | None = None) -> None:
        """Set or change the office password (stored only as a salted scrypt hash; see `office`)."""
        if len(new) < 6:
            raise ServiceError("the office password needs at least 6 characters")
        if self.core.read_only:
            raise ServiceError(self.core.guest_refusal("the office password change"))
        row = Meta.get_or_none(Meta.key == "office_password")
        if row is not None:
            self._office_wait()
            if not (old is not None and verify_password(old, row.value)):
                self.log_refused("change office password", wrong_password=True)
                raise ServiceError("the current office password is wrong")
        with self.core.write_transaction():
            if row is None:
                Meta.create(key="office_password", value=hash_password(new))
            else:
                Meta.update(value=hash_password(new)).where(Meta.key == "office_password").execute()
            Meta.delete().where(Meta.key == OFFICE_REFUSALS).execute()
            self.core.audit_any("office password set" if row is None else "office password changed")

    def unlock_office(self, password: str) -> bool:
        """Unlock the office role for this session; a wrong password is refused and logged, and after
        FREE_ATTEMPTS of them in a row the next attempt must wait (ServiceError says how long). A hash in the
        form earlier versions wrote is re-hashed at today's cost in the same transaction as the unlock."""
        row = Meta.get_or_none(Meta.key == "office_password")
        if row is None:
            self.unlocked = True
            return True
        if self.core.read_only:  # a guest could only guess (it cannot count its refusals): the window unlocks
            raise ServiceError(self.core.guest_refusal("unlocking the office"))
        self._office_wait()
        if not verify_password(password, row.value):
            self.log_refused("unlock office", wrong_password=True)
            return False
        with self.core.write_transaction():
            if needs_upgrade(row.value):
                Meta.update(value=hash_password(password)).where(
                    (Meta.key == "office_password") & (Meta.value == row.value)).execute()
                self.core.audit_any("office password hash upgraded", f"scrypt N={office.COST.n}")
            Meta.delete().where(Meta.key == OFFICE_REFUSALS).execute()
        self.unlocked = True
        return True

    def _office_refusals(self) -> tuple[int, float]:
        """(wrong office passwords in a row, when the last one was given), kept in the database."""
        row = Meta.get_or_none(Meta.key == OFFICE_REFUSALS)
        try:
            count, at = str(row.value).split() if row is not None else ("0", "0")
            return max(0, int(count)), float(at)
        except ValueError:  # an unreadable counter counts as many refusals just now
            return office.FREE_ATTEMPTS + 4, office.clock()

    def _office_wait(self) -> None:
        """Refuse a password attempt made before the back-off after wrong passwords has elapsed."""
        count, at = self._office_refusals()
        wait = office.backoff_seconds(count) - max(0.0, office.clock() - at)
        if wait > 0:
            raise ServiceError(f"{count} wrong office passwords in a row: wait {office.wait_text(wait)} before "
                               "trying again (OFFICE)")

    def lock_office(self) -> None:
        self.unlocked = False

    @property
    def office_unlocked(self) -> bool:
        return self.unlocked or not self.has_office_password()

    def log_refused(self, what: str, wrong_password: bool = False) -> None:
        """Record a refusal in the audit trail; a `wrong_password` also counts towards the back-off."""
        if self.core.read_only:  # a guest writes nothing (the window owns the database)
            return
        with self.core.write_transaction():
            self.core.audit_any("office password refused", what)
            if wrong_password:
                count, _ = self._office_refusals()
                value = f"{count + 1} {office.clock():.3f}"
                if not Meta.update(value=value).where(Meta.key == OFFICE_REFUSALS).execute():
                    Meta.create(key=OFFICE_REFUSALS, value=value)

    # -- backups ---------------------------------------------------------------------------------------------
    def backup(self, dest: str | Path | None = None) -> Path:
        """A consistent, verified copy of the database (SQLite's online backup; the window may be open)."""
        path = self.core.sqlite_path
        if path is None:
            raise ServiceError("backups of a PostgreSQL database are made with pg_dump on the server")
        try:
            target = check_output_path(Path(dest) if dest else dated_name(path), path, replace_database=True)
            return backup_connection(self.db.connection(), target)
        except OutputPathError as exc:
            raise ServiceError(str(exc)) from None
        except BackupError as exc:
            raise ServiceError(str(exc)) from None

    def restore(self, source: str | Path) -> Path:
        """Replace the database by a checked backup, keeping the replaced one as a dated backup."""
        path = self.core.sqlite_path
        if path is None:
            raise ServiceError("restore a PostgreSQL database with pg_restore on the server")
        if self.core.read_only:
            raise ServiceError(self.core.guest_refusal(f"the restore of {source}"))
        try:
            kept = restore_into(self.db.connection(), path, Path(source))
        except BackupError as exc:
            raise ServiceError(str(exc)) from None
        self.core.forget()
        return kept

    # -- the audit trail's integrity (issue 14) -------------------------------------------------------------
    def integrity_warnings(self) -> list[str]:
        """What was altered outside Scorekeeper in the audit trail or the office password row ([] when nothing),
        checked once per opening. Unless this process is a guest, what was found is recorded in the audit trail
        ("audit trail altered outside Scorekeeper"), which anchors the chain again: the next opening is quiet."""
        found = self._integrity
        if found is None:
            found = audit_chain.problems()
            if found and not self.core.read_only:
                with self.core.write_transaction():
                    found = audit_chain.problems(lock=True)  # again, with appenders waiting
                    if found:
                        seasons = store.list_seasons()
                        audit_chain.re_anchor(found, seasons[-1].id if seasons else None,
                                              self.core.operator or "Scorekeeper")
                self.core.forget()
            self._integrity = found
        if not found:
            return []
        label = self.core.database_label
        return [f"the audit trail or the office password of {label} was altered outside Scorekeeper: "
                + "; ".join(found) + ". " + ("This is now recorded in the audit trail. " if not self.core.read_only
                                             else "") + "Find out who changed the file; a backup made before "
                "holds the original" + (" (and set the office password again)" if any(
                    "password" in f for f in found) else "") + "."]
