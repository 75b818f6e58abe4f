"""The `scorekeeper print ...` command: official records as PDF files.

    scorekeeper --db DB print game-sheet GAME -o FILE.pdf
    scorekeeper --db DB print fine-statements [--team TEAM] [--date YYYY-MM-DD] -o FILE.pdf
    scorekeeper --db DB print suspension-notice PLAYER [--game GAME] [--date YYYY-MM-DD] -o FILE.pdf
    scorekeeper --db DB print standings [--date YYYY-MM-DD] -o FILE.pdf

`cli.py` adds the parser with `add_parser(sub)`, which makes `run_print(svc, args)` the handler of `print`. ReportLab
is imported only when a document is built, so other commands start without it. The PDF is written to a
temporary file beside the target and renamed into place: a failed run never leaves half a file.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from scorekeeper.atomic import write_atomically  # the window saves PDFs with it too
from scorekeeper.outputs import check_output_path

if TYPE_CHECKING:
    from scorekeeper.services import Services

EXIT_OK, EXIT_REJECTED = 0, 1
DOCUMENTS = ("game-sheet", "fine-statements", "suspension-notice", "standings")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add `print` and its documents to the command line's sub-parsers; returns the `print` parser."""
    p = subparsers.add_parser("print", help="print an official record to a PDF file",
                              description="Print an official league record to a PDF file.")
    docs = p.add_subparsers(dest="document", metavar="DOCUMENT", parser_class=type(p))
    docs.required = True
    p.set_defaults(func=run_print, writes=None)

    def output(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("-o", "--output", metavar="FILE.pdf", required=True, help="the PDF file to write")

    def date(sp: argparse.ArgumentParser, what: str) -> None:
        sp.add_argument("--date", metavar="YYYY-MM-DD", help=f"date printed on the {what} (default: today)")

    gs = docs.add_parser("game-sheet", help="the official game sheet of one game")
    gs.add_argument("game", metavar="GAME", help="game id")
    output(gs)
    fs = docs.add_parser("fine-statements", help="end-of-season fine statements, every team or one")
    fs.add_argument("--team", metavar="TEAM", help="only this team's statement (team id)")
    date(fs, "statements")
    output(fs)
    sn = docs.add_parser("suspension-notice", help="the notice of a player's suspension to the team captain")
    sn.add_argument("player", metavar="PLAYER", help="player id")
    sn.add_argument("--game", metavar="GAME", help="only the suspension from this game (default: all of them)")
    date(sn, "notice")
    output(sn)
    st = docs.add_parser("standings", help="standings and leaders for the notice board")
    date(st, "report")
    output(st)
    return p


def build_document(svc: Services, args: argparse.Namespace) -> bytes:
    """The PDF bytes of the document `args` names (raises ReportError / ServiceError for bad input)."""
    season = getattr(args, "season", None)
    doc = args.document
    from scorekeeper.reports import data

    builder: Callable[[Any], bytes]
    if doc == "game-sheet":
        from scorekeeper.facade.game_papers import one_game
        from scorekeeper.reports.game_sheet import build_game_sheet

        content: Any = one_game(svc, args.game, season, lambda src: data.game_sheet_data(src, args.game, season))
        builder = build_game_sheet
    elif doc == "fine-statements":
        from scorekeeper.reports.fine_statements import build_fine_statements

        content = data.fine_statements_data(svc, team=args.team, date=args.date, season=season)
        builder = build_fine_statements
    elif doc == "suspension-notice":
        from scorekeeper.facade.game_papers import narrow_or_whole, players_games
        from scorekeeper.reports.suspension_notice import build_suspension_notices

        content = narrow_or_whole(svc, players_games(args.player, args.game), season, lambda src: (
            data.suspension_notices_data(src, args.player, game=args.game, date=args.date, season=season)))
        builder = build_suspension_notices
    elif doc == "standings":
        from scorekeeper.reports.standings_report import build_standings_report

        content = data.standings_data(svc, date=args.date, season=season)
        builder = build_standings_report
    else:
        raise data.ReportError(f"unknown document {doc!r} (one of {', '.join(DOCUMENTS)})")
    return builder(content)


def run_print(svc: Services, args: argparse.Namespace) -> int:
    """Build the document and write it to `args.output`; 0 on success, 1 with a message on stderr otherwise."""
    from scorekeeper.reports.data import ReportError
    from scorekeeper.services import ServiceError

    out = args.output
    try:
        check_output_path(out, svc.sqlite_path)  # before the document is built (written through a link)
    except OSError as exc:
        print(f"scorekeeper: {exc}", file=sys.stderr)
        return EXIT_REJECTED
    try:
        pdf = build_document(svc, args)
    except (ReportError, ServiceError) as exc:
        print(f"scorekeeper: print {args.document}: {exc}", file=sys.stderr)
        return EXIT_REJECTED
    try:
        write_atomically(out, pdf, database=svc.sqlite_path)
    except OSError as exc:
        print(f"scorekeeper: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_REJECTED
    print(f"wrote {out} ({args.document}, {len(pdf):,} bytes)")
    return EXIT_OK
