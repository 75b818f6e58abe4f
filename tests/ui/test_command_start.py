"""Issue 17: the window through the `scorekeeper` command paints its shell before any of the core (mail, site,
the rulebook, the database) is imported, as `ui.app.show_window` alone does (test_deferred_open.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The command's own `main`, with `show_window` wrapped to list the modules loaded once the shell is painted.
THROUGH_THE_COMMAND = """
import os, sys, tempfile
from PySide6.QtCore import QSettings
for fmt in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
    QSettings.setPath(fmt, QSettings.Scope.UserScope, tempfile.mkdtemp())
import ui.app
show_window = ui.app.show_window

def shown(db, settings=None, **given):
    window = show_window(db, settings, **given)
    assert window.isVisible() and not window.ready and db == sys.argv[2]
    print(" ".join(sorted(sys.modules)), flush=True)
    os._exit(0)

ui.app.show_window = shown
from scorekeeper.cli import main
sys.argv[1:] = ["--db", sys.argv[2], "gui"] if sys.argv[1] == "gui" else ["--db", sys.argv[2]]
main()
"""
# What painting the shell may load of the project: the command alone (the icon is found after the paint).
# the collector is tuned first; the log (logging and one file, issue 31.1) is started before anything can fail
MAY_LOAD = {"scorekeeper", "scorekeeper.cli", "scorekeeper.collector", "scorekeeper.logs"}
HEAVY = ("peewee", "psycopg", "psycopg2", "reportlab", "keyring", "smtplib", "sqlite3", "email", "json")


def loaded_when_shown(how: str, db: Path) -> set[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", THROUGH_THE_COMMAND, how, str(db)], env=env,
                         capture_output=True, text=True, timeout=60, check=True)
    return set(out.stdout.split())


def test_the_command_paints_the_shell_before_importing_the_core(tmp_path: Path) -> None:
    for how in ("default", "gui"):
        modules = loaded_when_shown(how, tmp_path / "league.db")
        assert "ui.main_window" in modules
        assert {m for m in modules if m.split(".")[0] == "scorekeeper"} <= MAY_LOAD
        assert not {m for m in modules if m.split(".")[0] in HEAVY}
        assert not (tmp_path / "league.db").exists()  # opened on the event loop's first turn, not before
