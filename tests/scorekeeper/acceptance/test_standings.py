"""Standings: PTS-1 and the tiebreakers of A-25 ("points, wins, head-to-head, goal difference, GF"), and the
row fields of the contract (gf/ga with lateness goals and forfeits, otw/otl, pim by class).

Each tiebreaker has its own division, built so that the later tiebreakers would order the tied teams the
other way round.
"""

from __future__ import annotations

import pytest

from .conftest import SeasonBuilder, forfeit, goal, import_season, late, penalty, standings_row, standings_rows

H, A = "home", "away"


def _score(home: int, away: int, hp: str, ap: str) -> list[dict]:
    """home goals then away goals, one a minute from 1:00 of the first half, alternating scorers."""
    evs, minute = [], 1
    for i in range(home):
        evs.append(goal(H, 1, f"{minute:02d}:00", f"{hp}{'02' if i % 2 == 0 else '03'}"))
        minute += 1
    for i in range(away):
        evs.append(goal(A, 1, f"{minute:02d}:00", f"{ap}{'02' if i % 2 == 0 else '03'}"))
        minute += 1
    return evs


def build() -> dict:
    sb = SeasonBuilder({
        "dwins": ["wa", "wb", "wc", "wd"],
        "dh2h": ["ha", "hb", "hc", "hd"],
        "dgd": ["xa", "xb", "xc"],
        "dgf": ["ya", "yb", "yc"],
        "dmisc": ["ka", "kb", "kc", "kd"],
    })
    g = sb.game
    # wins: wa 5-0 wb, wb 1-0 wd, wc 3-3 wd, wc 2-2 wa
    g("w1", "wa", "wb", _score(5, 0, "wa", "wb"))
    g("w2", "wb", "wd", _score(1, 0, "wb", "wd"))
    g("w3", "wc", "wd", _score(3, 3, "wc", "wd"))
    g("w4", "wc", "wa", _score(2, 2, "wc", "wa"))
    # head-to-head: ha 1-0 hb, hb 10-0 hc, hd 1-0 ha, hd 1-0 hc
    g("h1", "ha", "hb", _score(1, 0, "ha", "hb"))
    g("h2", "hb", "hc", _score(10, 0, "hb", "hc"))
    g("h3", "hd", "ha", _score(1, 0, "hd", "ha"))
    g("h4", "hd", "hc", _score(1, 0, "hd", "hc"))
    # goal difference: xa 1-1 xb, xa 2-0 xc, xb 6-5 xc
    g("x1", "xa", "xb", _score(1, 1, "xa", "xb"))
    g("x2", "xa", "xc", _score(2, 0, "xa", "xc"))
    g("x3", "xb", "xc", _score(6, 5, "xb", "xc"))
    # goals for: ya 2-2 yb, ya 3-1 yc, yb 5-3 yc
    g("y1", "ya", "yb", _score(2, 2, "ya", "yb"))
    g("y2", "ya", "yc", _score(3, 1, "ya", "yc"))
    g("y3", "yb", "yc", _score(5, 3, "yb", "yc"))
    # misc: OT win, lateness forfeit, double forfeit, lateness goal, PIM of every class
    g("s1", "ka", "kb", [
        goal(H, 1, "01:00", "ka02"),
        penalty(A, 1, "03:00", "kb04", "tripping"),                       # minor 2
        penalty(A, 1, "10:00", "kb05", "body_contact"),                   # minor 3
        goal(A, 1, "15:00", "kb02"),
        penalty(H, 2, "02:00", "ka05", "slashing", cls="major"),          # major 5
        goal(H, 2, "05:00", "ka03"),
        penalty(H, 2, "10:00", "ka06", "game_misconduct"),                # GM 10
        goal(A, 2, "15:00", "kb03"),
        goal(H, 3, "01:30", "ka04"),                                      # OT winner: ka 3-2
    ])
    g("s2", "kc", "ka", [late(H, 10)])                                    # kc not ready -> ka wins 3-0
    g("s3", "kb", "kc", [forfeit("both", "short_players")])               # double forfeit 0-0
    g("s4", "kd", "kc", [
        late(H, 4),                                                       # 4 // 3 = 1 goal to kc
        goal(H, 1, "05:00", "kd02"),
        penalty(A, 1, "12:00", None, "too_many_players", served_by="kc03"),  # bench minor 2
        goal(H, 2, "05:00", "kd03"),                                      # kd 2-1
    ])
    g("s5", "kd", "kb", [
        penalty(A, 1, "05:00", "kb02", "hooking"),                        # minor 2, ended by the 6:00 goal
        goal(H, 1, "06:00", "kd02"),
        penalty(H, 2, "05:00", "kd04", "abuse_of_officials"),             # misconduct 10
    ])
    return sb.build()


