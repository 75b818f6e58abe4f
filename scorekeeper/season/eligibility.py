"""Playoff eligibility (ELIG-1, A-24): regular-season line-up appearances in completed, non-forfeited games."""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.events import SIDES
from scorekeeper.season.view import SeasonView


def games_played(view: SeasonView) -> dict[tuple[str, str], int]:
    """(player, team) -> regular-season games that count toward eligibility."""
    counts: dict[tuple[str, str], int] = {}
    for g in view.final_games("regular"):
        st = view.state(g["id"])
        if st.forfeited:
            continue
        for side in SIDES:
            for x in g.get("lineups", {}).get(side, []):
                key = (x["player"], g[side])
                counts[key] = counts.get(key, 0) + 1
    return counts


def eligibility(view: SeasonView) -> dict[str, Any]:
    """The contract's eligibility JSON for every rostered player."""
    need = view.book.eligibility.playoff_min_games
    counts = games_played(view)
    players = []
    seen: set[tuple[str, str]] = set()
    for team, signings in view.roster_by_team.items():
        for s in signings:
            key = (s["player"], team)
            if key in seen:
                continue
            seen.add(key)
            gp = counts.get(key, 0)
            players.append({"player": s["player"], "team": team, "regular_gp": gp, "required": need,
                            "playoff_eligible": gp >= need})
    return {"season": view.name, "players": players}
