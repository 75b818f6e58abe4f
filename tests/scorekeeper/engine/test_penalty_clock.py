"""The penalty clock, named after the rules it proves (Part 4 of the catalogue)."""

from tests.scorekeeper.gamebuilder import goal, pen, penalty, play, rules


def test_pen_minor_1_minor_is_two_minutes():
    st = play([pen("away", 1, "14:30", "a3", "hooking")])
    assert penalty(st)["starts"] == "14:30" and penalty(st)["ends"] == "16:30"
    assert penalty(st)["minutes"] == 2 and st.pim("away") == 2


def test_pen_contact_1_body_contact_is_three_minutes():
    st = play([pen("home", 1, "06:00", "h3", "body_contact")])
    assert penalty(st)["ends"] == "09:00" and penalty(st)["minutes"] == 3


def test_pen_minor_2_pp_goal_ends_the_minor():
    st = play([pen("away", 1, "08:00", "a3"), goal("home", 1, "09:05", "h2")])
    assert st.goals[0].strength == "PP"
    assert penalty(st)["ends"] == "09:05" and penalty(st)["ended_by_goal"] is True


def test_pen_minor_2_only_the_earliest_minor_ends():
    st = play([pen("away", 1, "10:00", "a3"), pen("away", 1, "11:00", "a4"), goal("home", 1, "11:30", "h2")])
    assert penalty(st, 0)["ends"] == "11:30" and penalty(st, 0)["ended_by_goal"]
    assert penalty(st, 1)["ends"] == "13:00" and not penalty(st, 1)["ended_by_goal"]


def test_pen_minor_2_one_minor_per_goal():
    st = play([pen("away", 1, "10:00", "a3"), pen("away", 1, "10:30", "a4"), goal("home", 1, "11:00", "h2"),
               goal("home", 1, "11:10", "h3")])
    assert [p["ends"] for p in map(lambda i: penalty(st, i), range(2))] == ["11:00", "11:10"]
    assert [g.strength for g in st.goals] == ["PP", "PP"]


def test_pen_minor_2_short_handed_goal_releases_nothing():
    st = play([pen("away", 1, "10:00", "a3"), goal("away", 1, "11:00", "a2")])
    assert st.goals[0].strength == "SH"
    assert penalty(st)["ends"] == "12:00" and not penalty(st)["ended_by_goal"]


def test_pen_major_1_major_not_released_by_goal():
    st = play([pen("away", 2, "00:00", "a3", "slashing", **{"class": "major"}), goal("home", 2, "01:00", "h2")])
    assert st.goals[0].strength == "PP"
    assert penalty(st)["starts"] == "20:00" and penalty(st)["ends"] == "25:00"
    assert not penalty(st)["ended_by_goal"]


def test_pen_gen_2_coincidental_minors_both_short_goal_is_even():
    st = play([pen("home", 1, "10:00", "h3"), pen("away", 1, "10:00", "a3"), goal("home", 1, "11:00", "h2")])
    assert st.goals[0].strength == "EV"
    assert penalty(st, 0)["ends"] == "12:00" and penalty(st, 1)["ends"] == "12:00"
    assert not any(p.ended_by_goal for p in st.penalties)


def test_pen_gen_2_a_13_release_needs_more_players():
    # home 2 in the box, away 1: away (5 players) scores against home (4): home's earliest minor ends.
    st = play([pen("home", 1, "10:00", "h3"), pen("home", 1, "10:10", "h4"), pen("away", 1, "10:20", "a3"),
               goal("away", 1, "11:00", "a2")])
    assert st.goals[0].strength == "PP"
    assert penalty(st, 0)["ends"] == "11:00" and penalty(st, 0)["ended_by_goal"]
    # and the 4-on-... home scores while both short by one: equal, nothing ends
    st = play([pen("home", 1, "10:00", "h3"), pen("away", 1, "10:20", "a3"), goal("home", 1, "11:00", "h2")])
    assert st.goals[0].strength == "EV" and not any(p.ended_by_goal for p in st.penalties)


