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
    p = _Parser(prog="scorekeeper", description="Westridge Sponge Hockey League scorekeeper.")
    p.add_argument("--version", action="version", version=f"scorekeeper {__version__}")
    p.add_argument("--db", metavar="DB", help="database file path or URL (sqlite:///PATH, postgresql://...); "
                   "default: $SCOREKEEPER_DB, else the file in your data folder")
    p.add_argument("--season", metavar="NAME", help="season to use (default: the latest)")
    p.add_argument("--operator", metavar="NAME", help="who is at the keyboard, recorded in the audit trail with "
                   "every write; default: $SCOREKEEPER_OPERATOR, else the login name marked as such")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.add_parser("gui", help="open the desktop window (the default)")
    imp = sub.add_parser("import", help="load a season file (the whole file or nothing)")
    imp.add_argument("file")
    imp.add_argument("--replace", action="store_true", help="overwrite objects whose content differs")
    exp = sub.add_parser("export", help="write the season file with every computed result")
    exp.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    for name, text in (("standings", "standings of every division"),
                       ("suspensions", "every suspension of the season"),
                       ("fines", "every fine and each team's statement totals"),
                       ("eligibility", "playoff eligibility of every rostered player")):
        sp = sub.add_parser(name, help=text)
        sp.add_argument("--json", action="store_true", help="print JSON")
    st = sub.add_parser("stats", help="player scoring")
    st.add_argument("--json", action="store_true", help="print JSON")
    st.add_argument("--stage", choices=("regular", "playoff"), default="regular")
    bk = sub.add_parser("backup", help="write a verified copy of the database (safe while the window is open)")
    bk.add_argument("file", nargs="?", help="the copy (default: a dated file beside the database)")
    ck = sub.add_parser("check", help="check the whole database: every page, every reference, the audit trail "
                        "and the seals (exit 1 when anything is wrong)")
    ck.add_argument("--json", action="store_true", help="print JSON")
    rs = sub.add_parser("restore", help="replace the database by a backup (the replaced one is kept)")
    rs.add_argument("file")
    pw = sub.add_parser("password", help="set or change the office password (asked, or read from standard input)")
    pw.add_argument("action", choices=("set", "change"))
    rb = sub.add_parser("rulebook", help="the rulebooks a season can be played under")
    rb_sub = rb.add_subparsers(dest="rulebook_command", metavar="ACTION", parser_class=_Parser, required=True)
    rb_load = rb_sub.add_parser("load", help="load another league's rulebook file (TOML) into the database")
    rb_load.add_argument("file")
    rb_list = rb_sub.add_parser("list", help="the rulebooks loaded into the database and those shipped")
    rb_list.add_argument("--json", action="store_true", help="print JSON")
    from scorekeeper import mail, site
    from scorekeeper.reports.commands import add_print_parser

    add_print_parser(sub)
    from scorekeeper import team_commands

    team_commands.add_parsers(sub)
    from scorekeeper import season_commands

    season_commands.add_parsers(sub)
    from scorekeeper import suspension_commands

    suspension_commands.add_parsers(sub)
    from scorekeeper import game_commands

    game_commands.add_parsers(sub)

    mail.add_parser(sub)
    site.add_parser(sub)
    gm = sub.add_parser("game", help="one game's computed record")
    gm.add_argument("game", metavar="GAME")
    gm.add_argument("--json", action="store_true", help="print JSON")
    return p


