"""A player's status for a game (ELIG-1, ELIG-2, COED-5), computed once in rules.eligibility and read by the
line-up check; and the typed season data it is computed from (office records, carried suspensions, derived values)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scorekeeper.rulebook import load_rulebook
from scorekeeper.rules.discipline import suspension_verdicts, suspensions
from scorekeeper.rules.eligibility import player_status
from scorekeeper.rules.lineup import check_lineups
from scorekeeper.season.records import CarryOver, OfficeRecords
from scorekeeper.season.view import SeasonView
from scorekeeper.seasonfile import normalise
from tests.data import EXAMPLE_SEASON

BASE = json.loads(EXAMPLE_SEASON.read_text())
BOOK = load_rulebook()
FIGHT = {"type": "penalty", "team": "home", "period": 1, "elapsed": "01:00", "player": "ly04",
         "infraction": "fighting"}


def season(change: Any = None) -> SeasonView:
    data = copy.deepcopy(BASE)
    if change is not None:
        change(data)
    return SeasonView(normalise(data), BOOK)


def game(data: dict[str, Any], gid: str) -> dict[str, Any]:
    return next(g for g in data["games"] if g["id"] == gid)


def ly04_fights_in_g002(data: dict[str, Any]) -> None:
    game(data, "g002")["events"].append(FIGHT)


def test_elig_2_a_fight_suspends_the_player_for_the_team_s_next_game():
    view = season(ly04_fights_in_g002)
    status = player_status(view, "g004", "away", "ly04")
    assert (status.code, status.rule, status.may_dress) == ("suspended", "ELIG-2", False)
    assert status.suspended is not None and status.suspended.game_of == "game 1 of 5"
    assert status.suspended.sanction.game == "g002" and "PEN-FIGHT-1" in status.suspended.text
    assert player_status(view, "g004", "away", "ly05").code == "ok"


def test_elig_2_the_line_up_check_reads_the_status():
    def dressed(data: dict[str, Any]) -> None:
        ly04_fights_in_g002(data)
        game(data, "g004")["lineups"] = {"home": [{"player": "ow01", "goalie": True}, {"player": "ow02"}],
                                         "away": [{"player": "ly01", "goalie": True}, {"player": "ly04"}]}

    view = season(dressed)
    status = player_status(view, "g004", "away", "ly04")
    assert status.suspended is not None
    found = [v for v in check_lineups(view, "g004") if v.rule == "ELIG-2"]
    assert len(found) == 1 and found[0].blocks and status.suspended.text in found[0].message


@pytest.mark.parametrize(("lifted_on", "code"), [("2015-10-10", "ok"), ("2015-10-20", "suspended")])
def test_elig_2_a_suspension_the_office_lifted_before_the_game_no_longer_counts(lifted_on, code):
    view = season(ly04_fights_in_g002)
    view.office = OfficeRecords.of(lifted={("ly04", "g002"): lifted_on})
    assert player_status(view, "g004", "away", "ly04").code == code


def test_elig_1_a_playoff_game_needs_the_regular_season_games():
    def playoff(data: dict[str, Any]) -> None:
        game(data, "g004")["stage"] = "playoff"

    view = season(playoff)
    status = player_status(view, "g004", "away", "ly04")
    need = BOOK.eligibility.playoff_min_games
    assert need > 1
    assert (status.code, status.rule, status.playoff_games, status.may_dress) == ("ineligible", "ELIG-1",
                                                                                  (1, need), False)


def test_coed_5_a_division_1_skater_of_a_division_2_team_counts_toward_the_limit():
    def signed(data: dict[str, Any]) -> None:
        data["roster"].append({"team": "lynx", "player": "ot02", "number": 40, "position": "skater"})

    view = season(signed)
    status = player_status(view, "g004", "away", "ot02")
    assert (status.code, status.rule, status.may_dress) == ("div1_limit", "COED-5", True)
    assert status.division1_cap == ("males", BOOK.coed.dress_m)
    assert player_status(view, "g004", "away", "ot02", goalie=True).division1_cap is None  # goalies: no limit
    assert player_status(view, "g004", "away", "ly04").division1_cap is None


def test_office_records_handed_out_are_read_only():
    records = OfficeRecords.of(notices={("ly04", "g002"): "2015-10-05T10:00:00"})
    with pytest.raises(TypeError):
        records.notices[("ly05", "g002")] = "now"  # type: ignore[index]
    assert records.with_overrides({"k": "why"}).notices == records.notices


def test_carried_suspensions_are_asked_for_once_and_kept_by_a_changed_view():
    calls: list[int] = []

    def source(view: SeasonView) -> tuple[int | None, list[Any]]:
        calls.append(1)
        return 7, []

    view = season()
    view.carry_over = CarryOver(source)
    assert view.carry_over.carried_from is None
    assert view.carry_over.carried(view) == () and view.carry_over.carried(view) == ()
    assert view.carry_over.carried_from == 7
    changed = view.with_changes(view.data, {"g004"}, season_level=False)
    assert changed.carry_over.carried(changed) == () and calls == [1]


def test_a_change_to_a_game_not_final_keeps_the_season_s_discipline():
    view = season(ly04_fights_in_g002)
    player_status(view, "g004", "away", "ly04")
    assert view.derived.sanctions is not None
    kept = view.with_changes(view.data, {"g004"}, season_level=False)
    assert kept.derived.sanctions is view.derived.sanctions
    final = view.with_changes(view.data, {"g002"}, season_level=False)
    assert final.derived.sanctions is None


def test_susp_1_the_suspension_verdict_counts_the_games_served_and_left():
    def served_one(data: dict[str, Any]) -> None:
        ly04_fights_in_g002(data)
        game(data, "g004")["status"] = "final"

    view = season(served_one)
    [verdict] = suspension_verdicts(view)
    assert (verdict.player, verdict.game, verdict.kind, verdict.games, verdict.status) == ("ly04", "g002", "games",
                                                                                           5, "active")
    assert (verdict.served, verdict.left) == (1, 4)
    assert suspensions(view)["suspensions"] == [verdict.to_json()]
    assert player_status(view, "g004", "away", "ly04").suspended is not None  # at g004 itself: game 1 of 5
