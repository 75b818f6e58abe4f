"""Audit of the computed numbers against the catalogue's rule rows, their worked examples and the A-n defaults.

Black-box: season files are written by hand from the league's rule catalogue (docs/rules.md) and docs/season-file.md,
imported through the command line, and every number below is worked out by hand in the test's docstring.
Scenarios already covered elsewhere in this folder are not repeated; these are the combinations around them.

Four season files, one per module fixture:
- `clock`: teams a and b (no suspension ever follows), one game per penalty-clock / strength / result scenario;
- `disc`: one pair of teams per discipline scenario (suspensions, fines, appeals), dated where SUSP-1 needs it;
- `pim`: one game holding a penalty of every PIM-relevant kind, each to its own player;
- `table`: standings (three-way head-to-head, called games, lateness) and eligibility (A-24) divisions.
Variants that must be refused (or need a roster of their own) import a small file of their own into tmp_path.

Six of these found the program disagreeing with the catalogue (fixed since): a player's payment on the statement
of his fine (FINE-STMT, A-9), a goalie's server who is in the box (PEN-GOALIE-1), penalties still waiting at
full time (A-14, PEN-GEN-4), a penalty at the mercy rule's half-time end (PEN-GEN-1), and stats GP counted as
A-24 counts games played (ELIG-1).
"""

from __future__ import annotations

import copy

import pytest

from .conftest import (
    DRESSED,
    SeasonBuilder,
    called,
    cli_json,
    ejected,
    forfeit,
    goal,
    goal_at,
    goalie_in,
    goalie_pull,
    import_season,
    late,
    one_penalty,
    penalties,
    penalty,
    run_cli,
    standings_row,
    standings_rows,
    stats_row,
    write_json,
)

H, A = "home", "away"
SKATERS = ("02", "03", "04", "05", "06", "07")
WITHOUT_02 = ("03", "04", "05", "06", "07", "08")


def _goals(team: str, prefix: str, period: int, times: list[str]) -> list[dict]:
    """One goal per time, scorers cycling through the six dressed skaters of `prefix`."""
    return [goal(team, period, t, f"{prefix}{SKATERS[i % 6]}") for i, t in enumerate(times)]


def _span(p: dict) -> tuple:
    return (p["starts"], p["ends"], p["ended_by_goal"])


# --------------------------------------------------------------------------------------------------------
# The clock season: penalty clock, strength, empty net, mercy, lateness (teams a and b only)


def build_clock() -> dict:
    sb = SeasonBuilder({"c1": ["a", "b"]})
    g = sb.game
    # A-14 + PEN-MINOR-2: three minors (third delayed to 12:00); the PP goal at 11:30 ends b02 and lets b04
    # start at 11:30; the PP goal at 12:00 ends b03 (the earliest still running)
    g("k01", "a", "b", [penalty(A, 1, "10:00", "b02", "tripping"), penalty(A, 1, "10:30", "b03", "hooking"),
                        penalty(A, 1, "11:00", "b04", "holding"),
                        goal(H, 1, "11:30", "a02"), goal(H, 1, "12:00", "a03")])
    # a major assessed while two minors run waits for the first expiry (12:00) and runs 5 minutes
    g("k02", "a", "b", [penalty(A, 1, "10:00", "b02", "tripping"), penalty(A, 1, "10:30", "b03", "hooking"),
                        penalty(A, 1, "11:00", "b04", "slashing", cls="major"), goal(H, 1, "16:00", "a02")])
    # ICE-4 lists only SH penalties: a misconduct while two minors run is not delayed
    g("k03", "a", "b", [penalty(A, 1, "10:00", "b02", "tripping"), penalty(A, 1, "10:30", "b03", "hooking"),
                        penalty(A, 1, "11:00", "b04", "abuse_of_officials")])
    # PEN-GEN-4 + PEN-MINOR-2: minor + misconduct to b02 at 10:00; the PP goal at 11:00 ends the minor, so the
    # misconduct runs 11:00-21:00
    g("k04", "a", "b", [penalty(A, 1, "10:00", "b02", "tripping"), penalty(A, 1, "10:00", "b02", "misconduct"),
                        goal(H, 1, "11:00", "a02")])
    # PEN-GEN-4 "lapse at full time": 1-0 game; b03 minor at 39:00 and b04 misconduct at 35:00 end at 40:00
    g("k05", "a", "b", [goal(H, 1, "05:00", "a02"), penalty(A, 2, "15:00", "b04", "misconduct"),
                        penalty(A, 2, "19:00", "b03", "tripping")])
    # 1-1 through a goalless OT: a minor at OT 4:00 (44:00) lapses at 45:00
    g("k06", "a", "b", [goal(H, 1, "05:00", "a02"), goal(A, 2, "05:00", "b02"),
                        penalty(A, 3, "04:00", "b03", "tripping")])
    # a penalty at 40:00 of a tied game carries into OT (40:00-42:00); the OT goal at 41:00 is PP and ends it
    g("k07", "a", "b", [goal(H, 1, "05:00", "a02"), goal(A, 2, "05:00", "b02"),
                        penalty(A, 2, "20:00", "b03", "tripping"), goal(H, 3, "01:00", "a03")])
    # PEN-GEN-1: a penalty at 40:00 of a game decided in regulation (1-0) is after the game: no time
    g("k08", "a", "b", [goal(H, 1, "05:00", "a02"), penalty(A, 2, "20:00", "b03", "tripping")])
    # PEN-GEN-2: coincidental majors 5:00-10:00; the 7:00 goal is EV and releases nothing
    g("k09", "a", "b", [penalty(H, 1, "05:00", "a02", "slashing", cls="major"),
                        penalty(A, 1, "05:00", "b02", "slashing", cls="major"), goal(H, 1, "07:00", "a03")])
    # home minor a02; away minor b02 + major b03, all at 10:00 -> 4 v 3; the home goal at 11:00 is PP and
    # ends b02's minor, not b03's major
    g("k10", "a", "b", [penalty(H, 1, "10:00", "a02", "tripping"), penalty(A, 1, "10:00", "b02", "hooking"),
                        penalty(A, 1, "10:00", "b03", "slashing", cls="major"), goal(H, 1, "11:00", "a03")])
    # SH goal by a team two men short: nothing of its own is released
    g("k11", "a", "b", [penalty(A, 1, "10:00", "b02", "tripping"), penalty(A, 1, "10:30", "b03", "hooking"),
                        goal(A, 1, "11:00", "b04")])
    # the away goalie pulled at 38:00, the backup b09 in at 38:30: the 39:00 goal is not into an empty net
    k12 = g("k12", "a", "b", [goalie_pull(A, 2, "18:00"), goalie_in(A, 2, "18:30", "b09"),
                              goal(H, 2, "19:00", "a02")])
    k12["lineups"]["away"].append({"player": "b09", "goalie": True})
    # away minor at 38:00, goalie pulled at 38:30: the 39:00 home goal is PP, empty net, and ends the minor
    g("k13", "a", "b", [penalty(A, 2, "18:00", "b02", "tripping"), goalie_pull(A, 2, "18:30"),
                        goal(H, 2, "19:00", "a02")])
    # MERCY-1 at half time: 15-0 after the first half; b02's minor at 19:00 lapses when the game ends at 20:00
    g("k15", "a", "b", _goals(H, "a", 1, [f"{m:02d}:00" for m in range(1, 16)])
      + [penalty(A, 1, "19:00", "b02", "tripping")])
    # 15-0 at 15:00 (first half: play on), b goal at 19:30 -> 15-1 at half time (14): play on;
    # a goal at 21:00 -> 16-1 in the second half -> mercy at 21:00
    g("k16", "a", "b", _goals(H, "a", 1, [f"{m:02d}:00" for m in range(1, 16)])
      + [goal(A, 1, "19:30", "b02"), goal(H, 2, "01:00", "a02")])
    # FORF-1 + MERCY-1: b late 9 minutes -> 3 goals to a; a scores 12 in the first half -> 15-0 at half time
    g("k17", "a", "b", [late(A, 9)] + _goals(H, "a", 1, [f"{m:02d}:00" for m in range(1, 13)]))
    # A-18 both late under 10 minutes: a late 4 -> 1 goal to b; b late 7 -> 2 goals to a; a scores once -> 3-1
    g("k18", "a", "b", [late(H, 4), late(A, 7), goal(H, 1, "05:00", "a02")])
    # PEN-GEN-3: the third penalty is a misconduct -> ejected; a misconduct is not SH, the 26:00 goal is EV
    g("k20", "a", "b", [penalty(A, 1, "05:00", "b02", "tripping"), penalty(A, 1, "10:00", "b02", "hooking"),
                        penalty(A, 2, "05:00", "b02", "misconduct", served_by="b03"), goal(H, 2, "06:00", "a02")])
    # OT with a minor to each side (3 + G v 3 + G): the OT goal is EV and releases nothing
    g("k21", "a", "b", [goal(H, 1, "05:00", "a02"), goal(A, 2, "05:00", "b02"),
                        penalty(H, 3, "01:00", "a03", "tripping"), penalty(A, 3, "01:00", "b03", "tripping"),
                        goal(H, 3, "02:00", "a04")])
    # FORF-1 + PTS-2: b late 3 -> 1 goal to a; b scores once -> 1-1 after 40:00; a wins in OT
    g("k24", "a", "b", [late(A, 3), goal(A, 2, "05:00", "b02"), goal(H, 3, "01:00", "a02")])
    # PEN-MINOR-2 / PEN-BENCH-1: a bench minor (too many players, b03 serves 8:00-10:00) is ended by the
    # 9:00 PP goal
    g("k25", "a", "b", [penalty(A, 1, "08:00", None, "too_many_players", served_by="b03"),
                        goal(H, 1, "09:00", "a02")])
    # PEN-MINOR-1 / PEN-MINOR-2: the goalie's minor (b03 serves 9:00-11:00) is ended by the 10:00 PP goal
    g("k26", "a", "b", [penalty(A, 1, "09:00", "b01", "tripping", served_by="b03"), goal(H, 1, "10:00", "a02")])
    # A-14 at the second of expiry: b04 delayed to 12:00; the PP goal at 12:00 (b03 and b04 running) ends b03
    g("k27", "a", "b", [penalty(A, 1, "10:00", "b02", "tripping"), penalty(A, 1, "10:30", "b03", "hooking"),
                        penalty(A, 1, "11:00", "b04", "holding"), goal(H, 1, "12:00", "a02")])
    # PEN-MAJOR-1 in OT: away major at 41:00 (3 + G v 4 + G); the OT goal at 42:00 is PP, ends the game, and
    # the major is not "ended by a goal"
    g("k28", "a", "b", [goal(H, 1, "05:00", "a02"), goal(A, 2, "05:00", "b02"),
                        penalty(A, 3, "01:00", "b03", "slashing", cls="major"), goal(H, 3, "02:00", "a03")])
    # PEN-MISC-2 / A-20: 1-1 through a goalless OT (play ends 45:00): a misconduct at 34:30 is not in the final
    # 10 minutes (35:00-45:00); one at 36:00 is
    g("k29", "a", "b", [goal(H, 1, "05:00", "a02"), goal(A, 2, "05:00", "b02"),
                        penalty(A, 2, "14:30", "b03", "misconduct"), penalty(H, 2, "16:00", "a03", "misconduct")])
    # PEN-MISC-2: a misconduct at exactly 30:00 of a game ending at 40:00 is in the final 10 minutes
    g("k30", "a", "b", [goal(H, 1, "05:00", "a02"), penalty(A, 2, "10:00", "b03", "misconduct")])
    # A-14 at full time: 1-0; b02 39:00 and b03 39:10 running, b04's minor at 39:30 waits for an expiry that
    # the end of the game (40:00) comes before
    g("k31", "a", "b", [goal(H, 1, "05:00", "a02"), penalty(A, 2, "19:00", "b02", "tripping"),
                        penalty(A, 2, "19:10", "b03", "tripping"), penalty(A, 2, "19:30", "b04", "tripping")])
    # PEN-GEN-4 at full time: minor + misconduct to b02 at 39:00 of a 1-0 game: the minor runs 39:00-40:00,
    # the misconduct would follow it
    g("k32", "a", "b", [goal(H, 1, "05:00", "a02"), penalty(A, 2, "19:00", "b02", "tripping"),
                        penalty(A, 2, "19:00", "b02", "misconduct")])
    # FORF-1 example: "Ready at 7:30 -> B leads 2-0"
    g("k34", "a", "b", [late(H, 7.5)])
    # MERCY-1 at half time (15-0) and a penalty at 20:00 of the first half, i.e. when the game ends
    g("k33", "a", "b", _goals(H, "a", 1, [f"{m:02d}:00" for m in range(1, 16)])
      + [penalty(A, 1, "20:00", "b02", "tripping")])
    return sb.build()