def test_ice_4_third_penalty_waits_for_the_first_to_expire():
    st = play([pen("away", 1, "10:00", "a3"), pen("away", 1, "11:00", "a4"), pen("away", 1, "12:00", "a5")])
    third = penalty(st, 2)
    assert third["starts"] == "12:00" or third["starts"] == "12:00"  # first expires exactly at 12:00
    st = play([pen("away", 1, "10:00", "a3"), pen("away", 1, "11:00", "a4"), pen("away", 1, "11:30", "a5")])
    third = penalty(st, 2)
    assert third["starts"] == "12:00" and third["ends"] == "14:00"
    assert st.goals == []


def test_ice_4_delayed_penalty_starts_when_a_goal_ends_a_minor():
    st = play([pen("away", 1, "10:00", "a3"), pen("away", 1, "10:30", "a4"), pen("away", 1, "11:00", "a5"),
               goal("home", 1, "11:20", "h2")])
    assert st.goals[0].strength == "PP"
    assert penalty(st, 0)["ends"] == "11:20"
    assert penalty(st, 2)["starts"] == "11:20" and penalty(st, 2)["ends"] == "13:20"


def test_ice_4_never_below_four_on_the_ice():
    st = play([pen("away", 1, "10:00", "a3"), pen("away", 1, "10:00", "a4"), pen("away", 1, "10:00", "a5"),
               goal("home", 1, "10:30", "h2")])
    # 6 against 4: a power play
    assert st.goals[0].strength == "PP"


def test_pen_gen_4_minor_and_misconduct_run_one_after_another():
    st = play([pen("home", 1, "10:00", "h3", "hooking"), pen("home", 1, "10:00", "h3", "misconduct")])
    assert penalty(st, 0)["ends"] == "12:00"
    assert penalty(st, 1)["starts"] == "12:00" and penalty(st, 1)["ends"] == "22:00"


def test_pen_misc_1_misconduct_is_not_short_handed():
    st = play([pen("away", 1, "12:00", "a3", "abuse_of_officials"), goal("home", 1, "13:00", "h2")])
    assert st.goals[0].strength == "EV"
    assert penalty(st)["ends"] == "22:00" and st.pim("away") == 10


def test_pen_gen_4_penalties_carry_over_half_time():
    st = play([pen("away", 1, "19:30", "a3"), goal("home", 2, "01:00", "h2")])
    assert st.goals[0].strength == "PP"
    assert penalty(st)["ends"] == "21:00"
    st = play([pen("away", 1, "19:30", "a3")])
    assert penalty(st)["ends"] == "21:30"


def test_pen_gen_4_goal_at_the_second_the_penalty_expires_is_even():
    st = play([pen("away", 1, "10:00", "a3"), goal("home", 1, "12:00", "h2")])
    assert st.goals[0].strength == "EV"
    assert penalty(st)["ends"] == "12:00" and not penalty(st)["ended_by_goal"]


def test_pen_gen_4_goal_one_second_before_expiry_is_power_play():
    st = play([pen("away", 1, "10:00", "a3"), goal("home", 1, "11:59", "h2")])
    assert st.goals[0].strength == "PP" and penalty(st)["ends"] == "11:59"


def test_pen_gen_4_penalties_lapse_at_full_time():
    st = play([goal("home", 1, "01:00", "h2"), pen("away", 2, "19:00", "a3")])
    assert penalty(st)["ends"] == "40:00"


def test_pen_gen_4_penalty_carries_into_overtime():
    st = play([pen("away", 2, "19:00", "a3"), goal("home", 3, "00:30", "h2")])
    assert st.decision == "overtime" and st.goals[0].strength == "PP"
    assert penalty(st)["ends"] == "40:30" and penalty(st)["ended_by_goal"]


def test_pen_gen_1_post_game_penalty_carries_no_time():
    st = play([goal("home", 1, "01:00", "h2"), pen("away", 2, "20:00", "a3", "abuse_of_officials")])
    assert penalty(st)["ends"] is None and penalty(st)["minutes"] == 10 and st.pim("away") == 10


