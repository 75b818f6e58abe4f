"""The window owns its SQLite file (issue 14, part 1): whatever drops the window's own POSIX locks (any close of
the database file in its process, as a file dialog does), no other Scorekeeper process can checkpoint, reset or
delete the `-wal` it writes into, so every acknowledged entry survives a kill."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.db.lock import LeagueLock
from scorekeeper.services import DatabaseInUseError, ServiceError, Services
from tests.scorekeeper.test_cli import EXAMPLE

ROOT = Path(__file__).resolve().parents[3]

# The window's side: owns the database, records a note a turn and acknowledges it; after the 5th it opens and closes
# the database file and its -wal and -shm once, as a file dialog sniffing the folder does.
WINDOW = textwrap.dedent("""
    import sys, time
    from scorekeeper.services import Services
    db = sys.argv[1]
    svc = Services.open(db, exclusive=True, operator="rink")
    n = 0
    while True:
        res = svc.add_event("g004", {"type": "note", "text": f"n{n}"}, confirm=True)
        if not res.ok:
            print("refused", [v.line() for v in res.violations], flush=True)
            break
        print(f"ack {n}", flush=True)
        n += 1
        if n == 5:
            for name in (db, db + "-wal", db + "-shm"):
                open(name, "rb").close()
        time.sleep(0.01)
""")

SECOND_WINDOW = textwrap.dedent("""
    import sys
    from scorekeeper.services import DatabaseInUseError, Services
    try:
        Services.open(sys.argv[1], exclusive=True, operator="office")
    except DatabaseInUseError as exc:
        print("refused:", exc)
    else:
        print("opened")
""")


def league(tmp_path: Path) -> Path:
    db = tmp_path / "league.db"
    svc = Services.open(str(db))
    assert svc.import_data(json.loads(EXAMPLE.read_text())).ok
    svc.close()
    return db


def notes(db: Path) -> int:
    con = sqlite3.connect(db)
    try:
        assert con.execute("pragma integrity_check").fetchone()[0] == "ok"
        return int(con.execute("select count(*) from game_event where type = 'note'").fetchone()[0])
    finally:
        con.close()


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def command(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(db), *args], capture_output=True,
                          text=True, env=env(), timeout=300)


class Acks:
    """Reads the window's acknowledgements as they come."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.proc = proc
        self.count = 0

    def wait_for(self, n: int) -> int:
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 300
        while self.count < n and time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            assert line.startswith("ack"), line
            self.count += 1
        return self.count


@pytest.mark.slow
@pytest.mark.parametrize("other", ["backup", "standings", "export", "second window"])
@pytest.mark.parametrize("run", [1, 2])
def test_no_acknowledged_entry_is_lost_when_another_process_opens_the_database(tmp_path: Path, other: str,
                                                                              run: int) -> None:
    db = league(tmp_path)
    before = notes(db)
    window = subprocess.Popen([sys.executable, "-c", WINDOW, str(db)], stdout=subprocess.PIPE, text=True, env=env())
    acks = Acks(window)
    try:
        acks.wait_for(20 * run)  # the locks were dropped at the 5th
        acked_before = acks.count
        if other == "backup":
            done = command(db, "backup", str(tmp_path / "copy.db"))
            assert done.returncode == 0, done.stderr
        elif other == "standings":
            done = command(db, "standings", "--json")
            assert done.returncode == 0, done.stderr
            assert json.loads(done.stdout)["divisions"]
        elif other == "export":
            done = command(db, "export", "-o", str(tmp_path / "season.json"))
            assert done.returncode == 0, done.stderr
            assert any(g["id"] == "g004" for g in json.loads((tmp_path / "season.json").read_text())["games"])
        else:
            done = subprocess.run([sys.executable, "-c", SECOND_WINDOW, str(db)], capture_output=True, text=True,
                                  env=env(), timeout=300)
            assert done.stdout.startswith("refused:"), done.stdout + done.stderr
            assert "Scorekeeper window" in done.stdout and "by rink" in done.stdout
        acks.wait_for(acks.count + 30)  # the window goes on writing after the other process closed
    finally:
        window.send_signal(signal.SIGKILL)
        window.wait()
    # a kill can fall between a commit and its acknowledgement: never fewer stored than acknowledged
    assert acks.count >= 50
    assert notes(db) - before >= acks.count
    assert Path(f"{db}-wal").exists() or notes(db) - before >= acks.count
    if other == "backup":
        assert notes(tmp_path / "copy.db") - before >= acked_before


