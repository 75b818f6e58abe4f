"""The office part of the facade: the office password (set, unlock, lock, the back-off after wrong ones), the
audit trail's integrity, and backups of the database."""

from __future__ import annotations

from pathlib import Path

from scorekeeper import office
from scorekeeper.db import audit_chain, checked, game_seals, seal_mac, store
from scorekeeper.db.backup import BackupError, backup_connection, dated_name, restore_into
from scorekeeper.db.models import Meta
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.office import hash_password, needs_upgrade, verify_password
from scorekeeper.outputs import OutputPathError, check_output_path
from scorekeeper.rules.ids import OFFICE

OFFICE_REFUSALS = "office_refusals"  # Meta: "<wrong passwords in a row> <unix time of the last>"


@bound
class Office(Part):
    """The office role of this session, and what guards it."""

    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self.unlocked = False  # the office password was given in this session
        # what the integrity check found, once per opening: the chain's findings, the seals', whether checkable
        self._integrity: tuple[list[str], list[str], bool] | None = None
        self._whole = False  # that check read every final game's seal

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
            self._refuse_a_replaced_password()
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
            seal_mac.seal_refusals()
            seal_mac.seal_password()
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
        self._refuse_a_replaced_password()
        self._office_wait()
        if not verify_password(password, row.value):
            self.log_refused("unlock office", wrong_password=True)
            return False
        with self.core.write_transaction():
            if needs_upgrade(row.value):
                Meta.update(value=hash_password(password)).where(
                    (Meta.key == "office_password") & (Meta.value == row.value)).execute()
                seal_mac.seal_password()
                self.core.audit_any("office password hash upgraded", f"scrypt N={office.COST.n}")
            Meta.delete().where(Meta.key == OFFICE_REFUSALS).execute()
            seal_mac.seal_refusals()
        self.unlocked = True
        return True

    def _refuse_a_replaced_password(self) -> None:
        """A password row that fails its keyed seal (replaced outside Scorekeeper) unlocks nothing and is changed
        by nobody: its password is whoever replaced it's (issue 26.4)."""
        if seal_mac.password_intact() is False:
            raise ServiceError(f"{game_seals.PASSWORD_REPLACED} ({OFFICE})")

    def _office_refusals(self) -> tuple[int, float]:
        """(wrong office passwords in a row, when the last one was given), kept in the database; sealed with the
        database's key (issue 26.4), so a counter deleted or edited outside Scorekeeper counts as many refusals."""
        row = Meta.get_or_none(Meta.key == OFFICE_REFUSALS)
        if seal_mac.refusals_intact() is False:  # deleted or edited outside Scorekeeper: as if unreadable
            return office.FREE_ATTEMPTS + 4, office.clock()
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
                               f"trying again ({OFFICE})")

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
                seal_mac.seal_refusals()

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
        checked.seals_unknown(path)  # the restored games' seals are checked whole at the next opening
        self.core.forget()
        return kept

    # -- the audit trail's integrity (issue 14) -------------------------------------------------------------
    def integrity_warnings(self, whole: bool = False) -> list[str]:
        """What was altered outside Scorekeeper ([] when nothing), checked once per opening: the audit trail and
        the office password row (the chain), and what the keyed seals guard (the chain's head, the back-off counter,
        every final game: `db.game_seals`). Unless this process is a guest, what was found is recorded in the audit
        trail ("audit trail altered outside Scorekeeper"), and the chain and the seals are anchored again: the next
        opening is quiet. Where this PC lacks the seals' key, one note says they cannot be checked. `whole`: every
        final game's seal too, even where the file is as Scorekeeper left it (`game_seals.check`, issue 29.2)."""
        if self._integrity is None or (whole and not self._whole):
            self._whole = whole
            chain, sealed = audit_chain.problems(), game_seals.check(whole)
            if (chain or sealed[0]) and not self.core.read_only:
                with self.core.write_transaction():
                    chain, sealed = audit_chain.problems(lock=True), game_seals.check(whole)  # appenders waiting
                    if chain or sealed[0]:
                        seasons = store.list_seasons()
                        audit_chain.re_anchor(chain + sealed[0], seasons[-1].id if seasons else None,
                                              self.core.operator or "Scorekeeper")
                        self._anchor_seals(sealed[0])
                self.core.forget()
            self._integrity = (chain, *sealed)
        chain, found, checkable = self._integrity
        label = self.core.database_label
        recorded = "This is now recorded in the audit trail. " if not self.core.read_only else ""
        warnings = [f"the audit trail or the office password of {label} was altered outside Scorekeeper: "
                    + "; ".join(chain) + ". " + recorded + "Find out who changed the file; a backup made before "
                    "holds the original" + (" (and set the office password again)" if any(
                        "password" in f for f in chain) else "") + "."] if chain else []
        if found:
            warnings.append(f"{label} was altered outside Scorekeeper (its keyed seals do not match): "
                            + "; ".join(found) + ". " + recorded + "Find out who changed the file; a backup made "
                            "before holds the original" + (" (and set the office password again)" if any(
                                "password row was deleted" in f for f in found) else "") + ".")
        if not checkable:
            warnings.append(f"{game_seals.UNCHECKED} ({label}); the first change made here, or unlocking the "
                            "office, seals it again with a key of this PC (recorded in the audit trail)")
        return warnings

    def _anchor_seals(self, found: list[str]) -> None:
        """After a finding is recorded: seal everything as it now is; a back-off counter found deleted or edited
        is kept at many refusals, so that deleting it never resets the wait (the caller holds the transaction)."""
        if any("'office_refusals'" in f or "'seal_refusals'" in f for f in found):
            value = f"{office.FREE_ATTEMPTS + 4} {office.clock():.3f}"
            if not Meta.update(value=value).where(Meta.key == OFFICE_REFUSALS).execute():
                Meta.create(key=OFFICE_REFUSALS, value=value)
        key = seal_mac.current_key()
        if key is not None:  # a replaced password row stays unsealed: told at each opening, it unlocks nothing
            game_seals.reseal_all(key, password=game_seals.PASSWORD_REPLACED not in found)
