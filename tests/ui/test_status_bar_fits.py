"""Issue 27 (left by the boards' work): at 1024x768 the status bar's own message was cut off by the database's
long path beside it. The path gives way in the middle (whole in its tooltip), the message keeps its room."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, QSize
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper.services import Services
from ui import screen_fit


@pytest.mark.parametrize("width", (1024, 1366))
def test_a_long_database_path_leaves_the_status_bar_its_message(
        qtbot: QtBot, demo_db: Path, tmp_path: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch,
        width: int) -> None:
    monkeypatch.setattr(screen_fit, "free_area", lambda window: QRect(0, 0, width, 768))
    monkeypatch.setattr(screen_fit, "FRAME_GUESS", QSize(0, 0))
    monkeypatch.setattr(screen_fit, "frame_extra", lambda window: QSize(0, 0))
    deep = tmp_path / "Westridge Sponge Hockey League office" / "Seasons and backups kept by the office" / "2015-16"
    deep.mkdir(parents=True)
    copy = deep / "westridge-sponge-hockey-league-2015-16-season.db"
    shutil.copy(demo_db, copy)
    svc = Services.open(str(copy))
    svc.operator = "Test Operator"
    try:
        window = open_window(qtbot, svc, settings)
        qtbot.waitUntil(lambda: window.width() == width)
        message = "Backed up to westridge.backup-20151004-190000.db (after the finish)"
        window.statusBar().showMessage(message)
        qtbot.wait(50)
        label = window.database_label
        assert label.toolTip() == f"Database: {svc.database_label}" == label.full_text()
        assert label.width() <= width * 0.25 + 8
        assert "…" in label.text()  # the middle gave way
        permanent = sum(w.width() for w in (window.demo_label, window.office_label, window.operator_label, label)
                        if w.isVisible())
        room = window.statusBar().width() - permanent
        assert room >= window.statusBar().fontMetrics().horizontalAdvance(message) and room >= 0.4 * width
    finally:
        svc.close()
