"""Shots per goalie (issue 30.3): a game's optional `goalie_shots`, a list of {"goalie": player, "shots": n} with an
optional "period", as a paper game sheet records each goalie's shots against, period by period.

When a game carries them, a goalie's shots against are the sum of his entries (the team's `shots` stay what they
are and are not read for him) and his saves are his shots against less the goals counted against him (the same goals as
without them: not empty-net goals, not awarded goals). Where a team's goalies have entries, one of them who played
but has none has no shots known (None); a team none of whose goalies has an entry, and a game without
`goalie_shots`, keep the derivation of `engine.goaltending` from the team's `shots`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from scorekeeper.engine.events import other
from scorekeeper.engine.goaltending import SIDES, GoalieLine, end_of_play, in_net, stints
from scorekeeper.season_data import GoalieShotsData

if TYPE_CHECKING:
    from scorekeeper.engine.events import GameInput
    from scorekeeper.engine.state import GameState
    from scorekeeper.rulebook.model import Rulebook


def totals(goalie_shots: list[GoalieShotsData] | None) -> dict[str, int]:
    """goalie -> his shots against over the game's entries."""
    out: dict[str, int] = {}
    for entry in goalie_shots or []:
        out[entry["goalie"]] = out.get(entry["goalie"], 0) + int(entry["shots"])
    return out


def apply(lines: dict[str, list[GoalieLine]], goalie_shots: list[GoalieShotsData] | None
          ) -> dict[str, list[GoalieLine]]:
    """The goalie lines with shots against and saves from `goalie_shots` (a side without entries unchanged)."""
    if not goalie_shots:
        return lines
    shots = totals(goalie_shots)
    return {side: [replace(line, shots_against=shots.get(line.player),
                           saves=None if line.player not in shots
                           else max(0, shots[line.player] - line.goals_against))
                   for line in side_lines]
            if any(line.player in shots for line in side_lines) else side_lines
            for side, side_lines in lines.items()}


def by_period(game: GameInput, book: Rulebook, state: GameState, goalie_shots: list[GoalieShotsData] | None
              ) -> dict[str, list[tuple[int | None, int, int]]]:
    """goalie -> [(period or None, shots, saves)] in the order entered: saves are the entry's shots less the goals
    counted against him in that period (in the whole game for an entry without a period)."""
    if not goalie_shots:
        return {}
    end = end_of_play(game, book, state)
    played = stints(game, book, state, end) if end is not None else {side: [] for side in SIDES}
    against: dict[tuple[str, int | None], int] = {}
    for g in state.goals:
        if g.empty_net or g.awarded:
            continue
        who = in_net(played[other(g.team)], g.t)
        if who is not None:
            for key in ((who, g.period), (who, None)):
                against[key] = against.get(key, 0) + 1
    out: dict[str, list[tuple[int | None, int, int]]] = {}
    for entry in goalie_shots:
        period = entry.get("period")
        n = int(entry["shots"])
        out.setdefault(entry["goalie"], []).append((period, n, max(0, n - against.get((entry["goalie"], period), 0))))
    return out
