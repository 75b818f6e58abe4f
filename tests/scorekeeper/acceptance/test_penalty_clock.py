"""The penalty clock: when each penalty starts and ends, computed from the event log.

Game time in `starts`/`ends` is "MM:SS" elapsed since the start of the game: period 2 elapsed "01:00" is
game time "21:00". Every scenario is one game of the shared penalty season (see conftest.build_penalty_season).
"""

from __future__ import annotations

from .conftest import ejected, goal_at, one_penalty, penalties


def test_pen_minor_1_minor_is_two_minutes(penalty_season):
    """PEN-MINOR-1: "Minor = 2 minutes, SH (A-1)." Example: 14:30 -> 16:30."""
    p = one_penalty(penalty_season.game("pc01"), player="b02")
    # 14:30 + 2:00 = 16:30
    assert p["class"] == "minor"
    assert p["minutes"] == 2
    assert p["starts"] == "14:30"
    assert p["ends"] == "16:30"
    assert p["ended_by_goal"] is False
    assert p["served_by"] == "b02"


def test_pen_contact_1_body_contact_is_three_minute_minor(penalty_season):
    """A-2 / PEN-CONTACT-1: "Body contact -> 3-minute minor"; every other minor stays 2 minutes."""
    p = one_penalty(penalty_season.game("pc02"), player="b02", infraction="body_contact")
    # 06:00 + 3:00 = 09:00
    assert p["class"] == "minor"
    assert p["minutes"] == 3
    assert p["starts"] == "06:00"
    assert p["ends"] == "09:00"


def test_pen_contact_1_body_contact_still_short_handed_after_two_minutes(penalty_season):
    """A-2: body contact is a 3-minute minor, so at 2:30 into it the team is still short-handed; and it is a
    minor, so the power-play goal ends it (PEN-MINOR-2)."""
    game = penalty_season.game("pc03")
    # penalty 06:00-09:00; goal at 08:30 is inside it -> PP, and the minor ends at 08:30
    assert goal_at(game, 1, "08:30")["strength"] == "PP"
    p = one_penalty(game, player="b02")
    assert p["ends"] == "08:30"
    assert p["ended_by_goal"] is True


def test_pen_minor_2_pp_goal_ends_earliest_minor(penalty_season):
    """PEN-MINOR-2: "An opponent goal ends the SH team's earliest running minor, one per goal."
    Example: minors at 10:00 and 11:00; goal at 11:30 -> first ends."""
    game = penalty_season.game("pc04")
    first = one_penalty(game, player="b02")
    # goal at 11:30 ends the earliest running minor (b02, 10:00) -> ends 11:30 instead of 12:00
    assert goal_at(game, 1, "11:30")["strength"] == "PP"
    assert first["ends"] == "11:30"
    assert first["ended_by_goal"] is True


def test_pen_minor_2_one_minor_released_per_goal(penalty_season):
    """PEN-MINOR-2: "... one per goal." The second minor survives the first goal and is ended by the next."""
    game = penalty_season.game("pc04")
    second = one_penalty(game, player="b03")
    # b03 11:00-13:00 is still running after the 11:30 goal (b02 released); the 12:00 goal (5 v 4, PP)
    # ends it at 12:00.
    assert goal_at(game, 1, "12:00")["strength"] == "PP"
    assert second["starts"] == "11:00"
    assert second["ends"] == "12:00"
    assert second["ended_by_goal"] is True


def test_pen_major_1_major_not_released_by_goals(penalty_season):
    """PEN-MAJOR-1: "First major = 5 minutes SH, not released by goals (A-4)." Example: 20:00 -> 25:00."""
    game = penalty_season.game("pc06")
    p = one_penalty(game, player="b02", cls="major")
    # major at 20:00 + 5:00 = 25:00; goals at 21:00 and 23:00 are both PP and release nothing
    assert p["minutes"] == 5
    assert p["starts"] == "20:00"
    assert p["ends"] == "25:00"
    assert p["ended_by_goal"] is False
    assert goal_at(game, 2, "01:00")["strength"] == "PP"
    assert goal_at(game, 2, "03:00")["strength"] == "PP"


