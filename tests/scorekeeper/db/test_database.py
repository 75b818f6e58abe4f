"""Opening databases: pragmas, schema version, migrations and clear errors for bad files."""

import sqlite3

import pytest

from scorekeeper.db import DatabaseOpenError, open_database
from scorekeeper.db.migrations import LATEST


def test_new_database_has_wal_foreign_keys_full_sync_and_schema_version(tmp_path):
    db, _ = open_database(str(tmp_path / "a.db"))
    assert db.execute_sql("pragma journal_mode").fetchone()[0] == "wal"
    assert db.execute_sql("pragma foreign_keys").fetchone()[0] == 1
    assert db.execute_sql("pragma synchronous").fetchone()[0] == 2
    assert db.execute_sql("select value from meta where key='schema_version'").fetchone()[0] == str(LATEST)
    db.close()


def test_sqlite_url(tmp_path):
    db, _ = open_database(f"sqlite:///{tmp_path}/b.db")
    db.close()
    assert (tmp_path / "b.db").exists()


def test_not_a_database_file_is_refused_and_untouched(tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_text("shopping list")
    with pytest.raises(DatabaseOpenError, match="not a Scorekeeper database"):
        open_database(str(bad))
    assert bad.read_text() == "shopping list"


def test_foreign_sqlite_database_refused(tmp_path):
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("create table x (a)")
    con.commit()
    con.close()
    with pytest.raises(DatabaseOpenError, match="not a Scorekeeper database"):
        open_database(str(path))


def test_newer_schema_refused(tmp_path):
    path = tmp_path / "new.db"
    db, _ = open_database(str(path))
    db.execute_sql("update meta set value='999' where key='schema_version'")
    db.close()
    with pytest.raises(DatabaseOpenError, match="newer Scorekeeper"):
        open_database(str(path))


def test_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(DatabaseOpenError, match="does not exist"):
        open_database(str(tmp_path / "nowhere" / "x.db"))


def test_migration_2_upgrades_a_version_1_database_in_place(tmp_path):
    """A database written by the first release opens, is migrated to the latest schema and keeps its data."""
    import sqlite3

    from scorekeeper.db.migrations import MIGRATIONS

    path = tmp_path / "v1.db"
    db, _ = open_database(str(path))
    db.execute_sql("insert into league (name) values ('Old League')")
    db.close()
    con = sqlite3.connect(path)  # make it look like version 1: no notice columns
    con.execute("alter table suspension drop column notice_recipient")
    con.execute("alter table suspension drop column notice_message_id")
    con.execute("update meta set value = '1' where key = 'schema_version'")
    con.commit()
    con.close()
    db, _ = open_database(str(path))
    columns = {c.name for c in db.get_columns("suspension")}
    assert {"notice_recipient", "notice_message_id"} <= columns
    assert db.execute_sql("select value from meta where key = 'schema_version'").fetchone()[0] == str(
        MIGRATIONS[-1][0])
    assert db.execute_sql("select name from league").fetchone()[0] == "Old League"
    db.close()


def test_migration_3_gives_every_game_of_a_version_2_database_a_revision(tmp_path):
    """Issue 7: a game's revision (what an entry checks in one statement) is added to an older database."""
    import sqlite3

    from scorekeeper.db.migrations import LATEST

    path = tmp_path / "v2.db"
    db, _ = open_database(str(path))
    db.close()
    con = sqlite3.connect(path)
    con.execute("alter table game drop column revision")
    con.execute("update meta set value = '2' where key = 'schema_version'")
    con.commit()
    con.close()
    db, _ = open_database(str(path))
    assert "revision" in {c.name for c in db.get_columns("game")}
    assert db.execute_sql("select value from meta where key = 'schema_version'").fetchone()[0] == str(LATEST)
    db.close()
