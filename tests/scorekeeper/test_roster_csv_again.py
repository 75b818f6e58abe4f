"""A roster CSV imports idempotently (issue 18, point 3): a player already signed to the team is "already on the
roster" and not signed again, a name two players share is refused naming both unless the row's player is chosen."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from scorekeeper.roster_csv import verdict_counts
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON as EXAMPLE

CSV = """team,number,first,last,gender
Otters,21,Zoë,Núñez,F
herons,22,Sam,Lee,M
Otters,2,OT2,Otters,M
"""


@pytest.fixture
def svc(tmp_path: Path):
    s = Services.open(str(tmp_path / "again.db"))
    assert s.import_file(EXAMPLE).ok
    yield s
    s.close()


def write(tmp_path: Path, text: str, name: str = "roster.csv") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_importing_the_same_file_twice_signs_nobody_a_second_time(svc, tmp_path):
    path = write(tmp_path, CSV)
    first = svc.preview_roster_csv(path)
    assert [r["verdict"] for r in first] == ["imported", "imported", "already"]
    assert first[2]["note"] == "OT2 Otters is already on the roster of Otters as #2: not signed again"
    assert svc.import_roster_csv(path).ok
    players, signings = len(svc.export()["players"]), len(svc.roster())
    again = svc.preview_roster_csv(path)
    assert [r["verdict"] for r in again] == ["already"] * 3
    assert verdict_counts(again) == {"new": 0, "warning": 0, "already": 3, "refused": 0}
    res = svc.import_roster_csv(path)
    assert res.ok and not res.changes  # nothing to write is not an error
    assert (len(svc.export()["players"]), len(svc.roster())) == (players, signings)


def test_a_name_spelt_with_other_case_spaces_or_accent_encoding_finds_the_same_player(svc, tmp_path):
    assert svc.import_roster_csv(write(tmp_path, CSV)).ok
    decomposed = unicodedata.normalize("NFD", "ZOË  núñez")
    rows = svc.preview_roster_csv(write(tmp_path, f"team,number,first,last\notters,21,{decomposed.split()[0]},"
                                                  f"  {decomposed.split()[1]} \n", "nfd.csv"))
    assert rows[0]["verdict"] == "already"


def test_another_number_for_a_player_on_the_roster_is_already_and_says_the_number(svc, tmp_path):
    rows = svc.preview_roster_csv(write(tmp_path, "team,number,first,last\notters,44,OT2,Otters\n"))
    assert rows[0]["verdict"] == "already" and "as #2 (the file says #44)" in rows[0]["note"]


def test_a_name_two_players_share_is_refused_naming_both_then_imported_once_chosen(svc, tmp_path):
    assert svc.save_player({"id": "sam-lee", "first": "Sam", "last": "Lee", "gender": "M"}).ok
    assert svc.sign_player("lynx", "sam-lee", 40, confirm=True).ok
    assert svc.save_player({"id": "sam-lee-2", "first": "Sam", "last": "LEE", "gender": "M"}).ok
    path = write(tmp_path, "team,number,first,last\nherons,41,Sam,Lee\n")
    (row,) = svc.preview_roster_csv(path)
    assert row["verdict"] == "refused"
    message = row["violations"][0]["message"]
    assert "Sam Lee is the name of 2 players of the season" in message
    assert "Sam Lee (sam-lee; Lynx #40)" in message and "Sam LEE (sam-lee-2; on no roster)" in message
    assert [c["id"] for c in row["candidates"]] == ["sam-lee", "sam-lee-2"]
    assert not svc.import_roster_csv(path).ok
    assert svc.preview_roster_csv(path, choices={2: "sam-lee-2"})[0]["verdict"] == "imported"
    assert svc.import_roster_csv(path, choices={2: "sam-lee-2"}).ok
    assert {(r["team"], r["number"]) for r in svc.roster() if r["player"] == "sam-lee-2"} == {("herons", 41)}
    assert "not a player called" in svc.preview_roster_csv(path, choices={2: "ot02"})[0]["violations"][0]["message"]