def test_pen_gen_2_coincidental_minors_four_on_four_goal_releases_nothing(penalty_season):
    """PEN-GEN-2: "Penalties to both teams at once -> both play SH; nothing offsets." Example: both get minors
    at 10:00 -> 4+G against 4+G until 12:00. A-13: a goal releases only when the scorer has more players."""
    game = penalty_season.game("pc07")
    # both minors 05:00-07:00; 06:00 goal: 4 skaters v 4 skaters -> EV, neither minor ends early
    assert goal_at(game, 1, "06:00")["strength"] == "EV"
    for who in ("a02", "b02"):
        p = one_penalty(game, player=who)
        assert p["starts"] == "05:00"
        assert p["ends"] == "07:00", who
        assert p["ended_by_goal"] is False, who


def test_pen_minor_2_release_only_with_more_players_a_13(penalty_season):
    """A-13: "PP-goal release when both teams are SH -> only when the scoring team has more players on the
    ice." Away minors 10:00 and 10:30, home minor 10:45: the home goal at 11:00 (4 v 3) releases b02; the
    away goal at 11:15 (4 v 4) releases nothing."""
    game = penalty_season.game("pc08")
    assert goal_at(game, 1, "11:00")["strength"] == "PP"      # home 5-1=4 skaters v away 5-2=3
    assert goal_at(game, 1, "11:15")["strength"] == "EV"      # home 4 v away 5-1=4
    b02 = one_penalty(game, player="b02")
    assert b02["ends"] == "11:00" and b02["ended_by_goal"] is True
    b03 = one_penalty(game, player="b03")
    assert b03["ends"] == "12:30" and b03["ended_by_goal"] is False   # 10:30 + 2:00
    a02 = one_penalty(game, player="a02")
    assert a02["ends"] == "12:45" and a02["ended_by_goal"] is False   # 10:45 + 2:00, not released at 11:15


def test_ice_4_third_short_handed_penalty_waits_a_14(penalty_season):
    """ICE-4 / A-14: "The floor is 4, so a further penalty starts only when one expires." Example: third minor
    at 12:00 while 2 are running -> starts when the first expires."""
    game = penalty_season.game("pc09")
    # b02 10:00-12:00, b03 10:30-12:30 running; b04 assessed 11:00 would leave 3 skaters + G -> waits until
    # b02 expires at 12:00, then 12:00 + 2:00 = 14:00
    assert one_penalty(game, player="b02")["ends"] == "12:00"
    assert one_penalty(game, player="b03")["ends"] == "12:30"
    third = one_penalty(game, player="b04")
    assert third["starts"] == "12:00"
    assert third["ends"] == "14:00"


def test_pen_gen_4_one_players_penalties_run_one_after_another(penalty_season):
    """PEN-GEN-4: "One player's penalties run one after another." Example: minor + misconduct at 10:00 ->
    SH until 12:00; player free at 22:00."""
    game = penalty_season.game("pc10")
    minor = one_penalty(game, player="b02", cls="minor")
    misconduct = one_penalty(game, player="b02", cls="misconduct")
    # minor 10:00-12:00, then the misconduct 12:00 + 10:00 = 22:00
    assert (minor["starts"], minor["ends"]) == ("10:00", "12:00")
    assert misconduct["minutes"] == 10
    assert (misconduct["starts"], misconduct["ends"]) == ("12:00", "22:00")


def test_pen_gen_4_minor_plus_misconduct_short_handed_only_for_the_minor(penalty_season):
    """PEN-GEN-4 / PEN-MISC-1: "SH until 12:00"; a misconduct is "not SH". A goal at 13:00 is EV."""
    game = penalty_season.game("pc10")
    assert goal_at(game, 1, "13:00")["strength"] == "EV"


def test_pen_gen_4_penalty_carries_over_half_time(penalty_season):
    """PEN-GEN-4: "Penalties carry over halftime." A minor at 19:30 of period 1 ends at game time 21:30."""
    p = one_penalty(penalty_season.game("pc11"), player="b02")
    # 19:30 + 2:00 = 21:30 (1:30 into the second half)
    assert p["starts"] == "19:30"
    assert p["ends"] == "21:30"


