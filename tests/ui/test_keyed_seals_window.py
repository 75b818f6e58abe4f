"""Issue 26.4 in the window: a final game edited with sqlite3 is told when the window opens; a PC without the
seals' key says once, as a note, that they cannot be checked."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from scorekeeper.db import game_seals, seal_key
from scorekeeper.services import Services
from ui import dialogs
from ui.main_window import MainWindow


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, QMessageBox.Icon]]:
    """Every message box's title, text and icon; each closed at once."""
    seen: list[tuple[str, str, QMessageBox.Icon]] = []

    def run(dialog: QMessageBox) -> int:
        seen.append((dialog.windowTitle(), dialog.text(), dialog.icon()))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


def start_window(qtbot: QtBot, db: Path, settings: QSettings) -> None:
    svc = Services.open(str(db), exclusive=True)
    window = MainWindow(svc, settings)
    qtbot.addWidget(window)
    window.start()
    window.close()
    svc.close()


def test_a_deleted_goal_of_a_final_game_is_told_in_the_window(
        qtbot: QtBot, demo_db: Path, settings: QSettings, boxes: list[tuple[str, str, QMessageBox.Icon]],
        tmp_path: Path) -> None:
    db = tmp_path / "altered.db"
    shutil.copy(demo_db, db)
    con = sqlite3.connect(db)
    ext = con.execute("select g.ext_id from game_event e join game g on g.id = e.game_id where g.status = 'final' "
                      "and e.type = 'goal' limit 1").fetchone()[0]
    con.execute("delete from game_event where id = (select e.id from game_event e join game g on g.id = e.game_id "
                "where g.ext_id = ? and e.type = 'goal' limit 1)", (ext,))
    con.commit()
    con.close()
    start_window(qtbot, db, settings)
    title, text, icon = next(b for b in boxes if "keyed seals" in b[1])
    assert title == "Altered outside Scorekeeper" and icon == QMessageBox.Icon.Critical
    assert f"Final game {ext} " in text or f"final game {ext} " in text


def test_a_pc_without_the_key_is_a_note_not_an_alarm(
        qtbot: QtBot, demo_db: Path, settings: QSettings, boxes: list[tuple[str, str, QMessageBox.Icon]],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "copied.db"
    shutil.copy(demo_db, db)
    monkeypatch.setenv(seal_key.SEAL_DIR_ENV, str(tmp_path / "another-pc"))
    seal_key.forget_cache()
    start_window(qtbot, db, settings)
    seal_key.forget_cache()
    assert [b[0] for b in boxes] == ["Seals cannot be checked on this PC"]
    assert boxes[0][1].startswith("S" + game_seals.UNCHECKED[1:]) and boxes[0][2] == QMessageBox.Icon.Information