@pytest.fixture(scope="module")
def clock(tmp_path_factory):
    return import_season(tmp_path_factory.mktemp("audit-clock"), build_clock())


def test_clock_season_imports(clock):
    """Every scenario above is a legal entry: the file is accepted as a whole."""
    clock.require_ok()


def test_a_14_pp_goal_releases_first_minor_and_starts_the_delayed_one(clock):
    """A-14 + PEN-MINOR-2: b02 10:00-12:00, b03 10:30-12:30 running, b04 (11:00) waits. The home goal at 11:30
    (5 v 3, PP) ends b02 at 11:30, so b04 starts at 11:30 and ends 13:30. The goal at 12:00 (b03 and b04 running,
    5 v 3, PP) ends b03, the earliest running minor."""
    game = clock.game("k01")
    assert goal_at(game, 1, "11:30")["strength"] == "PP"
    assert goal_at(game, 1, "12:00")["strength"] == "PP"
    assert _span(one_penalty(game, player="b02")) == ("10:00", "11:30", True)
    assert _span(one_penalty(game, player="b03")) == ("10:30", "12:00", True)
    assert _span(one_penalty(game, player="b04")) == ("11:30", "13:30", False)


def test_a_14_delayed_major_runs_five_minutes_from_its_start(clock):
    """A-14 / PEN-MAJOR-1: b04's major at 11:00 waits for b02's expiry at 12:00, then 12:00 + 5:00 = 17:00.
    The 16:00 goal (only the major running) is PP and does not end it."""
    game = clock.game("k02")
    major = one_penalty(game, player="b04")
    assert (major["minutes"], *_span(major)) == (5, "12:00", "17:00", False)
    assert goal_at(game, 1, "16:00")["strength"] == "PP"


def test_ice_4_misconduct_not_delayed_by_two_running_minors(clock):
    """ICE-4: the floor concerns "players serving SH penalties (minor, major, match, bench minor)"; a misconduct
    is "not SH" (PEN-MISC-1), so b04's misconduct at 11:00 starts at once: 11:00-21:00."""
    m = one_penalty(clock.game("k03"), player="b04")
    assert (m["starts"], m["ends"]) == ("11:00", "21:00")


def test_pen_gen_4_misconduct_follows_a_minor_ended_by_a_goal(clock):
    """PEN-GEN-4 example "Minor + misconduct at 10:00 -> SH until 12:00; player free at 22:00". With a PP goal
    at 11:00 the minor ends at 11:00 (PEN-MINOR-2) and the misconduct runs 11:00-21:00."""
    game = clock.game("k04")
    assert goal_at(game, 1, "11:00")["strength"] == "PP"
    assert _span(one_penalty(game, player="b02", cls="minor")) == ("10:00", "11:00", True)
    m = one_penalty(game, player="b02", cls="misconduct")
    assert (m["starts"], m["ends"], m["ended_by_goal"]) == ("11:00", "21:00", False)


