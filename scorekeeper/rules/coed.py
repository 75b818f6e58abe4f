"""Co-ed roster guidelines: COED-4 (Division-1 players signed by a Division-2 team) and COED-5 (dressed)."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.violation import Violation
from scorekeeper.season.view import SeasonView


def division1_players(view: SeasonView) -> set[str]:
    """A-23: players on a Division-1 roster this season."""
    tier1 = {d for d, div in view.divisions.items() if div.get("coed") and div.get("tier") == 1}
    return {r["player"] for team, rows in view.roster_by_team.items()
            if view.teams.get(team, {}).get("division") in tier1 for r in rows}


def _is_div2(view: SeasonView, team: str) -> bool:
    div = view.division_of(team)
    return bool(div and div.get("coed") and div.get("tier") == 2)


def check_coed_roster(view: SeasonView) -> list[Violation]:
    """COED-4: at most 2 Division-1 males and 2 Division-1 goalies signed by a Division-2 team."""
    book, out = view.book, []
    d1 = division1_players(view)
    for team, rows in view.roster_by_team.items():
        if not _is_div2(view, team):
            continue
        goalies = [r for r in rows if r["player"] in d1 and r.get("position") == "goalie"]
        males = [r for r in rows if r["player"] in d1 and r.get("position") != "goalie"
                 and view.players.get(r["player"], {}).get("gender") == "M"]
        for found, cap, what in ((males, book.coed.sign_m, "males"), (goalies, book.coed.sign_g, "goalies")):
            if len(found) > cap:
                names = ", ".join(view.player_name(r["player"]) for r in found)
                out.append(Violation("COED-4", "block", f"{team} signs {len(found)} Division-1 {what} ({names}); "
                                     f"a Division-2 team may sign {cap}", book.section("COED-4"), f"roster {team}"))
    return out


def check_coed_lineup(view: SeasonView, game: dict[str, Any], side: str) -> list[Violation]:
    """COED-5: at most 1 Division-1 male and 4 Division-1 females dressed; goalies have no limit (A-23)."""
    team = game[side]
    if not _is_div2(view, team):
        return []
    book = view.book
    d1 = division1_players(view)
    skaters = [x["player"] for x in game.get("lineups", {}).get(side, []) if x["player"] in d1 and not x.get("goalie")]
    out = []
    for gender, cap, what in (("M", book.coed.dress_m, "males"), ("F", book.coed.dress_f, "females")):
        found = [p for p in skaters if view.players.get(p, {}).get("gender") == gender]
        if len(found) > cap:
            out.append(Violation("COED-5", "block", f"{team} dresses {len(found)} Division-1 {what} "
                                 f"({', '.join(map(view.player_name, found))}); at most {cap} per game",
                                 book.section("COED-5"), f"game {game['id']}"))
    return out
