"""The window's ownership follows the database *file*, whatever name reaches it (issue 26, point 1): a symbolic
link, a hard link, `..`, a relative path or a `sqlite:///` URL meet the same lock; a lock file deleted or replaced
is noticed before the window's next write, taken back, or the write is refused and never acknowledged; `restore`
never replaces a database a window has open. Each attack of the issue is replayed with a real window-like process
that acknowledges notes and is killed with `kill -9`: nothing acknowledged is lost or stored twice."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from scorekeeper.db.lock import _take, identity_lock_path, lock_path, owner_path
from scorekeeper.services import DatabaseInUseError, ServiceError, Services
from tests.scorekeeper.db.test_wal_ownership import command, env, league, notes

# The window's side: owns the database through the name it is given, records a note a turn and acknowledges it;
# after the 5th it opens and closes the database file and its -wal and -shm once (dropping its POSIX locks, as a
# file dialog does). A refused note is said once ("refused ...") and the process waits to be killed.
WINDOW = textwrap.dedent("""
    import sys, time
    from scorekeeper.services import Services
    db = sys.argv[1]
    svc = Services.open(db, exclusive=True, operator="rink")
    n = 0
    while True:
        res = svc.add_event("g004", {"type": "note", "text": f"n{n}"}, confirm=True)
        if not res.ok:
            print("refused", " ".join(v.message for v in res.violations), flush=True)
            time.sleep(600)
        print(f"ack {n}", flush=True)
        n += 1
        if n == 5:
            for name in (db, db + "-wal", db + "-shm"):
                open(name, "rb").close()
        time.sleep(0.01)
