"""The season-file part of the facade: importing a season file (the whole file or nothing, judged and committed by
the one change step, what the office password guards refused unless the office is unlocked) and exporting one
with every computed output."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path
from typing import Any

from peewee import DatabaseError

from scorekeeper.atomic import write_atomically
from scorekeeper.changes import Changes, ImportReport
from scorekeeper.db import store
from scorekeeper.db.models import Season
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.discipline import payment_audits
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.pipeline import ChangeStep, added_violations, archived_refusal, touched_players
from scorekeeper.facade.rulebooks import Rulebooks
from scorekeeper.import_guard import Guarded, import_guards
from scorekeeper.import_refusals import data_refusals
from scorekeeper.jsontext import readable
from scorekeeper.rulebook import RulebookError
from scorekeeper.rules import discipline
from scorekeeper.rules import fines as fine_rules
from scorekeeper.rules.violation import Violation
from scorekeeper.season.records import CarryOver, OfficeRecords
from scorekeeper.season.view import SeasonView
from scorekeeper.seasonfile import LISTS, SeasonFileError, check_structure, merge, normalise, read_season_file
from scorekeeper.signature_picture import clean_file_pictures
from scorekeeper.validation import apply_overrides, override_key, overrides_from_audit


def _is_time(value: Any) -> bool:
    """An audit entry's `at`: an ISO date and time."""
    if not isinstance(value, str):
        return False
    try:
        dt.datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


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
            return ImportReport(False, violations=[Violation("FILE", "block", str(exc), "season file")])
        return self.import_data(data, replace=replace, source=str(path), shape_read=True)

    def import_data(self, data: dict[str, Any], replace: bool = False, source: str = "",
                    shape_read: bool = False) -> ImportReport:
        """Load a season file's content: the whole file or nothing. What the office password guards (a final game
        reopened or rewritten, a suspension lifted, a fine waived, an appeal upheld, a block overridden) is
        refused (rule OFFICE, naming each change) unless the office is unlocked, and each is audited."""
        problems = check_structure(data, shape_read)
        if problems:
            return ImportReport(False, str(data.get("season", "")), problems)
        incoming = normalise(data)
        season = store.find_season(incoming["league"], incoming["season"])
        if season is not None and season.archived:
            return ImportReport(False, incoming["season"], [Violation(
                "FILE", "block", archived_refusal(season.name), "season file", "season")])
        text = data.get("rulebook_text")
        new_book = False
        if season is not None:
            book = self.books.rulebook_for(season)
            conflict = self.books.text_conflict(season.rulebook.name, text, held=season.rulebook.text) if text else ""
            if conflict:
                return ImportReport(False, incoming["season"], [Violation("FILE", "block", conflict, "season file",
                                                                          "rulebook_text")])
            existing = store.load_season_dict(season)
        else:
            try:
                book, new_book = self.books.book_for_file(incoming.get("rulebook"), text)
            except RulebookError as exc:
                return ImportReport(False, incoming["season"], [Violation(
                    "FILE", "block", str(exc), "season file", "rulebook_text" if text else "rulebook")])
            existing = {"format": incoming["format"], "league": incoming["league"], "season": incoming["season"],
                        "rulebook": book.id, **{name: [] for name in LISTS}}
        pictures = clean_file_pictures(incoming, existing)  # issue 26.3: each new picture decoded, re-encoded
        if pictures:
            return ImportReport(False, incoming["season"], pictures)
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
        view.carry_over = CarryOver(self.core.carry_source(incoming["league"], season.id if season else None))
        local = store.load_overrides(season) if season is not None else {}
        if season is not None:  # what the office recorded stands (lifted, waived, notified)
            view.office = OfficeRecords.of(store.load_notices(season), store.load_lifted(season),
                                           store.load_waivers(season), local)
        else:
            view.office = OfficeRecords.of(overrides=local)
        changed_games = [g["id"] for g in changes["games"]]
        if changes["roster"] or changes["players"] or changes["teams"] or changes["divisions"]:
            changed_games = list(view.games)
        violations = added_violations(None, view, changed_games, True)  # a file is judged whole
        # the file's own "override block" entries are history: one is honoured only as the office's own action
        offered = overrides_from_audit(audit)
        overridable = [v for v in violations if v.blocks and override_key(v) in offered
                       and " event " not in f" {v.where} "]
        if overridable and all(not v.blocks or v in overridable for v in violations):
            view.office = view.office.with_overrides(
                {**local, **{override_key(v): offered[override_key(v)] for v in overridable}})
            violations = apply_overrides(view, violations)
        if not any(v.blocks for v in violations):  # issue 26: data, never an office act; never overridden
            violations += data_refusals(incoming, changes, existing, view)
        report = ImportReport(not any(v.blocks for v in violations), incoming["season"], violations)
        if not report.ok:
            return report
        reason = f"import of {source}" if source else "import of a season file"
        guarded = import_guards(existing, view, changes, overridable, offered, reason,
                                self.discipline_now(season) if season is not None and any(changes.values())
                                else None)
        if new_book:  # the rulebook the file carries is loaded with it: what `rulebook load` does
            guarded.append(Guarded(f"loads the rulebook {book.id!r} it carries", "load rulebook", book.id, None,
                                   book.name))
        if guarded and not self.core.office_unlocked:
            report.ok = False
            report.violations = [*violations, *(Violation(
                "OFFICE", "block", f"the season file {g.what}: that needs the office password (unlock the office "
                "first); nothing was written", "office role", g.subject) for g in guarded)]
            return report
        written = {name: len(rows) for name, rows in changes.items()}
        if any(written.values()) or audit:
            stored = season

            def write() -> Season:
                target = stored
                if target is None:
                    record = store.ensure_rulebook(book.id, book.source_text)
                    target = store.create_season(incoming["league"], incoming["season"], record)
                store.write_changes(target, changes)
                written["audit"] = store.merge_audit(target, audit)
                for g in guarded:  # each change the office password guards: who, when, what, why
                    self.core.record_audit(target, g.action, g.subject, before=g.before, after=g.after)
                for a in payment_audits(changes["payments"], audit, reason):  # as the window audits one (issue 26)
                    self.core.record_audit(target, a.action, a.subject, before=a.before, after=a.after)
                return target

            try:
                season = self.step.commit(None, write)
            except (DatabaseError, sqlite3.Error) as exc:  # the raw driver's too, told in words
                raise ServiceError(f"the import was not written: {self.core.explain_error(exc)}") from None
            self.core.forget(season.id if existing.get("games") or existing.get("teams") else None)
            old_games = {g["id"]: g for g in existing.get("games", [])}
            report.changes = Changes.of(
                incoming["season"], games=[g["id"] for g in changes["games"]],
                teams=[*(t["id"] for t in changes["teams"]), *(r["team"] for r in changes["roster"]),
                       *(t for g in changes["games"] for t in (g["home"], g["away"]))],
                players=touched_players(changes, {g["id"]: old_games.get(g["id"]) for g in changes["games"]}),
                tables=[*(n for n in LISTS if changes[n]),
                        *(["audit"] if written.get("audit") or guarded or changes["payments"] else [])],
                finals_touched=any(g.get("status", "final") == "final"
                                   or old_games.get(g["id"], {}).get("status") == "final" for g in changes["games"]))
            if not any(written.values()):  # a file imported again, its audit trail known: nothing changed
                report.changes = Changes()
        report.written = written
        return report

    def discipline_now(self, season: Season) -> tuple[dict[str, Any], dict[str, Any]]:
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

    def export(self, season: str | None = None) -> dict[str, Any]:
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
