"""`problem-report -o FILE.zip`: what a supporter needs to find out why this PC misbehaves (issue 31.2)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from scorekeeper.commands.shared import EXIT_OK, EXIT_REJECTED


def add_parser(sub: Any) -> None:
    report = sub.add_parser(
        "problem-report", help="save a problem report (the log, the versions, the settings without secrets, the "
                               "database's integrity summary, never its data) to a zip file")
    report.add_argument("-o", "--output", required=True, metavar="FILE.zip", help="the zip file to write")
    report.set_defaults(func=problem_report, writes=None, needs_database=False)


def problem_report(svc: Any, args: argparse.Namespace) -> int:
    from scorekeeper.problem_report import write_report

    out = Path(args.output)
    try:
        write_report(out, args.db)
    except OSError as exc:
        print(f"scorekeeper: the problem report could not be written to {out}: {exc.strerror or exc}",
              file=sys.stderr)
        return EXIT_REJECTED
    print(f"problem report written to {out}: send it to whoever supports Scorekeeper for your league")
    return EXIT_OK
