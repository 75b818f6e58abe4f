"""Co-ed roster guidelines: COED-4 (Division-1 players signed by a Division-2 team) and COED-5 (dressed).

A division marked co-ed plays by the co-ed rules only where the rulebook has them (`[coed]` neither left out nor
`enabled = false`); otherwise it plays as any other division.
"""

from __future__ import annotations

from scorekeeper.engine.events import Side
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.rules.violation import Violation
from scorekeeper.season_data import DivisionData, GameData, LineupsData


def plays_coed(book: Rulebook, division: DivisionData | None) -> bool:
    """A division's games are played by the co-ed rules: it is marked co-ed and the rulebook has them."""
    return bool(book.coed.enabled and division and division.get("coed"))


def division1_players(view: SeasonFacts) -> frozenset[str]:
    """A-23: players on a Division-1 roster this season (once per view)."""
    if view.derived.division1 is None:
        tier1 = {d for d, div in view.divisions.items() if plays_coed(view.book, div) and div.get("tier") == 1}
        view.derived.division1 = frozenset(r["player"] for team, rows in view.roster_by_team.items()
                                           if _division_id(view, team) in tier1 for r in rows)
    return view.derived.division1


def _division_id(view: SeasonFacts, team: str) -> str | None:
    t = view.teams.get(team)
    return t.get("division") if t else None


def _gender(view: SeasonFacts, player: str) -> str | None:
    p = view.players.get(player)
    return p.get("gender") if p else None


def _is_div2(view: SeasonFacts, team: str) -> bool:
    div = view.division_of(team)
    return plays_coed(view.book, div) and bool(div and div.get("tier") == 2)


def check_coed_roster(view: SeasonFacts) -> list[Violation]:
    """COED-4: at most 2 Division-1 males and 2 Division-1 goalies signed by a Division-2 team."""
    book, out = view.book, []
    d1 = division1_players(view)
    for team, rows in view.roster_by_team.items():
        if not _is_div2(view, team):
            continue
        goalies = [r for r in rows if r["player"] in d1 and r.get("position") == "goalie"]
        males = [r for r in rows if r["player"] in d1 and r.get("position") != "goalie"
                 and _gender(view, r["player"]) == "M"]
        for found, cap, what in ((males, book.coed.sign_m, "males"), (goalies, book.coed.sign_g, "goalies")):
            if len(found) > cap:
                names = ", ".join(view.player_name(r["player"]) for r in found)
                out.append(Violation("COED-4", "block", f"{view.name_of(team)} signs {len(found)} Division-1 {what} "
                                     f"({names}); a Division-2 team may sign {cap}", book.section("COED-4"),
                                     f"roster of {view.name_of(team)}"))
    return out


def division1_cap(view: SeasonFacts, team: str, player: str, goalie: bool) -> tuple[str, int] | None:
    """COED-5: ("males", 1) or ("females", 4) where `player` dressed by `team` counts toward the Division-1
    limit per game (a Division-1 skater of a Division-2 team); None where no limit applies (goalies: A-23)."""
    if goalie or not _is_div2(view, team) or player not in division1_players(view):
        return None
    gender = _gender(view, player)
    coed = view.book.coed
    return ("males", coed.dress_m) if gender == "M" else ("females", coed.dress_f) if gender == "F" else None


def check_coed_lineup(view: SeasonFacts, game: GameData, side: Side) -> list[Violation]:
    """COED-5: at most 1 Division-1 male and 4 Division-1 females dressed; goalies have no limit (A-23)."""
    team = game[side]
    if not _is_div2(view, team):
        return []
    book = view.book
    counted: dict[str, list[str]] = {}
    for x in game.get("lineups", LineupsData()).get(side, []):
        cap = division1_cap(view, team, x["player"], bool(x.get("goalie")))
        if cap is not None:
            counted.setdefault(cap[0], []).append(x["player"])
    out = []
    for limit, what in ((book.coed.dress_m, "males"), (book.coed.dress_f, "females")):
        found = counted.get(what, [])
        if len(found) > limit:
            out.append(Violation("COED-5", "block", f"{view.name_of(team)} dresses {len(found)} Division-1 {what} "
                                 f"({', '.join(map(view.player_name, found))}); at most {limit} per game",
                                 book.section("COED-5"), f"game {game['id']}", players=tuple(found)))
    return out
