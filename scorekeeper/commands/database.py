"""The database itself: `backup [FILE]`, `check [--json]`, `restore FILE`, `password set|change` (the office
password)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scorekeeper.commands.shared import EXIT_OK, EXIT_REJECTED, ask, print_json


def add_parser(sub: Any) -> None:
    bk = sub.add_parser("backup", help="write a verified copy of the database (safe while the window is open)")
    bk.add_argument("file", nargs="?", help="the copy (default: a dated file beside the database)")
    bk.set_defaults(func=backup, writes=None, whole_check=True)
    ck = sub.add_parser("check", help="check the whole database: every page, every reference, the audit trail "
                        "and the seals (exit 1 when anything is wrong)")
    ck.add_argument("--json", action="store_true", help="print JSON")
    ck.set_defaults(func=check, writes=None, whole_check=True)
    rs = sub.add_parser("restore", help="replace the database by a backup (the replaced one is kept)")
    rs.add_argument("file")
    rs.set_defaults(func=restore, writes="the restore", whole_check=True)
    pw = sub.add_parser("password", help="set or change the office password (asked, or read from standard input)")
    pw.add_argument("action", choices=("set", "change"))
    pw.set_defaults(func=password, writes="the password change")


def backup(svc: Any, args: argparse.Namespace) -> int:
    print(f"backed up {svc.database_label} to {svc.backup(args.file)} (verified)")
    return EXIT_OK


def check(svc: Any, args: argparse.Namespace) -> int:
    """`check`: every page, every reference and every row of an SQLite file (as a backup is checked), then the
    audit trail and the keyed seals (`integrity_warnings`); 0 when sound, 1 with what is wrong."""
    from scorekeeper.db.game_seals import UNCHECKED

    damage: list[str] = []
    if svc.sqlite_path is not None:
        from scorekeeper.db.backup import BackupError, verify_copy

        try:
            verify_copy(svc.sqlite_path)
        except BackupError as exc:
            damage.append(str(exc))
    warnings = svc.integrity_warnings()  # already printed on standard error by `cli._run`
    notes = [w for w in warnings if w.startswith(UNCHECKED)]
    problems = damage + [w for w in warnings if w not in notes]
    if args.json:
        print_json({"database": svc.database_label, "sound": not problems, "problems": problems, "notes": notes})
    elif problems:
        for problem in damage:  # the audit trail's and the seals' findings were printed as warnings
            print(f"scorekeeper: {problem}", file=sys.stderr)
        print(f"scorekeeper: {svc.database_label} is not sound: {len(problems)} problem(s)", file=sys.stderr)
    else:
        print(f"{svc.database_label} is sound: every page, every reference and row, the audit trail and the seals"
              + (" (the seals could not be checked on this PC)" if notes else ""))
    return EXIT_REJECTED if problems else EXIT_OK


def restore(svc: Any, args: argparse.Namespace) -> int:
    kept = svc.restore(args.file)
    print(f"restored {svc.database_label} from {args.file}; the replaced database is kept as {kept}")
    return EXIT_OK


def password(svc: Any, args: argparse.Namespace) -> int:
    old = ask("Current office password: ") if svc.has_office_password() else None
    new = ask("New office password: ")
    if sys.stdin.isatty() and ask("Again: ") != new:
        print("scorekeeper: the two passwords differ; nothing changed", file=sys.stderr)
        return EXIT_REJECTED
    svc.set_office_password(new, old)
    print("office password " + ("changed" if old is not None else "set"))
    return EXIT_OK
