"""The office list (issue 27.11): what the boards leave to the office, from the rules that warn about it in a
line-up: a captain to e-mail before the team's next game (SUSP-2) and a proposed suspension to decide (PEN-GM-2).
A line-up saved at the boards (`office_later`) is not held up by them; the other warnings still are."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.resources import resource_path
from scorekeeper.services import Services
from tests.scorekeeper.rules.test_catalogue_examples import game
from tests.scorekeeper.rules.test_season_suspension_proposal import six_incidents

SEASON = "2015-16"



def demo(tmp_path: Path) -> Services:
    svc = Services.open(str(tmp_path / "demo.db"))
    assert svc.import_file(str(resource_path("demo", "demo-season.json"))).ok
    return svc


def test_susp_2_a_captain_to_e_mail_is_on_the_office_list_until_notified_in_time(tmp_path: Path) -> None:
    svc = demo(tmp_path)
    items = svc.office_list(SEASON)
    assert [(i["kind"], i["rule"], i["player"], i["game"], i["due"]) for i in items] == [
        ("notice", "SUSP-2", "he04", "g006", "g008"), ("notice", "SUSP-2", "fa05", "g006", "g008")]
    assert items[0]["what"] == ("E-mail the captain of Herons about Ryan Cote's suspension (game g006) before game "
                                "g008 on 2015-11-15") and items[0]["section"]
    assert svc.record_notice("he04", "g006", sent="2015-11-10T09:00:00", season=SEASON).ok
    assert [i["player"] for i in svc.office_list(SEASON)] == ["fa05"]
    svc.close()


def test_susp_2_a_line_up_at_the_boards_is_saved_without_asking_about_the_office_business(tmp_path: Path) -> None:
    svc = demo(tmp_path)
    herons = [{"player": f"he{n:02d}", **({"goalie": True} if n == 1 else {})} for n in range(1, 11) if n != 4]
    asked = svc.set_lineup("g008", "home", herons, season=SEASON)  # the command line, a script: asked
    assert asked.needs_confirmation and [v.rule for v in asked.violations] == ["SUSP-2"]
    assert asked.violations[0].office
    saved = svc.set_lineup("g008", "home", herons, season=SEASON, office_later=True)
    assert saved.ok and [v.rule for v in saved.violations] == ["SUSP-2"]  # said, written
    assert len(svc.view(SEASON).games["g008"]["lineups"]["home"]) == 9
    record = {k: v for k, v in svc.players(SEASON)["fa02"].items() if k != "name"}
    assert svc.save_player({**record, "birthdate": "1999-06-01"}, True, season=SEASON).ok
    falcons = [{"player": f"fa{n:02d}", **({"goalie": True} if n == 1 else {})} for n in range(1, 11) if n != 5]
    held = svc.set_lineup("g008", "away", falcons, season=SEASON, office_later=True)
    assert held.needs_confirmation and [v.rule for v in held.violations] == ["ELIG-4"]  # the boards' own: asked
    assert svc.view(SEASON).games["g008"]["lineups"]["away"] == []
    svc.close()


def test_pen_gm_2_a_proposed_suspension_is_on_the_office_list_until_decided(tmp_path: Path) -> None:
    svc = Services.open(str(tmp_path / "p.db"))
    later = [game("g7", "a", "b", "2099-01-07", status="scheduled", dressed={"a": []})]
    assert svc.import_data(six_incidents(later)).ok
    proposals = [i for i in svc.office_list() if i["kind"] == "proposal"]
    assert [(i["rule"], i["player"], i["game"]) for i in proposals] == [("PEN-GM-2", "a3", "g6")]
    assert proposals[0]["what"].startswith("Confirm or decline the season suspension proposed for ")
    assert svc.decline_suspension("a3", note="not this time").ok
    assert [i for i in svc.office_list() if i["kind"] == "proposal"] == []
    svc.close()
