"""`rulebook load FILE` (an office action) and `rulebook list [--json]`."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scorekeeper.commands.shared import EXIT_OK, EXIT_REJECTED, ask, print_json, show_list
from scorekeeper.rules.ids import OFFICE


def add_parser(sub: Any) -> None:
    rb = sub.add_parser("rulebook", help="the rulebooks a season can be played under")
    rb_sub = rb.add_subparsers(dest="rulebook_command", metavar="ACTION", parser_class=type(rb), required=True)
    rb_load = rb_sub.add_parser("load", help="load another league's rulebook file (TOML) into the database")
    rb_load.add_argument("file")
    rb_load.set_defaults(func=load, writes="loading the rulebook")
    rb_list = rb_sub.add_parser("list", help="the rulebooks loaded into the database and those shipped")
    rb_list.add_argument("--json", action="store_true", help="print JSON")
    rb_list.set_defaults(func=list_rulebooks, writes=None)


def load(svc: Any, args: argparse.Namespace) -> int:
    if svc.has_office_password() and not svc.unlock_office(ask("Office password: ")):
        print(f"scorekeeper: wrong office password; no rulebook was loaded ({OFFICE})", file=sys.stderr)
        return EXIT_REJECTED
    done = svc.load_rulebook_file(args.file)
    print(f"rulebook {done['name']} ({done['title']}) " + ("loaded into the database: a season file can "
          "now name it" if done["loaded"] else "is already in the database, unchanged"))
    return EXIT_OK


def list_rulebooks(svc: Any, args: argparse.Namespace) -> int:
    books = svc.rulebooks()
    print_json(books) if args.json else show_list(
        "Rulebooks", [{**b, "seasons": ", ".join(b["seasons"])} for b in books], ["name", "source", "seasons"])
    return EXIT_OK
