"""Goalie statistics of a season: GP, W, L, T, OTL, SOL, time in net, shots against, saves, save percentage,
goals against, goals-against average and shutouts, regular season and playoffs apart.

Each final game's goaltending is read by `engine.goaltending` (who was in net when, the decision). A game
forfeited before a puck was dropped counts for nobody. GP counts the games a goalie was in net, or, where the
rulebook's `scoring.goalie_gp` is "dressed", the games he was dressed in goal. Shots against and saves add up
the games whose shots were recorded and his alone (`sa` and `sv` are null when there is none); the save
percentage is saves / shots against over those games. The goals-against average is goals against per
regulation game (the rulebook's periods times their minutes: per 60 minutes for a three-period league). A
shutout goes to the team's only goalie of the game (pulled for an extra attacker and back, or never back, he is
still the only one; a second goalie who went in, even for a second, means neither is credited) when the other
side scored no goal in regulation or overtime; a shootout's goals never count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scorekeeper.engine import goalie_shots
from scorekeeper.engine.events import SIDES, other
from scorekeeper.engine.goaltending import decisions, end_of_play, goalie_lines
from scorekeeper.results_records import GoalieStats
from scorekeeper.season.sides import team_on
from scorekeeper.season.view import SeasonView

if TYPE_CHECKING:
    from scorekeeper.engine.state import GameState

DECISIONS = ("w", "l", "t", "otl", "sol")


@dataclass
class _Goalie:
    """A goalie's figures for one team as they are counted up."""

    player: str
    team: str
    gp: int = 0
    decided: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DECISIONS, 0))  # decision -> games
    seconds: int = 0
    ga: int = 0
    sa: int | None = None
    sv: int | None = None
    so: int = 0


def goalie_stats(view: SeasonView, stage: str = "regular") -> list[GoalieStats]:
    """One row per goalie and team who played (or, under "dressed", dressed in goal) in the stage's games."""
    book = view.book
    by_dressing = book.scoring.goalie_gp == "dressed"
    rows: dict[tuple[str, str], _Goalie] = {}

    def row(player: str, team: str) -> _Goalie:
        key = (player, team)
        if key not in rows:
            rows[key] = _Goalie(player, team)
        return rows[key]

    for g in view.final_games(stage):
        state = view.state(g["id"])
        game = state.game
        end = end_of_play(game, book, state)
        if end is None:
            continue
        lines = goalie_shots.apply(goalie_lines(game, book, state, g.get("shots")), g.get("goalie_shots"))
        credited = decisions(game, book, state)
        for side in SIDES:
            team = team_on(g, side)
            in_goal = [d.player for d in game.lineups.get(side, []) if d.goalie]
            for line in lines[side]:
                r = row(line.player, team)
                r.gp += 0 if by_dressing else 1
                r.seconds += line.seconds
                r.ga += line.goals_against
                if line.shots_against is not None and line.saves is not None:
                    r.sa = (r.sa or 0) + line.shots_against
                    r.sv = (r.sv or 0) + line.saves
            if by_dressing:
                for player in dict.fromkeys(in_goal):
                    row(player, team).gp += 1
            if side in credited:
                goalie, kind = credited[side]
                row(goalie, team).decided[kind] += 1
            if len(lines[side]) == 1 and shutout(state, side):
                row(lines[side][0].player, team).so += 1
    regulation_min = book.regulation_seconds / 60
    out: list[GoalieStats] = []
    for r in rows.values():
        seconds, d = r.seconds, r.decided
        out.append({"player": r.player, "team": r.team, "gp": r.gp, "w": d["w"], "l": d["l"], "t": d["t"],
                    "otl": d["otl"], "sol": d["sol"], "min": f"{seconds // 60}:{seconds % 60:02d}", "sa": r.sa,
                    "sv": r.sv, "sv_pct": round((r.sv or 0) / r.sa, 3) if r.sa else None, "ga": r.ga,
                    "gaa": round(r.ga * regulation_min / (seconds / 60), 2) if seconds else None, "so": r.so})
    return sorted(out, key=lambda r: (r["team"], -r["gp"], r["player"]))


def shutout(state: GameState, side: str) -> bool:
    """Whether `side` allowed no goal in regulation or overtime (empty-net and awarded goals count; the
    shootout does not): a shutout for its only goalie of the game, a team shutout either way."""
    return not any(g.team == other(side) for g in state.goals)


def benched_goalies(view: SeasonView, stage: str = "regular") -> dict[tuple[str, str], int]:
    """(player, team) -> the stage's games (not forfeited) a player dressed in goal and never went in net: what
    the statistics page's games played leave out under `scoring.goalie_gp = "played"`."""
    out: dict[tuple[str, str], int] = {}
    for g in view.final_games(stage):
        state = view.state(g["id"])
        if state.forfeited:
            continue
        lines = goalie_lines(state.game, view.book, state, None)
        for side in SIDES:
            played = {line.player for line in lines[side]}
            for d in state.game.lineups.get(side, []):
                if d.goalie and d.player not in played:
                    out[(d.player, team_on(g, side))] = out.get((d.player, team_on(g, side)), 0) + 1
    return out