@pytest.fixture(scope="module")
def standings(tmp_path_factory):
    season = import_season(tmp_path_factory.mktemp("standings"), build())
    return season.standings()


def _order(standings, division):
    return [r["team"] for r in standings_rows(standings, division)]


def test_pts_1_standings_points_and_ranks(standings):
    """PTS-1: "Win = 2, tie = 1, loss = 0." dwins: wa W(5-0)+T(2-2) = 3; wb W+L = 2; wc T+T = 2; wd L+T = 1."""
    pts = {r["team"]: r["pts"] for r in standings_rows(standings, "dwins")}
    assert pts == {"wa": 3, "wb": 2, "wc": 2, "wd": 1}
    assert [r["rank"] for r in standings_rows(standings, "dwins")] == [1, 2, 3, 4]


def test_pts_1_tiebreak_wins_before_goal_difference_a_25(standings):
    """A-25: "Tiebreakers: points, wins, head-to-head, goal difference, GF."
    wb and wc both 2 points: wb 1 win (diff -5+1 = -4, gf 1), wc 0 wins (diff 0, gf 5) -> wb above wc."""
    wb, wc = standings_row(standings, "dwins", "wb"), standings_row(standings, "dwins", "wc")
    assert (wb["w"], wb["diff"], wc["w"], wc["diff"]) == (1, -4, 0, 0)
    assert _order(standings, "dwins") == ["wa", "wb", "wc", "wd"]


def test_pts_1_tiebreak_head_to_head_before_goal_difference_a_25(standings):
    """A-25: head-to-head comes before goal difference. ha and hb: 2 points, 1 win each; ha beat hb 1-0;
    hb's diff -1+10 = +9 beats ha's 1-1 = 0, but ha ranks above hb. hd 4 points first, hc 0 last."""
    ha, hb = standings_row(standings, "dh2h", "ha"), standings_row(standings, "dh2h", "hb")
    assert (ha["pts"], ha["w"], ha["diff"]) == (2, 1, 0)
    assert (hb["pts"], hb["w"], hb["diff"]) == (2, 1, 9)
    assert _order(standings, "dh2h") == ["hd", "ha", "hb", "hc"]


def test_pts_1_tiebreak_goal_difference_before_goals_for_a_25(standings):
    """A-25: goal difference before GF. xa and xb: 3 points, 1 win, 1-1 against each other;
    xa gf 1+2 = 3, ga 1 -> +2; xb gf 1+6 = 7, ga 1+5 = 6 -> +1: xa above xb despite fewer goals."""
    xa, xb = standings_row(standings, "dgd", "xa"), standings_row(standings, "dgd", "xb")
    assert (xa["gf"], xa["ga"], xa["diff"]) == (3, 1, 2)
    assert (xb["gf"], xb["ga"], xb["diff"]) == (7, 6, 1)
    assert _order(standings, "dgd") == ["xa", "xb", "xc"]


