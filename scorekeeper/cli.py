"""The `scorekeeper` command: the window, season files, and every computed result as JSON or a table.

Exit codes: 0 success, 1 rejected input (or a database that cannot be used), 2 usage error.
Bad input never prints a traceback.

The window's command lines (`scorekeeper [--db DB] [--season NAME] [gui]`) are recognised without building the
whole parser, and nothing of the core is imported before the window's shell is painted: it starts as fast as a
bare Qt window. Every other command imports what it uses when it runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from scorekeeper import __version__

EXIT_OK, EXIT_REJECTED, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse's own: usage on stderr, exit 2
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: the global options, `gui`, then each command group's `add_parser` (in the order of
    `scorekeeper.commands.GROUPS`), which sets each command's handler and what it writes."""
    from importlib import import_module

    from scorekeeper.commands import GROUPS

    p = _Parser(prog="scorekeeper", description="Westridge Sponge Hockey League scorekeeper.")
    p.add_argument("--version", action="version", version=f"scorekeeper {__version__}")
    p.add_argument("--db", metavar="DB", help="database file path or URL (sqlite:///PATH, postgresql://...); "
                   "default: $SCOREKEEPER_DB, else the file in your data folder")
    p.add_argument("--season", metavar="NAME", help="season to use (default: the latest)")
    p.add_argument("--operator", metavar="NAME", help="who is at the keyboard, recorded in the audit trail with "
                   "every write; default: $SCOREKEEPER_OPERATOR, else the login name marked as such")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.add_parser("gui", help="open the desktop window (the default)")
    for group in GROUPS:
        import_module(f"scorekeeper.commands.{group}").add_parser(sub)
    return p


def window_args(argv: Sequence[str]) -> argparse.Namespace | None:
    """The parsed arguments when `argv` only opens the window: nothing but `--db DB`, `--season NAME` and
    `--operator NAME` (each spelt in full, `--db=DB` too), then at most `gui`. None for anything else, which the
    whole parser reads (abbreviations, help and errors included); what this accepts, the whole parser reads the
    same way."""
    values: dict[str, str | None] = {"db": None, "season": None, "operator": None}
    rest = list(argv)
    while rest and rest[0] != "gui":
        option, eq, value = rest.pop(0).partition("=")
        if option[2:] not in values or not option.startswith("--"):
            return None
        if not eq:
            if not rest:
                return None
            value = rest.pop(0)
        if value.startswith("-"):
            return None
        values[option[2:]] = value
    if rest not in ([], ["gui"]):
        return None
    return argparse.Namespace(db=values["db"], season=values["season"], operator=values["operator"],
                              command="gui" if rest else None)


def _operator(args: argparse.Namespace) -> str | None:
    """Who is at the keyboard: `--operator`, else `SCOREKEEPER_OPERATOR`, else "" (none given); None when
    `--operator` is blank, which is said on standard error (a usage error)."""
    operator = getattr(args, "operator", None)
    if operator is not None and not operator.strip():
        print("scorekeeper: --operator needs a name (the audit trail records who did what)", file=sys.stderr)
        return None
    return (operator or os.environ.get("SCOREKEEPER_OPERATOR") or "").strip()


# Commands that read the database `--db` names and nothing else: on an SQLite file they need no PostgreSQL driver,
# which peewee imports with itself wherever one is installed (0.08 s of CPU, a sixth of `standings --json`).
FILE_READS = frozenset({"standings", "stats", "suspensions", "fines", "eligibility"})


def _without_server_driver(args: argparse.Namespace) -> None:
    """Before peewee is imported for a command of `FILE_READS` on an SQLite file: the PostgreSQL drivers are marked
    absent for this process, so that peewee does not import one it will not use."""
    if args.command not in FILE_READS or "peewee" in sys.modules:
        return
    target = getattr(args, "db", None) or os.environ.get("SCOREKEEPER_DB") or ""
    if not target.startswith(("postgres://", "postgresql://")):
        for driver in ("psycopg", "psycopg2"):
            sys.modules.setdefault(driver, None)  # type: ignore[arg-type]  # None: "not installed"


