"""Line-up, roster and appeal rules on import: COED-4, COED-5, ELIG-4, APPEAL-1, DATA-1, DATA-2."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scorekeeper.services import Services
from tests.scorekeeper.test_cli import EXAMPLE

BASE = json.loads(EXAMPLE.read_text())


def attempt(tmp_path, data: dict[str, Any]) -> tuple[bool, list[str], list[str]]:
    svc = Services.open(str(tmp_path / "r.db"))
    report = svc.import_data(data)
    svc.close()
    return report.ok, [v.rule for v in report.blocks], [v.rule for v in report.warnings]


def with_div1_players_on_lynx(n_male: int, n_female: int, n_goalie: int = 0) -> dict[str, Any]:
    """Sign Otters (Division 1) players to the Lynx (Division 2) as well."""
    data = copy.deepcopy(BASE)
    males, females = ["ot02", "ot03", "ot04"], ["ot05", "ot06", "ot07"]
    number = 40
    for pid in males[:n_male] + females[:n_female]:
        data["roster"].append({"team": "lynx", "player": pid, "number": number, "position": "skater"})
        number += 1
    if n_goalie:
        data["players"] += [{"id": f"gk{i}", "first": "G", "last": f"K{i}", "gender": "M"} for i in range(n_goalie)]
        for i in range(n_goalie):
            data["roster"].append({"team": "otters", "player": f"gk{i}", "number": 80 + i, "position": "goalie"})
            data["roster"].append({"team": "lynx", "player": f"gk{i}", "number": 90 + i, "position": "goalie"})
    return data


def test_coed_4_two_division_1_males_may_sign(tmp_path):
    assert attempt(tmp_path, with_div1_players_on_lynx(2, 3))[0]


def test_coed_4_third_division_1_male_refused(tmp_path):
    ok, blocks, _ = attempt(tmp_path, with_div1_players_on_lynx(3, 0))
    assert not ok and blocks == ["COED-4"]


def test_coed_4_third_division_1_goalie_refused(tmp_path):
    ok, blocks, _ = attempt(tmp_path, with_div1_players_on_lynx(0, 0, n_goalie=3))
    assert not ok and blocks == ["COED-4"]


@pytest.mark.parametrize(("males", "females", "rule"), [(1, 3, None), (2, 0, "COED-5")])
def test_coed_5_division_1_players_dressed_per_game(tmp_path, males, females, rule):
    data = with_div1_players_on_lynx(2, 3)
    g = next(x for x in data["games"] if x["id"] == "g002")
    g["lineups"]["home"] += [{"player": p} for p in ["ot02", "ot03"][:males] + ["ot05", "ot06", "ot07"][:females]]
    ok, blocks, _ = attempt(tmp_path, data)
    assert (blocks == [rule]) if rule else ok


def test_coed_5_fifth_division_1_female_refused(tmp_path):
    data = copy.deepcopy(BASE)
    data["players"] += [{"id": f"f{i}", "first": "F", "last": f"{i}", "gender": "F"} for i in range(5)]
    for i in range(5):
        data["roster"] += [{"team": "otters", "player": f"f{i}", "number": 50 + i},
                           {"team": "lynx", "player": f"f{i}", "number": 50 + i}]
    g = next(x for x in data["games"] if x["id"] == "g002")
    g["lineups"]["home"] += [{"player": f"f{i}"} for i in range(5)]
    ok, blocks, _ = attempt(tmp_path, data)
    assert not ok and blocks == ["COED-5"]


def test_elig_4_under_18_face_mask_warning(tmp_path):
    data = copy.deepcopy(BASE)
    next(p for p in data["players"] if p["id"] == "ot03")["birthdate"] = "1999-01-01"
    ok, blocks, warnings = attempt(tmp_path, data)
    assert ok and "ELIG-4" in warnings


@pytest.mark.parametrize(("form", "fee", "ok"), [("F-001", True, True), ("", True, False), ("F-002", False, False)])
def test_appeal_1_needs_official_form_and_fee(tmp_path, form, fee, ok):
    data = copy.deepcopy(BASE)
    data["appeals"] = [{"player": "he03", "game": "g001", "filed": "2015-10-05", "form": form, "fee_paid": fee,
                        "decision": "pending"}]
    got = attempt(tmp_path, data)
    assert got[0] is ok and (ok or got[1] == ["APPEAL-1"])


def test_data_1_jersey_number_unique_on_active_roster(tmp_path):
    data = copy.deepcopy(BASE)
    next(r for r in data["roster"] if r["player"] == "ot03")["number"] = 2
    ok, blocks, _ = attempt(tmp_path, data)
    assert not ok and blocks == ["DATA-1"]


def test_data_1_number_free_again_after_release(tmp_path):
    data = copy.deepcopy(BASE)
    r = next(r for r in data["roster"] if r["player"] == "ot03")
    r["released"] = "2015-09-01"
    data["roster"].append({"team": "otters", "player": "ot03", "number": 2, "position": "skater",
                           "signed": "2015-09-01", "released": "2015-09-02"})
    data["roster"][-1]["number"] = 33
    assert attempt(tmp_path, data)[1] == ["DATA-2", "DATA-2"]  # no longer on the roster on game days


def test_data_2_unsigned_player_cannot_dress(tmp_path):
    data = copy.deepcopy(BASE)
    data["games"][0]["lineups"]["home"].append({"player": "ly04"})
    ok, blocks, _ = attempt(tmp_path, data)
    assert not ok and blocks == ["DATA-2"]


def test_data_2_different_number_warns(tmp_path):
    data = copy.deepcopy(BASE)
    data["games"][0]["lineups"]["home"][1]["number"] = 99
    ok, _, warnings = attempt(tmp_path, data)
    assert ok and "DATA-2" in warnings