def test_pen_gen_4_penalties_lapse_at_full_time(clock):
    """PEN-GEN-4: "Penalties ... lapse at full time." k05 ends 1-0 at 40:00: b03's minor 39:00 ends 40:00 (not
    41:00); b04's misconduct 35:00 ends 40:00 (not 45:00); neither is ended by a goal."""
    game = clock.game("k05")
    assert game["decision"] == "regulation"
    assert _span(one_penalty(game, player="b03")) == ("39:00", "40:00", False)
    assert _span(one_penalty(game, player="b04")) == ("35:00", "40:00", False)


def test_pen_gen_4_penalty_in_goalless_overtime_lapses_at_45(clock):
    """GAME-2 / PEN-GEN-4: 1-1 after a goalless 5-minute OT -> 1 point each; b03's OT minor at 44:00 lapses at
    the end of OT, 45:00."""
    game = clock.game("k06")
    assert (game["winner"], game["points"]) == (None, {"home": 1, "away": 1})
    assert _span(one_penalty(game, player="b03")) == ("44:00", "45:00", False)


def test_pen_gen_4_penalty_at_forty_of_a_tied_game_carries_into_overtime(clock):
    """PEN-GEN-4 "carry ... into OT": 1-1 at 40:00, b03's minor assessed at 40:00 runs 40:00-42:00; the home OT
    goal at 41:00 (4 + G v 3 + G) is PP and ends it; home wins in OT."""
    game = clock.game("k07")
    assert goal_at(game, 3, "01:00")["strength"] == "PP"
    assert _span(one_penalty(game, player="b03")) == ("40:00", "41:00", True)
    assert (game["decision"], game["points"]) == ("overtime", {"home": 2, "away": 0})


def test_pen_gen_1_penalty_after_the_game_carries_no_time(clock):
    """PEN-GEN-1: "Post-game penalties count for discipline but carry no time." Contract: `ends` is null for "a
    penalty after the game". k08 is decided 1-0 at 40:00; b03's minor at 40:00 comes after it. Its minutes
    (2) still count (contract: pim is "assessed minutes")."""
    p = one_penalty(clock.game("k08"), player="b03")
    assert p["ends"] is None
    assert p["minutes"] == 2


def test_pen_gen_2_coincidental_majors_not_released(clock):
    """PEN-GEN-2 + PEN-MAJOR-1: majors to both at 5:00 -> 4 + G v 4 + G until 10:00; the 7:00 goal is EV and
    neither major ends early."""
    game = clock.game("k09")
    assert goal_at(game, 1, "07:00")["strength"] == "EV"
    for who in ("a02", "b02"):
        assert _span(one_penalty(game, player=who)) == ("05:00", "10:00", False), who


def test_a_13_pp_goal_in_four_on_three_ends_the_minor_not_the_major(clock):
    """A-13 / PEN-MINOR-2: home 5-1 = 4 skaters, away 5-2 = 3 -> the home goal at 11:00 is PP and ends the
    away minor (b02); the major (b03) runs on to 15:00; the home minor (a02) runs to 12:00."""
    game = clock.game("k10")
    assert goal_at(game, 1, "11:00")["strength"] == "PP"
    assert _span(one_penalty(game, player="b02")) == ("10:00", "11:00", True)
    assert _span(one_penalty(game, player="b03")) == ("10:00", "15:00", False)
    assert _span(one_penalty(game, player="a02")) == ("10:00", "12:00", False)


def test_ice_4_short_handed_goal_two_men_short(clock):
    """ICE-4: away with two minors (3 skaters) scores at 11:00 against 5 -> SH; its own minors run on."""
    game = clock.game("k11")
    assert goal_at(game, 1, "11:00")["strength"] == "SH"
    assert _span(one_penalty(game, player="b02")) == ("10:00", "12:00", False)
    assert _span(one_penalty(game, player="b03")) == ("10:30", "12:30", False)


def test_empty_net_false_after_backup_goalie_enters(clock):
    """Contract `goalie` event: "a goalie (the same or another) enters". The backup b09 is in at 38:30 -> the
    39:00 goal is not an empty-net goal."""
    assert goal_at(clock.game("k12"), 2, "19:00")["empty_net"] is False


def test_empty_net_power_play_goal_ends_minor(clock):
    """Empty net (from the 38:30 pull) and PP (away minor 38:00-40:00) at once: the 39:00 goal is PP, empty
    net, and ends the minor (PEN-MINOR-2)."""
    game = clock.game("k13")
    g = goal_at(game, 2, "19:00")
    assert (g["strength"], g["empty_net"]) == ("PP", True)
    assert _span(one_penalty(game, player="b02")) == ("38:00", "39:00", True)


def test_mercy_1_at_half_time_penalty_lapses_at_game_end(clock):
    """MERCY-1: 15-0 at half time ends the game (decision mercy, 2 points); PEN-GEN-4: b02's minor at 19:00
    lapses when the game ends at 20:00."""
    game = clock.game("k15")
    assert (game["decision"], game["score"], game["points"]) == ("mercy", {"home": 15, "away": 0},
                                                                 {"home": 2, "away": 0})
    assert _span(one_penalty(game, player="b02")) == ("19:00", "20:00", False)


def test_mercy_1_first_half_spread_then_second_half_spread_a_19(clock):
    """A-19: a first-half spread is only checked at half time. 15-0 at 15:00 -> play on; 15-1 at half time
    (14) -> play on; 16-1 at 21:00 (second half, 15) -> mercy. by_period: home [15, 1], away [1, 0]."""
    game = clock.game("k16")
    assert (game["decision"], game["score"]) == ("mercy", {"home": 16, "away": 1})
    assert game["by_period"] == {"home": [15, 1], "away": [1, 0]}
    assert game["points"] == {"home": 2, "away": 0}


def test_mercy_1_lateness_goals_count_toward_the_spread(clock):
    """FORF-1 + MERCY-1: 9 minutes late -> 3 goals to home; 12 more in the first half -> 15-0 at half time ->
    mercy."""
    game = clock.game("k17")
    assert (game["decision"], game["score"]) == ("mercy", {"home": 15, "away": 0})


def test_forf_1_both_teams_late_each_gives_goals_a_18(clock):
    """A-18: "same goals" when both are late: home 4 late -> 4 // 3 = 1 goal to away; away 7 late -> 2 goals to
    home; home scores once -> 3-1, home wins."""
    game = clock.game("k18")
    assert game["score"] == {"home": 3, "away": 1}
    assert (game["winner"], game["points"]) == ("home", {"home": 2, "away": 0})


def test_pen_gen_3_third_penalty_misconduct_ejects_not_short_handed(clock):
    """PEN-GEN-3 / A-12: "all penalties assessed to that player" count -> minor, minor, misconduct = 3 ->
    ejected. The misconduct is not SH (PEN-MISC-1): the 26:00 goal is EV."""
    game = clock.game("k20")
    assert any(e["rule"] == "PEN-GEN-3" for e in ejected(game, "b02")), game["ejections"]
    assert goal_at(game, 2, "06:00")["strength"] == "EV"


def test_ice_3_overtime_coincidental_minors_even_strength(clock):
    """ICE-3: OT is 4 skaters + goalie "less any penalised players" -> 3 v 3; the OT goal is EV and ends
    neither minor (A-13); home wins in OT -> 2 / 0; each minor lapses at the game's end, 42:00."""
    game = clock.game("k21")
    assert goal_at(game, 3, "02:00")["strength"] == "EV"
    assert (game["decision"], game["points"]) == ("overtime", {"home": 2, "away": 0})
    for who in ("a03", "b03"):
        p = one_penalty(game, player=who)
        assert (p["starts"], p["ended_by_goal"]) == ("41:00", False), who


