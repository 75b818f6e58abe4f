"""The window shows the upgrade of an older database in a progress dialog (issue 26, part 5), over the window that
opens it, from 0 to the total; it is gone once the database is open. The core only calls back."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from scorekeeper.db.migrations import LATEST
from tests.scorekeeper.db.old_databases import schema_3_database
from ui import app as ui_app
from ui import upgrade_progress
from ui.upgrade_progress import UpgradeDialog


def test_opening_an_older_database_shows_the_upgrade_in_a_progress_dialog(
        qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "league.db"
    schema_3_database(path, 3_000)
    monkeypatch.setattr(upgrade_progress, "SHOW_AFTER", 0.0)  # as if it took a while
    seen: list[tuple[bool, int, int, str]] = []
    real_call, real_close = UpgradeDialog.__call__, UpgradeDialog.close

    def watched(self: UpgradeDialog, done: int, total: int, what: str) -> None:
        real_call(self, done, total, what)
        dialog = self.dialog
        assert dialog is not None
        seen.append((dialog.isVisible(), dialog.value(), dialog.maximum(), dialog.labelText()))

    closed: list[bool] = []

    def close(self: UpgradeDialog) -> None:
        dialog = self.dialog
        real_close(self)
        closed.append(dialog is not None and not dialog.isVisible() and self.dialog is None)

    monkeypatch.setattr(UpgradeDialog, "__call__", watched)
    monkeypatch.setattr(UpgradeDialog, "close", close)
    parent = QWidget()
    svc = ui_app.open_services(str(path), "Dana", parent)
    try:
        assert svc is not None
        assert svc.db.execute_sql("select value from meta where key = 'schema_version'").fetchone()[0] == str(LATEST)
    finally:
        if svc is not None:
            svc.close()
    assert seen and all(visible for visible, *_ in seen)
    total = seen[0][2]
    assert total > 3_000 and [s[1] for s in seen] == sorted({s[1] for s in seen}) and seen[-1][1] == total
    assert any("chaining the audit trail" in s[3] for s in seen)
    assert closed == [True]  # shown, then gone once the database is open


def test_an_up_to_date_database_shows_no_dialog(qapp: QApplication, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "league.db"
    ui_app.open_services(str(path), "Dana").close()  # type: ignore[union-attr]
    monkeypatch.setattr(upgrade_progress, "SHOW_AFTER", 0.0)
    made: list[object] = []
    monkeypatch.setattr(UpgradeDialog, "_make", lambda self, total: made.append(total))
    svc = ui_app.open_services(str(path), "Dana")
    assert svc is not None
    svc.close()
    assert made == []
