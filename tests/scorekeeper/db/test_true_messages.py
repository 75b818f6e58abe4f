"""True messages (issue 26, part 5): a nearly full disk is called full, not "disk I/O error", whatever the command;
"busy" names what is known about the holder (the window that owns it, the live window its owner file names, or
another program nobody named), never "another Scorekeeper program" by guess."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.db import connect, space
from scorekeeper.db.errors import explain_database_error
from scorekeeper.db.lock import owner_path
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("pristine") / "league.db"
    svc = Services.open(str(db))
    assert svc.import_file(EXAMPLE_SEASON).ok
    svc.close()
    return db


def copy_of(pristine: Path, folder: Path) -> Path:
    target = folder / "league.db"
    shutil.copyfile(pristine, target)
    return target


def nearly_full(monkeypatch: pytest.MonkeyPatch, free: int = 20_000) -> None:
    real = shutil.disk_usage

    def usage(path: os.PathLike[str] | str) -> shutil._ntuple_diskusage:
        total, used, _ = real(path)
        return shutil._ntuple_diskusage(total, used, free)

    monkeypatch.setattr(shutil, "disk_usage", usage)


def failing_sqlite(message: str) -> types.SimpleNamespace:
    """`sqlite3` as `connect` sees it, whose connections fail as SQLite does on a full disk."""
    def fail(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError(message)

    return types.SimpleNamespace(connect=fail, OperationalError=sqlite3.OperationalError,
                                 DatabaseError=sqlite3.DatabaseError)


# -- a full disk -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", [["standings"], ["export", "-o", "out.json"], ["backup", "copy.db"]])
def test_a_disk_io_error_on_a_nearly_full_disk_says_full_for_every_command(
        pristine: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        command: list[str]) -> None:
    db = copy_of(pristine, tmp_path)
    nearly_full(monkeypatch)

    def no_room(_db: object) -> int:  # SQLite cannot grow its -shm when the database is opened
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(connect, "stored_version", no_room)
    monkeypatch.chdir(tmp_path)
    assert main(["--db", str(db), *command]) == 1
    err = capsys.readouterr().err
    assert "is full (19 KB free)" in err and "free some space" in err
    assert "disk I/O error" not in err and "damaged" not in err


def test_the_file_check_before_opening_says_full_too(pristine: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    db = copy_of(pristine, tmp_path)
    Path(f"{db}-wal").write_bytes(b"")  # a journal beside it: the check reads it through a -shm it must create
    nearly_full(monkeypatch)
    monkeypatch.setattr(connect, "sqlite3", failing_sqlite("disk I/O error"))
    with pytest.raises(connect.DatabaseOpenError, match="is full") as caught:
        connect._precheck(db, thorough=False)
    assert "damaged" not in str(caught.value) and "restore" not in str(caught.value)


def test_a_disk_io_error_with_room_to_spare_is_not_called_full(pristine: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    svc = Services.open(str(copy_of(pristine, tmp_path)))
    try:
        nearly_full(monkeypatch, free=50 << 30)
        assert "is full" not in explain_database_error(svc, sqlite3.OperationalError("disk I/O error"))
        nearly_full(monkeypatch)
        text = explain_database_error(svc, sqlite3.OperationalError("disk I/O error"))
        assert "is full" in text and "nothing was written" in text
        assert "is full" in explain_database_error(svc, OSError(28, "No space left on device"))
    finally:
        svc.close()


@contextlib.contextmanager
def small_tmpfs(folder: Path, size: str) -> Iterator[Path]:
    folder.mkdir()
    if sys.platform != "linux" or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a real small disk needs root on Linux (mount -t tmpfs)")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                          capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def test_a_real_nearly_full_disk_is_called_full(pristine: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with small_tmpfs(tmp_path / "disk", "1m") as disk:
        db = copy_of(pristine, disk)
        free = shutil.disk_usage(disk).free
        (disk / "filler").write_bytes(b"\0" * (free - 16 * 1024))  # 16 KB left: less than SQLite's -shm needs
        for command in (["standings"], ["export", "-o", str(tmp_path / "out.json")]):
            assert main(["--db", str(db), *command]) == 1
            err = capsys.readouterr().err
            assert "is full" in err and "disk I/O error" not in err, err


# -- busy ------------------------------------------------------------------------------------------------------
def busy_text(svc: Services) -> str:
    return explain_database_error(svc, sqlite3.OperationalError("database is locked"))


def write_owner(db: Path, pid: int) -> None:
    owner_path(db).write_text(json.dumps({"pid": pid, "host": socket.gethostname(), "operator": "Pat",
                                          "since": "2026-12-05T01:00:00"}), encoding="utf-8")


def test_busy_by_a_program_nobody_named_does_not_blame_scorekeeper(pristine: Path, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    db = copy_of(pristine, tmp_path)
    holder = sqlite3.connect(db, isolation_level=None)  # a database browser, say, in the middle of a write
    holder.execute("pragma journal_mode = wal")
    holder.execute("begin immediate")
    try:
        assert main(["--db", str(db), "--operator", "Sam", "team", "rename", "Owls", "Night Owls"]) == 1
        out = capsys.readouterr().out
    finally:
        holder.execute("rollback")
        holder.close()
    assert "is busy: another program (Scorekeeper or another one, e.g. a database browser or a sync client) holds " \
           "a lock on it" in out
    assert "another Scorekeeper program" not in out and "try again" in out
    assert out.startswith("BLOCK TEAM (teams) team owls: Owls was not renamed 'Night Owls': ")  # not DATA-5


def test_busy_names_the_live_window_its_owner_file_names(pristine: Path, tmp_path: Path) -> None:
    db = copy_of(pristine, tmp_path)
    window = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    svc = Services.open(str(db))
    try:
        write_owner(db, window.pid)
        text = busy_text(svc)
        assert f"the Scorekeeper window on {socket.gethostname()} by Pat (process {window.pid}" in text
        window.kill()
        window.wait()
        text = busy_text(svc)  # a window that has ended holds nothing: its stale file is not believed
        assert "another program (Scorekeeper or another one" in text and "Pat" not in text
        write_owner(db, os.getpid())  # this process's own window is not what holds it
        assert "another program (Scorekeeper or another one" in busy_text(svc)
    finally:
        svc.close()
        if window.poll() is None:
            window.kill()
            window.wait()


def test_busy_names_the_window_this_command_knows_owns_the_file(pristine: Path, tmp_path: Path) -> None:
    db = copy_of(pristine, tmp_path)
    svc = Services.open(str(db))
    try:
        svc.owner = "the Scorekeeper window on rink-pc by Pat (process 1, since 2026-12-05T01:00:00)"
        text = busy_text(svc)
        assert "is busy: the Scorekeeper window on rink-pc by Pat" in text and "another program" not in text
    finally:
        svc.owner = None
        svc.close()


def test_free_bytes_is_unknown_when_the_folder_cannot_be_asked(tmp_path: Path) -> None:
    assert space.free_bytes(tmp_path / "missing" / "folder") is None
    assert not space.disk_full(sqlite3.OperationalError("disk I/O error"), tmp_path / "missing" / "league.db")
