"""The command line's commands, one module per group. Each module's `add_parser(subparsers)` adds its commands
and sets their handler (`func(svc, args) -> exit code`) and what they write (`writes`: a phrase, a function of
the arguments, or None when they only read) with `set_defaults`; `cli.py` builds the parser from `GROUPS` in
order (the order of `scorekeeper --help`), opens the services, refuses a write while the window owns the
database, and runs `args.func(svc, args)`.

A module imports what its commands use when they run, so the command line starts without ReportLab, Jinja2 or
the database layer.
"""

from __future__ import annotations

GROUPS = ("season_file", "results", "database", "rulebook", "printing", "teams", "seasons", "suspension",
          "officials", "mail", "publish", "game", "rink", "support")
"""The modules under `scorekeeper.commands`, in the order their commands are listed."""
