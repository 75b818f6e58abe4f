"""Player scoring and PIM: SCORE-1, SCORE-3, PEN-SHOT-1; regular season and playoffs kept apart.

Teams a and b (division d1) play six regular-season games (so every dressed player has the 6 games ELIG-1
asks for the playoffs) and then two playoff games.
"""

from __future__ import annotations

import pytest

from .conftest import (
    SeasonBuilder,
    awarded_goal,
    cli_json,
    goal,
    goal_at,
    import_season,
    penalty,
    penalty_shot,
    standings_row,
    stat,
    stats_row,
)

H, A = "home", "away"


def build() -> dict:
    sb = SeasonBuilder({"d1": ["a", "b"]})
    g = sb.game
    g("r1", "a", "b", [
        goal(H, 1, "05:00", "a02", "a03", "a04"),
        goal(H, 1, "10:00", "a02"),
        penalty(H, 1, "15:00", "a05", "hooking"),                           # a05: 2 PIM
        goal(H, 2, "03:00", "a03", "a02"),
        penalty_shot(A, 2, "06:00", "b02", scored=True, fouled_by="a05"),  # b02 goal, no assists, no PIM
        penalty(A, 2, "08:00", "b03", "body_contact"),                      # b03: 3 PIM
        penalty(A, 2, "09:00", "b03", "abuse_of_officials"),                # b03: 10 PIM
        awarded_goal(A, 2, "12:00", reason="awarded by the referee"),  # nobody's goal
    ])                                                                       # a 3-2 b
    g("r2", "b", "a", [
        goal(A, 1, "04:00", "a02"),
        goal(H, 2, "05:00", "b02", "b04"),
        goal(H, 3, "02:00", "b04", "b02"),                                   # OT winner, b 2-1
    ])
    g("r3", "a", "b", [goal(H, 1, "02:00", "a06", "a07")])                  # a 1-0
    g("r4", "b", "a", [goal(H, 1, "03:00", "b05")])                         # b 1-0
    g("r5", "a", "b", [])                                                   # 0-0
    g("r6", "b", "a", [goal(H, 2, "10:00", "b06", "b07", "b05"), goal(A, 2, "15:00", "a07")])  # 1-1
    g("p1", "a", "b", [
        goal(H, 1, "05:00", "a02", "a03"),
        penalty(A, 1, "10:00", "b02", "hooking"),
        goal(H, 2, "05:00", "a02", "a03"),
    ], stage="playoff")                                                      # a 2-0
    g("p2", "b", "a", [
        goal(H, 1, "03:00", "b02"),
        goal(A, 2, "03:00", "a04"),
        goal(H, 4, "01:00", "b05"),                                          # second overtime, b 2-1
    ], stage="playoff")
    return sb.build()


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    return import_season(tmp_path_factory.mktemp("stats"), build())


def _line(stats, player):
    row = stats_row(stats, player)
    assert row is not None, f"{player} missing from stats: {stats['players']}"
    return {k: row[k] for k in ("team", "gp", "g", "a", "pts", "pim")}


def test_score_1_goal_and_assist_one_point_each(season):
    """SCORE-1: "Goal = 1 point, assist = 1 point." a02: r1 2 goals + 1 assist, r2 1 goal -> g 3, a 1, pts 4;
    a03: r1 1 goal + 1 assist -> 2; a04: r1 1 assist -> 1. Each dressed in all 6 regular games."""
    st = season.stats()
    assert _line(st, "a02") == dict(team="a", gp=6, g=3, a=1, pts=4, pim=0)
    assert _line(st, "a03") == dict(team="a", gp=6, g=1, a=1, pts=2, pim=0)
    assert _line(st, "a04") == dict(team="a", gp=6, g=0, a=1, pts=1, pim=0)
    assert _line(st, "a07") == dict(team="a", gp=6, g=1, a=1, pts=2, pim=0)   # r3 assist, r6 goal


def test_score_1_overtime_goals_and_assists_count(season):
    """SCORE-1: "... OT included." b04: r2 assist at 25:00 + OT goal -> g 1, a 1; b02: r1 penalty-shot goal,
    r2 goal + OT assist -> g 2, a 1, pts 3."""
    st = season.stats()
    assert _line(st, "b04") == dict(team="b", gp=6, g=1, a=1, pts=2, pim=0)
    assert _line(st, "b02") == dict(team="b", gp=6, g=2, a=1, pts=3, pim=0)


def test_score_1_regular_season_stats_stage_field(season):
    """Contract: `stats --json` defaults to the regular season and says so."""
    assert season.stats()["stage"] == "regular"
    assert season.stats("playoff")["stage"] == "playoff"


def test_score_3_penalty_shot_goal_credited_to_shooter_without_assists(season):
    """SCORE-3: "A penalty-shot goal goes to the shooter with no assists." Example: #9 -> G1, no assists."""
    goal = goal_at(season.game("r1"), 2, "06:00")
    assert goal["penalty_shot"] is True
    assert goal["scorer"] == "b02"
    assert goal["assists"] == []
    assert goal["team"] == "away"


