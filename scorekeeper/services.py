"""The one facade the window and the command line call: validate, then write in one transaction."""

from __future__ import annotations

import getpass
import json
import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from peewee import Database, SqliteDatabase

from scorekeeper.db import (
    DatabaseOpenError,
    carried,
    describe,
    game_outcomes,
    game_results,
    game_seals,
    open_database,
    store,
    write_lock,
)
from scorekeeper.db.connect import (
    LeagueDatabase,
    read_only_folder_message,
    read_only_media,
    read_only_media_note,
    sqlite_file,
)
from scorekeeper.db.errors import explain_database_error
from scorekeeper.db.lock import DatabaseLockedError, LeagueLock, OwnershipLostError
from scorekeeper.db.migrations import stored_version
from scorekeeper.db.models import AuditEntry, Season
from scorekeeper.facade.core import bound
from scorekeeper.facade.delegate import delegate
from scorekeeper.facade.errors import DatabaseInUseError, ServiceError
from scorekeeper.logs import loaded_versions
from scorekeeper.results_records import SeasonEntry  # a light module of records: the answers' declared shape

if TYPE_CHECKING:  # issue 29.6: each part of the facade (and what it imports) loads when first used, below
    from email.message import EmailMessage

    from scorekeeper.changes import Changes, EntryResult, ImportReport
    from scorekeeper.db.progress import reporting as reporting_upgrades  # noqa: F401 - the window's way to it
    from scorekeeper.facade.backups import Backups
    from scorekeeper.facade.consequences import EntryConsequences
    from scorekeeper.facade.discipline import Discipline
    from scorekeeper.facade.documents import Documents
    from scorekeeper.facade.games import Games
    from scorekeeper.facade.history import GameHistory
    from scorekeeper.facade.mail import SECURITIES as MAIL_SECURITIES
    from scorekeeper.facade.mail import Mail, MailSettings
    from scorekeeper.facade.office import Office
    from scorekeeper.facade.pipeline import ChangeStep
    from scorekeeper.facade.proposals import SuspensionProposals
    from scorekeeper.facade.queries import Queries
    from scorekeeper.facade.results import Results
    from scorekeeper.facade.rink import Rinks
    from scorekeeper.facade.rink_status import RinkStatus
    from scorekeeper.facade.roster import Rosters
    from scorekeeper.facade.rulebooks import Rulebooks
    from scorekeeper.facade.screens import Screens
    from scorekeeper.facade.season_files import SeasonFiles
    from scorekeeper.facade.seasons import SeasonAdmin
    from scorekeeper.facade.signatures import Signatures
    from scorekeeper.rules.ids import DATA_3, DATA_4, DATA_5, OFFICE  # noqa: F401 - the window's names for rules
    from scorekeeper.rules.office_records import NOTICE_RULE  # noqa: F401 - likewise (SUSP-2)
    from scorekeeper.rules.typed_entries import number_not_dressed, time_outside_period  # noqa: F401 - verdicts
    from scorekeeper.season.records import Carried, CarrySource
    from scorekeeper.season.standings import readable as standings_texts  # noqa: F401 - the window's way to them
    from scorekeeper.season.view import SeasonView
    from scorekeeper.signature_values import NAME_LIMIT as SIGNER_NAME_LIMIT
    from scorekeeper.signature_values import ROLE_LABELS as SIGNATURE_ROLE_LABELS
    from scorekeeper.signature_values import SIGNATURE_ROLES
    from scorekeeper.validation import override_key, validate_season
else:  # the parts' methods by name only: `delegate` imports nothing (scorekeeper/facade/delegate.py)
    from scorekeeper.facade.delegate import LATER

    Backups = Discipline = Documents = Games = Mail = Office = SuspensionProposals = Queries = Results = LATER
    Rinks = RinkStatus = Rosters = Rulebooks = Screens = SeasonFiles = SeasonAdmin = Signatures = LATER
    EntryConsequences = LATER

