"""Game results and points: PTS-1, PTS-2, PTS-3, FORF-1, FORF-2, FORF-4, MERCY-1.

One season file, division d1 (teams a, b) and d2 (teams d, e), imported once for the module.
"""

from __future__ import annotations

import pytest

from .conftest import (
    SeasonBuilder,
    called,
    cli_json,
    forfeit,
    goal,
    import_season,
    late,
    standings_row,
    timeout,
)

H, A = "home", "away"


def _goals(team: str, scorers: list[str], period: int, times: list[str]) -> list[dict]:
    return [goal(team, period, t, scorers[i % len(scorers)]) for i, t in enumerate(times)]


def build() -> dict:
    sb = SeasonBuilder({"d1": ["a", "b"], "d2": ["d", "e"]})
    a_sk = ["a02", "a03", "a04", "a05", "a06", "a07"]
    # r01: a 4-2 b in regulation; by half: a 2+2, b 1+1
    sb.game("r01", "a", "b", [goal(H, 1, "03:00", "a02"), goal(A, 1, "08:00", "b02"), goal(H, 1, "12:00", "a03"),
                              goal(H, 2, "05:00", "a04"), goal(A, 2, "10:00", "b03"), goal(H, 2, "15:00", "a05")])
    # r02: b 1-1 a, nobody scores in overtime
    sb.game("r02", "b", "a", [goal(H, 1, "05:00", "b02"), goal(A, 2, "05:00", "a02")])
    # r03: a 1-1 b after regulation; b scores in overtime at 2:15 -> a 1, b 2
    sb.game("r03", "a", "b", [goal(H, 1, "05:00", "a02"), goal(A, 2, "05:00", "b02"), goal(A, 3, "02:15", "b03")])
    # r04: b late 7 minutes -> 7 // 3 = 2 goals to a; then a 1, b 2 -> a 3-2
    sb.game("r04", "a", "b", [late(A, 7), goal(H, 1, "10:00", "a02"), goal(A, 2, "05:00", "b02"),
                              goal(A, 2, "06:00", "b03")])
    # r05: a late 2 minutes -> 2 // 3 = 0 goals; a scores once -> a 1-0
    sb.game("r05", "a", "b", [late(H, 2), goal(H, 1, "05:00", "a02")])
    # r05b: b late 9 minutes -> 9 // 3 = 3 goals to a (not yet the 10-minute forfeit); b scores -> a 3-1
    sb.game("r05b", "a", "b", [late(A, 9), goal(A, 1, "05:00", "b02")])
    # r06: b late 10 minutes -> 3-0 forfeit to a
    sb.game("r06", "a", "b", [late(A, 10)])
    # r07: a (home) forfeits, short of players -> b wins 3-0
    sb.game("r07", "a", "b", [forfeit(H, "short_players")])
    # r08: both teams short -> double forfeit
    sb.game("r08", "a", "b", [forfeit("both", "short_players")])
    # r09: a 8 goals in the first half, 7 in the second, the 15th at 27:30 -> 15-0 mercy
    sb.game("r09", "a", "b",
            _goals(H, a_sk, 1, [f"{m:02d}:00" for m in range(1, 9)])
            + _goals(H, a_sk, 2, ["01:00", "02:00", "03:00", "04:00", "05:00", "06:00", "07:30"]))
    # r10: a 15-0 at half time -> mercy at half time
    sb.game("r10", "a", "b", _goals(H, a_sk, 1, [f"{m:02d}:00" for m in range(1, 16)]))
    # r11: a 16 goals by 8:00, b 1 at 9:00 (16-1 in the first half: play on), b at 14:00 and 18:00
    # -> 16-3 at half time (spread 13 < 15) -> no mercy; final 16-3
    sb.game("r11", "a", "b",
            _goals(H, a_sk, 1, [f"{s // 60:02d}:{s % 60:02d}" for s in range(30, 8 * 60 + 1, 30)])
            + [goal(A, 1, "09:00", "b02"), goal(A, 1, "14:00", "b03"), goal(A, 1, "18:00", "b04")])
    # r12 (d2): both teams still not ready at 10 minutes -> both lose (A-18); 0 points each, so d2's
    # points below are unchanged by it
    sb.game("r12", "d", "e", [late(H, 10), late(A, 10)], date="2015-12-01")
    # r15: 1-1; away kept its timeout for overtime (GAME-3: unused ones carry into OT)
    sb.game("r15", "b", "a", [goal(H, 1, "05:00", "b02"), goal(A, 2, "05:00", "a02"), timeout(A, 3, "01:00")],
            date="2015-12-02")
    # r13, r14 (d2): games called off by the referee with points typed in by hand
    sb.game("r13", "d", "e", [called(2, 0, "lights failed")])
    sb.game("r14", "e", "d", [called(1, 1, "rink flooded")])
    return sb.build()


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    return import_season(tmp_path_factory.mktemp("results"), build())


