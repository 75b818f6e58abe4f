"""The season-file part of the facade: importing a season file (the whole file or nothing, judged and committed by
the one change step, what the office password guards refused unless the office is unlocked) and exporting one
with every computed output."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard, cast

from peewee import DatabaseError

from scorekeeper.atomic import write_atomically
from scorekeeper.changes import Changes, ImportReport
from scorekeeper.db import game_outcomes, game_results, season_write, store
from scorekeeper.db.models import Game, Season
from scorekeeper.facade import kept_discipline
from scorekeeper.facade.changeset import ListChanges
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.discipline import payment_audits
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.pipeline import ChangeStep, added_violations, archived_refusal, touched_players
from scorekeeper.facade.rulebooks import Rulebooks
from scorekeeper.import_guard import Guarded, import_guards
from scorekeeper.import_refusals import data_refusals
from scorekeeper.json_value import JsonObject
from scorekeeper.jsontext import readable
from scorekeeper.results_records import Fines, Suspensions
from scorekeeper.rulebook import Rulebook, RulebookError
from scorekeeper.rules import discipline
from scorekeeper.rules import fines as fine_rules
from scorekeeper.rules.ids import FILE
from scorekeeper.rules.office_role import import_needs_office
from scorekeeper.rules.violation import Violation
from scorekeeper.season.records import CarryOver, OfficeRecords
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import AuditEntryData, GameData, SeasonData
from scorekeeper.seasonfile import LISTS, SeasonFileError, check_structure, merge, normalise, read_season_file
from scorekeeper.signature_picture import clean_file_pictures
from scorekeeper.validation import apply_overrides, override_key, overrides_from_audit


def _is_time(value: object) -> bool:
    """An audit entry's `at`: an ISO date and time."""
    if not isinstance(value, str):
        return False
    try:
        dt.datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _is_audit(audit: object) -> TypeGuard[list[AuditEntryData]]:
    """A file's audit trail: a list of entries, each with its `at` and `action` (its other keys kept as history)."""
    return isinstance(audit, list) and all(isinstance(a, dict) and _is_time(a.get("at"))
                                           and isinstance(a.get("action"), str) for a in audit)


class _Refused(Exception):
    """An import refused before it is judged: the report that says why."""

    def __init__(self, report: ImportReport) -> None:
        super().__init__(report.season)
        self.report = report


def _refused(incoming: SeasonData, message: str, where: str) -> _Refused:
    """The file refused as a whole (rule FILE), at `where`."""
    return _Refused(ImportReport(False, incoming["season"], [Violation(FILE, "block", message, "season file",
                                                                       where)]))


@dataclass
class _Plan:
    """A season file read against the season as stored: what the import would write."""

    incoming: SeasonData
    season: Season | None
    book: Rulebook
    new_book: bool
    existing: SeasonData
    merged: SeasonData
    changes: season_write.Changes
    audit: list[AuditEntryData]
    local_overrides: dict[str, str] = field(default_factory=dict)
    known: OfficeRecords | None = None  # another database's office records standing here (a rink copy's league)

    @property
    def season_name(self) -> str:
        season: str = self.incoming["season"]
        return season


def _changes_of(plan: _Plan, written: dict[str, int], guarded: bool) -> Changes:
    """What a written import changed, for the window to refresh."""
    changes = plan.changes
    lists: Mapping[str, object] = changes
    old_games: dict[str, GameData] = {g["id"]: g for g in plan.existing.get("games", [])}
    return Changes.of(
        plan.incoming["season"], games=[g["id"] for g in changes["games"]],
        teams=[*(t["id"] for t in changes["teams"]), *(r["team"] for r in changes["roster"]),
               *(t for g in changes["games"] for t in (g["home"], g["away"]))],
        players=touched_players(cast(ListChanges, changes),
                                {g["id"]: old_games.get(g["id"]) for g in changes["games"]}),
        tables=[*(n for n in LISTS if lists[n]),
                *(["audit"] if written.get("audit") or guarded or changes["payments"] else [])],
        finals_touched=any(g.get("status", "final") == "final"
                           or (old := old_games.get(g["id"])) is not None and old.get("status") == "final"
                           for g in changes["games"]))


