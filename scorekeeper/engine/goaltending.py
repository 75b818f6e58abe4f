"""Goaltending in one game: who was in net when, each goalie's time, goals against, shots against and saves, and
who is credited with the game's decision. The game sheet's goalie lines and the season's goalie statistics both
read it.

Who is in net follows the engine's reading of a game: the first goalie of a line-up starts, a `goalie` event
`pull` empties the net and `in` puts a goalie back (the named one, else the line-up's first goalie); an event
the game refused changes nothing. A goal counts against the goalie in net when it was scored (a goal at the very
second a stint ends is the outgoing goalie's, entered before the change or after it); an empty-net goal and a
goal the referee awarded count against nobody. Shots are recorded per period and per team, so a period's shots
are credited to a goalie only when he was the one goalie in net in that period: where two goalies shared a
period (or the period's shots were not recorded) his shots and saves are not known (None).

The decision (a win, a loss, an overtime or shootout loss, a tie) goes to each side's goalie in net when the
deciding goal was scored: the winner's goal that put it ahead for good, and, for a shootout or a tie, the goalie
in net at the end of play. A game forfeited or called by hand credits no decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.engine.events import other
from scorekeeper.engine.timefmt import game_time, period_start

if TYPE_CHECKING:
    from scorekeeper.engine.events import Event, GameInput
    from scorekeeper.engine.state import GameState
    from scorekeeper.rulebook.model import Rulebook

SIDES = ("home", "away")
Stint = tuple[str, int, int]  # (goalie, from, to) in game seconds


@dataclass
class GoalieLine:
    """One goalie's game: time in net, goals against, shots against and saves (None: not known)."""

    player: str  # the player id
    seconds: int  # time in net
    goals_against: int
    shots_against: int | None  # None: not recorded, or not his alone
    saves: int | None

    @property
    def minutes(self) -> str:
        """Time in net as 'MM:SS'."""
        return f"{self.seconds // 60:02d}:{self.seconds % 60:02d}"


def _timed(game: GameInput, book: Rulebook, state: GameState) -> list[int]:
    return [game_time(book, game.stage, e.period, e.elapsed) for e in game.events
            if e.period is not None and e.elapsed is not None and e.seq in state.applied]


def end_of_play(game: GameInput, book: Rulebook, state: GameState) -> int | None:
    """The game second play ended (for a game not over: its last entry so far); None for a game forfeited before
    a puck was dropped, where nobody played in net."""
    timed = _timed(game, book, state)
    if state.decision in ("forfeit", "double_forfeit") and not timed:
        return None
    return state.end_t if state.end_t is not None else max(timed, default=0)


def _first_goalie(game: GameInput, side: str) -> str | None:
    """The first goalie of the side's line-up (the one who starts, and who goes back in when none is named)."""
    return next((d.player for d in game.lineups.get(side, []) if d.goalie), None)


def _goalie_changes(game: GameInput, state: GameState) -> list[Event]:
    """The goalie changes the game applied, in game order."""
    return sorted((e for e in game.events if e.type == "goalie" and e.seq in state.applied
                   and e.period is not None and e.elapsed is not None and e.team in SIDES),
                  key=lambda e: (e.period, e.elapsed, e.seq))


def stints(game: GameInput, book: Rulebook, state: GameState, end: int) -> dict[str, list[Stint]]:
    """side -> [(goalie, from, to)] in game seconds, in order, up to `end`; the goalie changes applied."""
    current: dict[str, tuple[str, int] | None] = {}
    for side in SIDES:
        starter = _first_goalie(game, side)
        current[side] = (starter, 0) if starter else None
    out: dict[str, list[Stint]] = {side: [] for side in SIDES}
    for e in _goalie_changes(game, state):
        assert e.period is not None and e.elapsed is not None and e.team is not None
        t = min(game_time(book, game.stage, e.period, e.elapsed), end)
        side = e.team
        now = current[side]
        if now is not None:
            out[side].append((now[0], now[1], t))
        if e.data.get("action") == "pull":
            current[side] = None
            continue
        player = e.data.get("player") or _first_goalie(game, side)
        current[side] = (player, t) if player else None
    for side in SIDES:
        now = current[side]
        if now is not None:
            out[side].append((now[0], now[1], end))
    return {side: [s for s in found if s[2] > s[1] or s[1] == end == 0] for side, found in out.items()}


def in_net(side_stints: list[Stint], t: int) -> str | None:
    """The goalie in net at game second `t`; None: the net was empty. At the second of a change (a goalie
    replaced, or pulled) the outgoing goalie's stint comes first, whatever the order the events were entered in:
    a goal at that second is his. Only at the second a stint starts after an empty net (or at the opening
    face-off) is it the incoming goalie's."""
    who = next((p for p, a, b in side_stints if a < t <= b), None)
    if who is None:
        who = next((p for p, a, b in side_stints if a <= t < b), None)
    return who


