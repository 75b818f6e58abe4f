"""Migration 12: a game may keep its curfew (issue 28.6); a schema 11 database gets the column, its games none."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from scorekeeper.db import open_database
from scorekeeper.db.migrations import LATEST
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON


def _as_version_11(path: Path) -> None:
    con = sqlite3.connect(path)
    con.execute("alter table game drop column curfew")
    con.execute("update meta set value = '11' where key = 'schema_version'")
    con.commit()
    con.close()


def test_migration_12_gives_a_schema_11_database_the_curfew_column(tmp_path: Path):
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(EXAMPLE_SEASON).ok
    exported = svc.export_text()
    svc.close()
    _as_version_11(path)

    db, _ = open_database(str(path))
    try:
        assert "curfew" in {c.name for c in db.get_columns("game")}
        assert db.execute_sql("select value from meta where key = 'schema_version'").fetchone()[0] == str(LATEST)
        assert db.execute_sql("select count(*) from game where curfew is not null").fetchone()[0] == 0
    finally:
        db.close()
    svc = Services.open(str(path))
    try:
        assert svc.export_text() == exported  # no curfew: the season file is byte for byte the same
    finally:
        svc.close()


def test_migration_12_runs_once(tmp_path: Path):
    path = tmp_path / "league.db"
    db, _ = open_database(str(path))
    db.close()
    con = sqlite3.connect(path)
    con.execute("update meta set value = '11' where key = 'schema_version'")  # the column is there already
    con.commit()
    con.close()
    db, _ = open_database(str(path))
    try:
        assert [c.name for c in db.get_columns("game")].count("curfew") == 1
    finally:
        db.close()
