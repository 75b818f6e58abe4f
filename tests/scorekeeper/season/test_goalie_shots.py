"""Shots per goalie (issue 30.3): a game's `goalie_shots` give each goalie his shots against and saves, period by
period as the paper sheet has them; the season-file checks refuse what a sheet cannot hold; the export keeps them;
a game without them is read as before."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scorekeeper.seasonfile import check_structure
from scorekeeper.services import Services
from tests.scorekeeper.season.league_builder import goal, open_league, rulebook_text, season

# the paper sheet: a1 in net for the 1st and the 2nd up to 10:00, a5 after; b scores at 1st 05:00 (on a1) and at
# 2nd 15:00 (on a5)
PAPER = [{"goalie": "a1", "period": 1, "shots": 10}, {"goalie": "a1", "period": 2, "shots": 4},
         {"goalie": "a5", "period": 2, "shots": 5}, {"goalie": "a5", "period": 3, "shots": 8}]


def two_goalie_season(goalie_shots: list[dict[str, Any]] | None = PAPER) -> dict[str, Any]:
    data = season(["a", "b"], [
        ("a", "b", [goal("away", 1, "05:00", "b2"), goal("home", 1, "12:00", "a2"),
                    {"type": "goalie", "team": "home", "period": 2, "elapsed": "10:00", "action": "in",
                     "player": "a5"},
                    goal("away", 2, "15:00", "b3"), goal("home", 3, "02:00", "a3"), goal("home", 3, "09:00", "a4")]),
    ])
    game = data["games"][0]
    game["lineups"]["home"] = [x if x["player"] != "a5" else {"player": "a5", "goalie": True}
                               for x in game["lineups"]["home"]]
    game["shots"] = {"home": [7, 6, 9], "away": [10, 9, 8]}
    if goalie_shots is not None:
        game["goalie_shots"] = copy.deepcopy(goalie_shots)
    return data


@pytest.fixture
def league(tmp_path) -> Services:
    svc = open_league(tmp_path / "l", rulebook_text(), two_goalie_season())
    yield svc
    svc.close()


def test_each_goalie_has_the_shots_and_saves_of_the_paper_sheet(league: Services, capsys):
    from scorekeeper.cli import _command, build_parser

    assert _command(league, build_parser().parse_args(["stats", "--json"])) == 0
    rows = {r["player"]: r for r in json.loads(capsys.readouterr().out)["goalies"]}
    assert (rows["a1"]["sa"], rows["a1"]["sv"], rows["a1"]["sv_pct"], rows["a1"]["ga"]) == (14, 13, 0.929, 1)
    assert (rows["a5"]["sa"], rows["a5"]["sv"], rows["a5"]["sv_pct"], rows["a5"]["ga"]) == (13, 12, 0.923, 1)
    # b's lone goalie has no entry: today's derivation from a's team shots stays for him
    assert (rows["b1"]["sa"], rows["b1"]["sv"]) == (22, 19)


def test_without_goalie_shots_the_shared_period_stays_unknown(tmp_path):
    svc = open_league(tmp_path / "w", rulebook_text(), two_goalie_season(None))
    try:
        rows = {r["player"]: r for r in svc.stats()["goalies"]}
        # the shared 2nd is nobody's, so neither goalie's game is known
        assert (rows["a1"]["sa"], rows["a1"]["sv"], rows["a5"]["sa"], rows["a5"]["sv"]) == (None, None, None, None)
        assert "goalie_shots" not in json.loads(svc.export_text())["games"][0]
    finally:
        svc.close()


def test_export_and_import_keep_goalie_shots(league: Services, tmp_path):
    exported = json.loads(league.export_text())
    assert exported["games"][0]["goalie_shots"] == PAPER
    exported.pop("computed", None)
    again = open_league(tmp_path / "again", rulebook_text(), exported)
    try:
        assert json.loads(again.export_text())["games"][0]["goalie_shots"] == PAPER
        assert again.export_text() == league.export_text()
    finally:
        again.close()


@pytest.mark.parametrize(("entries", "path", "words"), [
    ([{"goalie": "b2", "period": 1, "shots": 3}], "games[0].goalie_shots[0].goalie", "did not dress in goal"),
    ([{"goalie": "zz", "shots": 3}], "games[0].goalie_shots[0].goalie", "did not dress in goal"),
    ([{"goalie": "a1", "period": 1, "shots": -1}], "games[0].goalie_shots[0].shots", "whole number from 0"),
    ([{"goalie": "a1", "period": 1, "shots": 2.5}], "games[0].goalie_shots[0].shots", "whole number from 0"),
    ([{"goalie": "a1", "period": 4, "shots": 2}], "games[0].goalie_shots[0].period", "period must be one"),
    ([{"goalie": "a1", "period": 0, "shots": 2}], "games[0].goalie_shots[0].period", "period must be one"),
    ([{"goalie": "a1", "period": 1, "shots": 2}, {"goalie": "a1", "period": 1, "shots": 3}],
     "games[0].goalie_shots[1]", "listed twice for period 1"),
    ([{"goalie": "a1", "shots": 2, "save": 1}], "games[0].goalie_shots[0].save", "unknown key"),
    ({"a1": 3}, "games[0].goalie_shots", "must be a list"),
])
def test_the_season_file_refuses_what_a_sheet_cannot_hold(entries: Any, path: str, words: str):
    problems = [(v.where, v.message) for v in check_structure(two_goalie_season(entries))]
    assert any(where == path and words in message for where, message in problems), problems


def test_the_paper_sheet_passes_the_checks():
    assert check_structure(two_goalie_season()) == []


def test_the_game_sheet_prints_each_goalies_shots_and_saves_by_period(league: Services):
    from tests.scorekeeper.reports.conftest import flat, pdf_pages

    game = json.loads(league.export_text())["games"][0]["id"]
    text = flat(" ".join(pdf_pages(league.game_sheet_pdf(game))))
    # each goalie's line: minutes, shots against, saves, goals against; then his periods
    assert "30:00 14 13 1" in text and "30:00 13 12 1" in text, text
    assert "By period, shots / saves: 1st 10 / 9 · 2nd 4 / 4" in text, text
    assert "By period, shots / saves: 2nd 5 / 4 · 3rd 8 / 8" in text, text