@bound
class SeasonFiles(Part):
    """A season file in and out."""

    def __init__(self, core: Core, books: Rulebooks, step: ChangeStep) -> None:
        super().__init__(core)
        self.books = books
        self.step = step

    def import_file(self, path: str | Path, replace: bool = False) -> ImportReport:
        try:
            data = read_season_file(path)
        except SeasonFileError as exc:
            return ImportReport(False, violations=[Violation(FILE, "block", str(exc), "season file")])
        return self.import_data(data, replace=replace, source=str(path), shape_read=True)

    def import_data(self, data: JsonObject, replace: bool = False, source: str = "",
                    shape_read: bool = False, known: OfficeRecords | None = None) -> ImportReport:
        """Load a season file's content: the whole file or nothing. What the office password guards (a final game
        reopened or rewritten, a suspension lifted, a fine waived, an appeal upheld, a block overridden) is
        refused (rule OFFICE, naming each change) unless the office is unlocked, and each is audited. `known`: the
        lifts and waivers another database's office recorded, standing for the judging (a rink copy's league,
        issue 32; the caller writes them)."""
        try:
            plan = self._plan(data, replace, shape_read)
        except _Refused as refused:
            return refused.report
        plan.known = known
        view = self._view(plan)
        violations, overridable, offered = self._judge(plan, view)
        report = ImportReport(not any(v.blocks for v in violations), plan.season_name, violations)
        if not report.ok:
            return report
        reason = f"import of {source}" if source else "import of a season file"
        guarded = self._guarded(plan, view, overridable, offered, reason)
        if guarded and not self.core.office_unlocked:
            report.ok = False
            report.violations = [*violations, *(import_needs_office(g.what, g.subject) for g in guarded)]
            return report
        lists: Mapping[str, object] = plan.changes
        written = {name: len(rows) for name, rows in lists.items() if isinstance(rows, list)}  # each list's count
        report.written = written
        if not (any(written.values()) or plan.audit):
            return report

        def write() -> Season:
            target = plan.season if plan.season is not None else self._new_season(plan)
            revisions = store.write_changes(target, plan.changes)
            _store_states(target, view, revisions)  # computed by the judging (issue 29.1)
            kept_discipline.store_written(target, view)  # the season's discipline, from the judged view (29.3)
            written["audit"] = store.merge_audit(target, plan.audit)
            self._audit(target, guarded, plan, reason)
            return target

        try:
            season = self.step.commit(None, write)
        except (DatabaseError, sqlite3.Error) as exc:  # the raw driver's too, told in words
            raise ServiceError(f"the import was not written: {self.core.explain_error(exc)}") from None
        existing = plan.existing
        self.core.forget(season.id if existing.get("games") or existing.get("teams") else None)
        if any(written.values()):  # else a file imported again, its audit trail known: nothing changed
            report.changes = _changes_of(plan, written, bool(guarded))
        else:
            report.changes = Changes()
        return report

    # -- the steps of an import ------------------------------------------------------------------------------
    def _plan(self, data: JsonObject, replace: bool, shape_read: bool) -> _Plan:
        """The file read against the season as stored: its shape, its rulebook, its pictures, what it changes and
        its audit trail's shape (else `_Refused`)."""
        problems = check_structure(data, shape_read)
        if problems:
            raise _Refused(ImportReport(False, str(data.get("season", "")), problems))
        incoming = normalise(data)
        season = store.find_season(incoming["league"], incoming["season"])
        if season is not None and season.archived:
            raise _refused(incoming, archived_refusal(season.name), "season")
        text = data.get("rulebook_text")  # checked: a text, or none
        book, new_book, existing = self._book_and_existing(incoming, season, text if isinstance(text, str) else None)
        pictures = clean_file_pictures(incoming, existing)  # issue 26.3: each new picture decoded, re-encoded
        if pictures:
            raise _Refused(ImportReport(False, incoming["season"], pictures))
        merged, changes, conflicts = merge(existing, incoming, replace)
        if conflicts:
            raise _Refused(ImportReport(False, incoming["season"], conflicts))
        audit = data.get("audit") or []
        if not _is_audit(audit):
            raise _refused(incoming, "audit must be a list of entries with 'at' (an ISO date and time) and 'action'",
                           "audit")
        return _Plan(incoming, season, book, new_book, existing, merged, changes, audit)

    def _book_and_existing(self, incoming: SeasonData, season: Season | None, text: str | None
                           ) -> tuple[Rulebook, bool, SeasonData]:
        """The rulebook the season is played under, whether the import loads it, and the season as stored (an
        empty one for a new season)."""
        if season is not None:
            book = self.books.rulebook_for(season)
            conflict = self.books.text_conflict(season.rulebook.name, text, held=season.rulebook.text) if text else ""
            if conflict:
                raise _refused(incoming, conflict, "rulebook_text")
            return book, False, store.load_season_dict(season)
        try:
            book, new_book = self.books.book_for_file(incoming.get("rulebook"), text)
        except RulebookError as exc:
            raise _refused(incoming, str(exc), "rulebook_text" if text else "rulebook") from None
        existing: SeasonData = {"format": incoming["format"], "league": incoming["league"],
                                "season": incoming["season"], "rulebook": book.id, "divisions": [], "teams": [],
                                "players": [], "roster": [], "games": [], "appeals": [], "payments": [],
                                "season_suspension_decisions": []}  # every list of the file (seasonfile.LISTS)
        return book, new_book, existing

    def _view(self, plan: _Plan) -> SeasonView:
        """The season after the import, with what the office recorded (lifted, waived, notified) standing."""
        season = plan.season
        view = SeasonView(plan.merged, plan.book)
        view.carry_over = CarryOver(self.core.carry_source(plan.incoming["league"], season.id if season else None))
        local = store.load_overrides(season) if season is not None else {}
        extra = plan.known or OfficeRecords()
        if season is not None:
            view.office = OfficeRecords.of(store.load_notices(season), {**store.load_lifted(season), **extra.lifted},
                                           {**store.load_waivers(season), **extra.waived}, local)
        else:
            view.office = OfficeRecords.of(lifted=extra.lifted, waived=extra.waived, overrides=local)
        plan.local_overrides = local
        return view

    def _judge(self, plan: _Plan, view: SeasonView) -> tuple[list[Violation], list[Violation], dict[str, str]]:
        """The file judged whole: its violations, the blocks its own "override block" entries may override, and
        the overrides it offers."""
        changes = plan.changes
        changed_games = [g["id"] for g in changes["games"]]
        if changes["roster"] or changes["players"] or changes["teams"] or changes["divisions"]:
            changed_games = list(view.games)
        violations = added_violations(None, view, changed_games, True)  # a file is judged whole
        # the file's own "override block" entries are history: one is honoured only as the office's own action
        offered = overrides_from_audit(plan.audit)
        overridable = [v for v in violations if v.blocks and override_key(v) in offered
                       and " event " not in f" {v.where} "]
        if overridable and all(not v.blocks or v in overridable for v in violations):
            view.office = view.office.with_overrides(
                {**plan.local_overrides, **{override_key(v): offered[override_key(v)] for v in overridable}})
            violations = apply_overrides(view, violations)
        if not any(v.blocks for v in violations):  # issue 26: data, never an office act; never overridden
            violations += data_refusals(plan.incoming, cast(ListChanges, changes), plan.existing, view)
        return violations, overridable, offered

    def _guarded(self, plan: _Plan, view: SeasonView, overridable: list[Violation], offered: dict[str, str],
                 reason: str) -> list[Guarded]:
        """Each change of the import the office password guards."""
        season = plan.season
        before = self.discipline_now(season) if season is not None and any(plan.changes.values()) else None
        guarded = import_guards(plan.existing, view, cast(ListChanges, plan.changes), overridable, offered, reason,
                                before)
        if plan.new_book:  # the rulebook the file carries is loaded with it: what `rulebook load` does
            guarded.append(Guarded(f"loads the rulebook {plan.book.id!r} it carries", "load rulebook", plan.book.id,
                                   None, plan.book.name))
        return guarded

    def _new_season(self, plan: _Plan) -> Season:
        """The season a file brings, created under its rulebook (loaded if new)."""
        record = store.ensure_rulebook(plan.book.id, plan.book.source_text)
        return store.create_season(plan.incoming["league"], plan.incoming["season"], record)

    def _audit(self, target: Season, guarded: list[Guarded], plan: _Plan, reason: str) -> None:
        """The audit entries of an import: each change the office password guards (who, when, what, why) and each
        payment (as the window audits one, issue 26)."""
        for g in guarded:
            self.core.record_audit(target, g.action, g.subject, before=g.before, after=g.after)
        for a in payment_audits(cast(ListChanges, plan.changes)["payments"], plan.audit, reason):
            self.core.record_audit(target, a.action, a.subject, before=a.before, after=a.after)

    def discipline_now(self, season: Season) -> tuple[Suspensions, Fines]:
        """The season's suspensions and fines as stored (with what the office recorded)."""
        view = self.core.stored_view(season)
        return discipline.suspensions(view), fine_rules.fines(view)

    def export_text(self, season: str | None = None) -> str:
        """The season file of `export` as the program writes it (one record per line)."""
        return readable(self.export(season))

    def export_file(self, path: str | Path, season: str | None = None) -> Path:
        """Write the season file to `path` (a crash leaves the old file or the new; never over the database);
        returns the file written."""
        text = self.export_text(season)
        try:
            return write_atomically(path, text, database=self.core.sqlite_path)
        except OSError as exc:
            raise ServiceError(f"cannot write {path}: {exc.strerror or exc}") from None

    def export(self, season: str | None = None) -> SeasonData:
        """The season file of a season, with a `computed` key holding every computed output."""
        s = self.core.season_row(season)
        data = store.load_season_dict(s)
        data["rulebook_text"] = s.rulebook.text  # the file carries its rulebook: another database imports it
        data["audit"] = store.load_audit(s)
        data["computed"] = {
            "standings": self.core.standings(s.name), "stats": {st: self.core.stats(s.name, st) for st in
                                                           ("regular", "playoff")},
            "games": [self.core.game(g["id"], s.name) for g in data["games"]],
            "suspensions": self.core.suspensions(s.name), "fines": self.core.fines(s.name),
            "eligibility": self.core.eligibility(s.name),
        }
        return data


def _store_states(season: Season, view: SeasonView, revisions: Mapping[str, tuple[int, int]]) -> None:
    """Store the final games' states `view` computed (the judging) and their records, under their rows in `season`
    as just written (`revisions`: the games the import wrote; inside the write): one statement a table. The
    records: of the games written and of those whose states the judging computed (their dependencies may have
    changed: a player's gender, the rulebook)."""
    records = dict(revisions)
    if any(gid not in records for gid in view.stored.pending):  # games the file left as they were: their rows
        rows: Any = Game.select(Game.ext_id, Game.id, Game.revision).where(Game.season == season).tuples()
        records.update((gid, (row, revision)) for gid, row, revision in rows if gid in view.stored.pending)
    game_results.store_results(view.stored.take_pending(lambda gid: records[gid][0] if gid in records else None))
    game_outcomes.store_outcomes(view, records)  # what the standings and the games list read (issue 29)
