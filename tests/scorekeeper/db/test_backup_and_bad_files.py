"""Backups, restore and bad database files: clear messages, files never modified (issue 6)."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from scorekeeper.db import DatabaseOpenError, open_database
from scorekeeper.services import ServiceError, Services
from tests.scorekeeper.test_cli import EXAMPLE, cli


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def league(tmp_path: Path) -> Path:
    db = tmp_path / "league.db"
    svc = Services.open(str(db))
    assert svc.import_file(EXAMPLE).ok
    svc.close()
    return db


def test_backup_is_a_verified_consistent_copy_while_open(league: Path, tmp_path: Path):
    svc = Services.open(str(league))  # the "window" keeps it open
    copy = svc.backup(tmp_path / "copy.db")
    other = Services.open(str(copy))
    assert other.standings() == svc.standings()
    assert sqlite3.connect(copy).execute("pragma integrity_check").fetchone()[0] == "ok"
    other.close()
    svc.close()


def test_backup_default_name_is_dated_beside_the_database(league: Path):
    svc = Services.open(str(league))
    made = svc.backup()
    assert made.parent == league.parent and made.name.startswith("league.backup-")
    svc.close()


def test_restore_replaces_and_keeps_the_replaced_database(league: Path, tmp_path: Path):
    svc = Services.open(str(league))
    saved = svc.backup(tmp_path / "before.db")
    svc.add_event("g004", {"type": "timeout", "team": "home", "period": 1, "elapsed": "01:00"})
    kept = svc.restore(saved)
    assert kept.exists() and "replaced" in kept.name
    assert svc.game("g004")["timeouts"] == {"home": 0, "away": 0}
    svc.close()


def test_restore_refuses_a_bad_file_and_changes_nothing(league: Path, tmp_path: Path):
    bad = tmp_path / "bad.db"
    bad.write_text("not a backup")
    before = Services.open(str(league)).export()
    svc = Services.open(str(league))
    with pytest.raises(ServiceError, match="not a Scorekeeper database"):
        svc.restore(bad)
    assert svc.export() == before
    svc.close()


def test_backup_to_a_missing_folder_is_a_clear_error(league: Path, tmp_path: Path):
    svc = Services.open(str(league))
    with pytest.raises(ServiceError, match="does not exist"):
        svc.backup(tmp_path / "nowhere" / "x.db")
    svc.close()


def test_corrupt_file_clear_message_and_untouched(league: Path, tmp_path: Path):
    svc = Services.open(str(league))
    copy = svc.backup(tmp_path / "c.db")
    svc.close()
    data = bytearray(copy.read_bytes())
    data[4096:8192] = b"x" * 4096
    copy.write_bytes(bytes(data))
    before = digest(copy)
    with pytest.raises(DatabaseOpenError, match="damaged"):
        open_database(str(copy))
    assert digest(copy) == before
    r = cli("standings", db=copy)
    assert r.returncode == 1 and "Traceback" not in r.stderr and digest(copy) == before


def test_truncated_file_clear_message(league: Path, tmp_path: Path):
    cut = tmp_path / "cut.db"
    cut.write_bytes(league.read_bytes()[:3000])
    before = digest(cut)
    r = cli("standings", db=cut)
    assert r.returncode == 1 and "damaged" in r.stderr and digest(cut) == before


def test_read_only_file_clear_message(league: Path, tmp_path: Path):
    ro = tmp_path / "ro.db"
    svc = Services.open(str(league))
    svc.backup(ro)
    svc.close()
    ro.chmod(0o444)
    before = digest(ro)
    r = cli("standings", db=ro)
    assert r.returncode == 1 and "read-only" in r.stderr and digest(ro) == before


def test_cli_backup_and_restore(league: Path, tmp_path: Path):
    target = tmp_path / "b.db"
    r = cli("backup", str(target), db=league)
    assert r.returncode == 0 and "verified" in r.stdout and target.exists()
    r = cli("restore", str(target), db=league)
    assert r.returncode == 0 and "kept as" in r.stdout


def test_restore_file_over_a_database_that_will_not_open(league: Path, tmp_path: Path):
    from scorekeeper.db.backup import restore_file

    svc = Services.open(str(league))
    good = svc.backup(tmp_path / "good.db")
    expected = svc.standings()
    svc.close()
    league.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100)  # damaged
    kept = restore_file(league, good)
    assert kept is not None and kept.exists() and "damaged" in kept.name
    again = Services.open(str(league))
    assert again.standings() == expected
    again.close()


def test_restore_file_refuses_a_bad_backup_and_keeps_the_original(league: Path, tmp_path: Path):
    from scorekeeper.db.backup import BackupError, restore_file

    bad = tmp_path / "bad.db"
    bad.write_text("nope")
    before = digest(league)
    with pytest.raises(BackupError):
        restore_file(league, bad)
    assert digest(league) == before


def test_second_writer_is_a_typed_error(league: Path):
    from scorekeeper.services import DatabaseInUseError

    first = Services.open(str(league), exclusive=True)
    code = ("import sys; from scorekeeper.services import Services, DatabaseInUseError\n"
            "try:\n    Services.open(sys.argv[1], exclusive=True)\nexcept DatabaseInUseError as e:\n"
            "    print('typed', e)")
    import subprocess
    import sys as _sys

    out = subprocess.run([_sys.executable, "-c", code, str(league)], capture_output=True, text=True).stdout
    assert out.startswith("typed")
    assert DatabaseInUseError.__mro__[1].__name__ == "ServiceError"
    first.close()
