"""The games part of the facade: events at the boards and their edits, line-ups, finishing and reopening a game,
undo and redo, and the live state at the boards (who may be on the ice now)."""

from __future__ import annotations

import copy
import sqlite3
from collections.abc import MutableMapping
from contextlib import suppress
from dataclasses import replace
from typing import cast

from peewee import DatabaseError

from scorekeeper.changes import Changes, EntryResult
from scorekeeper.db import entry_ready, game_seals, season_write, store
from scorekeeper.db.models import Game
from scorekeeper.engine.live import check_on_ice, live_state
from scorekeeper.engine.timefmt import fmt_mmss, game_time, parse_mmss, period_label
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.history import GameHistory, Step
from scorekeeper.facade.pipeline import AuditRecord, ChangeStep, Proposal
from scorekeeper.facade.signed import mark_before_correction, signed_before_correction
from scorekeeper.naming import game_name
from scorekeeper.results_records import DressedGoalie, GameDetails, GoalieShots, LiveState
from scorekeeper.rules import results
from scorekeeper.rules.final_games import reopen_needs_reason, undo_overtaken
from scorekeeper.rules.ids import FILE
from scorekeeper.rules.office_role import needs_office
from scorekeeper.rules.violation import Violation
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import (
    EventData,
    GameData,
    GoalieShotsData,
    LineupEntryData,
    LineupsData,
    OfficialData,
    SignatureData,
)
from scorekeeper.seasonfile import NUMBER_LIMIT, OFFICIAL_ROLES, TIME_RE, game_officials
from scorekeeper.signature_values import ROLE_LABELS


def office_needed(core: Core, what: str) -> EntryResult | None:
    """Reopening, lifting, waiving and overriding need the office role (issue 6): the refusal, or None."""
    if core.office_unlocked:
        return None
    return EntryResult(False, [needs_office(what)])


def _put_details(game: GameData, game_id: str, number: str | None, officials: list[dict[str, str]],
                 goalie_shots: list[GoalieShotsData] | None) -> list[Violation]:
    """Put a game sheet's details on `game` as the season file has them (see `Games.set_game_details`); returns
    those a game sheet cannot hold (then `game` is not to be written)."""
    if goalie_shots is not None:
        game.pop("goalie_shots", None)
        if goalie_shots:
            game["goalie_shots"] = [{**x} for x in goalie_shots]
    game.pop("referees", None)
    game.pop("number", None)
    game.pop("officials", None)
    if number is not None and number.strip() and number.strip() != game_id:
        game["number"] = number.strip()
    people: list[OfficialData] = [{"name": " ".join(str(o.get("name", "")).split()), "role": str(o.get("role", ""))}
                                  for o in officials]
    people = [o for o in people if o["name"]]
    wrong = [Violation(FILE, "block", f"{o['name']} has no role a game sheet knows ({o['role']!r}; one of "
                       f"{', '.join(OFFICIAL_ROLES)})", "season file", f"game {game_id}")
             for o in people if o["role"] not in OFFICIAL_ROLES]
    if len(game.get("number") or "") > NUMBER_LIMIT:
        wrong.append(Violation(FILE, "block", f"the game number {game['number']!r} is longer than "
                               f"{NUMBER_LIMIT} characters", "season file", f"game {game_id}"))
    if people and not wrong:
        game["officials"] = people
    return wrong


def put_curfew(game: GameData, game_id: str, curfew: str | None) -> list[Violation]:
    """Put the game's curfew ("HH:MM", 24-hour like its `time`) on `game` right after its `time`, as the season
    file has it: "" clears it, None leaves it as it is; returns the refusal of one that is not HH:MM (then `game` is
    not to be written)."""
    if curfew is None:
        return []
    given = curfew.strip()
    if given and not TIME_RE.match(given):
        return [Violation(FILE, "block", f"the curfew must be a time HH:MM, 24-hour like the game's start (got "
                          f"{curfew!r})", "season file", f"game {game_id}")]
    fields = cast(MutableMapping[str, object], game)  # its own keys and values put back, in its order
    items = [(k, v) for k, v in fields.items() if k != "curfew"]
    fields.clear()
    for key, value in items:
        fields[key] = value
        if key == "time" and given:
            fields["curfew"] = given
    return []


