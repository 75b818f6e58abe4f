"""A game's result and points: lateness, forfeits, a game called by the referee, and the points of each outcome.

A team late at the start gives the other a goal for every full `goal_every_min` minutes and forfeits at
`forfeit_at_min`; both teams dressing fewer than `min_dressed` both forfeit; a called game takes the points the
referee gives. Otherwise the score decides, in regulation, overtime, a shootout or on the mercy rule. A rulebook
without a lateness rule (`[lateness]` left out or `enabled = false`) has none of the first two: a late entry is
refused and a team dresses as few as it has.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.violation import Violation

SIDES = ("home", "away")
LATE_RULE = "FORF-1"
FORFEIT_RULE = "FORF-2"
BOTH_SHORT_RULE = "FORF-4"
CALLED_RULE = "PTS-3"


def _other(side: str) -> str:
    return "away" if side == "home" else "home"


def _v(book: Rulebook, rule: str, severity: str, message: str) -> Violation:
    return Violation(rule, severity, message, book.section(rule))


def late_entry_problem(book: Rulebook, side: object, minutes: object) -> Violation | None:
    """A lateness entry names a side and the minutes late."""
    if not book.lateness.enabled:
        return _v(book, LATE_RULE, "block", f"the rulebook {book.id} has no lateness rule: a late start gives no "
                  "goals and no forfeit (enter a forfeit where the team forfeited)")
    if side not in SIDES:
        return _v(book, LATE_RULE, "block", f"a late team must be 'home' or 'away' (got {side!r})")
    if isinstance(minutes, bool) or not isinstance(minutes, int | float) or minutes < 0:
        return _v(book, LATE_RULE, "block", f"minutes late must be a number (got {minutes!r})")
    return None


def forfeit_entry_problem(book: Rulebook, team: object) -> Violation | None:
    if team not in (*SIDES, "both"):
        return _v(book, FORFEIT_RULE, "block", f"forfeit team must be home, away or both (got {team!r})")
    return None


def called_points(book: Rulebook, points: object, reason: object) -> tuple[dict[str, int] | None, Violation]:
    """A called game's points for home and away, with the warning that records them (points None: refused)."""
    pts = points if isinstance(points, dict) else {}
    if not all(isinstance(pts.get(s), int) and 0 <= pts[s] <= book.points.win for s in SIDES):
        return None, _v(book, CALLED_RULE, "block", f"a called game needs points for home and away between 0 and "
                        f"{book.points.win} (got {points!r})")
    called = {s: int(pts[s]) for s in SIDES}
    return called, _v(book, CALLED_RULE, "warn", f"game called off by the referee: points given by hand "
                      f"({called['home']}-{called['away']}), reason: {reason or 'none given'}")


def late_forfeit(book: Rulebook, lates: dict[str, float]) -> str | None:
    """The side (or 'both') forfeiting by being late, None when no side was late enough."""
    out = [s for s, m in lates.items() if book.lateness.enabled and m >= book.lateness.forfeit_at_min]
    if not out:
        return None
    return out[0] if len(out) == 1 else "both"


def late_goals(book: Rulebook, minutes: float) -> int:
    """Goals the other side is given for a team `minutes` late."""
    return int(minutes // book.lateness.goal_every_min) if book.lateness.enabled else 0


def too_few_dressed(book: Rulebook, dressed: int) -> bool:
    """A team dressing this many (at least one) has fewer than the rulebook's minimum (FORF-3)."""
    return book.lateness.enabled and 0 < dressed < book.lateness.min_dressed


def both_short(book: Rulebook, dressed: dict[str, int]) -> Violation | None:
    """Both teams dressed, each with fewer players than the rulebook's minimum: both receive a loss."""
    need = book.lateness.min_dressed
    if not all(too_few_dressed(book, dressed[s]) for s in SIDES):
        return None
    return _v(book, BOTH_SHORT_RULE, "warn", f"both teams dressed fewer than {need} players "
              f"({dressed['home']} and {dressed['away']}): both receive a loss, 0 points")


@dataclass(frozen=True)
class Result:
    """A final game's decision, winner (None: a tie or a double forfeit), points, and the score recorded when the
    rulebook records another than the one played (a forfeit's, a shootout winner's goal)."""

    decision: str
    winner: str | None
    points: dict[str, int]
    score: dict[str, int] | None = None

    @property
    def forfeited(self) -> bool:
        return self.decision in ("forfeit", "double_forfeit")


def decide(book: Rulebook, score: dict[str, int], *, forfeit: str | None, called: dict[str, int] | None,
           shootout_winner: str | None, mercy: bool, went_ot: bool) -> Result:
    """The result of a final game."""
    forfeited = _forfeit_result(book, forfeit)
    if forfeited is not None:
        return forfeited
    if called is not None:
        won = None if called["home"] == called["away"] else ("home" if called["home"] > called["away"] else "away")
        return Result("called", won, dict(called))
    if shootout_winner is not None:
        w, p = shootout_winner, book.points
        final = {**score, w: score[w] + 1} if book.shootout_winner_goal else None
        return Result("shootout", w, {s: p.so_win if s == w else p.so_loss for s in SIDES}, final)
    return _played_result(book, score, mercy, went_ot)


def _forfeit_result(book: Rulebook, forfeit: str | None) -> Result | None:
    """A forfeit's result (two sides forfeiting: 'both'); None where no side forfeited."""
    p = book.points
    if forfeit == "both":
        return Result("double_forfeit", None, {s: p.double_forfeit for s in SIDES}, {s: 0 for s in SIDES})
    if forfeit in SIDES:
        assert forfeit is not None
        winner = _other(forfeit)
        hi, lo = book.lateness.forfeit_score
        return Result("forfeit", winner, {s: p.forfeit_win if s == winner else p.forfeit_loss for s in SIDES},
                      {winner: hi, forfeit: lo})
    return None


def _played_result(book: Rulebook, score: dict[str, int], mercy: bool, went_ot: bool) -> Result:
    """The result of a game played out on the ice: in regulation, on the mercy rule or in overtime."""
    p = book.points
    tied = score["home"] == score["away"]
    leader = None if tied else ("home" if score["home"] > score["away"] else "away")
    decision = "mercy" if mercy else "overtime" if went_ot else "regulation"
    if leader is None:
        return Result(decision, None, {s: p.tie for s in SIDES})
    if decision == "overtime":
        return Result(decision, leader, {s: p.ot_win if s == leader else p.ot_loss for s in SIDES})
    return Result(decision, leader, {s: p.win if s == leader else p.loss for s in SIDES})


GAME_LENGTH_RULE = "GAME-1"
"""The rule of the game's length: the rulebook's regulation periods (Westridge: two 20-minute halves)."""


def finished_early(book: Rulebook, ended_t: int, at: str, over: bool, untimed_result: bool) -> Violation | None:
    """A game finished at game second `ended_t` (`at`: as the clock read, "2nd half 01:01") before regulation
    time ends: a warning (the game may have been abandoned), None when play had run its length, the game was
    over already (the mercy rule, a sudden-death goal) or was decided off the ice (a forfeit, points called)."""
    if over or untimed_result or ended_t >= book.regulation_seconds:
        return None
    length = book.regulation_seconds
    return _v(book, GAME_LENGTH_RULE, "warn",
              f"the game is finished at {at}, before regulation time ends ({length // 60:02d}:{length % 60:02d}: "
              f"{book.clock.periods} × {book.clock.period_min} minutes); finished now, play is recorded as "
              f"ended at {at} and each goalie is credited the minutes he was in net until then")
