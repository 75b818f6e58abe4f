"""The one facade the window and the command line call: validate, then write in one transaction."""

from __future__ import annotations

import copy
import datetime as dt
import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

from peewee import Database, DatabaseError

from scorekeeper import office
from scorekeeper.changes import Changes, EntryResult, ImportReport
from scorekeeper.db import DatabaseOpenError, audit_chain, describe, open_database, store
from scorekeeper.db.backup import BackupError, backup_connection, dated_name, restore_into
from scorekeeper.db.connect import read_only_folder_message, sqlite_file
from scorekeeper.db.errors import explain_database_error
from scorekeeper.db.lock import DatabaseLockedError, LeagueLock
from scorekeeper.db.models import AuditEntry, Meta, Season, database_proxy
from scorekeeper.entries import EntryMixin
from scorekeeper.facade.errors import DatabaseInUseError, ServiceError
from scorekeeper.import_guard import import_guards
from scorekeeper.office import hash_password, needs_upgrade, verify_password
from scorekeeper.outputs import OutputPathError, check_output_path
from scorekeeper.rulebook import (
    DEFAULT_RULEBOOK,
    RulebookError,
    load_rulebook,
    load_rulebook_file,
    parse_rulebook,
    shipped_rulebooks,
)
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules import discipline
from scorekeeper.rules import fines as fine_rules
from scorekeeper.rules.eligibility import eligibility
from scorekeeper.rules.violation import Violation
from scorekeeper.season.records import Carried, CarryOver, CarrySource, OfficeRecords
from scorekeeper.season.standings import standings
from scorekeeper.season.stats import player_stats
from scorekeeper.season.view import SeasonView
from scorekeeper.seasonfile import (
    LISTS,
    SeasonFileError,
    check_structure,
    merge,
    normalise,
    read_season_file,
)
from scorekeeper.validation import (
    apply_overrides,
    lineup_checks,
    override_key,
    overrides_from_audit,
    validate_season,
)
from scorekeeper.window_queries import WindowQueries

__all__ = ["Changes", "DatabaseInUseError", "EntryResult", "ImportReport", "ServiceError", "Services",
           "validate_season"]

OFFICE_REFUSALS = "office_refusals"  # Meta: "<wrong passwords in a row> <unix time of the last>"


def _is_time(value: Any) -> bool:
    """An audit entry's `at`: an ISO date and time."""
    if not isinstance(value, str):
        return False
    try:
        dt.datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _bound(method: Callable[..., Any]) -> Callable[..., Any]:
    """Point the shared models at this facade's database before the call (several may be open at once)."""
    @functools.wraps(method)
    def call(self: Services, *args: Any, **kwargs: Any) -> Any:
        if database_proxy.obj is not self.db:
            database_proxy.initialize(self.db)
        return method(self, *args, **kwargs)

    return call


def _bind_public_methods(cls: type) -> type:
    """Wrap every plain method of the facade (its own and its mixins') with `_bound`."""
    for klass in reversed(cls.__mro__[:-1]):
        for name, value in list(vars(klass).items()):
            if inspect.isfunction(value) and not name.startswith("__") and getattr(cls, name) is value:
                setattr(cls, name, _bound(value))
    return cls


