"""The file is checked page by page when it matters (issue 29.2): after an unclean exit, after a change made
outside Scorekeeper, for backup and restore, and on demand; otherwise a check whose cost does not grow with the
history. A damaged database is still refused before anything is written to it."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.db import checked, connect
from scorekeeper.services import ServiceError, Services
from tests.benchmarks.league import league
from tests.scorekeeper.test_cli import EXAMPLE

ROOT = Path(__file__).resolve().parents[3]

WRITER = textwrap.dedent("""
    import sys, time
    from scorekeeper.services import Services
    svc = Services.open(sys.argv[1])
    res = svc.add_event("g004", {"type": "note", "text": "before the kill"}, confirm=True)
    print("ack" if res.ok else "refused", flush=True)
    time.sleep(60)
""")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build(folder: Path, seasons: int, games: int) -> Path:
    db = folder / f"league-{seasons}.db"
    svc = Services.open(str(db))
    for season in league(seasons, games):
        assert svc.import_data(season.data).ok
    svc.close()
    return db


@pytest.fixture(scope="module")
def leagues(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """One season and ten seasons of the same league, each closed cleanly (no -wal beside it)."""
    folder = tmp_path_factory.mktemp("leagues")
    return {n: build(folder, n, 40) for n in (1, 10)}


@pytest.fixture()
def example(tmp_path: Path) -> Path:
    db = tmp_path / "league.db"
    svc = Services.open(str(db))
    data = json.loads(EXAMPLE.read_text())
    assert svc.import_data(data).ok
    svc.close()
    return db


class Statements:
    """Every statement the check's own connections run (sqlite3's trace callback)."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def count(self, word: str) -> int:
        return sum(word in s.lower() for s in self.seen)


@pytest.fixture()
def statements(monkeypatch: pytest.MonkeyPatch) -> Iterator[Statements]:
    spy = Statements()
    real = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        con = real(*args, **kwargs)
        con.set_trace_callback(spy.seen.append)
        return con

    monkeypatch.setattr(connect.sqlite3, "connect", traced)
    yield spy


def reopen(db: Path) -> None:
    Services.open(str(db)).close()


def test_a_file_opened_twice_unchanged_is_checked_page_by_page_once(example: Path, tmp_path: Path,
                                                                    statements: Statements) -> None:
    copy = tmp_path / "copy.db"
    shutil.copy2(example, copy)  # a copy (even with its times kept) is another file: never checked here
    reopen(copy)
    assert statements.count("integrity_check") == 1
    for _ in range(3):
        reopen(copy)
    assert statements.count("integrity_check") == 1
    assert statements.count("pragma page_count") == 3  # the constant-cost check instead


def test_a_command_that_writes_then_closes_cleanly_leaves_the_file_known_sound(example: Path,
                                                                                statements: Statements) -> None:
    before = statements.count("integrity_check")
    svc = Services.open(str(example))
    assert svc.add_event("g004", {"type": "note", "text": "a write"}, confirm=True).ok
    svc.close()
    assert not Path(f"{example}-wal").exists()
    reopen(example)
    assert statements.count("integrity_check") == before


def _bytes_read() -> int:
    with open("/proc/self/io", encoding="ascii") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("rchar:"))


@pytest.mark.skipif(not Path("/proc/self/io").exists(), reason="counts bytes read through Linux's /proc/self/io")
def test_the_check_of_a_known_file_costs_the_same_on_one_season_and_on_ten(leagues: dict[int, Path],
                                                                          statements: Statements) -> None:
    one, ten = leagues[1], leagues[10]
    assert ten.stat().st_size > 4 * one.stat().st_size
    work: dict[int, int] = {}
    ran: dict[int, int] = {}
    for _ in range(3):  # the last round counts: the first reads Python's own files too
        for n, db in leagues.items():
            mark, before = len(statements.seen), _bytes_read()
            connect._precheck(db, thorough=True)  # as before a write: with the check
            middle = _bytes_read()
            connect._precheck(db, thorough=False)  # as a guest: the same reads without the check
            work[n] = (middle - before) - (_bytes_read() - middle)
            ran[n] = len(statements.seen) - mark
    assert statements.count("integrity_check") == 0
    assert ran[1] == ran[10]  # the same statements
    # the same bytes read for the check, give or take the digits of the file's size in its record (tens of
    # bytes; a page is 4096): nothing grows with the history
    assert abs(work[1] - work[10]) < 64, work
    assert 0 < work[10] < one.stat().st_size // 10, work  # a few pages, not the file


def test_after_an_unclean_exit_the_next_opening_checks_every_page(example: Path, statements: Statements) -> None:
    reopen(example)
    before = statements.count("integrity_check")
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(example)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None
    try:
        assert proc.stdout.readline().strip() == "ack"
        assert Path(f"{example}-wal").stat().st_size > 0
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert checked.full_check_reason(example) is not None
    reopen(example)
    assert statements.count("integrity_check") == before + 1
    reopen(example)  # closed cleanly this time
    assert statements.count("integrity_check") == before + 1



