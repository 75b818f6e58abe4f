"""A database whose `-wal` is its header alone opens at once, as the database file holds it (issue 32: a rink's send
killed at random points). A writer killed between beginning a new log and writing its first page leaves such a
`-wal` beside its `-shm`; SQLite's read-only wal-index, which the check before opening used, cannot read that log
with nobody else on the file: it retried for ten seconds and reported "locking protocol", and the next send was told
its own file was damaged and to restore a backup. The log holds no commit, so nothing is lost by reading the
database file; the check still writes neither the database nor its `-wal`."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

import pytest

from scorekeeper.db.backup import verify_copy
from scorekeeper.db.connect import LOG_HEADER_BYTES, log_without_frames
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON
from tests.scorekeeper.db.test_lock_follows_the_file import read_only_mount  # noqa: F401 - the fixture


def _exported(path: Path) -> str:
    svc = Services.open(str(path))
    try:
        return repr(svc.view().data)
    finally:
        svc.close()


def left_by_a_killed_writer(league: Path, folder: Path) -> Path:
    """A copy of `league` in `folder` as a writer killed after beginning a new log leaves it: its `-shm` beside a
    `-wal` cut back to the log's header (the first page never written), nobody holding the file."""
    con = sqlite3.connect(league)
    try:
        version = con.execute("pragma user_version").fetchone()[0]
        con.execute(f"pragma user_version = {version}")  # a write: the log begun, a page written to it
        folder.mkdir()
        for suffix in ("", "-wal", "-shm"):  # as they are while the writer is alive
            shutil.copy(f"{league}{suffix}", folder / f"{league.name}{suffix}")
    finally:
        con.close()
    copy = folder / league.name
    with open(f"{copy}-wal", "r+b") as wal:
        wal.truncate(LOG_HEADER_BYTES)
    return copy


@pytest.fixture
def league(tmp_path: Path) -> Path:
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    svc.close()
    return path


def _digests(path: Path) -> dict[str, str]:
    return {suffix: hashlib.sha256(Path(f"{path}{suffix}").read_bytes()).hexdigest() for suffix in ("", "-wal")}


def test_a_log_cut_back_to_its_header_is_seen_as_one(league: Path, tmp_path: Path) -> None:
    copy = left_by_a_killed_writer(league, tmp_path / "killed")
    assert log_without_frames(copy) and Path(f"{copy}-shm").exists()
    assert not log_without_frames(league)  # none beside a file closed cleanly


def test_a_file_left_with_a_log_of_its_header_alone_opens_with_all_its_data_and_takes_entries(
        league: Path, tmp_path: Path) -> None:
    before = _exported(league)
    copy = left_by_a_killed_writer(league, tmp_path / "killed")
    svc = Services.open(str(copy))
    try:
        assert repr(svc.view().data) == before
        game = next(g for g in svc.view().data["games"] if g.get("status") != "final")
        assert svc.save_game({**game, "notes": "after the killed send"}, confirm=True).ok
    finally:
        svc.close()
    assert "after the killed send" in _exported(copy)


def test_the_thorough_check_reads_such_a_file_without_writing_it_or_its_log(league: Path, tmp_path: Path) -> None:
    copy = left_by_a_killed_writer(league, tmp_path / "killed")
    before = _digests(copy)
    assert verify_copy(copy) > 0  # every page, reference and row read: sound, its schema version
    assert _digests(copy) == before


def test_such_a_file_on_read_only_media_is_read_as_the_database_file_holds_it(
        league: Path, tmp_path: Path, read_only_mount) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    mount, seal = read_only_mount
    before = _exported(league)
    copy = left_by_a_killed_writer(league, tmp_path / "killed")
    for suffix in ("", "-wal", "-shm"):
        shutil.copy(f"{copy}{suffix}", mount / f"{copy.name}{suffix}")
    seal()
    on_stick = mount / copy.name
    assert _exported(on_stick) == before  # nothing could be written there: the -shm not rebuilt, the log left aside
    assert verify_copy(on_stick) > 0
