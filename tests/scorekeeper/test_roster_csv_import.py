"""Roster import from a league spreadsheet: every row's verdict before anything is written (issue 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.services import ServiceError, Services
from tests.scorekeeper.test_cli import EXAMPLE

CSV = """Team,Jersey,First Name,Last Name,Gender,DOB,E-mail,Position
Otters,21,Zoë,Ñúñez,F,1990-02-03,zoe@example.org,skater
otters,22,Sam,Lee,M,,,
Otters,2,Taken,Number,M,,,skater
Herons,31,Kid,Young,F,2004-05-06,,goalie
Penguins,9,No,Team,M,,,
Otters,23,Sam,Lee,M,,,
"""


@pytest.fixture
def svc(tmp_path: Path):
    s = Services.open(str(tmp_path / "r.db"))
    assert s.import_file(EXAMPLE).ok
    yield s
    s.close()


def write(tmp_path: Path, text: str, name: str = "roster.csv") -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_preview_gives_every_row_a_verdict_and_writes_nothing(svc, tmp_path):
    before = svc.export()
    rows = svc.preview_roster_csv(write(tmp_path, CSV))
    verdicts = [(r["line"], r["verdict"], [v["rule"] for v in r["violations"]]) for r in rows]
    assert verdicts == [(2, "imported", []), (3, "imported", []), (4, "refused", ["DATA-1"]),
                        (5, "imported", []), (6, "refused", ["FILE"]), (7, "refused", ["DATA-1"])]
    assert svc.export() == before


def test_import_writes_the_accepted_rows_in_one_go(svc, tmp_path):
    res = svc.import_roster_csv(write(tmp_path, CSV))
    assert res.ok
    roster = {(r["team"], r["number"]): r for r in svc.roster()}
    assert roster[("otters", 21)]["name"] == "Zoë Ñúñez" and roster[("otters", 21)]["gender"] == "F"
    assert roster[("herons", 31)]["position"] == "goalie"
    assert ("otters", 2) in roster and roster[("otters", 2)]["player"] == "ot02"  # the taken number untouched


def test_semicolon_spreadsheet_and_missing_column(svc, tmp_path):
    rows = svc.preview_roster_csv(write(tmp_path, "team;number;first;last;gender\nherons;40;Ann;Ode;F\n"))
    assert rows[0]["verdict"] == "imported"
    with pytest.raises(ServiceError, match="needs the column"):
        svc.preview_roster_csv(write(tmp_path, "team,first,last\nherons,Ann,Ode\n", "bad.csv"))


def test_co_ed_player_needs_a_gender(svc, tmp_path):
    rows = svc.preview_roster_csv(write(tmp_path, "team,number,first,last\nherons,41,Bea,Ode\n", "g.csv"))
    assert rows[0]["verdict"] == "refused" and "gender" in rows[0]["violations"][0]["message"]


@pytest.mark.parametrize(("saved_as", "encode"), [
    ("Excel CSV (Windows, cp1252)", lambda text: text.replace("\n", "\r\n").encode("cp1252")),
    ("Excel CSV UTF-8 (with BOM)", lambda text: b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8")),
    ("Excel Unicode Text (UTF-16)", lambda text: text.replace(",", "\t").encode("utf-16")),
])
def test_a_spreadsheet_saved_by_excel_imports_with_its_accents(svc, tmp_path, saved_as, encode):
    path = tmp_path / "excel.csv"
    path.write_bytes(encode("Team,Jersey,First Name,Last Name,Gender\nOtters,21,Zoë,Ñúñez-Müller,F\n"))
    rows = svc.preview_roster_csv(str(path))
    assert [r["verdict"] for r in rows] == ["imported"], saved_as
    assert svc.import_roster_csv(str(path)).ok
    roster = {(r["team"], r["number"]): r for r in svc.roster()}
    assert roster[("otters", 21)]["name"] == "Zoë Ñúñez-Müller", saved_as


def test_text_in_no_known_encoding_is_refused_with_a_message(svc, tmp_path):
    path = tmp_path / "odd.csv"
    path.write_bytes(b"Team,Jersey,First Name,Last Name\nOtters,21,\x81\x8d,X\n")  # bytes cp1252 leaves undefined
    with pytest.raises(ServiceError, match="neither UTF-8 nor Windows text"):
        svc.preview_roster_csv(str(path))
