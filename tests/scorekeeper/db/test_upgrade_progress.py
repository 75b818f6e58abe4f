"""A schema upgrade shows progress and is fast (issue 26, part 5): a last-release database (schema 3) with 60,000
audit entries is upgraded in set-based statements, one transaction a step, reporting `(done, total, what)` from 0
up to the total; the command line prints how far it is once it takes over a second. Its time is measured by
tests/benchmarks/upgrade.py, not here (machines are noisy)."""

from __future__ import annotations

import io
import shutil
import sqlite3
from pathlib import Path

import pytest
from peewee import SqliteDatabase

from scorekeeper.cli import main
from scorekeeper.db import audit_chain, chain_upgrade, progress
from scorekeeper.db.migrations import LATEST, migrate
from scorekeeper.db.models import database_proxy
from scorekeeper.services import Services
from tests.scorekeeper.db.old_databases import schema_3_database

ENTRIES = 60_000


@pytest.fixture(scope="module")
def old_60k(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("old") / "league.db"
    schema_3_database(path, ENTRIES)
    return path


def copy_of(old: Path, folder: Path) -> Path:
    target = folder / "league.db"
    shutil.copyfile(old, target)
    return target


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    con = sqlite3.connect(path)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def bound(path: Path) -> SqliteDatabase:
    db = SqliteDatabase(str(path), pragmas={"journal_mode": "wal", "foreign_keys": 1})
    db.connect()
    database_proxy.initialize(db)
    return db


def test_upgrading_60000_audit_entries_reports_progress_up_to_the_total(old_60k: Path, tmp_path: Path) -> None:
    path = copy_of(old_60k, tmp_path)
    entries = rows(path, "select id, season_id, at, operator, action, subject, before, after from audit_entry "
                         "order by id")
    assert len(entries) > ENTRIES
    calls: list[tuple[int, int, str]] = []
    db = bound(path)
    try:
        assert migrate(db, lambda done, total, what: calls.append((done, total, what))) == list(range(4, LATEST + 1))
        assert audit_chain.problems() == []  # every entry chained as it stands, the head on the last
    finally:
        db.close()
    counts = [c[0] for c in calls]
    total = calls[0][1]
    assert {c[1] for c in calls} == {total} and total == len(entries) + (LATEST - 3) - 1  # an entry, a step
    assert counts[0] == 0 and counts[-1] == total and counts == sorted(set(counts))  # from 0, each forward once
    chaining = [c for c in calls if c[2] == "chaining the audit trail"]
    assert len(chaining) >= len(entries) // chain_upgrade.PAGE  # heard during the long step, not only after it
    # the entries are as they were, each with its hash; the file is sound and a window opens it without a warning
    assert rows(path, "select id, season_id, at, operator, action, subject, before, after from audit_entry "
                      "order by id") == entries
    assert rows(path, "select count(*) from audit_entry where hash is null or imported is null") == [(0,)]
    assert rows(path, "pragma integrity_check") == [("ok",)]
    assert rows(path, "select value from meta where key = 'schema_version'") == [(str(LATEST),)]
    svc = Services.open(str(path), exclusive=True, operator="Pat")
    try:
        assert svc.integrity_warnings() == []
        assert svc.standings()
    finally:
        svc.close()


def test_the_chain_written_in_batches_is_the_one_written_row_by_row(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    schema_3_database(path, 2_345)
    db = bound(path)
    try:
        migrate(db)
        fast = rows(path, "select id, hash from audit_entry order by id")
        head = rows(path, "select value from meta where key = 'audit_chain'")
        db.execute_sql("update audit_entry set hash = null")
        with db.atomic():
            audit_chain.rechain()  # the chain's own, one UPDATE a row
        assert rows(path, "select id, hash from audit_entry order by id") == fast
        assert rows(path, "select value from meta where key = 'audit_chain'") == head
    finally:
        db.close()


def test_an_upgrade_that_fails_midway_leaves_the_database_as_it_was(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "league.db"
    schema_3_database(path, 12_000)
    before = rows(path, "select * from audit_entry order by id")
    seen: list[int] = []

    def failing(n: int) -> None:
        seen.append(n)
        if n >= 10_000:
            raise sqlite3.OperationalError("disk I/O error")

    real = chain_upgrade.chain_trail
    monkeypatch.setattr(chain_upgrade, "chain_trail", lambda db, tick=None: real(db, failing))
    db = bound(path)
    try:
        with pytest.raises(sqlite3.OperationalError):
            migrate(db)
    finally:
        db.close()
    assert seen and seen[-1] >= 10_000  # hashes were being written when it failed
    assert rows(path, "select value from meta where key = 'schema_version'") == [("3",)]
    assert rows(path, "select * from audit_entry order by id") == before  # no hash column, no half chain
    assert rows(path, "select count(*) from meta where key = 'audit_chain'") == [(0,)]


def test_the_command_line_prints_how_far_the_upgrade_is_once_it_takes_a_while(
        old_60k: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = copy_of(old_60k, tmp_path)
    monkeypatch.setattr(progress, "PRINT_AFTER", 0.0)  # as if the machine took over a second
    assert main(["--db", str(path), "standings"]) == 0
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert lines and all(line.startswith("scorekeeper: upgrading the database: ") for line in lines)
    assert "chaining the audit trail" in captured.err and lines[-1].endswith("(100%)")
    assert "upgrading" not in captured.out and "Otters" in captured.out


def test_a_quick_upgrade_prints_nothing_and_a_long_one_prints_now_and_then() -> None:
    now = [0.0]
    out = io.StringIO()
    printer = progress.LinePrinter(out, after=1.0, every=0.5, clock=lambda: now[0])
    for step, at in enumerate((0.0, 0.2, 0.9, 1.1, 1.2, 1.7, 1.8)):
        now[0] = at
        printer(step, 10, "chaining the audit trail")
    now[0] = 1.9
    printer(10, 10, "schema 10 of 10")
    assert out.getvalue().splitlines() == [
        "scorekeeper: upgrading the database: chaining the audit trail, 3 of 10 (30%)",
        "scorekeeper: upgrading the database: chaining the audit trail, 5 of 10 (50%)",
        "scorekeeper: upgrading the database: schema 10 of 10, 10 of 10 (100%)"]
    quick = io.StringIO()
    fast = progress.LinePrinter(quick, after=1.0, clock=lambda: 0.0)
    for step in range(11):
        fast(step, 10, "chaining the audit trail")
    assert quick.getvalue() == ""


def test_an_up_to_date_database_reports_nothing(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    Services.open(str(path)).close()
    calls: list[tuple[int, int, str]] = []
    db = bound(path)
    try:
        with progress.reporting(lambda *call: calls.append(call)):
            assert migrate(db) == []
    finally:
        db.close()
    assert calls == []
