"""The data rules an entry of a game's log is checked against as the engine applies it: DATA-3 (the period
exists for the game and the time lies within it) and DATA-4 (the players named are dressed for the team named).
Each function is the violation, as the engine places it at the entry."""

from __future__ import annotations

from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.ids import DATA_3, DATA_4
from scorekeeper.rules.violation import Violation


def _block(book: Rulebook, rule: str, message: str, player: str | None = None) -> Violation:
    return Violation(rule, "block", message, book.section(rule), players=(player,) if player else ())


# -- DATA-3: the period and the time ------------------------------------------------------------------------------
def no_such_period(book: Rulebook, period: int) -> Violation:
    """A period before the first."""
    return _block(book, DATA_3, f"period {period} does not exist")


def past_last_overtime(book: Rulebook, period: int, stage: str, most: int) -> Violation:
    """An overtime period past the most a game of `stage` has."""
    return _block(book, DATA_3, f"period {period} does not exist: a {stage} game has at most {most} overtime "
                  "period(s)")


def outside_period(book: Rulebook, elapsed: str, period: str, length: str) -> Violation:
    """A time outside its period (`elapsed`, `period` and `length` as people read them: '21:00', '2nd', '20:00')."""
    return _block(book, DATA_3, f"{elapsed} is outside the {period} ({length} long)")


# -- DATA-4: the team and the players ----------------------------------------------------------------------------
def not_a_side(book: Rulebook, side: str | None) -> Violation:
    """An entry's team is neither 'home' nor 'away'."""
    return _block(book, DATA_4, f"team must be 'home' or 'away' (got {side!r})")


def not_dressed(book: Rulebook, role: str, who: str, team: str, player: str) -> Violation:
    """The player named in `role` (scorer, assist, goalie...) is not dressed for `team` in this game."""
    return _block(book, DATA_4, f"the {role} {who} is not dressed for {team} in this game", player)


def fouler_not_dressed(book: Rulebook, who: str, team: str, player: str) -> Violation:
    """The player named as having fouled the shooter of a penalty shot is not dressed for the other team."""
    return _block(book, DATA_4, f"the player who fouled, {who}, is not dressed for {team}", player)


def goalie_not_named(book: Rulebook) -> Violation:
    """A goalie entering, with no goalie named and none on the line-up."""
    return _block(book, DATA_4, "a goalie entering must be named")


def on_ice_not_dressed(book: Rulebook, who: str, team: str, player: str) -> Violation:
    """A player the scorekeeper puts on the ice is not dressed for the team."""
    return Violation(DATA_4, "block", f"{who} is not dressed for {team}", book.section(DATA_4), players=(player,))