def _game_in(view: SeasonView, game_id: str) -> GameData:
    """A game of the season as `view` holds it (ServiceError: there is none)."""
    if game_id not in view.games:
        raise ServiceError(f"no game {game_id!r} in season {view.name}")
    return view.games[game_id]


def _status(game: GameData | None, absent: str) -> str:
    """A game's status (`absent`: there is no game, or it has none set)."""
    return game.get("status", absent) if game is not None else absent


def _lineups(game: GameData | None) -> LineupsData | None:
    return game.get("lineups") if game is not None else None


def team_name(view: SeasonView, team: str) -> str:
    """A team's name (its id where the season has no such team)."""
    t = view.teams.get(team)
    return str(t.get("name", team)) if t else team


def _signatures(game: GameData | None) -> list[SignatureData]:
    return (game.get("signatures") if game is not None else None) or []


def _final_step(name: str, current: GameData | None, previous: GameData | None
                ) -> tuple[str, dict[str, str], dict[str, str]] | None:
    """The audit entry (action, before, after) of an undo or redo that finishes, reopens or changes a final
    game (DATA-5: Reopen's rule); None for any other step."""
    was = _status(current, "") == "final"
    becomes = _status(previous, "") == "final"
    if not (was or becomes) or previous == current:
        return None
    signed = _signature_step(current, previous)

    def reason(undone: str, redone: str) -> str:
        """What the step does: to a signature, said so; else `undone` (an undo) or `redone` (a redo)."""
        return f"{name} of {signed}" if signed else undone if name == "undo" else redone

    if was and not becomes:
        return ("reopen game", {"status": "final", "reason": reason("undo of finish", "redo of reopen")},
                {"status": _status(previous, "removed")})
    if becomes and not was:
        return ("finish game", {"status": _status(current, "none"),
                                "reason": reason("undo of reopen", "redo of finish")}, {"status": "final"})
    changed = f"{name} of a change of a final game"
    return ("replace final game", {"status": "final", "reason": reason(changed, changed)}, {"status": "final"})


def _signature_step(current: GameData | None, previous: GameData | None) -> str:
    """What a step between `current` and `previous` does to the game's signatures, said for a person ("the
    signature of the referee", "the signatures of the captain (home) and the referee"); empty: none changed."""
    now = {(s.get("role"), s.get("signed_at")) for s in _signatures(current)}
    then = {(s.get("role"), s.get("signed_at")) for s in _signatures(previous)}
    roles = sorted({ROLE_LABELS.get(str(role), str(role)).lower() for role, _ in now ^ then})
    if not roles:
        return ""
    if len(roles) == 1:
        return f"the signature of the {roles[0]}"
    return f"the signatures of the {', the '.join(roles[:-1])} and the {roles[-1]}"


