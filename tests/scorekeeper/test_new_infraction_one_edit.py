"""A new infraction with its own fine, suspension and report to the league is one rulebook edit.

The shipped Westridge rulebook plus one appended block (the infraction, its discipline row and its rule ID) is
loaded into a league's database; a penalty for it recorded through the facade, and the game finished, gives the
fine, the suspension, the refusal of the suspended player in the team's next line-up, the line on the report to
the league and the line on the game sheet. No code names the new code.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.reports.data import game_sheet_data
from scorekeeper.resources import resource_path
from scorekeeper.services import Services

SHIPPED = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")
BOOK = "westridge-spearing"
# The one edit: appended to the shipped file (its id changed, as every rulebook of its own needs).
NEW_INFRACTION = """
[infractions.spearing_sponge]
name = "Spearing with the sponge"
class = "major"
section = "§6 XX"
rule = "PEN-SPEAR-1"
trigger = "spearing"
report = true

[[discipline]]
trigger = "spearing"
rule = "PEN-SPEAR-1"
fine_row = "FINE-13"
suspend = 2
fine_cents = 2500
payer = "player"

[rules.PEN-SPEAR-1]
section = "§6 XX"
title = "Spearing with the sponge"
"""
TEAMS = ("otters", "herons")


def _lineup(team: str) -> list[dict[str, Any]]:
    return [{"player": f"{team[:2]}{n}", "goalie": n == 1} for n in range(1, 9)]


def _season() -> dict[str, Any]:
    games = [{"id": gid, "date": date, "time": "19:00", "stage": "regular", "home": "otters", "away": "herons",
              "status": "scheduled", "lineups": {"home": _lineup("otters"), "away": _lineup("herons")} if n == 0
              else {}, "events": []}
             for n, (gid, date) in enumerate((("g1", "2015-10-04"), ("g2", "2015-10-11"), ("g3", "2015-10-18")))]
    return {
        "format": "scorekeeper.season/1", "league": "Westridge Sponge Hockey League", "season": "2015-16",
        "rulebook": BOOK, "divisions": [{"id": "open", "name": "Open", "coed": False}],
        "teams": [{"id": t, "name": t.title(), "division": "open"} for t in TEAMS],
        "players": [{"id": f"{t[:2]}{n}", "first": f"{t[:2].upper()}{n}", "last": t.title()}
                    for t in TEAMS for n in range(1, 9)],
        "roster": [{"team": t, "player": f"{t[:2]}{n}", "number": n, "position": "goalie" if n == 1 else "skater"}
                   for t in TEAMS for n in range(1, 9)],
        "games": games}


@pytest.fixture(scope="module")
def svc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Services]:
    folder = tmp_path_factory.mktemp("new-infraction")
    book = Path(folder / f"{BOOK}.toml")
    book.write_text(SHIPPED.replace('id = "westridge-2015-16"', f'id = "{BOOK}"') + NEW_INFRACTION, encoding="utf-8")
    service = Services.open(str(folder / "league.db"))
    assert service.load_rulebook_file(book)["loaded"]
    report = service.import_data(_season())
    assert report.ok, [v.line() for v in report.violations]
    result = service.add_event("g1", {"type": "penalty", "team": "home", "period": 1, "elapsed": "06:00",
                                      "player": "ot4", "infraction": "spearing_sponge"})
    assert result.ok, [v.line() for v in result.violations]
    finished = service.finish_game("g1", confirm=True)
    assert finished.ok, [v.line() for v in finished.violations]
    yield service
    service.close()


def test_the_new_infraction_is_in_the_catalogue_in_force(svc: Services):
    (row,) = [i for i in svc.infractions() if i["code"] == "spearing_sponge"]
    assert row["name"] == "Spearing with the sponge" and row["minutes"] == {"major": 5} and row["rule"] == "PEN-SPEAR-1"


def test_its_fine_is_billed_from_its_discipline_row(svc: Services):
    fines = [f for f in svc.fines()["fines"] if f.get("game") == "g1"]
    assert len(fines) == 1, fines
    (fine,) = fines
    assert fine["rule"] == "PEN-SPEAR-1" and fine["amount"] == "25.00" and fine["payer"] == {"player": "ot4"}


def test_its_suspension_is_two_games_under_its_rule(svc: Services):
    (susp,) = [s for s in svc.suspensions()["suspensions"] if s["player"] == "ot4"]
    assert (susp["rule"], susp["kind"], susp["games"], susp["served"], susp["status"]) == (
        "PEN-SPEAR-1", "games", 2, 0, "active")


def test_the_suspended_player_is_refused_in_the_next_line_up(svc: Services):
    result = svc.set_lineup("g2", "home", _lineup("otters"))
    assert not result.ok
    (block,) = result.blocks
    assert block.rule == "ELIG-2" and "OT4 Otters" in block.message and "game 1 of 2" in block.message
    without = svc.set_lineup("g2", "home", [x for x in _lineup("otters") if x["player"] != "ot4"])
    assert not without.blocks and without.needs_confirmation  # only the warning to tell the captain


def test_it_goes_on_the_report_to_the_league(svc: Services):
    assert svc.game("g1")["report"] == [{"player": "ot4", "team": "home", "infraction": "spearing_sponge",
                                         "reason": "spearing sponge", "period": 1, "elapsed": "06:00"}]


def test_the_game_sheet_prints_its_penalty_and_its_report_line(svc: Services):
    sheet = game_sheet_data(svc, "g1")
    (line,) = sheet.penalties
    assert (line.infraction, line.cls, line.minutes, line.time) == ("Spearing with the sponge", "Major", 5, "06:00")
    (report,) = sheet.reports
    assert "Spearing with the sponge" in report and "reported for spearing sponge" in report