def test_forf_1_lateness_goal_forces_overtime(clock):
    """FORF-1 + PTS-2: away 3 late -> 1 goal to home; away scores once -> 1-1 after 40:00; home OT goal -> 2-1,
    decision overtime, points 2 / 0."""
    game = clock.game("k24")
    assert game["score"] == {"home": 2, "away": 1}
    assert (game["decision"], game["winner"], game["points"]) == ("overtime", "home", {"home": 2, "away": 0})


def test_pen_bench_1_bench_minor_ended_by_pp_goal(clock):
    """PEN-BENCH-1 + PEN-MINOR-2: the bench minor (8:00-10:00, served by b03) is a running minor of the SH team;
    the PP goal at 9:00 ends it."""
    game = clock.game("k25")
    assert goal_at(game, 1, "09:00")["strength"] == "PP"
    p = one_penalty(game, infraction="too_many_players")
    assert (p["served_by"], *_span(p)) == ("b03", "08:00", "09:00", True)


def test_pen_minor_1_goalie_minor_served_by_teammate_ended_by_goal(clock):
    """PEN-MINOR-1 / PEN-GOALIE-1 + PEN-MINOR-2: the goalie's minor (b03 serves 9:00-11:00) is ended by the
    10:00 PP goal."""
    game = clock.game("k26")
    assert goal_at(game, 1, "10:00")["strength"] == "PP"
    p = one_penalty(game, player="b01")
    assert (p["served_by"], *_span(p)) == ("b03", "09:00", "10:00", True)


def test_a_14_goal_at_the_second_the_delayed_minor_starts(clock):
    """A-14: b02 expires at 12:00 and b04 starts then; the home goal at 12:00 finds b03 (10:30-12:30) and b04
    running (5 v 3, PP) and ends b03, the earliest; b04 runs 12:00-14:00."""
    game = clock.game("k27")
    assert goal_at(game, 1, "12:00")["strength"] == "PP"
    assert _span(one_penalty(game, player="b02")) == ("10:00", "12:00", False)
    assert _span(one_penalty(game, player="b03")) == ("10:30", "12:00", True)
    assert _span(one_penalty(game, player="b04")) == ("12:00", "14:00", False)


def test_pen_major_1_overtime_major_not_ended_by_the_winning_goal(clock):
    """PEN-MAJOR-1 "not released by goals" in OT: away major at 41:00 (3 + G v 4 + G); the home goal at 42:00 is
    PP and ends the game; the major ends with the game at 42:00 but is not ended_by_goal ("ended_by_goal marks
    a minor ended early by a goal")."""
    game = clock.game("k28")
    assert goal_at(game, 3, "02:00")["strength"] == "PP"
    assert _span(one_penalty(game, player="b03")) == ("41:00", "42:00", False)


def test_pen_misc_2_window_after_goalless_overtime_a_20(clock):
    """A-20: "the final 10 minutes of actual play, OT included". k29 plays to 45:00 (tied after OT) -> window
    35:00-45:00: b03's misconduct at 34:30 is not flagged, a03's at 36:00 is (one PEN-MISC-2 warning)."""
    game = clock.game("k29")
    flags = [v for v in game["violations"] if v.get("rule") == "PEN-MISC-2"]
    assert len(flags) == 1 and flags[0]["severity"] == "warn", flags


def test_pen_misc_2_misconduct_at_thirty_is_in_the_final_ten(clock):
    """PEN-MISC-2: 40:00 - 10:00 = 30:00, so a misconduct at exactly 30:00 is "in the final 10 minutes"."""
    game = clock.game("k30")
    assert [v["severity"] for v in game["violations"] if v.get("rule") == "PEN-MISC-2"] == ["warn"]


def test_forf_1_example_ready_at_seven_thirty(clock):
    """FORF-1 example: "Ready at 7:30 -> B leads 2-0": 7.5 // 3 = 2 full spans -> 2 goals to the away team,
    credited to no player; nothing else happens -> away wins 2-0 (PTS-1: 2 points)."""
    game = clock.game("k34")
    assert game["score"] == {"home": 0, "away": 2}
    assert all(g["scorer"] is None for g in game["goals"])
    assert (game["winner"], game["points"]) == ("away", {"home": 0, "away": 2})


def test_a_14_delayed_minor_lapses_at_full_time(clock):
    """A-14: "a further penalty starts only when one expires" -> b04 (assessed 39:30 while b02 39:00 and b03
    39:10 run) cannot start before 40:00; PEN-GEN-4: "Penalties ... lapse at full time" -> the game ends 1-0 at
    40:00 first. Contract: `ends` is null only "when nothing is timed (a game misconduct; a penalty after the
    game)" - neither applies to an in-game minor. So b04: starts 40:00, ends 40:00 (not 39:30 / null)."""
    game = clock.game("k31")
    assert _span(one_penalty(game, player="b02")) == ("39:00", "40:00", False)
    b04 = one_penalty(game, player="b04")
    assert (b04["starts"], b04["ends"]) == ("40:00", "40:00")


def test_pen_gen_4_queued_misconduct_never_overlaps_the_minor_at_full_time(clock):
    """PEN-GEN-4: "One player's penalties run one after another" (example: minor + misconduct at 10:00 -> minor
    10:00-12:00, misconduct 12:00-22:00) and "lapse at full time". At 39:00 of a game that ends 1-0 at 40:00:
    minor 39:00-40:00; the misconduct cannot start before 40:00 and lapses then -> starts 40:00, ends 40:00."""
    game = clock.game("k32")
    assert _span(one_penalty(game, player="b02", cls="minor")) == ("39:00", "40:00", False)
    m = one_penalty(game, player="b02", cls="misconduct")
    assert (m["starts"], m["ends"]) == ("40:00", "40:00")


def test_pen_gen_1_penalty_at_the_mercy_half_time_end_is_after_the_game(clock):
    """MERCY-1: 15-0 at half time ends the game at 20:00. The app treats a penalty at 40:00 of a game decided in
    regulation (k08) and one at period 2 00:00 of a half-time mercy game as "after the game" (`ends` null,
    PEN-GEN-1: no time). A penalty at period 1 20:00 is the same moment (game time 20:00) -> `ends` null."""
    game = clock.game("k33")
    assert game["decision"] == "mercy"
    assert one_penalty(game, player="b02")["ends"] is None


def test_pen_goalie_1_server_on_the_ice_accepted(tmp_path):
    """Baseline for the next test: a goalie's minor served by a teammate who is on the ice is accepted."""
    sb = SeasonBuilder({"d1": ["a", "b"]})
    sb.game("g1", "a", "b", [penalty(A, 1, "08:00", "b03", "tripping"),
                             penalty(A, 1, "09:00", "b01", "tripping", served_by="b04")])
    code, out, err = _import_variant(tmp_path, sb.build())
    assert code == 0, out + err


def test_pen_goalie_1_server_in_the_box_refused(tmp_path):
    """PEN-GOALIE-1: "A goalie's minor or major is served by a teammate who was on the ice" (V server, block).
    b03 is in the box (his own minor 8:00-10:00) when the goalie b01 gets a minor at 9:00 served by b03 ->
    b03 was not on the ice -> the file is refused, citing PEN-GOALIE-1."""
    sb = SeasonBuilder({"d1": ["a", "b"]})
    sb.game("g1", "a", "b", [penalty(A, 1, "08:00", "b03", "tripping"),
                             penalty(A, 1, "09:00", "b01", "tripping", served_by="b03")])
    code, out, err = _import_variant(tmp_path, sb.build())
    assert code == 1 and "PEN-GOALIE-1" in out + err, out + err


# --------------------------------------------------------------------------------------------------------
# The discipline season: one pair of teams per scenario


