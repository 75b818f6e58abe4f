"""The `season` command: the database's seasons listed (archived ones too), a season archived (hidden from the
window's picker, read-only) or restored from the archive, and a season deleted (the office password; a verified
backup is made first; audited) (issue 18). Each goes through the facade as the window's do."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from scorekeeper.commands.shared import ask
from scorekeeper.results_records import SeasonSummary
from scorekeeper.rules.ids import OFFICE

EXIT_OK, EXIT_REJECTED = 0, 1


def add_parser(sub: Any) -> None:
    """`season list|archive|unarchive|delete`."""
    se = sub.add_parser("season", help="the database's seasons: list, archive, restore from the archive, delete")
    se.set_defaults(func=_run, writes=writes)
    actions = se.add_subparsers(dest="season_command", metavar="ACTION", parser_class=type(se), required=True)
    ls = actions.add_parser("list", help="every season with its league, rulebook, whether archived, and its size")
    ls.add_argument("--json", action="store_true", help="print JSON")
    ar = actions.add_parser("archive", help="hide a season from the window's picker and make it read-only")
    ar.add_argument("name", metavar="SEASON")
    un = actions.add_parser("unarchive", help="restore an archived season (shown and writable again)")
    un.add_argument("name", metavar="SEASON")
    dl = actions.add_parser("delete", help="delete a season and everything in it (office password; a verified "
                            "backup is made first)")
    dl.add_argument("name", metavar="SEASON")
    dl.add_argument("--yes", action="store_true", help="do not ask for confirmation on a terminal")


def writes(args: argparse.Namespace) -> str | None:
    """What the command writes, for the refusal while the window owns the database (None: it only reads)."""
    if args.season_command == "list":
        return None
    return {"archive": "archiving the season", "unarchive": "restoring the season from the archive",
            "delete": "deleting the season"}[args.season_command]


def _run(svc: Any, args: argparse.Namespace) -> int:
    return run(svc, args, ask)


def run(svc: Any, args: argparse.Namespace, ask: Callable[[str], str]) -> int:
    """Run `season ACTION`; a ServiceError passes to the caller (printed as a sentence, exit 1)."""
    action = args.season_command
    if action == "list":
        seasons = svc.all_seasons()
        if args.json:
            sys.stdout.write(json.dumps(seasons, indent=2, ensure_ascii=False) + "\n")
        else:
            _show(seasons)
        return EXIT_OK
    if action == "archive":
        svc.archive_season(args.name)
        print(f"season {args.name} archived: hidden from the window's season picker and read-only "
              f"(`scorekeeper season unarchive {args.name}` restores it)")
        return EXIT_OK
    if action == "unarchive":
        svc.unarchive_season(args.name)
        print(f"season {args.name} restored from the archive")
        return EXIT_OK
    if not args.yes and sys.stdin.isatty() and input(f"Delete season {args.name} and everything in it? Type the "
                                                     "season's name to confirm: ").strip() != args.name:
        print(f"scorekeeper: season {args.name} was not deleted", file=sys.stderr)
        return EXIT_REJECTED
    if svc.has_office_password() and not svc.office_unlocked and not svc.unlock_office(ask("Office password: ")):
        print(f"scorekeeper: wrong office password; season {args.name} was not deleted ({OFFICE})", file=sys.stderr)
        return EXIT_REJECTED
    done = svc.delete_season(args.name)
    removed = ", ".join(f"{n} {what}" for what, n in done["removed"].items() if n) or "nothing else"
    print(f"season {done['season']} of {done['league']} deleted ({removed}); a verified backup made first is kept "
          f"as {done['backup']}")
    return EXIT_OK


def _show(seasons: list[SeasonSummary]) -> None:
    if not seasons:
        print("(no season)")
        return
    keys = ["name", "league", "rulebook", "state", "teams", "players", "games"]
    rows = [[str(s["name"]), str(s["league"]), str(s["rulebook"]), "archived" if s["archived"] else "open",
             str(s["teams"]), str(s["players"]), str(s["games"])] for s in seasons]
    widths = [max(len(k), *(len(r[i]) for r in rows)) for i, k in enumerate(keys)]
    print("  ".join(k.upper().ljust(w) for k, w in zip(keys, widths, strict=True)).rstrip())
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
