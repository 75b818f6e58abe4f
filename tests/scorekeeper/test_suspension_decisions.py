"""Issue 19 point 6: the office confirms or declines a proposed season suspension (PEN-GM-2) through the facade
and the command line: office password, audited, stored (migration 8), carried by the season file
(`season_suspension_decisions`), and an import that brings a decision is the office's action."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.db.migrations import LATEST, _m008_suspension_decisions, stored_version
from scorekeeper.db.models import AuditEntry, SuspensionDecision
from scorekeeper.services import ServiceError, Services
from tests.scorekeeper.rules.test_catalogue_examples import game
from tests.scorekeeper.rules.test_season_suspension_proposal import six_incidents

PASSWORD = "rink-office-1"


def later_games() -> list[dict]:
    return [game("g7", "a", "b", "2016-01-07", status="scheduled", dressed={"a": []}),
            game("g8", "a", "b", "2016-01-20", status="scheduled", dressed={"a": []})]


@pytest.fixture
def svc(tmp_path: Path):
    s = Services.open(str(tmp_path / "league.db"), operator="Dana")
    assert s.import_data(six_incidents(later_games())).ok
    yield s
    s.close()


def status(svc: Services) -> list[tuple[str, int]]:
    return [(s["status"], s["served"]) for s in svc.suspensions()["suspensions"] if s["rule"] == "PEN-GM-2"]


def test_confirming_needs_the_office_password_and_is_audited(svc):
    svc.set_office_password(PASSWORD)
    svc.lock_office()
    refused = svc.confirm_suspension("a3", date="2016-01-10")
    assert not refused.ok and refused.blocks[0].rule == "OFFICE" and status(svc) == [("proposed", 0)]
    assert svc.unlock_office(PASSWORD)
    done = svc.confirm_suspension("a3", date="2016-01-10", note="Director's letter of Jan 10")
    assert done.ok and done.changes.touches("season_suspension_decisions", "discipline")
    assert status(svc) == [("active", 0)]
    (row,) = svc.proposed_suspensions()
    assert (row["state"], row["decided"], row["game"], row["note"]) == ("confirmed", "2016-01-10", "g6",
                                                                        "Director's letter of Jan 10")
    entry = AuditEntry.select().where(AuditEntry.action == "season suspension confirmed").get()
    assert entry.subject.endswith("/g6") and json.loads(entry.before)["status"] == "proposed"
    assert json.loads(entry.after)["decided"] == "2016-01-10"


def test_a_confirmed_suspension_bars_the_player_from_the_next_game(svc):
    assert svc.confirm_suspension("a3", date="2016-01-10").ok
    early = next(c for c in svc.lineup_candidates("g7", "home") if c["player"] == "a3")
    late = next(c for c in svc.lineup_candidates("g8", "home") if c["player"] == "a3")
    assert early["status"] == "proposed" and late["status"] == "suspended" and late["rule"] == "ELIG-2"
    res = svc.set_lineup("g8", "home", [{"player": "a3"}, {"player": "a2"}], confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["ELIG-2"]


def test_a_declined_suspension_is_dropped_and_never_bars(svc):
    assert svc.decline_suspension("a3", date="2016-01-08").ok
    assert status(svc) == [("declined", 0)]
    assert svc.set_lineup("g8", "home", [{"player": "a3"}, {"player": "a2"}], confirm=False).ok
    assert AuditEntry.select().where(AuditEntry.action == "season suspension declined").count() == 1


def test_a_decision_is_made_once_and_only_on_a_proposal(svc):
    with pytest.raises(ServiceError, match="no suspension proposed"):
        svc.confirm_suspension("a2")
    with pytest.raises(ServiceError, match="before game g6"):
        svc.confirm_suspension("a3", date="2016-01-02")
    with pytest.raises(ServiceError, match="YYYY-MM-DD"):
        svc.confirm_suspension("a3", date="10/01/2016")
    assert svc.decline_suspension("a3", date="2016-01-08").ok
    with pytest.raises(ServiceError, match="was declined on 2016-01-08"):
        svc.confirm_suspension("a3")


def test_a_confirmation_that_would_bar_a_game_already_played_is_refused(tmp_path):
    played = six_incidents([game("g7", "a", "b", "2016-01-07")])
    s = Services.open(str(tmp_path / "played.db"))
    assert s.import_data(played).ok
    res = s.confirm_suspension("a3", date="2016-01-07")
    assert not res.ok and [(v.rule, v.where) for v in res.blocks] == [("ELIG-2", "game g7")]
    assert s.confirm_suspension("a3", date="2016-01-08").ok
    s.close()


def test_the_season_file_carries_the_decision_and_an_import_of_one_is_the_office_s(svc, tmp_path):
    assert svc.confirm_suspension("a3", date="2016-01-10").ok
    exported = svc.export()
    assert exported["season_suspension_decisions"] == [
        {"player": "a3", "game": "g6", "decision": "confirmed", "decided": "2016-01-10", "by": "Dana"}]
    other = Services.open(str(tmp_path / "other.db"))
    assert other.import_data(six_incidents(later_games())).ok
    other.set_office_password(PASSWORD)
    other.lock_office()
    refused = other.import_data(json.loads(json.dumps(exported)))
    assert not refused.ok and any(v.rule == "OFFICE" and "confirmed" in v.message for v in refused.blocks)
    assert other.unlock_office(PASSWORD)
    assert other.import_data(json.loads(json.dumps(exported))).ok
    assert status(other) == [("active", 0)]
    assert AuditEntry.select().where(AuditEntry.action == "season suspension confirmed").count() >= 1
    again = other.export()
    assert again["season_suspension_decisions"] == exported["season_suspension_decisions"]
    assert again["computed"]["suspensions"] == exported["computed"]["suspensions"]
    other.close()


def test_a_season_without_decisions_exports_no_such_key(svc):
    assert "season_suspension_decisions" not in svc.export()


def test_migration_8_gives_a_database_of_version_7_the_decisions_table_once(tmp_path):
    db = tmp_path / "old.db"
    s = Services.open(str(db))
    assert s.import_data(six_incidents()).ok
    table = SuspensionDecision._meta.table_name
    s.db.execute_sql(f"drop table {table}")
    s.db.execute_sql("update meta set value = '7' where key = 'schema_version'")
    s.close()
    s = Services.open(str(db))
    assert s.db.table_exists(table) and stored_version(s.db) == LATEST >= 8
    _m008_suspension_decisions(s.db)  # idempotent: the table is there already
    assert s.confirm_suspension("a3", date="2016-01-10").ok and status(s) == [("active", 0)]
    s.close()


def _cli(db: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(db), "--operator", "Pat", *args],
                          capture_output=True, text=True, input=stdin, timeout=120)


def test_cli_suspension_confirm_and_decline(tmp_path):
    db = tmp_path / "cli.db"
    s = Services.open(str(db))
    assert s.import_data(six_incidents(later_games())).ok
    s.close()
    assert _cli(db, "password", "set", stdin=PASSWORD + "\n").returncode == 0  # at the command's own cost
    listed = _cli(db, "suspension", "proposed", "--json")
    assert listed.returncode == 0 and json.loads(listed.stdout)["proposed"][0]["state"] == "proposed"
    wrong = _cli(db, "suspension", "confirm", "a3", stdin="nope\n")
    assert wrong.returncode == 1 and "OFFICE" in wrong.stderr
    done = _cli(db, "suspension", "confirm", "a3", "--date", "2016-01-10", stdin=PASSWORD + "\n")
    assert done.returncode == 0, done.stderr
    assert "A3 Player" in done.stdout and "confirmed" in done.stdout and "2016-01-10" in done.stdout
    shown = json.loads(_cli(db, "suspensions", "--json").stdout)["suspensions"]
    assert [x["status"] for x in shown if x["rule"] == "PEN-GM-2"] == ["active"]
    again = _cli(db, "suspension", "decline", "a3", stdin=PASSWORD + "\n")
    assert again.returncode == 1 and "was confirmed on 2016-01-10" in again.stderr
    none = _cli(db, "suspension", "decline", "a2", stdin=PASSWORD + "\n")
    assert none.returncode == 1 and "no suspension proposed" in none.stderr
    audit = Services.open(str(db))
    entry = AuditEntry.select().where(AuditEntry.action == "season suspension confirmed").get()
    assert entry.operator == "Pat" and json.loads(entry.after)["by"] == "Pat"
    audit.close()


def test_the_roster_marks_a_proposed_suspension_until_the_office_decides(svc):
    def a3() -> str | None:
        return next(r["suspension"] for r in svc.roster() if r["player"] == "a3")

    assert a3() == "PEN-GM-2 season (proposed)"
    assert svc.confirm_suspension("a3", date="2016-01-10").ok
    assert a3() == "PEN-GM-2 season"
