"""The office's decision on a suspension the rules propose (PEN-GM-2, A-11: the sixth game misconduct, ejection
or suspension of a season proposes a season suspension): confirmed, it bars the player from the games dated on
or after the decision; declined, it is dropped. Either is an office action (office password), written through
the one change step as the season file's `season_suspension_decisions`, and audited."""

from __future__ import annotations

import datetime as dt

from scorekeeper.changes import EntryResult
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.games import office_needed
from scorekeeper.facade.pipeline import AuditRecord, ChangeStep, Proposal
from scorekeeper.results_records import OfficeListItem, ProposedSuspension
from scorekeeper.rules.discipline import sanctions
from scorekeeper.rules.office_list import office_items
from scorekeeper.rules.proposals import CONFIRMED, DECISIONS, PROPOSED, decision_of, proposal_state
from scorekeeper.season.records import Sanction
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import SuspensionDecisionData


@bound
class SuspensionProposals(Part):
    """Proposed suspensions and the office's decisions on them."""

    def __init__(self, core: Core, step: ChangeStep) -> None:
        super().__init__(core)
        self.step = step

    def proposed_suspensions(self, season: str | None = None) -> list[ProposedSuspension]:
        """Every suspension the rules proposed this season, with its state ('proposed', 'confirmed', 'declined')
        and the decision, if any: player, name, team, game, date, rule, kind, state, decided, by, note."""
        view = self.core.view(season)
        out: list[ProposedSuspension] = []
        for s in sanctions(view):
            state = proposal_state(view, s)
            if state is None:
                continue
            d: SuspensionDecisionData | dict[str, str] = decision_of(view, s.player, s.game) or {}
            out.append({"player": s.player, "name": view.player_name(s.player), "team": s.team, "game": s.game,
                        "date": s.date, "rule": s.row.rule, "kind": s.kind, "state": state,
                        "decided": d.get("decided"), "by": d.get("by"), "note": d.get("note")})
        return out

    def office_list(self, season: str | None = None) -> list[OfficeListItem]:
        """The office list (issue 27.11): the captains to e-mail about a suspension before their team's next game
        (SUSP-2) and the proposed suspensions to confirm or decline, each {kind, rule, section, what, player, team,
        game, due} (`rules.office_list`); the warnings the boards leave to the office."""
        return [item.to_json() for item in office_items(self.core.view(season))]

    def confirm_suspension(self, player: str, game: str | None = None, date: str | None = None, note: str = "",
                           season: str | None = None) -> EntryResult:
        """The office confirms the suspension proposed for `player` (in `game`; None: the player's one proposal):
        from `date` (default today) on, it bars the player."""
        return self.decide_suspension(player, CONFIRMED, game, date, note, season)

    def decline_suspension(self, player: str, game: str | None = None, date: str | None = None, note: str = "",
                           season: str | None = None) -> EntryResult:
        """The office declines the suspension proposed for `player`: it is dropped and never bars."""
        return self.decide_suspension(player, "declined", game, date, note, season)

    def decide_suspension(self, player: str, decision: str, game: str | None = None, date: str | None = None,
                          note: str = "", season: str | None = None) -> EntryResult:
        """Record the office's `decision` ('confirmed' or 'declined') on a proposed suspension, audited; refused
        without the office password, and (a block) where a confirmation would bar a game the player has already
        dressed for on or after `date`."""
        if decision not in DECISIONS:
            raise ServiceError(f"a decision is 'confirmed' or 'declined' (got {decision!r})")
        verb = "confirming" if decision == CONFIRMED else "declining"
        refused = office_needed(self.core, f"{verb} a proposed suspension")
        if refused is not None:
            return refused
        view = self.core.view(season)
        s = self._proposal(view, player, game)
        when = date or dt.date.today().isoformat()
        try:
            if len(when) != 10:
                raise ValueError
            dt.date.fromisoformat(when)
        except ValueError:
            raise ServiceError(f"the decision's date must be YYYY-MM-DD (got {when!r})") from None
        if when < s.date:
            raise ServiceError(f"the decision on {view.player_name(player)}'s suspension cannot be dated {when}, "
                               f"before game {view.game_name(s.game)} of {s.date} that proposed it")
        by = (self.core.operator or "").strip()
        record: SuspensionDecisionData = {"player": player, "game": s.game, "decision": decision, "decided": when}
        if by:
            record["by"] = by
        if note.strip():
            record["note"] = note.strip()
        later = [gid for gid, g in view.games.items() if g["date"] >= when]
        return self.step.propose(Proposal(
            {"season_suspension_decisions": [record]}, games=later, audit=AuditRecord(
                f"season suspension {decision}", f"{player}/{s.game}", {"status": PROPOSED, "rule": s.row.rule},
                record)), confirm=True, season=season)

    def _proposal(self, view: SeasonView, player: str, game: str | None) -> Sanction:
        """The suspension proposed for `player` (in `game`) still awaiting the office (a ServiceError if none, if
        it is decided already, or if the player has several and `game` does not say which)."""
        if player not in view.players:
            raise ServiceError(f"there is no player {player!r} in season {view.name}")
        name = view.player_name(player)
        mine = [s for s in sanctions(view) if s.player == player and proposal_state(view, s) is not None
                and (game is None or s.game == game)]
        if not mine:
            where = f" from game {view.game_name(game)}" if game else ""
            raise ServiceError(f"{name} has no suspension proposed{where} this season: nothing to decide")
        waiting = [s for s in mine if proposal_state(view, s) == PROPOSED]
        if not waiting:
            s = mine[-1]
            d: SuspensionDecisionData | dict[str, str] = decision_of(view, s.player, s.game) or {}
            raise ServiceError(f"the suspension proposed for {name} in game {view.game_name(s.game)} was "
                               f"{d.get('decision')} on {d.get('decided')}; a confirmed one is lifted by the office, "
                               "not decided again")
        if len(waiting) > 1:
            games = ", ".join(view.game_name_and_id(s.game) for s in waiting)  # the id is what --game takes
            raise ServiceError(f"{name} has suspensions proposed in games {games}: name the game")
        return waiting[0]
