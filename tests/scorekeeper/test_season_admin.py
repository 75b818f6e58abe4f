"""Issue 18 point 8: a season archived (hidden, read-only, restorable) or deleted (office password, a verified
backup first, audited); the audit never records a login name silently."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.services import ServiceError, Services
from tests.data import EXAMPLE_SEASON

PAYMENT = {"payer": {"team": "lynx"}, "amount": "5.00", "date": "2015-11-01"}


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[Services]:
    svc = Services.open(str(tmp_path / "league.db"))
    svc.operator = "Pat"
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    svc.create_season("Westridge Sponge Hockey League", "2016-17")
    yield svc
    svc.close()


def test_an_archived_season_leaves_the_picker_and_comes_back(svc: Services) -> None:
    changes = svc.archive_season("2015-16")
    assert changes.season == "2015-16" and changes.touches("audit")
    assert [s["name"] for s in svc.seasons()] == ["2016-17"]
    assert [(s["name"], s["archived"]) for s in svc.all_seasons()] == [("2015-16", True), ("2016-17", False)]
    assert svc.season_row().name == "2016-17"  # the latest is the latest the picker offers
    assert svc.standings("2015-16")["season"] == "2015-16"  # still read when named
    svc.unarchive_season("2015-16")
    assert [s["name"] for s in svc.seasons()] == ["2015-16", "2016-17"]
    actions = [(a["action"], a["operator"]) for a in svc.audit("2015-16")]
    assert ("season archived", "Pat") in actions and ("season restored from the archive", "Pat") in actions


def test_an_archived_season_is_read_only(svc: Services) -> None:
    svc.archive_season("2015-16")
    with pytest.raises(ServiceError, match="archived, so it is read-only"):
        svc.record_payment(PAYMENT, season="2015-16")
    report = svc.import_file(str(EXAMPLE_SEASON))
    assert not report.ok and "archived" in report.blocks[0].message
    with pytest.raises(ServiceError, match="already archived"):
        svc.archive_season("2015-16")
    svc.unarchive_season("2015-16")
    assert svc.record_payment(PAYMENT, season="2015-16").ok


def test_deleting_a_season_needs_the_office_password(svc: Services) -> None:
    svc.set_office_password("rink-office-1")
    svc.lock_office()
    with pytest.raises(ServiceError, match="needs the office password"):
        svc.delete_season("2015-16")
    assert [s["name"] for s in svc.all_seasons()] == ["2015-16", "2016-17"]
    assert any(a["action"] == "office password refused" and "delete season 2015-16" in a["subject"]
               for a in svc.audit("2016-17"))


def test_deleting_a_season_makes_a_verified_backup_first_and_is_audited(svc: Services) -> None:
    svc.set_office_password("rink-office-1")
    assert svc.unlock_office("rink-office-1")
    done = svc.delete_season("2015-16")
    assert [s["name"] for s in svc.all_seasons()] == ["2016-17"]
    backup = Path(done["backup"])
    assert backup.parent.name == "backups" and "before-deleting-2015-16" in backup.name
    with sqlite3.connect(backup) as con:  # the backup holds the deleted season, whole
        assert con.execute("select count(*) from season where name = '2015-16'").fetchone() == (1,)
        assert con.execute("select count(*) from game").fetchone()[0] == len(
            json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8"))["games"])
    entry = next(a for a in svc.audit("2016-17") if a["action"] == "season deleted")
    assert entry["operator"] == "Pat" and entry["subject"] == "Westridge Sponge Hockey League 2015-16"
    assert entry["after"]["backup"] == str(backup) and entry["after"]["removed"]["teams"] == 4
    assert svc.integrity_warnings() == []  # the trail is sealed as it now stands


def test_the_audit_never_records_a_login_name_silently(svc: Services) -> None:
    svc.operator = ""
    svc.archive_season("2016-17")
    entry = next(a for a in svc.audit("2016-17") if a["action"] == "season archived")
    assert entry["operator"].endswith("(login name; no operator given)")


def run(db: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(db), *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def league(tmp_path: Path) -> Path:
    db = tmp_path / "league.db"
    svc = Services.open(str(db))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    svc.create_season("Westridge Sponge Hockey League", "2016-17")
    svc.close()
    assert run(db, "password", "set", stdin="rink-office-1\n").returncode == 0  # at the command's own cost
    return db


def test_the_season_command_lists_archives_and_restores(league: Path) -> None:
    r = run(league, "--operator", "Dana", "season", "archive", "2015-16")
    assert r.returncode == 0 and "archived" in r.stdout, r.stderr
    listed = json.loads(run(league, "season", "list", "--json").stdout)
    assert [(s["name"], s["archived"], s["teams"]) for s in listed] == [("2015-16", True, 4), ("2016-17", False, 0)]
    table = run(league, "season", "list").stdout
    assert "2015-16" in table and "archived" in table and "open" in table
    refused = run(league, "import", str(EXAMPLE_SEASON))
    assert refused.returncode == 1 and "archived" in refused.stdout + refused.stderr
    assert run(league, "season", "unarchive", "2015-16").returncode == 0
    svc = Services.open(str(league))
    try:
        assert any(a["action"] == "season archived" and a["operator"] == "Dana" for a in svc.audit("2015-16"))
    finally:
        svc.close()


def test_the_season_command_deletes_with_the_office_password(league: Path) -> None:
    wrong = run(league, "season", "delete", "2015-16", "--yes", stdin="guess\n")
    assert wrong.returncode == 1 and "not deleted" in wrong.stderr
    done = run(league, "--operator", "Dana", "season", "delete", "2015-16", "--yes", stdin="rink-office-1\n")
    assert done.returncode == 0, done.stderr
    assert "deleted" in done.stdout and "before-deleting-2015-16" in done.stdout
    assert [s["name"] for s in json.loads(run(league, "season", "list", "--json").stdout)] == ["2016-17"]


def test_a_blank_operator_is_a_usage_error(league: Path) -> None:
    r = run(league, "--operator", " ", "season", "list")
    assert r.returncode == 2 and "--operator needs a name" in r.stderr
