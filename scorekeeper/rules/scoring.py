"""Goals: a scorer and at most the rulebook's number of assists, all different players; a penalty shot names a
known infraction; a player listed in the box is a warning."""

from __future__ import annotations

from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.infraction_lookup import unknown_infraction
from scorekeeper.rules.violation import Violation

GOAL_RULE = "SCORE-2"
PENALTY_SHOT_RULE = "PEN-SHOT-1"


def goal_problems(book: Rulebook, scorer: str | None, assists: list[str]) -> list[Violation]:
    """Why a goal's scorer and assists are refused (empty: they are fine)."""
    out = []
    section = book.section(GOAL_RULE)
    if scorer is not None and scorer in assists or len(set(assists)) != len(assists):
        out.append(Violation(GOAL_RULE, "block", "the scorer and the assists must be different players", section))
    if len(assists) > book.scoring.max_assists:
        out.append(Violation(GOAL_RULE, "block", f"at most {book.scoring.max_assists} assists (got {len(assists)})",
                             section))
    return out


def in_the_box(book: Rulebook, who: str, at: str) -> Violation:
    """A scorer or an assist listed in the penalty box at the goal's time `at`."""
    return Violation(GOAL_RULE, "warn", f"{who} is listed in the penalty box at {at}", book.section(GOAL_RULE))


def shot_infraction_problem(book: Rulebook, code: object) -> Violation | None:
    """A penalty shot's infraction, when given, is one of the rulebook's codes."""
    if code is None or code in book.infractions:
        return None
    return Violation(PENALTY_SHOT_RULE, "block", unknown_infraction(book.infractions, code),
                     book.section(PENALTY_SHOT_RULE))