def test_pen_gen_4_carried_over_minor_still_short_handed_in_second_half(penalty_season):
    """PEN-GEN-4 carry-over + PEN-MINOR-2: a goal at period 2 01:00 (game time 21:00) is a power-play goal
    and ends the minor assessed at 19:30 of period 1."""
    game = penalty_season.game("pc12")
    assert goal_at(game, 2, "01:00")["strength"] == "PP"
    p = one_penalty(game, player="b02")
    assert p["ends"] == "21:00"
    assert p["ended_by_goal"] is True


def test_pen_gen_4_goal_at_expiry_second_is_even_strength(penalty_season):
    """PEN-GEN-4: "Expiry = start + duration." A minor 5:00 -> 7:00 has expired when a goal is scored at 7:00:
    the goal is EV and the minor is not marked ended by the goal."""
    game = penalty_season.game("pc13")
    assert goal_at(game, 1, "07:00")["strength"] == "EV"
    p = one_penalty(game, player="b02")
    assert p["ends"] == "07:00"
    assert p["ended_by_goal"] is False


def test_pen_gen_3_third_penalty_ejects(penalty_season):
    """PEN-GEN-3: "A 3rd penalty in a game, for a player or a goalie -> ejection." Example: minors at 5:00,
    18:00, 31:00 -> ejected at 31:00."""
    game = penalty_season.game("pc14")
    assert any(e.get("rule") == "PEN-GEN-3" for e in ejected(game, "b02")), game.get("ejections")


def test_pen_gen_3_substitute_serves_third_penalty(penalty_season):
    """PEN-GEN-3: "A sub serves the 3rd penalty." Example: ... a sub serves until 33:00.
    Table 2: 3 penalties in 1 game -> 2 minutes."""
    third = one_penalty(penalty_season.game("pc14"), player="b02", infraction="holding")
    # period 2 11:00 = game time 31:00; + 2:00 = 33:00
    assert third["minutes"] == 2
    assert third["starts"] == "31:00"
    assert third["ends"] == "33:00"
    assert third["served_by"] == "b03"


def test_pen_gen_3_two_penalties_do_not_eject(penalty_season):
    """PEN-GEN-3: only the 3rd penalty ejects; two penalties (minor + misconduct, pc10) do not."""
    assert ejected(penalty_season.game("pc10"), "b02") == []


def test_pen_misc_1_misconduct_ten_minutes_not_short_handed(penalty_season):
    """PEN-MISC-1: "Misconduct = 10 minutes, sub allowed, not SH." Example: 12:00 -> back at 22:00."""
    game = penalty_season.game("pc15")
    p = one_penalty(game, player="b02")
    assert p["class"] == "misconduct"
    assert p["minutes"] == 10
    assert (p["starts"], p["ends"]) == ("12:00", "22:00")
    # not short-handed: a goal at 13:00 is EV
    assert goal_at(game, 1, "13:00")["strength"] == "EV"


def test_pen_gm_1_game_misconduct_out_for_the_game_not_short_handed(penalty_season):
    """PEN-GM-1: "GM -> out for the rest of the game, not SH." Contract: `ends` is null when nothing is timed
    (a game misconduct)."""
    game = penalty_season.game("pc16")
    p = one_penalty(game, player="b02")
    assert p["class"] == "game_misconduct"
    assert p["ends"] is None
    assert ejected(game, "b02"), game.get("ejections")
    assert goal_at(game, 1, "16:00")["strength"] == "EV"


def test_pen_bench_1_bench_minor_served_by_chosen_skater(penalty_season):
    """PEN-BENCH-1: "Bench minor ... 2 minutes (A-3). The team picks a dressed skater to serve." Example:
    illegal change at 8:00 -> the chosen skater serves until 10:00."""
    p = one_penalty(penalty_season.game("pc17"), infraction="too_many_players")
    assert p["player"] is None
    assert p["class"] == "bench_minor"
    assert p["minutes"] == 2
    assert p["served_by"] == "b03"
    assert (p["starts"], p["ends"]) == ("08:00", "10:00")


def test_pen_minor_1_goalie_minor_served_by_teammate(penalty_season):
    """PEN-MINOR-1: "A goalie's is served by a teammate." The penalty stays the goalie's."""
    p = one_penalty(penalty_season.game("pc18"), player="b01")
    assert p["served_by"] == "b03"
    assert (p["starts"], p["ends"]) == ("09:00", "11:00")