def build_disc() -> dict:
    sb = SeasonBuilder({"d1": list("cdefghijklmnopqrstuvwxyz")})
    lu = SeasonBuilder.lineup
    g = sb.game
    # PEN-GEN-3 and PEN-MAJOR-2 at once: minor, major, major to d02 -> ejection under the 2nd-major row
    g("m01", "c", "d", [penalty(A, 1, "05:00", "d02", "tripping"),
                        penalty(A, 1, "10:00", "d02", "slashing", cls="major"),
                        penalty(A, 2, "05:00", "d02", "cross_checking", cls="major", served_by="d03")])
    # PEN-MAJOR-2 "goalie included": two majors to the goalie f01, served by teammates
    g("m02", "e", "f", [penalty(A, 1, "05:00", "f01", "goalie_drop_kick", cls="major", served_by="f03"),
                        penalty(A, 2, "05:00", "f01", "slashing", cls="major", served_by="f04")])
    # PEN-TRIP-1 "Injury trip -> 5 minutes, counts as a major" + a high-sticking major (blood) -> 2 majors
    g("m03", "g", "h", [penalty(A, 1, "05:00", "h02", "tripping", cls="major"),
                        penalty(A, 2, "05:00", "h02", "high_sticking", cls="major", served_by="h03")])
    # FINE-3: "a game misconduct is not a major": major + game misconduct -> no 2nd-major row
    g("m04", "i", "j", [penalty(A, 1, "05:00", "j02", "slashing", cls="major"),
                        penalty(A, 2, "05:00", "j02", "game_misconduct")])
    # PEN-GEN-1 + PEN-MISC-3: misconduct at 5:00, a second after the game (1-0 at 40:00) -> GM, 1 game, $10
    g("m05", "k", "l", [goal(H, 1, "01:00", "k02"), penalty(A, 1, "05:00", "l02", "misconduct"),
                        penalty(A, 2, "20:00", "l02", "abuse_of_officials")])
    # PEN-GEN-1 + PEN-FIGHT-1: a fight after the game (1-0) -> 5 games, $50, no time
    g("m06", "m", "n", [goal(H, 1, "01:00", "m02"), penalty(A, 2, "20:00", "n02", "fighting")])
    # FINE-STMT example: "2 majors ($20) plus an ineligible player in 2 games ($20) -> $40". p08 (ineligible)
    # dresses in m07 and m08 and is found in m08; p02 (2 majors in m07) sits out m08.
    g("m07", "o", "p", [penalty(A, 1, "05:00", "p02", "slashing", cls="major"),
                        penalty(A, 2, "05:00", "p02", "slashing", cls="major", served_by="p03")],
      lineups={"home": lu("o"), "away": lu("p", (*DRESSED, "08"))})
    g("m08", "o", "p", [penalty(A, 1, "05:00", "p08", "ineligible_player", served_by="p03")],
      lineups={"home": lu("o"), "away": lu("p", WITHOUT_02)})
    # SUSP-1 example: "2 games issued Jan 10; the team plays Jan 17 and 24 -> eligible Jan 31"; the game of
    # Jan 20 is postponed (scheduled), which does not count
    g("s10", "q", "r", [penalty(A, 1, "05:00", "r02", "slashing", cls="major"),
                        penalty(A, 2, "05:00", "r02", "slashing", cls="major", served_by="r03")], date="2016-01-10")
    g("s17", "r", "q", [], date="2016-01-17", lineups={"home": lu("r", WITHOUT_02), "away": lu("q")})
    g("s20", "q", "r", [], date="2016-01-20", status="scheduled",
      lineups={"home": lu("q"), "away": lu("r", WITHOUT_02)})
    g("s24", "q", "r", [], date="2016-01-24", lineups={"home": lu("q"), "away": lu("r", WITHOUT_02)})
    g("s31", "r", "q", [goal(H, 1, "05:00", "r02")], date="2016-01-31")
    # SUSP-1 "forfeits count": t02 (2nd misconduct, 1 game) sits out t's own lateness forfeit, then dresses
    g("t1", "s", "t", [penalty(A, 1, "05:00", "t02", "misconduct"), penalty(A, 2, "05:00", "t02", "misconduct")],
      date="2016-02-01")
    g("t2", "s", "t", [late(A, 10)], date="2016-02-08", lineups={"home": lu("s"), "away": lu("t", WITHOUT_02)})
    g("t3", "t", "s", [goal(H, 1, "05:00", "t02")], date="2016-02-15")
    # APPEAL-1 example: "an appeal filed on Jan 12 and decided on Jan 20 -> the player stays blocked for the
    # Jan 17 game". v02 fights on Jan 10 (5 games); the appeal is upheld on Jan 20; he sits out Jan 17 and
    # dresses again on Jan 24.
    g("v10", "u", "v", [penalty(A, 1, "05:00", "v02", "fighting", served_by="v03")], date="2016-01-10")
    g("v17", "u", "v", [], date="2016-01-17", lineups={"home": lu("u"), "away": lu("v", WITHOUT_02)})
    g("v24", "u", "v", [goal(A, 1, "05:00", "v02")], date="2016-01-24")
    # PEN-GM-2 / A-11: x02's incidents: GM in w1-w4, a 3-penalty ejection in w5, a 2nd misconduct in w6
    for n in range(1, 5):
        g(f"w{n}", "w", "x", [penalty(A, 1, "05:00", "x02", "game_misconduct")], date=f"2016-02-0{n}")
    g("w5", "w", "x", [penalty(A, 1, "05:00", "x02", "tripping"), penalty(A, 1, "10:00", "x02", "hooking"),
                       penalty(A, 1, "15:00", "x02", "holding", served_by="x03")], date="2016-02-05")
    g("w6", "w", "x", [penalty(A, 1, "05:00", "x02", "misconduct"), penalty(A, 1, "15:00", "x02", "misconduct")],
      date="2016-02-06")
    # FINE-11 as a "5-min bench": z08 found during play at 5:00, class major, z03 serves 5:00-10:00; the PP
    # goal at 6:00 does not end it
    g("y1", "y", "z", [penalty(A, 1, "05:00", "z08", "ineligible_player", cls="major", served_by="z03"),
                       goal(H, 1, "06:00", "y02")],
      lineups={"home": lu("y"), "away": lu("z", (*DRESSED, "08"))})
    data = sb.build()
    data["appeals"] = [{"player": "v02", "game": "v10", "filed": "2016-01-12", "form": "WSHL-0107",
                        "fee_paid": True, "decision": "upheld", "decided": "2016-01-20"}]
    data["payments"] = [{"payer": {"player": "p02"}, "amount": "20.00", "date": "2016-02-01",
                         "memo": "p02 pays his own second-major fine"}]
    return data


@pytest.fixture(scope="module")
def disc(tmp_path_factory):
    return import_season(tmp_path_factory.mktemp("audit-disc"), build_disc())


def _susp(season, player):
    return [s for s in season.suspensions()["suspensions"] if s["player"] == player]


def _fines_of(season, player):
    return [f for f in season.fines()["fines"] if f.get("player") == player or f["payer"] == {"player": player}]


def _team_fines(season, team):
    return [f for f in season.fines()["fines"] if f["team"] == team]


def _total(season, team):
    rows = [t for t in season.fines()["totals"] if t["team"] == team]
    assert len(rows) == 1, season.fines()["totals"]
    return rows[0]


def test_disc_season_imports(disc):
    """Every lineup above respects ELIG-2 (suspended players sit out), so the file is accepted."""
    disc.require_ok()


def test_pen_major_2_third_penalty_also_second_major(disc):
    """PEN-MAJOR-2 + PEN-GEN-3: minor, major, major -> out; the 2nd-major row applies: 2 games + $20 (FINE-3),
    and FINE-2 (3 penalties) adds no fine and no suspension (A-12)."""
    assert ejected(disc.game("m01"), "d02")
    assert [(s["rule"], s["kind"], s["games"]) for s in _susp(disc, "d02")] == [("PEN-MAJOR-2", "games", 2)]
    assert [(f["amount"], f["rule"], f["payer"]) for f in _fines_of(disc, "d02")] == [
        ("20.00", "PEN-MAJOR-2", {"player": "d02"})]


