"""Fixtures for the window tests: a real facade over a temporary SQLite file, and settings kept in tmp."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from scorekeeper.services import Services

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT.parent / "shared" / "formats" / "examples" / "small-season.json"


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
    """The shared example season (shared/ lies beside the clone)."""
    if not EXAMPLE.is_file():
        pytest.fail(f"the example season file is missing: {EXAMPLE} (shared/ must lie beside the clone)")
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
