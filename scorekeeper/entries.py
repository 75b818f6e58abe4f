"""Single entries through the one validation path: sign, dress, score, penalise, edit, undo, finish, reopen.

Every entry becomes a small season-file change; the same rules that judge an import judge it (only the
violations the entry *adds* count). Blocks refuse it, warnings need `confirm=True`, and a written entry is
one transaction that returns what changed.
"""

from __future__ import annotations

import copy
import datetime as dt
import getpass
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from peewee import DatabaseError

from scorekeeper.changes import Changes, EntryResult
from scorekeeper.db import store
from scorekeeper.db.models import AuditEntry, Game, Player, Season, Suspension
from scorekeeper.engine.live import check_on_ice, live_state
from scorekeeper.engine.timefmt import game_time, parse_mmss
from scorekeeper.rules.violation import Violation
from scorekeeper.season.view import SeasonView
from scorekeeper.seasonfile import FORMAT, LISTS, check_event, check_structure, merge, norm_event, normalise

if TYPE_CHECKING:
    from peewee import Database


def _roster_changes(rows: list[Any]) -> dict[str, list[dict[str, Any]]]:
    players = {r.player["id"]: r.player for r in rows if r.player is not None}
    return {"players": list(players.values()), "roster": [r.signing for r in rows if r.signing is not None]}


def _login() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "office"


def _key(v: Violation) -> tuple[str, str, str]:
    return (v.rule, v.severity, v.message)


def _final_step(name: str, current: dict[str, Any] | None, previous: dict[str, Any] | None
                ) -> tuple[str, dict[str, Any], dict[str, Any]] | None:
    """The audit entry (action, before, after) of an undo or redo that finishes, reopens or changes a final
    game (DATA-5: Reopen's rule); None for any other step."""
    was = (current or {}).get("status") == "final"
    becomes = (previous or {}).get("status") == "final"
    if not (was or becomes) or previous == current:
        return None
    if was and not becomes:
        return ("reopen game", {"status": "final", "reason": "undo of finish" if name == "undo" else
                                "redo of reopen"}, {"status": (previous or {}).get("status", "removed")})
    if becomes and not was:
        return ("finish game", {"status": (current or {}).get("status", "none"), "reason": "undo of reopen"
                                if name == "undo" else "redo of finish"}, {"status": "final"})
    return ("replace final game", {"status": "final", "reason": f"{name} of a change of a final game"},
            {"status": "final"})


