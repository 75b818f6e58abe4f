"""A lost WAL locking race (SQLite's "locking protocol", SQLITE_PROTOCOL) while the file is checked before opening
is tried again, not reported as a damaged database: a rink's send killed mid-write left its `-shm`, and the next
send was told to restore a backup."""

from __future__ import annotations

import sqlite3
import types
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.db import connect as db_connect
from scorekeeper.services import ServiceError, Services
from tests.data import EXAMPLE_SEASON


def losing_races(monkeypatch: pytest.MonkeyPatch, lost: int) -> list[str]:
    """The check's first `lost` reads lose the locking race; the URIs it opened."""
    opened: list[str] = []
    real = sqlite3.connect

    def connect(database: str, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        opened.append(database)
        if len(opened) <= lost:
            raise sqlite3.OperationalError("locking protocol")
        return real(database, *args, **kwargs)

    monkeypatch.setattr(db_connect, "sqlite3", types.SimpleNamespace(**{**vars(sqlite3), "connect": connect}))
    monkeypatch.setattr(db_connect.time, "sleep", lambda seconds: None)
    return opened


@pytest.fixture
def league(tmp_path: Path) -> Path:
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    svc.close()
    return path


def test_a_lost_locking_race_while_checking_is_tried_again_and_the_file_opens(
        league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = losing_races(monkeypatch, lost=2)
    svc = Services.open(str(league))
    try:
        assert svc.seasons()
    finally:
        svc.close()
    assert len(opened) >= 3  # two races lost, then read


def test_a_race_lost_every_time_still_refuses_the_file(league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = losing_races(monkeypatch, lost=1000)
    with pytest.raises(ServiceError, match="locking protocol"):
        Services.open(str(league))
    assert len(opened) == db_connect.LOCKING_RACE_TRIES