def test_coed_3_high_slap_shot_two_minute_minor(penalty_season):
    """COED-3: "A slap shot from above the waist = 2-minute minor." Example: 14:00 -> 16:00."""
    p = one_penalty(penalty_season.game("pc20"), player="b02")
    assert p["class"] == "minor"
    assert p["minutes"] == 2
    assert p["ends"] == "16:00"


def test_pen_fight_1_both_teams_short_handed_five_minutes(penalty_season):
    """PEN-FIGHT-1: "Fighting -> 5 minutes + GM, ejection ..." Example: fight at 22:00 -> both teams SH until
    27:00."""
    game = penalty_season.game("pcF")
    for who in ("c02", "d02"):
        fights = [p for p in penalties(game, player=who, infraction="fighting") if p["ends"] is not None]
        assert len(fights) == 1, game["penalties"]
        # period 2 02:00 = 22:00; + 5:00 = 27:00
        assert fights[0]["minutes"] == 5
        assert (fights[0]["starts"], fights[0]["ends"]) == ("22:00", "27:00"), who
    # 24:00: 4 skaters v 4 skaters -> EV; 27:00: both majors expired at that second -> EV
    assert goal_at(game, 2, "04:00")["strength"] == "EV"
    assert goal_at(game, 2, "07:00")["strength"] == "EV"


def test_pen_fight_1_fighters_ejected(penalty_season):
    """PEN-FIGHT-1: fighting -> ejection (§1 l: "the involved persons shall be expelled from the game")."""
    game = penalty_season.game("pcF")
    assert ejected(game, "c02"), game.get("ejections")
    assert ejected(game, "d02"), game.get("ejections")


def test_pen_fight_2_instigator_sub_serves_seven_minutes(penalty_season):
    """PEN-FIGHT-2: "Instigator -> 2 + 5 minutes + GM ... A sub serves 7 minutes." Instigator at 10:00 ->
    short-handed until 17:00: the 13:00 goal is PP and does not shorten it; the 17:00 goal is EV."""
    game = penalty_season.game("pcI")
    timed = [p for p in penalties(game, player="f02") if p["ends"] is not None]
    assert timed, game["penalties"]
    # 10:00 + 2:00 + 5:00 = 17:00
    assert max(p["ends"] for p in timed) == "17:00"
    assert sum(p["minutes"] for p in timed if p["class"] in ("minor", "major")) == 7
    assert goal_at(game, 1, "13:00")["strength"] == "PP"
    assert goal_at(game, 1, "17:00")["strength"] == "EV"


def test_pen_match_1_five_minutes_short_handed_not_released(penalty_season):
    """PEN-MATCH-1: "Match penalty -> ejection, 5 minutes SH served by a sub ..." Example: 20:00 -> SH until
    25:00. Only minors are released by goals (PEN-MINOR-2)."""
    game = penalty_season.game("pcM")
    p = one_penalty(game, player="h02", cls="match")
    assert p["minutes"] == 5
    assert p["served_by"] == "h03"
    assert (p["starts"], p["ends"]) == ("20:00", "25:00")
    assert p["ended_by_goal"] is False
    assert goal_at(game, 2, "01:00")["strength"] == "PP"


def test_pen_match_1_ejects(penalty_season):
    """PEN-MATCH-1: match penalty -> ejection."""
    game = penalty_season.game("pcM")
    assert any(e.get("rule") == "PEN-MATCH-1" for e in ejected(game, "h02")), game.get("ejections")


def test_pen_major_2_second_major_ejects_sub_serves_five(penalty_season):
    """PEN-MAJOR-2: "2nd major in a game -> out for the rest of the game + GM ... A sub serves the 5 minutes
    (A-5)." Example: majors at 8:00 and 30:00 -> ejected."""
    game = penalty_season.game("pcJ")
    majors = sorted(penalties(game, player="j02", cls="major"), key=lambda p: p["starts"])
    assert len(majors) == 2, game["penalties"]
    # first 08:00-13:00; second at period 2 10:00 = 30:00, + 5:00 = 35:00, served by j03
    assert (majors[0]["starts"], majors[0]["ends"]) == ("08:00", "13:00")
    assert (majors[1]["starts"], majors[1]["ends"]) == ("30:00", "35:00")
    assert majors[1]["served_by"] == "j03"
    assert goal_at(game, 2, "12:00")["strength"] == "PP"
    assert any(e.get("rule") == "PEN-MAJOR-2" for e in ejected(game, "j02")), game.get("ejections")


