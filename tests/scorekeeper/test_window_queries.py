"""The read-only answers the window asks the facade for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.services import ServiceError, Services
from tests.scorekeeper.test_cli import EXAMPLE


@pytest.fixture
def svc(tmp_path: Path):
    s = Services.open(str(tmp_path / "w.db"))
    assert s.import_file(EXAMPLE).ok
    yield s
    s.close()


def test_lineup_by_number(svc):
    home = svc.lineup("g001", "home")
    assert home[0] == {"player": "ot01", "number": 30, "name": "OT1 Otters", "gender": "M", "goalie": True,
                       "captain": False}


def test_lineup_candidates_show_who_may_dress(svc):
    svc.add_event("g004", {"type": "note", "text": "x"})
    rows = svc.lineup_candidates("g004", "away")
    assert {r["player"] for r in rows} == {f"ly0{i}" for i in range(1, 8)}
    assert all(r["status"] == "ok" and not r["dressed"] for r in rows)


def test_elig_2_candidate_shows_the_suspension(svc, tmp_path):
    data = json.loads(EXAMPLE.read_text())
    g = next(x for x in data["games"] if x["id"] == "g002")
    g["events"].append({"type": "penalty", "team": "home", "period": 1, "elapsed": "01:00", "player": "ly04",
                        "infraction": "fighting"})
    s2 = Services.open(str(tmp_path / "x.db"))
    assert s2.import_data(data).ok
    row = next(r for r in s2.lineup_candidates("g004", "away") if r["player"] == "ly04")
    assert row["status"] == "suspended" and row["rule"] == "ELIG-2" and "game 1 of 5" in row["message"]
    s2.close()


def test_roster_rows(svc):
    row = next(r for r in svc.roster() if r["player"] == "he03")
    assert (row["team"], row["number"], row["gp"], row["pim"], row["suspension"]) == ("herons", 3, 2, 2, None)


def test_clock_from_the_rulebook(svc):
    assert svc.clock("g001") == {"periods": [1200, 1200], "period_word": "half", "overtime": 300,
                                 "overtime_periods": 1, "stop_time_last": 60, "overtime_stop_time_last": 60,
                                 "shootout": False}


def test_demo_season_ships_and_imports(tmp_path):
    s = Services.open(str(tmp_path / "demo.db"))
    report = s.import_file(s.demo_season_path())
    assert report.ok and report.blocks == []
    s.close()


def test_create_season(tmp_path):
    s = Services.open(str(tmp_path / "n.db"))
    assert s.create_season("Westridge Sponge Hockey League", "2016-17")["rulebook"] == "westridge-2015-16"
    assert [x["name"] for x in s.seasons()] == ["2016-17"]
    with pytest.raises(ServiceError, match="already"):
        s.create_season("Westridge Sponge Hockey League", "2016-17")
    s.close()


def test_points_progression(svc):
    assert svc.points_progression()["otters"] == [2, 2]


def test_save_division_and_team_with_captain(svc):
    assert svc.save_division({"id": "rec", "name": "Recreational", "coed": False}).ok
    assert svc.save_team({"id": "yaks", "name": "Yaks", "division": "rec"}).ok
    res = svc.save_team({"id": "otters", "name": "Otters", "division": "coed1", "colour": "blue", "captain": "ot03",
                         "captain_email": "new.captain@example.org"})
    assert res.ok
    otters = next(t for t in svc.teams() if t["id"] == "otters")
    assert (otters["captain"], otters["captain_email"]) == ("ot03", "new.captain@example.org")
    bad = svc.save_team({"id": "x", "name": "X", "division": "nowhere"})
    assert not bad.ok and bad.blocks[0].rule == "FILE"


def test_rulebook_answers_and_audit_filter(svc):
    codes = {i["code"]: i for i in svc.infractions()}
    assert codes["tripping"]["classes"] == ["minor", "major"] and codes["tripping"]["minutes"] == {"minor": 2,
                                                                                                  "major": 5}
    assert codes["body_contact"]["minutes"] == {"minor": 3}
    assert svc.section("GAME-3") == "§2 II a" and any(r["id"] == "MERCY-1" for r in svc.rules())
    svc.reopen_game("g001", "typo")
    assert [a["action"] for a in svc.audit(game="g001")] == ["reopen game"]
    assert svc.audit(game="g002") == []
