"""The mercy rule: a lead of the rulebook's spread ends the game, checked from the start, from half time (at
half time and throughout the second half) or never (also where the rulebook has no mercy rule: `[mercy]` left out
or `enabled = false`)."""

from __future__ import annotations

from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.violation import Violation

MERCY_RULE = "MERCY-1"


def half_time(book: Rulebook) -> int:
    """Game time (seconds) at half time."""
    return (book.clock.periods // 2) * book.clock.period_min * 60


def has_half_time(book: Rulebook) -> bool:
    return book.clock.periods >= 2


def past_half_time(book: Rulebook, period: int) -> bool:
    """An entry in `period` comes after half time (the score at half time is checked first)."""
    return has_half_time(book) and period > book.clock.periods // 2


def spread_reached(book: Rulebook, score: dict[str, int]) -> bool:
    return book.mercy.enabled and abs(score["home"] - score["away"]) >= book.mercy.spread


def ends_at_half_time(book: Rulebook, score: dict[str, int]) -> bool:
    """The score at half time ends the game (where the rule is checked from half time)."""
    return book.mercy.from_ == "halftime" and spread_reached(book, score)


def ends_after_goal(book: Rulebook, score: dict[str, int], t: int, period: int) -> bool:
    """A goal at game time `t` in `period` that makes this score ends the game."""
    if book.mercy.from_ == "start":
        applies = True
    else:
        applies = book.mercy.from_ == "halftime" and t >= half_time(book) and period > 1
    return applies and spread_reached(book, score)


def game_over(book: Rulebook, at: str, score: dict[str, int]) -> Violation:
    """A goal after the mercy rule ended the game (`at`: when it ended)."""
    return Violation(MERCY_RULE, "block", f"the game ended on the mercy rule at {at} ({score['home']}-"
                     f"{score['away']}); later goals are refused", book.section(MERCY_RULE))
