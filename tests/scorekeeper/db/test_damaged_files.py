"""Damaged files are not trusted (issue 14, part 5): a league database is checked page by page before anything
writes to it, a backup row by row before it is restored; a refused file is left untouched; outputs never replace
the database or a device; messages say what is true (read-only is not damaged, a full disk is full)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.db import backup as core_backup
from scorekeeper.db.errors import explain_database_error
from scorekeeper.services import ServiceError, Services
from tests.scorekeeper.test_cli import EXAMPLE


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A league database (the example season) checkpointed into one file, no -wal beside it."""
    db = tmp_path_factory.mktemp("pristine") / "league.db"
    svc = Services.open(str(db))
    assert svc.import_file(EXAMPLE).ok
    svc.close()
    assert not Path(f"{db}-wal").exists()
    return db


def copy_of(pristine: Path, folder: Path, name: str = "league.db") -> Path:
    target = folder / name
    shutil.copyfile(pristine, target)
    return target


def integrity(path: Path) -> str:
    con = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        return str(con.execute("pragma integrity_check").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        con.close()


def test_single_byte_flips_are_refused_untouched_or_open_a_sound_file(pristine: Path, tmp_path: Path) -> None:
    """100 flips over the whole file: a damaged database is never opened (nor written: same bytes, no -wal made);
    a flip that damages nothing (free space, a value) may open."""
    size = pristine.stat().st_size
    rng = random.Random(14)
    refused = opened = 0
    for n in range(100):
        db = copy_of(pristine, tmp_path, f"flip{n}.db")
        data = bytearray(db.read_bytes())
        at = rng.randrange(100, size)  # past the header's magic
        data[at] ^= 1 << rng.randrange(8)
        db.write_bytes(bytes(data))
        damaged = integrity(db) != "ok"
        before = digest(db)
        try:
            svc = Services.open(str(db))
        except ServiceError as exc:
            assert "damaged" in str(exc) or "not a" in str(exc) or "newer" in str(exc), str(exc)
            assert digest(db) == before and not Path(f"{db}-wal").exists()
            refused += 1
            continue
        svc.close()
        assert not damaged, f"flip at byte {at} damaged the file ({integrity(db)}) and it was opened"
        opened += 1
    assert refused > 0 and refused + opened == 100


def damaged_backups(pristine: Path, folder: Path) -> list[Path]:
    """Sixteen ways a backup can be broken."""
    out: list[Path] = []

    def make(name: str, change) -> None:  # type: ignore[no-untyped-def]
        path = copy_of(pristine, folder, f"{name}.db")
        change(path)
        out.append(path)

    def rewrite(path: Path, edit) -> None:  # type: ignore[no-untyped-def]
        data = bytearray(path.read_bytes())
        edit(data)
        path.write_bytes(bytes(data))

    def sql(path: Path, *statements: str) -> None:
        con = sqlite3.connect(path)
        con.execute("pragma foreign_keys = off")
        for statement in statements:
            con.execute(statement)
        con.commit()
        con.execute("pragma journal_mode = delete")
        con.close()

    size = pristine.stat().st_size
    make("truncated-half", lambda p: rewrite(p, lambda d: d.__delitem__(slice(size // 2, None))))
    make("truncated-page", lambda p: rewrite(p, lambda d: d.__delitem__(slice(size - 4096, None))))
    make("header-zeroed", lambda p: rewrite(p, lambda d: d.__setitem__(slice(0, 100), bytes(100))))
    make("page2-garbage", lambda p: rewrite(p, lambda d: d.__setitem__(slice(4096, 8192), b"x" * 4096)))
    make("truncated-odd", lambda p: rewrite(p, lambda d: d.__delitem__(slice(size - 1000, None))))
    make("page-size-bad", lambda p: rewrite(p, lambda d: d.__setitem__(slice(16, 18), b"\x00\x03")))
    make("bad-utf8-name", lambda p: sql(p, "update player set last = cast(x'fffe41' as text)"))
    make("bad-utf8-event", lambda p: sql(p, "update game_event set data = cast(x'c328' as text) where id = "
                                            "(select min(id) from game_event)"))
    make("no-meta", lambda p: sql(p, "drop table meta"))
    make("no-version", lambda p: sql(p, "delete from meta where key = 'schema_version'"))
    make("version-text", lambda p: sql(p, "update meta set value = 'x' where key = 'schema_version'"))
    make("newer", lambda p: sql(p, "update meta set value = '999' where key = 'schema_version'"))
    make("no-games", lambda p: sql(p, "drop table game_event", "drop table game"))
    make("dangling", lambda p: sql(p, "update game_event set game_id = 999999 where id = "
                                      "(select min(id) from game_event)"))
    make("foreign", lambda p: (p.unlink(), sql(p, "create table meta(key text, value text)",
                                               "insert into meta values ('schema_version', '3')")))
    make("empty", lambda p: p.write_bytes(b""))
    return out


def test_restore_refuses_every_damaged_backup_and_changes_nothing(pristine: Path, tmp_path: Path) -> None:
    (tmp_path / "backups").mkdir()
    backups = damaged_backups(pristine, tmp_path / "backups")
    assert len(backups) == 16
    db = copy_of(pristine, tmp_path)
    svc = Services.open(str(db))
    before = svc.export()
    try:
        for bad in backups:
            with pytest.raises(ServiceError) as refused:
                svc.restore(bad)
            assert "internal error" not in str(refused.value) and str(bad) in str(refused.value), bad.name
            assert svc.export() == before, bad.name
    finally:
        svc.close()
    assert not list(db.parent.glob("league.replaced-*"))  # refused before anything was kept aside or written


def test_restore_of_a_database_that_will_not_open_refuses_a_damaged_backup(pristine: Path, tmp_path: Path) -> None:
    target = tmp_path / "broken.db"
    target.write_bytes(b"SQLite format 3\x00" + bytes(2000))
    before = digest(target)
    for bad in damaged_backups(pristine, tmp_path):
        with pytest.raises(core_backup.BackupError):
            core_backup.restore_file(target, bad)
        assert digest(target) == before, bad.name
    assert core_backup.restore_file(target, pristine) is not None
    Services.open(str(target)).close()


def test_a_foreign_sqlite_file_with_a_meta_table_is_refused_and_not_converted(tmp_path: Path) -> None:
    foreign = tmp_path / "other-app.db"
    con = sqlite3.connect(foreign)
    con.execute("create table meta(key text, value text)")
    con.execute("insert into meta values ('schema_version', '2')")
    con.execute("create table invoices(id integer primary key)")
    con.commit()
    con.close()
    before = digest(foreign)
    with pytest.raises(ServiceError, match="not a Scorekeeper database"):
        Services.open(str(foreign))
    assert digest(foreign) == before  # still in rollback-journal mode: byte 18 untouched
    assert not Path(f"{foreign}-wal").exists()


def test_backup_onto_the_database_itself_is_refused(pristine: Path, tmp_path: Path, capsys) -> None:
    db = copy_of(pristine, tmp_path)
    before = digest(db)
    for target in (db, Path(f"{db}-wal"), tmp_path / "." / "league.db"):
        assert main(["--db", str(db), "backup", str(target)]) == 1
        err = capsys.readouterr().err
        assert "the database itself" in err and "verified" not in err
    link = tmp_path / "link.db"
    link.symlink_to(db)
    assert main(["--db", str(db), "backup", str(link)]) == 1
    assert digest(db) == before


def test_backup_refuses_devices_and_pipes_and_writes_through_a_link(pristine: Path, tmp_path: Path, capsys) -> None:
    db = copy_of(pristine, tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target in (Path(os.devnull), fifo, tmp_path):
        assert main(["--db", str(db), "backup", str(target)]) == 1
        err = capsys.readouterr().err
        assert "not a file" in err or "a folder" in err, err
    assert Path(os.devnull).exists() and not Path(os.devnull).is_file()
    assert fifo.exists() and not fifo.is_file()
    real = tmp_path / "real.db"
    real.write_bytes(b"old")
    link = tmp_path / "to-real.db"
    link.symlink_to(real)
    assert main(["--db", str(db), "backup", str(link)]) == 0
    assert link.is_symlink() and core_backup.verify_copy(real) > 0


def test_a_read_only_folder_is_not_called_damaged(pristine: Path, tmp_path: Path, monkeypatch, capsys) -> None:
    db = copy_of(pristine, tmp_path)
    real_access = os.access

    def access(path, mode, *args, **kwargs):  # type: ignore[no-untyped-def]
        if mode == os.W_OK and Path(path) in (tmp_path, db):
            return False  # as for a user without write permission (the tests may run as root)
        return real_access(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)
    assert main(["--db", str(db), "import", str(EXAMPLE)]) == 1
    err = capsys.readouterr().err
    assert "read-only" in err and "damaged" not in err and "restore" not in err


@pytest.mark.parametrize(("raised", "says"), [
    (sqlite3.OperationalError("database or disk is full"), "is full"),
    (sqlite3.OperationalError("attempt to write a readonly database"), "read-only"),
    (sqlite3.OperationalError("database is locked"), "busy"),
])
def test_database_errors_are_explained_truthfully(pristine: Path, tmp_path: Path, raised: Exception,
                                                  says: str) -> None:
    svc = Services.open(str(copy_of(pristine, tmp_path)))
    try:
        text = explain_database_error(svc, raised)
    finally:
        svc.close()
    assert says in text and "restore" not in text


def test_cannot_rollback_after_a_failed_commit_on_a_full_disk_says_full(pristine: Path, tmp_path: Path,
                                                                       monkeypatch) -> None:
    from scorekeeper.db import space

    svc = Services.open(str(copy_of(pristine, tmp_path)))
    monkeypatch.setattr(space, "free_bytes", lambda folder: 20_000)
    try:
        text = explain_database_error(svc, sqlite3.OperationalError("cannot rollback - no transaction is active"))
    finally:
        svc.close()
    assert "is full" in text and "nothing was written" in text


def test_a_busy_database_waits_then_names_who_holds_it(pristine: Path, tmp_path: Path, capsys) -> None:
    db = copy_of(pristine, tmp_path)
    season = json.loads(EXAMPLE.read_text())
    season["teams"][0]["name"] += " (renamed)"
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(season))
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("pragma journal_mode = wal")
    holder.execute("begin immediate")  # another program is in the middle of a write
    try:
        assert main(["--db", str(db), "import", str(changed), "--replace"]) == 1
    finally:
        holder.execute("rollback")
        holder.close()
    err = capsys.readouterr().err
    assert "busy" in err and "try again" in err and "internal error" not in err


def test_restoring_over_a_file_a_window_holds_is_refused(pristine: Path, tmp_path: Path) -> None:
    db = copy_of(pristine, tmp_path)
    window = Services.open(str(db), exclusive=True, operator="Pat")
    try:
        before = digest(db)
        with pytest.raises(core_backup.BackupError, match="already open in the Scorekeeper window .* by Pat"):
            core_backup.restore_file(db, pristine)
        assert digest(db) == before
    finally:
        window.close()
