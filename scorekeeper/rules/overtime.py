"""Overtime, the shootout and timeouts: when a game goes on after regulation, and the timeouts a team has.

Overtime exists only where the rulebook has it for the game's stage, and only after a tie; a shootout only where
the rulebook has one, after a tie at the end of overtime. Texts name sides by their labels ("home (Otters)").
"""

from __future__ import annotations

from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.violation import Violation

OVERTIME_RULE = "GAME-2"
TIMEOUT_RULE = "GAME-3"


def _v(book: Rulebook, severity: str, message: str, rule: str = OVERTIME_RULE) -> Violation:
    return Violation(rule, severity, message, book.section(rule))


def no_overtime(book: Rulebook, stage: str) -> Violation:
    """An entry in overtime where the stage has none."""
    return _v(book, "block", f"{stage} games have no overtime in this rulebook")


def overtime_not_tied(book: Rulebook, score: dict[str, int], before: str) -> Violation | None:
    """An entry in overtime when the game was not tied at the end of the period `before` (its label)."""
    if score["home"] == score["away"]:
        return None
    return _v(book, "block", f"overtime entered but the game was not tied ({score['home']}-{score['away']}) at the "
              f"end of {before}")


def sudden_death_over(book: Rulebook, at: str) -> Violation:
    """A goal after the sudden-death goal (`at`: its time)."""
    return _v(book, "block", f"the game ended with the sudden-death goal at {at}; later goals are refused")


def tie_needs_shootout(book: Rulebook) -> Violation:
    """A final game tied after overtime where the rulebook has a shootout, with none entered."""
    return _v(book, "block", "the game is tied after overtime: enter the shootout's winner to finish it")


def endless_overtime_tie(book: Rulebook, stage: str) -> Violation | None:
    """A game marked final while tied, where the stage's overtime goes on until a goal (and no shootout)."""
    if book.overtime_for(stage).max_periods or book.shootout.get(stage, False):
        return None
    return _v(book, "warn", f"a {stage} game cannot end tied: overtime continues until a goal")


def shootout_entry_problem(book: Rulebook, stage: str, team: object, already: bool) -> Violation | None:
    """A shootout entry: its team is the winner, one per game, only where the stage has shootouts."""
    if team not in ("home", "away"):
        return _v(book, "block", f"a shootout's team is its winner, 'home' or 'away' (got {team!r})")
    if already:
        return _v(book, "block", "the game already has its shootout")
    if not book.shootout.get(stage, False):
        endless = not book.overtime_for(stage).max_periods
        return _v(book, "block", f"{stage} games have no shootout in this rulebook: a tie after overtime is "
                  f"{'played on' if endless else 'a tie'}")
    return None


def shootout_not_won(book: Rulebook, winner: str, won: int, lost: int) -> Violation | None:
    """The attempts entered must give the named winner (`winner`: its label) more goals."""
    if won > lost:
        return None
    return _v(book, "block", f"the shootout's attempts give {winner} {won} goal(s) against {lost}: not a win for it")


def shootout_not_tied(book: Rulebook, score: dict[str, int]) -> Violation | None:
    """A shootout entered in a game that is not tied after overtime."""
    if score["home"] == score["away"]:
        return None
    return _v(book, "block", f"a shootout follows a tie after overtime, but the score is "
              f"{score['home']}-{score['away']}")


def timeouts_allowed(book: Rulebook, stage: str, t: int, period: int | None) -> int:
    """Timeouts a team may have taken by game time `t` (in `period`): the game's, carried into overtime or not,
    plus those overtime gives."""
    allowed = book.timeouts_per_game
    if t >= book.regulation_seconds and not book.timeouts_carry_into_ot:
        allowed = 0
    if period is not None and period > book.clock.periods:
        allowed += book.overtime_for(stage).new_timeouts
    return allowed


def timeout_refused(book: Rulebook, team: str, used: int, allowed: int) -> Violation | None:
    """A timeout by `team` (its label) that has used `used` of its `allowed`."""
    if used < allowed:
        return None
    timeouts = "timeout" if allowed == 1 else "timeouts"
    return _v(book, "block", f"{team} has used its {allowed} {timeouts} for this game", TIMEOUT_RULE)
