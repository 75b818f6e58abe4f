"""The season's computed results: `standings`, `suspensions`, `fines`, `eligibility`, `stats` (each `--json`, or
a readable table with teams, players and games by name)."""

from __future__ import annotations

import argparse
from typing import Any, cast

from scorekeeper.commands.shared import EXIT_OK, R, named, print_json, readable_names, show_list, table
from scorekeeper.season.standings import readable, share_text


def add_parser(sub: Any) -> None:
    for name, text, func in (("standings", "standings of every division", standings),
                             ("suspensions", "every suspension of the season", suspensions),
                             ("fines", "every fine and each team's statement totals", fines),
                             ("eligibility", "playoff eligibility of every rostered player", eligibility)):
        sp = sub.add_parser(name, help=text)
        sp.add_argument("--json", action="store_true", help="print JSON")
        sp.set_defaults(func=func, writes=None)
    st = sub.add_parser("stats", help="player scoring")
    st.add_argument("--json", action="store_true", help="print JSON")
    st.add_argument("--stage", choices=("regular", "playoff"), default="regular")
    st.set_defaults(func=stats, writes=None)


def games_named(rows: list[R], games: dict[str, str]) -> list[R]:
    """`rows` with their `game` by name: the league's game number where set (the JSON keeps the id)."""
    return [_game_named(r, games) for r in rows]


def _game_named(row: R, games: dict[str, str]) -> R:
    game = row.get("game")
    if not isinstance(game, str):
        return row
    return cast(R, {**row, "game": games.get(game, game)})  # the same record: its game (text) by name


def standings(svc: Any, args: argparse.Namespace) -> int:
    names = readable_names(svc, args)
    data = svc.standings(args.season)
    if args.json:
        print_json(data)
        return EXIT_OK
    for div in data["divisions"]:
        shootouts = ["sow", "sol"] if div["rows"] and "sow" in div["rows"][0] else []
        keys = ["rank", "team", "gp", "w", "l", "t", "otw", "otl", *shootouts, "pts", "gf", "ga", "diff", "pim",
                "pts_pct", "gf_pct", "l10", "streak", "home", "away"]
        heads = {"pts_pct": "P%", "gf_pct": "GF%", "streak": "STRK"}
        print(f"{data['season']} — {names.get(div['division'], div['division'])}")
        rows = [named(r, names) | readable(r) for r in div["rows"]]
        print(table([heads.get(k, k.upper()) for k in keys], [[r[k] for k in keys] for r in rows]))
        print()
    return EXIT_OK


def stats(svc: Any, args: argparse.Namespace) -> int:
    names = readable_names(svc, args)
    data = svc.stats(args.season, args.stage)
    if args.json:
        print_json(data)
        return EXIT_OK
    keys = ["player", "team", "gp", "g", "a", "pts", "pim"]
    print(f"{data['season']} — {data['stage']}")
    rows = [named(r, names) for r in data["players"]]
    print(table([k.upper() for k in keys], [[r[k] for k in keys] for r in rows]))
    if data.get("teams"):
        keys = ["team", "gp", "ppg", "ppo", "pp_pct", "ppga", "times_sh", "pk_pct", "shg", "so"]
        heads = {"pp_pct": "PP%", "pk_pct": "PK%", "times_sh": "TSH"}
        print()
        print("Special teams")
        rows = [named(r, names) | {k: share_text(r[k]) for k in ("pp_pct", "pk_pct")} for r in data["teams"]]
        print(table([heads.get(k, k.upper()) for k in keys], [[r[k] for k in keys] for r in rows]))
    return EXIT_OK


def suspensions(svc: Any, args: argparse.Namespace) -> int:
    names = readable_names(svc, args)
    data = svc.suspensions(args.season)
    print_json(data) if args.json else show_list(
        f"Suspensions {data['season']}", games_named(data["suspensions"], svc.game_names(args.season)),
        ["player", "team", "game", "rule", "kind", "games", "served", "status", "appeal", "review"], names)
    return EXIT_OK


def fines(svc: Any, args: argparse.Namespace) -> int:
    names = readable_names(svc, args)
    data = svc.fines(args.season)
    if args.json:
        print_json(data)
    else:
        show_list(f"Fines {data['season']}", games_named(data["fines"], svc.game_names(args.season)),
                  ["team", "player", "amount", "rule", "game"], names)
        print()
        show_list("Statement totals", data["totals"], ["team", "fines", "paid", "balance"], names)
    return EXIT_OK


def eligibility(svc: Any, args: argparse.Namespace) -> int:
    names = readable_names(svc, args)
    data = svc.eligibility(args.season)
    print_json(data) if args.json else show_list(
        f"Playoff eligibility {data['season']}", data["players"],
        ["player", "team", "regular_gp", "playoff_eligible"], names)
    return EXIT_OK
