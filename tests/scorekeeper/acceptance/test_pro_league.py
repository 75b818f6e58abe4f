"""A professional league's rulebook (docs/examples/pro-league.toml, written after the NHL's Official Rules) loads
and plays a season through the command line: three periods, a 3-on-3 overtime that is period 4, a shootout after
it in the regular season, 20-minute playoff overtimes numbered on from period 4, and 2-1 points for overtime and
shootout results (GAME-1, GAME-2, PTS-2). The file has no mercy, lateness, co-ed or discipline tables; a second
major ejects nobody there, the third does (PEN-MAJOR-2), and offsetting penalties and double minors apply."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.data import PRO_LEAGUE

from .conftest import SeasonBuilder, cli_json, goal, penalty, run_cli, standings_row, standings_rows, write_json

H, A = "home", "away"
BOOK = "pro-league"


def season() -> dict:
    sb = SeasonBuilder({"d1": ["b", "z"]})
    sb.game("p01", "z", "b", [goal(H, 1, "04:00", "z02"), goal(A, 2, "06:00", "b02"),
                              goal(H, 3, "19:10", "z03", "z04", "z05")])  # z: a regulation win in the third period
    sb.game("p02", "b", "z", [goal(H, 1, "05:00", "b02"), goal(A, 3, "05:00", "z02"),
                              penalty(H, 4, "01:00", "b03", "hooking"),
                              goal(A, 4, "01:40", "z03")])  # 4 on 3 in overtime: z wins in period 4
    sb.game("p03", "z", "b", [goal(H, 1, "05:00", "z02"), goal(A, 2, "05:00", "b02"),
                              {"type": "shootout", "team": "away", "attempts": [
                                  {"team": "home", "shooter": "z03", "scored": False},
                                  {"team": "away", "shooter": "b03", "scored": True},
                                  {"team": "home", "shooter": "z04", "scored": False}]}])  # b wins the shootout
    sb.game("p04", "b", "z", [penalty(H, 1, "02:00", "b04", "fighting"), penalty(A, 1, "02:00", "z04", "fighting"),
                              penalty(H, 2, "03:00", "b04", "slashing", cls="major"),
                              goal(H, 2, "10:00", "b04"),
                              penalty(A, 3, "02:00", "z02", "high_sticking_injury"),
                              goal(H, 3, "03:00", "b02", "b03")])  # b04's two majors eject nobody
    sb.game("p05", "z", "b", [goal(H, 1, "05:00", "z02"), goal(A, 1, "06:00", "b02"),
                              goal(A, 6, "07:30", "b03")], stage="playoff")  # the third playoff overtime
    data = sb.build()
    data["rulebook"] = BOOK
    data["league"] = "Professional Hockey League"
    return data


@pytest.fixture(scope="module")
def league_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pro-league")
    db = folder / "league.db"
    code, out, err = run_cli(db, "rulebook", "load", PRO_LEAGUE)
    assert code == 0 and BOOK in out, err
    code, out, err = run_cli(db, "import", write_json(folder / "season.json", season()))
    assert code == 0, out + err
    return db


def test_game_1_three_periods_and_a_regulation_win(league_db: Path):
    g = cli_json(league_db, "game", "p01", "--json")
    assert g["decision"] == "regulation" and g["points"] == {"home": 2, "away": 0}
    assert g["by_period"] == {"home": [1, 0, 1], "away": [0, 1, 0]}


def test_pts_2_the_overtime_is_period_4_and_its_loser_gets_a_point(league_db: Path):
    g = cli_json(league_db, "game", "p02", "--json")
    assert g["decision"] == "overtime" and g["winner"] == "away" and g["points"] == {"home": 1, "away": 2}
    assert g["by_period"]["away"] == [0, 0, 1, 1]
    assert g["goals"][-1]["strength"] == "PP"  # the overtime minor made it 4 on 3
    assert g["penalties"][0]["ends"] == "61:40" and g["penalties"][0]["ended_by_goal"]


def test_game_2_a_tie_after_overtime_goes_to_the_shootout(league_db: Path):
    g = cli_json(league_db, "game", "p03", "--json")
    assert g["decision"] == "shootout" and g["winner"] == "away" and g["points"] == {"home": 1, "away": 2}
    assert g["score"] == {"home": 1, "away": 2} and g["shootout"]["goals"] == {"home": 0, "away": 1}


def test_pen_major_2_two_majors_eject_nobody_and_the_player_scores_after_them(league_db: Path):
    g = cli_json(league_db, "game", "p04", "--json")
    assert g["ejections"] == [] and g["score"] == {"home": 2, "away": 0}
    assert not [v for v in g["violations"] if v["severity"] == "block"]
    assert g["goals"][0]["scorer"] == "b04" and g["pim"] == {"home": 10, "away": 5 + 4}
    assert [p["offset"] for p in g["penalties"]] == [True, True, False, False]  # the fighting majors offset


def test_pen_minor_2_a_power_play_goal_ends_the_first_half_of_a_double_minor(league_db: Path):
    g = cli_json(league_db, "game", "p04", "--json")
    double = g["penalties"][-1]
    assert (double["infraction"], double["minutes"], double["pim"]) == ("high_sticking_injury", 4, 4)
    assert g["goals"][1]["strength"] == "PP"
    assert (double["starts"], double["ends"], double["ended_by_goal"]) == ("42:00", "45:00", False)


def test_game_2_playoff_overtimes_are_20_minutes_numbered_on_from_period_4(league_db: Path):
    g = cli_json(league_db, "game", "p05", "--json")
    assert g["decision"] == "overtime" and g["winner"] == "away"
    assert g["by_period"] == {"home": [1, 0, 0, 0, 0, 0], "away": [1, 0, 0, 0, 0, 1]}
    assert g["goals"][-1]["period"] == 6 and g["goals"][-1]["elapsed"] == "07:30"


def test_pts_2_standings_count_overtime_and_shootout_results(league_db: Path):
    st = cli_json(league_db, "standings", "--json")
    z, b = standings_row(st, "d1", "z"), standings_row(st, "d1", "b")
    assert (z["gp"], z["w"], z["l"], z["otw"], z["sol"], z["pts"]) == (4, 2, 2, 1, 1, 5)
    assert (b["gp"], b["w"], b["l"], b["otl"], b["sow"], b["pts"]) == (4, 2, 2, 1, 1, 5)


def test_pts_1_level_on_points_games_and_regulation_wins_the_pro_league_ranks_by_row(league_db: Path):
    st = cli_json(league_db, "standings", "--json")
    z, b = standings_row(st, "d1", "z"), standings_row(st, "d1", "b")
    assert (z["rw"], b["rw"]) == (1, 1) and (z["row"], b["row"]) == (2, 1)  # b's other win is the shootout's
    assert [r["team"] for r in standings_rows(st, "d1")] == ["z", "b"]  # not by id: ROW decides