def test_pts_1_tiebreak_goals_for_last_a_25(standings):
    """A-25: GF last. ya and yb: 3 points, 1 win, 2-2 against each other, both +2;
    ya gf 2+3 = 5, yb gf 2+5 = 7 -> yb above ya."""
    ya, yb = standings_row(standings, "dgf", "ya"), standings_row(standings, "dgf", "yb")
    assert (ya["gf"], ya["diff"], yb["gf"], yb["diff"]) == (5, 2, 7, 2)
    assert _order(standings, "dgf") == ["yb", "ya", "yc"]


def test_pts_2_overtime_win_counted_as_win_and_otw(standings):
    """PTS-2 + contract: "`w` counts every win (overtime and forfeit wins too) and `otw` the overtime wins
    among them; likewise `l` and `otl`." ka: OT win s1 3-2 + forfeit win s2 3-0 -> gp 2, w 2, otw 1, pts 4;
    gf 3+3 = 6, ga 2+0 = 2."""
    ka = standings_row(standings, "dmisc", "ka")
    assert {k: ka[k] for k in ("gp", "w", "l", "t", "otw", "otl", "pts", "gf", "ga", "diff")} == dict(
        gp=2, w=2, l=0, t=0, otw=1, otl=0, pts=4, gf=6, ga=2, diff=4)


def test_forf_4_double_forfeit_is_a_loss_and_zero_zero(standings):
    """FORF-4: "Both teams short -> both get a loss and 0 points"; contract: a double forfeit counts 0-0 in
    gf/ga. kb: OT loss s1 2-3, double forfeit s3 0-0, loss s5 0-1 -> gp 3, l 3, otl 1, pts 0, gf 2, ga 4."""
    kb = standings_row(standings, "dmisc", "kb")
    assert {k: kb[k] for k in ("gp", "w", "l", "t", "otw", "otl", "pts", "gf", "ga", "diff")} == dict(
        gp=3, w=0, l=3, t=0, otw=0, otl=1, pts=0, gf=2, ga=4, diff=-2)


def test_forf_1_forf_2_lateness_goals_and_forfeit_in_goals_for_and_against(standings):
    """FORF-1/FORF-2 + contract: "gf and ga ... goals awarded for lateness included: a forfeit counts as its
    forfeit score (3-0)". kc: s2 forfeit 0-3, s3 double forfeit 0-0, s4 1 lateness goal v 2 -> 1-2:
    gp 3, l 3, pts 0, gf 0+0+1 = 1, ga 3+0+2 = 5. kd: s4 2-1, s5 1-0 -> gf 3, ga 1."""
    kc = standings_row(standings, "dmisc", "kc")
    assert {k: kc[k] for k in ("gp", "w", "l", "pts", "gf", "ga", "diff")} == dict(
        gp=3, w=0, l=3, pts=0, gf=1, ga=5, diff=-4)
    kd = standings_row(standings, "dmisc", "kd")
    assert {k: kd[k] for k in ("gp", "w", "l", "pts", "gf", "ga", "diff")} == dict(
        gp=2, w=2, l=0, pts=4, gf=3, ga=1, diff=2)


def test_pts_1_pim_by_class_game_misconduct_ten_a_25(standings):
    """Contract: "`pim` is the sum of assessed minutes by class (a game misconduct counts 10), not the time
    served: a minor ended early by a goal still counts its full minutes." A-2: body contact 3.
    ka: major 5 + GM 10 = 15; kb: tripping 2 + body contact 3 + hooking 2 (ended by a goal) = 7;
    kc: bench minor 2; kd: misconduct 10."""
    pim = {r["team"]: r["pim"] for r in standings_rows(standings, "dmisc")}
    assert pim == {"ka": 15, "kb": 7, "kc": 2, "kd": 10}


def test_pts_1_misc_division_order(standings):
    """A-25 across the misc division: ka and kd 4 points, 2 wins, never met -> diff +4 before +2;
    kb and kc 0 points, 0 wins, 0-0 double forfeit -> diff -2 before -4."""
    assert _order(standings, "dmisc") == ["ka", "kd", "kb", "kc"]