def test_pen_major_2_goalie_included(disc):
    """PEN-MAJOR-2: "2nd major in a game (goalie included)" -> f01: 2 games + $20, paid by the player (A-9)."""
    assert ejected(disc.game("m02"), "f01")
    assert [(s["rule"], s["games"]) for s in _susp(disc, "f01")] == [("PEN-MAJOR-2", 2)]
    assert [(f["amount"], f["payer"], f["team"]) for f in _fines_of(disc, "f01")] == [
        ("20.00", {"player": "f01"}, "f")]


def test_pen_trip_1_injury_trip_counts_as_a_major(disc):
    """PEN-TRIP-1: "Injury trip -> 5 minutes, counts as a major." + a high-sticking major -> 2 majors ->
    PEN-MAJOR-2: 2 games, $20. The trip is 5 minutes (05:00-10:00)."""
    game = disc.game("m03")
    trip = one_penalty(game, player="h02", infraction="tripping")
    assert (trip["minutes"], trip["starts"], trip["ends"]) == (5, "05:00", "10:00")
    assert [(s["rule"], s["games"]) for s in _susp(disc, "h02")] == [("PEN-MAJOR-2", 2)]


def test_fine_3_game_misconduct_is_not_a_major(disc):
    """FINE-3: "2 majors in a game (... a game misconduct is not a major)": j02's major + game misconduct bring
    no 2-game suspension and no $20 (FINE-1/A-4: the major alone has none; PEN-GM-1: the GM alone has none)."""
    assert _susp(disc, "j02") == []
    assert _fines_of(disc, "j02") == []
    assert ejected(disc.game("m04"), "j02")


def test_pen_gen_1_post_game_misconduct_counts_for_discipline(disc):
    """PEN-GEN-1: "Post-game penalties count for discipline but carry no time." l02: misconduct at 5:00 and one
    after the 1-0 game -> PEN-MISC-3: 1 game, $10; the post-game one has no `ends`; PEN-MISC-2 flags it
    ("or after the game")."""
    game = disc.game("m05")
    post = one_penalty(game, player="l02", infraction="abuse_of_officials")
    assert post["ends"] is None
    assert [v["severity"] for v in game["violations"] if v.get("rule") == "PEN-MISC-2"] == ["warn"]
    assert [(s["rule"], s["kind"], s["games"]) for s in _susp(disc, "l02")] == [("PEN-MISC-3", "games", 1)]
    assert [(f["amount"], f["rule"]) for f in _fines_of(disc, "l02")] == [("10.00", "PEN-MISC-3")]


def test_pen_gen_1_post_game_fight_counts_for_discipline(disc):
    """PEN-GEN-1 + PEN-FIGHT-1: a fight after the 1-0 game -> no time (`ends` null), but 5 games and $50."""
    p = [x for x in penalties(disc.game("m06"), player="n02") if x["infraction"] == "fighting"]
    assert p and all(x["ends"] is None for x in p), p
    assert [(s["rule"], s["kind"], s["games"]) for s in _susp(disc, "n02")] == [("PEN-FIGHT-1", "games", 5)]
    assert [(f["amount"], f["rule"]) for f in _fines_of(disc, "n02")] == [("50.00", "PEN-FIGHT-1")]


def test_fine_11_ineligible_player_ten_dollars_per_game_billed_to_team(disc):
    """FINE-11 / A-10: "$10 for each game the player dressed, billed to the team; the player suspended
    indefinitely". p08 dressed in m07 and m08 -> 2 x $10 = $20, payer team p; kind indefinite."""
    fines = [f for f in _team_fines(disc, "p") if f["rule"] == "FINE-11"]
    assert [(f["amount"], f["payer"], f["game"]) for f in fines] == [("20.00", {"team": "p"}, "m08")]
    assert [(s["rule"], s["kind"], s["status"]) for s in _susp(disc, "p08")] == [("FINE-11", "indefinite", "active")]


def test_fine_11_ineligible_player_result_unchanged(disc):
    """A-10: "... the result unchanged": m08 stays a 0-0 game played to its end (no forfeit)."""
    game = disc.game("m08")
    assert game["decision"] != "forfeit"
    assert game["score"] == {"home": 0, "away": 0}


def test_fine_stmt_example_forty_dollars_and_player_payment(disc):
    """FINE-STMT example: "2 majors ($20) plus an ineligible player in 2 games ($20) -> $40." A-9: the player's
    fine is on the team statement; p02 paid his $20 himself -> team p: fines 40.00, paid 20.00, balance 20.00."""
    t = _total(disc, "p")
    assert (t["fines"], t["paid"], t["balance"]) == ("40.00", "20.00", "20.00")


def test_susp_1_example_postponed_game_does_not_count(disc):
    """SUSP-1 example: 2 games issued Jan 10; the team plays Jan 17 and 24 (the Jan 20 game is postponed and
    "postponed games don't" count) -> served 2, status served; r02 dresses again on Jan 31 (accepted)."""
    s = _susp(disc, "r02")
    assert [(x["rule"], x["games"], x["served"], x["status"]) for x in s] == [("PEN-MAJOR-2", 2, 2, "served")]
    assert disc.game("s31")["score"] == {"home": 1, "away": 0}


def test_susp_1_own_forfeit_counts_as_a_served_game(disc):
    """SUSP-1: "forfeits count": t02's 1 game is served by t's own lateness forfeit (t2) -> served 1, served."""
    s = _susp(disc, "t02")
    assert [(x["rule"], x["games"], x["served"], x["status"]) for x in s] == [("PEN-MISC-3", 1, 1, "served")]


def test_appeal_1_upheld_appeal_lifts_the_suspension(disc):
    """APPEAL-1: "The division Director ... decides, and the suspension stays in force until then." Upheld on
    Jan 20 -> status lifted, appeal upheld; v02 dresses on Jan 24 (the file is accepted)."""
    s = _susp(disc, "v02")
    assert [(x["rule"], x["status"], x["appeal"]) for x in s] == [("PEN-FIGHT-1", "lifted", "upheld")]


def test_pen_gm_2_sixth_incident_proposes_season_suspension_a_11(disc):
    """PEN-GM-2 / A-11: "The 6th GM, ejection or suspension in a season -> season suspension is proposed";
    "a combined count of incidents". x02: GMs in w1-w4 (4), PEN-GEN-3 ejection in w5 (5), 2nd misconduct in w6
    (GM + 1-game suspension: 6) -> one PEN-GM-2 row from w6, kind season, games null, review true; plus the
    PEN-MISC-3 row (1 game) of w6."""
    rows = sorted(((s["game"], s["rule"], s["kind"], s["games"]) for s in _susp(disc, "x02")), key=lambda r: r[1])
    assert rows == [("w6", "PEN-GM-2", "season", None), ("w6", "PEN-MISC-3", "games", 1)]
    assert [s["review"] for s in _susp(disc, "x02") if s["rule"] == "PEN-GM-2"] == [True]


def test_fine_11_five_minute_bench_variant(disc):
    """FINE-11: "2-min minor or 5-min bench"; Part 8: ineligible_player is bench_minor, also major. Given as a
    major: 5 minutes SH (05:00-10:00, served by z03), not ended by the 6:00 PP goal (A-4); z08 dressed in one
    game -> $10, billed to team z (A-10)."""
    game = disc.game("y1")
    p = one_penalty(game, player="z08")
    assert (p["minutes"], p["served_by"], *_span(p)) == (5, "z03", "05:00", "10:00", False)
    assert goal_at(game, 1, "06:00")["strength"] == "PP"
    assert [(f["amount"], f["payer"], f["rule"]) for f in _team_fines(disc, "z")] == [
        ("10.00", {"team": "z"}, "FINE-11")]


