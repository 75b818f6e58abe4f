"""A decision answers a proposal (PEN-GM-2, A-11; issue 26): the office confirms or declines a suspension the
rules proposed, so a decision (from the window or a season file's `season_suspension_decisions`) for a player
and game the rules proposed no suspension for is refused, naming it."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.rules.discipline import sanctions
from scorekeeper.rules.proposals import proposes
from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.rules.violation import Violation
from scorekeeper.season_data import SuspensionDecisionData

DECISION_RULE = "PEN-GM-2"


def unanswered(view: SeasonFacts, decisions: Sequence[tuple[str, SuspensionDecisionData]]) -> list[Violation]:
    """A block for each of the `decisions` ((where, decision)) that answers no proposal of `view`."""
    if not decisions:
        return []
    proposed = {(s.player, s.game) for s in sanctions(view) if proposes(s)}
    section = view.book.section(DECISION_RULE)
    return [Violation(DECISION_RULE, "block", f"the decision {d['decision']!r} of {d['decided']} on a suspension "
                      f"of {view.player_name(d['player'])} ({d['player']}) from game {view.game_name(d['game'])} "
                      "answers no proposal: the rules proposed no such suspension (`scorekeeper suspensions --json` "
                      "lists the proposed ones); a decision is recorded only for a suspension the rules proposed",
                      section, where, players=(d["player"],))
            for where, d in decisions if (d["player"], d["game"]) not in proposed]
