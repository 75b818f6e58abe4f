"""`scorekeeper officials GAME`: a game's number and officials shown and set from the command line, through the
same facade call as the window's Officials… dialog (issue 18, point 7); the game sheet and the export carry them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.data import EXAMPLE_SEASON as EXAMPLE


def cli(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "scorekeeper", "--db", str(db), "--operator", "Dana Desk", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "league.db"
    r = cli("import", str(EXAMPLE), db=path)
    assert r.returncode == 0, r.stderr + r.stdout
    return path


def test_officials_are_shown_set_exported_and_printed(db: Path, tmp_path: Path):
    r = cli("officials", "g001", db=db)
    assert r.returncode == 0
    assert r.stdout.splitlines() == ["Game g001: game no. g001", "Referees: Pat Quinn", "Linesmen: —",
                                     "Scorekeeper: — (the operator who finishes the game)"]
    r = cli("officials", "g001", "--number", "W-001", "--referee", "Pat Quinn", "--referee", "Sam Stripes",
            "--linesman", "Lee Lines", "--scorekeeper", "Kim Count", "--json", db=db)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"game": "g001", "number": "W-001", "referees": ["Pat Quinn", "Sam Stripes"],
                                    "linesmen": ["Lee Lines"], "scorekeeper": "Kim Count"}
    r = cli("officials", "g001", "--number", "W-101", "--json", db=db)  # a number alone keeps the officials
    assert json.loads(r.stdout)["referees"] == ["Pat Quinn", "Sam Stripes"]
    exported = json.loads(cli("export", db=db).stdout)
    g001 = next(g for g in exported["games"] if g["id"] == "g001")
    assert g001["number"] == "W-101" and "referees" not in g001
    assert {"name": "Kim Count", "role": "scorekeeper"} in g001["officials"]
    assert any(e["action"] == "game details" and e["operator"] == "Dana Desk" for e in exported["audit"])
    pdf = tmp_path / "sheet.pdf"
    assert cli("print", "game-sheet", "g001", "-o", str(pdf), db=db).returncode == 0
    from pypdf import PdfReader

    text = " ".join((PdfReader(str(pdf)).pages[0].extract_text() or "").split())
    assert "GAME NO. W-101" in text and "Sam Stripes" in text and "Lee Lines" in text and "Kim Count" in text


def test_a_number_too_long_or_an_unknown_game_is_refused_and_nothing_written(db: Path):
    r = cli("officials", "g001", "--number", "W" * 21, db=db)
    assert r.returncode == 1
    assert "the game number 'WWWWWWWWWWWWWWWWWWWWW' is longer than 20 characters" in r.stderr
    assert "nothing was written" in r.stderr and "games[0]" not in r.stderr
    assert "game no. g001" in cli("officials", "g001", db=db).stdout
    r = cli("officials", "g999", "--referee", "Jo", db=db)
    assert r.returncode == 1 and "no game 'g999'" in r.stderr


# -- DATA-5 (issue 27.14): a signed final game's number and officials are the office's to change ---------------------
def signed_and_locked(db: Path) -> None:
    from scorekeeper.services import Services
    from tests.data.signature_pictures import signature_png

    svc = Services.open(str(db))
    assert svc.sign_game("g001", "referee", "Pat Quinn", signature_png(1)).ok
    svc.close()
    password = subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(db), "password", "set"],
                              input="sharks-2016\n", capture_output=True, text=True, timeout=120)
    assert password.returncode == 0, password.stderr  # at the command's own cost


def test_data_5_the_officials_of_a_signed_final_game_need_the_office_password_and_are_audited(tmp_path: Path):
    from scorekeeper.services import Services
    from tests.data.signature_pictures import signature_png

    svc = Services.open(str(tmp_path / "t.db"))
    assert svc.import_file(str(EXAMPLE)).ok
    assert svc.set_game_details("g002", "W-002", [{"name": "Ann Ref", "role": "referee"}]).ok  # not signed: paperwork
    assert svc.sign_game("g001", "referee", "Pat Quinn", signature_png(1)).ok
    svc.set_office_password("sharks-2016")
    svc.lock_office()
    refused = svc.set_game_details("g001", "W-001", [{"name": "Sam Stripes", "role": "referee"}])
    assert not refused.ok and [v.rule for v in refused.blocks] == ["OFFICE"]
    assert "officials of game g001, final and signed, needs the office password" in refused.blocks[0].message
    assert svc.game_details("g001")["number"] == "" and svc.game_details("g001")["referees"] == ["Pat Quinn"]
    assert svc.unlock_office("sharks-2016")
    assert svc.set_game_details("g001", "W-001", [{"name": "Sam Stripes", "role": "referee"}]).ok
    entry = [e for e in svc.audit(game="g001") if e["action"] == "game details of a signed game"][-1]
    assert entry["after"] == {"number": "W-001", "officials": [{"name": "Sam Stripes", "role": "referee"}]}
    svc.close()


def test_data_5_officials_command_asks_the_office_password_for_a_signed_final_game(db: Path):
    signed_and_locked(db)
    wrong = subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(db), "officials", "g001", "--number",
                            "W-001"], input="nope\n", capture_output=True, text=True, timeout=120)
    assert wrong.returncode == 1 and "wrong office password" in wrong.stderr and "nothing was written" in wrong.stderr
    assert "game no. g001" in cli("officials", "g001", db=db).stdout
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(db), "officials", "g001", "--number",
                           "W-001"], input="sharks-2016\n", capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "game no. W-001" in done.stdout
    exported = json.loads(cli("export", db=db).stdout)
    assert any(e["action"] == "game details of a signed game" for e in exported["audit"])