def _import_variant(tmp_path, data):
    f = write_json(tmp_path / "variant.json", data)
    return run_cli(tmp_path / "variant.db", "import", f)


def test_fine_stmt_player_payment_goes_to_the_statement_of_his_fine(tmp_path):
    """A-9: "Who pays player fines -> the player, shown on the team statement"; contract: "A player's fine
    appears on the statement of the team the player played for in that game." p02, released by p on Dec 1 and
    signed to q (#22) on Dec 2, gets two majors for q on Jan 10 (PEN-MAJOR-2, $20 on q's statement) and pays
    $20 on Jan 20 -> q: fines 20.00, paid 20.00, balance 0.00; p: nothing owed, nothing paid."""
    sb = SeasonBuilder({"d1": ["p", "q", "r"]})
    lu = SeasonBuilder.lineup
    sb.game("g1", "q", "r", [penalty(H, 1, "05:00", "p02", "slashing", cls="major"),
                             penalty(H, 2, "05:00", "p02", "slashing", cls="major", served_by="q03")],
            date="2016-01-10", lineups={"home": lu("q") + [{"player": "p02"}], "away": lu("r")})
    data = sb.build()
    for r in data["roster"]:
        if r["player"] == "p02":
            r["released"] = "2015-12-01"
    data["roster"].append({"team": "q", "player": "p02", "number": 22, "position": "skater", "signed": "2015-12-02"})
    data["payments"] = [{"payer": {"player": "p02"}, "amount": "20.00", "date": "2016-01-20"}]
    season = import_season(tmp_path, data)
    fines = season.fines()
    assert [(f["payer"], f["team"], f["amount"]) for f in fines["fines"]] == [({"player": "p02"}, "q", "20.00")]
    totals = {t["team"]: (t["fines"], t["paid"], t["balance"]) for t in fines["totals"]}
    assert totals["q"] == ("20.00", "20.00", "0.00")
    assert totals["p"] == ("0.00", "0.00", "0.00")


def test_appeal_1_example_blocked_before_the_decision(tmp_path):
    """APPEAL-1 example: "an appeal filed on Jan 12 and decided on Jan 20 -> the player stays blocked for the
    Jan 17 game." v02 dressed on Jan 17 -> ELIG-2 rejects the file."""
    data = build_disc()
    v17 = next(x for x in data["games"] if x["id"] == "v17")
    v17["lineups"]["away"].append({"player": "v02"})
    code, out, err = _import_variant(tmp_path, data)
    assert code == 1, out + err
    assert any("ELIG-2" in line and "v17" in line for line in out.splitlines()), out


def test_susp_1_example_not_eligible_before_jan_31(tmp_path):
    """SUSP-1 example: r02 is "eligible Jan 31", so dressing him on Jan 24 (1 of 2 served) -> ELIG-2."""
    data = build_disc()
    s24 = next(x for x in data["games"] if x["id"] == "s24")
    s24["lineups"]["away"].append({"player": "r02"})
    code, out, err = _import_variant(tmp_path, data)
    assert code == 1, out + err
    assert any("ELIG-2" in line and "s24" in line for line in out.splitlines()), out


def test_appeal_1_unpaid_fee_refused(tmp_path):
    """APPEAL-1 (V, block): "An appeal needs an official form number and the $10 fee" -> fee not paid ->
    the file is refused."""
    data = build_disc()
    data["appeals"][0]["fee_paid"] = False
    code, out, err = _import_variant(tmp_path, data)
    assert code == 1 and "APPEAL-1" in out + err, out + err


# --------------------------------------------------------------------------------------------------------
# The PIM season: one game, one kind of penalty per player


def build_pim() -> dict:
    sb = SeasonBuilder({"dp": ["pa", "pb"]})
    sb.game("p1", "pa", "pb", [
        goal(H, 1, "01:00", "pa07"),                                                   # pa wins 1-0
        penalty(H, 1, "02:00", "pa02", "fighting", served_by="pa06"),                 # 5 + GM 10 = 15
        penalty(A, 1, "02:00", "pb02", "fighting", served_by="pb06"),                 # 5 + GM 10 = 15
        penalty(H, 1, "05:00", "pa03", "misconduct"),                                  # 10
        penalty(H, 1, "15:00", "pa03", "abuse_of_officials"),                          # 10 + GM 10 (PEN-MISC-3)
        penalty(H, 1, "10:00", "pa04", "slashing", cls="major"),                       # 5
        penalty(H, 2, "06:00", "pa04", "slashing", cls="major", served_by="pa06"),    # 5 + GM 10 (PEN-MAJOR-2)
        penalty(H, 2, "10:00", "pa05", "gross_misconduct"),                            # 10
        penalty(A, 1, "07:00", "pb03", "tripping"),                                    # 2
        penalty(A, 1, "12:00", "pb03", "hooking"),                                     # 2
        penalty(A, 2, "10:00", "pb03", "holding", served_by="pb07"),                  # 2 (3rd: ejection, no GM)
        penalty(A, 2, "12:00", "pb04", "instigator", served_by="pb07"),               # 2 + 5 + GM 10 = 17
        penalty(A, 2, "20:00", "pb05", "misconduct"),                                  # after the game: 10
        penalty(H, 2, "19:00", "pa07", "body_contact"),                                # 3 (lapses at 40:00)
    ])
    return sb.build()


@pytest.fixture(scope="module")
def pim(tmp_path_factory):
    return import_season(tmp_path_factory.mktemp("audit-pim"), build_pim())


def test_pim_by_player_game_misconduct_counts_ten(pim):
    """Contract: pim is "the sum of assessed minutes by class (a game misconduct counts 10), not the time
    served"; A-25: GM = 10 PIM; the brief's gross misconduct 10.
    pa02/pb02 fighting 5 + GM 10 = 15 (PEN-FIGHT-1 "5 minutes + GM"); pa03 10 + 10 + GM 10 = 30 (PEN-MISC-3);
    pa04 5 + 5 + GM 10 = 20 (PEN-MAJOR-2); pa05 gross 10; pb03 2 + 2 + 2 = 6 (PEN-GEN-3 ejects, no GM);
    pb04 instigator 2 + 5 + GM 10 = 17 (PEN-FIGHT-2); pb05 post-game misconduct 10 (assessed, not served);
    pa07 body contact 3 (A-2), cut short by full time but counted in full."""
    st = pim.stats()
    got = {p: stats_row(st, p)["pim"] for p in ("pa02", "pb02", "pa03", "pa04", "pa05", "pb03", "pb04", "pb05",
                                                "pa07")}
    assert got == {"pa02": 15, "pb02": 15, "pa03": 30, "pa04": 20, "pa05": 10, "pb03": 6, "pb04": 17,
                   "pb05": 10, "pa07": 3}


def test_pim_by_team_in_standings(pim):
    """Standings pim = the team's players' PIM: pa 15 + 30 + 20 + 10 + 3 = 78; pb 15 + 6 + 17 + 10 = 48."""
    st = pim.standings()
    assert (standings_row(st, "dp", "pa")["pim"], standings_row(st, "dp", "pb")["pim"]) == (78, 48)


# --------------------------------------------------------------------------------------------------------
# The table season: standings and eligibility


