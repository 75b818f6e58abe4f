"""The lock beside a league file (issue 15, point 4: one library, the same on every platform; issue 14: nothing a
process does to its own files can drop it): the window exclusive, commands shared, a stale note of a dead window
never taken for a live one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from scorekeeper.db.lock import DatabaseLockedError, LeagueLock, owner_path

ROOT = Path(__file__).resolve().parents[3]

HOLD = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from scorekeeper.db.lock import LeagueLock
    db = Path(sys.argv[1])
    lock = LeagueLock(db, operator="Pat")
    if sys.argv[2] == "window":
        lock.acquire_window(wait=0)
    else:
        assert lock.acquire_command() is None
    for name in (db, Path(f"{db}.lock"), Path(f"{db}.owner")):  # what a file dialog may do to the folder
        if name.exists():
            open(name, "rb").close()
    print("holding", flush=True)
    time.sleep(60)
""")


@pytest.fixture
def holder(tmp_path: Path):  # type: ignore[no-untyped-def]
    procs: list[subprocess.Popen[str]] = []

    def start(kind: str) -> Path:
        db = tmp_path / "league.db"
        db.touch()
        proc = subprocess.Popen([sys.executable, "-c", HOLD, str(db), kind], stdout=subprocess.PIPE, text=True,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
        procs.append(proc)
        assert proc.stdout is not None and proc.stdout.readline().startswith("holding")
        return db

    yield start
    for proc in procs:
        proc.kill()
        proc.wait()


def test_a_window_holds_it_exclusively_even_after_closing_its_files(holder) -> None:  # type: ignore[no-untyped-def]
    db = holder("window")
    command = LeagueLock(db)
    seen = command.acquire_command()
    assert seen is not None and "by Pat" in seen  # the command is a guest: the window's lock survived the closes
    with pytest.raises(DatabaseLockedError, match="already open in the Scorekeeper window .* by Pat"):
        LeagueLock(db).acquire_window(wait=0)


def test_commands_share_it_and_a_window_waits_for_them(holder) -> None:  # type: ignore[no-untyped-def]
    db = holder("command")
    other = LeagueLock(db)
    assert other.acquire_command() is None  # two commands at once
    other.release()
    with pytest.raises(DatabaseLockedError, match="busy: a scorekeeper command"):
        LeagueLock(db).acquire_window(wait=0.3)


def test_a_dead_windows_note_is_not_taken_for_a_live_window(holder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "league.db"
    owner_path(db).write_text(json.dumps({"pid": 1, "host": "rink", "operator": "Gone"}))  # killed, never removed
    holder("command")
    with pytest.raises(DatabaseLockedError) as refused:
        LeagueLock(db).acquire_window(wait=0.3)
    assert "busy" in str(refused.value) and "Gone" not in str(refused.value)


def test_the_window_replaces_a_dead_windows_note_and_removes_its_own(tmp_path: Path) -> None:
    db = tmp_path / "league.db"
    owner_path(db).write_text("{}")
    lock = LeagueLock(db, operator="Sam")
    lock.acquire_window(wait=0)
    assert json.loads(owner_path(db).read_text())["operator"] == "Sam"
    lock.release()
    assert not owner_path(db).exists()
