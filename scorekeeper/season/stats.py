"""Player statistics: GP, G, A, PTS (the rulebook's points per goal and assist), PIM, regular season and
playoffs apart.

GP is games played as A-24 counts them (line-up appearances in completed, non-forfeited games): the rulebook
takes playoff eligibility "as per the statistics page" (the playoff eligibility rule, section 1 k), so the page
and the check agree; under `scoring.goalie_gp = "played"` the page leaves out the games a goalie dressed in and
never went in net. The goalies' own table is `season.goalies`.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.events import SIDES
from scorekeeper.rules.eligibility import appearances, games_played
from scorekeeper.rules.special_teams import pct, special_teams
from scorekeeper.season.goalies import benched_goalies, goalie_stats, shutout
from scorekeeper.season.view import SeasonView


def player_stats(view: SeasonView, stage: str = "regular") -> dict[str, Any]:
    """The contract's stats JSON: one row per player and team."""
    book = view.book
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    teams: dict[str, dict[str, Any]] = {
        tid: {"team": tid, "gp": 0, "ppg": 0, "ppo": 0, "ppga": 0, "times_sh": 0, "shg": 0, "so": 0}
        for tid in view.teams}

    def row(player: str, team: str) -> dict[str, Any]:
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
                if g[side] in teams:
                    teams[g[side]]["gp"] += 1
                    for figure, n in figures.items():
                        teams[g[side]][figure] += n
                    teams[g[side]]["so"] += shutout(st, side)  # a team shutout, however many goalies
        team_of = {}
        for side in SIDES:
            for d in st.game.lineups.get(side, []):
                row(d.player, g[side])
                team_of[d.player] = g[side]
        for goal in st.goals:
            if goal.scorer:
                row(goal.scorer, g[goal.team])["g"] += 1
            for a in goal.assists:
                row(a, g[goal.team])["a"] += 1
        for pen in st.penalties:
            if pen.player:
                row(pen.player, g[pen.team])["pim"] += pen.pim
    for (player, team), gp in (games_played(view) if stage == "regular" else appearances(view, stage)).items():
        row(player, team)["gp"] = gp
    if book.scoring.goalie_gp == "played":  # a goalie who dressed and never went in net did not play
        for key, benched in benched_goalies(view, stage).items():
            if key in rows:
                rows[key]["gp"] = max(0, rows[key]["gp"] - benched)
    for r in rows.values():
        r["pts"] = r["g"] * book.scoring.goal + r["a"] * book.scoring.assist
    ordered = sorted(rows.values(), key=lambda r: (-r["pts"], -r["g"], r["team"], r["player"]))
    for t in teams.values():
        t["pp_pct"] = pct(t["ppg"], t["ppo"])
        t["pk_pct"] = pct(t["times_sh"] - t["ppga"], t["times_sh"])
    team_rows = [{k: t[k] for k in ("team", "gp", "ppg", "ppo", "pp_pct", "ppga", "times_sh", "pk_pct", "shg", "so")}
                 for t in teams.values()]
    return {"season": view.name, "stage": stage, "players": ordered, "goalies": goalie_stats(view, stage),
            "teams": team_rows}
