"""The `scorekeeper publish -o FOLDER` command: write the league's statistics website."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.services import Services

EXIT_OK, EXIT_FAILED = 0, 1


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add `publish` to the command line's sub-parsers."""
    p = subparsers.add_parser("publish", help="write the league's statistics website (HTML) into a folder",
                              description="Write the league's statistics website into a folder: standings, "
                              "leaders, suspensions, playoff eligibility and every game with its game sheet. "
                              "Open index.html, or copy the folder to the league's web host.")
    p.add_argument("-o", "--output", metavar="FOLDER", required=True, help="the folder to write (made if missing)")
    p.add_argument("--no-game-sheets", action="store_true", help="do not write the game sheet PDFs")
    p.set_defaults(func=run, writes=None)
    return p


def run(svc: Services, args: argparse.Namespace) -> int:
    """Publish; 0 on success, 1 with one line on stderr when the site cannot be written."""
    from scorekeeper.facade.errors import ServiceError
    from scorekeeper.site.publish import PublishError, publish

    try:
        result = publish(svc, args.output, season=getattr(args, "season", None),
                         game_sheets=not args.no_game_sheets)
    except (PublishError, ServiceError) as exc:
        print(f"scorekeeper: publish: {exc}", file=sys.stderr)
        return EXIT_FAILED
    for note in result.notes:
        print(f"note: {note}", file=sys.stderr)
    print(f"published {len(result.pages)} pages and {len(result.sheets)} game sheets to {result.folder} "
          f"(open {result.folder / 'index.html'})")
    return EXIT_OK
