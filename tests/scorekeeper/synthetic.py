"""A synthetic season file for tests and benchmarks: realistic goals and penalties, deterministic."""

from __future__ import annotations

import random
from typing import Any

MINORS = ["tripping", "hooking", "holding", "interference", "slashing", "roughing", "body_contact"]


def synthetic_season(teams: int = 16, games: int = 240, seed: int = 7, season: str = "2015-16") -> dict[str, Any]:
    rng = random.Random(seed)
    divisions = [{"id": "d1", "name": "Division 1", "coed": False}, {"id": "d2", "name": "Division 2",
                                                                      "coed": False}]
    team_rows, players, roster = [], [], []
    for t in range(teams):
        tid = f"t{t:02d}"
        team_rows.append({"id": tid, "name": f"Team {t:02d}", "division": divisions[t % 2]["id"]})
        for n in range(1, 11):
            pid = f"{tid}p{n:02d}"
            players.append({"id": pid, "first": f"P{n}", "last": f"Team{t:02d}", "gender": "M"})
            roster.append({"team": tid, "player": pid, "number": n, "position": "goalie" if n == 1 else "skater"})
    game_rows = []
    for g in range(games):
        home, away = rng.sample(range(teams), 2)
        h, a = f"t{home:02d}", f"t{away:02d}"
        lineups = {side: [{"player": f"{tid}p01", "goalie": True}] + [{"player": f"{tid}p{n:02d}"}
                                                                       for n in range(2, 11)]
                   for side, tid in (("home", h), ("away", a))}
        events = []
        for _ in range(rng.randint(2, 9)):
            side = rng.choice(["home", "away"])
            tid = h if side == "home" else a
            skaters = rng.sample(range(2, 8), 3)
            events.append({"type": "goal", "team": side, "period": rng.randint(1, 2),
                           "elapsed": f"{rng.randint(0, 19):02d}:{rng.randint(0, 59):02d}",
                           "scorer": f"{tid}p{skaters[0]:02d}",
                           "assists": [f"{tid}p{s:02d}" for s in skaters[1:rng.randint(1, 3)]]})
        counts: dict[str, int] = {}
        for _ in range(rng.randint(0, 6)):
            side = rng.choice(["home", "away"])
            tid = h if side == "home" else a
            offender = f"{tid}p{rng.randint(8, 10):02d}"
            if counts.get(offender, 0) >= 2:
                continue
            counts[offender] = counts.get(offender, 0) + 1
            events.append({"type": "penalty", "team": side, "period": rng.randint(1, 2),
                           "elapsed": f"{rng.randint(0, 19):02d}:{rng.randint(0, 59):02d}",
                           "player": offender, "infraction": rng.choice(MINORS)})
        events.sort(key=lambda e: (e["period"], e["elapsed"]))
        game_rows.append({"id": f"g{g:04d}", "date": f"2015-{10 + g // 100:02d}-{1 + (g % 28):02d}",
                          "time": "19:00", "stage": "regular", "home": h, "away": a, "lineups": lineups,
                          "events": events})
    return {"format": "scorekeeper.season/1", "league": "Synthetic League", "season": season,
            "divisions": divisions, "teams": team_rows, "players": players, "roster": roster,
            "games": game_rows}
