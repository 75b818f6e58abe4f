"""The data rules' verdicts on what is typed at the boards before it is an entry: a time the period cannot hold
(the clock's F2, as the Time field of an entry: DATA-3) and a jersey number nobody wears in the game (DATA-4)."""

from __future__ import annotations

from scorekeeper.rules.ids import DATA_3, DATA_4
from scorekeeper.rules.violation import Violation


def time_outside_period(why: str, section: str = "") -> Violation:
    """DATA-3: the clock set to a time its period cannot hold (`why`: "21:30 is outside the 1st half (20:00
    long)"); refused, not clamped."""
    return Violation(DATA_3, "block", why, section)


def number_not_dressed(number: int, team: str, section: str = "") -> Violation:
    """DATA-4: no player of `team` wears `number` in this game's line-up."""
    return Violation(DATA_4, "block", f"no #{number} is dressed for {team}: dress the player in Line-ups first",
                     section)