""")


class Window:
    """A window-like process; `acked` counts its acknowledgements, `refusal` is its refusal, if any."""

    def __init__(self, name: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", WINDOW, str(name)], stdout=subprocess.PIPE, text=True,
                                     env=env())
        self.acked = 0
        self.refusal = ""

    def wait_for(self, n: int, deadline: float = 300) -> None:
        """Read acknowledgements until `n`, or a refusal (generous deadline: a busy machine is slow)."""
        assert self.proc.stdout is not None
        end = time.monotonic() + deadline
        while self.acked < n and not self.refusal and time.monotonic() < end:
            line = self.proc.stdout.readline()
            if line.startswith("ack"):
                self.acked += 1
            elif line.startswith("refused"):
                self.refusal = line
            else:
                raise AssertionError(f"the window said {line!r}")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()


def stored_notes(db: Path) -> list[str]:
    import sqlite3

    con = sqlite3.connect(db)
    try:
        assert con.execute("pragma integrity_check").fetchone()[0] == "ok"
        return [json.loads(r[0])["text"] for r in con.execute("select data from game_event where type = 'note'")]
    finally:
        con.close()


def assert_nothing_lost(db: Path, window: Window) -> None:
    texts = stored_notes(db)
    assert len(texts) == len(set(texts)), "a note stored twice"
    assert {f"n{i}" for i in range(window.acked)} <= set(texts), "an acknowledged note is lost"


# -- one lock, however the file is named --------------------------------------------------------------------------

def spellings(db: Path, tmp_path: Path) -> dict[str, str]:
    link = tmp_path / "link.db"
    link.symlink_to(db)
    hard = tmp_path / "other" / "hard.db"
    hard.parent.mkdir()
    os.link(db, hard)
    return {"symbolic link": str(link), "hard link": str(hard), "dot-dot": str(db.parent / "other" / ".." / db.name),
            "relative": os.path.relpath(db), "URL": f"sqlite:///{db}"}


def test_a_second_window_is_refused_through_every_name_of_the_file(tmp_path: Path) -> None:
    db = league(tmp_path)
    first = Services.open(str(db), exclusive=True, operator="Pat")
    try:
        for how, name in spellings(db, tmp_path).items():
            with pytest.raises(DatabaseInUseError, match="already open in the Scorekeeper window .* by Pat"):
                Services.open(name, exclusive=True, operator="Sam")
            guest = Services.open(name)
            try:
                assert guest.read_only, how  # a command through any name is the window's read-only guest
            finally:
                guest.close()
    finally:
        first.close()


def test_a_command_through_a_hard_link_reads_what_the_window_wrote_and_writes_nothing(tmp_path: Path) -> None:
    db = league(tmp_path)
    hard = tmp_path / "hard.db"
    os.link(db, hard)
    window = Services.open(str(db), exclusive=True, operator="Pat")
    try:
        assert window.add_event("g004", {"type": "note", "text": "in the window's journal"}, confirm=True).ok
        guest = Services.open(str(hard))
        try:
            assert guest.read_only and "by Pat" in (guest.owner or "")
            game = next(g for g in guest.export()["games"] if g["id"] == "g004")
            assert any(e.get("text") == "in the window's journal" for e in game["events"])
        finally:
            guest.close()
        assert not Path(f"{hard}-wal").exists()
    finally:
        window.close()


def test_restore_is_refused_while_a_window_has_the_file_open_through_any_name(tmp_path: Path) -> None:
    db = league(tmp_path)
    copy = tmp_path / "copy.db"
    assert command(db, "backup", str(copy)).returncode == 0
    window = Services.open(str(db), exclusive=True, operator="Pat")
    try:
        for how, name in spellings(db, tmp_path).items():
            done = command(Path(name), "restore", str(copy)) if how != "URL" else subprocess.run(
                [sys.executable, "-m", "scorekeeper", "--db", name, "restore", str(copy)], capture_output=True,
                text=True, env=env(), timeout=300)
            assert done.returncode != 0 and "by Pat" in done.stderr, (how, done.stderr)
        with pytest.raises(ServiceError, match="by Pat"):
            Services.restore_file(tmp_path / "link.db", copy)
    finally:
        window.close()


# -- a lock file deleted or replaced ------------------------------------------------------------------------------

def test_a_deleted_lock_file_is_taken_back_before_the_next_write(tmp_path: Path) -> None:
    db = league(tmp_path)
    window = Services.open(str(db), exclusive=True, operator="Pat")
    try:
        lock_path(db).unlink()  # a clean-up tool, a sync client, a person
        owner_path(db).unlink()
        guest = Services.open(str(db))  # the lock by identity still tells it a window is there
        try:
            assert guest.read_only and "by Pat" in (guest.owner or "")
        finally:
            guest.close()
        assert window.add_event("g004", {"type": "note", "text": "after"}, confirm=True).ok
        assert lock_path(db).exists() and "Pat" in owner_path(db).read_text()
        assert window._lock is not None and window._lock.restored == 1
        with pytest.raises(DatabaseInUseError, match="by Pat"):
            Services.open(str(db), exclusive=True)
    finally:
        window.close()


def test_the_lock_by_identity_deleted_is_taken_back_too(tmp_path: Path) -> None:
    db = league(tmp_path)
    window = Services.open(str(db), exclusive=True, operator="Pat")
    try:
        ident = identity_lock_path(db)
        assert ident is not None and ident.exists()
        ident.unlink()
        assert window.add_event("g004", {"type": "note", "text": "after"}, confirm=True).ok
        assert ident.exists()
        with pytest.raises(DatabaseInUseError, match="by Pat"):
            Services.open(str(tmp_path / "." / db.name), exclusive=True)
    finally:
        window.close()


def test_when_every_lock_file_is_gone_the_window_refuses_to_write_and_says_why(tmp_path: Path) -> None:
    db = league(tmp_path)
    window = Services.open(str(db), exclusive=True, operator="Pat")
    try:
        ident = identity_lock_path(db)
        assert ident is not None
        lock_path(db).unlink()
        ident.unlink()
        res = window.add_event("g004", {"type": "note", "text": "never acknowledged"}, confirm=True)
        assert not res.ok
        message = " ".join(v.message for v in res.violations)
        assert "no longer owns" in message and "nothing was written" in message and "internal" not in message
    finally:
        window.close()
    assert "never acknowledged" not in stored_notes(db)


def test_a_lock_file_replaced_and_held_by_another_program_stops_the_window(tmp_path: Path) -> None:
    db = league(tmp_path)
    window = Services.open(str(db), exclusive=True, operator="Pat")
    try:
        lock_path(db).unlink()
        taken = _take(lock_path(db), exclusive=False)  # another program took the new file
        assert taken is not None
        try:
            res = window.add_event("g004", {"type": "note", "text": "x"}, confirm=True)
            assert not res.ok and "another program holds it now" in res.violations[0].message
        finally:
            taken.drop()
        assert window.add_event("g004", {"type": "note", "text": "y"}, confirm=True).ok  # taken back once free
    finally:
        window.close()


# -- each attack of the issue, then kill -9 ------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("attack", ["write through a symbolic link", "lock file deleted, backup, write",
                                    "restore after the lock file was deleted", "second window through a hard link",
                                    "every lock file deleted, then a write"])
def test_no_acknowledged_entry_is_lost_whatever_reaches_the_file(tmp_path: Path, attack: str) -> None:
    db = league(tmp_path)
    link = tmp_path / "link.db"
    link.symlink_to(db)
    hard = tmp_path / "hard.db"
    os.link(db, hard)
    copy = tmp_path / "copy.db"
    assert command(db, "backup", str(copy)).returncode == 0
    window = Window(db)
    try:
        window.wait_for(20)  # its POSIX locks were dropped at the 5th
        if attack == "write through a symbolic link":
            done = command(link, "officials", "g001", "--number", "W-1")
            assert done.returncode == 1 and "by rink" in done.stderr, done.stderr
        elif attack == "lock file deleted, backup, write":
            lock_path(db).unlink()
            assert command(db, "backup", str(tmp_path / "b.db")).returncode == 0
            done = command(db, "officials", "g001", "--number", "W-1")
            assert done.returncode == 1 and "by rink" in done.stderr, done.stderr
        elif attack == "restore after the lock file was deleted":
            lock_path(db).unlink()
            done = command(db, "restore", str(copy))
            assert done.returncode == 1 and "by rink" in done.stderr, done.stderr
        elif attack == "second window through a hard link":
            with pytest.raises(DatabaseInUseError, match="by rink"):
                Services.open(str(hard), exclusive=True)
        else:
            ident = identity_lock_path(db)
            assert ident is not None
            lock_path(db).unlink()
            ident.unlink()
            done = command(db, "officials", "g001", "--number", "W-1")
            assert done.returncode == 0, done.stderr  # nobody holds a lock now: the command writes
        window.wait_for(window.acked + 30)
        if attack.startswith("every lock file"):
            assert "no longer owns" in window.refusal  # the window stops rather than write into a lost journal
        else:
            assert not window.refusal and window.acked >= 50
    finally:
        window.kill()
    assert_nothing_lost(db, window)
    assert notes(db) >= window.acked


# -- read-only media ----------------------------------------------------------------------------------------------

@pytest.fixture
def read_only_mount(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A folder on a small file system mounted read-only (a locked USB stick, a read-only share): root only."""
    mount = tmp_path / "stick"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(mount)],
                                            capture_output=True).returncode != 0:
        pytest.skip("needs root to mount a read-only file system")

    def seal() -> None:
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)

    yield mount, seal
    subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_a_database_on_read_only_media_answers_read_only_commands(tmp_path: Path, read_only_mount) -> None:  # type: ignore[no-untyped-def]
    mount, seal = read_only_mount
    db = league(tmp_path)
    assert command(db, "backup", str(mount / "league.db")).returncode == 0
    seal()
    on_stick = mount / "league.db"
    done = command(on_stick, "standings", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["divisions"]
    for args in (["export", "-o", str(tmp_path / "season.json")], ["backup", str(tmp_path / "again.db")],
                 ["print", "game-sheet", "g001", "-o", str(tmp_path / "g.pdf")]):
        done = command(on_stick, *args)
        assert done.returncode == 0, (args, done.stderr)
    done = command(on_stick, "officials", "g001", "--number", "W-9")
    assert done.returncode == 1 and "read-only media" in done.stderr and "internal" not in done.stderr
    assert sorted(p.name for p in mount.iterdir()) == ["league.db"]  # nothing written beside it
    done = subprocess.run([sys.executable, "-c", "from scorekeeper.services import Services; import sys; "
                           "Services.open(sys.argv[1], exclusive=True)", str(on_stick)], capture_output=True,
                          text=True, env=env(), timeout=300)
    assert done.returncode != 0 and "read-only" in done.stderr


def test_identity_locks_nobody_took_for_a_month_are_removed_and_held_ones_kept(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper.db import lock as lock_module

    folder = tmp_path / "locks"
    folder.mkdir()
    monkeypatch.setenv("SCOREKEEPER_LOCK_DIR", str(folder))
    monkeypatch.setattr(lock_module, "_pruned", False)
    stale, held_stale = folder / "1-1.lock", folder / "1-2.lock"
    for p in (stale, held_stale):
        p.touch()
        os.utime(p, (time.time() - 40 * 24 * 3600,) * 2)
    holder = _take(held_stale, exclusive=False)
    assert holder is not None
    os.utime(held_stale, (time.time() - 40 * 24 * 3600,) * 2)
    try:
        db = league(tmp_path)
        Services.open(str(db)).close()
        assert not stale.exists() and held_stale.exists()
        ident = identity_lock_path(db)
        assert ident is not None and ident.parent == folder and ident.exists()
    finally:
        holder.drop()


def test_an_output_is_refused_over_the_lock_beside_the_real_file_reached_by_a_link(tmp_path: Path) -> None:
    from scorekeeper.outputs import OutputPathError, check_output_path

    db = league(tmp_path)
    link = tmp_path / "elsewhere" / "link.db"
    link.parent.mkdir()
    link.symlink_to(db)
    Services.open(str(link)).close()
    for name in (lock_path(link), db):
        with pytest.raises(OutputPathError, match="league database"):
            check_output_path(name, link, replace_database=True)