@bound
class Games(Part):
    """Entries of a game, through the one path (`ChangeStep`)."""

    def __init__(self, core: Core, step: ChangeStep, history: GameHistory) -> None:
        super().__init__(core)
        self.step = step
        self.history = history

    def game_dict(self, game_id: str, season: str | None, copy_it: bool = True) -> GameData:
        """A game of the season as the view holds it: a copy to change, or (`copy_it=False`) the view's own."""
        game = _game_in(self.core.view(season), game_id)
        return copy.deepcopy(game) if copy_it else game

    # -- events ----------------------------------------------------------------------------------------------
    def prepare_entries(self, game_id: str, season: str | None = None) -> None:
        """Ready the database for entries into game `game_id` (read what an entry writes): the window calls it
        when it shows a game, so the first entry at the boards is as quick as the next ones. Changes nothing the
        league holds: the seals' triggers it makes are this connection's own, temporary (`game_seals.install`);
        for a game not final, the connection's write-ahead log is started by a write of nothing (`entry_ready`)."""
        view = self.core.view(season)
        rows = view.rows
        if rows is not None and game_id in rows.games:
            with suppress(DatabaseError, sqlite3.Error):  # a connection that cannot write: it enters nothing
                game_seals.install()  # the seals' record of games written made now, not in the first entry's commit
                game = view.games.get(game_id)
                if not self.core.read_only and game is not None and game.get("status") != "final":
                    self.core.ensure_owned()  # as before an entry: a window that lost its file writes nothing
                    entry_ready.start(self.core.db, rows.games[game_id][0])  # the log's first commit, not the entry's
            store.warm_entry_pages(rows.games[game_id][0])

    def validate_event(self, game_id: str, event: EventData, season: str | None = None) -> list[Violation]:
        """The violations adding `event` would cause, without writing anything."""
        game = self.game_dict(game_id, season, copy_it=False)
        if game.get("status") != "final":
            return self.step.append(game, event, confirm=True, season=season, retry=None, dry_run=True).violations
        game = copy.deepcopy(game)
        game["events"].append(event)
        return self.step.propose(Proposal({"games": [game]}), confirm=True, season=season, dry_run=True).violations

    def add_event(self, game_id: str, event: EventData, confirm: bool = False,
                  season: str | None = None, _retried: bool = False) -> EntryResult:
        """Add an entry at the end of a game's log (the boards' path): checked by the same rules as any change,
        written as one row in one transaction."""
        # A new entry commutes with another PC's: on a conflict it is made again on the fresh log, once.
        retry = None if _retried else (lambda: self.add_event(game_id, event, confirm, season, _retried=True))
        view = self.core.view(season)
        game = _game_in(view, game_id)
        if game.get("status") == "final":  # refused by the one path, with its reason (DATA-5)
            game = copy.deepcopy(game)
            game["events"].append(event)
            return self.step.propose(Proposal({"games": [game]}), confirm=confirm, season=season, retry=retry)
        return self.step.append(game, event, confirm=confirm, season=season, retry=retry, view=view)

    def update_event(self, game_id: str, index: int, event: EventData, confirm: bool = False,
                     season: str | None = None) -> EntryResult:
        game = self.game_dict(game_id, season)
        self._check_index(game, index)
        before = game["events"][index]
        game["events"][index] = event
        return self.step.propose(Proposal({"games": [game]}, audit=AuditRecord(
            "edit event", f"{game_id}/event {index + 1}", before, event)), confirm=confirm, season=season)

    def delete_event(self, game_id: str, index: int, confirm: bool = False,
                     season: str | None = None) -> EntryResult:
        game = self.game_dict(game_id, season)
        self._check_index(game, index)
        before = game["events"].pop(index)
        return self.step.propose(Proposal({"games": [game]}, audit=AuditRecord(
            "delete event", f"{game_id}/event {index + 1}", before)), confirm=confirm, season=season)

    @staticmethod
    def _check_index(game: GameData, index: int) -> None:
        if not 0 <= index < len(game["events"]):
            raise ServiceError(f"game {game['id']} has no event {index + 1}")

    # -- line-ups and the game itself ------------------------------------------------------------------------
    def set_lineup(self, game_id: str, side: str, entries: list[LineupEntryData], confirm: bool = False,
                   season: str | None = None, override: str = "", office_later: bool = False) -> EntryResult:
        """Dress a side. `override` (the office role and a reason) accepts line-up blocks, audited.
        `office_later` (the boards): warnings that are the office's business (a captain's e-mail due, a proposal
        to confirm; `office_list`) need no confirm: the line-up is saved with them, and only the others are asked
        about."""
        game = self.game_dict(game_id, season)
        lineups = cast(MutableMapping[str, object], game.setdefault("lineups", {}))
        lineups[side] = entries  # the side as given: one the season file does not know is refused by its check
        proposal = Proposal({"games": [game]}, override=override)
        result = self.step.propose(proposal, confirm=confirm, season=season)
        if office_later and result.needs_confirmation and not result.blocks:
            asked = [v for v in result.violations if not v.office]
            if asked:  # only the boards' warnings are asked about
                return EntryResult(False, asked, needs_confirmation=True)
            result = self.step.propose(proposal, confirm=True, season=season)
        return result

    def save_game(self, game: GameData, confirm: bool = False, season: str | None = None) -> EntryResult:
        """Create or replace a game (not a final one)."""
        return self.step.propose(Proposal({"games": [game]}), confirm=confirm, season=season)

    def game_details(self, game_id: str, season: str | None = None) -> GameDetails:
        """What the game sheet's details dialog shows: the id and the teams' names, the league's `number` ("" : the
        id), the names by role (`referees` and `officials` combined), the `operator` who would sign as
        scorekeeper, and whether the game is `final` and `signed` (then the details are the office's); the
        `goalies` dressed in goal ({"player", "name", "side"}, home first), the `periods` the game has (the
        rulebook's, or more where its events reach) and its `goalie_shots` (issue 30.3); its `curfew` ("HH:MM", "" :
        none; issue 28.6)."""
        game = self.game_dict(game_id, season, copy_it=False)
        view = self.core.view(season)
        people = game_officials(game)
        lineups: LineupsData = game.get("lineups") or {}
        goalies: list[DressedGoalie] = [{"player": x["player"], "name": view.player_name(x["player"]), "side": side}
                   for side, dressed in (("home", lineups.get("home", [])), ("away", lineups.get("away", [])))
                   for x in dressed if x.get("goalie")]
        periods = max([view.book.clock.periods, *(int(p) for e in game.get("events", [])
                                                  if isinstance(p := e.get("period"), int))])
        return {"id": game_id, "home_name": team_name(view, game["home"]), "away_name": team_name(view, game["away"]),
                "number": str(game.get("number") or ""), "referees": people["referee"],
                "linesmen": people["linesman"], "scorekeeper": people["scorekeeper"],
                "operator": self.core.operator, "final": game.get("status") == "final",
                "signed": game.get("status") == "final" and bool(game.get("signatures")),
                "goalies": goalies, "periods": periods,
                "period_labels": [period_label(view.book, n) for n in range(1, periods + 1)],
                "goalie_shots": cast(list[GoalieShots], list(game.get("goalie_shots") or [])),  # no None period kept
                "curfew": str(game.get("curfew") or "")}

    def set_game_details(self, game_id: str, number: str | None, officials: list[dict[str, str]],
                         season: str | None = None, goalie_shots: list[GoalieShotsData] | None = None,
                         curfew: str | None = None) -> EntryResult:
        """The game sheet's details: the league's game `number` (None or blank: the id) and the `officials`
        ({"name", "role"}, every referee among them: `referees` is folded in). Paperwork that changes no
        outcome, so a final game takes it without a reopen; audited with what it was and what it becomes. On a
        signed final game it would change the sheet under the signatures: the office's action (its password),
        audited as such (issue 27.14). `goalie_shots` (issue 30.3): each goalie's shots as the paper sheet has
        them, replacing the game's (an empty list: none; None: left as they are). `curfew` (issue 28.6): the time
        the ice must be cleared, "HH:MM" 24-hour ("": none; None: left as it is)."""
        game = self.game_dict(game_id, season)
        signed = game.get("status") == "final" and bool(game.get("signatures"))
        before = {k: game[k] for k in ("number", "referees", "officials", "goalie_shots", "curfew") if k in game}
        wrong = put_curfew(game, game_id, curfew) or _put_details(game, game_id, number, officials, goalie_shots)
        if wrong:
            return EntryResult(False, wrong)
        after = {k: game[k] for k in ("number", "officials", "goalie_shots", "curfew") if k in game}
        if after == before:
            return EntryResult(True)
        if signed:
            refused = office_needed(self.core, "changing the number or officials of game "
                                               f"{before.get('number') or game_id}, final and signed,")
            if refused is not None:
                return refused
        return self.step.propose(Proposal({"games": [game]}, allow_final=True, audit=AuditRecord(
            "game details of a signed game" if signed else "game details", game_id, before, after)), confirm=True,
            season=season)

    def finish_game(self, game_id: str, confirm: bool = False, season: str | None = None,
                    ended: tuple[int, str] | None = None) -> EntryResult:
        """Lock a game as final (DATA-5); its result, suspensions and fines then count. `ended`: the clock at the
        finish (period, mm:ss; None: a sheet entered after the game, played its length): before regulation time
        ends it is a warning (GAME-1), and once confirmed an `end` entry records where play ended (the goalies'
        minutes run to it)."""
        game = self.game_dict(game_id, season)
        if ended is not None and game.get("status") != "final":
            view = self.core.view(season)
            book, stage = view.book, str(game.get("stage", "regular"))
            period, elapsed = int(ended[0]), fmt_mmss(parse_mmss(ended[1]))
            timed = [(int(p), fmt_mmss(parse_mmss(t))) for e in game.get("events", [])
                     if (p := e.get("period")) and (t := e.get("elapsed"))]
            at = max([(period, elapsed), *timed], key=lambda pe: game_time(book, stage, pe[0], parse_mmss(pe[1])))
            period, elapsed = at  # a clock behind the last entry: play ran at least to that entry
            state = view.state(game_id)
            early = results.finished_early(
                book, game_time(book, stage, period, parse_mmss(elapsed)), f"{period_label(book, period)} {elapsed}",
                state.over, any(e.get("type") in ("forfeit", "called") for e in game.get("events", [])))
            if early is not None:
                early = replace(early, where=f"game {game_id}")
                if not confirm:
                    return EntryResult(False, [early], needs_confirmation=True)
                game["events"].append({"type": "end", "period": period, "elapsed": elapsed})
        game["status"] = "final"
        return self.step.propose(Proposal({"games": [game]}, audit=AuditRecord("finish game", game_id)),
                                 confirm=confirm, season=season)

    def reopen_game(self, game_id: str, reason: str, season: str | None = None) -> EntryResult:
        """DATA-5: a final game is changed only after a reopen that records who, when and why."""
        game = self.game_dict(game_id, season)
        view = self.core.view(season)
        refused = office_needed(self.core, "reopening a final game")
        if refused is not None and game.get("status") == "final":
            return refused
        if not reason.strip():
            return EntryResult(False, [reopen_needs_reason(view.book, game_id)])
        if game.get("status") != "final":
            return EntryResult(True)
        before = copy.deepcopy(game)
        game["status"] = "scheduled"
        s = self.core.season_row(season)
        row_id, revision = view.rows.games[game_id] if view.rows is not None and game_id in view.rows.games \
            else (0, 0)

        corrected = signed_before_correction(game)  # issue 20: the signatures stay, marked with the reopen's date

        def write() -> None:
            self.step.check_revision(view, game_id)
            Game.update(status="scheduled", revision=Game.revision + 1).where(Game.id == row_id).execute()
            if corrected is not None:
                mark_before_correction(row_id, corrected[0])

        try:
            self.step.commit(s, write, [AuditRecord("reopen game", game_id, {"status": "final", "reason": reason},
                                                    {"status": "scheduled"}),
                                        *([corrected[1]] if corrected is not None else [])])
        except store.GameChanged:
            return self.step.conflict(view, game_id, None)
        self.history.done(game_id, before, (row_id, revision + 1))
        self.core.forget(s.id)
        return EntryResult(True, [], False, Changes.of(s.name, games=[game_id], teams=[game["home"], game["away"]],
                                                       tables=["games", "audit"], finals_touched=True))

    # -- undo and redo ---------------------------------------------------------------------------------------
    def can_undo(self, game_id: str) -> bool:
        return bool(self.history.undo.get(game_id))

    def can_redo(self, game_id: str) -> bool:
        return bool(self.history.redo.get(game_id))

    def undo(self, game_id: str, season: str | None = None) -> EntryResult:
        """Put the game back as it was before this facade's last change to it. Undoing a finish or a reopen
        follows Reopen's rule (DATA-5: the office password while the office is locked) and is audited; a game
        changed elsewhere since is never written over (refused, and its undo and redo lists are cleared)."""
        return self._step(game_id, self.history.undo, self.history.redo, season, "undo")

    def redo(self, game_id: str, season: str | None = None) -> EntryResult:
        """The change undone last, made again (the same rules as `undo`)."""
        return self._step(game_id, self.history.redo, self.history.undo, season, "redo")

    def _step(self, game_id: str, source: dict[str, list[Step]], target: dict[str, list[Step]],
              season: str | None, name: str) -> EntryResult:
        if not source.get(game_id):
            return EntryResult(False)
        previous, row_id, revision = source[game_id][-1]
        s = self.core.season_row(season)
        view = self.core.view(s.name)
        current = copy.deepcopy(view.games.get(game_id))
        audit = _final_step(name, current, previous)
        if audit is not None:
            refused = office_needed(self.core, f"the {audit[1]['reason']} of game "
                                               f"{game_name(current or previous, game_id)}")
            if refused is not None:
                return refused

        def write() -> tuple[int, int]:
            if revision < 0:  # the step re-creates a game this facade removed: it must still be absent
                if Game.select().where((Game.season == s) & (Game.ext_id == game_id)).exists():
                    raise store.GameChanged(game_id)
            else:
                store.check_revision(game_id, row_id, revision)
            if previous is None:
                Game.delete().where(Game.id == row_id).execute()
                return (0, -1)
            written = season_write.Changes(divisions=[], teams=[], players=[], roster=[], games=[previous],
                                           appeals=[], payments=[], season_suspension_decisions=[])
            return store.write_changes(s, written, {game_id: current})[game_id]

        try:
            after = self.step.commit(s, write, [AuditRecord(audit[0], game_id, audit[1], audit[2])] if audit else [])
        except store.GameChanged:
            self.history.forget(game_id)
            self.core.forget()
            return EntryResult(False, [undo_overtaken(view.book, view.game_name(game_id), game_id, name)])
        except DatabaseError as exc:
            return self.step.failed(exc, f"the {name} was not done")
        source[game_id].pop()
        if source[game_id]:  # the next step expects the game as this one left it
            source[game_id][-1] = (source[game_id][-1][0], *after)
        target.setdefault(game_id, []).append((current, *after))
        self.core.forget(s.id)
        teams = current or previous
        assert teams is not None  # a step with no game before nor after is refused as overtaken
        return EntryResult(True, [], False, Changes.of(
            s.name, games=[game_id], teams=[teams["home"], teams["away"]],
            tables=["games", *(["audit"] if audit is not None else []),
                    *(["lineups"] if _lineups(current) != _lineups(previous) else [])],
            finals_touched=any(_status(g, "") == "final" for g in (current, previous))))

    # -- the live state at the boards ------------------------------------------------------------------------
    def live(self, game_id: str, period: int, elapsed: str, season: str | None = None) -> LiveState:
        """Who may be on the ice now, the penalty box, icing, stop time (the rulebook's clock and ice rules)."""
        view = self.core.view(season)
        self.game_dict(game_id, season, copy_it=False)
        game = view.game_input(game_id)
        t = game_time(view.book, game.stage, period, parse_mmss(elapsed))
        open_game = view.live_game(game_id)  # the game's computation kept open: a fork, not a replay of its log
        return live_state(game, view.book, t, open_game.until(t) if open_game is not None
                          and open_game.game is game else None)

    def check_on_ice(self, game_id: str, side: str, players: list[str], period: int, elapsed: str,
                     season: str | None = None) -> list[Violation]:
        view = self.core.view(season)
        self.game_dict(game_id, season, copy_it=False)
        game = view.game_input(game_id)
        return check_on_ice(game, view.book, game_time(view.book, game.stage, period, parse_mmss(elapsed)),
                            side, players)
