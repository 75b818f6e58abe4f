"""The measured season as a database holds it on a game day: every game before that day final, the day's games
scheduled with their line-ups (the generator's, which dress nobody a suspension bars), the playoffs not yet
played. The benchmark's entries are typed into those real games, not into made-up ones.
"""

from __future__ import annotations

import copy
from typing import Any

from scorekeeper.services import Services
from tests.benchmarks.league import Season

TONIGHT_MIN = 4  # the benchmark enters into up to four of tonight's games


def in_progress(season: Season) -> tuple[dict[str, Any], list[str]]:
    """The season file on its last regular-season day (two days if that one has fewer than four games): that
    day's games scheduled with their line-ups and no events, the playoffs dropped with their appeals, and the
    payments made after the day; with tonight's game ids in schedule order."""
    data = copy.deepcopy(season.data)
    regular = [g for g in data["games"] if g["stage"] == "regular"]
    days = sorted({g["date"] for g in regular})
    day = days[-1]
    if sum(g["date"] == day for g in regular) < TONIGHT_MIN and len(days) > 1:
        day = days[-2]
    tonight = [g for g in regular if g["date"] >= day]
    for game in tonight:
        game.update(status="scheduled", events=[])
        game.pop("referees", None)
    data["games"] = regular
    kept = {g["id"] for g in regular if g["date"] < day}
    data["appeals"] = [a for a in data["appeals"] if a["game"] in kept]
    data["payments"] = [p for p in data["payments"] if p["date"] < day]
    return data, [g["id"] for g in tonight]


def dressed(data: dict[str, Any], gid: str) -> dict[str, list[tuple[int, str]]]:
    """A game's dressed skaters of each side as (jersey number, player), in jersey order."""
    game = next(g for g in data["games"] if g["id"] == gid)
    numbers = {(r["team"], r["player"]): int(r["number"]) for r in data["roster"]}
    return {side: sorted((numbers[(game[side], x["player"])], x["player"]) for x in game["lineups"][side]
                         if not x.get("goalie"))
            for side in ("home", "away")}


def fill(svc: Services, data: dict[str, Any], gid: str, goals: int) -> str:
    """Tonight's game `gid` with `goals` goals entered (home and away in turn, its own skaters scoring), saved
    in one go as the game in progress."""
    game = {k: v for k, v in next(g for g in data["games"] if g["id"] == gid).items() if k != "events"}
    skaters = dressed(data, gid)
    events = []
    for i in range(goals):
        side = "home" if i % 2 else "away"
        t = i * 14
        period, rest = (1, t) if t < 1200 else (2, t - 1200)
        events.append({"type": "goal", "team": side, "period": period,
                       "elapsed": f"{rest // 60:02d}:{rest % 60:02d}",
                       "scorer": skaters[side][i % min(6, len(skaters[side]))][1], "assists": []})
    res = svc.save_game({**game, "status": "scheduled", "events": events}, confirm=True)
    if not res.ok:
        raise RuntimeError([v.line() for v in res.violations])
    return gid
