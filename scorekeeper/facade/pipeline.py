"""The one path of every change: judge it, then commit it.

`added_violations` judges a proposed change (the season with the change, a candidate view) against the season as
it is: only the violations the change adds count; blocks refuse it, warnings need a confirm (`refusal`).
`ChangeStep.commit` writes it in one transaction with its audit entries. `ChangeStep.propose` serves every entry
(a season-file change: an edit, a line-up, a finish, a roster change), `ChangeStep.append` the entry at the boards
(one event at the end of a game that is not final: the same judge and commit over a cheaper candidate, the view
extended rather than rebuilt, one row written), and the import of a season file judges the whole file the same
way (`added_violations` with no view before) and commits through `commit`.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from peewee import Database, DatabaseError, SqliteDatabase

from scorekeeper.changes import Changes, EntryResult
from scorekeeper.db import entry_commit, game_outcomes, game_results, season_write, store
from scorekeeper.db.models import Season
from scorekeeper.facade import kept_discipline
from scorekeeper.facade.changeset import ListChanges
from scorekeeper.facade.core import Core, bound, inner
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.history import GameHistory
from scorekeeper.rules.final_games import changed_elsewhere, final_locked
from scorekeeper.rules.ids import DATA_5
from scorekeeper.rules.office_role import event_never_overridden, override_needs_office
from scorekeeper.rules.payments import payment_problems
from scorekeeper.rules.signed_games import unfinished_signatures
from scorekeeper.rules.violation import Violation
from scorekeeper.season.game_list import written_states
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import EventData, GameData, LineupsData, SeasonData
from scorekeeper.seasonfile import FORMAT, LISTS, check_event, check_structure, merge, norm_event, normalise
from scorekeeper.validation import override_key, validate_season

log = logging.getLogger("scorekeeper.write")

T = TypeVar("T")
Retry = Callable[[], EntryResult]
OldGames = dict[str, GameData | None]
"""The games a change writes as they were, by id (None: a new game)."""


_APPENDED = Changes.of("", tables=["games"])
"""What an entry appended to a game in progress writes: its tables and the results they change, as `Changes.of`
reads them (once; `append` names its game, teams and players, each once and in order, itself)."""


def violation_key(v: Violation) -> tuple[str, str, str]:
    return (v.rule, v.severity, v.message)


def added_violations(before: SeasonView | None, candidate: SeasonView, affected: list[str],
                     season_level: bool) -> list[Violation]:
    """The violations of `candidate` over the `affected` games (and the season's own checks if `season_level`)
    that the season as it is (`before`) does not have; with no `before` (a file judged whole), all of them."""
    after = _judged(candidate, affected, season_level)
    if before is None:
        return list(after)
    known = {violation_key(v) for v in _judged(before, [g for g in affected if g in before.games], season_level)}
    return [v for v in after if violation_key(v) not in known]


def _judged(view: SeasonView, games: list[str], season_level: bool) -> list[Violation]:
    """`validate_season(view, games, season_level)`; of games alone once per view and games: the view an entry was
    judged in is the one the next entry is judged against (a view never changes in place)."""
    if season_level:
        return validate_season(view, games, season_level)
    key = tuple(games)
    found = view.judged.get(key)
    if found is None:
        found = view.judged[key] = validate_season(view, games, False)
    return found


def refusal(new: list[Violation], *, confirm: bool, dry_run: bool = False) -> EntryResult | None:
    """The answer when the change is not to be written: a block refuses it, a warning waits for a confirm, a
    dry run only reports; None: write it."""
    if any(v.blocks for v in new) or dry_run:
        return EntryResult(not any(v.blocks for v in new), new)
    if any(v.severity == "warn" for v in new) and not confirm:
        return EntryResult(False, new, needs_confirmation=True)
    return None


@dataclass(frozen=True)
class AuditRecord:
    """An audit entry written with a change, in its transaction."""

    action: str
    subject: str
    before: Any = None
    after: Any = None


@dataclass(frozen=True)
class Proposal:
    """A change in the season file's terms: objects of its lists to add or replace, and how to judge it.

    `games`: the games whose checks count (None: those written, and every later one when a final game is
    involved); `allow_final`: a final game may change (undo, reopen); `override`: the office's reason to accept
    the blocks it adds (audited); `audit`: the entry that records the change; `unwritten`: how the database's
    refusal is cited (None: as an entry's)."""

    changes: ListChanges
    games: list[str] | None = None
    allow_final: bool = False
    override: str = ""
    audit: AuditRecord | None = None
    unwritten: Refused | None = None


@dataclass(frozen=True)
class Refused:
    """How a change the database refused is cited: what was not written, under which rule, its section and where
    (an entry's by default)."""

    what: str = "the entry was not recorded"
    rule: str = DATA_5
    section: str = ""
    where: str = ""


def event_players(event: EventData) -> set[str]:
    """The players an event names (scorer and assists, the penalised, the shooter, who served...)."""
    named = {v for k in store.PLAYER_FIELDS if isinstance(v := event.get(k), str)}
    return named | {a for a in event.get("assists") or [] if isinstance(a, str)}


def game_players(game: GameData | None) -> set[str]:
    """Every player a game names: those dressed and those its events name."""
    if game is None:
        return set()
    lineups: LineupsData = game.get("lineups") or {}
    dressed = {x["player"] for x in [*lineups.get("home", []), *lineups.get("away", [])]}
    return dressed.union(*(event_players(e) for e in game.get("events", [])))


def touched_players(incoming: ListChanges, old_games: OldGames) -> list[str]:
    """The players a change touches: those written, signed, appealing or paying, and every player of a game
    that changed (its result reaches their figures)."""
    named = [*(p["id"] for p in incoming["players"]), *(r["player"] for r in incoming["roster"]),
             *(a["player"] for a in incoming["appeals"]),
             *(d["player"] for d in incoming.get("season_suspension_decisions") or []),
             *(p["payer"]["player"] for p in incoming["payments"] if "player" in p["payer"])]
    for g in incoming["games"]:
        named += sorted(game_players(g) | game_players(old_games[g["id"]]))
    return named


def _teams(incoming: ListChanges) -> list[str]:
    return sorted({t for g in incoming["games"] for t in (g["home"], g["away"])}
                  | {r["team"] for r in incoming["roster"]} | {t["id"] for t in incoming["teams"]})


def archived_refusal(season: str) -> str:
    """Why nothing is written to an archived season (issue 18)."""
    return (f"season {season} is archived, so it is read-only: restore it first (File ▸ Seasons…, or "
            f"`scorekeeper season unarchive {season}`); nothing was written")


@dataclass
class _Judged:
    """A proposed change judged acceptable: what it writes, the season with it, and what it adds."""

    incoming: SeasonData
    old_games: OldGames
    written: season_write.Changes
    candidate: SeasonView
    finals: bool
    new: list[Violation] = field(default_factory=list)
    overridden: list[Violation] = field(default_factory=list)
    audits: list[AuditRecord] = field(default_factory=list)

    def changes_of(self, season: str) -> Changes:
        """What the change wrote, for the window to refresh."""
        incoming, old_games = self.incoming, self.old_games
        written: Mapping[str, object] = self.written
        tables = [name for name in LISTS if written.get(name)]
        if any(_lineups(old_games[g["id"]]) != g.get("lineups") for g in incoming["games"]):
            tables.append("lineups")
        return Changes.of(season, games=[g["id"] for g in incoming["games"]], teams=_teams(incoming),
                          players=touched_players(incoming, old_games),
                          tables=[*tables, *(["audit"] if self.audits else [])], finals_touched=self.finals)


def _lineups(game: GameData | None) -> LineupsData | None:
    return game.get("lineups") if game else None


def _status(game: GameData | None) -> str | None:
    return game.get("status") if game else None


def _locked_final(view: SeasonView, incoming: SeasonData, old_games: OldGames) -> Violation | None:
    """DATA-5: the first final game the change alters (without a reopen), if any."""
    for g in incoming.get("games", []):
        old = old_games[g["id"]]
        if old is not None and old.get("status") == "final" and old != g:
            return final_locked(view.book, view.game_name(g["id"]), g["id"])
    return None


def _firm_problems(judged: _Judged) -> list[Violation]:
    """What is never stored and never overridden (issue 26): a signature on an unfinished game, a wrong
    payment."""
    stored = cast(season_write.OldGames, judged.old_games)  # the store's form of the games as they were
    return [*(v for g in judged.written["games"] for v in unfinished_signatures(f"game {g['id']}", g,
                                                                              stored.get(g["id"]))),
            *payment_problems(judged.candidate, [("payment", p) for p in judged.written["payments"]])]


def _affected(proposal: Proposal, judged: _Judged) -> list[str]:
    """The games whose checks count: those named, else those written (and every later one when a final game is
    involved: its discipline reaches the line-ups of every later game)."""
    games = judged.incoming["games"]
    affected = proposal.games if proposal.games is not None else [g["id"] for g in games]
    if proposal.games is None and judged.finals:
        candidate = judged.candidate
        first = min(candidate.order_of(g["id"]) for g in games)
        affected = list(dict.fromkeys(affected + [gid for gid in candidate.games
                                                  if candidate.order_of(gid) > first]))
    return affected


def _override(judged: _Judged, office_unlocked: bool) -> EntryResult | None:
    """The office's override of the blocks the change adds (the refusal when it cannot be)."""
    new = judged.new
    if not office_unlocked:
        return EntryResult(False, [override_needs_office()])
    events = [v for v in new if v.blocks and " event " in f" {v.where} "]
    if events:
        return EntryResult(False, [*events, event_never_overridden()])
    judged.overridden = [v for v in new if v.blocks]
    judged.new = [v for v in new if not v.blocks]
    return None


def _judge(proposal: Proposal, view: SeasonView, core: Core, *, confirm: bool, dry_run: bool) -> _Judged | EntryResult:
    """A proposed change judged against the season as it is: the refusal, or what to write (`core`: whether the
    office is unlocked, asked only of an override)."""
    given: Mapping[str, object] = proposal.changes
    partial = {"format": FORMAT, "league": view.data["league"], "season": view.data["season"],
               **{name: given.get(name, []) for name in LISTS}}
    problems = check_structure(partial)
    if problems:
        return EntryResult(False, problems)
    normal = normalise(partial)
    incoming = normal
    old_games = {g["id"]: view.games.get(g["id"]) for g in incoming["games"]}
    locked = None if proposal.allow_final else _locked_final(view, incoming, old_games)
    if locked is not None:
        return EntryResult(False, [locked])
    merged, written, _ = merge(view.data, normal, replace=True)
    lists_written: Mapping[str, object] = written
    season_level = any(lists_written.get(name) for name in LISTS if name != "games")
    candidate = view.with_changes(merged, {g["id"] for g in incoming["games"]}, season_level)
    finals = any(g.get("status") == "final" or _status(old_games[g["id"]]) == "final" for g in incoming["games"])
    judged = _Judged(incoming, old_games, written, candidate, finals)
    firm = _firm_problems(judged)
    if firm:  # issue 26: never stored, never overridden
        return EntryResult(False, firm)
    judged.new = added_violations(view, candidate, _affected(proposal, judged), season_level)
    if any(v.blocks for v in judged.new) and proposal.override and not dry_run:
        refused = _override(judged, core.office_unlocked)
        if refused is not None:
            return refused
    refused = refusal(judged.new, confirm=confirm, dry_run=dry_run)
    if refused is not None:
        return refused
    judged.audits = [*([proposal.audit] if proposal.audit else []), *(AuditRecord(
        "override block", override_key(v), {"rule": v.rule, "message": v.message, "section": v.section},
        {"reason": proposal.override}) for v in judged.overridden)]
    return judged


@bound
class ChangeStep:
    """Judge then commit, for every write of the facade."""

    def __init__(self, core: Core, history: GameHistory) -> None:
        self.core = core
        self.history = history

    @property
    def db(self) -> Database:
        return self.core.db

    # -- commit ----------------------------------------------------------------------------------------------
    def commit(self, season: Season | None, write: Callable[[], T], audits: Sequence[AuditRecord] = (),
               discipline: bool | kept_discipline.Written = True) -> T:
        """Run `write` and record `audits` in one transaction (`store.GameChanged` and database errors pass); an
        archived season is read-only (ServiceError). With `discipline` the season's stored discipline is left
        current in the same transaction (`facade.kept_discipline`; not for an entry into a game in progress)."""
        if season is not None and season.archived:
            raise ServiceError(archived_refusal(season.name))
        kind = ", ".join(f"{a.action} {a.subject}".strip() for a in audits) or "a change"
        where = f"season {season.name}" if season is not None else "the league"
        try:
            with self.core.write_transaction():
                kept = (season if discipline and not self.core.read_only and kept_discipline.kept_within(self.core.db)
                        else None)
                book = self.core.rulebook_for(kept) if kept is not None else None
                was = kept_discipline.before(kept, book) if kept is not None and book is not None else None
                done = write()
                if kept is not None and book is not None and was is not None:
                    kept_discipline.after(kept, book, was, None if isinstance(discipline, bool) else discipline)
                for a in audits:
                    if season is None:
                        self.core.audit_any(a.action, a.subject)
                    else:
                        self.core.record_audit(season, a.action, a.subject, before=a.before, after=a.after)
        except Exception as exc:
            log.warning("write (%s, %s) not recorded: %s: %s", kind, where, type(exc).__name__, exc)
            raise
        log.info("write (%s, %s) recorded", kind, where)
        return done

    @inner
    def commit_entry(self, season: Season, write: Callable[[], int],
                     fast: Callable[[SqliteDatabase], int | None]) -> int:
        """`commit(season, write, discipline=False)` for an entry into a game in progress: on SQLite `fast` (its
        transaction on the connection's cursor, `db.entry_commit`), after the same checks and with the same log;
        the general path where that does not apply or `fast` hands it back (None: nothing written)."""
        db = self.core.db
        if season.archived or not entry_commit.applies(db):
            return self.commit(season, write, discipline=False)
        where = f"season {season.name}"
        try:
            self.core.ensure_owned()
            done = fast(cast(SqliteDatabase, db))
        except Exception as exc:
            log.warning("write (%s, %s) not recorded: %s: %s", "a change", where, type(exc).__name__, exc)
            raise
        if done is None:
            return self.commit(season, write, discipline=False)
        log.info("write (%s, %s) recorded", "a change", where)
        return done

    def check_revision(self, view: SeasonView, gid: str) -> None:
        """The game is still as this facade read it (else `GameChanged`): its row's revision, one query."""
        if view.rows is None or gid not in view.rows.games:
            raise store.GameChanged(gid)
        store.check_revision(gid, *view.rows.games[gid])

    def conflict(self, view: SeasonView, gid: str, retry: Retry | None) -> EntryResult:
        """Another rink PC (or window) changed the game since it was read: read it again, then retry or refuse."""
        self.core.forget()
        if retry is not None:
            return retry()
        return EntryResult(False, [changed_elsewhere(view.book, view.game_name(gid), gid)])

    def failed(self, exc: DatabaseError | sqlite3.Error, what: str | Refused = "the entry was not recorded"
               ) -> EntryResult:
        """A write the database refused (full disk, read-only, busy): nothing was written, cited under the rule of
        what was refused (`what`: a text, an entry's; a `Refused`: a team action's, say)."""
        self.core.forget()
        cite = what if isinstance(what, Refused) else Refused(what)
        return EntryResult(False, [Violation(cite.rule, "block", f"{cite.what}: {self.core.explain_error(exc)}",
                                             cite.section, cite.where)])

    # -- the general path ------------------------------------------------------------------------------------
    def propose(self, proposal: Proposal, *, confirm: bool, season: str | None, dry_run: bool = False,
                retry: Retry | None = None) -> EntryResult:
        """Judge a change against the season as it is; write it (one transaction) unless refused."""
        s = self.core.season_row(season)
        view = self.core.view(s.name)
        judged = _judge(proposal, view, self.core, confirm=confirm, dry_run=dry_run)
        if isinstance(judged, EntryResult):
            if not judged.ok:
                log.info("change of %s refused: %s", ", ".join(proposal.changes) or "nothing",
                         "; ".join(f"{v.rule} {v.message}" for v in judged.violations if v.severity == "block"))
            return judged
        old_games = judged.old_games
        done: dict[str, tuple[int, int]] = {}

        def write() -> dict[str, tuple[int, int]]:
            for gid, old in old_games.items():
                if old is not None:
                    self.check_revision(view, gid)
            revisions = store.write_changes(s, judged.written, cast(season_write.OldGames, old_games))
            # the written games' states the judging computed, stored with them (issue 29.1)
            game_results.store_results(written_states(judged.candidate, revisions))
            game_outcomes.store_outcomes(judged.candidate, revisions)  # what the standings read (issue 29)
            done.update(revisions)
            return revisions

        try:  # the season's discipline kept from the written candidate where it is the database's (issue 29.3)
            revisions = self.commit(s, write, judged.audits, discipline=lambda: (judged.candidate, done))
        except store.GameChanged as conflict:
            return self.conflict(view, conflict.game, retry)
        except (DatabaseError, sqlite3.Error) as exc:  # the raw driver's too: a person never sees it
            return self.failed(exc, proposal.unwritten or Refused())
        return self._written(s, judged, revisions)

    def _written(self, s: Season, judged: _Judged, revisions: dict[str, tuple[int, int]]) -> EntryResult:
        """After the commit: the games' undo history, the season as written remembered, what changed told."""
        candidate = judged.candidate
        for gid, old in judged.old_games.items():
            if gid in revisions:
                self.history.done(gid, old, revisions[gid])
        if judged.overridden:
            self.core.forget(s.id)  # the overrides now in the audit trail are part of the season's state
        else:
            if candidate.rows is not None:
                candidate.rows.games.update(revisions)
            self.core.remember_view(s.id, candidate)  # the written state, without reading the season back
        return EntryResult(True, judged.new, False, judged.changes_of(s.name))

    # -- the entry at the boards -----------------------------------------------------------------------------
    def append(self, old: GameData, event: EventData, *, confirm: bool, season: str | None,
               retry: Retry | None, dry_run: bool = False, view: SeasonView | None = None) -> EntryResult:
        """`propose` for one event appended to a game that is not final: only that game can change, and its
        line-ups do not, so the candidate extends the view rather than rebuilding it, and one row is written.
        `view`: the season's view `old` was read from, where the caller has it (`core.view(season)`)."""
        s = self.core.season_row(season)
        view = self.core.view(s.name) if view is None else view
        gid, seq = old["id"], len(old.get("events", []))
        problems = check_event(event, f"game {gid} event {seq + 1}")
        if problems:
            return EntryResult(False, problems)
        entry = norm_event(event)  # checked above: an event of one kind
        candidate = view.with_events({**old, "events": [*old.get("events", []), entry]})
        new = added_violations(view, candidate, [gid], False)
        refused = refusal(new, confirm=confirm, dry_run=dry_run)
        if refused is not None:
            return refused
        rows = candidate.rows
        if rows is None or gid not in rows.games:
            return self.conflict(view, gid, retry)
        row_id, revision = rows.games[gid]
        ref = store.main_player(entry)

        def player() -> int | None:
            found = rows.players.get(ref) if ref else None
            return store.player_row(s, ref) if ref and found is None else found

        def write() -> int:
            return store.append_event(gid, row_id, revision, seq, entry, player())

        try:
            rows.games[gid] = (row_id, self.commit_entry(
                s, write, lambda db: entry_commit.append(db, gid, row_id, revision, seq, entry, player)))
        except store.GameChanged:
            return self.conflict(view, gid, retry)
        except (DatabaseError, sqlite3.Error) as exc:  # the raw driver's too: a person never sees it
            return self.failed(exc)
        self.history.done(gid, old, rows.games[gid])
        self.core.remember_view(s.id, candidate)
        return EntryResult(True, new, False, Changes(s.name, (gid,), tuple(sorted({old["home"], old["away"]})),
                                                     tuple(sorted(event_players(entry))), _APPENDED.tables,
                                                     _APPENDED.results))
