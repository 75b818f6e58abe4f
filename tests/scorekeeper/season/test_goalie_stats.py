"""Goalie statistics (issue 19): GP when in net (or when dressed, `scoring.goalie_gp`), the decision to the goalie in
net at the deciding goal, time in net across a change and a pulled goalie, shots against and saves by period,
goals-against average per regulation game, shutouts, a shootout."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.services import Services
from tests.scorekeeper.season.league_builder import goal, open_league, rulebook_text, season, shootout_win


def goalie(side: str, period: int, elapsed: str, action: str, player: str | None = None) -> dict[str, Any]:
    event = {"type": "goalie", "team": side, "period": period, "elapsed": elapsed, "action": action}
    return {**event, "player": player} if player else event


def two_games() -> dict[str, Any]:
    """g01: a beats b 3-1: a's starter a1 gives up b's goal in the first period and is replaced by a5 for the second;
    a's third goal is scored into b's empty net. g02: 0-0 after overtime, b wins the shootout (a5 dressed, never in
    net). Shots recorded for g01 only."""
    data = season(["a", "b"], [
        ("a", "b", [goal("away", 1, "05:00", "b2"), goalie("home", 2, "00:00", "in", "a5"),
                    goal("home", 2, "10:00", "a2"), goal("home", 3, "10:00", "a3"),
                    goalie("away", 3, "19:00", "pull"), goal("home", 3, "19:30", "a2")]),
        ("b", "a", shootout_win("b", "a", "b", level=0)),
    ])
    for game in data["games"]:
        side = "home" if game["home"] == "a" else "away"
        game["lineups"][side] = [x if x["player"] != "a5" else {"player": "a5", "goalie": True}
                                 for x in game["lineups"][side]]
    data["games"][0]["shots"] = {"home": [10, 8, 12], "away": [7, 6, 9]}
    return data


def goalie_rows(svc: Services) -> dict[str, dict[str, Any]]:
    return {r["player"]: r for r in svc.stats()["goalies"]}


@pytest.fixture
def played(tmp_path) -> Services:
    text = rulebook_text().replace("max_assists = 2", 'max_assists = 2\ngoalie_gp = "played"')
    svc = open_league(tmp_path / "played", text, two_games())
    yield svc
    svc.close()


def test_goalie_stats_follow_a_change_a_pull_and_a_shootout(played: Services):
    rows = goalie_rows(played)
    assert rows["a1"] == {"player": "a1", "team": "a", "gp": 2, "w": 0, "l": 0, "t": 0, "otl": 0, "sol": 1,
                          "min": "85:00", "sa": 7, "sv": 6, "sv_pct": 0.857, "ga": 1, "gaa": 0.71, "so": 1}
    assert rows["a5"] == {"player": "a5", "team": "a", "gp": 1, "w": 1, "l": 0, "t": 0, "otl": 0, "sol": 0,
                          "min": "40:00", "sa": 15, "sv": 15, "sv_pct": 1.0, "ga": 0, "gaa": 0.0, "so": 0}
    # a1: g02's 0-0 lost in the shootout is his shutout (shootout goals never count; issue 30.1).
    # b1: pulled at 59:00 of g01 (the empty-net goal is nobody's), alone in net for g02's 65 minutes and its
    # shootout win: a shutout (a scored no goal), and the shots of g01 only
    assert rows["b1"] == {"player": "b1", "team": "b", "gp": 2, "w": 1, "l": 1, "t": 0, "otl": 0, "sol": 0,
                          "min": "124:00", "sa": 30, "sv": 28, "sv_pct": 0.933, "ga": 2, "gaa": 0.97, "so": 1}


def test_goalie_gp_counts_games_in_net_or_games_dressed(played: Services, tmp_path):
    assert goalie_rows(played)["a5"]["gp"] == 1
    skaters = {r["player"]: r for r in played.stats()["players"]}
    assert skaters["a5"]["gp"] == 1  # dressed in goal twice, in net once
    dressed = open_league(tmp_path / "dressed", rulebook_text(), two_games())  # the default: "dressed"
    try:
        assert goalie_rows(dressed)["a5"]["gp"] == 2
        assert {r["player"]: r for r in dressed.stats()["players"]}["a5"]["gp"] == 2
        assert goalie_rows(dressed)["a5"]["min"] == "40:00"
    finally:
        dressed.close()


def test_goalie_stats_in_the_export_and_the_json_command(played: Services, tmp_path, capsys):
    from scorekeeper.cli import _command, build_parser

    assert _command(played, build_parser().parse_args(["stats", "--json"])) == 0
    import json

    printed = json.loads(capsys.readouterr().out)
    assert {r["player"] for r in printed["goalies"]} == {"a1", "a5", "b1", "b5"} - {"b5"}
    exported = json.loads(played.export_text())
    assert exported["computed"]["stats"]["regular"]["goalies"] == printed["goalies"]