def _periods(game: GameInput, book: Rulebook, state: GameState, end: int) -> int:
    """How many periods the game had up to `end` (overtime periods included)."""
    periods = max([book.clock.periods, *(g.period for g in state.goals)])
    while period_start(book, game.stage, periods + 1) < end and periods < 99:
        periods += 1
    return periods


def _goals_against(state: GameState, side: str, side_stints: list[Stint], order: list[str]) -> dict[str, int]:
    """goalie -> the goals scored against him (an empty-net or awarded goal against nobody)."""
    against = {p: 0 for p in order}
    for g in state.goals:
        if g.team != other(side) or g.empty_net or g.awarded:
            continue
        who = in_net(side_stints, g.t)
        if who is not None:
            against[who] += 1
    return against


def _shots_against(game: GameInput, book: Rulebook, side_stints: list[Stint], recorded: list[int], periods: int,
                   end: int, order: list[str]) -> dict[str, int | None]:
    """goalie -> the shots recorded against him (`recorded`: the other side's shots per period), None where not
    known: a period he shared with another goalie, or one whose shots were not recorded."""
    if not recorded:
        return {p: None for p in order}
    shots_of: dict[str, int | None] = {p: 0 for p in order}
    for n in range(1, periods + 1):
        a, b = period_start(book, game.stage, n), min(period_start(book, game.stage, n + 1), end)
        if a >= end:
            break
        there = {p for p, x, y in side_stints if x < b and y > a}
        if not there:
            continue
        if len(there) > 1 or n > len(recorded):
            for p in there:
                shots_of[p] = None
            continue
        (p,) = there
        if shots_of[p] is not None:
            shots_of[p] = int(shots_of[p] or 0) + int(recorded[n - 1])
    return shots_of


def goalie_lines(game: GameInput, book: Rulebook, state: GameState, shots: dict[str, list[int]] | None
                 ) -> dict[str, list[GoalieLine]]:
    """side -> the lines of the goalies who played for it, in the order they first went in."""
    end = end_of_play(game, book, state)
    if end is None:
        return {side: [] for side in SIDES}
    played = stints(game, book, state, end)
    out: dict[str, list[GoalieLine]] = {}
    periods = _periods(game, book, state, end)
    for side in SIDES:
        order = list(dict.fromkeys(p for p, _, _ in played[side]))
        seconds = {p: sum(b - a for q, a, b in played[side] if q == p) for p in order}
        against = _goals_against(state, side, played[side], order)
        recorded = list((shots or {}).get(other(side)) or [])
        shots_of = _shots_against(game, book, played[side], recorded, periods, end, order)
        out[side] = [GoalieLine(p, seconds[p], against[p], shots_of[p],
                                None if shots_of[p] is None else max(0, int(shots_of[p] or 0) - against[p]))
                     for p in order]
    return out


def decisions(game: GameInput, book: Rulebook, state: GameState) -> dict[str, tuple[str, str]]:
    """side -> (goalie, "w" / "l" / "otl" / "sol" / "t") for a final game decided on the ice; {} for a game
    forfeited, called by hand, or with nobody in net at the deciding moment."""
    end = end_of_play(game, book, state)
    if end is None or state.decision in (None, "forfeit", "double_forfeit", "called") or state.points is None:
        return {}
    played = stints(game, book, state, end)
    if state.winner is None:  # a tie: the goalies in net at the end
        last = {side: played[side][-1][0] for side in SIDES if played[side]}
        return {side: (goalie, "t") for side, goalie in last.items()}
    winner, loser = state.winner, other(state.winner)
    if state.decision == "shootout":
        moment = end
    else:  # the winner's goal that put it ahead for good: its (loser's score + 1)th goal
        need = sum(1 for g in state.goals if g.team == loser) + 1
        theirs = [g for g in sorted(state.goals, key=lambda g: (g.t, g.seq)) if g.team == winner]
        moment = theirs[need - 1].t if len(theirs) >= need else end
    loss = {"overtime": "otl", "shootout": "sol"}.get(state.decision or "", "l")
    out: dict[str, tuple[str, str]] = {}
    for side, kind in ((winner, "w"), (loser, loss)):
        goalie = in_net(played[side], moment)
        if goalie is None and played[side]:  # an empty net: the goalie last in before that moment
            goalie = next((p for p, a, _ in reversed(played[side]) if a <= moment), played[side][0][0])
        if goalie is not None:
            out[side] = (goalie, kind)
    return out
