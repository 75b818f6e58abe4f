"""Special teams of one game: power-play opportunities (how many times each side had a man advantage) and the
power-play and short-handed goals (the goals' strength, `PP` or `SH`, as the penalty clock gave it).

A side has a man advantage while the penalty clock lets it have more players on the ice than the other side: the
short-handed penalties each side is serving (as served, a goal ending a minor included; coincidental penalties
that offset are not short-handed) give each side's players on the ice, never below the rulebook's minimum, and
in an overtime where penalties add skaters, the other side gains one. An opportunity is counted each time a side
goes from no advantage to an advantage: coincidental penalties that leave both sides equal (4 on 4) give none; a
5-on-3 that follows a 5-on-4 is the same opportunity, unless the 5-on-4 had ended (the sides equal again) first.
Penalties that start and end at the same second give none.
"""

from __future__ import annotations

from scorekeeper.engine.events import SIDES, other
from scorekeeper.engine.state import GameState
from scorekeeper.rulebook.model import Rulebook


def _sh_parts(state: GameState) -> list[tuple[str, int, int]]:
    """The short-handed time each side served: (side, start, end) in game seconds, ending at the game's end when
    the clock never ended it."""
    end_of_game = state.end_t if state.end_t is not None else 10**9
    out = []
    for pen in state.penalties:
        for s in pen.parts:
            if not s.short_handed or s.offset or s.start is None:
                continue
            end = s.end if s.end is not None else end_of_game
            if end > s.start:
                out.append((pen.team, s.start, end))
    return out


def opportunities(state: GameState, book: Rulebook) -> dict[str, int]:
    """Per side, the times it had a power play in this game (see the module's note)."""
    parts = _sh_parts(state)
    reg_end = book.regulation_seconds
    full_reg = book.on_ice.max
    full_ot = book.overtime_for(state.game.stage).skaters + 1
    adds = book.overtime_for(state.game.stage).penalties_add_skaters

    def on_ice(side: str, t: int) -> int:
        sh = {s: sum(1 for (x, a, b) in parts if x == s and a <= t < b) for s in SIDES}
        if t > reg_end and adds:
            return min(full_reg, full_ot + max(0, sh[other(side)] - sh[side]))
        full = full_reg if t <= reg_end else full_ot
        return max(book.on_ice.min, full - sh[side])

    count = {side: 0 for side in SIDES}
    ahead = {side: False for side in SIDES}
    for t in sorted({t for (_, a, b) in parts for t in (a, b)} | {reg_end + 1}):
        ice = {side: on_ice(side, t) for side in SIDES}
        for side in SIDES:
            now = ice[side] > ice[other(side)]
            if now and not ahead[side]:
                count[side] += 1
            ahead[side] = now
    return count


def special_teams(state: GameState, book: Rulebook) -> dict[str, dict[str, int]]:
    """Per side: `ppg` (its power-play goals), `ppo` (its opportunities), `ppga` (the other side's power-play
    goals), `times_sh` (the other side's opportunities) and `shg` (its short-handed goals)."""
    ppo = opportunities(state, book)
    goals = {side: {"PP": 0, "SH": 0} for side in SIDES}
    for goal in state.goals:
        if goal.strength in ("PP", "SH"):
            goals[goal.team][goal.strength] += 1
    return {side: {"ppg": goals[side]["PP"], "ppo": ppo[side], "ppga": goals[other(side)]["PP"],
                   "times_sh": ppo[other(side)], "shg": goals[side]["SH"]} for side in SIDES}


def pct(num: int, den: int) -> float | None:
    """A share to three decimals, or None when there is nothing to share."""
    return round(num / den, 3) if den else None
