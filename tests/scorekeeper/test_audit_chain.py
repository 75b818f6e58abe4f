"""Issue 14: the audit trail is tamper-evident. Each entry is chained to the one before by a hash, the office
password row is under the chain's head; a database altered with sqlite3 says so on the next open, once, and the
finding is itself an audit entry."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import cli
from scorekeeper.db import audit_chain
from scorekeeper.db.migrations import LATEST
from scorekeeper.db.models import AuditEntry
from scorekeeper.services import Services
from tests.scorekeeper.db.test_postgres import pg_url  # noqa: F401 (the PostgreSQL server fixture)
from tests.scorekeeper.test_cli import EXAMPLE

PASSWORD = "rink-office-1"


@pytest.fixture
def league(tmp_path: Path) -> Path:
    """A league whose trail has a few entries: password set, a reopen, a finish, a refused unlock."""
    db = tmp_path / "league.db"
    svc = Services.open(str(db), operator="Pat")
    assert svc.import_file(EXAMPLE).ok
    svc.set_office_password(PASSWORD)
    assert svc.unlock_office(PASSWORD)
    assert svc.reopen_game("g001", "wrong scorer").ok
    assert svc.finish_game("g001", confirm=True).ok
    svc.lock_office()
    assert not svc.unlock_office("guess")
    assert svc.integrity_warnings() == []
    svc.close()
    return db


def sql(db: Path, statement: str) -> None:
    con = sqlite3.connect(db)
    con.execute(statement)
    con.commit()
    con.close()


def reopen_and_warnings(db: Path) -> tuple[list[str], list[str]]:
    """The warnings of an opening, and the actions of the audit trail after it."""
    svc = Services.open(str(db))
    warnings = svc.integrity_warnings()
    actions = [a.action for a in AuditEntry.select().order_by(AuditEntry.id)]
    svc.close()
    return warnings, actions


def test_an_intact_trail_opens_without_a_word(league: Path):
    assert reopen_and_warnings(league)[0] == []


def test_a_deleted_audit_row_is_found_on_open_recorded_and_told_once(league: Path):
    sql(league, "delete from audit_entry where action = 'reopen game'")
    warnings, actions = reopen_and_warnings(league)
    assert len(warnings) == 1 and "altered outside Scorekeeper" in warnings[0] and "deleted" in warnings[0]
    assert actions[-1] == audit_chain.ALTERED
    svc = Services.open(str(league))
    found = next(a for a in svc.audit() if a["action"] == audit_chain.ALTERED)
    assert any("deleted" in f for f in found["after"]["found"])
    svc.close()
    assert reopen_and_warnings(league)[0] == []  # anchored again: told once


def test_an_edited_audit_row_is_found(league: Path):
    sql(league, "update audit_entry set operator = 'Someone else' where action = 'reopen game'")
    warnings, _ = reopen_and_warnings(league)
    assert warnings and "'reopen game' 'g001') was changed" in warnings[0]


def test_the_latest_rows_deleted_are_found(league: Path):
    sql(league, "delete from audit_entry where id = (select max(id) from audit_entry)")
    warnings, _ = reopen_and_warnings(league)
    assert warnings and "latest audit entries were deleted" in warnings[0]


def test_a_row_made_a_permission_by_flipping_imported_is_found(league: Path):
    sql(league, "update audit_entry set imported = 1 where action = 'finish game'")
    assert reopen_and_warnings(league)[0]


def test_a_deleted_password_row_is_found_and_the_office_told_to_set_it_again(league: Path):
    sql(league, "delete from meta where key = 'office_password'")
    warnings, actions = reopen_and_warnings(league)
    assert warnings and "office password row was deleted" in warnings[0] and "set the office password" in warnings[0]
    assert actions[-1] == audit_chain.ALTERED
    assert reopen_and_warnings(league)[0] == []


def test_a_replaced_password_row_is_found(league: Path, tmp_path: Path):
    other = tmp_path / "other.db"
    svc = Services.open(str(other))
    svc.set_office_password("my-own-password")
    svc.close()
    con = sqlite3.connect(other)
    planted = con.execute("select value from meta where key = 'office_password'").fetchone()[0]
    con.close()
    sql(league, f"update meta set value = '{planted}' where key = 'office_password'")
    warnings, _ = reopen_and_warnings(league)
    assert warnings and "office password row was replaced" in warnings[0]


def test_a_deleted_seal_is_found(league: Path):
    sql(league, "delete from meta where key = 'audit_chain'")
    assert "seal of the audit trail" in reopen_and_warnings(league)[0][0]


def test_the_command_line_prints_the_warning_on_stderr(league: Path, capsys: pytest.CaptureFixture[str]):
    sql(league, "delete from audit_entry where action = 'office password refused'")
    assert cli.main(["--db", str(league), "standings", "--json"]) == 0
    err = capsys.readouterr().err
    assert "warning" in err and "altered outside Scorekeeper" in err
    assert cli.main(["--db", str(league), "standings", "--json"]) == 0
    assert "altered" not in capsys.readouterr().err


def test_password_changes_and_upgrades_by_the_program_keep_the_seal(league: Path, monkeypatch: pytest.MonkeyPatch):
    svc = Services.open(str(league))
    svc.set_office_password("rink-office-2", old=PASSWORD)
    svc.close()
    assert reopen_and_warnings(league)[0] == []
    monkeypatch.setattr("sys.stdin", io.StringIO("rink-office-2\nrink-office-3\n"))
    assert cli.main(["--db", str(league), "password", "change"]) == 0
    assert reopen_and_warnings(league)[0] == []


def test_export_and_reimport_keep_the_chain(league: Path, tmp_path: Path):
    svc = Services.open(str(league))
    exported = svc.export()
    assert svc.import_data(exported).ok  # the same database: nothing new
    svc.close()
    fresh = Services.open(str(tmp_path / "fresh.db"))
    report = fresh.import_data(exported)
    assert report.ok and report.written["audit"] == len(exported["audit"])
    assert fresh.integrity_warnings() == []
    fresh.close()
    assert reopen_and_warnings(tmp_path / "fresh.db")[0] == []
    assert reopen_and_warnings(league)[0] == []


def test_migration_4_chains_the_trail_of_an_older_database(league: Path):
    con = sqlite3.connect(league)
    for column in ("hash", "imported"):
        con.execute(f"alter table audit_entry drop column {column}")
    con.execute("delete from meta where key = 'audit_chain'")
    con.execute("update meta set value = '3' where key = 'schema_version'")
    con.commit()
    con.close()
    warnings, actions = reopen_and_warnings(league)
    assert warnings == [] and audit_chain.ALTERED not in actions
    con = sqlite3.connect(league)
    assert con.execute("select count(*) from audit_entry where hash is null").fetchone()[0] == 0
    assert con.execute("select value from meta where key = 'schema_version'").fetchone()[0] == str(LATEST)
    con.close()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(count=st.integers(2, 8), victim=st.integers(0, 7), edit=st.booleans(),
       column=st.sampled_from(["operator", "action", "subject", "at", "after", "season_id"]))
def test_any_single_deleted_or_edited_entry_is_found(tmp_path_factory: pytest.TempPathFactory, count: int,
                                                     victim: int, edit: bool, column: str):
    db = tmp_path_factory.mktemp("chain") / "league.db"
    svc = Services.open(str(db))
    assert svc.import_file(EXAMPLE).ok
    for i in range(count):
        svc.audit_any("note", f"entry {i}")
    assert audit_chain.problems() == []
    svc.close()
    con = sqlite3.connect(db)
    ids = [r[0] for r in con.execute("select id from audit_entry order by id")]
    target = ids[victim % len(ids)]
    if edit:
        value = {"at": "'2001-01-01 00:00:00'", "after": "'{}'", "season_id": "null"}.get(column, "'x'")
        if column == "season_id":
            value = "coalesce(season_id, 0) + 1"
        con.execute(f"update audit_entry set {column} = {value} where id = ?", (target,))
    else:
        con.execute("delete from audit_entry where id = ?", (target,))
    con.commit()
    con.close()
    svc = Services.open(str(db))
    assert audit_chain.problems(), (edit, column, target)
    svc.close()


def test_on_postgresql_the_chain_holds_and_a_deleted_row_is_found(pg_url: str):  # noqa: F811
    svc = Services.open(pg_url, operator="Pat")
    assert svc.import_file(EXAMPLE).ok
    svc.set_office_password(PASSWORD)
    assert svc.unlock_office(PASSWORD)
    assert svc.reopen_game("g001", "wrong scorer").ok
    assert svc.integrity_warnings() == []
    svc.db.execute_sql("delete from audit_entry where action = %s", ("reopen game",))
    svc.close()
    again = Services.open(pg_url)
    warnings = again.integrity_warnings()
    assert warnings and "altered outside Scorekeeper" in warnings[0]
    again.close()
    assert Services.open(pg_url).integrity_warnings() == []
