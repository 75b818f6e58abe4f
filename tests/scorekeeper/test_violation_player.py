"""A line-up violation carries the ids of the players it is about (`Violation.players`): what the Line-ups page marks
each player's row by, rather than looking for a name in the message. The field is not part of the JSON or the
printed line (the command line's output stays as documented), and the facade hands it to the window intact."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from scorekeeper.rulebook import load_rulebook
from scorekeeper.rules.lineup import check_lineups
from scorekeeper.rules.violation import Violation
from scorekeeper.season.records import OfficeRecords
from scorekeeper.season.view import SeasonView
from scorekeeper.seasonfile import normalise
from scorekeeper.services import Services
from scorekeeper.validation import apply_overrides, override_key, validate_season
from tests.data import EXAMPLE_SEASON

BASE = json.loads(EXAMPLE_SEASON.read_text())
BOOK = load_rulebook()
FIGHT = {"type": "penalty", "team": "home", "period": 1, "elapsed": "01:00", "player": "ly04",
         "infraction": "fighting"}
G004_LINEUPS: dict[str, list[dict[str, Any]]] = {
    "home": [{"player": "ow01", "goalie": True}] + [{"player": f"ow0{i}"} for i in range(2, 8)],
    "away": [{"player": "ly01", "goalie": True}] + [{"player": f"ly0{i}"} for i in range(2, 8)]}


def season(change: Callable[[dict[str, Any]], None]) -> SeasonView:
    data = copy.deepcopy(BASE)
    change(data)
    return SeasonView(normalise(data), BOOK)


def game(data: dict[str, Any], gid: str) -> dict[str, Any]:
    return next(g for g in data["games"] if g["id"] == gid)


def dress_g004(data: dict[str, Any]) -> None:
    game(data, "g004")["lineups"] = copy.deepcopy(G004_LINEUPS)


def about(view: SeasonView, gid: str, rule: str) -> list[Violation]:
    return [v for v in check_lineups(view, gid) if v.rule == rule]


@pytest.fixture
def svc(tmp_path: Any) -> Iterator[Services]:
    s = Services.open(str(tmp_path / "v.db"))
    data = copy.deepcopy(BASE)
    dress_g004(data)
    assert s.import_data(data).ok
    yield s
    s.close()


# -- the rules: each line-up violation names its player by id ---------------------------------------------------
def test_elig_2_the_suspended_player_s_violation_carries_the_player():
    def suspended(data: dict[str, Any]) -> None:
        game(data, "g002")["events"].append(FIGHT)
        dress_g004(data)

    found = about(season(suspended), "g004", "ELIG-2")
    assert [(v.players, v.blocks) for v in found] == [(("ly04",), True)]


def test_elig_1_the_players_short_of_playoff_games_carry_the_player():
    def playoff(data: dict[str, Any]) -> None:
        game(data, "g004")["stage"] = "playoff"
        game(data, "g004")["lineups"] = {"home": [{"player": "ow01", "goalie": True}],
                                         "away": [{"player": "ly01", "goalie": True}, {"player": "ly04"}]}

    view = season(playoff)
    found = about(view, "g004", "ELIG-1")
    assert [(v.players, v.blocks) for v in found] == [(("ow01",), True), (("ly01",), True), (("ly04",), True)]
    assert all(view.player_name(v.players[0]) in v.message for v in found)


def test_data_2_a_player_not_on_the_roster_carries_the_player():
    def unsigned(data: dict[str, Any]) -> None:
        game(data, "g001")["lineups"]["home"].append({"player": "ly04"})

    found = about(season(unsigned), "g001", "DATA-2")
    assert [(v.players, v.blocks) for v in found] == [(("ly04",), True)]


def test_data_2_a_player_dressed_for_both_sides_carries_the_player():
    def both(data: dict[str, Any]) -> None:
        data["roster"].append({"team": "herons", "player": "ot03", "number": 43, "position": "skater"})
        game(data, "g001")["lineups"]["away"].append({"player": "ot03"})

    found = about(season(both), "g001", "DATA-2")
    assert [(v.players, v.blocks) for v in found] == [(("ot03",), True)]


def test_data_2_a_different_number_warns_with_the_player():
    def renumbered(data: dict[str, Any]) -> None:
        game(data, "g001")["lineups"]["home"][1]["number"] = 99

    found = about(season(renumbered), "g001", "DATA-2")
    assert [(v.players, v.severity) for v in found] == [(("ot02",), "warn")]


def test_elig_4_the_face_mask_warning_carries_the_player():
    def young(data: dict[str, Any]) -> None:
        next(p for p in data["players"] if p["id"] == "ot03")["birthdate"] = "1999-01-01"

    assert [v.players for v in about(season(young), "g001", "ELIG-4")] == [("ot03",)]


def test_coed_5_a_limit_broken_by_several_players_carries_each_of_them():
    def div1(data: dict[str, Any]) -> None:
        for n, pid in enumerate(["ot02", "ot03"]):
            data["roster"].append({"team": "lynx", "player": pid, "number": 40 + n, "position": "skater"})
            game(data, "g002")["lineups"]["home"].append({"player": pid})

    found = about(season(div1), "g002", "COED-5")
    assert [v.players for v in found] == [("ot02", "ot03")]  # the line-up editor marks both


# -- the facade: what the window is given --------------------------------------------------------------------
def test_elig_2_the_refused_line_up_hands_the_window_the_player(svc: Services):
    for minute in ("05:00", "09:00"):
        assert svc.add_event("g004", {"type": "penalty", "team": "away", "period": 1, "elapsed": minute,
                                      "player": "ly03", "infraction": "slashing", "class": "major"},
                             confirm=True).ok
    assert svc.finish_game("g004", confirm=True).ok
    svc.save_game({"id": "g005", "date": "2015-10-25", "time": "19:00", "stage": "regular", "home": "lynx",
                   "away": "owls", "status": "scheduled"})
    res = svc.set_lineup("g005", "home", [{"player": "ly01", "goalie": True}, {"player": "ly03"}])
    assert not res.ok and [(v.rule, v.players) for v in res.blocks] == [("ELIG-2", ("ly03",))]
    warnings = [v for v in res.violations if v.rule == "SUSP-2"]
    assert [v.players for v in warnings] == [("ly03",)]  # the captain's notice is about the suspended player


def test_data_2_the_refused_line_up_hands_the_window_the_unsigned_player(svc: Services):
    lineup = [*G004_LINEUPS["home"], {"player": "he04"}]
    res = svc.set_lineup("g004", "home", lineup)
    assert not res.ok and [(v.rule, v.players) for v in res.blocks] == [("DATA-2", ("he04",))]


def test_data_4_undressing_a_scorer_is_refused_with_the_scorer(svc: Services):
    assert svc.add_event("g004", {"type": "goal", "team": "home", "period": 1, "elapsed": "02:00",
                                  "scorer": "ow02", "assists": []}).ok
    res = svc.set_lineup("g004", "home", [x for x in G004_LINEUPS["home"] if x["player"] != "ow02"])
    assert not res.ok and [(v.rule, v.players) for v in res.blocks] == [("DATA-4", ("ow02",))]


def test_data_4_a_player_on_the_ice_not_dressed_carries_the_player(svc: Services):
    bad = svc.check_on_ice("g004", "home", ["ow01", "ow03", "ow04", "ow05", "he02"], 1, "05:00")
    assert [v.players for v in bad if v.rule == "DATA-4"] == [("he02",)]


def test_a_block_the_office_overrode_keeps_its_player():
    def suspended(data: dict[str, Any]) -> None:
        game(data, "g002")["events"].append(FIGHT)
        dress_g004(data)

    view = season(suspended)
    block = about(view, "g004", "ELIG-2")[0]
    view.office = OfficeRecords.of(overrides={override_key(block): "the league allowed it"})
    kept = [v for v in apply_overrides(view, [block]) if v.rule == "ELIG-2"]
    assert [(v.severity, v.players) for v in kept] == [("info", ("ly04",))]
    assert "overridden by the office: the league allowed it" in kept[0].message
    assert [v.players for v in validate_season(view, ["g004"], False) if v.rule == "ELIG-2"] == [("ly04",)]


# -- the output contract: unchanged ------------------------------------------------------------------------------
def test_the_player_is_not_part_of_the_json_the_printed_line_or_equality():
    plain = Violation("ELIG-2", "block", "#4 LY4 Lynx is suspended", "§8", "game g004")
    about_ly04 = Violation("ELIG-2", "block", "#4 LY4 Lynx is suspended", "§8", "game g004", players=("ly04",))
    assert about_ly04.to_json() == plain.to_json() == {"rule": "ELIG-2", "severity": "block",
                                                       "message": "#4 LY4 Lynx is suspended", "section": "§8",
                                                       "where": "game g004"}
    assert about_ly04.line() == plain.line() == "BLOCK ELIG-2 (§8) game g004: #4 LY4 Lynx is suspended"
    assert about_ly04 == plain and hash(about_ly04) == hash(plain)
    assert plain.players == ()