def test_pts_1_win_two_points_loss_zero(season):
    """PTS-1: "Win = 2, tie = 1, loss = 0." Example: A 4-2 B -> A 2, B 0."""
    g = season.game("r01")
    assert g["score"] == {"home": 4, "away": 2}
    assert g["decision"] == "regulation"
    assert g["winner"] == "home"
    assert g["points"] == {"home": 2, "away": 0}


def test_pts_1_score_by_half(season):
    """Contract `by_period`: goals per period. r01: a scores at 3:00, 12:00 | 25:00, 35:00; b at 8:00 | 30:00."""
    g = season.game("r01")
    assert g["by_period"] == {"home": [2, 2], "away": [1, 1]}
    assert (g["id"], g["home"], g["away"], g["stage"], g["status"]) == ("r01", "a", "b", "regular", "final")


def test_pts_2_still_tied_after_overtime_one_point_each(season):
    """PTS-2: "Still tied after OT -> 1 each." Contract: winner null for a tie."""
    g = season.game("r02")
    assert g["score"] == {"home": 1, "away": 1}
    assert g["winner"] is None
    assert g["points"] == {"home": 1, "away": 1}


def test_pts_2_overtime_winner_two_loser_zero(season):
    """PTS-2: "Regular season: the OT winner gets 2, the OT loser 0." Example: 2-2; B scores in OT -> B 2, A 0."""
    g = season.game("r03")
    assert g["score"] == {"home": 1, "away": 2}
    assert g["decision"] == "overtime"
    assert g["winner"] == "away"
    assert g["points"] == {"home": 0, "away": 2}


def test_forf_1_each_full_three_minutes_late_gives_a_goal(season):
    """FORF-1: "Each full 3 minutes a team is not ready ... gives the opponent a goal, credited to no player."
    b late 7 minutes -> 7 // 3 = 2 goals for a; a 1 + 2 = 3, b 2 -> a wins 3-2."""
    g = season.game("r04")
    assert g["score"] == {"home": 3, "away": 2}
    assert g["winner"] == "home"
    assert g["points"] == {"home": 2, "away": 0}


def test_forf_1_less_than_three_minutes_late_gives_nothing(season):
    """FORF-1: only *full* 3 minutes count: 2 minutes late -> 0 goals; a 1-0."""
    assert season.game("r05")["score"] == {"home": 1, "away": 0}


def test_forf_1_nine_minutes_late_three_goals_no_forfeit(season):
    """FORF-1/FORF-2: 9 minutes late -> 9 // 3 = 3 goals, but under 10 minutes it is no forfeit: the game is
    played, a 3 + 0 = 3, b 1."""
    g = season.game("r05b")
    assert g["score"] == {"home": 3, "away": 1}
    assert g["decision"] != "forfeit"
    assert g["winner"] == "home"


def test_forf_2_not_ready_at_ten_minutes_three_nil_forfeit(season):
    """FORF-2: "Not ready at 10:00 -> 3-0 forfeit: winner 2 points, loser 0." Contract: `late` of 10 or more
    is the forfeit "with no `forfeit` event needed"."""
    g = season.game("r06")
    assert g["decision"] == "forfeit"
    assert g["score"] == {"home": 3, "away": 0}
    assert g["winner"] == "home"
    assert g["points"] == {"home": 2, "away": 0}


def test_forf_2_forfeit_event_three_nil_to_opponent(season):
    """FORF-2 / FORF-3: a forfeit (home short of players) -> the opponent wins 3-0 and gets 2 points."""
    g = season.game("r07")
    assert g["decision"] == "forfeit"
    assert g["score"] == {"home": 0, "away": 3}
    assert g["winner"] == "away"
    assert g["points"] == {"home": 0, "away": 2}


def test_forf_4_both_short_both_lose_zero_points(season):
    """FORF-4: "Both teams short -> both get a loss and 0 points." Contract: decision `double_forfeit`,
    winner null."""
    g = season.game("r08")
    assert g["decision"] == "double_forfeit"
    assert g["winner"] is None
    assert g["points"] == {"home": 0, "away": 0}


def test_mercy_1_fifteen_goal_spread_in_second_half_ends_game(season):
    """MERCY-1: "A spread of 15 or more at halftime or any time in the 2nd half ends the game. The score
    stands." Example: 15-0 at 27:30 -> game over, A gets 2."""
    g = season.game("r09")
    assert g["decision"] == "mercy"
    assert g["score"] == {"home": 15, "away": 0}
    assert g["by_period"] == {"home": [8, 7], "away": [0, 0]}
    assert g["winner"] == "home"
    assert g["points"] == {"home": 2, "away": 0}


def test_mercy_1_fifteen_goal_spread_at_half_time_ends_game(season):
    """MERCY-1 / A-19: checked at halftime: 15-0 after the first half -> mercy."""
    g = season.game("r10")
    assert g["decision"] == "mercy"
    assert g["score"] == {"home": 15, "away": 0}
    assert g["points"] == {"home": 2, "away": 0}