# The names this module gives its callers from elsewhere in the core, imported when first asked for (PEP 562)
_ELSEWHERE = {
    "Changes": ("scorekeeper.changes", "Changes"), "EntryResult": ("scorekeeper.changes", "EntryResult"),
    "ImportReport": ("scorekeeper.changes", "ImportReport"),
    "reporting_upgrades": ("scorekeeper.db.progress", "reporting"),
    "MAIL_SECURITIES": ("scorekeeper.facade.mail", "SECURITIES"), "MailSettings": ("scorekeeper.facade.mail",
                                                                                 "MailSettings"),
    **{name: ("scorekeeper.rules.ids", name) for name in ("DATA_3", "DATA_4", "DATA_5", "OFFICE")},
    "NOTICE_RULE": ("scorekeeper.rules.office_records", "NOTICE_RULE"),
    "number_not_dressed": ("scorekeeper.rules.typed_entries", "number_not_dressed"),
    "time_outside_period": ("scorekeeper.rules.typed_entries", "time_outside_period"),
    "standings_texts": ("scorekeeper.season.standings", "readable"),
    "SIGNER_NAME_LIMIT": ("scorekeeper.signature_values", "NAME_LIMIT"),
    "SIGNATURE_ROLE_LABELS": ("scorekeeper.signature_values", "ROLE_LABELS"),
    "SIGNATURE_ROLES": ("scorekeeper.signature_values", "SIGNATURE_ROLES"),
    "override_key": ("scorekeeper.validation", "override_key"),
    "validate_season": ("scorekeeper.validation", "validate_season"),
}


