"""`run_gui`: names the application, shows the window, and reports a bad database without a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import pytest
from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from scorekeeper.services import ServiceError, Services
from ui import app as ui_app
from ui.main_window import MainWindow


@pytest.fixture
def critical(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every message QMessageBox.critical would have shown (a modal box would block the test)."""
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a, **k: shown.append(text))
    return shown


def test_a_file_that_is_no_database_gives_a_message_and_exit_1(
    qapp: QApplication, tmp_path: Path, critical: list[str]
) -> None:
    bad = tmp_path / "notes.db"
    bad.write_bytes(b"This is not a database, just some notes.\n" * 200)
    assert ui_app.run_gui(str(bad)) == 1
    assert len(critical) == 1
    assert "could not" in critical[0] and "Traceback" not in critical[0]


def test_a_service_error_on_open_is_shown_as_is(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch, critical: list[str]
) -> None:
    def refuse(target: str | None) -> NoReturn:
        raise ServiceError(f"cannot reach {target}: connection refused")

    monkeypatch.setattr(Services, "open", staticmethod(refuse))
    assert ui_app.run_gui("postgresql://office@rink/league") == 1
    assert critical and "cannot reach postgresql://office@rink/league: connection refused" in critical[0]


def test_run_gui_shows_the_window_and_closes_the_database(
    qapp: QApplication, svc: Services, close_calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str | None] = []

    def open_example(target: str | None) -> Services:
        opened.append(target)
        return svc

    monkeypatch.setattr(Services, "open", staticmethod(open_example))
    seen: list[str] = []

    def close_window() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, MainWindow) and widget.isVisible():
                seen.append(widget.windowTitle())
                widget.close()

    QTimer.singleShot(50, close_window)
    safety = QTimer()
    safety.setSingleShot(True)
    safety.timeout.connect(QCoreApplication.quit)
    safety.start(20_000)
    try:
        assert ui_app.run_gui("league.db") == 0
    finally:
        safety.stop()
    assert opened == ["league.db"]
    assert seen == ["Scorekeeper — Westridge Sponge Hockey League 2015-16"]
    assert close_calls == [1]
    assert QCoreApplication.applicationName() == "Scorekeeper"
    assert QCoreApplication.organizationName() == "Westridge Sponge Hockey League"
