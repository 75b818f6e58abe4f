"""What the command modules share: exit codes, the password prompt, JSON and table printing, names for ids."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast

EXIT_OK, EXIT_REJECTED, EXIT_USAGE = 0, 1, 2
R = TypeVar("R", bound=Mapping[str, object])

Handler = Callable[[Any, argparse.Namespace], int]
"""A command's handler: the open services (None for a command that needs no database) and the arguments."""


def ask(prompt: str) -> str:
    """A password from the terminal (not echoed), or one line of standard input for scripts."""
    if sys.stdin.isatty():
        import getpass

        return getpass.getpass(prompt)
    return sys.stdin.readline().rstrip("\n")


def print_json(data: Any) -> None:
    import json

    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def table(headers: list[str], rows: list[list[Any]]) -> str:
    cells = [[("" if c is None else str(c)) for c in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]

    def fmt(row: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 or not c.lstrip("-").isdigit() else c.rjust(w)
                         for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    lines = [fmt(headers), "  ".join("-" * w for w in widths)]
    lines += [fmt(r) for r in cells]
    return "\n".join(lines)


NAMED = ("team", "player", "division", "scorer", "served_by")
"""The columns of the readable tables that hold an id: printed by name (the JSON keeps the ids)."""


def named(row: R, names: dict[str, str]) -> R:
    """`row` with its teams, players and divisions by name ('Westridge Sharks', not 'westridge-sharks'): a record
    of the same keys and types (an id and a name are both text)."""
    out: dict[str, object] = dict(row)
    for key in NAMED:
        if isinstance(value := out.get(key), str):
            out[key] = names.get(value, value)
    if isinstance(assists := out.get("assists"), list):
        out["assists"] = [names.get(a, a) if isinstance(a, str) else a for a in assists]
    return cast(R, out)  # the same record: only text values replaced by text


def show_list(title: str, rows: Sequence[Mapping[str, object]], keys: list[str], names: dict[str, str] | None = None
              ) -> None:
    print(title)
    if not rows:
        print("(none)")
        return
    shown = [named(r, names) for r in rows] if names is not None else rows
    print(table([k.upper() for k in keys], [[r.get(k) for k in keys] for r in shown]))


def readable_names(svc: Any, args: argparse.Namespace) -> dict[str, str]:
    """Names for the ids of a readable table; none for --json (the JSON keeps the ids)."""
    return {} if getattr(args, "json", False) else svc.names(args.season)
