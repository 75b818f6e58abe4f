"""Teams without duplicates (issue 18, point 3): a name once per division, and a team renamed, merged into another
or deleted when it has nothing, each audited, the merge and the delete behind the office password."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorekeeper.services import ServiceError, Services
from tests.data import EXAMPLE_SEASON as EXAMPLE

LEAGUE, SEASON = "Westridge Sponge Hockey League", "2015-16"


def duplicate_otters() -> dict[str, Any]:
    """A season-file part adding a second "Otters" to Co-ed Division 1 (as a careless import would), with a
    player signed to it, a game against Herons and a payment."""
    return {"format": "scorekeeper.season/1", "league": LEAGUE, "season": SEASON,
            "teams": [{"id": "otters-b", "name": "  otters ", "division": "coed1", "colour": "navy"}],
            "players": [{"id": "nb01", "first": "Nora", "last": "Banks", "gender": "F"}],
            "roster": [{"team": "otters-b", "player": "nb01", "number": 77}],
            "games": [{"id": "g005", "date": "2015-10-25", "time": "19:00", "home": "herons", "away": "otters-b",
                       "status": "scheduled"}],
            "payments": [{"payer": {"team": "otters-b"}, "amount": "5.00", "date": "2015-10-21"}]}


@pytest.fixture
def svc(tmp_path: Path):
    s = Services.open(str(tmp_path / "teams.db"))
    assert s.import_file(EXAMPLE).ok
    yield s
    s.close()


@pytest.fixture
def doubled(svc: Services) -> Services:
    report = svc.import_data(duplicate_otters())
    assert report.ok, report.violations
    assert [v.rule for v in report.warnings] == ["TEAM"]  # a valid contract file still loads, with a warning
    assert "Otters" in report.warnings[0].message
    return svc


def test_a_new_team_with_a_name_its_division_has_is_refused_naming_the_existing_team(svc):
    res = svc.save_team({"id": "otters-2", "name": " OTTERS  ", "division": "coed1"})
    assert not res.ok and [v.rule for v in res.blocks] == ["TEAM"]
    assert "Co-ed Division 1 already has a team called 'Otters' (otters)" in res.blocks[0].message
    assert "otters-2" not in {t["id"] for t in svc.teams()}


def test_the_same_name_in_another_division_and_a_team_saved_under_its_own_name_are_accepted(svc):
    assert svc.save_team({"id": "otters-2", "name": "Otters", "division": "coed2"}).ok
    assert svc.save_team({"id": "otters", "name": "Otters", "division": "coed1", "colour": "teal"}).ok


def test_rename_changes_the_name_audited_and_refuses_a_name_taken_in_the_division(svc):
    res = svc.rename_team("Otters", "River Otters")
    assert res.ok and res.changes.touches("teams")
    assert {t["id"]: t["name"] for t in svc.teams()}["otters"] == "River Otters"
    entry = next(a for a in svc.audit() if a["action"] == "team renamed")
    assert entry["subject"] == "otters"
    refused = svc.rename_team("otters", "herons")
    assert not refused.ok and "already has a team called 'Herons' (herons)" in refused.blocks[0].message
    with pytest.raises(ServiceError, match="no team 'Penguins'"):
        svc.rename_team("Penguins", "Puffins")


def test_find_team_by_name_refuses_a_name_two_teams_share_naming_both(doubled):
    with pytest.raises(ServiceError) as refused:
        doubled.find_team("OTTERS")
    assert "Otters (otters, Co-ed Division 1)" in str(refused.value)
    assert "otters-b" in str(refused.value)
    assert doubled.find_team("otters-b") == "otters-b"


def test_merge_moves_games_signings_and_payments_then_removes_the_team_audited(doubled):
    before = {r["player"] for r in doubled.roster() if r["team"] == "otters"}
    res = doubled.merge_teams("otters-b", "otters")
    assert res.ok, res.violations
    assert "otters-b" not in {t["id"] for t in doubled.teams()}
    data = doubled.export()
    assert {r["player"] for r in data["roster"] if r["team"] == "otters"} == before | {"nb01"}
    assert next(g for g in data["games"] if g["id"] == "g005")["away"] == "otters"
    assert {"payer": {"team": "otters"}, "amount": "5.00", "date": "2015-10-21"} in data["payments"]
    entry = next(a for a in doubled.audit() if a["action"] == "team merged")
    assert entry["subject"] == "otters-b into otters"
    assert res.changes.touches("teams", "roster", "games", "payments")


def test_merge_and_delete_need_the_office_password(doubled):
    doubled.set_office_password("sharks-2016")
    doubled.lock_office()
    res = doubled.merge_teams("otters-b", "otters")
    assert not res.ok and [v.rule for v in res.blocks] == ["OFFICE"]
    assert doubled.delete_team("otters-b").blocks[0].rule == "OFFICE"
    assert "otters-b" in {t["id"] for t in doubled.teams()}
    assert doubled.unlock_office("sharks-2016")
    assert doubled.merge_teams("otters-b", "otters").ok


def test_merge_is_refused_when_the_merged_roster_wears_one_number_twice(doubled):
    doubled.import_data({"format": "scorekeeper.season/1", "league": LEAGUE, "season": SEASON,
                         "players": [{"id": "nb02", "first": "Ned", "last": "Banks", "gender": "M"}],
                         "roster": [{"team": "otters-b", "player": "nb02", "number": 2}]})
    res = doubled.merge_teams("otters-b", "otters")
    assert not res.ok and [v.rule for v in res.blocks] == ["DATA-1"]
    assert "#2" in res.blocks[0].message
    assert "otters-b" in {t["id"] for t in doubled.teams()}  # nothing written


def test_teams_that_played_each_other_or_are_in_other_divisions_are_not_merged(svc):
    res = svc.merge_teams("herons", "otters")
    assert not res.ok and "played each other (game g001, g003)" in res.blocks[0].message
    with pytest.raises(ServiceError, match="different divisions"):
        svc.merge_teams("lynx", "otters")
    with pytest.raises(ServiceError, match="into itself"):
        svc.merge_teams("otters", "Otters")


def test_delete_removes_a_team_with_nothing_and_refuses_one_with_games_or_signings(svc):
    assert svc.save_team({"id": "puffins", "name": "Puffins", "division": "coed2"}).ok
    refused = svc.delete_team("otters")
    assert not refused.ok and "Otters has 2 games, 7 signings" in refused.blocks[0].message
    assert "merge it into another team instead" in refused.blocks[0].message
    res = svc.delete_team("Puffins")
    assert res.ok and res.changes.touches("teams")
    assert "puffins" not in {t["id"] for t in svc.teams()}
    entry = next(a for a in svc.audit() if a["action"] == "team deleted")
    assert entry["subject"] == "puffins"


def test_a_team_a_season_file_brought_in_under_a_taken_name_stays_editable_until_renamed(doubled):
    assert doubled.save_team({"id": "otters-b", "name": "  otters ", "division": "coed1", "colour": "teal"}).ok
    respelt = doubled.save_team({"id": "otters-b", "name": "Otters", "division": "coed1"})
    assert respelt.needs_confirmation and [v.rule for v in respelt.warnings] == ["TEAM"]  # still the same name
    assert doubled.rename_team("otters-b", "Otters Reserve").ok


def test_a_name_changed_in_the_team_form_is_audited_as_a_rename(svc):
    assert svc.save_team({"id": "herons", "name": "Grey Herons", "division": "coed1", "colour": "white"}).ok
    entry = next(a for a in svc.audit() if a["action"] == "team renamed")
    assert entry["subject"] == "herons"
    assert svc.save_team({"id": "herons", "name": "Grey Herons", "division": "coed1", "colour": "grey"}).ok
    assert sum(a["action"] == "team renamed" for a in svc.audit()) == 1  # a colour alone is no rename


# -- TEAM: a division name once per season (issue 27, finding 9) -----------------------------------------------------
def test_team_a_second_division_with_a_name_the_season_has_is_refused_naming_it(svc):
    res = svc.save_division({"id": "coed1-b", "name": "  co-ed DIVISION 1 ", "coed": True, "tier": 1})
    assert not res.ok and [(v.rule, v.where) for v in res.blocks] == [("TEAM", "division coed1-b")]
    assert "already has a division called 'Co-ed Division 1' (coed1)" in res.blocks[0].message
    assert "coed1-b" not in {d["id"] for d in svc.divisions()}


def test_team_a_division_saved_under_its_own_name_or_a_new_one_is_accepted(svc):
    assert svc.save_division({"id": "coed1", "name": "Co-ed Division 1", "coed": True, "tier": 1}, True).ok
    assert svc.save_division({"id": "rec", "name": "Recreational", "coed": False}, True).ok
    res = svc.save_division({"id": "coed2", "name": "Recreational", "coed": True, "tier": 2}, True)
    assert not res.ok and "(rec)" in res.blocks[0].message  # a rename onto another's name is refused too


def test_team_a_season_file_with_two_divisions_of_one_name_loads_with_a_warning(svc):
    report = svc.import_data({"format": "scorekeeper.season/1", "league": LEAGUE, "season": SEASON,
                              "divisions": [{"id": "coed1-b", "name": "Co-ed Division 1", "coed": True}]})
    assert report.ok, report.violations
    assert [(v.rule, v.where) for v in report.warnings] == [("TEAM", "division coed1-b")]
