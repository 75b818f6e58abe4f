"""The window's own file dialogs on the database's folder during a live game (Import CSV, Save as PDF, Restore
from backup: each may open and close the database file to sniff its type, which drops the process's SQLite
locks), then a `backup` and a `standings` from another process, then the window is killed: every entry the window
acknowledged is in the database, and the backup holds every entry acknowledged before it began (issue 14)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from scorekeeper.services import Services

ROOT = Path(__file__).resolve().parents[2]

# The window, scored from the keyboard: N, the note's text, Enter; "ack" once the event list shows it.
WINDOW = textwrap.dedent("""
    import os, sys
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from pathlib import Path
    from PySide6.QtCore import QSettings, Qt, QTimer
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    from scorekeeper.services import Services
    from ui import dialogs
    from ui.main_window import MainWindow

    db = Path(sys.argv[1])
    app = QApplication([])
    settings = QSettings(str(db.parent / "window.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Services.open(str(db), exclusive=True, operator="rink"), settings)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.activateWindow()
    tab = window.live_game_tab
    window.tabs.setCurrentWidget(tab)
    tab.select_game("g004")
    QTest.qWait(200)
    tab.events_view.setFocus()
    QTest.qWait(50)

    def key(k):
        widget = QApplication.focusWidget()
        assert widget is not None, "nothing has the keyboard focus"
        QTest.keyClick(widget, k)

    def note(n):
        rows = tab.events.rowCount()
        key(Qt.Key.Key_N)
        for char in f"note {n}":
            for kind in (QKeyEvent.Type.KeyPress, QKeyEvent.Type.KeyRelease):
                QApplication.sendEvent(QApplication.focusWidget(), QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier,
                                                                             char))
        key(Qt.Key.Key_Return)
        app.processEvents()
        assert tab.events.rowCount() == rows + 1, tab.messages.text()
        print(f"ack {n}", flush=True)

    def close_dialog_soon():
        def close():
            dialog = QApplication.activeModalWidget()
            if dialog is not None:
                dialog.reject()
            else:
                QTimer.singleShot(100, close)
        QTimer.singleShot(1500, close)  # long enough for the dialog to list the folder and sniff its files

    n = 0
    for _ in range(5):
        note(n); n += 1
    for ask in (lambda: dialogs.ask_csv_file(window, str(db.parent)),
                lambda: dialogs.ask_pdf_file(window, str(db.parent / "sheet.pdf")),
                lambda: dialogs.ask_backup_file(window, str(db.parent))):
        close_dialog_soon()
        ask()
        window.activateWindow()
        QTest.qWait(50)
        tab.events_view.setFocus()
        QTest.qWait(50)
        note(n); n += 1
    print("dialogs closed", flush=True)
    while True:
        note(n); n += 1
        QTest.qWait(10)
""")


def notes(db: Path) -> int:
    con = sqlite3.connect(db)
    try:
        assert con.execute("pragma integrity_check").fetchone()[0] == "ok"
        return int(con.execute("select count(*) from game_event e join game g on g.id = e.game_id "
                               "where g.ext_id = 'g004' and e.type = 'note'").fetchone()[0])
    finally:
        con.close()


@pytest.mark.slow
def test_file_dialogs_on_the_database_folder_then_other_programs_then_a_kill_lose_nothing(tmp_path: Path,
                                                                                         example_file: Path) -> None:
    db = tmp_path / "league.db"
    svc = Services.open(str(db))
    assert svc.import_data(json.loads(example_file.read_text())).ok
    svc.close()
    before = notes(db)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    window = subprocess.Popen([sys.executable, "-c", WINDOW, str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env)
    assert window.stdout is not None
    acked = 0

    def read_line() -> str:
        nonlocal acked
        assert window.stdout is not None
        line = window.stdout.readline()
        if line.startswith("ack"):
            acked += 1
        return line

    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = read_line()
            assert line, window.stderr.read() if window.stderr else "the window ended"
            if line.startswith("dialogs closed"):
                break
        acked_before_backup = acked
        scorekeeper = [sys.executable, "-m", "scorekeeper", "--db", str(db)]
        backup = subprocess.run([*scorekeeper, "backup", str(tmp_path / "copy.db")], capture_output=True, text=True,
                                env=env, timeout=120)
        assert backup.returncode == 0, backup.stderr
        standings = subprocess.run([*scorekeeper, "standings", "--json"], capture_output=True, text=True, env=env,
                                   timeout=120)
        assert standings.returncode == 0, standings.stderr
        target = acked + 20
        while acked < target and time.monotonic() < deadline:
            assert read_line(), window.stderr.read() if window.stderr else "the window ended"
    finally:
        window.send_signal(signal.SIGKILL)
        window.wait()
    assert acked >= 28
    assert notes(db) - before >= acked
    assert notes(tmp_path / "copy.db") - before >= acked_before_backup
