"""The `team` and `roster` commands: a team listed, renamed, merged into another or deleted, and a roster CSV
imported (issue 18). Each write goes through the facade as the window's do; the office password is asked when
the facade says the change needs it (merge, delete)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from scorekeeper.changes import EntryResult
from scorekeeper.commands.shared import ask
from scorekeeper.results_records import TeamRow
from scorekeeper.rules.ids import OFFICE

EXIT_OK, EXIT_REJECTED = 0, 1


def add_parser(sub: Any) -> None:
    """`team list|rename|merge|delete` and `roster import`."""
    tm = sub.add_parser("team", help="the season's teams: list, rename, merge one into another, delete an empty one")
    actions = tm.add_subparsers(dest="team_command", metavar="ACTION", parser_class=type(tm), required=True)
    ls = actions.add_parser("list", help="every team with its id, division and active players")
    ls.add_argument("--json", action="store_true", help="print JSON")
    ad = actions.add_parser("add", help="a new team in a division (its name unique within the division)")
    ad.add_argument("name", metavar="NAME")
    ad.add_argument("division", metavar="DIVISION", help="the division's id or name")
    ad.add_argument("--colour", metavar="COLOUR", help="the team's colour")
    ad.add_argument("--json", action="store_true", help="print JSON")
    dv = actions.add_parser("add-division", help="a new division (its name unique within the season)")
    dv.add_argument("name", metavar="NAME")
    dv.add_argument("--not-coed", action="store_true", help="a division that is not co-ed")
    dv.add_argument("--tier", type=int, choices=(1, 2), help="the co-ed tier (its line-up rules)")
    dv.add_argument("--json", action="store_true", help="print JSON")
    rn = actions.add_parser("rename", help="give a team another name (unique within its division)")
    rn.add_argument("team", metavar="TEAM", help="the team's id or name")
    rn.add_argument("name", metavar="NEWNAME")
    rn.add_argument("--json", action="store_true", help="print JSON")
    mg = actions.add_parser("merge", help="move a team's games, signings, fines and payments to another team of "
                            "its division, then remove it (office password)")
    mg.add_argument("team", metavar="TEAM", help="the team merged away (id or name)")
    mg.add_argument("into", metavar="INTO", help="the team that stays (id or name)")
    mg.add_argument("--yes", action="store_true", help="accept the warnings the merge raises")
    mg.add_argument("--json", action="store_true", help="print JSON")
    dl = actions.add_parser("delete", help="remove a team with no game, signing, fine or payment (office password)")
    dl.add_argument("team", metavar="TEAM", help="the team's id or name")
    dl.add_argument("--json", action="store_true", help="print JSON")
    tm.set_defaults(func=_run, writes=writes)
    ro = sub.add_parser("roster", help="rosters from the league's spreadsheet")
    ro_actions = ro.add_subparsers(dest="roster_command", metavar="ACTION", parser_class=type(ro), required=True)
    im = ro_actions.add_parser("import", help="sign the players of a roster CSV: each row judged first; rows "
                               "already on the roster are not signed again")
    im.add_argument("file")
    im.add_argument("--dry-run", action="store_true", help="show each row's verdict; write nothing")
    im.add_argument("--json", action="store_true", help="print JSON")
    ro.set_defaults(func=_run, writes=writes)


def writes(args: argparse.Namespace) -> str | None:
    """What the command writes, for the refusal while the window owns the database (None: it only reads)."""
    if args.command == "team" and args.team_command != "list":
        return f"the team {args.team_command}"
    if args.command == "roster" and not args.dry_run:
        return "the roster import"
    return None


def _run(svc: Any, args: argparse.Namespace) -> int:
    return run(svc, args, ask)


def run(svc: Any, args: argparse.Namespace, ask: Callable[[str], str]) -> int:
    if args.command == "roster":
        return _roster_import(svc, args)
    if args.team_command == "list":
        teams = svc.teams(args.season)
        if args.json:
            _print_json(teams)
        else:
            _print_teams(teams)
        return EXIT_OK
    season = args.season
    if args.team_command == "add":
        return _add(svc, args)
    if args.team_command == "add-division":
        return _add_division(svc, args)
    names = {t["id"]: " ".join(t["name"].split()) for t in svc.teams(season)}
    team = svc.find_team(args.team, season)
    if args.team_command == "rename":
        result = svc.rename_team(team, args.name, season=season)
        done = f"{names[team]} ({team}) renamed {' '.join(args.name.split())!r}"
    elif args.team_command == "merge":
        target = svc.find_team(args.into, season)
        result = _guarded(svc, ask, lambda: svc.merge_teams(team, target, confirm=args.yes, season=season))
        done = f"{names[team]} ({team}) merged into {names[target]} ({target})"
    else:
        result = _guarded(svc, ask, lambda: svc.delete_team(team, season=season))
        done = f"{names[team]} ({team}) deleted"
    return _report(result, done, args.json)


def _add(svc: Any, args: argparse.Namespace) -> int:
    """`team add NAME DIVISION`: refused when the division has a team of that name (naming it)."""
    from scorekeeper.facade.errors import ServiceError
    from scorekeeper.rules.roster import team_name_key

    divisions = svc.divisions(args.season)
    found = [d["id"] for d in divisions if d["id"] == args.division
             or team_name_key(str(d["name"])) == team_name_key(args.division)]
    if not found:
        raise ServiceError(f"no division {args.division!r} (its divisions: "
                           + (", ".join(f"{d['name']} ({d['id']})" for d in divisions) or "none") + ")")
    name = " ".join(args.name.split())
    if not name:
        raise ServiceError("type the team's name")
    tid = svc.new_team_id(name, season=args.season)
    team = {"id": tid, "name": name, "division": found[0], **({"colour": args.colour} if args.colour else {})}
    return _report(svc.save_team(team, True, season=args.season), f"{name} ({tid}) added", args.json)


def _add_division(svc: Any, args: argparse.Namespace) -> int:
    """`team add-division NAME`: refused when the season has a division of that name (naming it, TEAM)."""
    from scorekeeper.facade.errors import ServiceError

    name = " ".join(args.name.split())
    if not name:
        raise ServiceError("type the division's name")
    did = svc.new_division_id(name, season=args.season)
    division = {"id": did, "name": name, "coed": not args.not_coed,
                **({"tier": args.tier} if args.tier is not None else {})}
    return _report(svc.save_division(division, True, season=args.season), f"{name} ({did}) added", args.json)


def _print_teams(teams: list[TeamRow]) -> None:
    """The teams as a table: id, name, division, active players."""
    rows = [["ID", "NAME", "DIVISION", "PLAYERS"]] + [[t["id"], t["name"], t["division_name"], str(t["players"])]
                                                       for t in teams]
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    rows.insert(1, ["-" * w for w in widths])
    print("Teams")
    for r in rows:
        print("  ".join([*(c.ljust(w) for c, w in zip(r[:3], widths[:3], strict=True)), r[3].rjust(widths[3])])
              .rstrip())


def _guarded(svc: Any, ask: Callable[[str], str], call: Callable[[], EntryResult]) -> EntryResult:
    """`call`, and once more after the office password when the first answer is that it needs it."""
    result = call()
    if any(v.rule == OFFICE for v in result.blocks) and svc.has_office_password():
        if not svc.unlock_office(ask("Office password: ")):
            print(f"scorekeeper: wrong office password; nothing was changed ({OFFICE})", file=sys.stderr)
            return result
        result = call()
    return result


def _report(result: EntryResult, done: str, as_json: bool) -> int:
    if as_json:
        _print_json({"ok": result.ok, "done": done if result.ok else None,
                     "needs_confirmation": result.needs_confirmation,
                     "violations": [v.to_json() for v in result.violations]})
    else:
        for v in result.violations:
            print(v.line())
    if result.ok:
        if not as_json:
            print(done)
        return EXIT_OK
    why = "it raises warnings: run it again with --yes to accept them" if result.needs_confirmation else \
        "refused"
    print(f"scorekeeper: {why}; nothing was changed", file=sys.stderr)
    return EXIT_REJECTED


def _roster_import(svc: Any, args: argparse.Namespace) -> int:
    from scorekeeper.roster_csv import verdict_counts

    rows = svc.preview_roster_csv(args.file, season=args.season)
    n = verdict_counts(rows)
    summary = (f"{args.file}: {len(rows)} row(s): {n['new']} new, {n['already']} already on the roster, "
               f"{n['refused']} refused" + (f", {n['warning']} with a warning" if n["warning"] else ""))
    result = None
    if not args.dry_run and n["new"]:
        result = svc.import_roster_csv(args.file, confirm=True, season=args.season)
        if not result.ok:  # another program changed the season between the preview and the import
            rows = svc.preview_roster_csv(args.file, season=args.season)
    if args.json:
        _print_json({"ok": result is None or result.ok, "written": bool(result and result.ok),
                     "counts": n, "rows": rows})
    else:
        for row in rows:
            for v in row["violations"]:
                print(f"line {row['line']}: {row['verdict']}: {v['rule']} {v['message']}")
            if row.get("note"):
                print(f"line {row['line']}: already on the roster: {row['note']}")
        outcome = ("dry run: nothing written" if args.dry_run else f"{n['new']} signed" if result and result.ok
                   else "nothing new to sign" if not n["new"] else "nothing written")
        print(f"{summary}; {outcome}")
    if result is not None and not result.ok:
        for v in result.blocks:
            print(f"scorekeeper: {v.message}", file=sys.stderr)
        return EXIT_REJECTED
    if rows and not n["new"] and not n["already"]:
        print(f"scorekeeper: {args.file}: no row can be imported; nothing was written", file=sys.stderr)
        return EXIT_REJECTED
    return EXIT_OK


def _print_json(data: Any) -> None:
    import json

    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