class EntryMixin:
    """Entry operations of the facade (mixed into `Services`)."""

    operator: str = ""  # the operator's name, asked at start; the login name until then
    db: Database
    _views: dict[int, SeasonView]
    _undo: dict[str, list[Any]]
    _redo: dict[str, list[Any]]

    # provided by Services
    def _season(self, name: str | None = None) -> Season:
        raise NotImplementedError

    def view(self, season: str | None = None) -> SeasonView:
        raise NotImplementedError

    def _changed(self, season_id: int | None = None) -> None:
        raise NotImplementedError

    def suspensions(self, season: str | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def fines(self, season: str | None = None) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def office_unlocked(self) -> bool:
        raise NotImplementedError

    def _office_needed(self, what: str) -> EntryResult | None:
        """Reopening, lifting, waiving and overriding need the office role (issue 6)."""
        if self.office_unlocked:
            return None
        return EntryResult(False, [Violation("OFFICE", "block", f"{what} needs the office password",
                                             "office role")])

    # -- the one path ------------------------------------------------------------------------------------
    def _propose(self, changes: dict[str, list[dict[str, Any]]], *, confirm: bool, season: str | None,
                 games: list[str] | None = None, action: str = "", subject: str = "",
                 allow_final: bool = False, dry_run: bool = False,
                 retry: Callable[[], EntryResult] | None = None, override: str = "",
                 audit_before: Any = None, audit_after: Any = None) -> EntryResult:
        s = self._season(season)
        view = self.view(s.name)
        partial = {"format": FORMAT, "league": view.data["league"], "season": view.data["season"],
                   **{name: changes.get(name, []) for name in LISTS}}
        problems = check_structure(partial)
        if problems:
            return EntryResult(False, problems)
        incoming = normalise(partial)
        if not allow_final:
            for g in incoming["games"]:
                old = view.games.get(g["id"])
                if old is not None and old.get("status") == "final" and old != g:
                    return EntryResult(False, [Violation(
                        "DATA-5", "block", f"game {g['id']} is final and locked: reopen it (with a reason) to "
                        "change it", view.book.section("DATA-5"), f"game {g['id']}")])
        merged, written, _ = merge(view.data, incoming, replace=True)
        season_level = any(written[name] for name in LISTS if name != "games")
        candidate = view.with_changes(merged, {g["id"] for g in incoming["games"]}, season_level)
        affected = games if games is not None else [g["id"] for g in incoming["games"]]
        if games is None and any(g.get("status") == "final" or (view.games.get(g["id"]) or {}).get("status") == "final"
                                 for g in incoming["games"]):
            # a final game's discipline reaches the line-ups of every later game (ELIG-2, SUSP-2)
            first = min(candidate.order_of(g["id"]) for g in incoming["games"])
            affected = list(dict.fromkeys(affected + [gid for gid in candidate.games
                                                      if candidate.order_of(gid) > first]))
        from scorekeeper.validation import validate_season

        before = {_key(v) for v in validate_season(view, [g for g in affected if g in view.games], season_level)}
        after = validate_season(candidate, affected, season_level)
        new = [v for v in after if _key(v) not in before]
        overridden: list[Violation] = []
        if any(v.blocks for v in new) and override and not dry_run:
            refused = self._office_needed("overriding a block")
            if refused is not None:
                return refused
            events = [v for v in new if v.blocks and " event " in f" {v.where} "]
            if events:
                return EntryResult(False, [*events, Violation(
                    "OFFICE", "block", "an event the game cannot apply is never overridden: correct the entry",
                    "office role")])
            overridden = [v for v in new if v.blocks]
            new = [v for v in new if not v.blocks]
        if any(v.blocks for v in new) or dry_run:
            return EntryResult(not any(v.blocks for v in new), new)
        if any(v.severity == "warn" for v in new) and not confirm:
            return EntryResult(False, new, needs_confirmation=True)
        old_games = {g["id"]: view.games.get(g["id"]) for g in incoming["games"]}
        try:
            with self._write_transaction():
                for gid, old in old_games.items():
                    if old is not None:
                        self._check_revision(view, gid)
                revisions = store.write_changes(s, written, old_games)
                if action:
                    self._audit(s, action, subject, before=audit_before, after=audit_after)
                for v in overridden:
                    from scorekeeper.validation import override_key

                    self._audit(s, "override block", override_key(v), before={"rule": v.rule, "message": v.message,
                                                                               "section": v.section},
                                after={"reason": override})
        except store.GameChanged as conflict:
            return self._conflict(view, conflict.game, retry)
        except DatabaseError as exc:
            self._changed()
            return EntryResult(False, [Violation("DATA-5", "block",
                                                 f"the entry was not recorded: {self._explain(exc)}")])
        for gid, old in old_games.items():
            if gid in revisions:
                self._done(gid, old, revisions[gid])
        if overridden:
            self._changed(s.id)  # the overrides now in the audit trail are part of the season's state
        else:
            if candidate.rows is not None:
                candidate.rows.games.update(revisions)
            self._views[s.id] = candidate  # the written state, without reading the season back
        tables = [name for name in LISTS if written[name]]
        if any((old_games[g["id"]] or {}).get("lineups") != g.get("lineups") for g in incoming["games"]):
            tables.append("lineups")
        changed = Changes.of(
            s.name, games=[g["id"] for g in incoming["games"]],
            teams=sorted({t for g in incoming["games"] for t in (g["home"], g["away"])}
                         | {r["team"] for r in incoming["roster"]} | {t["id"] for t in incoming["teams"]}),
            players=[*(p["id"] for p in incoming["players"]), *(r["player"] for r in incoming["roster"])],
            tables=[*tables, *(["audit"] if action or overridden else [])],
            finals_touched=any(g.get("status") == "final" or (old_games[g["id"]] or {}).get("status") == "final"
                               for g in incoming["games"]))
        return EntryResult(True, new, False, changed)

    @staticmethod
    def _check_revision(view: SeasonView, gid: str) -> None:
        """The game is still as this facade read it (else `GameChanged`): its row's revision, one query."""
        if view.rows is None or gid not in view.rows.games:
            raise store.GameChanged(gid)
        store.check_revision(gid, *view.rows.games[gid])

    def _conflict(self, view: SeasonView, gid: str, retry: Callable[[], EntryResult] | None) -> EntryResult:
        """Another rink PC (or window) changed the game since it was read: read it again, then retry or refuse."""
        self._changed()
        if retry is not None:
            return retry()
        return EntryResult(False, [Violation(
            "DATA-5", "block", f"game {gid} was changed on another PC since it was shown here; it has been read "
            "again: check the entry and make it once more", view.book.section("DATA-5"), f"game {gid}")])

    def _explain(self, exc: BaseException) -> str:
        """A database error in true words (full disk, read-only, busy), see `db.errors`."""
        from scorekeeper.db.errors import explain_database_error

        return explain_database_error(cast(Any, self), exc)

    def _write_transaction(self) -> Any:
        """One transaction; on SQLite it takes the write lock at once, so the check and the write are atomic."""
        from peewee import SqliteDatabase

        if isinstance(self.db, SqliteDatabase):
            return self.db.atomic("IMMEDIATE")
        return self.db.atomic()

    def _audit(self, season: Season, action: str, subject: str, before: Any = None,
               after: Any = None) -> None:
        AuditEntry.create(season=season, operator=self.operator or _login(), action=action, subject=subject,
                          before=json.dumps(before, ensure_ascii=False) if before is not None else None,
                          after=json.dumps(after, ensure_ascii=False) if after is not None else None)

    def _game(self, game_id: str, season: str | None, copy_it: bool = True) -> dict[str, Any]:
        """A game of the season as the view holds it: a copy to change, or (`copy_it=False`) the view's own."""
        view = self.view(season)
        if game_id not in view.games:
            from scorekeeper.facade.errors import ServiceError

            raise ServiceError(f"no game {game_id!r} in season {view.name}")
        return copy.deepcopy(view.games[game_id]) if copy_it else view.games[game_id]

    # -- games and events --------------------------------------------------------------------------------
    def validate_event(self, game_id: str, event: dict[str, Any], season: str | None = None
                       ) -> list[Violation]:
        """The violations adding `event` would cause, without writing anything."""
        game = self._game(game_id, season, copy_it=False)
        if game.get("status") != "final":
            return self._append(game, event, confirm=True, season=season, retry=None, dry_run=True).violations
        game = copy.deepcopy(game)
        game["events"].append(event)
        return self._propose({"games": [game]}, confirm=True, season=season, dry_run=True).violations

    def add_event(self, game_id: str, event: dict[str, Any], confirm: bool = False,
                  season: str | None = None, _retried: bool = False) -> EntryResult:
        """Add an entry at the end of a game's log (the boards' path): checked by the same rules as any change,
        written as one row in one transaction."""
        # A new entry commutes with another PC's: on a conflict it is made again on the fresh log, once.
        retry = None if _retried else (lambda: self.add_event(game_id, event, confirm, season, _retried=True))
        game = self._game(game_id, season, copy_it=False)
        if game.get("status") == "final":  # refused by the one path, with its reason (DATA-5)
            game = copy.deepcopy(game)
            game["events"].append(event)
            return self._propose({"games": [game]}, confirm=confirm, season=season, retry=retry)
        return self._append(game, event, confirm=confirm, season=season, retry=retry)

    def _append(self, old: dict[str, Any], event: dict[str, Any], *, confirm: bool, season: str | None,
                retry: Callable[[], EntryResult] | None, dry_run: bool = False) -> EntryResult:
        """`_propose` for one event appended to a game that is not final: only that game can change, and its
        line-ups do not, so the view is extended rather than rebuilt and one row is written."""
        s = self._season(season)
        view = self.view(s.name)
        gid, seq = old["id"], len(old.get("events", []))
        problems = check_event(event, f"game {gid} event {seq + 1}")
        if problems:
            return EntryResult(False, problems)
        entry = norm_event(event)
        candidate = view.with_events({**old, "events": [*old.get("events", []), entry]})
        from scorekeeper.validation import validate_season

        before = {_key(v) for v in validate_season(view, [gid], False)}
        new = [v for v in validate_season(candidate, [gid], False) if _key(v) not in before]
        if any(v.blocks for v in new) or dry_run:
            return EntryResult(not any(v.blocks for v in new), new)
        if any(v.severity == "warn" for v in new) and not confirm:
            return EntryResult(False, new, needs_confirmation=True)
        rows = candidate.rows
        if rows is None or gid not in rows.games:
            return self._conflict(view, gid, retry)
        row_id, revision = rows.games[gid]
        ref = store.main_player(entry)
        try:
            with self._write_transaction():
                player = rows.players.get(ref) if ref else None
                if ref and player is None:
                    player = store.player_row(s, ref)
                rows.games[gid] = (row_id, store.append_event(gid, row_id, revision, seq, entry, player))
        except store.GameChanged:
            return self._conflict(view, gid, retry)
        except DatabaseError as exc:
            self._changed()
            return EntryResult(False, [Violation("DATA-5", "block",
                                                 f"the entry was not recorded: {self._explain(exc)}")])
        self._done(gid, old, rows.games[gid])
        self._views[s.id] = candidate
        return EntryResult(True, new, False, Changes.of(s.name, games=[gid], teams=sorted({old["home"], old["away"]}),
                                                        tables=["games"]))

    def update_event(self, game_id: str, index: int, event: dict[str, Any], confirm: bool = False,
                     season: str | None = None) -> EntryResult:
        game = self._game(game_id, season)
        self._check_index(game, index)
        before = game["events"][index]
        game["events"][index] = event
        return self._propose({"games": [game]}, confirm=confirm, season=season, action="edit event",
                             subject=f"{game_id}/event {index + 1}", audit_before=before, audit_after=event)

    def delete_event(self, game_id: str, index: int, confirm: bool = False,
                     season: str | None = None) -> EntryResult:
        game = self._game(game_id, season)
        self._check_index(game, index)
        before = game["events"].pop(index)
        return self._propose({"games": [game]}, confirm=confirm, season=season, action="delete event",
                             subject=f"{game_id}/event {index + 1}", audit_before=before)

    @staticmethod
    def _check_index(game: dict[str, Any], index: int) -> None:
        if not 0 <= index < len(game["events"]):
            from scorekeeper.facade.errors import ServiceError

            raise ServiceError(f"game {game['id']} has no event {index + 1}")

    def set_lineup(self, game_id: str, side: str, entries: list[dict[str, Any]], confirm: bool = False,
                   season: str | None = None, override: str = "") -> EntryResult:
        """Dress a side. `override` (the office role and a reason) accepts line-up blocks, audited."""
        game = self._game(game_id, season)
        game.setdefault("lineups", {})[side] = entries
        return self._propose({"games": [game]}, confirm=confirm, season=season, override=override)

    def save_game(self, game: dict[str, Any], confirm: bool = False,
                  season: str | None = None) -> EntryResult:
        """Create or replace a game (not a final one)."""
        return self._propose({"games": [game]}, confirm=confirm, season=season)

    def finish_game(self, game_id: str, confirm: bool = False, season: str | None = None) -> EntryResult:
        """Lock a game as final (DATA-5); its result, suspensions and fines then count."""
        game = self._game(game_id, season)
        game["status"] = "final"
        return self._propose({"games": [game]}, confirm=confirm, season=season, action="finish game",
                             subject=game_id)

    def reopen_game(self, game_id: str, reason: str, season: str | None = None) -> EntryResult:
        """DATA-5: a final game is changed only after a reopen that records who, when and why."""
        game = self._game(game_id, season)
        view = self.view(season)
        refused = self._office_needed("reopening a final game")
        if refused is not None and game.get("status") == "final":
            return refused
        if not reason.strip():
            return EntryResult(False, [Violation("DATA-5", "block", "reopening a final game needs a reason",
                                                 view.book.section("DATA-5"), f"game {game_id}")])
        if game.get("status") != "final":
            return EntryResult(True)
        before = copy.deepcopy(game)
        game["status"] = "scheduled"
        s = self._season(season)
        try:
            with self._write_transaction():
                self._check_revision(view, game_id)
                row_id, revision = view.rows.games[game_id] if view.rows is not None else (0, 0)
                Game.update(status="scheduled", revision=Game.revision + 1).where(Game.id == row_id).execute()
                self._audit(s, "reopen game", game_id, before={"status": "final", "reason": reason},
                            after={"status": "scheduled"})
        except store.GameChanged:
            return self._conflict(view, game_id, None)
        self._done(game_id, before, (row_id, revision + 1))
        self._changed(s.id)
        return EntryResult(True, [], False, Changes.of(s.name, games=[game_id], teams=[game["home"], game["away"]],
                                                       tables=["games", "audit"], finals_touched=True))

    # -- undo and redo (the core's, not the window's) ----------------------------------------------------
    # Each step of a game's undo (and redo) list is (the game as it was, its row id, the revision the game must
    # be at: the one this facade's last write of it left, kept up to date for the step on top): a step writes
    # only if nobody changed the game since (another PC, or a write around the lists).
    def _done(self, game_id: str, before: dict[str, Any] | None, row: tuple[int, int]) -> None:
        """An entry changed the game: what it was before goes on the undo list; the redo list is spent."""
        self._undo.setdefault(game_id, []).append((before, *row))
        self._redo.pop(game_id, None)

    def can_undo(self, game_id: str) -> bool:
        return bool(self._undo.get(game_id))

    def can_redo(self, game_id: str) -> bool:
        return bool(self._redo.get(game_id))

    def undo(self, game_id: str, season: str | None = None) -> EntryResult:
        """Put the game back as it was before this facade's last change to it. Undoing a finish or a reopen
        follows Reopen's rule (DATA-5: the office password while the office is locked) and is audited; a game
        changed elsewhere since is never written over (refused, and its undo and redo lists are cleared)."""
        return self._step(game_id, self._undo, self._redo, season, "undo")

    def redo(self, game_id: str, season: str | None = None) -> EntryResult:
        """The change undone last, made again (the same rules as `undo`)."""
        return self._step(game_id, self._redo, self._undo, season, "redo")

    def _step(self, game_id: str, source: dict[str, list[Any]], target: dict[str, list[Any]],
              season: str | None, name: str) -> EntryResult:
        if not source.get(game_id):
            return EntryResult(False)
        previous, row_id, revision = source[game_id][-1]
        s = self._season(season)
        view = self.view(s.name)
        current = copy.deepcopy(view.games.get(game_id))
        audit = _final_step(name, current, previous)
        if audit is not None:
            refused = self._office_needed(f"the {audit[1]['reason']} of game {game_id}")
            if refused is not None:
                return refused
        try:
            with self._write_transaction():
                if revision < 0:  # the step re-creates a game this facade removed: it must still be absent
                    if Game.select().where((Game.season == s) & (Game.ext_id == game_id)).exists():
                        raise store.GameChanged(game_id)
                else:
                    store.check_revision(game_id, row_id, revision)
                after: tuple[int, int] = (0, -1)
                if previous is None:
                    Game.delete().where(Game.id == row_id).execute()
                else:
                    empty: dict[str, list[dict[str, Any]]] = {n: [] for n in LISTS}
                    after = store.write_changes(s, {**empty, "games": [previous]}, {game_id: current})[game_id]
                if audit is not None:
                    self._audit(s, audit[0], game_id, before=audit[1], after=audit[2])
        except store.GameChanged:
            self._undo.pop(game_id, None)
            self._redo.pop(game_id, None)
            self._changed()
            return EntryResult(False, [Violation(
                "DATA-5", "block", f"game {game_id} was changed on another PC since this window last changed it: "
                f"the {name} was refused and nothing was written (it would have undone that change); the game has "
                "been read again and its undo list cleared", view.book.section("DATA-5"), f"game {game_id}")])
        except DatabaseError as exc:
            self._changed()
            return EntryResult(False, [Violation("DATA-5", "block", f"the {name} was not done: {self._explain(exc)}")])
        source[game_id].pop()
        if source[game_id]:  # the next step expects the game as this one left it
            source[game_id][-1] = (source[game_id][-1][0], *after)
        target.setdefault(game_id, []).append((current, *after))
        self._changed(s.id)
        teams = current or previous or {}
        return EntryResult(True, [], False, Changes.of(
            s.name, games=[game_id], teams=[teams["home"], teams["away"]],
            tables=["games", *(["audit"] if audit is not None else []),
                    *(["lineups"] if (current or {}).get("lineups") != (previous or {}).get("lineups") else [])],
            finals_touched=any((g or {}).get("status") == "final" for g in (current, previous))))

    # -- the live state at the boards --------------------------------------------------------------------
    def live(self, game_id: str, period: int, elapsed: str, season: str | None = None) -> dict[str, Any]:
        """ICE, COED, GAME-1/4/5: who may be on the ice now, the box, icing, stop time."""
        view = self.view(season)
        self._game(game_id, season)
        game = view.game_input(game_id)
        return live_state(game, view.book, game_time(view.book, game.stage, period, parse_mmss(elapsed)))

    def check_on_ice(self, game_id: str, side: str, players: list[str], period: int, elapsed: str,
                     season: str | None = None) -> list[Violation]:
        view = self.view(season)
        self._game(game_id, season)
        game = view.game_input(game_id)
        return check_on_ice(game, view.book, game_time(view.book, game.stage, period, parse_mmss(elapsed)),
                            side, players)

    # -- rosters, appeals, payments, notices -------------------------------------------------------------
    def save_player(self, player: dict[str, Any], confirm: bool = False,
                    season: str | None = None) -> EntryResult:
        return self._propose({"players": [player]}, confirm=confirm, season=season, games=[])

    def save_team(self, team: dict[str, Any], confirm: bool = False, season: str | None = None) -> EntryResult:
        """Create or change a team ({id, name, division, colour?, captain?, captain_email?})."""
        return self._propose({"teams": [team]}, confirm=confirm, season=season, games=[])

    def save_division(self, division: dict[str, Any], confirm: bool = False,
                      season: str | None = None) -> EntryResult:
        """Create or change a division ({id, name, coed, tier?})."""
        return self._propose({"divisions": [division]}, confirm=confirm, season=season, games=[])

    def sign_player(self, team: str, player: str, number: int, position: str = "skater",
                    signed: str | None = None, confirm: bool = False, season: str | None = None) -> EntryResult:
        entry = {"team": team, "player": player, "number": number, "position": position, "signed": signed}
        return self._propose({"roster": [{k: v for k, v in entry.items() if v is not None}]}, confirm=confirm,
                             season=season, games=[])

    def release_player(self, team: str, player: str, released: str, season: str | None = None
                       ) -> EntryResult:
        view = self.view(season)
        signing = view.signing(team, player)
        if signing is None:
            from scorekeeper.facade.errors import ServiceError

            raise ServiceError(f"{view.player_name(player)} is not signed to {team}")
        return self._propose({"roster": [{**signing, "released": released}]}, confirm=True, season=season,
                             games=[])

    def record_appeal(self, appeal: dict[str, Any], confirm: bool = False,
                      season: str | None = None) -> EntryResult:
        """Record an appeal. Upholding one (or changing an upheld one) lifts a suspension and waives its fines
        (APPEAL-1): an office action, like `lift_suspension` (issue 14)."""
        key = (appeal.get("player"), appeal.get("game"), appeal.get("filed"))
        stored: dict[str, Any] = next((a for a in self.view(season).data.get("appeals", [])
                                       if (a["player"], a["game"], a["filed"]) == key), {})
        decision, was = appeal.get("decision", "pending"), stored.get("decision", "pending")
        if decision != was and "upheld" in (decision, was):
            refused = self._office_needed("recording an upheld appeal (it lifts the suspension and waives its fines)"
                                          if decision == "upheld" else "changing an upheld appeal")
            if refused is not None:
                return refused
        return self._propose({"appeals": [appeal]}, confirm=confirm, season=season, games=[],
                             action="appeal", subject=f"{appeal.get('player')}/{appeal.get('game')}")

    def record_payment(self, payment: dict[str, Any], season: str | None = None) -> EntryResult:
        return self._propose({"payments": [payment]}, confirm=True, season=season, games=[], action="payment",
                             subject=json.dumps(payment.get("payer")))

    def record_notice(self, player: str, game: str, sent: str | None = None, season: str | None = None,
                      recipient: str | None = None, message_id: str | None = None) -> EntryResult:
        """SUSP-2: the captain was e-mailed the suspension of `player` from `game` (ISO time, default now)."""
        s = self._season(season)
        when = dt.datetime.fromisoformat(sent) if sent else dt.datetime.now().replace(microsecond=0)
        prow = Player.get_or_none((Player.season == s) & (Player.ext_id == player))
        grow = Game.get_or_none((Game.season == s) & (Game.ext_id == game))
        if prow is None or grow is None:
            from scorekeeper.facade.errors import ServiceError

            raise ServiceError(f"no suspension of {player!r} from game {game!r}")
        with self._write_transaction():
            row = Suspension.get_or_none((Suspension.player == prow) & (Suspension.game == grow))
            if row is None:
                Suspension.create(season=s, player=prow, game=grow, rule="SUSP-2", kind="notice",
                                  captain_emailed=when, notice_recipient=recipient, notice_message_id=message_id)
            else:
                Suspension.update(captain_emailed=when, notice_recipient=recipient,
                                  notice_message_id=message_id).where(Suspension.id == row.id).execute()
            self._audit(s, "captain notified", f"{player}/{game}",
                        after={"sent": when.isoformat(), "recipient": recipient, "message_id": message_id})
        self._changed(s.id)
        return EntryResult(True, [], False, Changes.of(s.name, games=[game], players=[player],
                                                       tables=["notices", "audit"]))

    def lift_suspension(self, player: str, game: str, date: str, reason: str, season: str | None = None
                        ) -> EntryResult:
        """The Suspension Director lifts a suspension (an indefinite one after review): recorded and audited."""
        s = self._season(season)
        view = self.view(season)
        refused = self._office_needed("lifting a suspension")
        if refused is not None:
            return refused
        if not reason.strip():
            return EntryResult(False, [Violation("ELIG-2", "block", "lifting a suspension needs a reason",
                                                 view.book.section("ELIG-2"))])
        prow = Player.get_or_none((Player.season == s) & (Player.ext_id == player))
        grow = Game.get_or_none((Game.season == s) & (Game.ext_id == game))
        if prow is None or grow is None or not any(
                x["player"] == player and x["game"] == game for x in self.suspensions(season)["suspensions"]):
            from scorekeeper.facade.errors import ServiceError

            raise ServiceError(f"no suspension of {player!r} from game {game!r}")
        when = dt.date.fromisoformat(date)
        with self._write_transaction():
            row = Suspension.get_or_none((Suspension.player == prow) & (Suspension.game == grow))
            if row is None:
                Suspension.create(season=s, player=prow, game=grow, rule="ELIG-2", kind="lifted", lifted=when,
                                  note=reason)
            else:
                Suspension.update(lifted=when, note=reason).where(Suspension.id == row.id).execute()
            self._audit(s, "suspension lifted", f"{player}/{game}", before={"status": "active"},
                        after={"status": "lifted", "date": date, "reason": reason})
        self._changed(s.id)
        return EntryResult(True, [], False, Changes.of(s.name, games=[game], players=[player],
                                                       tables=["suspensions", "audit"]))

    # -- roster spreadsheets -----------------------------------------------------------------------------
    def preview_roster_csv(self, path: str, season: str | None = None) -> list[dict[str, Any]]:
        """Every row of a roster CSV with its verdict (imported, warning, refused) and why; nothing written."""
        return [r.to_json() for r in self._judge_roster_csv(path, season)]

    def import_roster_csv(self, path: str, confirm: bool = True, season: str | None = None) -> EntryResult:
        """Write every row that is not refused, in one transaction."""
        rows = [r for r in self._judge_roster_csv(path, season) if r.verdict != "refused"]
        changes = _roster_changes(rows)
        if not rows:
            return EntryResult(False, [Violation("FILE", "block", "no row of the file can be imported", "roster CSV")])
        return self._propose(changes, confirm=confirm, season=season, games=[], action="roster import",
                             subject=str(path))

    def _judge_roster_csv(self, path: str, season: str | None) -> list[Any]:
        from scorekeeper.roster_csv import RosterJudge, read_rows, resolve

        try:
            rows = read_rows(path)
        except ValueError as exc:
            from scorekeeper.facade.errors import ServiceError

            raise ServiceError(str(exc)) from None
        view = self.view(season)
        resolve(view, rows)
        judge = RosterJudge(view)
        for row in rows:
            if row.verdict != "refused":
                judge.judge(row)
        return rows

    def waive_fine(self, payer: str, game: str, rule: str, reason: str, season: str | None = None) -> EntryResult:
        """The office waives a computed fine (payer: the player's or team's id); recorded and audited."""
        from scorekeeper.db.models import Fine, Team

        refused = self._office_needed("waiving a fine")
        if refused is not None:
            return refused
        s = self._season(season)
        view = self.view(season)
        if not reason.strip():
            return EntryResult(False, [Violation("FINE-STMT", "block", "waiving a fine needs a reason",
                                                 view.book.section("FINE-STMT"))])
        fine = next((f for f in self.fines(season)["fines"] if next(iter(f["payer"].values())) == payer
                     and f["game"] == game and f["rule"] == rule), None)
        if fine is None:
            from scorekeeper.facade.errors import ServiceError

            raise ServiceError(f"no fine of {payer!r} for {rule} in game {game!r}")
        team = Team.get((Team.season == s) & (Team.ext_id == fine["team"]))
        prow = None
        if "player" in fine["payer"]:
            prow = Player.get_or_none((Player.season == s) & (Player.ext_id == payer))
        grow = Game.get_or_none((Game.season == s) & (Game.ext_id == game))
        cents = int(fine["amount"].replace(".", ""))
        with self._write_transaction():
            Fine.create(season=s, team=team, player=prow, game=grow, rule=rule, amount_cents=cents, waived=True,
                        note=reason)
            self._audit(s, "fine waived", f"{payer}/{game}", before=fine, after={"waived": True, "reason": reason})
        self._changed(s.id)
        return EntryResult(True, [], False, Changes.of(
            s.name, games=[game], teams=[fine["team"]], players=[payer] if prow is not None else [],
            tables=["fines", "audit"]))