def _run(args: argparse.Namespace) -> int:
    if args.command in (None, "gui"):
        from ui.app import run_gui

        operator = _operator(args)
        if operator is None:
            return EXIT_USAGE
        return run_gui(args.db, operator=operator, season=getattr(args, "season", None) or "")
    _without_server_driver(args)
    import sqlite3

    from peewee import DatabaseError

    from scorekeeper import logs
    from scorekeeper.db.errors import explain_database_error
    from scorekeeper.db.progress import LinePrinter, reporting
    from scorekeeper.services import ServiceError, Services

    if not getattr(args, "needs_database", True):  # `mail settings`
        return int(args.func(None, args))
    operator = _operator(args)
    if operator is None:
        return EXIT_USAGE
    try:
        with reporting(LinePrinter()):  # an upgrade of an older database says how far it is after a second
            svc = Services.open(args.db, operator=operator)
    except ServiceError as exc:
        print(f"scorekeeper: {exc}", file=sys.stderr)
        return EXIT_REJECTED
    try:
        for warning in svc.integrity_warnings(whole=getattr(args, "whole_check", False)):
            logs.log.warning("integrity: %s", warning)
            print(f"scorekeeper: warning: {warning}", file=sys.stderr)
        return _command(svc, args)
    except ServiceError as exc:
        logs.log.info("refused: %s", exc)
        print(f"scorekeeper: {exc}", file=sys.stderr)
        return EXIT_REJECTED
    except (DatabaseError, sqlite3.Error) as exc:
        logs.log.warning("database error", exc_info=True)
        print(f"scorekeeper: {explain_database_error(svc, exc)}", file=sys.stderr)
        return EXIT_REJECTED
    finally:
        svc.close()


def _writes(args: argparse.Namespace) -> str | None:
    """What the command writes (a phrase for the refusal while the window owns the database), None if it reads:
    the `writes` its module set, a phrase or a function of the arguments."""
    writes = getattr(args, "writes", None)
    return writes(args) if callable(writes) else writes


def _command(svc: Any, args: argparse.Namespace) -> int:
    """Run the command on the open services: a write is refused while the window owns the database."""
    writes = _writes(args)
    if writes and svc.read_only:
        print(f"scorekeeper: {svc.guest_refusal(writes)}", file=sys.stderr)
        return EXIT_REJECTED
    return int(args.func(svc, args))


def utf8_streams() -> None:
    """JSON, tables and messages are UTF-8 whatever the console's code page or PYTHONIOENCODING says (a season
    file redirected to a file on Windows must read back, "Łukasz" included); a character a real console cannot
    show is replaced there, never an error."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            if stream.isatty():
                reconfigure(errors="replace")
            else:
                reconfigure(encoding="utf-8", errors="strict" if stream is sys.stdout else "replace")
        except (OSError, ValueError):
            pass


def main(argv: Sequence[str] | None = None) -> int:
    from scorekeeper import collector

    collector.tune()
    utf8_streams()
    args = window_args(sys.argv[1:] if argv is None else argv) or build_parser().parse_args(argv)
    from scorekeeper import logs

    command = args.command or "gui"
    logs.start("the window" if command == "gui" else f"command {command}")
    try:
        code = _run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # the last guard: a person sees a sentence, never a traceback
        logs.log.exception("command %s failed", command)
        if os.environ.get("SCOREKEEPER_DEBUG"):
            raise
        print(f"scorekeeper: internal error: {type(exc).__name__}: {exc} "
              f"(the details are in the log, {logs.log_file()}; set SCOREKEEPER_DEBUG=1 to see them here)",
              file=sys.stderr)
        return EXIT_REJECTED
    logs.log.info("command %s ended: exit code %s", command, code)
    return code