THREADED_WINDOW = textwrap.dedent("""
    import sys, threading
    from scorekeeper.services import Services
    svc = Services.open(sys.argv[1], exclusive=True, operator="rink")
    reader = threading.Thread(target=svc.standings)  # a read on a thread of its own: a connection of its own
    reader.start()
    reader.join()
    svc.close()
""")


def test_a_window_that_read_on_another_thread_still_leaves_the_file_known_sound(example: Path,
                                                                                statements: Statements) -> None:
    reopen(example)
    before = statements.count("integrity_check")
    subprocess.run([sys.executable, "-c", THREADED_WINDOW, str(example)], check=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert not Path(f"{example}-wal").exists()
    assert checked.full_check_reason(example) is None
    reopen(example)
    assert statements.count("integrity_check") == before

def _damaging_flip(db: Path, seed: int) -> tuple[int, int]:
    """A single-bit flip, written into the file in place (the same file, its identity kept), that the full check
    calls damage; found on a scratch copy."""
    data = db.read_bytes()
    rng = random.Random(seed)
    scratch = db.with_name("scratch.db")
    while True:
        at, bit = rng.randrange(100, len(data)), 1 << rng.randrange(8)
        flipped = bytearray(data)
        flipped[at] ^= bit
        scratch.write_bytes(bytes(flipped))
        con = sqlite3.connect(f"file:{scratch}?immutable=1", uri=True)
        try:
            damaged = con.execute("pragma integrity_check").fetchone()[0] != "ok"
        except sqlite3.DatabaseError:
            damaged = True
        finally:
            con.close()
        if damaged:
            scratch.unlink()
            return at, bit


@pytest.mark.parametrize("keep_times", [False, True])
def test_a_byte_flipped_behind_scorekeepers_back_is_refused_before_anything_is_written(
        example: Path, keep_times: bool) -> None:
    reopen(example)
    assert checked.full_check_reason(example) is None  # known sound
    at, bit = _damaging_flip(example, 29)
    st = example.stat()
    with open(example, "r+b") as fh:  # another program writes into the file
        fh.seek(at)
        byte = fh.read(1)[0]
        fh.seek(at)
        fh.write(bytes([byte ^ bit]))
    if keep_times:  # and even puts its modification time back (the change time cannot be)
        os.utime(example, ns=(st.st_atime_ns, st.st_mtime_ns))
    before = digest(example)
    with pytest.raises(ServiceError, match="damaged"):
        Services.open(str(example))
    assert digest(example) == before and not Path(f"{example}-wal").exists()
    with pytest.raises(ServiceError, match="damaged"):
        Services.open(str(example))  # refused again: a damaged file is never recorded as sound


def test_a_record_that_cannot_be_written_never_fails_an_opening(example: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 statements: Statements) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the state folder would be")
    monkeypatch.setenv(checked.STATE_ENV, str(blocked))
    for _ in range(2):
        reopen(example)
    assert statements.count("integrity_check") == 2  # checked each time, opened each time


def test_a_restored_database_was_checked_by_the_restore(example: Path, tmp_path: Path,
                                                        statements: Statements) -> None:
    target = tmp_path / "broken.db"
    target.write_bytes(b"SQLite format 3\x00" + bytes(2000))
    from scorekeeper.db import backup

    backup.restore_file(target, example)
    verified = statements.count("integrity_check")  # the backup, then the copy put in place (verify_copy)
    reopen(target)
    assert statements.count("integrity_check") == verified  # the restore's own check covered every page


def test_check_command_exit_codes(example: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", str(example), "check"]) == 0
    assert "is sound" in capsys.readouterr().out
    assert main(["--db", str(example), "check", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["sound"] is True and report["problems"] == []

    dangling = tmp_path / "dangling.db"
    shutil.copyfile(example, dangling)
    con = sqlite3.connect(dangling)
    con.execute("pragma foreign_keys = off")
    con.execute("update game_event set game_id = 999999 where id = (select min(id) from game_event)")
    con.commit()
    con.close()
    assert main(["--db", str(dangling), "check"]) == 1
    err = capsys.readouterr().err
    assert "rows refer to rows that are not there" in err and "is not sound" in err
    assert main(["--db", str(dangling), "check", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["sound"] is False and report["problems"]

    at, bit = _damaging_flip(example, 7)
    data = bytearray(example.read_bytes())
    data[at] ^= bit
    example.write_bytes(bytes(data))
    assert main(["--db", str(example), "check"]) == 1
    assert "damaged" in capsys.readouterr().err


def test_check_is_documented() -> None:
    assert "scorekeeper --db FILE check" in (ROOT / "docs" / "command-line.md").read_text(encoding="utf-8")