def _table(headers: list[str], rows: list[list[Any]]) -> str:
    cells = [[("" if c is None else str(c)) for c in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]

    def fmt(row: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 or not c.lstrip("-").isdigit() else c.rjust(w)
                         for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    lines = [fmt(headers), "  ".join("-" * w for w in widths)]
    lines += [fmt(r) for r in cells]
    return "\n".join(lines)


def _print_json(data: Any) -> None:
    import json

    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


NAMED = ("team", "player", "division", "scorer", "served_by")
"""The columns of the readable tables that hold an id: printed by name (the JSON keeps the ids)."""


def _named(row: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """`row` with its teams, players and divisions by name ('Westridge Sharks', not 'westridge-sharks')."""
    out = dict(row)
    for key in NAMED:
        if isinstance(out.get(key), str):
            out[key] = names.get(out[key], out[key])
    if isinstance(out.get("assists"), list):
        out["assists"] = [names.get(a, a) for a in out["assists"]]
    return out


def _games_named(rows: list[dict[str, Any]], games: dict[str, str]) -> list[dict[str, Any]]:
    """`rows` with their `game` by name: the league's game number where set (the JSON keeps the id)."""
    return [{**r, "game": games.get(r["game"], r["game"])} if isinstance(r.get("game"), str) else r for r in rows]


def _show_standings(data: dict[str, Any], names: dict[str, str]) -> None:
    for div in data["divisions"]:
        shootouts = ["sow", "sol"] if div["rows"] and "sow" in div["rows"][0] else []
        keys = ["rank", "team", "gp", "w", "l", "t", "otw", "otl", *shootouts, "pts", "gf", "ga", "diff", "pim"]
        print(f"{data['season']} — {names.get(div['division'], div['division'])}")
        rows = [_named(r, names) for r in div["rows"]]
        print(_table([k.upper() for k in keys], [[r[k] for k in keys] for r in rows]))
        print()


def _show_stats(data: dict[str, Any], names: dict[str, str]) -> None:
    keys = ["player", "team", "gp", "g", "a", "pts", "pim"]
    print(f"{data['season']} — {data['stage']}")
    rows = [_named(r, names) for r in data["players"]]
    print(_table([k.upper() for k in keys], [[r[k] for k in keys] for r in rows]))


def _show_game(g: dict[str, Any], names: dict[str, str], infractions: dict[str, str], game: str = "") -> None:
    """A game's sheet as text: the game by its name (`game`: its league number, else its id), teams, players and
    infractions by name (`infractions`: code -> name)."""
    sides = {"home": names.get(g["home"], g["home"]), "away": names.get(g["away"], g["away"])}
    status = "in progress" if g["status"] != "final" and (g["goals"] or g["penalties"]) else g["status"]
    print(f"Game {game or g['id']} ({g['stage']}, {status}): {sides['home']} {g['score']['home']} - "
          f"{g['score']['away']} {sides['away']}")
    g = {**g, "goals": [{**_named(x, names), "team": sides.get(x["team"], x["team"])} for x in g["goals"]],
         "penalties": [{**_named(x, names), "team": sides.get(x["team"], x["team"])} for x in g["penalties"]],
         "ejections": [_named(e, names) for e in g["ejections"]]}
    if g["decision"]:
        pts = g["points"] or {}
        print(f"Decision: {g['decision']}; winner: {sides.get(g['winner'], 'none')}; points: "
              f"{sides['home']} {pts.get('home')}, {sides['away']} {pts.get('away')}")
    print(f"By period: {sides['home']} {g['by_period']['home']}, {sides['away']} {g['by_period']['away']}")
    if g.get("shootout"):
        so = g["shootout"]
        loser = "away" if so["winner"] == "home" else "home"
        goals = f", {so['goals'][so['winner']]}-{so['goals'][loser]} in {len(so['attempts'])} attempts" if so[
            "goals"] else ""
        print(f"Shootout: won by {sides.get(so['winner'], so['winner'])}{goals}")
    if g["goals"]:
        print("\nGoals")
        print(_table(["PER", "TIME", "TEAM", "SCORER", "ASSISTS", "STR", "EN"],
                     [[x["period"], x["elapsed"], x["team"], x["scorer"] or ("PS" if x["penalty_shot"] else
                                                                             "awarded"),
                       ", ".join(x["assists"]), x["strength"] or "", "EN" if x["empty_net"] else ""]
                      for x in g["goals"]]))
    if g["penalties"]:
        print("\nPenalties")
        print(_table(["PER", "TIME", "TEAM", "PLAYER", "SERVED BY", "INFRACTION", "CLASS", "MIN", "STARTS", "ENDS"],
                     [[x["period"], x["elapsed"], x["team"], x["player"] or "bench", x["served_by"] or "",
                       infractions.get(x["infraction"], x["infraction"]), x["class"], x["minutes"], x["starts"],
                       (x["ends"] or "—") + (" (goal)" if x["ended_by_goal"] else "")] for x in g["penalties"]]))
    if g["ejections"]:
        print("\nEjections: " + ", ".join(f"{e['player']} ({e['rule']})" for e in g["ejections"]))
    for v in g["violations"]:
        print(f"{v['severity'].upper()} {v['rule']}: {v['message']}")


def _show_list(title: str, rows: list[dict[str, Any]], keys: list[str], names: dict[str, str] | None = None) -> None:
    print(title)
    if not rows:
        print("(none)")
        return
    shown = [_named(r, names) for r in rows] if names is not None else rows
    print(_table([k.upper() for k in keys], [[r.get(k) for k in keys] for r in shown]))


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


def _run(args: argparse.Namespace) -> int:
    if args.command in (None, "gui"):
        from ui.app import run_gui

        operator = _operator(args)
        if operator is None:
            return EXIT_USAGE
        return run_gui(args.db, operator=operator, season=getattr(args, "season", None) or "")
    import sqlite3

    from peewee import DatabaseError

    from scorekeeper.db.errors import explain_database_error
    from scorekeeper.db.progress import LinePrinter, reporting
    from scorekeeper.services import ServiceError, Services

    if args.command == "mail" and getattr(args, "mail_command", None) == "settings":
        from scorekeeper import mail

        return int(mail.run(None, args))
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
        for warning in svc.integrity_warnings():
            print(f"scorekeeper: warning: {warning}", file=sys.stderr)
        return _command(svc, args)
    except ServiceError as exc:
        print(f"scorekeeper: {exc}", file=sys.stderr)
        return EXIT_REJECTED
    except (DatabaseError, sqlite3.Error) as exc:
        print(f"scorekeeper: {explain_database_error(svc, exc)}", file=sys.stderr)
        return EXIT_REJECTED
    finally:
        svc.close()


# What each writing command does, for the message that refuses it while the window owns the database.
WRITING_COMMANDS = {"import": "the import", "restore": "the restore", "password": "the password change",
                    "mail": "sending mail (it records what was sent)"}


def _writes(args: argparse.Namespace) -> str | None:
    if args.command == "rulebook" and args.rulebook_command == "load":
        return "loading the rulebook"
    if args.command in ("team", "roster"):
        from scorekeeper import team_commands

        return team_commands.writes(args)
    if args.command == "season":
        from scorekeeper import season_commands

        return season_commands.writes(args)
    if args.command == "suspension":
        from scorekeeper import suspension_commands

        return suspension_commands.writes(args)
    if args.command == "officials":
        from scorekeeper import game_commands

        return game_commands.writes(args)
    return WRITING_COMMANDS.get(args.command)


def _command(svc: Any, args: argparse.Namespace) -> int:
    cmd = args.command
    writes = _writes(args)
    if writes and svc.read_only:
        print(f"scorekeeper: {svc.guest_refusal(writes)}", file=sys.stderr)
        return EXIT_REJECTED
    if cmd == "print":
        from scorekeeper.reports.commands import run_print

        return run_print(svc, args)
    if cmd == "mail":
        from scorekeeper import mail

        return int(mail.run(svc, args))
    if cmd in ("team", "roster"):
        from scorekeeper import team_commands

        return team_commands.run(svc, args, _ask)
    if cmd == "season":
        from scorekeeper import season_commands

        return season_commands.run(svc, args, _ask)
    if cmd == "suspension":
        from scorekeeper import suspension_commands

        return suspension_commands.run(svc, args, _ask)
    if cmd == "officials":
        from scorekeeper import game_commands

        return game_commands.run(svc, args, _ask)
    if cmd == "publish":
        from scorekeeper import site

        return int(site.run(svc, args))
    if cmd == "import":
        report = svc.import_file(args.file, replace=args.replace)
        if report.blocks and all(v.rule == "OFFICE" for v in report.blocks) and svc.has_office_password():
            # what the office password guards: name each change, then ask the password (as `rulebook load` does)
            print(f"{args.file} changes what the office password guards:", file=sys.stderr)
            for v in report.blocks:
                print(f"  {v.message.split(': that needs', 1)[0]}", file=sys.stderr)
            if not svc.unlock_office(_ask("Office password: ")):
                print(f"scorekeeper: wrong office password; {args.file} was not imported, nothing was written (OFFICE)",
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
    if cmd == "export":
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
    if cmd == "rulebook":
        if args.rulebook_command == "load":
            if svc.has_office_password() and not svc.unlock_office(_ask("Office password: ")):
                print("scorekeeper: wrong office password; no rulebook was loaded (OFFICE)", file=sys.stderr)
                return EXIT_REJECTED
            done = svc.load_rulebook_file(args.file)
            print(f"rulebook {done['name']} ({done['title']}) " + ("loaded into the database: a season file can "
                  "now name it" if done["loaded"] else "is already in the database, unchanged"))
            return EXIT_OK
        books = svc.rulebooks()
        _print_json(books) if args.json else _show_list(
            "Rulebooks", [{**b, "seasons": ", ".join(b["seasons"])} for b in books], ["name", "source", "seasons"])
        return EXIT_OK
    if cmd == "backup":
        print(f"backed up {svc.database_label} to {svc.backup(args.file)} (verified)")
        return EXIT_OK
    if cmd == "check":
        return _check(svc, args)
    if cmd == "restore":
        kept = svc.restore(args.file)
        print(f"restored {svc.database_label} from {args.file}; the replaced database is kept as {kept}")
        return EXIT_OK
    if cmd == "password":
        old = _ask("Current office password: ") if svc.has_office_password() else None
        new = _ask("New office password: ")
        if sys.stdin.isatty() and _ask("Again: ") != new:
            print("scorekeeper: the two passwords differ; nothing changed", file=sys.stderr)
            return EXIT_REJECTED
        svc.set_office_password(new, old)
        print("office password " + ("changed" if old is not None else "set"))
        return EXIT_OK
    names = {} if getattr(args, "json", False) else svc.names(args.season)  # readable tables print names
    if cmd == "standings":
        data = svc.standings(args.season)
        _print_json(data) if args.json else _show_standings(data, names)
    elif cmd == "stats":
        data = svc.stats(args.season, args.stage)
        _print_json(data) if args.json else _show_stats(data, names)
    elif cmd == "game":
        data = svc.game(args.game, args.season)
        _print_json(data) if args.json else _show_game(
            data, names, {i["code"]: i["plain_name"] for i in svc.infractions(args.season)},
            svc.game_names(args.season).get(args.game, args.game))
    elif cmd == "suspensions":
        data = svc.suspensions(args.season)
        _print_json(data) if args.json else _show_list(
            f"Suspensions {data['season']}", _games_named(data["suspensions"], svc.game_names(args.season)),
            ["player", "team", "game", "rule", "kind", "games", "served", "status", "appeal", "review"], names)
    elif cmd == "fines":
        data = svc.fines(args.season)
        if args.json:
            _print_json(data)
        else:
            _show_list(f"Fines {data['season']}", _games_named(data["fines"], svc.game_names(args.season)),
                       ["team", "player", "amount", "rule", "game"], names)
            print()
            _show_list("Statement totals", data["totals"], ["team", "fines", "paid", "balance"], names)
    elif cmd == "eligibility":
        data = svc.eligibility(args.season)
        _print_json(data) if args.json else _show_list(
            f"Playoff eligibility {data['season']}", data["players"],
            ["player", "team", "regular_gp", "playoff_eligible"], names)
    return EXIT_OK


def _check(svc: Any, args: argparse.Namespace) -> int:
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
    warnings = svc.integrity_warnings()  # already printed on standard error by `_run`
    notes = [w for w in warnings if w.startswith(UNCHECKED)]
    problems = damage + [w for w in warnings if w not in notes]
    if args.json:
        _print_json({"database": svc.database_label, "sound": not problems, "problems": problems, "notes": notes})
    elif problems:
        for problem in damage:  # the audit trail's and the seals' findings were printed as warnings
            print(f"scorekeeper: {problem}", file=sys.stderr)
        print(f"scorekeeper: {svc.database_label} is not sound: {len(problems)} problem(s)", file=sys.stderr)
    else:
        print(f"{svc.database_label} is sound: every page, every reference and row, the audit trail and the seals"
              + (" (the seals could not be checked on this PC)" if notes else ""))
    return EXIT_REJECTED if problems else EXIT_OK


def _ask(prompt: str) -> str:
    """A password from the terminal (not echoed), or one line of standard input for scripts."""
    if sys.stdin.isatty():
        import getpass

        return getpass.getpass(prompt)
    return sys.stdin.readline().rstrip("\n")


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
    try:
        return _run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # the last guard: a person sees a sentence, never a traceback
        if os.environ.get("SCOREKEEPER_DEBUG"):
            raise
        print(f"scorekeeper: internal error: {type(exc).__name__}: {exc} "
              "(set SCOREKEEPER_DEBUG=1 for details)", file=sys.stderr)
        return EXIT_REJECTED
