"""The game sheet's goaltending lines: each goalie's time in net, shots against, saves and goals against.

Who is in net follows the engine's reading of a game: the first goalie of a line-up starts, a `goalie` event
`pull` empties the net and `in` puts a goalie back (the named one, else the line-up's first goalie); an event
the game refused changes nothing. A goal counts against the goalie in net when it was scored; an empty-net
goal and a goal the referee awarded count against nobody. Shots are recorded per period and per team, so a
period's shots are credited to a goalie only when he was the one goalie in net in that period: where two
goalies shared a period (or the period's shots were not recorded) shots and saves are not known ("—").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper.engine.events import other
from scorekeeper.engine.timefmt import game_time, period_start

if TYPE_CHECKING:
    from scorekeeper.engine.events import GameInput
    from scorekeeper.engine.state import GameState
    from scorekeeper.rulebook.model import Rulebook

SIDES = ("home", "away")


@dataclass
class GoalieLine:
    """One goalie's line on the sheet."""

    player: str  # the player id
    seconds: int  # time in net
    goals_against: int
    shots_against: int | None  # None: not recorded, or not his alone
    saves: int | None

    @property
    def minutes(self) -> str:
        """Time in net as 'MM:SS'."""
        return f"{self.seconds // 60:02d}:{self.seconds % 60:02d}"


def _stints(game: GameInput, book: Rulebook, state: GameState, end: int) -> dict[str, list[tuple[str, int, int]]]:
    """side -> [(goalie, from, to)] in game seconds, in order; the goalie's seq-ordered changes applied."""
    current: dict[str, tuple[str, int] | None] = {}
    for side in SIDES:
        starter = next((d.player for d in game.lineups.get(side, []) if d.goalie), None)
        current[side] = (starter, 0) if starter else None
    out: dict[str, list[tuple[str, int, int]]] = {side: [] for side in SIDES}
    changes = sorted((e for e in game.events if e.type == "goalie" and e.seq in state.applied
                      and e.period is not None and e.elapsed is not None and e.team in SIDES),
                     key=lambda e: (e.period, e.elapsed, e.seq))
    for e in changes:
        assert e.period is not None and e.elapsed is not None and e.team is not None
        t = min(game_time(book, game.stage, e.period, e.elapsed), end)
        side = e.team
        now = current[side]
        if now is not None:
            out[side].append((now[0], now[1], t))
        if e.get("action") == "pull":
            current[side] = None
            continue
        player = e.get("player") or next((d.player for d in game.lineups.get(side, []) if d.goalie), None)
        current[side] = (player, t) if player else None
    for side in SIDES:
        now = current[side]
        if now is not None:
            out[side].append((now[0], now[1], end))
    return {side: [s for s in stints if s[2] > s[1] or s[1] == end == 0] for side, stints in out.items()}


def goalie_lines(game: GameInput, book: Rulebook, state: GameState, shots: dict[str, Any] | None
                 ) -> dict[str, list[GoalieLine]]:
    """side -> the lines of the goalies who played for it, in the order they first went in."""
    timed = [game_time(book, game.stage, e.period, e.elapsed) for e in game.events
             if e.period is not None and e.elapsed is not None and e.seq in state.applied]
    if state.decision in ("forfeit", "double_forfeit") and not timed:
        return {side: [] for side in SIDES}  # forfeited before a puck was dropped: no one played in net
    end = state.end_t
    if end is None:  # not over: the time of the last entry so far
        end = max(timed, default=0)
    stints = _stints(game, book, state, end)
    out: dict[str, list[GoalieLine]] = {}
    periods = max([book.clock.periods, *(g.period for g in state.goals)])
    while period_start(book, game.stage, periods + 1) < end and periods < 99:
        periods += 1
    for side in SIDES:
        order = list(dict.fromkeys(p for p, _, _ in stints[side]))
        seconds = {p: sum(b - a for q, a, b in stints[side] if q == p) for p in order}
        against = {p: 0 for p in order}
        for g in state.goals:
            if g.team != other(side) or g.empty_net or g.awarded:
                continue
            # a goal at the very second a stint ends (the final horn, a change) is the outgoing goalie's
            who = next((p for p, a, b in stints[side] if a <= g.t < b), None)
            if who is None:
                who = next((p for p, a, b in reversed(stints[side]) if a < g.t <= b), None)
            if who is not None:
                against[who] += 1
        recorded = list((shots or {}).get(other(side)) or [])
        shots_of: dict[str, int | None] = {p: 0 for p in order}
        for n in range(1, periods + 1):
            a, b = period_start(book, game.stage, n), min(period_start(book, game.stage, n + 1), end)
            if a >= end:
                break
            there = {p for p, x, y in stints[side] if x < b and y > a}
            if not there:
                continue
            if len(there) > 1 or n > len(recorded):
                for p in there:
                    shots_of[p] = None
                continue
            (p,) = there
            if shots_of[p] is not None:
                shots_of[p] = int(shots_of[p] or 0) + int(recorded[n - 1])
        if not recorded:
            shots_of = {p: None for p in order}
        out[side] = [GoalieLine(p, seconds[p], against[p], shots_of[p],
                                None if shots_of[p] is None else max(0, int(shots_of[p] or 0) - against[p]))
                     for p in order]
    return out
