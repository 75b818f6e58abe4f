"""Issue 29.6: a usable window within three bare windows' CPU. When the Live Game tab has listed the games (the
window's `loaded`), only what listing them needs is imported: the facade's parts load when first used, so the
engine, the season's reader and writer, the season file's checks, the rules' pipeline, the printed records, mail
and the window's dialogs are not imported yet (the season is read on the worker after that). Checked in a
process of its own through `sys.modules`, never by the clock."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.services import Services

ROOT = Path(__file__).resolve().parents[2]
SEASON = "2015-16"

# What the window must not have imported when it is ready: what reads or judges the whole season, or is only used
# once the person asks for it.
NOT_AT_READY = (
    "scorekeeper.engine", "scorekeeper.engine.computation", "scorekeeper.engine.stored",
    "scorekeeper.db.season_read", "scorekeeper.db.season_write", "scorekeeper.seasonfile",
    "scorekeeper.season.view", "scorekeeper.validation", "scorekeeper.facade.games",
    "scorekeeper.facade.pipeline", "scorekeeper.facade.rink", "scorekeeper.facade.documents",
    "scorekeeper.facade.mail", "scorekeeper.facade.season_files", "scorekeeper.reports", "reportlab", "keyring",
    "smtplib", "ui.print_preview", "ui.mail_dialogs", "ui.rulebook_dialog",
    # issue 29.4: the season's declared records (money is read where it is typed or shown), the PySide6 modules
    # the start does not use
    "scorekeeper.records", "msgspec", "PySide6.QtPrintSupport", "PySide6.QtPdf", "PySide6.QtPdfWidgets",
    "PySide6.QtSvg", "PySide6.QtNetwork",
    # issue 29.4: the tabs out of sight are built (and their modules imported) after ready; the date fields with
    # the first dialog that asks a date
    "ui.roster_tab", "ui.season_tab", "ui.chart", "ui.date_field",
    # issue 29.4: of portalocker only its lock functions (not its package, nor what it asks its version of)
    "portalocker", "portalocker.utils", "importlib.metadata", "email",
    # issue 29.4: the rulebook's fingerprint remembered by its text (`season.book_memo`): the rulebook not parsed
    "scorekeeper.rulebook", "scorekeeper.rulebook.model", "tomllib",
    # issue 29.4: the package's data found beside it (`resources.resources_dir`)
    "importlib.resources",
)

AT_READY = """
import os, sys
from PySide6.QtCore import QSettings
from ui.app import application, show_window
from ui.main_window import OPERATOR, TAB
settings = QSettings(sys.argv[2], QSettings.Format.IniFormat)
settings.setValue(TAB, 1)  # the Live Game tab in front
settings.setValue(OPERATOR, "Dana")  # nobody asked: nothing modal before ready
app = application()
window = show_window(sys.argv[1], settings, season=sys.argv[3])

def ready():
    tab = window.live_game_tab
    listed = tab.model.rowCount()
    read = window.svc.has_view(window.svc.season_row(sys.argv[3]).id)
    print(listed, int(read), " ".join(sorted(sys.modules)), flush=True)
    os._exit(0)

window.loaded.connect(ready)
app.exec()
os._exit(1)
"""


@pytest.fixture
def league(demo_db: Path, tmp_path: Path) -> Path:
    """A copy of the demo season's database with its results stored for the games list (as the window stores
    them when it closes), once listed before (the rulebook's fingerprint then remembered on this PC, as after a
    window's first start)."""
    copy = tmp_path / "league.db"
    shutil.copy(demo_db, copy)
    svc = Services.open(str(copy), exclusive=True)
    for season in svc.seasons():
        svc.game_list(season["name"])
        svc.games(season["name"])
    svc.close()
    return copy


def test_the_window_is_ready_without_the_engine_or_what_reads_the_whole_season(league: Path,
                                                                                 tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", AT_READY, str(league), str(tmp_path / "settings.ini"), SEASON],
                         env=env, capture_output=True, text=True, timeout=120, check=True)
    listed, read, *modules = out.stdout.split()
    assert int(listed) > 0 and read == "0"  # the games listed from the narrow read, the season not read yet
    assert "ui.live_game_tab" in modules and "scorekeeper.season.game_list" in modules
    assert sorted(set(NOT_AT_READY) & set(modules)) == []
