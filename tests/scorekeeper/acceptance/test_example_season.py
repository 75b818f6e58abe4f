"""The contract's own example file (`tests/data/small-season.json`), checked by hand.

g001 otters 3-1 herons: ot02 3:10 (ot05), he03 tripping 8:00, ot05 9:05 PP (ot02, ot03), he06 22:30,
     herons timeout 37:40, herons pull goalie 38:50, ot04 39:20 into the empty net.
g002 lynx 1-2 owls (OT): ly02 11:00 (ly05), ly03 body contact 25:00, ow05 26:30 PP (ow02), ow02 OT 2:15.
g003 herons 2-1 otters: otters 4 minutes late -> 4 // 3 = 1 goal to herons; ot03 5:00 (ot06);
     he04 penalty-shot goal 24:00.
g004 owls v lynx: scheduled, not played.
"""

from __future__ import annotations

import json

import pytest

from tests.data import EXAMPLE_SEASON as EXAMPLE

from .conftest import goal_at, import_season, one_penalty, standings_row, stats_row


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    return import_season(tmp_path_factory.mktemp("example-check"), json.loads(EXAMPLE.read_text(encoding="utf-8")))


def test_pen_minor_2_example_g001_power_play_goal_ends_tripping(season):
    """PEN-MINOR-2 on g001: tripping 8:00-10:00 ended by the 9:05 PP goal; 3-1 by halves 2+1 / 0+1;
    the 39:20 goal is into the net the herons emptied at 38:50."""
    g = season.game("g001")
    assert g["score"] == {"home": 3, "away": 1}
    assert g["by_period"] == {"home": [2, 1], "away": [0, 1]}
    assert (g["decision"], g["winner"], g["points"]) == ("regulation", "home", {"home": 2, "away": 0})
    assert goal_at(g, 1, "09:05")["strength"] == "PP"
    p = one_penalty(g, player="he03")
    assert (p["starts"], p["ends"], p["ended_by_goal"], p["minutes"]) == ("08:00", "09:05", True, 2)
    assert goal_at(g, 2, "19:20")["empty_net"] is True
    assert goal_at(g, 1, "03:10")["empty_net"] is False


def test_pts_2_example_g002_overtime_and_body_contact(season):
    """PTS-2 + A-2 on g002: body contact 25:00 (3 minutes) ended by the 26:30 PP goal; owls win in OT ->
    lynx 0, owls 2."""
    g = season.game("g002")
    assert g["score"] == {"home": 1, "away": 2}
    assert (g["decision"], g["winner"], g["points"]) == ("overtime", "away", {"home": 0, "away": 2})
    p = one_penalty(g, player="ly03")
    assert (p["minutes"], p["starts"], p["ends"], p["ended_by_goal"]) == (3, "25:00", "26:30", True)
    assert goal_at(g, 2, "06:30")["strength"] == "PP"


def test_forf_1_example_g003_lateness_goal_and_penalty_shot(season):
    """FORF-1 + SCORE-3 on g003: 4 minutes late -> 1 goal for herons; with he04's penalty-shot goal herons
    win 2-1."""
    g = season.game("g003")
    assert g["score"] == {"home": 2, "away": 1}
    assert (g["winner"], g["points"]) == ("home", {"home": 2, "away": 0})
    ps = goal_at(g, 2, "04:00")
    assert (ps["scorer"], ps["assists"], ps["penalty_shot"], ps["strength"]) == ("he04", [], True, None)


def test_pts_1_example_standings(season):
    """PTS-1 standings of the example: coed1 otters W 3-1, L 1-2 -> 2 pts, gf 4, ga 3; herons L 1-3, W 2-1
    -> 2 pts, gf 3, ga 4, pim 2; otters rank first on goal difference (also on head-to-head goals).
    coed2: owls OT win 2-1 -> otw 1, 2 pts; lynx OT loss -> otl 1, 0 pts, pim 3 (A-2). g004 not played."""
    st = season.standings()
    f = ("rank", "gp", "w", "l", "t", "otw", "otl", "pts", "gf", "ga", "diff", "pim")
    row = lambda d, t: {k: standings_row(st, d, t)[k] for k in f}  # noqa: E731
    assert row("coed1", "otters") == dict(rank=1, gp=2, w=1, l=1, t=0, otw=0, otl=0, pts=2, gf=4, ga=3, diff=1, pim=0)
    assert row("coed1", "herons") == dict(rank=2, gp=2, w=1, l=1, t=0, otw=0, otl=0, pts=2, gf=3, ga=4, diff=-1,
                                          pim=2)
    assert row("coed2", "owls") == dict(rank=1, gp=1, w=1, l=0, t=0, otw=1, otl=0, pts=2, gf=2, ga=1, diff=1, pim=0)
    assert row("coed2", "lynx") == dict(rank=2, gp=1, w=0, l=1, t=0, otw=0, otl=1, pts=0, gf=1, ga=2, diff=-1,
                                        pim=3)


def test_score_1_example_player_stats(season):
    """SCORE-1/SCORE-3 on the example: ot02 g1 a1 (3:10 goal, 9:05 assist); ot03 g1 (g003) a1 (9:05);
    ow02 a1 + OT goal; he04 penalty-shot goal, no assist; he03 tripping 2; ly03 body contact 3."""
    st = season.stats()
    line = lambda p: {k: stats_row(st, p)[k] for k in ("team", "gp", "g", "a", "pts", "pim")}  # noqa: E731
    assert line("ot02") == dict(team="otters", gp=2, g=1, a=1, pts=2, pim=0)
    assert line("ot03") == dict(team="otters", gp=2, g=1, a=1, pts=2, pim=0)
    assert line("ot05") == dict(team="otters", gp=2, g=1, a=1, pts=2, pim=0)
    assert line("ow02") == dict(team="owls", gp=1, g=1, a=1, pts=2, pim=0)
    assert line("he04") == dict(team="herons", gp=2, g=1, a=0, pts=1, pim=0)
    assert line("he03") == dict(team="herons", gp=2, g=0, a=0, pts=0, pim=2)
    assert line("ly03") == dict(team="lynx", gp=1, g=0, a=0, pts=0, pim=3)
