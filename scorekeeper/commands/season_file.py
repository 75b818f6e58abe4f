"""`import FILE [--replace]` and `export [-o FILE]`: the season file in and out."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scorekeeper.commands.shared import EXIT_OK, EXIT_REJECTED, ask
from scorekeeper.rules.ids import OFFICE


def add_parser(sub: Any) -> None:
    imp = sub.add_parser("import", help="load a season file (the whole file or nothing)")
    imp.add_argument("file")
    imp.add_argument("--replace", action="store_true", help="overwrite objects whose content differs")
    imp.set_defaults(func=run_import, writes="the import")
    exp = sub.add_parser("export", help="write the season file with every computed result")
    exp.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    exp.set_defaults(func=run_export, writes=None)


def run_import(svc: Any, args: argparse.Namespace) -> int:
    report = svc.import_file(args.file, replace=args.replace)
    if report.blocks and all(v.rule == OFFICE for v in report.blocks) and svc.has_office_password():
        # what the office password guards: name each change, then ask the password (as `rulebook load` does)
        print(f"{args.file} changes what the office password guards:", file=sys.stderr)
        for v in report.blocks:
            print(f"  {v.message.split(': that needs', 1)[0]}", file=sys.stderr)
        if not svc.unlock_office(ask("Office password: ")):
            print(f"scorekeeper: wrong office password; {args.file} was not imported, nothing was written ({OFFICE})",
                  file=sys.stderr)
            return EXIT_REJECTED
        report = svc.import_file(args.file, replace=args.replace)
    games = svc.game_names(report.season) if report.ok else {}  # a place in a game: the game by name
    for v in report.violations:
        print(v.line(games))
    if not report.ok:
        rules = ", ".join(dict.fromkeys(v.rule for v in report.blocks))
        print(f"scorekeeper: {args.file}: rejected, nothing was written: {len(report.blocks)} blocking "
              f"violation(s) ({rules})", file=sys.stderr)
        return EXIT_REJECTED
    total = sum(report.written.values())
    detail = ", ".join(f"{n} {k}" for k, n in report.written.items() if n)
    print(f"imported {args.file} into season {report.season}: "
          + (detail if total else "nothing new (already in the database)")
          + (f"; {len(report.warnings)} warning(s)" if report.warnings else ""))
    return EXIT_OK


def run_export(svc: Any, args: argparse.Namespace) -> int:
    if args.output:
        from scorekeeper.services import ServiceError

        try:
            svc.export_file(args.output, args.season)
        except ServiceError as exc:
            print(f"scorekeeper: {exc}", file=sys.stderr)
            return EXIT_REJECTED
    else:
        sys.stdout.write(svc.export_text(args.season))
    return EXIT_OK
