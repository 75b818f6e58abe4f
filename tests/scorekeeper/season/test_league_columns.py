"""The standings columns leagues print (issue 30.4): last ten, streak, goals-for share, points percentage, home and
away records, and the teams' special teams, each against a season counted by hand."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.special_teams import special_teams
from tests.scorekeeper.gamebuilder import BOOK, goal, pen, play
from tests.scorekeeper.season.league_builder import (
    open_league,
    overtime_win,
    rows,
    rulebook_text,
    score,
    season,
    shootout_win,
)

# a's twelve games, in the order played (H: a at home): the results a hand count gives
A_GAMES = [
    ("a", "b", score("a", "b", 2, 1)),            # 1 H W 2-1
    ("c", "a", score("c", "a", 1, 0)),            # 2 A L 0-1
    ("a", "c", overtime_win("a", "c", "a")),      # 3 H W 2-1 (OT)
    ("b", "a", overtime_win("b", "a", "b")),      # 4 A OTL 1-2
    ("a", "c", shootout_win("a", "c", "c")),      # 5 H OTL 1-2 (SO)
    ("b", "a", shootout_win("b", "a", "a")),      # 6 A W 2-1 (SO)
    ("a", "b", score("a", "b", 3, 0)),            # 7 H W 3-0
    ("b", "a", score("b", "a", 2, 1)),            # 8 A L 1-2
    ("a", "c", score("a", "c", 1, 0)),            # 9 H W 1-0
    ("c", "a", score("c", "a", 0, 2)),            # 10 A W 2-0
    ("a", "b", overtime_win("a", "b", "a")),      # 11 H W 2-1 (OT), 13:00
    ("c", "a", score("c", "a", 1, 0)),            # 12 A L 0-1, the same day at 21:00
]


def _shootout_season() -> dict[str, Any]:
    data = season(["a", "b", "c", "d"], A_GAMES)
    games = data["games"]
    games[11]["date"] = games[10]["date"]
    games[10]["time"], games[11]["time"] = "13:00", "21:00"
    games[10]["id"], games[11]["id"] = "g99", "g00"  # the ids would order them the other way
    data["games"] = list(reversed(games))  # nor does the file's order count
    return data


def test_last_ten_streak_home_away_and_goals_share_by_hand(tmp_path):
    r = rows(open_league(tmp_path / "so", rulebook_text(), _shootout_season()))["a"]
    assert (r["gp"], r["w"], r["l"], r["otl"], r["sol"]) == (12, 7, 5, 1, 1)
    # games 3-12: W OTL OTL W W L W W W L
    assert r["l10"] == {"w": 6, "l": 2, "t": 0, "otl": 2}
    assert r["streak"] == "L1"
    assert r["home"] == {"w": 5, "l": 0, "t": 0, "otl": 1}
    assert r["away"] == {"w": 2, "l": 3, "t": 0, "otl": 1}
    assert (r["gf"], r["ga"], r["gf_pct"]) == (17, 12, 0.586)
    # 7 wins x 2 + an OT loss and a shootout loss x 1 = 16 of 24
    assert (r["pts"], r["pts_pct"]) == (16, 0.667)


def test_a_team_without_a_game_has_no_goals_share_and_no_streak(tmp_path):
    r = rows(open_league(tmp_path / "none", rulebook_text(), _shootout_season()))["d"]
    assert (r["gf_pct"], r["streak"], r["pts_pct"]) == (None, None, 0.0)
    assert r["l10"] == r["home"] == r["away"] == {"w": 0, "l": 0, "t": 0, "otl": 0}


def _tie_book(ot_loss: int = 1) -> str:
    text = rulebook_text().replace("[shootout]\nregular = true", "[shootout]\nregular = false")
    return text.replace("ot_loss = 1", f"ot_loss = {ot_loss}")


TIE_GAMES = [
    ("a", "b", score("a", "b", 1, 0)),             # a W, b L
    ("b", "a", score("b", "a", 0, 0)),             # a T, b T (a 0-0 tie, overtime without a goal)
    ("a", "b", score("a", "b", 2, 1)),             # a W, b L
    ("c", "d", score("c", "d", 0, 0)),             # c T, d T: no goal either way
]


def test_a_tie_ends_a_streak_and_a_scoreless_team_has_no_goals_share(tmp_path):
    r = rows(open_league(tmp_path / "tie", _tie_book(), season(["a", "b", "c", "d"], TIE_GAMES)))
    assert (r["a"]["streak"], r["b"]["streak"], r["c"]["streak"]) == ("W1", "L1", "T1")
    assert r["a"]["l10"] == {"w": 2, "l": 0, "t": 1, "otl": 0}
    assert r["a"]["away"] == {"w": 0, "l": 0, "t": 1, "otl": 0}
    assert (r["c"]["gf_pct"], r["a"]["gf_pct"]) == (None, 0.75)


def test_an_overtime_loss_is_otl_as_the_row_records_it_whatever_its_points(tmp_path):
    games = [*TIE_GAMES, ("b", "a", overtime_win("b", "a", "b"))]
    for name, book in (("otl", _tie_book()), ("l", _tie_book(ot_loss=0))):
        r = rows(open_league(tmp_path / name, book, season(["a", "b", "c", "d"], games)))["a"]
        assert (r["streak"], r["l10"], r["otl"]) == ("OTL1", {"w": 2, "l": 0, "t": 1, "otl": 1}, 1)


# Special teams, one game at a time under Westridge's rulebook (coincidental minors do not offset: both play short)

def _st(events: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    return special_teams(play(events), BOOK)


def test_one_minor_is_one_opportunity_and_one_time_short_handed():
    st = _st([pen("away", 1, "01:00", "a2")])
    assert st["home"] == {"ppg": 0, "ppo": 1, "ppga": 0, "times_sh": 0, "shg": 0}
    assert st["away"] == {"ppg": 0, "ppo": 0, "ppga": 0, "times_sh": 1, "shg": 0}


def test_coincidental_minors_leaving_strength_equal_give_no_opportunity():
    st = _st([pen("away", 1, "05:00", "a2"), pen("home", 1, "05:00", "h2")])
    assert st["home"]["ppo"] == st["away"]["ppo"] == 0


def test_a_five_on_three_after_a_five_on_four_is_one_opportunity():
    # a2 1:00-3:00, a3 2:00-4:00 (5 on 3 from 2:00 to 3:00), the home PP goal at 2:30 ends a2's minor
    st = _st([pen("away", 1, "01:00", "a2"), pen("away", 1, "02:00", "a3"), goal("home", 1, "02:30", "h2")])
    assert (st["home"]["ppo"], st["home"]["ppg"], st["away"]["times_sh"], st["away"]["ppga"]) == (1, 1, 1, 1)


def test_a_power_play_goal_ends_the_minor_and_the_next_minor_is_another_opportunity():
    st = _st([pen("away", 1, "01:00", "a2"), goal("home", 1, "01:30", "h2"), pen("away", 1, "02:00", "a3")])
    assert (st["home"]["ppo"], st["home"]["ppg"]) == (2, 1)


def test_minors_one_after_the_other_are_two_opportunities_and_a_short_handed_goal_counts():
    st = _st([pen("away", 1, "01:00", "a2"), goal("away", 1, "01:30", "a3"), pen("away", 1, "05:00", "a4")])
    assert st["away"] == {"ppg": 0, "ppo": 0, "ppga": 0, "times_sh": 2, "shg": 1}
    assert (st["home"]["ppo"], st["home"]["ppg"]) == (2, 0)


def _special_season() -> dict[str, Any]:
    return season(["a", "b"], [
        ("a", "b", [pen("away", 1, "01:00", "b2"), goal("home", 1, "01:30", "a2"),  # a: PP goal (1 of 1)
                    pen("home", 2, "01:00", "a3"), pen("away", 2, "01:00", "b3")]),  # coincidental: none
        ("b", "a", [pen("home", 1, "01:00", "b2"), pen("home", 1, "02:00", "b3"),    # a: 5 on 3, one chance
                    pen("away", 3, "01:00", "a2"), goal("away", 3, "01:20", "a4")]),  # b: none scored, a SH
    ])


def test_stats_teams_add_up_the_games_by_hand(tmp_path):
    svc = open_league(tmp_path / "st", rulebook_text(), _special_season())
    teams = {t["team"]: t for t in svc.stats()["teams"]}
    assert teams["a"] == {"team": "a", "gp": 2, "ppg": 1, "ppo": 2, "pp_pct": 0.5, "ppga": 0, "times_sh": 1,
                          "pk_pct": 1.0, "shg": 1, "so": 2}  # b scored in neither game: two team shutouts
    assert teams["b"] == {"team": "b", "gp": 2, "ppg": 0, "ppo": 1, "pp_pct": 0.0, "ppga": 1, "times_sh": 2,
                          "pk_pct": 0.5, "shg": 0, "so": 0}
