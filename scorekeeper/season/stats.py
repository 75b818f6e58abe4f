"""Player statistics: GP, G, A, PTS (the rulebook's points per goal and assist), PIM, regular season and
playoffs apart.

GP is games played as A-24 counts them (line-up appearances in completed, non-forfeited games): the rulebook
takes playoff eligibility "as per the statistics page" (the playoff eligibility rule, section 1 k), so the page
and the check agree; under `scoring.goalie_gp = "played"` the page leaves out the games a goalie dressed in and
never went in net. The goalies' own table is `season.goalies`.
"""

from __future__ import annotations

from typing import TypedDict

from scorekeeper.engine.events import SIDES
from scorekeeper.results_records import SkaterStats, Stats, TeamStats
from scorekeeper.rules.eligibility import appearances, games_played
from scorekeeper.rules.special_teams import pct, special_teams
from scorekeeper.season.goalies import benched_goalies, goalie_stats, shutout
from scorekeeper.season.sides import team_on
from scorekeeper.season.view import SeasonView


class _Skater(TypedDict):
    """A player's row as it is counted up (`SkaterStats` once done)."""

    player: str
    team: str
    gp: int
    g: int
    a: int
    pts: int
    pim: int


def player_stats(view: SeasonView, stage: str = "regular") -> Stats:
    """The contract's stats JSON: one row per player and team."""
    book = view.book
    rows: dict[tuple[str, str], _Skater] = {}
    teams: dict[str, dict[str, int]] = {  # team -> its counts
        tid: {"gp": 0, "ppg": 0, "ppo": 0, "ppga": 0, "times_sh": 0, "shg": 0, "so": 0} for tid in view.teams}

    def row(player: str, team: str) -> _Skater:
        key = (player, team)
        if key not in rows:
            rows[key] = {"player": player, "team": team, "gp": 0, "g": 0, "a": 0, "pts": 0, "pim": 0}
        return rows[key]

    for team, signings in view.roster_by_team.items():
        for s in signings:
            row(s["player"], team)
    for g in view.final_games(stage):
        st = view.state(g["id"])
        if not st.forfeited:
            for side, figures in special_teams(st, book).items():
                if team_on(g, side) in teams:
                    teams[team_on(g, side)]["gp"] += 1
                    for figure, n in figures.items():
                        teams[team_on(g, side)][figure] += n
                    teams[team_on(g, side)]["so"] += shutout(st, side)  # a team shutout, however many goalies
        team_of = {}
        for side in SIDES:
            for d in st.game.lineups.get(side, []):
                row(d.player, team_on(g, side))
                team_of[d.player] = team_on(g, side)
        for goal in st.goals:
            if goal.scorer:
                row(goal.scorer, team_on(g, goal.team))["g"] += 1
            for a in goal.assists:
                row(a, team_on(g, goal.team))["a"] += 1
        for pen in st.penalties:
            if pen.player:
                row(pen.player, team_on(g, pen.team))["pim"] += pen.pim
    for (player, team), gp in (games_played(view) if stage == "regular" else appearances(view, stage)).items():
        row(player, team)["gp"] = gp
    if book.scoring.goalie_gp == "played":  # a goalie who dressed and never went in net did not play
        for key, benched in benched_goalies(view, stage).items():
            if key in rows:
                rows[key]["gp"] = max(0, rows[key]["gp"] - benched)
    for r in rows.values():
        r["pts"] = r["g"] * book.scoring.goal + r["a"] * book.scoring.assist
    ordered: list[SkaterStats] = sorted(rows.values(), key=lambda r: (-r["pts"], -r["g"], r["team"], r["player"]))
    team_rows: list[TeamStats] = [
        {"team": tid, "gp": t["gp"], "ppg": t["ppg"], "ppo": t["ppo"], "pp_pct": pct(t["ppg"], t["ppo"]),
         "ppga": t["ppga"], "times_sh": t["times_sh"], "pk_pct": pct(t["times_sh"] - t["ppga"], t["times_sh"]),
         "shg": t["shg"], "so": t["so"]} for tid, t in teams.items()]
    return {"season": view.name, "stage": stage, "players": ordered, "goalies": goalie_stats(view, stage),
            "teams": team_rows}