class Services(EntryMixin, WindowQueries):
    """The facade over one open database."""

    def __init__(self, db: Database, target: str) -> None:
        self.db = db
        self.target = target
        self._views: dict[int, SeasonView] = {}
        # each season's suspensions still in force at its end, with the seasons that went into them
        self._season_ends: dict[int, tuple[frozenset[int], list[Carried]]] = {}
        self._lock: LeagueLock | None = None
        self._path: Path | None = None
        self.owner: str | None = None  # the window that owns the database when this process is its guest
        self._office = False
        self._seasons: list[Season] | None = None
        self._undo: dict[str, list[Any]] = {}
        self._redo: dict[str, list[Any]] = {}

    # -- opening -------------------------------------------------------------------------------------
    @classmethod
    def open(cls, target: str | None = None, exclusive: bool = False, operator: str = "") -> Services:
        """Open a database. `exclusive` (the window): it owns the SQLite file, a second window is refused. Any other
        process shares it, or, while a window owns it, reads it as a guest (read-only; see `db.lock`)."""
        lock: LeagueLock | None = None
        holder: str | None = None
        try:
            path = sqlite_file(target)
            if path is not None:
                lock = LeagueLock(path, operator)
                try:
                    if exclusive:
                        lock.acquire_window()
                    else:
                        holder = lock.acquire_command()
                except DatabaseLockedError as exc:
                    raise DatabaseInUseError(str(exc)) from None
                except PermissionError:
                    raise DatabaseOpenError(read_only_folder_message(path)) from None
                except OSError as exc:
                    raise DatabaseOpenError(f"cannot open {path}: {exc.strerror or exc}") from None
            db, resolved = open_database(target, guest=holder is not None)
        except DatabaseOpenError as exc:
            if lock is not None:
                lock.release()
            raise ServiceError(str(exc)) from None
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        svc = cls(db, resolved)
        svc.operator = operator
        svc._lock = lock
        svc._path = path
        svc.owner = holder
        return svc

    @property
    def read_only(self) -> bool:
        """A guest: the window owns the database, this process may only read it."""
        return self.owner is not None

    def guest_refusal(self, what: str) -> str:
        """Why `what` cannot be done from here while the window owns the database."""
        return (f"{self.database_label} is open in {self.owner}: while that window is open, other programs may only "
                f"read it, so {what} was not done; do it in the window, or close the window first")

    @property
    def database_label(self) -> str:
        return describe(self.target)

    def explain_error(self, exc: BaseException) -> str:
        """A database error in true words for a person (full disk, read-only, busy, damaged)."""
        return explain_database_error(self, exc)

    def close(self) -> None:
        if not self.db.is_closed():
            self.db.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    # -- the office password -------------------------------------------------------------------------
    def has_office_password(self) -> bool:
        return Meta.get_or_none(Meta.key == "office_password") is not None

    def set_office_password(self, new: str, old: str | None = None) -> None:
        """Set or change the office password (stored only as a salted scrypt hash; see `office`)."""
        if len(new) < 6:
            raise ServiceError("the office password needs at least 6 characters")
        if self.read_only:
            raise ServiceError(self.guest_refusal("the office password change"))
        row = Meta.get_or_none(Meta.key == "office_password")
        if row is not None:
            self._office_wait()
            if not (old is not None and verify_password(old, row.value)):
                self._log_refused("change office password", wrong_password=True)
                raise ServiceError("the current office password is wrong")
        with self._write_transaction():
            if row is None:
                Meta.create(key="office_password", value=hash_password(new))
            else:
                Meta.update(value=hash_password(new)).where(Meta.key == "office_password").execute()
            Meta.delete().where(Meta.key == OFFICE_REFUSALS).execute()
            self._audit_any("office password set" if row is None else "office password changed")

    def unlock_office(self, password: str) -> bool:
        """Unlock the office role for this session; a wrong password is refused and logged, and after
        FREE_ATTEMPTS of them in a row the next attempt must wait (ServiceError says how long). A hash in the
        form earlier versions wrote is re-hashed at today's cost in the same transaction as the unlock."""
        row = Meta.get_or_none(Meta.key == "office_password")
        if row is None:
            self._office = True
            return True
        if self.read_only:  # a guest could only guess (it cannot count its refusals): the window unlocks
            raise ServiceError(self.guest_refusal("unlocking the office"))
        self._office_wait()
        if not verify_password(password, row.value):
            self._log_refused("unlock office", wrong_password=True)
            return False
        with self._write_transaction():
            if needs_upgrade(row.value):
                Meta.update(value=hash_password(password)).where(
                    (Meta.key == "office_password") & (Meta.value == row.value)).execute()
                self._audit_any("office password hash upgraded", f"scrypt N={office.COST.n}")
            Meta.delete().where(Meta.key == OFFICE_REFUSALS).execute()
        self._office = True
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
        self._office = False

    @property
    def office_unlocked(self) -> bool:
        return self._office or not self.has_office_password()

    def _log_refused(self, what: str, wrong_password: bool = False) -> None:
        """Record a refusal in the audit trail; a `wrong_password` also counts towards the back-off."""
        if self.read_only:  # a guest writes nothing (the window owns the database)
            return
        with self._write_transaction():
            self._audit_any("office password refused", what)
            if wrong_password:
                count, _ = self._office_refusals()
                value = f"{count + 1} {office.clock():.3f}"
                if not Meta.update(value=value).where(Meta.key == OFFICE_REFUSALS).execute():
                    Meta.create(key=OFFICE_REFUSALS, value=value)

    def _audit_any(self, action: str, subject: str = "") -> None:
        seasons = store.list_seasons()
        AuditEntry.create(season=seasons[-1] if seasons else None, operator=self.operator or "office",
                          action=action, subject=subject)

    # -- backups -------------------------------------------------------------------------------------------
    @property
    def sqlite_path(self) -> Path | None:
        """The database file, or None for PostgreSQL (or a database in memory)."""
        return self._path

    def backup(self, dest: str | Path | None = None) -> Path:
        """A consistent, verified copy of the database (SQLite's online backup; the window may be open)."""
        path = self.sqlite_path
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
        path = self.sqlite_path
        if path is None:
            raise ServiceError("restore a PostgreSQL database with pg_restore on the server")
        if self.read_only:
            raise ServiceError(self.guest_refusal(f"the restore of {source}"))
        try:
            kept = restore_into(self.db.connection(), path, Path(source))
        except BackupError as exc:
            raise ServiceError(str(exc)) from None
        self._changed()
        return kept

    # -- seasons -------------------------------------------------------------------------------------
    def seasons(self) -> list[dict[str, Any]]:
        return [{"name": s.name, "league": s.league.name, "rulebook": s.rulebook.name}
                for s in store.list_seasons()]

    def _season(self, name: str | None = None) -> Season:
        if self._seasons is None:
            self._seasons = store.list_seasons()
        seasons = self._seasons
        if not seasons:
            raise ServiceError("the database holds no season yet: import a season file first")
        if name is None:
            return seasons[-1]
        for s in reversed(seasons):
            if s.name == name:
                return s
        raise ServiceError(f"no season {name!r} in the database (there is {', '.join(s.name for s in seasons)})")

    def create_season(self, league: str, season: str, rulebook: str | None = None) -> dict[str, Any]:
        """A new, empty season under a shipped rulebook (default: the league's default)."""
        if not league.strip() or not season.strip():
            raise ServiceError("a season needs the league's name and the season's name")
        if store.find_season(league, season) is not None:
            raise ServiceError(f"{league} already has a season {season!r}")
        try:
            book = self._book_named(rulebook or DEFAULT_RULEBOOK)
        except RulebookError as exc:
            raise ServiceError(str(exc)) from None
        with self._write_transaction():
            record = store.ensure_rulebook(book.id, book.source_text)
            store.create_season(league, season, record)
        self._changed()
        return {"name": season, "league": league, "rulebook": book.id}

    # -- rulebooks -----------------------------------------------------------------------------------
    def _book_named(self, name: str) -> Rulebook:
        """A rulebook by id: one loaded into this database (`load_rulebook_file`), else one Scorekeeper ships."""
        record = store.find_rulebook(name)
        if record is not None:
            return parse_rulebook(record.text, origin=f"rulebook {record.name}")
        try:
            return load_rulebook(name)
        except RulebookError:
            loaded = [r.name for r in store.list_rulebooks()]
            shipped = shipped_rulebooks()
            raise RulebookError(f"no rulebook named {name!r} (shipped: {', '.join(shipped) or 'none'}; loaded "
                                f"into this database: {', '.join(loaded) or 'none'})") from None

    def rulebooks(self) -> list[dict[str, Any]]:
        """Every rulebook a season can name: those loaded into the database and those shipped."""
        out: dict[str, dict[str, Any]] = {}
        seasons = store.list_seasons()
        for record in store.list_rulebooks():
            out[record.name] = {"name": record.name, "source": "database",
                                "seasons": [s.name for s in seasons if s.rulebook.name == record.name]}
        for name in shipped_rulebooks():
            out.setdefault(name, {"name": name, "source": "shipped", "seasons": []})
        return sorted(out.values(), key=lambda r: r["name"])

    def load_rulebook_file(self, path: str | Path) -> dict[str, Any]:
        """Load another league's rulebook (a TOML file like the shipped ones) into the database, so
        that a season file or a new season can name it by its `id`. The file is checked whole first; a rulebook
        already loaded under that id keeps its text (its seasons are played under it): loading the same text
        again changes nothing, a different one is refused."""
        if not self.office_unlocked:
            self._log_refused("load a rulebook")
            raise ServiceError("loading a rulebook needs the office password (OFFICE): unlock the office first")
        try:
            book = load_rulebook_file(path)
        except RulebookError as exc:
            raise ServiceError(str(exc)) from None
        existing = store.find_rulebook(book.id)
        if (existing is None and book.id in shipped_rulebooks()
                and book.source_text != load_rulebook(book.id).source_text):
            raise ServiceError(f"{path}: the rulebook id {book.id!r} is one Scorekeeper ships; give this "
                               "rulebook an id of its own")
        if existing is not None:
            if existing.text != book.source_text:
                raise ServiceError(f"{path}: a different rulebook {book.id!r} is already loaded into the database "
                                   "(a season keeps the rulebook it is played under); give this one an id of its own")
            return {"name": book.id, "league": book.league, "title": book.name, "loaded": False}
        with self._write_transaction():
            store.ensure_rulebook(book.id, book.source_text)
            self._audit_any("load rulebook", book.id)
        self._changed()
        return {"name": book.id, "league": book.league, "title": book.name, "loaded": True}

    def rulebook_for(self, season: Season) -> Rulebook:
        try:
            return parse_rulebook(season.rulebook.text, origin=f"rulebook {season.rulebook.name}")
        except RulebookError as exc:
            raise ServiceError(str(exc)) from None

    def view(self, season: str | None = None) -> SeasonView:
        s = self._season(season)
        if s.id not in self._views:
            self._views[s.id] = self._load_view(s)
        return self._views[s.id]

    def _load_view(self, s: Season) -> SeasonView:
        rows = store.RowIds()
        view = SeasonView(store.load_season_dict(s, rows), self.rulebook_for(s), rows=rows)
        view.office = OfficeRecords.of(store.load_notices(s), store.load_lifted(s), store.load_waivers(s),
                                       store.load_overrides(s))
        view.carry_over = CarryOver(self._carry_source(s.league.name, s.id))
        return view

    # -- suspensions carried into the next season ----------------------------------------------------
    def _carry_source(self, league: str, season_id: int | None) -> CarrySource:
        """What a season's view calls, once, for the suspensions carried into it: those still in force at the
        end of the league's season before it (the one whose last game comes latest before this one's first),
        with that season's id."""

        def source(view: SeasonView) -> tuple[int | None, list[Carried]]:
            dates = [str(g["date"]) for g in view.games.values()]
            if not dates:
                return None, []
            first = min(dates)
            ranges = store.season_date_ranges()
            earlier = [s for s in store.list_seasons() if s.league.name == league and s.id != season_id
                       and s.id in ranges and ranges[s.id][1] < first]
            if not earlier:
                return None, []
            previous = max(earlier, key=lambda s: (ranges[s.id][1], s.id))
            return previous.id, self._season_end(previous)[1]

        return source

    def _season_end(self, s: Season) -> tuple[frozenset[int], list[Carried]]:
        if s.id not in self._season_ends:
            view = self._load_view(s)  # read for this and let go: only what it carries over is kept
            ends = discipline.unfinished(view)
            before = view.carry_over.carried_from
            used = self._season_ends[before][0] if before in self._season_ends else frozenset()
            self._season_ends[s.id] = (used | {s.id}, ends)
        return self._season_ends[s.id]

    def _changed(self, season_id: int | None = None) -> None:
        """Forget what was read: every season's view, and what a season carries over (A-28) where it was read
        from the season written (`season_id`; None: any)."""
        self._views.clear()
        self._seasons = None
        if season_id is None:
            self._season_ends.clear()
        else:
            self._season_ends = {sid: end for sid, end in self._season_ends.items() if season_id not in end[0]}

    # -- import and export ---------------------------------------------------------------------------
    def import_file(self, path: str | Path, replace: bool = False) -> ImportReport:
        try:
            data = read_season_file(path)
        except SeasonFileError as exc:
            return ImportReport(False, violations=[Violation("FILE", "block", str(exc), "season file")])
        return self.import_data(data, replace=replace, source=str(path))

    def import_data(self, data: dict[str, Any], replace: bool = False, source: str = "") -> ImportReport:
        """Load a season file's content: the whole file or nothing. What the office password guards (a final game
        reopened or rewritten, a suspension lifted, a fine waived, an appeal upheld, a block overridden) is
        refused (rule OFFICE, naming each change) unless the office is unlocked, and each is audited."""
        problems = check_structure(data)
        if problems:
            return ImportReport(False, str(data.get("season", "")), problems)
        incoming = normalise(data)
        season = store.find_season(incoming["league"], incoming["season"])
        if season is not None:
            book = self.rulebook_for(season)
            existing = store.load_season_dict(season)
        else:
            name = incoming.get("rulebook") or DEFAULT_RULEBOOK
            try:
                book = self._book_named(name)
            except RulebookError as exc:
                return ImportReport(False, incoming["season"], [Violation("FILE", "block", str(exc), "season file",
                                                                          "rulebook")])
            existing = {"format": incoming["format"], "league": incoming["league"], "season": incoming["season"],
                        "rulebook": book.id, **{name: [] for name in LISTS}}
        merged, changes, conflicts = merge(existing, incoming, replace)
        if conflicts:
            return ImportReport(False, incoming["season"], conflicts)
        audit = data.get("audit") or []
        if not (isinstance(audit, list) and all(isinstance(a, dict) and _is_time(a.get("at"))
                                                 and isinstance(a.get("action"), str) for a in audit)):
            return ImportReport(False, incoming["season"], [Violation(
                "FILE", "block", "audit must be a list of entries with 'at' (an ISO date and time) and 'action'",
                "season file", "audit")])
        view = SeasonView(merged, book)
        view.carry_over = CarryOver(self._carry_source(incoming["league"], season.id if season else None))
        local = store.load_overrides(season) if season is not None else {}
        if season is not None:  # what the office recorded stands (lifted, waived, notified)
            view.office = OfficeRecords.of(store.load_notices(season), store.load_lifted(season),
                                           store.load_waivers(season), local)
        else:
            view.office = OfficeRecords.of(overrides=local)
        changed_games = [g["id"] for g in changes["games"]]
        if changes["roster"] or changes["players"] or changes["teams"] or changes["divisions"]:
            changed_games = list(view.games)
        violations = validate_season(view, changed_games)
        # the file's own "override block" entries are history: one is honoured only as the office's own action
        offered = overrides_from_audit(audit)
        overridable = [v for v in violations if v.blocks and override_key(v) in offered
                       and " event " not in f" {v.where} "]
        if overridable and all(not v.blocks or v in overridable for v in violations):
            view.office = view.office.with_overrides(
                {**local, **{override_key(v): offered[override_key(v)] for v in overridable}})
            violations = apply_overrides(view, violations)
        report = ImportReport(not any(v.blocks for v in violations), incoming["season"], violations)
        if not report.ok:
            return report
        reason = f"import of {source}" if source else "import of a season file"
        guarded = import_guards(existing, view, changes, overridable, offered, reason,
                                self._discipline_now(season) if season is not None and any(changes.values())
                                else None)
        if guarded and not self.office_unlocked:
            report.ok = False
            report.violations = [*violations, *(Violation(
                "OFFICE", "block", f"the season file {g.what}: that needs the office password (unlock the office "
                "first); nothing was written", "office role", g.subject) for g in guarded)]
            return report
        written = {name: len(rows) for name, rows in changes.items()}
        if any(written.values()) or audit:
            try:
                with self._write_transaction():
                    if season is None:
                        record = store.ensure_rulebook(book.id, book.source_text)
                        season = store.create_season(incoming["league"], incoming["season"], record)
                    store.write_changes(season, changes)
                    written["audit"] = store.merge_audit(season, audit)
                    for g in guarded:  # DATA-5, ELIG-2, FINE-STMT, APPEAL-1: who, when, what, why
                        self._audit(season, g.action, g.subject, before=g.before, after=g.after)
            except DatabaseError as exc:
                raise ServiceError(f"the import was not written: {explain_database_error(self, exc)}") from None
            self._changed(season.id if existing.get("games") or existing.get("teams") else None)
            old_games = {g["id"]: g for g in existing.get("games", [])}
            report.changes = Changes.of(
                incoming["season"], games=[g["id"] for g in changes["games"]],
                teams=[*(t["id"] for t in changes["teams"]), *(r["team"] for r in changes["roster"]),
                       *(t for g in changes["games"] for t in (g["home"], g["away"]))],
                players=[*(p["id"] for p in changes["players"]), *(r["player"] for r in changes["roster"])],
                tables=[*(n for n in LISTS if changes[n]), *(["audit"] if written.get("audit") or guarded else [])],
                finals_touched=any(g.get("status", "final") == "final"
                                   or old_games.get(g["id"], {}).get("status") == "final" for g in changes["games"]))
        report.written = written
        return report

    def _discipline_now(self, season: Season) -> tuple[dict[str, Any], dict[str, Any]]:
        """The season's suspensions and fines as stored (with what the office recorded)."""
        view = self._views.get(season.id) or self._load_view(season)
        return discipline.suspensions(view), fine_rules.fines(view)

    # -- the audit trail's integrity (issue 14) -------------------------------------------------------------
    _integrity: list[str] | None = None  # what the check found, once per opening

    def integrity_warnings(self) -> list[str]:
        """What was altered outside Scorekeeper in the audit trail or the office password row ([] when nothing),
        checked once per opening. Unless this process is a guest, what was found is recorded in the audit trail
        ("audit trail altered outside Scorekeeper"), which anchors the chain again: the next opening is quiet."""
        found = self._integrity
        if found is None:
            found = audit_chain.problems()
            if found and not self.read_only:
                with self._write_transaction():
                    found = audit_chain.problems(lock=True)  # again, with appenders waiting
                    if found:
                        seasons = store.list_seasons()
                        audit_chain.re_anchor(found, seasons[-1].id if seasons else None,
                                              self.operator or "Scorekeeper")
                self._changed()
            self._integrity = found
        if not found:
            return []
        return [f"the audit trail or the office password of {self.database_label} was altered outside Scorekeeper: "
                + "; ".join(found) + ". " + ("This is now recorded in the audit trail. " if not self.read_only
                                             else "") + "Find out who changed the file; a backup made before "
                "holds the original" + (" (and set the office password again)" if any(
                    "password" in f for f in found) else "") + "."]

    def export(self, season: str | None = None) -> dict[str, Any]:
        """The season file of a season, with a `computed` key holding every computed output."""
        s = self._season(season)
        data = store.load_season_dict(s)
        data["audit"] = store.load_audit(s)
        data["computed"] = {
            "standings": self.standings(s.name), "stats": {st: self.stats(s.name, st) for st in
                                                           ("regular", "playoff")},
            "games": [self.game(g["id"], s.name) for g in data["games"]],
            "suspensions": self.suspensions(s.name), "fines": self.fines(s.name),
            "eligibility": self.eligibility(s.name),
        }
        return data

    # -- computed outputs ----------------------------------------------------------------------------
    @staticmethod
    def _once(view: SeasonView, key: str, compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """A season-wide result computed once per state of the season (a new entry makes a new view)."""
        outputs = view.derived.outputs
        if key not in outputs:
            outputs[key] = compute()
        return copy.deepcopy(outputs[key])

    def standings(self, season: str | None = None) -> dict[str, Any]:
        view = self.view(season)
        return self._once(view, "out:standings", lambda: standings(view))

    def stats(self, season: str | None = None, stage: str = "regular") -> dict[str, Any]:
        if stage not in ("regular", "playoff"):
            raise ServiceError(f"stage must be regular or playoff (got {stage!r})")
        view = self.view(season)
        return self._once(view, f"out:stats:{stage}", lambda: player_stats(view, stage))

    def game(self, game_id: str, season: str | None = None) -> dict[str, Any]:
        view = self.view(season)
        if game_id not in view.games:
            raise ServiceError(f"no game {game_id!r} in season {view.name}")
        out = view.state(game_id).to_json()
        out["violations"] = [v.to_json() for v in apply_overrides(view, lineup_checks(view, game_id))] + out[
            "violations"]
        return out

    def eligibility(self, season: str | None = None) -> dict[str, Any]:
        return eligibility(self.view(season))

    def suspensions(self, season: str | None = None) -> dict[str, Any]:
        view = self.view(season)
        return self._once(view, "out:suspensions", lambda: discipline.suspensions(view))

    def fines(self, season: str | None = None) -> dict[str, Any]:
        view = self.view(season)
        return self._once(view, "out:fines", lambda: fine_rules.fines(view))

    # -- the rulebook and the audit trail for the window ----------------------------------------------
    def infractions(self, season: str | None = None) -> list[dict[str, Any]]:
        """The infraction catalogue in force: code, name, classes, minutes per class, section, rule."""
        book = self.view(season).book
        return [{"code": i.code, "name": i.name, "classes": list(i.classes()),
                 "minutes": {c: book.penalty_minutes(i, c) for c in i.classes()}, "section": i.section,
                 "rule": i.rule, "coed_only": i.coed_only} for i in book.infractions.values()]

    def rules(self, season: str | None = None) -> list[dict[str, str]]:
        """Every rule ID of the rulebook in force with its section and title."""
        return [{"id": r.id, "section": r.section, "title": r.title}
                for r in self.view(season).book.rules.values()]

    def section(self, rule_id: str, season: str | None = None) -> str:
        return self.view(season).book.section(rule_id)

    def audit(self, season: str | None = None, game: str | None = None,
              player: str | None = None) -> list[dict[str, Any]]:
        """The audit trail, optionally for one game or one player (subjects name them as `player/game`)."""
        entries = store.load_audit(self._season(season))

        def concerns(subject: str, ref: str) -> bool:
            return ref in subject.split("/") or subject == ref

        return [e for e in entries if (game is None or concerns(e["subject"], game))
                and (player is None or concerns(e["subject"], player))]

    # -- lists for the window ------------------------------------------------------------------------
    def teams(self, season: str | None = None) -> list[dict[str, Any]]:
        view = self.view(season)
        out = []
        for t in view.teams.values():
            div = view.divisions.get(t["division"], {})
            active = [r for r in view.roster_by_team.get(t["id"], []) if not r.get("released")]
            out.append({"id": t["id"], "name": t["name"], "division": t["division"],
                        "division_name": div.get("name", t["division"]), "colour": t.get("colour"),
                        "captain": t.get("captain"),
                        "captain_name": view.player_name(t["captain"]) if t.get("captain") else None,
                        "captain_email": t.get("captain_email"), "players": len(active)})
        return out

    def games(self, season: str | None = None) -> list[dict[str, Any]]:
        view = self.view(season)
        out = []
        for g in view.games.values():
            st = view.state(g["id"])
            out.append({"id": g["id"], "date": g["date"], "time": g["time"], "home": g["home"], "away": g["away"],
                        "home_name": view.teams.get(g["home"], {}).get("name", g["home"]),
                        "away_name": view.teams.get(g["away"], {}).get("name", g["away"]),
                        "stage": g.get("stage", "regular"), "status": g.get("status", "final"),
                        "score": dict(st.score) if g.get("status", "final") == "final" or g.get("events") else None,
                        "decision": st.decision})
        return out


_bind_public_methods(Services)