def test_pen_major_1_first_major_no_game_misconduct_a_4(penalty_season):
    """A-4: "The second-major rule and goalie majors assume the player stays in the game -> no GM." A single
    major neither adds a game misconduct nor ejects."""
    game = penalty_season.game("pc06")
    assert penalties(game, player="b02", cls="game_misconduct") == []
    assert ejected(game, "b02") == []


def test_pen_slew_1_major_and_ejection(penalty_season):
    """PEN-SLEW-1: "Slew foot -> major + ejection + report." Example: 18:00 -> SH until 23:00."""
    game = penalty_season.game("pcS")
    p = one_penalty(game, player="l02", cls="major")
    assert (p["starts"], p["ends"]) == ("18:00", "23:00")
    assert goal_at(game, 2, "02:00")["strength"] == "PP"          # 22:00 is inside 18:00-23:00
    assert ejected(game, "l02"), game.get("ejections")


def test_pen_minor_2_goal_ends_the_minor_not_the_earlier_major(penalty_season):
    """PEN-MINOR-2: "An opponent goal ends the SH team's earliest running *minor* ... Majors and misconducts are
    unaffected (A-13)." Major 10:00-15:00 and minor 11:00-13:00; the PP goal at 12:00 ends the minor."""
    game = penalty_season.game("pc25")
    assert goal_at(game, 1, "12:00")["strength"] == "PP"
    major = one_penalty(game, player="b02")
    minor = one_penalty(game, player="b03")
    assert (major["ends"], major["ended_by_goal"]) == ("15:00", False)
    assert (minor["ends"], minor["ended_by_goal"]) == ("12:00", True)


def test_pen_gen_3_goalie_third_penalty_ejects(penalty_season):
    """PEN-GEN-3: "A 3rd penalty in a game, for a player or a goalie -> ejection." (§4 XI a: "any goalie that
    receives three (3) penalties in a game will be ejected.")"""
    game = penalty_season.game("pc26")
    assert any(e.get("rule") == "PEN-GEN-3" for e in ejected(game, "b01")), game.get("ejections")
    # each served by the teammate named: 5:00-7:00 b03, 15:00-17:00 b04, 25:00-27:00 b05
    served = sorted((p["starts"], p["served_by"]) for p in penalties(game, player="b01"))
    assert served == [("05:00", "b03"), ("15:00", "b04"), ("25:00", "b05")]


def test_pen_gen_3_bench_minor_and_penalty_shot_not_counted_a_12(penalty_season):
    """A-12: "What counts toward 3 penalties -> all penalties assessed to that player. Not counted: bench
    minors or penalty shots." b02: 2 minors + serves a bench minor + fouls on a penalty shot -> not ejected."""
    game = penalty_season.game("pc27")
    assert ejected(game, "b02") == []


def test_pen_shot_1_missed_penalty_shot_no_goal(penalty_season):
    """PEN-SHOT-1: "Miss -> 0 goals, 0 PIM." pc27's only shot on goal is a missed penalty shot -> 0-0, no goal
    entries, and the penalty list holds only the three real penalties."""
    game = penalty_season.game("pc27")
    assert game["score"] == {"home": 0, "away": 0}
    assert game["goals"] == []
    assert len(game["penalties"]) == 3


def test_ice_3_overtime_power_play_goal_ends_minor(penalty_season):
    """ICE-3: overtime is "4 skaters + goalie (cfg, A-16), less any penalised players". 1-1 after 40:00; away
    minor at OT 1:00 (game time 41:00) -> home 4 v 3 -> the 42:00 goal is PP and ends the minor.
    Contract: "overtime continues past 40:00"."""
    game = penalty_season.game("pc28")
    assert goal_at(game, 3, "02:00")["strength"] == "PP"
    p = one_penalty(game, player="b03")
    assert (p["starts"], p["ends"], p["ended_by_goal"]) == ("41:00", "42:00", True)
    assert (game["decision"], game["winner"], game["points"]) == ("overtime", "home", {"home": 2, "away": 0})