def __getattr__(name: str) -> Any:  # Any: whichever name of the core is asked for
    """A name this module gives from elsewhere (`_ELSEWHERE`), imported on first use (issue 29.6)."""
    if name in _ELSEWHERE:
        from importlib import import_module

        module, attr = _ELSEWHERE[name]
        value = getattr(import_module(module), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["MAIL_SECURITIES", "Changes", "DatabaseInUseError", "EntryResult", "ImportReport", "MailSettings",
           "SIGNATURE_ROLES", "SIGNATURE_ROLE_LABELS", "SIGNER_NAME_LIMIT", "ServiceError", "Services",
           "override_key", "validate_season"]
if TYPE_CHECKING:
    from scorekeeper.season.background import SeasonRead

log = logging.getLogger("scorekeeper.database")
SEALS_UNCHECKED = game_seals.UNCHECKED  # how a PC without the seals' key is told: a note, not an alarm (26.4)


def _login() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "office"


def _row_of(view: SeasonView) -> Callable[[str], int | None]:
    """A game's row id in the view's database (None: a game it did not read from there)."""
    rows = view.rows.games if view.rows is not None else {}
    return lambda gid: rows[gid][0] if gid in rows else None


def unnamed_operator() -> str:
    """Who the audit names when no operator was given: the login name, marked as such (never silently)."""
    return f"{_login()} (login name; no operator given)"


@bound
class Services:
    """The facade over one open database. It holds its parts (scorekeeper/facade/), as Anki's `Collection` holds
    `sched` and `decks`: `entries` (a game's events, line-ups, finish, reopen, undo), `rosters`, `discipline`
    (appeals, payments, notices, lifted suspensions, waived fines), `office` (password, integrity, backups),
    `books` (rulebooks), `results` (standings, stats, a game, discipline; the window's lists), `season_files`
    (import, export), `queries` and `screens` (read-only answers for the window), `documents` (the printed
    records), `backups` and `mail`. Every write goes through `step`, the one judge-then-commit path. The facade's
    own methods open and close the database, find seasons and keep their views; the parts' methods are exposed by
    name below (`delegate`)."""

    def __init__(self, db: Database, target: str) -> None:
        self.db = db
        self.target = target
        self.operator = ""  # the operator's name, asked at start; the login name until then
        self._views: dict[int, SeasonView] = {}
        # each season's suspensions still in force at its end, with the seasons that went into them
        self._season_ends: dict[int, tuple[frozenset[int], list[Carried]]] = {}
        self._lock: LeagueLock | None = None
        self._path: Path | None = None
        self.owner: str | None = None  # the window that owns the database when this process is its guest
        self.media: str | None = None  # why the database can only be read here (read-only media), if it can
        self.exclusive = False  # the window: it owns the file and stores the game states it computed at its close
        self._seasons: list[Season] | None = None

    # -- the parts, each built (and its module imported) when first used (issue 29.6) --------------------
    @cached_property
    def history(self) -> GameHistory:
        from scorekeeper.facade.history import GameHistory

        return GameHistory()

    @cached_property
    def step(self) -> ChangeStep:
        from scorekeeper.facade.pipeline import ChangeStep

        return ChangeStep(self, self.history)

    @cached_property
    def office(self) -> Office:
        from scorekeeper.facade.office import Office

        return Office(self)

    @cached_property
    def books(self) -> Rulebooks:
        from scorekeeper.facade.rulebooks import Rulebooks

        return Rulebooks(self, self.office)

    @cached_property
    def entries(self) -> Games:
        from scorekeeper.facade.games import Games

        return Games(self, self.step, self.history)

    @cached_property
    def told(self) -> EntryConsequences:  # the entries at the boards, with what they caused
        from scorekeeper.facade.consequences import EntryConsequences

        return EntryConsequences(self, self.entries, self.screens)

    @cached_property
    def rosters(self) -> Rosters:
        from scorekeeper.facade.roster import Rosters

        return Rosters(self, self.step)

    @cached_property
    def discipline(self) -> Discipline:
        from scorekeeper.facade.discipline import Discipline

        return Discipline(self, self.step)

    @cached_property
    def proposals(self) -> SuspensionProposals:  # PEN-GM-2: the office decides proposed suspensions
        from scorekeeper.facade.proposals import SuspensionProposals

        return SuspensionProposals(self, self.step)

    @cached_property
    def queries(self) -> Queries:
        from scorekeeper.facade.queries import Queries

        return Queries(self)

    @cached_property
    def results(self) -> Results:
        from scorekeeper.facade.results import Results

        return Results(self)

    @cached_property
    def season_files(self) -> SeasonFiles:
        from scorekeeper.facade.season_files import SeasonFiles

        return SeasonFiles(self, self.books, self.step)

    @cached_property
    def screens(self) -> Screens:
        from scorekeeper.facade.screens import Screens

        return Screens(self, self.history)

    @cached_property
    def documents(self) -> Documents:
        from scorekeeper.facade.documents import Documents

        return Documents(self)

    @cached_property
    def backups(self) -> Backups:
        from scorekeeper.facade.backups import Backups

        return Backups(self, self.office)

    @cached_property
    def mail(self) -> Mail:
        from scorekeeper.facade.mail import Mail

        return Mail(self)

    @cached_property
    def season_admin(self) -> SeasonAdmin:
        from scorekeeper.facade.seasons import SeasonAdmin

        return SeasonAdmin(self, self.step, self.office)

    @cached_property
    def signing(self) -> Signatures:  # issue 20: signatures at the boards
        from scorekeeper.facade.signatures import Signatures

        return Signatures(self, self.step, self.entries)

    @cached_property
    def rink_copies(self) -> Rinks:  # issue 32: rink copies, both sides
        from scorekeeper.facade.rink import Rinks

        return Rinks(self, self.step, self, Services.open)

    @cached_property
    def rink_status(self) -> RinkStatus:  # what the window shows of it as it opens (issue 29.6)
        from scorekeeper.facade.rink_status import RinkStatus

        return RinkStatus(self)

    # -- the parts' methods ----------------------------------------------------------------------------
    import_file = delegate("season_files", SeasonFiles.import_file)
    import_data = delegate("season_files", SeasonFiles.import_data)
    export = delegate("season_files", SeasonFiles.export)
    export_text = delegate("season_files", SeasonFiles.export_text)
    export_file = delegate("season_files", SeasonFiles.export_file)

    standings = delegate("results", Results.standings)
    stats = delegate("results", Results.stats)
    game = delegate("results", Results.game)
    eligibility = delegate("results", Results.eligibility)
    suspensions = delegate("results", Results.suspensions)
    fines = delegate("results", Results.fines)
    game_fines = delegate("results", Results.game_fines)
    audit = delegate("results", Results.audit)
    teams = delegate("results", Results.teams)
    games = delegate("results", Results.games)
    names = delegate("results", Results.names)

    validate_event = delegate("entries", Games.validate_event)
    add_event = delegate("told", EntryConsequences.add_event)
    update_event = delegate("told", EntryConsequences.update_event)
    delete_event = delegate("told", EntryConsequences.delete_event)
    set_lineup = delegate("entries", Games.set_lineup)
    save_game = delegate("entries", Games.save_game)
    finish_game = delegate("entries", Games.finish_game)
    set_game_details = delegate("entries", Games.set_game_details)
    game_details = delegate("entries", Games.game_details)
    reopen_game = delegate("entries", Games.reopen_game)
    can_undo = delegate("entries", Games.can_undo)
    can_redo = delegate("entries", Games.can_redo)
    undo = delegate("entries", Games.undo)
    redo = delegate("entries", Games.redo)
    live = delegate("entries", Games.live)
    prepare_entries = delegate("entries", Games.prepare_entries)
    check_on_ice = delegate("entries", Games.check_on_ice)
    sign_game = delegate("signing", Signatures.sign_game)
    signatures = delegate("signing", Signatures.signatures)

    save_player = delegate("rosters", Rosters.save_player)
    save_team = delegate("rosters", Rosters.save_team)
    save_division = delegate("rosters", Rosters.save_division)
    sign_player = delegate("rosters", Rosters.sign_player)
    release_player = delegate("rosters", Rosters.release_player)
    preview_roster_csv = delegate("rosters", Rosters.preview_roster_csv)
    import_roster_csv = delegate("rosters", Rosters.import_roster_csv)
    find_team = delegate("rosters", Rosters.find_team)
    rename_team = delegate("rosters", Rosters.rename_team)
    merge_teams = delegate("rosters", Rosters.merge_teams)
    delete_team = delegate("rosters", Rosters.delete_team)

    record_appeal = delegate("discipline", Discipline.record_appeal)
    record_payment = delegate("discipline", Discipline.record_payment)
    record_notice = delegate("discipline", Discipline.record_notice)
    lift_suspension = delegate("discipline", Discipline.lift_suspension)
    waive_fine = delegate("discipline", Discipline.waive_fine)
    proposed_suspensions = delegate("proposals", SuspensionProposals.proposed_suspensions)
    office_list = delegate("proposals", SuspensionProposals.office_list)
    confirm_suspension = delegate("proposals", SuspensionProposals.confirm_suspension)
    decline_suspension = delegate("proposals", SuspensionProposals.decline_suspension)
    decide_suspension = delegate("proposals", SuspensionProposals.decide_suspension)

    has_office_password = delegate("office", Office.has_office_password)
    set_office_password = delegate("office", Office.set_office_password)
    unlock_office = delegate("office", Office.unlock_office)
    lock_office = delegate("office", Office.lock_office)
    integrity_warnings = delegate("office", Office.integrity_warnings)
    backup = delegate("office", Office.backup)
    restore = delegate("office", Office.restore)

    rulebooks = delegate("books", Rulebooks.rulebooks)
    load_rulebook_file = delegate("books", Rulebooks.load_rulebook_file)
    rulebook_for = delegate("books", Rulebooks.rulebook_for)
    infractions = delegate("books", Rulebooks.infractions)
    find_infractions = delegate("books", Rulebooks.find_infractions)
    rules = delegate("books", Rulebooks.rules)
    section = delegate("books", Rulebooks.section)

    carried_suspensions = delegate("queries", Queries.carried_suspensions)
    game_names = delegate("queries", Queries.game_names)
    lineup = delegate("queries", Queries.lineup)
    lineup_candidates = delegate("queries", Queries.lineup_candidates)
    roster = delegate("queries", Queries.roster)
    clock = delegate("queries", Queries.clock)
    points_progression = delegate("queries", Queries.points_progression)

    game_screen = delegate("screens", Screens.game_screen)
    game_list = delegate("screens", Screens.game_list)
    players = delegate("screens", Screens.players)
    divisions = delegate("screens", Screens.divisions)
    rinks = delegate("screens", Screens.rinks)
    new_player_id = delegate("screens", Screens.new_player_id)
    new_team_id = delegate("screens", Screens.new_team_id)
    new_division_id = delegate("screens", Screens.new_division_id)
    new_game_id = delegate("screens", Screens.new_game_id)
    game_sheet_pdf = delegate("documents", Documents.game_sheet_pdf)
    fine_statements_pdf = delegate("documents", Documents.fine_statements_pdf)
    suspension_notice_pdf = delegate("documents", Documents.suspension_notice_pdf)
    standings_pdf = delegate("documents", Documents.standings_pdf)
    save_pdf = delegate("documents", Documents.save_pdf)
    backup_folder = delegate("backups", Backups.backup_folder)
    auto_backup = delegate("backups", Backups.auto_backup)
    @staticmethod
    def restore_file(target: str | Path, source: str | Path) -> Path | None:
        """Restore a database that will not open from a checked backup: `facade.backups.restore_file`."""
        from scorekeeper.facade.backups import restore_file

        return restore_file(target, source)
    mail_settings = delegate("mail", Mail.mail_settings)
    save_mail_settings = delegate("mail", Mail.save_mail_settings)
    mail_keyring_available = delegate("mail", Mail.mail_keyring_available)
    mail_password = delegate("mail", Mail.mail_password)
    remember_mail_password = delegate("mail", Mail.remember_mail_password)
    mail_batch = delegate("mail", Mail.mail_batch)
    deliver_mail = delegate("mail", Mail.deliver_mail)
    save_eml = delegate("mail", Mail.save_eml)
    @staticmethod
    def mail_recipients(message: EmailMessage) -> list[str]:
        """The bare addresses a message goes to (To, Cc, Bcc): `Mail.mail_recipients`."""
        from scorekeeper.facade.mail import Mail

        return Mail.mail_recipients(message)
    publish_site = delegate("mail", Mail.publish_site)
    all_seasons = delegate("season_admin", SeasonAdmin.all_seasons)
    archive_season = delegate("season_admin", SeasonAdmin.archive_season)
    unarchive_season = delegate("season_admin", SeasonAdmin.unarchive_season)
    delete_season = delegate("season_admin", SeasonAdmin.delete_season)
    rink_copy_status = delegate("rink_status", RinkStatus.rink_copy_status)
    take_rink_copy = delegate("rink_copies", Rinks.take_rink_copy)
    send_to_league = delegate("rink_copies", Rinks.send_to_league)
    receive_rink_game = delegate("rink_copies", Rinks.receive_rink_game)
    receive_rink_item = delegate("rink_copies", Rinks.receive_rink_item)
    rink_conflicts = delegate("rink_status", RinkStatus.rink_conflicts)
    settle_conflict = delegate("rink_copies", Rinks.settle_conflict)
    rink_conflict_merge_preview = delegate("rink_copies", Rinks.rink_conflict_merge_preview)
    merge_rink_conflict = delegate("rink_copies", Rinks.merge_rink_conflict)

    @staticmethod
    def demo_season_path() -> str:
        """The demo season the project ships."""
        from scorekeeper.facade.queries import Queries

        return Queries.demo_season_path()

    @property
    def office_unlocked(self) -> bool:
        return self.office.office_unlocked

    # -- opening -------------------------------------------------------------------------------------
    @classmethod
    def open(cls, target: str | None = None, exclusive: bool = False, operator: str = "") -> Services:
        """Open a database. `exclusive` (the window): it owns the SQLite file, a second window is refused. Any other
        process shares it, or, while a window owns it, reads it as a guest (read-only; see `db.lock`). A command
        on read-only media (a backup on a locked USB stick, a read-only share) reads it, writing nothing."""
        lock: LeagueLock | None = None
        holder: str | None = None
        media: str | None = None
        guest_path: Path | None = None
        try:
            path = sqlite_file(target)
            if path is not None:
                lock = LeagueLock(path, operator)
                try:
                    if exclusive:
                        lock.acquire_window()
                    else:
                        holder = lock.acquire_command()
                        if holder is not None:
                            guest_path = lock.window_path()
                except DatabaseLockedError as exc:
                    raise DatabaseInUseError(str(exc)) from None
                except OSError as exc:
                    if exclusive or not read_only_media(path, exc):
                        if read_only_media(path, exc):
                            raise DatabaseOpenError(
                                f"{read_only_media_note(path)}, and the window writes to the database it opens: "
                                "copy it to a folder you can write to (commands such as standings, export and "
                                "backup read it where it is)") from None
                        if isinstance(exc, PermissionError):
                            raise DatabaseOpenError(read_only_folder_message(path)) from None
                        raise DatabaseOpenError(f"cannot open {path}: {exc.strerror or exc}") from None
                    lock = None
                    media = read_only_media_note(path)
            db, resolved = open_database(target, guest=holder is not None or media is not None,
                                         guest_path=guest_path, media=media is not None)
        except DatabaseOpenError as exc:
            if lock is not None:
                lock.release()
            log.warning("the database %s was not opened: %s", target or "(the default)", exc)
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
        svc.media = media
        svc.exclusive = exclusive
        log.info("database opened: %s, schema %s%s; libraries: %s", svc.database_label, stored_version(db),
                 " (read only: " + (holder or media or "") + ")" if svc.read_only else "", loaded_versions())
        return svc

    @property
    def read_only(self) -> bool:
        """A guest (the window owns the database) or a reader of read-only media: this process may only read."""
        return self.owner is not None or self.media is not None

    def guest_refusal(self, what: str) -> str:
        """Why `what` cannot be done from here while the window owns the database (or the media is read-only)."""
        if self.owner is None and self.media is not None:
            return f"{self.media}, so {what} was not done; copy the database to a folder you can write to first"
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
            # the window stores what it computed (a command that only reads writes nothing); not while another
            # thread's connection is open: it would leave the file changed after this process recorded it closed
            if self.exclusive and not (isinstance(self.db, LeagueDatabase) and self.db.others_connected()):
                self.store_computed_results()
            self.db.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def store_computed_results(self) -> int:
        """Store the final games' states computed since their seasons were read (issue 29.1), in one transaction;
        how many. A cache: a process that may not write stores nothing, and a failure costs only the time to
        compute them again."""
        if self.read_only or not self._views or not game_results.can_store():
            return 0
        pending: dict[int, tuple[str, bytes]] = {}
        outcomes = {}  # the records the standings and the games list read: those not stored as the views hold
        for view in self._views.values():
            pending.update(view.stored.take_pending(_row_of(view)))
            outcomes[id(view)] = (view, game_outcomes.stale_in(view))
        try:  # issue 29.3: and the seasons' discipline, for one game's papers (a cache: a failure costs time)
            from scorekeeper.facade import game_papers

            game_papers.store_discipline(self._views)
        except Exception as exc:
            log.warning("the season's discipline not stored: %s: %s", type(exc).__name__, exc)
        if not pending and not any(stale for _, stale in outcomes.values()):
            return 0
        try:
            with self.write_transaction():
                game_results.store_results(pending)
                for view, stale in outcomes.values():
                    game_outcomes.store_outcomes(view, stale)
        except Exception as exc:  # never the person's concern: the next read computes them again
            log.warning("computed game states not stored: %s: %s", type(exc).__name__, exc)
            return 0
        log.info("stored the computed states of %d final games", len(pending))
        return len(pending)

    # -- writing: one transaction, audited ------------------------------------------------------------
    def write_transaction(self) -> AbstractContextManager[Any]:
        """One transaction; it takes the write lock at once (SQLite's; the league's advisory lock on PostgreSQL:
        `db.write_lock`), so the check and the write are atomic. The window first makes sure it still owns the file
        (`LeagueLock.check_held`): an entry it could not keep is refused, never acknowledged."""
        self.ensure_owned()
        if isinstance(self.db, SqliteDatabase):  # sealed again at its end (issue 26.4: `db.game_seals`)
            return game_seals.sealed(self.db.atomic("IMMEDIATE"))
        return write_lock.serialized(self.db, self.db.atomic())  # PostgreSQL: one PC's write at a time

    def ensure_owned(self) -> None:
        """Before a write: `OwnershipLostError` where the window no longer owns its file (`write_transaction`)."""
        if self._lock is not None:
            lost = self._lock.check_held()
            if lost:
                raise OwnershipLostError(lost)

    def record_audit(self, season: Season, action: str, subject: str, before: Any = None, after: Any = None) -> None:
        """An audit entry of the season (the caller holds the transaction)."""
        AuditEntry.create(season=season, operator=self.operator or unnamed_operator(), action=action, subject=subject,
                          before=json.dumps(before, ensure_ascii=False) if before is not None else None,
                          after=json.dumps(after, ensure_ascii=False) if after is not None else None)

    def audit_any(self, action: str, subject: str = "") -> None:
        """An audit entry about the database itself, filed under its latest season."""
        seasons = store.list_seasons()
        AuditEntry.create(season=seasons[-1] if seasons else None, operator=self.operator or "office",
                          action=action, subject=subject)

    @property
    def sqlite_path(self) -> Path | None:
        """The database file, or None for PostgreSQL (or a database in memory)."""
        return self._path

    # -- seasons -------------------------------------------------------------------------------------
    def seasons(self) -> list[SeasonEntry]:
        """The seasons the picker offers, oldest first (archived ones are left out: `all_seasons` has them)."""
        return [{"name": s.name, "league": s.league.name, "rulebook": s.rulebook.name}
                for s in store.list_seasons() if not s.archived]

    def season_row(self, name: str | None = None) -> Season:
        """A season's row by name (None: the latest)."""
        if self._seasons is None:
            self._seasons = store.list_seasons()
        seasons = self._seasons
        if not seasons:
            raise ServiceError("the database holds no season yet: import a season file first")
        if name is None:  # the latest the picker offers (an archived season is named to be read)
            return next((s for s in reversed(seasons) if not s.archived), seasons[-1])
        for s in reversed(seasons):
            if s.name == name:
                return s
        raise ServiceError(f"no season {name!r} in the database (there is {', '.join(s.name for s in seasons)})")

    def create_season(self, league: str, season: str, rulebook: str | None = None) -> SeasonEntry:
        """A new, empty season under a shipped rulebook (default: the league's default)."""
        from scorekeeper.rulebook import DEFAULT_RULEBOOK, RulebookError

        if not league.strip() or not season.strip():
            raise ServiceError("a season needs the league's name and the season's name")
        if store.find_season(league, season) is not None:
            raise ServiceError(f"{league} already has a season {season!r}")
        try:
            book = self.books.book_named(rulebook or DEFAULT_RULEBOOK)
        except RulebookError as exc:
            raise ServiceError(str(exc)) from None
        with self.write_transaction():
            record = store.ensure_rulebook(book.id, book.source_text)
            store.create_season(league, season, record)
        self._changed()
        return {"name": season, "league": league, "rulebook": book.id}

    _season = season_row  # the older name (tests and benchmarks call it)

    # -- views of a season ---------------------------------------------------------------------------
    def view(self, season: str | None = None) -> SeasonView:
        s = self._season(season)
        if s.id not in self._views:
            self._views[s.id] = self._load_view(s)
        return self._views[s.id]

    def season_read(self, season: str | None = None) -> SeasonRead:
        """A read of the whole season to run on another thread, with its own connection (issue 29.4: the window
        reads the season there while its Live Game tab lists the games); `take()` on this thread keeps it."""
        from scorekeeper.season.background import SeasonRead

        return SeasonRead(self, self.season_row(season))

    def read_view(self, s: Season) -> SeasonView:
        """Season `s` read afresh, not kept (`remember_view` keeps it): what a reading thread calls."""
        return self._load_view(s)

    def _load_view(self, s: Season) -> SeasonView:
        """Season `s` as one committed state (`db.snapshot`: another PC's commit is not half-seen)."""
        from scorekeeper.db.snapshot import one_snapshot
        from scorekeeper.engine.stored import StoredStates
        from scorekeeper.season.records import CarryOver, OfficeRecords
        from scorekeeper.season.view import SeasonView

        rows = store.RowIds()
        with one_snapshot():
            data = store.load_season_dict(s, rows)
            results = game_results.read_results(s, {row: gid for gid, (row, _) in rows.games.items()})
            office = OfficeRecords.of(store.load_notices(s), store.load_lifted(s), store.load_waivers(s),
                                      store.load_overrides(s))
        view = SeasonView(data, self.rulebook_for(s), rows=rows)
        view.stored = StoredStates(results)
        view.office = office
        view.carry_over = CarryOver(self.carry_source(s.league.name, s.id))
        return view

    # -- suspensions carried into the next season ----------------------------------------------------
    def carry_source(self, league: str, season_id: int | None) -> CarrySource:
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
        """What season `s` carries into the next, with the ids of the seasons it depends on: read from where it
        is stored under the digest of those seasons, else computed (once) and stored."""
        if s.id not in self._season_ends:
            key, used = carried.chain(s)
            ends = carried.load(s, key)
            if ends is None:
                from scorekeeper.rules import discipline

                ends = discipline.unfinished(self._load_view(s))  # read for this and let go
                carried.save(s, key, ends)
            self._season_ends[s.id] = (used, ends)
        return self._season_ends[s.id]

    def stored_view(self, s: Season) -> SeasonView:
        """The view of a season by its row (the one read already, else read now and not kept)."""
        return self._views.get(s.id) or self._load_view(s)

    def has_view(self, season_id: int) -> bool:
        """Whether the season is read (its view kept)."""
        return self.kept_view(season_id) is not None

    def kept_view(self, season_id: int) -> SeasonView | None:
        """The view of a season this facade has read already (None: not read yet)."""
        return self._views.get(season_id)

    def remember_view(self, season_id: int, view: SeasonView) -> None:
        """The season as just written (a write's candidate view), kept without reading the season back."""
        self._views[season_id] = view

    def forget(self, season_id: int | None = None) -> None:
        """Forget what was read: every season's view, and what a season carries over (A-28) where it was read
        from the season written (`season_id`; None: any)."""
        self._views.clear()
        self._seasons = None
        if season_id is None:
            self._season_ends.clear()
        else:
            self._season_ends = {sid: end for sid, end in self._season_ends.items() if season_id not in end[0]}

    _changed = forget  # the older name (tests and benchmarks call it)