def build_table() -> dict:
    sb = SeasonBuilder({"t3": ["tp", "tq", "tr", "ts"], "tc": ["ca", "cb"], "el": ["ea", "eb"]})
    g = sb.game

    def score(hp: str, ap: str, home: int, away: int) -> list[dict]:
        return _goals(H, hp, 1, [f"{m:02d}:00" for m in range(1, home + 1)]) + _goals(
            A, ap, 2, [f"{m:02d}:00" for m in range(1, away + 1)])

    # three-way tie on points (4) and wins (2): tp, tq, tr. Head-to-head among the three: tp beat tq and tr
    # (4), tq beat tr (2), tr 0 -> tp, tq, tr, while goal difference would give tr (+8), tq (+1), tp (-8).
    g("h1", "tp", "tq", score("tp", "tq", 1, 0))
    g("h2", "tp", "tr", score("tp", "tr", 1, 0))
    g("h3", "ts", "tp", score("ts", "tp", 10, 0))
    g("h4", "tq", "tr", score("tq", "tr", 1, 0))
    g("h5", "tq", "ts", score("tq", "ts", 1, 0))
    g("h6", "tr", "ts", score("tr", "ts", 5, 0))
    g("h7", "tr", "ts", score("tr", "ts", 5, 0))
    # PTS-3: a called game with goals on the board: ca 2-1 when called, points typed in 2-0
    g("c1", "ca", "cb", score("ca", "cb", 2, 1) + [called(2, 0, "lights failed")])
    # ... and a called game typed in 1-1 with cb ahead 1-0
    g("c2", "ca", "cb", score("ca", "cb", 0, 1) + [called(1, 1, "rink flooded")])
    # A-24 eligibility: ea02 dresses in all; ea08 only in some
    all8 = {"home": SeasonBuilder.lineup("ea", (*DRESSED, "08")), "away": SeasonBuilder.lineup("eb")}
    for n in range(1, 5):                                                    # 4 plain games, ea08 dressed
        g(f"e{n}", "ea", "eb", [goal(H, 1, "05:00", "ea02")], lineups=copy.deepcopy(all8))
    g("e5", "ea", "eb", _goals(H, "ea", 2, [f"{m:02d}:00" for m in range(1, 16)]))   # mercy: completed
    g("e6", "ea", "eb", [late(A, 10)], lineups=copy.deepcopy(all8))                   # forfeit: not counted
    g("e7", "ea", "eb", [forfeit("both")], lineups=copy.deepcopy(all8))              # double forfeit: not counted
    g("e8", "ea", "eb", [], status="scheduled")                                        # not played
    g("e9", "ea", "eb", [late(A, 4)])                                                   # 1 lateness goal: completed
    return sb.build()


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    return import_season(tmp_path_factory.mktemp("audit-table"), build_table())


def test_a_25_three_way_tie_head_to_head_before_goal_difference(table):
    """A-25: points, wins, head-to-head, goal difference, GF. tp, tq, tr: 4 points, 2 wins each; head-to-head
    points among the three: tp 4, tq 2, tr 0 -> tp, tq, tr (goal difference would reverse them: tp 2-10 = -8,
    tq 2-1 = +1, tr 10-2 = +8). ts: 1 win (h3) -> 2 points, last."""
    rows = standings_rows(table.standings(), "t3")
    assert [(r["team"], r["pts"], r["w"], r["diff"]) for r in rows] == [
        ("tp", 4, 2, -8), ("tq", 4, 2, 1), ("tr", 4, 2, 8), ("ts", 2, 1, -1)]


def test_pts_3_called_games_in_standings(table):
    """PTS-3 + contract: a called game counts its points as typed and its score in gf/ga. ca: c1 2-1 (2 points,
    a win), c2 0-1 (1 point each, no winner -> a tie) -> gp 2, w 1, l 0, t 1, pts 3, gf 2, ga 2;
    cb: l 1, t 1, pts 1, gf 2, ga 2."""
    st = table.standings()
    f = ("gp", "w", "l", "t", "pts", "gf", "ga")
    assert {k: standings_row(st, "tc", "ca")[k] for k in f} == dict(gp=2, w=1, l=0, t=1, pts=3, gf=2, ga=2)
    assert {k: standings_row(st, "tc", "cb")[k] for k in f} == dict(gp=2, w=0, l=1, t=1, pts=1, gf=2, ga=2)
    assert table.game("c2")["winner"] is None


def test_elig_1_a_24_counts_completed_non_forfeited_games(table):
    """A-24: "lineup appearances in completed, non-forfeited games". ea02: e1-e4, e5 (mercy), e9 (lateness
    goal, not a forfeit) = 6 -> eligible; e6 (forfeit), e7 (double forfeit), e8 (scheduled) do not count.
    ea08: e1-e4 = 4 (his e6 and e7 do not count) -> not eligible."""
    elig = {r["player"]: r for r in cli_json(table.db, "eligibility", "--json")["players"]}
    assert (elig["ea02"]["regular_gp"], elig["ea02"]["playoff_eligible"]) == (6, True)
    assert (elig["ea08"]["regular_gp"], elig["ea08"]["playoff_eligible"]) == (4, False)


def test_elig_1_stats_gp_is_the_games_played_count_a_24(table):
    """§1 k: "No player having played less than 6 regular season games will be allowed to play in the playoff
    games as per the statistics page"; ELIG-1 example "5 GP -> '5 of 6 games'"; A-24: "'Played 6 games' ->
    lineup appearances in completed, non-forfeited games". So the statistics page's GP is that count:
    ea02 6 (not 8: e6 forfeit and e7 double forfeit were never played), ea08 4 (not 6)."""
    st = table.stats()
    assert (stats_row(st, "ea02")["gp"], stats_row(st, "ea08")["gp"]) == (6, 4)


def test_elig_1_playoff_lineup_with_four_of_six_refused(tmp_path):
    """ELIG-1 (V playoff lineup, block): ea08 (4 of 6) dressed for a playoff game -> refused, naming ELIG-1
    and the count (catalogue example: 5 GP -> "5 of 6 games")."""
    data = build_table()
    sb = SeasonBuilder({"el": ["ea", "eb"]}, start="2016-03-01")
    po = sb.game("po1", "ea", "eb", [goal(H, 1, "05:00", "ea02")], stage="playoff",
                 lineups={"home": SeasonBuilder.lineup("ea", (*DRESSED, "08")), "away": SeasonBuilder.lineup("eb")})
    data["games"].append(po)
    code, out, err = _import_variant(tmp_path, data)
    assert code == 1, out + err
    lines = [line for line in out.splitlines() if "ELIG-1" in line]
    assert lines and all("4 of 6" in line for line in lines), out


def test_elig_1_playoff_lineup_with_six_accepted(tmp_path):
    """ELIG-1: 6 games make a player eligible: the same playoff game without ea08 (every other dressed ea
    player has e1-e5 + e9 = 6; eb's dressed players likewise) is accepted."""
    data = build_table()
    sb = SeasonBuilder({"el": ["ea", "eb"]}, start="2016-03-01")
    data["games"].append(sb.game("po1", "ea", "eb", [goal(H, 1, "05:00", "ea02")], stage="playoff"))
    code, out, err = _import_variant(tmp_path, data)
    assert code == 0, out + err


def test_forf_4_example_each_has_three_players_both_lose(tmp_path):
    """FORF-4 (section 1 j, C result): "Both teams short -> both get a loss and 0 points"; example "Each has 3
    players -> L/L, 0/0". No forfeit entry: the line-ups say it. Standings: both gp 1, l 1, pts 0, gf/ga 0-0."""
    sb = SeasonBuilder({"d1": ["a", "b"]})
    three = ("02", "03")  # the goalie and two skaters
    sb.game("f4", "a", "b", [goal(H, 1, "05:00", "a02")],
            lineups={"home": sb.lineup("a", three), "away": sb.lineup("b", three)})
    code, out, err = _import_variant(tmp_path, sb.build())
    assert code == 0, out + err
    game = cli_json(tmp_path / "variant.db", "game", "f4", "--json")
    assert (game["decision"], game["winner"], game["points"]) == ("double_forfeit", None, {"home": 0, "away": 0})
    table = cli_json(tmp_path / "variant.db", "standings", "--json")
    for team in ("a", "b"):
        row = standings_row(table, "d1", team)
        assert (row["gp"], row["w"], row["l"], row["t"], row["pts"], row["gf"], row["ga"]) == (1, 0, 1, 0, 0, 0, 0)