def test_pen_gen_3_third_penalty_ejects_and_a_sub_serves():
    st = play([pen("home", 1, "05:00", "h3"), pen("home", 1, "18:00", "h3"), pen("home", 2, "11:00", "h3")])
    assert [e.to_json() for e in st.ejections] == [{"player": "h3", "rule": "PEN-GEN-3"}]
    assert st.ejections[0].t == 31 * 60
    third = penalty(st, 2)
    assert third["starts"] == "31:00" and third["ends"] == "33:00" and third["served_by"] is None


def test_pen_gen_3_goalie_third_penalty_ejects():
    st = play([pen("home", 1, "05:00", "h1", "goalie_beyond_centre", served_by="h2"),
               pen("home", 1, "08:00", "h1", "goalie_drop_kick", served_by="h3"),
               pen("home", 1, "12:00", "h1", "goalie_holding_puck", served_by="h4")])
    assert [e.rule for e in st.ejections] == ["PEN-GEN-3"] and st.pim("home") == 6


def test_pen_gen_3_bench_minors_do_not_count():
    st = play([pen("home", 1, "05:00", None, "delay_of_game", served_by="h3"), pen("home", 1, "08:00", "h3"),
               pen("home", 1, "12:00", "h3")])
    assert st.ejections == []


def test_pen_bench_1_chosen_skater_serves_two_minutes():
    st = play([pen("home", 1, "08:00", None, "illegal_change", served_by="h4")])
    p = penalty(st)
    assert p["class"] == "bench_minor" and p["served_by"] == "h4" and p["ends"] == "10:00"
    assert st.pim("home") == 2


def test_pen_bench_1_goalie_cannot_serve_a_bench_minor():
    st = play([pen("home", 1, "08:00", None, "illegal_change", served_by="h1")])
    assert "PEN-BENCH-1" in rules(st, "block") and st.penalties == []


def test_pen_goalie_1_goalie_minor_served_by_teammate():
    st = play([pen("home", 1, "09:00", "h1", "goalie_drop_kick", served_by="h5")])
    p = penalty(st)
    assert p["player"] == "h1" and p["served_by"] == "h5" and p["ends"] == "11:00"


def test_pen_goalie_1_goalie_named_as_server_refused():
    st = play([pen("home", 1, "09:00", "h1", "goalie_drop_kick", served_by="h1")])
    assert "PEN-GOALIE-1" in rules(st, "block")


def test_pen_major_2_second_major_ejects():
    st = play([pen("away", 1, "08:00", "a3", "slashing", **{"class": "major"}),
               pen("away", 2, "10:00", "a3", "cross_checking", **{"class": "major"})])
    assert [e.to_json() for e in st.ejections] == [{"player": "a3", "rule": "PEN-MAJOR-2"}]
    assert penalty(st, 1)["ends"] == "35:00"
    assert st.pim("away") == 5 + 5 + 10  # the added game misconduct counts 10


def test_pen_fight_1_both_teams_short_five_minutes():
    st = play([pen("home", 2, "02:00", "h3", "fighting"), pen("away", 2, "02:00", "a3", "fighting"),
               goal("home", 2, "03:00", "h2")])
    assert penalty(st, 0)["ends"] == "27:00" and penalty(st, 1)["ends"] == "27:00"
    assert st.goals[0].strength == "EV"
    assert sorted(e.rule for e in st.ejections) == ["PEN-FIGHT-1", "PEN-FIGHT-1"]


def test_pen_fight_2_instigator_sub_serves_seven_minutes():
    st = play([pen("home", 2, "02:00", "h3", "instigator")])
    p = penalty(st)
    assert p["minutes"] == 7 and p["ends"] == "29:00" and p["served_by"] is None
    assert st.ejections[0].rule == "PEN-FIGHT-2"


