"""Issue 26.4: tamper evidence worth the name. The chain's head, the office password row, the back-off counter and
every final game are sealed with a key kept outside the database (here: a file in the run's SCOREKEEPER_SEAL_DIR,
tests/conftest.py). Each edit below is made with sqlite3 on the file, then the file is opened through the facade
or the command line."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from scorekeeper import cli, office
from scorekeeper.db import audit_chain, game_seals, seal_key
from scorekeeper.db.models import AuditEntry
from scorekeeper.services import ServiceError, Services
from tests.data.signature_pictures import signature_png
from tests.scorekeeper.test_cli import EXAMPLE

PASSWORD = "rink-office-1"
KNOWN = "attacker-knows-this"


@pytest.fixture
def league(tmp_path: Path) -> Path:
    """A league the program wrote in every way that touches a seal: import, password, a reopen and a finish, a
    refused unlock, an entry at the boards."""
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


def sql(db: Path, *statements: str, args: tuple[object, ...] = ()) -> None:
    con = sqlite3.connect(db)
    for statement in statements:
        con.execute(statement, args if "?" in statement else ())
    con.commit()
    con.close()


def warnings_of(db: Path) -> list[str]:
    svc = Services.open(str(db))
    try:
        return svc.integrity_warnings()
    finally:
        svc.close()


def test_everything_the_program_writes_opens_without_a_word(league: Path):
    assert warnings_of(league) == []
    svc = Services.open(str(league), operator="Pat")
    assert svc.unlock_office(PASSWORD)
    assert svc.reopen_game("g002", "a late correction").ok
    assert svc.finish_game("g002", confirm=True).ok
    assert svc.undo("g002").ok  # the finish undone: g002 is open again
    assert svc.reopen_game("g001", "a timeout was missed").ok
    assert svc.add_event("g001", {"type": "timeout", "team": "home", "period": 2, "elapsed": "19:30"},
                         confirm=True).ok  # the entry at the boards' path
    assert svc.finish_game("g001", confirm=True).ok
    assert svc.sign_game("g003", "captain-home", "Sam Home", signature_png(3)).ok  # a final game signed
    svc.close()
    assert warnings_of(league) == []


def test_the_two_row_edit_of_the_password_and_the_chain_head_is_told(league: Path,
                                                                       capsys: pytest.CaptureFixture[str]):
    planted = office.hash_password(KNOWN)
    con = sqlite3.connect(league)
    head = json.loads(con.execute("select value from meta where key = 'audit_chain'").fetchone()[0])
    con.close()
    head["password"] = hashlib.sha256(f"office_password\0{planted}".encode()).hexdigest()  # unkeyed: recomputable
    sql(league, "update meta set value = ? where key = 'office_password'", args=(planted,))
    sql(league, "update meta set value = ? where key = 'audit_chain'", args=(json.dumps(head),))
    assert cli.main(["--db", str(league), "standings", "--json"]) == 0
    out, err = capsys.readouterr()
    json.loads(out)  # stdout stays the JSON it was
    assert "warning" in err and "keyed seals do not match" in err and "office password row was replaced" in err
    svc = Services.open(str(league))
    assert any(a.action == audit_chain.ALTERED for a in AuditEntry.select())  # recorded
    with pytest.raises(ServiceError, match="no password unlocks the office"):
        svc.unlock_office(KNOWN)  # the planted password unlocks nothing, nor changes itself
    with pytest.raises(ServiceError, match="no password unlocks the office"):
        svc.set_office_password("another-one", old=KNOWN)
    svc.close()
    assert "office password row was replaced" in warnings_of(league)[0]  # told at each opening until restored


def test_a_deleted_goal_of_a_final_game_is_told_in_the_facade_and_on_stderr(league: Path,
                                                                              capsys: pytest.CaptureFixture[str]):
    sql(league, "delete from game_event where id = (select e.id from game_event e join game g on g.id = e.game_id "
                "where g.ext_id = 'g002' and e.type = 'goal' limit 1)")
    warnings = warnings_of(league)
    assert len(warnings) == 1 and "final game g002 (2015-16) changed" in warnings[0]
    assert warnings_of(league) == []  # recorded in the audit trail and sealed again: told once
    sql(league, "delete from game_event where id = (select e.id from game_event e join game g on g.id = e.game_id "
                "where g.ext_id = 'g003' limit 1)")
    assert cli.main(["--db", str(league), "standings", "--json"]) == 0
    assert "final game g003 (2015-16) changed" in capsys.readouterr().err


def test_an_edit_keeping_every_count_and_length_is_found_in_a_small_league(league: Path):
    con = sqlite3.connect(league)
    row_id, data = con.execute("select e.id, e.data from game_event e join game g on g.id = e.game_id "
                               "where g.ext_id = 'g002' and e.type = 'goal' limit 1").fetchone()
    con.close()
    scorer = json.loads(data)["scorer"]
    other = scorer[:-1] + ("1" if scorer[-1] != "1" else "2")
    sql(league, "update game_event set data = ? where id = ?", args=(data.replace(scorer, other), row_id))
    assert "final game g002 (2015-16) changed" in warnings_of(league)[0]


def test_a_game_row_edit_and_a_deleted_final_game_are_told(league: Path):
    sql(league, "update game set rink = 'Elsewhere' where ext_id = 'g002'",
        "delete from game where ext_id = 'g003'")
    told = warnings_of(league)[0]
    assert "final game g002 (2015-16) changed" in told and "1 final game was deleted" in told


def test_a_deleted_back_off_row_is_told_and_does_not_reset_the_wait(league: Path, capsys: pytest.CaptureFixture[str],
                                                                     monkeypatch: pytest.MonkeyPatch):
    svc = Services.open(str(league))
    for _ in range(office.FREE_ATTEMPTS - 1):  # with the fixture's, FREE_ATTEMPTS wrong ones
        assert not svc.unlock_office("guess")
    svc.close()
    sql(league, "delete from meta where key = 'office_refusals'")
    assert cli.main(["--db", str(league), "standings", "--json"]) == 0
    assert "'office_refusals') was deleted" in capsys.readouterr().err
    svc = Services.open(str(league))
    with pytest.raises(Exception, match="wrong office passwords in a row: wait"):
        svc.unlock_office(PASSWORD)
    svc.close()


def test_a_deleted_back_off_row_makes_the_office_wait_even_before_the_check(league: Path):
    sql(league, "delete from meta where key = 'office_refusals'")
    svc = Services.open(str(league))  # integrity_warnings not asked: the counter's seal still holds it
    with pytest.raises(Exception, match="wait"):
        svc.unlock_office(PASSWORD)
    svc.close()


def test_deleted_seals_are_told(league: Path):
    sql(league, "delete from meta where key = 'seal_id'")
    assert "keyed seals were deleted" in warnings_of(league)[0]
    assert warnings_of(league) == []  # sealed again under a new key (audited)


def test_on_a_pc_without_the_key_read_only_commands_say_so_once_and_print_their_json(
        league: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    monkeypatch.setenv(seal_key.SEAL_DIR_ENV, str(tmp_path / "another-pc"))
    seal_key.forget_cache()
    before = league.read_bytes()
    assert cli.main(["--db", str(league), "standings", "--json"]) == 0
    out, err = capsys.readouterr()
    json.loads(out)
    assert err.count(game_seals.UNCHECKED) == 1 and "altered" not in err
    assert league.read_bytes() == before  # nothing written by a read-only command
    svc = Services.open(str(league), operator="Pat")
    assert svc.unlock_office(PASSWORD)  # unlocking writes: sealed again with a key of this PC
    assert any(a.action == game_seals.REKEYED for a in AuditEntry.select())
    svc.close()
    assert warnings_of(league) == []
    seal_key.forget_cache()


def test_a_wiped_key_file_is_not_a_false_alarm(league: Path):
    con = sqlite3.connect(league)
    sid = con.execute("select value from meta where key = 'seal_id'").fetchone()[0]
    con.close()
    (seal_key.folder() / sid).unlink()
    seal_key.forget_cache()
    warnings = warnings_of(league)
    assert len(warnings) == 1 and warnings[0].startswith(game_seals.UNCHECKED)


def test_the_key_file_is_private(league: Path):
    con = sqlite3.connect(league)
    sid = con.execute("select value from meta where key = 'seal_id'").fetchone()[0]
    con.close()
    assert (seal_key.folder() / sid).stat().st_mode & 0o777 == 0o600


def test_a_guest_of_the_window_checks_the_seals_and_writes_nothing(league: Path):
    from tests.scorekeeper.test_cli import cli as run

    window = Services.open(str(league), exclusive=True)
    try:
        quiet = run("standings", "--json", db=league)
        assert quiet.returncode == 0 and "warning" not in quiet.stderr, quiet.stderr
        sql(league, "delete from game_event where id = (select e.id from game_event e join game g on "
                    "g.id = e.game_id where g.ext_id = 'g002' limit 1)")
        told = run("standings", "--json", db=league)
        assert told.returncode == 0 and "final game g002 (2015-16) changed" in told.stderr, told.stderr
        json.loads(told.stdout)
        assert "now recorded" not in told.stderr  # a guest only reads
    finally:
        window.close()
