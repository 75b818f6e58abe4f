"""Small helpers to build games for engine tests: home h1 (goalie) h2..h7, away a1 (goalie) a2..a7."""

from __future__ import annotations

from typing import Any

from scorekeeper.engine import Dressed, Event, GameInput, GameState, compute_game
from scorekeeper.engine.timefmt import parse_mmss
from scorekeeper.rulebook import load_rulebook

BOOK = load_rulebook()


def lineup(prefix: str, n: int = 7, genders: str = "MMMMFFF") -> list[Dressed]:
    return [Dressed(f"{prefix}{i}", i, goalie=(i == 1), name=f"{prefix.upper()} Player{i}",
                    gender=genders[i - 1] if i - 1 < len(genders) else "M") for i in range(1, n + 1)]


def ev(type_: str, team: str | None = None, period: int | None = None, elapsed: str | None = None,
       **data: Any) -> dict[str, Any]:
    return {"type": type_, "team": team, "period": period, "elapsed": elapsed, **data}


def goal(team: str, period: int, elapsed: str, scorer: str, *assists: str, **kw: Any) -> dict[str, Any]:
    return ev("goal", team, period, elapsed, scorer=scorer, assists=list(assists), **kw)


def pen(team: str, period: int, elapsed: str, player: str | None, infraction: str = "tripping",
        **kw: Any) -> dict[str, Any]:
    return ev("penalty", team, period, elapsed, player=player, infraction=infraction, **kw)


def play(events: list[dict[str, Any]], stage: str = "regular", status: str = "final", coed: bool = False,
         book: Any = BOOK, home: list[Dressed] | None = None, away: list[Dressed] | None = None) -> GameState:
    evs = []
    for i, e in enumerate(events):
        e = dict(e)
        data = {k: v for k, v in e.items() if k not in ("type", "team", "period", "elapsed")}
        el = e.get("elapsed")
        evs.append(Event(i, e["type"], e.get("team"), e.get("period"), parse_mmss(el) if el else None, data))
    game = GameInput("g", stage, status, "H", "A", {"home": home or lineup("h"), "away": away or lineup("a")},
                     evs, coed)
    return compute_game(game, book)


def penalty(state: GameState, n: int = 0) -> dict[str, Any]:
    return state.penalties[n].to_json()


def rules(state: GameState, severity: str | None = None) -> list[str]:
    return [v.rule for v in state.violations if severity is None or v.severity == severity]
