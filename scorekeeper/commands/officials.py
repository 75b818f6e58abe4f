"""The `officials` command: a game's number and officials as the game sheet prints them, shown or set (issue 18,
point 7). It writes through the facade's `set_game_details`, as the window's Officials… dialog does; on a signed
final game that is the office's action: the office password is asked (issue 27.14)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, TypedDict

from scorekeeper.commands.shared import ask
from scorekeeper.results_records import GameDetails
from scorekeeper.rules.ids import OFFICE

EXIT_OK, EXIT_REJECTED = 0, 1
ROLES = (("referee", "referees"), ("linesman", "linesmen"), ("scorekeeper", "scorekeeper"))


def add_parser(sub: Any) -> None:
    """`officials GAME [--number N] [--referee NAME]... [--linesman NAME]... [--scorekeeper NAME] [--json]`."""
    of = sub.add_parser("officials", help="a game's number and officials (referees, linesmen, scorekeeper) as the "
                        "game sheet prints them: shown, or set with the options")
    of.set_defaults(func=_run, writes=writes)
    of.add_argument("game", metavar="GAME")
    of.add_argument("--number", metavar="N", help="the league's game number (\"\": the game's id again)")
    of.add_argument("--referee", action="append", metavar="NAME", help="a referee (repeat for each)")
    of.add_argument("--linesman", action="append", metavar="NAME", help="a linesman (repeat for each)")
    of.add_argument("--scorekeeper", metavar="NAME", help="the scorekeeper (default on the sheet: the operator "
                    "who finished the game)")
    of.add_argument("--json", action="store_true", help="print JSON")


def _setting(args: argparse.Namespace) -> bool:
    return any(getattr(args, key) is not None for key in ("number", "referee", "linesman", "scorekeeper"))


def writes(args: argparse.Namespace) -> str | None:
    """What the command writes, for the refusal while the window owns the database (None: it only reads)."""
    return "setting the game's officials" if _setting(args) else None


class Shown(TypedDict):
    """A game's number and officials as the command shows them (`--json`)."""

    game: str
    number: str
    referees: list[str]
    linesmen: list[str]
    scorekeeper: str | None


def _shown(details: GameDetails) -> Shown:
    return {"game": details["id"], "number": details["number"] or details["id"], "referees": details["referees"],
            "linesmen": details["linesmen"],
            "scorekeeper": details["scorekeeper"][0] if details["scorekeeper"] else None}


def _run(svc: Any, args: argparse.Namespace) -> int:
    return run(svc, args, ask)


def run(svc: Any, args: argparse.Namespace, ask: Callable[[str], str] | None = None) -> int:
    """Show the game's details, or set those given: officials given replace all of them (`--referee` alone
    keeps no linesman), a number alone keeps the officials."""
    from scorekeeper.facade.errors import ServiceError

    try:
        details = svc.game_details(args.game, season=args.season)
    except ServiceError as exc:
        print(f"scorekeeper: {exc}", file=sys.stderr)
        return EXIT_REJECTED
    if _setting(args):
        number = details["number"] if args.number is None else args.number
        if any(getattr(args, key) is not None for key in ("referee", "linesman", "scorekeeper")):
            given = {"referee": args.referee or [], "linesman": args.linesman or [],
                     "scorekeeper": [args.scorekeeper] if args.scorekeeper else []}
        else:
            given = {role: list(details[key]) for role, key in ROLES}
        officials = [{"name": name, "role": role} for role, _ in ROLES for name in given[role]]
        result = svc.set_game_details(args.game, number, officials, season=args.season)
        if any(v.rule == OFFICE for v in result.blocks) and svc.has_office_password() and ask is not None:
            if not svc.unlock_office(ask("Office password: ")):
                print(f"scorekeeper: wrong office password; the officials of game {args.game} were not set, "
                      f"nothing was written ({OFFICE})", file=sys.stderr)
                return EXIT_REJECTED
            result = svc.set_game_details(args.game, number, officials, season=args.season)
        if not result.ok:
            for v in result.violations:
                print(v.line(), file=sys.stderr)
            print(f"scorekeeper: the officials of game {args.game} were not set, nothing was written",
                  file=sys.stderr)
            return EXIT_REJECTED
        details = svc.game_details(args.game, season=args.season)
    shown = _shown(details)
    if args.json:
        print(json.dumps(shown, ensure_ascii=False, indent=2))
        return EXIT_OK
    print(f"Game {shown['game']}: game no. {shown['number']}")
    for label, people in (("Referees", shown["referees"]), ("Linesmen", shown["linesmen"])):
        print(f"{label}: {', '.join(people) or '—'}")
    print(f"Scorekeeper: {shown['scorekeeper'] or '— (the operator who finishes the game)'}")
    return EXIT_OK
