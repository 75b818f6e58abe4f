"""`scorekeeper team list|rename|merge|delete` and `scorekeeper roster import` (issue 18, point 3), through a
subprocess as the office runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON as EXAMPLE
from tests.scorekeeper.test_team_changes import duplicate_otters


def cli(*args: str, db: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(db), *args], capture_output=True,
                          text=True, input=stdin, timeout=120)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(EXAMPLE).ok
    assert svc.import_data(duplicate_otters()).ok
    svc.close()
    assert cli("password", "set", db=path, stdin="sharks-2016\n").returncode == 0  # at the command's own cost
    return path


def test_team_list_prints_ids_names_and_divisions(db):
    out = cli("team", "list", db=db)
    assert out.returncode == 0
    assert "otters-b    otters" in out.stdout and "Co-ed Division 1" in out.stdout
    teams = json.loads(cli("team", "list", "--json", db=db).stdout)
    assert {t["id"] for t in teams} == {"otters", "otters-b", "herons", "lynx", "owls"}


def test_team_rename_by_name_and_a_taken_name_refused(db):
    out = cli("team", "rename", "Herons", "Grey  Herons", db=db)
    assert out.returncode == 0 and out.stdout.strip() == "Herons (herons) renamed 'Grey Herons'"
    refused = cli("team", "rename", "herons", "owls", db=db)
    assert refused.returncode == 0  # another division's name is free
    clash = cli("team", "rename", "lynx", "OWLS", "--json", db=db)
    assert clash.returncode == 1
    answer = json.loads(clash.stdout)
    assert not answer["ok"] and answer["violations"][0]["rule"] == "TEAM"
    assert "already has a team called 'Owls' (owls)" in answer["violations"][0]["message"]


def test_a_name_two_teams_share_is_refused_naming_both(db):
    out = cli("team", "delete", "Otters", db=db)
    assert out.returncode == 1 and "otters-b" in out.stderr and "Otters (otters, Co-ed Division 1)" in out.stderr


def test_team_merge_asks_the_office_password_then_moves_everything(db):
    wrong = cli("team", "merge", "otters-b", "otters", db=db, stdin="nope\n")
    assert wrong.returncode == 1 and "wrong office password" in wrong.stderr
    out = cli("team", "merge", "otters-b", "otters", db=db, stdin="sharks-2016\n")
    assert out.returncode == 0, out.stderr
    assert "otters (otters-b) merged into Otters (otters)" in out.stdout
    data = json.loads(cli("export", db=db).stdout)
    assert "otters-b" not in {t["id"] for t in data["teams"]}
    assert next(g for g in data["games"] if g["id"] == "g005")["away"] == "otters"


def test_team_delete_refuses_a_team_with_games_and_removes_an_empty_one(db):
    out = cli("team", "delete", "herons", db=db, stdin="sharks-2016\n")
    assert out.returncode == 1 and "Herons has 3 games, 7 signings" in out.stdout
    svc = Services.open(str(db))
    assert svc.save_team({"id": "puffins", "name": "Puffins", "division": "coed2"}).ok
    svc.close()
    done = cli("team", "delete", "puffins", db=db, stdin="sharks-2016\n")
    assert done.returncode == 0 and done.stdout.strip() == "Puffins (puffins) deleted"


def test_roster_import_twice_signs_once_and_says_already_on_the_roster(db, tmp_path):
    path = tmp_path / "roster.csv"
    path.write_text("team,number,first,last,gender\nOtters,21,Zoë,Núñez,F\nherons,2,OT2,Otters,M\n"
                    "Lynx,9,OT2,Otters,M\n", encoding="utf-8")
    dry = cli("roster", "import", str(path), "--dry-run", db=db)
    assert dry.returncode == 0 and "2 new, 0 already on the roster, 1 refused; dry run" in dry.stdout
    first = cli("roster", "import", str(path), db=db)
    assert first.returncode == 0 and "2 new, 0 already on the roster, 1 refused; 2 signed" in first.stdout
    again = cli("roster", "import", str(path), "--json", db=db)
    answer = json.loads(again.stdout)
    assert again.returncode == 0 and answer["counts"] == {"new": 0, "warning": 0, "already": 2, "refused": 1}
    assert not answer["written"]


def test_roster_import_refuses_a_name_two_players_share_naming_both(db, tmp_path):
    svc = Services.open(str(db))
    assert svc.save_player({"id": "sam-lee", "first": "Sam", "last": "Lee", "gender": "M"}).ok
    assert svc.save_player({"id": "sam-lee-2", "first": "Sam", "last": "Lee", "gender": "M"}).ok
    svc.close()
    path = tmp_path / "sam.csv"
    path.write_text("team,number,first,last\nherons,41,Sam,Lee\n", encoding="utf-8")
    out = cli("roster", "import", str(path), db=db)
    assert out.returncode == 1
    assert "Sam Lee (sam-lee; on no roster) and Sam Lee (sam-lee-2; on no roster)" in out.stdout


def test_team_add_refuses_a_name_its_division_has_and_adds_one_it_has_not(db):
    refused = cli("team", "add", "  HERONS", "Co-ed Division 1", db=db)
    assert refused.returncode == 1 and "already has a team called 'Herons' (herons)" in refused.stdout
    done = cli("team", "add", "Puffins", "coed2", "--colour", "teal", db=db)
    assert done.returncode == 0 and done.stdout.strip() == "Puffins (puffins) added"
    teams = {t["id"]: t for t in json.loads(cli("team", "list", "--json", db=db).stdout)}
    assert (teams["puffins"]["division"], teams["puffins"]["colour"]) == ("coed2", "teal")
    unknown = cli("team", "add", "Puffins", "Division 9", db=db)
    assert unknown.returncode == 1 and "no division 'Division 9'" in unknown.stderr


def test_team_add_division_refuses_a_name_the_season_has_and_adds_one_it_has_not(db):
    """TEAM (issue 27.9): a division name once per season, on the command line as in the window."""
    refused = cli("team", "add-division", " co-ed division 1 ", db=db)
    assert refused.returncode == 1 and "already has a division called 'Co-ed Division 1' (coed1)" in refused.stdout
    assert "TEAM" in refused.stdout
    done = cli("team", "add-division", "Recreational", "--not-coed", db=db)
    assert done.returncode == 0 and done.stdout.strip() == "Recreational (recreational) added", done.stderr
    data = json.loads(cli("export", db=db).stdout)
    assert {"id": "recreational", "name": "Recreational", "coed": False} in data["divisions"]
