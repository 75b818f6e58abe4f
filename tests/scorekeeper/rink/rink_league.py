"""A league for the rink-copy tests: the example season with scheduled games to score at rink PCs, on SQLite or
on the throwaway PostgreSQL server, and a rink's way of scoring a game (line-ups, goals, finish)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from scorekeeper.facade.core import bind
from scorekeeper.rink.copy import take_copy
from scorekeeper.rink.digest import digest
from scorekeeper.season_data import GameData
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON

PAIRS = (("otters", "herons", "ot", "he"), ("lynx", "owls", "ly", "ow"))


def game_id(n: int) -> str:
    return f"g{100 + n:03d}"


def league_file(games: int) -> dict[str, object]:
    """The example season with `games` more scheduled games, a day apart from 2015-11-01, the two pairs of teams
    in turn."""
    data = json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8"))
    for n in range(games):
        home, away = PAIRS[n % 2][:2]
        day = dt.date(2015, 11, 1) + dt.timedelta(days=n)
        data["games"].append({"id": game_id(n), "date": day.isoformat(), "time": "19:00",
                              "stage": "regular", "home": home, "away": away, "status": "scheduled"})
    return data


def open_league(target: str, games: int = 0) -> Services:
    league = Services.open(target)
    assert league.import_data(league_file(games)).ok
    return league


def rink_copy(tmp: Path, name: str, league: Services, target: str) -> Services:
    rink = Services.open(str(tmp / f"{name}.db"))
    take_copy(rink, league, target, name)
    return rink


def dressed(prefix: str, also: str | None = None) -> list[dict[str, object]]:
    players = [{"player": f"{prefix}01", "goalie": True}] + [{"player": f"{prefix}{i:02d}"} for i in range(2, 7)]
    return players + ([{"player": also}] if also else [])


def score(rink: Services, gid: str, goals: int = 2, dress: str | None = None) -> GameData:
    """Score a game at the rink as its window would: line-ups, goals, finish. Returns the game as the rink has it."""
    game = rink.view().games[gid]
    hp, ap = next((p[2], p[3]) for p in PAIRS if p[0] == game["home"])
    lineups = {"home": dressed(hp), "away": dressed(ap, dress)}
    scheduled = {**game, "lineups": lineups}
    res = rink.save_game(scheduled, confirm=True)
    assert res.ok, res.violations
    for n in range(goals):
        side, prefix = ("home", hp) if n % 2 == 0 else ("away", ap)
        res = rink.add_event(gid, {"type": "goal", "team": side, "period": 1 + n % 2, "elapsed": f"{5 + n:02d}:00",
                                   "scorer": f"{prefix}0{2 + n % 4}", "assists": []}, confirm=True)
        assert res.ok, res.violations
    res = rink.finish_game(gid, confirm=True)
    assert res.ok, res.violations
    return rink.view().games[gid]


def league_game(league: Services, gid: str) -> GameData:
    league.forget()
    return league.view().games[gid]


def same(a: GameData, b: GameData) -> bool:
    return digest(a) == digest(b)


def audit_actions(league: Services, action: str) -> list[str]:
    bind(league.db)
    return [a["subject"] for a in league.audit() if a["action"] == action]
