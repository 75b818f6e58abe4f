"""The `suspension` command: the suspensions the rules proposed (the sixth incident of a season proposes a season
suspension), listed, and the office's decision on one: confirmed (it bars the player from the decision's date
on) or declined (it is dropped). Deciding needs the office password and is audited (issue 19). Each goes through
the facade as the window's buttons do."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from scorekeeper.commands.shared import ask
from scorekeeper.results_records import ProposedSuspension
from scorekeeper.rules.ids import OFFICE

EXIT_OK, EXIT_REJECTED = 0, 1


def add_parser(sub: Any) -> None:
    """`suspension proposed|confirm|decline`."""
    su = sub.add_parser("suspension", help="suspensions the rules proposed: list them, confirm or decline one "
                        "(office password)")
    su.set_defaults(func=_run, writes=writes)
    actions = su.add_subparsers(dest="suspension_command", metavar="ACTION", parser_class=type(su), required=True)
    ls = actions.add_parser("proposed", help="every suspension proposed this season, with the office's decision")
    ls.add_argument("--json", action="store_true", help="print JSON")
    for name, text in (("confirm", "confirm a proposed suspension: it bars the player from the decision's date on"),
                       ("decline", "decline a proposed suspension: it is dropped and never bars the player")):
        act = actions.add_parser(name, help=text)
        act.add_argument("player", metavar="PLAYER", help="the player's id")
        act.add_argument("--game", metavar="GAME", help="the game that proposed it (when the player has several)")
        act.add_argument("--date", metavar="YYYY-MM-DD", help="the decision's date (default: today)")
        act.add_argument("--note", metavar="TEXT", default="", help="why, kept with the decision")


def writes(args: argparse.Namespace) -> str | None:
    """What the command writes, for the refusal while the window owns the database (None: it only reads)."""
    return {"confirm": "confirming a proposed suspension",
            "decline": "declining a proposed suspension"}.get(args.suspension_command)


def _run(svc: Any, args: argparse.Namespace) -> int:
    return run(svc, args, ask)


def run(svc: Any, args: argparse.Namespace, ask: Callable[[str], str]) -> int:
    """Run `suspension ACTION`; a ServiceError passes to the caller (printed as a sentence, exit 1)."""
    action = args.suspension_command
    if action == "proposed":
        rows = svc.proposed_suspensions(args.season)
        if args.json:
            sys.stdout.write(json.dumps({"proposed": rows}, indent=2, ensure_ascii=False) + "\n")
        else:
            _show(rows)
        return EXIT_OK
    decision = "confirmed" if action == "confirm" else "declined"
    if svc.has_office_password() and not svc.office_unlocked and not svc.unlock_office(ask("Office password: ")):
        print(f"scorekeeper: wrong office password; the suspension was not {decision} ({OFFICE})", file=sys.stderr)
        return EXIT_REJECTED
    result = svc.decide_suspension(args.player, decision, game=args.game, date=args.date, note=args.note,
                                   season=args.season)
    if not result.ok:
        for v in result.violations:
            print(f"scorekeeper: {v.line()}", file=sys.stderr)
        return EXIT_REJECTED
    row = next((r for r in svc.proposed_suspensions(args.season) if r["player"] == args.player
                and r["state"] == decision), None)
    name = row["name"] if row else args.player
    where = f" from game {row['game']}" if row else ""
    follows = (f"it bars the player from {row['decided']} on" if decision == "confirmed" and row
               else "it is dropped")
    print(f"the suspension proposed for {name}{where} is {decision}: {follows}")
    return EXIT_OK


def _show(rows: list[ProposedSuspension]) -> None:
    if not rows:
        print("(no suspension proposed)")
        return
    keys = ["name", "team", "game", "date", "rule", "kind", "state", "decided", "by"]
    cells = [[str(r.get(k) or "") for k in keys] for r in rows]
    widths = [max(len(k), *(len(c[i]) for c in cells)) for i, k in enumerate(keys)]
    print("  ".join(("player" if k == "name" else k).upper().ljust(w) for k, w in zip(keys, widths, strict=True))
          .rstrip())
    print("  ".join("-" * w for w in widths))
    for c in cells:
        print("  ".join(x.ljust(w) for x, w in zip(c, widths, strict=True)).rstrip())
