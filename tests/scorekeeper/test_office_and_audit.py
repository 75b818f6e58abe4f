"""Issue 6: one writer per SQLite file, the office password (scrypt), and the audit trail in the export."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.db.models import AuditEntry, Meta
from scorekeeper.services import ServiceError, Services
from tests.scorekeeper.test_cli import EXAMPLE, cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def league(tmp_path: Path) -> Path:
    db = tmp_path / "league.db"
    svc = Services.open(str(db))
    assert svc.import_file(EXAMPLE).ok
    svc.close()
    return db


def test_second_window_on_the_same_file_is_refused_naming_the_first(league: Path):
    first = Services.open(str(league), exclusive=True, operator="Pat")
    code = ("import sys; from scorekeeper.services import Services, ServiceError\n"
            "try:\n    Services.open(sys.argv[1], exclusive=True)\nexcept ServiceError as e:\n    print(e)")
    out = subprocess.run([sys.executable, "-c", code, str(league)], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT)}).stdout
    assert "already open" in out and "Pat" in out
    first.close()
    again = Services.open(str(league), exclusive=True)  # released on close
    again.close()


def test_office_password_stored_only_as_salted_scrypt(league: Path):
    svc = Services.open(str(league))
    svc.set_office_password("rink-office-1")
    stored = Meta.get(Meta.key == "office_password").value
    assert stored.startswith("scrypt$") and "rink-office-1" not in stored
    other = Services.open(str(league))
    other.set_office_password("rink-office-2", old="rink-office-1")
    assert Meta.get(Meta.key == "office_password").value != stored  # a new salt
    with pytest.raises(ServiceError, match="wrong"):
        other.set_office_password("x" * 8, old="nope")
    svc.close()
    other.close()


def test_reopen_needs_the_office_password_and_wrong_attempts_are_logged(league: Path):
    svc = Services.open(str(league))
    svc.set_office_password("rink-office-1")
    svc.lock_office()
    res = svc.reopen_game("g001", "typo")
    assert not res.ok and res.blocks[0].rule == "OFFICE"
    assert not svc.unlock_office("guess")
    assert AuditEntry.select().where(AuditEntry.action == "office password refused").count() == 1
    assert svc.unlock_office("rink-office-1")
    assert svc.reopen_game("g001", "typo").ok
    svc.close()


def test_scorekeeping_needs_no_password(league: Path):
    svc = Services.open(str(league))
    svc.set_office_password("rink-office-1")
    svc.lock_office()
    assert svc.add_event("g004", {"type": "note", "text": "ice resurfaced late"}).ok
    svc.close()


def test_audit_trail_is_exported_and_round_trips(league: Path, tmp_path: Path):
    svc = Services.open(str(league), operator="Pat")
    assert svc.reopen_game("g001", "wrong scorer on the sheet").ok
    exported = svc.export()
    svc.close()
    entry = next(a for a in exported["audit"] if a["action"] == "reopen game")
    assert entry["operator"] == "Pat" and entry["subject"] == "g001"
    assert entry["before"]["reason"] == "wrong scorer on the sheet"
    f = tmp_path / "season.json"
    f.write_text(json.dumps(exported))
    fresh = tmp_path / "fresh.db"
    assert cli("import", str(f), db=fresh).returncode == 0
    again = Services.open(str(fresh))
    assert again.export() == exported
    again.close()


def test_cli_password_set_and_change(league: Path):
    def run(*lines: str, action: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(league), "password", action],
                              input="\n".join(lines) + "\n", capture_output=True, text=True)

    assert run("first-pass", action="set").returncode == 0
    bad = run("wrong", "second-pass", action="change")
    assert bad.returncode == 1 and "wrong" in bad.stderr
    assert run("first-pass", "second-pass", action="change").returncode == 0


def test_waiving_a_fine_needs_the_office_and_is_audited(tmp_path: Path):
    data = json.loads(EXAMPLE.read_text())
    g = next(x for x in data["games"] if x["id"] == "g002")
    g["events"].append({"type": "penalty", "team": "home", "period": 1, "elapsed": "01:00", "player": "ly04",
                        "infraction": "fighting"})
    svc = Services.open(str(tmp_path / "w.db"))
    assert svc.import_data(data).ok
    assert [f["amount"] for f in svc.fines()["fines"]] == ["50.00"]
    svc.set_office_password("rink-office-1")
    svc.lock_office()
    res = svc.waive_fine("ly04", "g002", "PEN-FIGHT-1", "first offence, league decision")
    assert not res.ok and res.blocks[0].rule == "OFFICE"
    assert svc.unlock_office("rink-office-1")
    assert not svc.waive_fine("ly04", "g002", "PEN-FIGHT-1", " ").ok
    assert svc.waive_fine("ly04", "g002", "PEN-FIGHT-1", "first offence, league decision").ok
    assert svc.fines()["fines"] == []
    assert [a["action"] for a in svc.audit(player="ly04")] == ["fine waived"]
    svc.close()


def test_office_overrides_a_line_up_block_with_a_reason_and_the_export_reimports(tmp_path: Path):
    data = json.loads(EXAMPLE.read_text())
    g = next(x for x in data["games"] if x["id"] == "g002")
    g["events"].append({"type": "penalty", "team": "home", "period": 1, "elapsed": "01:00", "player": "ly04",
                        "infraction": "fighting"})
    svc = Services.open(str(tmp_path / "o.db"), operator="Pat")
    assert svc.import_data(data).ok
    lineup = [{"player": "ly01", "goalie": True}, {"player": "ly04"}, {"player": "ly05"}]
    refused = svc.set_lineup("g004", "away", lineup, confirm=True)
    assert not refused.ok and refused.blocks[0].rule == "ELIG-2"
    svc.set_office_password("rink-office-1")
    svc.lock_office()
    assert svc.set_lineup("g004", "away", lineup, confirm=True, override="hearing moved").blocks[0].rule == "OFFICE"
    assert svc.unlock_office("rink-office-1")
    res = svc.set_lineup("g004", "away", lineup, confirm=True, override="Director allowed it pending the hearing")
    assert res.ok
    entry = next(a for a in svc.audit() if a["action"] == "override block")
    assert entry["operator"] == "Pat" and entry["after"]["reason"].startswith("Director")
    info = [v for v in svc.game("g004")["violations"] if v["rule"] == "ELIG-2"]
    assert info and info[0]["severity"] == "info" and "overridden" in info[0]["message"]
    exported = svc.export()
    svc.close()
    fresh = Services.open(str(tmp_path / "fresh.db"))
    assert fresh.import_data(exported).ok  # the override travels with the season
    without = {k: v for k, v in exported.items() if k != "audit"}
    other = Services.open(str(tmp_path / "other.db"))
    assert not other.import_data(without).ok  # and without it, the rulebook refuses the line-up
    fresh.close()
    other.close()
