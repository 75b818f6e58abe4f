"""Suspensions the rules only propose (PEN-GM-2, A-11): a discipline row with `confirm` (who decides, e.g. the
Suspension Director) proposes its suspension rather than barring the player at once. The office's decision,
recorded in the season file's `season_suspension_decisions`, settles it: confirmed, it bars the player from the
games dated on or after the decision (and is served by them); declined, it never bars. While undecided the
player may dress, with a warning on the line-up.
"""

from __future__ import annotations

from typing import Final

from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.season.records import Sanction
from scorekeeper.season_data import SuspensionDecisionData

PROPOSED, CONFIRMED, DECLINED = "proposed", "confirmed", "declined"
DECISIONS = (CONFIRMED, DECLINED)
DECISIONS_KEY: Final = "season_suspension_decisions"  # the season file's list of the office's decisions


def proposes(s: Sanction) -> bool:
    """Does the sanction's row propose its suspension (the rulebook's `confirm` names who decides), rather than
    bar at once? A suspension carried from an earlier season was decided there."""
    return bool(s.row.confirm) and bool(s.row.suspend) and not s.season


def decision_of(view: SeasonFacts, player: str, game: str) -> SuspensionDecisionData | None:
    """The office's decision on the suspension `player` was proposed in `game`, if one is recorded."""
    return next((d for d in view.data.get(DECISIONS_KEY) or [] if d["player"] == player and d["game"] == game), None)


def proposal_state(view: SeasonFacts, s: Sanction) -> str | None:
    """'proposed', 'confirmed' or 'declined' for a sanction whose row proposes; None for one that bars at once."""
    if not proposes(s):
        return None
    decision = decision_of(view, s.player, s.game)
    return str(decision["decision"]) if decision else PROPOSED


def _decided(view: SeasonFacts, s: Sanction) -> str:
    """The date of the office's decision on the proposed suspension ('' where none is recorded)."""
    decision = decision_of(view, s.player, s.game)
    return str(decision.get("decided", "")) if decision else ""


def pending(view: SeasonFacts, s: Sanction, on: str | None = None) -> bool:
    """Is the proposed suspension still waiting for the office at a game dated `on` (None: as the season stands):
    undecided, or confirmed only after that date?"""
    state = proposal_state(view, s)
    if state == PROPOSED:
        return True
    if state == CONFIRMED and on is not None:
        return on < _decided(view, s)
    return False


def bars(view: SeasonFacts, s: Sanction, on: str) -> bool:
    """Does the sanction bar its player from a game dated `on`: one that bars at once always; a proposed one
    only once confirmed, from the decision's date on."""
    state = proposal_state(view, s)
    if state is None:
        return True
    return state == CONFIRMED and not pending(view, s, on)


def declined(view: SeasonFacts, s: Sanction) -> bool:
    """Did the office decline the proposed suspension (it never bars, and carries no fine)?"""
    return proposal_state(view, s) == DECLINED


def serving_from(view: SeasonFacts, s: Sanction) -> int | None:
    """The place after which the team's games serve the sanction: the offence game's for one that bars at once;
    for a confirmed proposal, the last game dated before the decision (or the offence game, if later); None for
    one proposed or declined (no game serves it)."""
    state = proposal_state(view, s)
    if state is None:
        return s.order
    if state != CONFIRMED:
        return None
    decided = _decided(view, s)
    before = [i for i, g in enumerate(view.games.values()) if g["date"] < decided]
    return max(s.order, before[-1] if before else -1)


def pending_text(view: SeasonFacts, s: Sanction) -> str:
    """What a line-up warning and a notice say of a proposal: 'proposed: awaiting the office's decision'."""
    who = s.row.confirm or "office"
    by = "the Suspension Director" if who == "director" else f"the {who.replace('_', ' ')}"
    return f"proposed: awaiting the office's decision ({by} confirms or declines it)"