def test_score_3_awarded_goal_credited_to_nobody(season):
    """SCORE-3: "Awarded goals go to no player." b's regular goals: r1 2 (penalty shot + awarded), r2 2,
    r4 1, r6 1 = 6, but its players' goals add up to b02 2 + b04 1 + b05 1 + b06 1 = 5."""
    game = season.game("r1")
    assert game["score"] == {"home": 3, "away": 2}
    awarded = goal_at(game, 2, "12:00")
    assert awarded["awarded"] is True
    assert awarded.get("scorer") is None
    assert not awarded.get("assists")
    st = season.stats()
    goals_b = {f"b0{i}": stat(st, f"b0{i}", "g") for i in range(1, 10)}
    assert goals_b == {"b01": 0, "b02": 2, "b03": 0, "b04": 1, "b05": 1, "b06": 1, "b07": 0,
                       "b08": 0, "b09": 0}


def test_pen_shot_1_penalty_shot_carries_no_time_penalty(season):
    """PEN-SHOT-1: "No time penalty follows (A-15). Miss -> 0 goals, 0 PIM." a05 fouled the shooter: only his
    hooking minor counts -> pim 2."""
    assert _line(season.stats(), "a05") == dict(team="a", gp=6, g=0, a=0, pts=0, pim=2)


def test_score_1_pim_sums_assessed_minutes(season):
    """Contract stats `pim` / A-2: b03 body contact 3 + misconduct 10 = 13."""
    assert _line(season.stats(), "b03") == dict(team="b", gp=6, g=0, a=0, pts=0, pim=13)


def test_score_1_regular_season_excludes_playoffs(season):
    """SCORE-1: "Regular season and playoffs are kept apart." a02's playoff goals (2) are not in his regular
    line (g 3); b02's playoff hooking (2) is not in his regular pim (0)."""
    st = season.stats()
    assert stats_row(st, "a02")["g"] == 3
    assert stats_row(st, "b02")["pim"] == 0
    assert stats_row(st, "a04")["g"] == 0


def test_score_1_playoff_stats_kept_apart(season):
    """SCORE-1: playoff scoring. a02: p1 2 goals -> g 2, a 0; a03: 2 assists; a04: p2 1 goal; b02: p2 goal,
    p1 hooking -> g 1, pim 2; b05: second-OT goal. Each dressed in both playoff games -> gp 2."""
    st = season.stats("playoff")
    assert _line(st, "a02") == dict(team="a", gp=2, g=2, a=0, pts=2, pim=0)
    assert _line(st, "a03") == dict(team="a", gp=2, g=0, a=2, pts=2, pim=0)
    assert _line(st, "a04") == dict(team="a", gp=2, g=1, a=0, pts=1, pim=0)
    assert _line(st, "b02") == dict(team="b", gp=2, g=1, a=0, pts=1, pim=2)
    assert _line(st, "b05") == dict(team="b", gp=2, g=1, a=0, pts=1, pim=0)


def test_game_2_playoff_overtime_repeats_until_a_goal_a_16(season):
    """GAME-2 / A-16: "playoff OT repeats 5-minute periods until a goal." p2: 1-1, no goal in period 3, b
    scores at 1:00 of period 4 -> b wins 2-1 in overtime."""
    g = season.game("p2")
    assert g["stage"] == "playoff"
    assert g["score"] == {"home": 2, "away": 1}
    assert g["decision"] == "overtime"
    assert g["winner"] == "home"
    goal = goal_at(g, 4, "01:00")
    assert goal["scorer"] == "b05"


def test_pts_1_standings_count_regular_season_only(season):
    """Contract: "Standings count regular-season games only." PTS-1/PTS-2:
    a: r1 W 3-2, r2 L(OT) 1-2, r3 W 1-0, r4 L 0-1, r5 T 0-0, r6 T 1-1 -> gp 6, w 2, l 2, t 2, otl 1,
       pts 2*2 + 2 = 6, gf 3+1+1+0+0+1 = 6, ga 2+2+0+1+0+1 = 6, pim 2 (a05)
    b: w 2 (r2 OT, r4), l 2, t 2, otw 1, pts 6, gf 6, ga 6, pim 3 + 10 = 13 (b02's playoff minor left out)."""
    st = season.standings()
    fields = ("gp", "w", "l", "t", "otw", "otl", "pts", "gf", "ga", "diff", "pim")
    a = standings_row(st, "d1", "a")
    b = standings_row(st, "d1", "b")
    assert {k: a[k] for k in fields} == dict(gp=6, w=2, l=2, t=2, otw=0, otl=1, pts=6, gf=6, ga=6, diff=0, pim=2)
    assert {k: b[k] for k in fields} == dict(gp=6, w=2, l=2, t=2, otw=1, otl=0, pts=6, gf=6, ga=6, diff=0,
                                             pim=13)


def test_elig_1_six_regular_games_make_a_player_playoff_eligible(season):
    """ELIG-1: "Needs 6 or more regular-season games on this team's lineup (A-24)." Every dressed a and b
    player has 6 (r1-r6; playoff games are not counted); a08 and b08 were never dressed -> 0, not eligible."""
    season.require_ok()
    elig = {r["player"]: r for r in cli_json(season.db, "eligibility", "--json")["players"]}
    for p in ("a02", "a07", "b01", "b05"):
        assert (elig[p]["team"], elig[p]["regular_gp"], elig[p]["playoff_eligible"]) == (p[0], 6, True), p
    for p in ("a08", "b08"):
        assert (elig[p]["regular_gp"], elig[p]["playoff_eligible"]) == (0, False), p
