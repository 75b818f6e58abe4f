"""Fixtures for the window tests: a real facade over a temporary SQLite file, and settings kept in tmp."""

from __future__ import annotations

import functools
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON as EXAMPLE

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scorekeeper" / "resources" / "demo" / "demo-season.json"


# A slow, busy machine (CI on 2 cores beside other suites, issue 26) must not fail a window test by chance.
# Every wait *for something to happen* (waitUntil, waitExposed, waitActive, and waitSignal, waitSignals and
# waitCallback unless raising=False) polls for at least PATIENT_MS before it gives up, whatever timeout the test
# wrote: only a test that fails waits that long, and what it asserts is unchanged. A wait meant to time out
# (raising=False) keeps its timeout. A fixed qtbot.wait(ms) also delivers what was already posted before it
# returns (layout requests, resizes, updates and the events they post in turn), as it always does on an idle
# machine, where a few milliseconds are many turns of the event loop, and may not under load.
PATIENT_MS = 60_000
SETTLE_ROUNDS = 5


def _patient(wait: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(wait)
    def patient(self: Any, *args: Any, timeout: int | None = 5000, **kwargs: Any) -> Any:
        if timeout is not None and timeout > 0 and kwargs.get("raising") is not False:
            timeout = max(timeout, PATIENT_MS)
        return wait(self, *args, timeout=timeout, **kwargs)

    return patient


def _settling(wait: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(wait)
    def settling(self: Any, ms: int) -> None:
        from PySide6.QtWidgets import QApplication

        wait(self, ms)
        for _ in range(SETTLE_ROUNDS):
            QApplication.sendPostedEvents()
            QApplication.processEvents()

    return settling


@pytest.fixture(autouse=True, scope="session")
def _patient_waits() -> Iterator[None]:
    from pytestqt.qtbot import QtBot

    with pytest.MonkeyPatch.context() as patch:
        for name in ("waitUntil", "waitExposed", "waitActive", "waitSignal", "waitSignals", "waitCallback"):
            patch.setattr(QtBot, name, _patient(getattr(QtBot, name)))
        patch.setattr(QtBot, "wait", _settling(QtBot.wait))
        yield


@pytest.fixture(autouse=True, scope="session")
def _private_settings(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Point every QSettings() the code under test makes at a temporary folder, never the user's."""
    folder = str(tmp_path_factory.mktemp("qsettings"))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for fmt in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(fmt, scope, folder)


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """A settings file of the test's own."""
    return QSettings(str(tmp_path / "scorekeeper.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def example_file() -> Path:
    """The example season file the project carries (tests/data/small-season.json)."""
    return EXAMPLE


@pytest.fixture
def empty_svc(tmp_path: Path) -> Iterator[Services]:
    """The real facade over a new, empty SQLite database (QT_QPA_PLATFORM is set in tests/conftest.py)."""
    svc = Services.open(str(tmp_path / "t.db"))
    yield svc
    svc.close()


@pytest.fixture
def svc(empty_svc: Services, example_file: Path) -> Services:
    """The facade over a database holding the example season."""
    report = empty_svc.import_file(str(example_file))
    assert report.ok, report
    return empty_svc


@pytest.fixture(scope="session")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding the shipped demo season, imported once per run (tests work on copies)."""
    path = tmp_path_factory.mktemp("demo") / "demo.db"
    svc = Services.open(str(path))
    report = svc.import_file(str(DEMO))
    svc.close()
    assert report.ok, [v.line() for v in report.violations]
    return path


@pytest.fixture
def demo_svc(demo_db: Path, tmp_path: Path) -> Iterator[Services]:
    """The facade over a private copy of the demo season's database."""
    copy = tmp_path / "demo.db"
    shutil.copy(demo_db, copy)
    svc = Services.open(str(copy))
    svc.operator = "Test Operator"
    yield svc
    svc.close()


@pytest.fixture
def close_calls(svc: Services, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per call of `svc.close()` (the real close still runs)."""
    calls: list[int] = []
    real_close = svc.close

    def close() -> None:
        calls.append(1)
        real_close()

    monkeypatch.setattr(svc, "close", close)
    return calls


class UnexpectedDialog(AssertionError):
    """A test reached a modal dialog it did not answer (it would have blocked the run)."""


@pytest.fixture(autouse=True)
def no_modal_dialogs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """No test may block on a modal dialog: each one fails the test unless the test answers it itself.

    The operator's name is answered ("Test Operator") and the first-start offer declined, so that a window
    started by `run_gui` comes up as it would for someone who had been asked before.
    """
    from PySide6.QtWidgets import QFileDialog, QInputDialog

    from ui import dialogs

    asked: list[str] = []

    def refuse(*args: object, **kwargs: object) -> None:
        raise UnexpectedDialog(f"unexpected modal dialog: {args!r}")

    def run_dialog(dialog: object) -> int:
        raise UnexpectedDialog(f"unexpected modal dialog: {getattr(dialog, 'windowTitle', lambda: '?')()}")

    monkeypatch.setattr(dialogs, "run_dialog", run_dialog)
    monkeypatch.setattr(dialogs, "ask_operator", lambda parent, current: asked.append("operator") or "Test Operator")
    monkeypatch.setattr(dialogs, "ask_first_start", lambda parent: asked.append("first start") or None)
    for name in ("getText", "getInt", "getItem"):
        monkeypatch.setattr(QInputDialog, name, refuse)
    for name in ("getOpenFileName", "getSaveFileName", "getExistingDirectory"):
        monkeypatch.setattr(QFileDialog, name, refuse)
    return asked