def test_pen_match_1_five_minutes_short_handed_by_a_sub():
    st = play([pen("away", 2, "00:00", "a3", "attempt_to_injure"), goal("home", 2, "01:00", "h2")])
    assert penalty(st)["ends"] == "25:00" and st.goals[0].strength == "PP"
    assert st.ejections[0].rule == "PEN-MATCH-1"


def test_pen_gm_1_game_misconduct_not_short_handed_untimed():
    st = play([pen("away", 1, "15:00", "a3", "game_misconduct"), goal("home", 1, "16:00", "h2")])
    assert st.goals[0].strength == "EV" and penalty(st)["ends"] is None
    assert st.ejections[0].rule == "PEN-GM-1" and st.pim("away") == 10


def test_pen_slew_1_major_and_ejection():
    st = play([pen("away", 1, "18:00", "a3", "slew_foot")])
    assert penalty(st)["ends"] == "23:00" and st.ejections[0].rule == "PEN-SLEW-1"


def test_pen_misc_3_second_misconduct_ejects():
    st = play([pen("away", 1, "05:00", "a3", "misconduct"), pen("away", 2, "05:00", "a3", "abuse_of_officials")])
    assert st.ejections[0].rule == "PEN-MISC-3"


def test_pen_trip_1_injury_trip_is_a_major():
    st = play([pen("away", 1, "05:00", "a3", "tripping", **{"class": "major"})])
    assert penalty(st)["minutes"] == 5 and penalty(st)["ends"] == "10:00"


def test_elig_3_ejected_player_cannot_score():
    st = play([pen("home", 1, "05:00", "h3", "fighting"), goal("home", 2, "05:00", "h3")])
    assert "ELIG-3" in rules(st, "block") and st.score["home"] == 0


def test_score_2_player_in_box_scoring_warns():
    st = play([pen("home", 1, "05:00", "h3"), goal("home", 1, "06:00", "h3")])
    assert "SCORE-2" in rules(st, "warn")


def test_score_2_at_most_two_assists_and_distinct():
    assert "SCORE-2" in rules(play([goal("home", 1, "05:00", "h2", "h3", "h4", "h5")]), "block")
    assert "SCORE-2" in rules(play([goal("home", 1, "05:00", "h2", "h2")]), "block")


def test_data_4_scorer_must_be_dressed_for_the_team():
    st = play([goal("home", 1, "05:00", "a2")])
    assert "DATA-4" in rules(st, "block") and st.score["home"] == 0


def test_data_3_elapsed_outside_the_period():
    assert "DATA-3" in rules(play([goal("home", 1, "20:01", "h2")]), "block")
    assert "DATA-3" in rules(play([goal("home", 2, "25:00", "h2")]), "block")


def test_coed_3_high_slap_shot_only_in_coed():
    assert "COED-3" in rules(play([pen("home", 1, "14:00", "h3", "high_slap_shot")]), "block")
    st = play([pen("home", 1, "14:00", "h3", "high_slap_shot")], coed=True)
    assert penalty(st)["ends"] == "16:00"


def test_pen_gen_4_major_and_minor_together_major_served_first():
    st = play([pen("away", 1, "10:00", "a3", "hooking"), pen("away", 1, "10:00", "a3", "slashing",
                                                               **{"class": "major"}),
               goal("home", 1, "11:00", "h2")])
    minor, major = penalty(st, 0), penalty(st, 1)
    assert major["starts"] == "10:00" and major["ends"] == "15:00"
    assert minor["starts"] == "15:00" and minor["ends"] == "17:00"  # the 11:00 goal cannot end a major
    assert st.goals[0].strength == "PP"


def test_pen_gen_2_minor_and_major_to_different_players_goal_ends_only_the_minor():
    st = play([pen("away", 1, "10:00", "a3", "slashing", **{"class": "major"}), pen("away", 1, "10:30", "a4"),
               goal("home", 1, "11:00", "h2")])
    assert penalty(st, 0)["ends"] == "15:00" and penalty(st, 1)["ends"] == "11:00"


