"""`rink copy LEAGUE`, `rink status`, `rink send` (on a rink PC's copy) and `rink conflicts`, `rink settle` (on the
league): a rink PC that scores offline and sends its games to the league (issue 32)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scorekeeper.commands.shared import EXIT_OK, EXIT_REJECTED, ask, print_json, show_list
from scorekeeper.rules.ids import OFFICE


def add_parser(sub: Any) -> None:
    rk = sub.add_parser("rink", help="a rink PC's copy of the league: score offline, send the games when online")
    rk_sub = rk.add_subparsers(dest="rink_command", metavar="ACTION", parser_class=type(rk), required=True)
    copy = rk_sub.add_parser("copy", help="make or refresh this database (--db) as a rink copy of LEAGUE's season; "
                                          "changes not yet sent are kept")
    copy.add_argument("league", metavar="LEAGUE", help="the league's database: a PostgreSQL URL or a SQLite file")
    copy.add_argument("--name", help="this rink PC's name, as the league's audit and conflicts show it "
                                     "(default: the name it had, else the copy's file name)")
    copy.set_defaults(func=take_copy, writes="taking a rink copy")
    status = rk_sub.add_parser("status", help="what this rink copy is a copy of, and the games waiting to be sent")
    status.add_argument("--json", action="store_true", help='print JSON: {"league", "rink", "season", '
                                                            '"copied_at", "waiting", "conflicts"}')
    status.set_defaults(func=show_status, writes=None)
    send = rk_sub.add_parser("send", help="send this rink copy's changed games to its league")
    send.add_argument("--league", metavar="LEAGUE", help="the league's address, when the copy's (its password "
                                                         "removed) is not enough")
    send.add_argument("--json", action="store_true", help='print JSON: {"sent": [game ids], "conflicts": '
                                                          '[{"game", "message"}], "waiting": [game ids]}')
    send.set_defaults(func=send_changes, writes="sending the rink's games")
    listed = rk_sub.add_parser("conflicts", help="the games rink PCs sent that the league did not take (on the "
                                                 "league)")
    listed.add_argument("--all", action="store_true", help="settled ones too")
    listed.add_argument("--json", action="store_true", help="print JSON")
    listed.set_defaults(func=list_conflicts, writes=None)
    settle = rk_sub.add_parser("settle", help="settle a game's rink conflict (an office action, on the league)")
    settle.add_argument("game", metavar="GAME", help="the game's id")
    how = settle.add_mutually_exclusive_group(required=True)
    how.add_argument("--keep-league", action="store_true", help="the league's game stays as it is")
    how.add_argument("--take-rink", action="store_true", help="the rink's game replaces the league's")
    how.add_argument("--merge", action="store_true", help="merge event by event: the league's game with the rink's "
                                                          "events it lacks and the players it dressed")
    settle.add_argument("--rink", help="the rink whose game is meant, when several sent one")
    settle.set_defaults(func=settle_conflict, writes="settling a rink conflict")


def _fail(message: str) -> int:
    print(f"scorekeeper: {message}", file=sys.stderr)
    return EXIT_REJECTED


def take_copy(svc: Any, args: argparse.Namespace) -> int:
    if svc.has_office_password() and not svc.unlock_office(ask("Office password (of the rink copy): ")):
        return _fail(f"wrong office password; the rink copy was not refreshed ({OFFICE})")
    report = svc.take_rink_copy(args.league, args.name or "", args.season)
    kept = f"; kept as the rink has them (not yet sent): {', '.join(report.kept)}" if report.kept else ""
    print(f"rink copy of {report.league}, season {report.season}, taken {report.copied_at}: "
          f"{report.games} games{kept}")
    return EXIT_OK


def show_status(svc: Any, args: argparse.Namespace) -> int:
    from scorekeeper.rink.changes import copy_facts

    status = svc.rink_copy_status()
    if status is None:
        copy_facts(svc)  # the refusal: no rink copy
    if args.json:
        print_json(status.to_json())
        return EXIT_OK
    games = status.waiting
    print(f"rink copy {status.rink} of {status.league}, season {status.season}, taken {status.copied_at}")
    print(f"{len(games)} change{'s' if len(games) != 1 else ''} waiting to be sent (rosters, games, payments)" +
          (f": {', '.join(games)}" if games else ""))
    if status.conflicts:
        print(f"listed as conflicts at the league, for the office to settle: {', '.join(status.conflicts)}")
    return EXIT_OK


def send_changes(svc: Any, args: argparse.Namespace) -> int:
    report = svc.send_to_league(args.league)
    if args.json:
        print_json(report.to_json())
        return EXIT_OK
    status = svc.rink_copy_status()
    print(f"sent {len(report.sent)} change{'s' if len(report.sent) != 1 else ''} to {status.league}" +
          (f": {', '.join(report.sent)}" if report.sent else ""))
    for c in report.conflicts:
        print(f"conflict: {c.message}")
    return EXIT_OK


def list_conflicts(svc: Any, args: argparse.Namespace) -> int:
    rows = [c.to_json() for c in svc.rink_conflicts(args.season, everything=args.all)]
    print_json(rows) if args.json else show_list("Rink conflicts", rows, ["game", "rink", "at", "settled",
                                                                          "message"])
    return EXIT_OK


def settle_conflict(svc: Any, args: argparse.Namespace) -> int:
    if svc.has_office_password() and not svc.unlock_office(ask("Office password: ")):
        return _fail(f"wrong office password; the conflict was not settled ({OFFICE})")
    if args.merge:
        return _merge(svc, args)
    result = svc.settle_conflict(args.game, take_rink=args.take_rink, rink=args.rink, season=args.season)
    if not result.ok:
        return _fail("the conflict was not settled: " + "; ".join(f"{v.message} ({v.rule})"
                                                                  for v in result.violations if v.blocks))
    game = not args.game.startswith(("roster:", "payment:"))  # else a roster or payment (`rink.items`)
    taken = "the rink's game taken" if game else "the rink's taken"
    kept = "the league's game kept" if game else "the league's kept"
    print(f"{'game ' if game else ''}{args.game}: {taken if args.take_rink else kept}; the conflict is settled")
    return EXIT_OK


def _merge(svc: Any, args: argparse.Namespace) -> int:
    preview = svc.rink_conflict_merge_preview(args.game, rink=args.rink, season=args.season)
    result = svc.merge_rink_conflict(args.game, rink=args.rink, season=args.season)
    if not result.ok:
        return _fail("the conflict was not merged (it still waits): " + "; ".join(
            f"{v.message} ({v.rule})" for v in result.violations if v.blocks))
    players = f", {len(preview.added_players)} player(s) dressed at the rink added" if preview.added_players else ""
    print(f"game {args.game}: merged event by event with rink {preview.rink}: {preview.count('both')} event(s) "
          f"on both sides, {preview.count('league')} the league's only, {preview.count('rink')} the rink's "
          f"added{players}; the conflict is settled")
    return EXIT_OK