def test_a_command_is_a_read_only_guest_while_the_window_owns_the_database(tmp_path: Path, capsys) -> None:
    db = league(tmp_path)
    window = Services.open(str(db), exclusive=True, operator="Pat")
    try:
        guest = Services.open(str(db))
        try:
            assert guest.read_only and "by Pat" in (guest.owner or "")
            assert guest.standings()["divisions"]  # reads as usual
            with pytest.raises(ServiceError, match="may only read it"):
                guest.restore(tmp_path / "whatever.db")
        finally:
            guest.close()
        stamp = db.stat().st_mtime_ns, db.stat().st_size
        assert main(["--db", str(db), "import", str(EXAMPLE), "--replace"]) == 1
        err = capsys.readouterr().err
        assert "is open in the Scorekeeper window" in err and "by Pat" in err and "the import was not done" in err
        assert "internal error" not in err and "locked" not in err
        assert (db.stat().st_mtime_ns, db.stat().st_size) == stamp
        assert main(["--db", str(db), "standings", "--json"]) == 0
    finally:
        window.close()
    # the window gone, the command writes again
    assert main(["--db", str(db), "import", str(EXAMPLE)]) == 0


def test_a_second_window_is_refused_and_names_the_first(tmp_path: Path) -> None:
    db = league(tmp_path)
    first = Services.open(str(db), exclusive=True, operator="Pat")
    try:
        with pytest.raises(DatabaseInUseError, match="already open in the Scorekeeper window .* by Pat"):
            Services.open(str(db), exclusive=True, operator="Sam")
    finally:
        first.close()
    Services.open(str(db), exclusive=True).close()


def test_the_window_waits_a_moment_for_a_running_command_then_says_so(tmp_path: Path) -> None:
    db = league(tmp_path)
    running = Services.open(str(db))  # a command holds the lock shared while it runs
    try:
        lock = LeagueLock(db)
        started = time.monotonic()
        with pytest.raises(Exception, match="busy: a scorekeeper command"):
            lock.acquire_window(wait=0.5)
        assert time.monotonic() - started >= 0.4
    finally:
        running.close()
    lock = LeagueLock(db)
    lock.acquire_window(wait=0.5)
    lock.release()


def test_a_guest_connection_never_writes_the_database_nor_its_wal(tmp_path: Path) -> None:
    """The guest opens read-only with a read-only wal-index, even when the owner's locks were dropped."""
    db = league(tmp_path)
    window = Services.open(str(db), exclusive=True)
    try:
        assert window.add_event("g004", {"type": "note", "text": "kept"}, confirm=True).ok
        for name in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
            open(name, "rb").close()  # the window's process drops its own POSIX locks
        wal = Path(f"{db}-wal").stat().st_ino
        guest = Services.open(str(db))
        assert guest.read_only
        assert any(e.get("text") == "kept" for e in guest.view().games["g004"]["events"])
        guest.close()
        assert Path(f"{db}-wal").exists() and Path(f"{db}-wal").stat().st_ino == wal
        assert window.add_event("g004", {"type": "note", "text": "after"}, confirm=True).ok
    finally:
        window.close()
    con = sqlite3.connect(db)
    texts = [r[0] for r in con.execute("select data from game_event where type = 'note'")]
    con.close()
    assert any("after" in (t or "") for t in texts)


def test_a_database_in_a_folder_with_spaces_hashes_and_question_marks_backs_up_and_reads(tmp_path: Path,
                                                                                       capsys) -> None:
    folder = tmp_path / "Rink #2? 100% ice"
    folder.mkdir()
    db = league(folder)
    window = Services.open(str(db), exclusive=True)
    try:
        assert main(["--db", str(db), "backup", str(folder / "copy #1.db")]) == 0  # a guest's read-only URI
        assert main(["--db", str(db), "standings", "--json"]) == 0
    finally:
        window.close()
    assert main(["--db", str(db), "backup", str(folder / "copy #2.db")]) == 0
    assert "verified" in capsys.readouterr().out
