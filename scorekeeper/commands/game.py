"""`game GAME [--json]`: one game's computed record, or its sheet as text."""

from __future__ import annotations

import argparse
from typing import Any

from scorekeeper.commands.shared import EXIT_OK, named, print_json, readable_names, table
from scorekeeper.results_records import GameResult


def add_parser(sub: Any) -> None:
    gm = sub.add_parser("game", help="one game's computed record")
    gm.add_argument("game", metavar="GAME")
    gm.add_argument("--json", action="store_true", help="print JSON")
    gm.set_defaults(func=run, writes=None)


def run(svc: Any, args: argparse.Namespace) -> int:
    from scorekeeper.facade.game_papers import one_game

    return one_game(svc, args.game, args.season, lambda src: _shown(src, args))  # issue 29.3: from the game


def _shown(svc: Any, args: argparse.Namespace) -> int:
    names = readable_names(svc, args)
    data = svc.game(args.game, args.season)
    print_json(data) if args.json else show_game(
        data, names, {i["code"]: i["plain_name"] for i in svc.infractions(args.season)},
        svc.game_names(args.season).get(args.game, args.game))
    return EXIT_OK


def show_game(g: GameResult, names: dict[str, str], infractions: dict[str, str], game: str = "") -> None:
    """A game's sheet as text: the game by its name (`game`: its league number, else its id), teams, players and
    infractions by name (`infractions`: code -> name)."""
    sides = {"home": names.get(g["home"], g["home"]), "away": names.get(g["away"], g["away"])}
    status = "in progress" if g["status"] != "final" and (g["goals"] or g["penalties"]) else g["status"]
    print(f"Game {game or g['id']} ({g['stage']}, {status}): {sides['home']} {g['score']['home']} - "
          f"{g['score']['away']} {sides['away']}")
    g = {**g, "goals": [{**named(x, names), "team": sides.get(x["team"], x["team"])} for x in g["goals"]],
         "penalties": [{**named(x, names), "team": sides.get(x["team"], x["team"])} for x in g["penalties"]],
         "ejections": [named(e, names) for e in g["ejections"]]}  # the same record, teams and players by name
    if g["decision"]:
        pts = g["points"] or {}
        print(f"Decision: {g['decision']}; winner: {sides.get(g['winner'] or '', 'none')}; points: "
              f"{sides['home']} {pts.get('home')}, {sides['away']} {pts.get('away')}")
    print(f"By period: {sides['home']} {g['by_period']['home']}, {sides['away']} {g['by_period']['away']}")
    if g.get("shootout"):
        so = g["shootout"]
        loser = "away" if so["winner"] == "home" else "home"
        goals = f", {so['goals'][so['winner']]}-{so['goals'][loser]} in {len(so['attempts'])} attempts" if so[
            "goals"] else ""
        print(f"Shootout: won by {sides.get(so['winner'], so['winner'])}{goals}")
    _show_events(g, infractions)


def _show_events(g: GameResult, infractions: dict[str, str]) -> None:
    """The game's goals, penalties, ejections and violations (teams and players already by name)."""
    if g["goals"]:
        print("\nGoals")
        print(table(["PER", "TIME", "TEAM", "SCORER", "ASSISTS", "STR", "EN"],
                    [[x["period"], x["elapsed"], x["team"], x["scorer"] or ("PS" if x["penalty_shot"] else
                                                                            "awarded"),
                      ", ".join(x["assists"]), x["strength"] or "", "EN" if x["empty_net"] else ""]
                     for x in g["goals"]]))
    if g["penalties"]:
        print("\nPenalties")
        print(table(["PER", "TIME", "TEAM", "PLAYER", "SERVED BY", "INFRACTION", "CLASS", "MIN", "STARTS", "ENDS"],
                    [[x["period"], x["elapsed"], x["team"], x["player"] or "bench", x["served_by"] or "",
                      infractions.get(x["infraction"], x["infraction"]), x["class"], x["minutes"], x["starts"],
                      (x["ends"] or "—") + (" (goal)" if x["ended_by_goal"] else "")] for x in g["penalties"]]))
    if g["ejections"]:
        print("\nEjections: " + ", ".join(f"{e['player']} ({e['rule']})" for e in g["ejections"]))
    for v in g["violations"]:
        print(f"{v['severity'].upper()} {v['rule']}: {v['message']}")
