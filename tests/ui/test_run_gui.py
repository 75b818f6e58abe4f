"""`run_gui`: names the application, shows the window, and reports a bad database without a traceback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import pytest
from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from scorekeeper.services import ServiceError, Services
from ui import app as ui_app
from ui import dialogs
from ui.main_window import MainWindow


@pytest.fixture
def critical(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every message QMessageBox.critical would have shown (a modal box would block the test); the offer to
    open another database or restore a backup is declined (and recorded)."""
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a, **k: shown.append(text))
    monkeypatch.setattr(dialogs, "ask_open_failed",
                        lambda parent, target, message, locked: shown.append(f"offer {locked}: {message}"))
    return shown


def run_and_close(look: Callable[[MainWindow], None], db: str = "league.db", **given: str) -> int:
    """`run_gui(db, **given)`; once the database is in the window (it opens on the event loop's first turn),
    `look` at the window and close it. The exit code (a safety timer ends a loop that would not end)."""

    def close_window() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, MainWindow) and widget.isVisible():
                if not widget.ready:
                    QTimer.singleShot(20, close_window)
                    return
                look(widget)
                widget.close()

    QTimer.singleShot(50, close_window)
    safety = QTimer()
    safety.setSingleShot(True)
    safety.timeout.connect(QCoreApplication.quit)
    safety.start(20_000)
    try:
        return ui_app.run_gui(db, **given)
    finally:
        safety.stop()


def test_a_file_that_is_no_database_gives_a_message_and_exit_1(
    qapp: QApplication, tmp_path: Path, critical: list[str]
) -> None:
    bad = tmp_path / "notes.db"
    bad.write_bytes(b"This is not a database, just some notes.\n" * 200)
    assert ui_app.run_gui(str(bad)) == 1
    assert len(critical) == 2 and critical[0].startswith("offer False")  # restore offered: not locked
    assert "could not" in critical[1] and "Traceback" not in critical[1]


def test_a_service_error_on_open_is_shown_as_is(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch, critical: list[str]
) -> None:
    def refuse(target: str | None, **kwargs: object) -> NoReturn:
        raise ServiceError(f"cannot reach {target}: connection refused")

    monkeypatch.setattr(Services, "open", staticmethod(refuse))
    assert ui_app.run_gui("postgresql://office@rink/league") == 1
    assert critical and "cannot reach postgresql://office@rink/league: connection refused" in critical[-1]


def test_run_gui_shows_the_window_and_closes_the_database(
    qapp: QApplication, svc: Services, close_calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[tuple[str | None, object]] = []

    def open_example(target: str | None, **kwargs: object) -> Services:
        opened.append((target, kwargs))
        return svc

    monkeypatch.setattr(Services, "open", staticmethod(open_example))
    seen: list[str] = []
    assert run_and_close(lambda window: seen.append(window.windowTitle())) == 0
    assert [target for target, _ in opened] == ["league.db"] and opened[0][1]["exclusive"] is True
    assert seen == ["Scorekeeper — Westridge Sponge Hockey League 2015-16"]
    assert close_calls == [1]
    assert QCoreApplication.applicationName() == "Scorekeeper"
    assert QCoreApplication.organizationName() == "Westridge Sponge Hockey League"


def test_a_second_window_on_the_same_file_is_refused_naming_the_first(
    qapp: QApplication, tmp_path: Path, critical: list[str]
) -> None:
    path = tmp_path / "league.db"
    first = Services.open(str(path), exclusive=True, operator="Dana at rink 2")
    try:
        assert ui_app.run_gui(str(path)) == 1
    finally:
        first.close()
    offer, message = critical
    assert offer.startswith("offer True") and "Dana at rink 2" in offer  # locked: no restore offered
    assert "already open" in message


def test_open_another_database_from_the_refusal(
    qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "notes.db"
    bad.write_bytes(b"not a database\n" * 100)
    good = tmp_path / "good.db"
    answers = iter(["open", None])
    monkeypatch.setattr(dialogs, "ask_open_failed", lambda parent, target, message, locked: next(answers))
    monkeypatch.setattr(dialogs, "ask_database", lambda parent, new, folder="": str(good))
    svc = ui_app.open_services(str(bad), "Dana")
    assert svc is not None and svc.target.endswith("good.db") and svc.operator == "Dana"
    svc.close()


def test_the_operator_and_season_named_on_the_command_line_are_the_windows(
    qapp: QApplication, svc: Services, close_calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`scorekeeper --operator NAME --season NAME`: the window opens the database as NAME and does not ask who is
    at the keyboard; a season the database does not hold is said in the status bar, the latest shown instead."""
    opened: list[object] = []

    def open_example(target: str | None, **kwargs: object) -> Services:
        opened.append(kwargs["operator"])
        return svc

    monkeypatch.setattr(Services, "open", staticmethod(open_example))
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_operator", lambda parent, name: asked.append(name) or "Someone else")
    seen: list[tuple[str, str | None, str]] = []

    def look(window: MainWindow) -> None:
        seen.append((window.svc.operator, window.current_season(), window.statusBar().currentMessage()))

    assert run_and_close(look, operator="Sam at the boards", season="1999-00") == 0
    assert opened == ["Sam at the boards"] and asked == []
    assert seen[0][:2] == ("Sam at the boards", "2015-16")
    assert "no season 1999-00" in seen[0][2]


def test_a_blank_operator_for_the_window_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    from scorekeeper.cli import EXIT_USAGE, main

    assert main(["--operator", " ", "gui"]) == EXIT_USAGE
    assert "--operator needs a name" in capsys.readouterr().err