def test_pen_gen_4_penalty_carries_into_overtime(penalty_season):
    """PEN-GEN-4: "Penalties carry over halftime and into OT." A minor at 39:00 runs to 41:00; the OT goal at
    40:30 is a power-play goal and ends it."""
    game = penalty_season.game("pc29")
    assert goal_at(game, 3, "00:30")["strength"] == "PP"
    p = one_penalty(game, player="b03")
    assert (p["starts"], p["ends"], p["ended_by_goal"]) == ("39:00", "40:30", True)


def test_pen_misc_2_misconduct_in_final_ten_minutes_flagged(penalty_season):
    """PEN-MISC-2: "A misconduct in the final 10 minutes of play, or after the game -> report to league (A-20)."
    Example: at 33:00 -> flagged (warn)."""
    game = penalty_season.game("pc30")
    flags = [v for v in game["violations"] if v.get("rule") == "PEN-MISC-2"]
    assert flags and all(v["severity"] == "warn" for v in flags), game["violations"]


def test_pen_misc_2_misconduct_earlier_not_flagged(penalty_season):
    """PEN-MISC-2: a misconduct at 12:00 (pc15) is not in the final 10 minutes -> no flag."""
    game = penalty_season.game("pc15")
    assert [v for v in game["violations"] if v.get("rule") == "PEN-MISC-2"] == []


def test_pen_misc_2_final_ten_minutes_counted_from_the_overtime_end_a_20(penalty_season):
    """PEN-MISC-2 / A-20: "'Within ten minutes of the game's conclusion' -> the final 10 minutes of actual play,
    OT included." pc32 ends on an OT goal at 42:00, so the window is 42:00 - 10:00 = 32:00 to 42:00; a
    misconduct at 31:00 is 11 minutes before the conclusion -> not flagged."""
    game = penalty_season.game("pc32")
    assert game["decision"] == "overtime"
    assert [v for v in game["violations"] if v.get("rule") == "PEN-MISC-2"] == []


def test_pen_misc_2_final_ten_minutes_of_a_mercy_game_a_20(penalty_season):
    """PEN-MISC-2 / A-20: pc33 ends on the mercy rule at 27:30 (15-0), so the final 10 minutes of actual play
    are 17:30-27:30 and the misconduct at 18:00 is flagged."""
    game = penalty_season.game("pc33")
    assert game["decision"] == "mercy"
    assert [v["severity"] for v in game["violations"] if v.get("rule") == "PEN-MISC-2"] == ["warn"]


def test_ice_4_fourth_penalty_waits_for_the_next_expiry_a_14(penalty_season):
    """ICE-4 / A-14: b02 10:00-12:00, b03 10:30-12:30, b04 delayed to 12:00-14:00; b05's minor at 12:10 would
    leave 3 skaters + G again -> it starts when b03 expires at 12:30 and ends 14:30."""
    game = penalty_season.game("pc34")
    assert (one_penalty(game, player="b04")["starts"], one_penalty(game, player="b04")["ends"]) == ("12:00", "14:00")
    b05 = one_penalty(game, player="b05")
    assert (b05["starts"], b05["ends"]) == ("12:30", "14:30")


def test_pen_gen_4_pp_goal_ends_first_of_consecutive_minors(penalty_season):
    """PEN-GEN-4 ("one player's penalties run one after another") with PEN-MINOR-2 ("ends the SH team's
    earliest running minor"): b02's two minors at 10:00 run 10:00-12:00 then 12:00-14:00; the PP goal at
    11:00 ends the first, so the second runs 11:00-13:00."""
    game = penalty_season.game("pc35")
    assert goal_at(game, 1, "11:00")["strength"] == "PP"
    spans = sorted((p["starts"], p["ends"], p["ended_by_goal"]) for p in penalties(game, player="b02"))
    assert spans == [("10:00", "11:00", True), ("11:00", "13:00", False)]