def test_pen_gen_2_coincidental_majors_both_short_five_minutes():
    st = play([pen("home", 1, "10:00", "h3", "slashing", **{"class": "major"}),
               pen("away", 1, "10:00", "a3", "cross_checking", **{"class": "major"}),
               goal("away", 1, "12:00", "a2")])
    assert st.goals[0].strength == "EV"
    assert penalty(st, 0)["ends"] == "15:00" and penalty(st, 1)["ends"] == "15:00"


def test_pen_minor_2_stacked_minors_one_player_goal_ends_the_running_one():
    st = play([pen("away", 1, "10:00", "a3", "hooking"), pen("away", 1, "10:00", "a3", "holding"),
               goal("home", 1, "11:00", "h2")])
    first, second = penalty(st, 0), penalty(st, 1)
    assert first["ends"] == "11:00" and first["ended_by_goal"]
    assert second["starts"] == "11:00" and second["ends"] == "13:00"


def test_pen_misc_2_misconduct_in_the_final_ten_minutes_is_reported():
    st = play([goal("home", 1, "01:00", "h2"), pen("away", 2, "13:00", "a3", "misconduct")])
    assert "PEN-MISC-2" in rules(st, "warn")
    assert "PEN-MISC-2" not in rules(play([pen("away", 2, "09:59", "a3", "misconduct")]))
    assert "PEN-MISC-2" in rules(play([goal("home", 1, "01:00", "h2"), pen("away", 2, "20:00", "a3", "misconduct")]))


def test_pen_misc_2_a_20_window_counts_overtime():
    # 0-0 after regulation: overtime is played to 45:00, so 33:00 is not in the final ten minutes of play
    assert "PEN-MISC-2" not in rules(play([pen("away", 2, "13:00", "a3", "misconduct")]))
    assert "PEN-MISC-2" in rules(play([pen("away", 2, "16:00", "a3", "misconduct")]))


def test_pen_gen_4_a_minor_to_a_player_serving_a_misconduct_makes_the_team_short_at_once():
    """The misconduct (5:00-15:00) leaves the team at full strength; the minor at 8:00 puts it short at once
    (a teammate serves it): 8:00-10:00, and a goal against at 9:00 is a power-play goal that ends it."""
    from tests.scorekeeper.gamebuilder import goal, pen, penalty, play

    st = play([pen("home", 1, "05:00", "h3", infraction="misconduct"),
               pen("home", 1, "08:00", "h3"), goal("away", 1, "09:00", "a2")])
    assert st.goals[0].strength == "PP"
    misconduct, minor = penalty(st, 0), penalty(st, 1)
    assert (misconduct["starts"], misconduct["ends"]) == ("05:00", "15:00")
    assert (minor["starts"], minor["ends"], minor["ended_by_goal"]) == ("08:00", "09:00", True)


def test_pen_gen_4_a_misconduct_after_a_minor_still_waits_for_it():
    from tests.scorekeeper.gamebuilder import pen, penalty, play

    st = play([pen("home", 1, "05:00", "h3"), pen("home", 1, "06:00", "h3", infraction="misconduct")])
    assert (penalty(st, 0)["starts"], penalty(st, 0)["ends"]) == ("05:00", "07:00")
    assert (penalty(st, 1)["starts"], penalty(st, 1)["ends"]) == ("07:00", "17:00")


def test_pen_gen_3_the_ejected_player_named_as_his_own_server_is_replaced_by_a_substitute():
    from tests.scorekeeper.gamebuilder import pen, penalty, play, rules

    st = play([pen("home", 1, "01:00", "h3"), pen("home", 1, "05:00", "h3"),
               pen("home", 1, "09:00", "h3", served_by="h3")])
    third = penalty(st, 2)
    assert third["served_by"] != "h3" and third["starts"] == "09:00" and third["ends"] == "11:00"
    assert "PEN-GEN-3" in rules(st, "warn") and [e.player for e in st.ejections] == ["h3"]