def test_mercy_1_first_half_spread_only_checked_at_half_time(season):
    """MERCY-1: "A first-half spread is only checked at halftime (A-19)." Example: 16-1 at 12:00 -> play on.
    Here 16-1 at 9:00; b's goals at 14:00 and 18:00 are accepted; 16-3 at half time (13) -> no mercy."""
    season.require_ok()   # the whole file, with the first-half goals after 16-1, was accepted
    g = season.game("r11")
    assert g["score"] == {"home": 16, "away": 3}
    assert g["decision"] == "regulation"
    assert g["points"] == {"home": 2, "away": 0}


def test_pts_3_called_game_points_typed_by_hand(season):
    """PTS-3: "A game called off by the referee: points are typed in by hand (0-2 each) with a reason." """
    g = season.game("r13")
    assert g["decision"] == "called"
    assert g["points"] == {"home": 2, "away": 0}
    g = season.game("r14")
    assert g["decision"] == "called"
    assert g["points"] == {"home": 1, "away": 1}


def test_pts_3_called_game_points_count_in_standings(season):
    """PTS-3 / §1 d: "points will be handed out at the referee's discretion" and go into the standings.
    d: 2 (r13) + 1 (r14) + 0 (r12, both late) = 3; e: 0 + 1 + 0 = 1."""
    st = season.standings()
    assert standings_row(st, "d2", "d")["pts"] == 3
    assert standings_row(st, "d2", "e")["pts"] == 1


def test_pts_1_standings_row_from_every_kind_of_result(season):
    """PTS-1/PTS-2/FORF-1/FORF-2/FORF-4/MERCY-1 in the standings (contract: w counts every win, otw the
    overtime wins among them; gf/ga include lateness goals, a forfeit is 3-0, a double forfeit 0-0).

    a: W r01 4-2, T r02 1-1, L(OT) r03 1-2, W r04 3-2, W r05 1-0, W r05b 3-1, W r06 3-0 (forfeit),
       L r07 0-3 (forfeit), L r08 0-0 (double forfeit), W r09 15-0, W r10 15-0, W r11 16-3, T r15 1-1
       gp 13, w 8, l 3, t 2, otw 0, otl 1, pts 8*2 + 2 = 18
       gf 4+1+1+3+1+3+3+0+0+15+15+16+1 = 63, ga 2+1+2+2+0+1+0+3+0+0+0+3+1 = 15, diff 48
    b: w 2 (r03 OT, r07), l 9, t 2, otw 1, otl 0, pts 2*2 + 2 = 6, gf 15, ga 63, diff -48
    """
    st = season.standings()
    a = standings_row(st, "d1", "a")
    b = standings_row(st, "d1", "b")
    fields = ("gp", "w", "l", "t", "otw", "otl", "pts", "gf", "ga", "diff", "pim")
    assert {k: a[k] for k in fields} == dict(gp=13, w=8, l=3, t=2, otw=0, otl=1, pts=18, gf=63, ga=15,
                                             diff=48, pim=0)
    assert {k: b[k] for k in fields} == dict(gp=13, w=2, l=9, t=2, otw=1, otl=0, pts=6, gf=15, ga=63,
                                             diff=-48, pim=0)
    assert (a["rank"], b["rank"]) == (1, 2)


def test_forf_2_both_teams_late_both_lose_a_18(season):
    """A-18: "Lateness ... both teams late ... -> same goals and 3-0; both late = double loss." Both still not
    ready at 10 minutes -> no winner, 0 points each."""
    g = season.game("r12")
    assert g["winner"] is None
    assert g["points"] == {"home": 0, "away": 0}


def test_game_3_unused_timeout_carries_into_overtime(season):
    """GAME-3: "Unused ones carry into OT." The away team took no timeout in regulation and takes one in
    overtime: accepted; the game stays a 1-1 tie with a point each (PTS-2)."""
    season.require_ok()
    g = season.game("r15")
    assert g["score"] == {"home": 1, "away": 1}
    assert g["points"] == {"home": 1, "away": 1}


def test_elig_1_regular_games_count_completed_non_forfeited_a_24(season):
    """ELIG-1 / A-24: "'Played 6 games' -> lineup appearances in completed, non-forfeited games." a02 is in
    all 13 of a's lineups; r06 (lateness forfeit), r07 (forfeit) and r08 (double forfeit) are forfeited
    -> 13 - 3 = 10 games -> eligible; a08 was never dressed -> 0, not eligible."""
    season.require_ok()
    elig = {r["player"]: r for r in cli_json(season.db, "eligibility", "--json")["players"]}
    assert (elig["a02"]["regular_gp"], elig["a02"]["playoff_eligible"]) == (10, True)
    assert (elig["a08"]["regular_gp"], elig["a08"]["playoff_eligible"]) == (0, False)
