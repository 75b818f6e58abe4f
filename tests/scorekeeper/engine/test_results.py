"""Results, decisions and points (Part 1 of the catalogue)."""

from tests.scorekeeper.gamebuilder import ev, goal, play, rules


def test_pts_1_regulation_win_two_points():
    st = play([goal("home", 1, "01:00", "h2"), goal("home", 1, "02:00", "h2"), goal("home", 2, "01:00", "h3"),
               goal("home", 2, "02:00", "h4"), goal("away", 1, "03:00", "a2"), goal("away", 2, "04:00", "a2")])
    assert st.score == {"home": 4, "away": 2} and st.by_period == {"home": [2, 2], "away": [1, 1]}
    assert st.decision == "regulation" and st.winner == "home" and st.points == {"home": 2, "away": 0}


def test_pts_2_overtime_winner_two_loser_nothing():
    st = play([goal("home", 1, "01:00", "h2"), goal("away", 2, "01:00", "a2"), goal("away", 3, "02:15", "a3")])
    assert st.decision == "overtime" and st.winner == "away" and st.points == {"home": 0, "away": 2}
    assert st.by_period["away"] == [0, 1, 1]


def test_pts_2_tied_after_overtime_one_point_each():
    st = play([goal("home", 1, "01:00", "h2"), goal("away", 2, "01:00", "a2")])
    assert st.winner is None and st.points == {"home": 1, "away": 1}
    assert st.by_period["home"] == [1, 0, 0]


def test_game_2_overtime_in_untied_game_refused():
    st = play([goal("home", 1, "01:00", "h2"), goal("away", 3, "01:00", "a2")])
    assert "GAME-2" in rules(st, "block") and st.score == {"home": 1, "away": 0}


def test_game_2_sudden_death_no_goal_after_the_winner():
    st = play([goal("home", 3, "01:00", "h2"), goal("away", 3, "02:00", "a2")])
    assert "GAME-2" in rules(st, "block") and st.score == {"home": 1, "away": 0}


def test_game_2_regular_season_has_one_overtime():
    st = play([goal("home", 4, "01:00", "h2")])
    assert "DATA-3" in rules(st, "block")


def test_game_2_playoff_overtime_repeats_until_a_goal():
    st = play([goal("home", 5, "01:00", "h2")], stage="playoff")
    assert st.decision == "overtime" and st.winner == "home" and st.by_period["home"] == [0, 0, 0, 0, 1]


def test_game_3_second_timeout_refused():
    st = play([ev("timeout", "home", 1, "05:00"), ev("timeout", "home", 2, "05:00")])
    assert "GAME-3" in rules(st, "block") and st.timeouts["home"] == 1


def test_game_3_unused_timeout_carries_into_overtime():
    st = play([ev("timeout", "home", 3, "01:00")])
    assert rules(st, "block") == [] and st.timeouts["home"] == 1


def test_mercy_1_fifteen_goal_spread_in_second_half_ends_game():
    events = [goal("home", 1, f"{i:02d}:00", "h2") for i in range(1, 15)]
    events += [goal("home", 2, "07:30", "h3"), goal("home", 2, "08:00", "h4")]
    st = play(events)
    assert st.decision == "mercy" and st.score == {"home": 15, "away": 0} and st.points == {"home": 2, "away": 0}
    assert "MERCY-1" in rules(st, "block") and st.end_t == 27 * 60 + 30


def test_mercy_1_first_half_spread_checked_only_at_half_time():
    events = [goal("home", 1, f"{i:02d}:00", "h2") for i in range(1, 17)] + [goal("away", 1, "17:00", "a2")]
    events += [goal("away", 1, "18:00", "a2")]
    st = play(events)  # 16-2 at half time: a spread of 14, play on
    assert st.decision == "regulation"
    events = [goal("home", 1, f"{i:02d}:00", "h2") for i in range(1, 16)] + [goal("away", 2, "01:00", "a2")]
    st = play(events)  # 15-0 at half time: game over at 20:00, the later goal refused
    assert st.decision == "mercy" and st.end_t == 20 * 60 and "MERCY-1" in rules(st, "block")


def test_forf_1_goal_for_every_full_three_minutes_late():
    st = play([ev("late", "away", minutes=7.5)])
    assert st.score == {"home": 2, "away": 0} and all(g.awarded and g.scorer is None for g in st.goals)
    st = play([ev("late", "away", minutes=2)])
    assert st.score == {"home": 0, "away": 0}


def test_forf_2_ten_minutes_late_is_a_three_nil_forfeit():
    st = play([ev("late", "home", minutes=10)])
    assert st.decision == "forfeit" and st.winner == "away" and st.score == {"home": 0, "away": 3}
    assert st.points == {"home": 0, "away": 2}


def test_forf_2_forfeit_event_overrides_the_score():
    st = play([goal("home", 1, "01:00", "h2"), ev("forfeit", "home", reason="ineligible")])
    assert st.decision == "forfeit" and st.score == {"home": 0, "away": 3} and st.winner == "away"


def test_forf_4_both_teams_short_both_lose():
    st = play([ev("forfeit", "both", reason="short_players")])
    assert st.decision == "double_forfeit" and st.winner is None and st.points == {"home": 0, "away": 0}
    assert st.score == {"home": 0, "away": 0}


def test_forf_4_both_teams_ten_minutes_late_double_loss():
    st = play([ev("late", "home", minutes=12), ev("late", "away", minutes=10)])
    assert st.decision == "double_forfeit"


def test_pts_3_called_game_points_by_hand():
    st = play([goal("home", 1, "01:00", "h2"), ev("called", points={"home": 1, "away": 1}, reason="lights")])
    assert st.decision == "called" and st.winner is None and st.points == {"home": 1, "away": 1}
    assert "PTS-3" in rules(st, "warn")


def test_score_3_penalty_shot_goal_to_shooter_without_assists():
    st = play([ev("penalty_shot", "home", 2, "04:00", shooter="h4", scored=True, fouled_by="a4",
                  infraction="throwing_stick")])
    g = st.goals[0]
    assert g.scorer == "h4" and g.assists == [] and g.penalty_shot and g.strength is None
    assert st.pim("away") == 0


def test_score_3_missed_penalty_shot_no_goal_no_pim():
    st = play([ev("penalty_shot", "home", 2, "04:00", shooter="h4", scored=False)])
    assert st.score == {"home": 0, "away": 0} and st.penalties == []


def test_pen_award_1_awarded_goal_to_no_player():
    st = play([ev("goalie", "away", 2, "18:00", action="pull"), ev("awarded_goal", "home", 2, "18:30")])
    g = st.goals[0]
    assert g.scorer is None and g.awarded and g.strength is None and st.score["home"] == 1


def test_empty_net_from_goalie_events():
    st = play([ev("goalie", "away", 2, "18:50", action="pull"), goal("home", 2, "19:20", "h4"),
               ev("goalie", "away", 2, "19:25", action="in", player="a1"), goal("home", 2, "19:40", "h4")])
    assert [g.empty_net for g in st.goals] == [True, False]


def test_scheduled_game_has_no_result():
    st = play([], status="scheduled")
    assert st.decision is None and st.points is None and st.winner is None


def test_pts_3_called_game_adds_no_overtime_period():
    st = play([ev("called", points={"home": 1, "away": 1}, reason="power cut")])
    assert st.by_period == {"home": [0, 0], "away": [0, 0]} and st.decision == "called"


def test_forf_4_both_teams_short_both_lose_without_a_forfeit_entry():
    """FORF-4 example: "Each has 3 players -> L/L, 0/0" (section 1 j: computed from the line-ups)."""
    from tests.scorekeeper.gamebuilder import lineup

    st = play([goal("home", 1, "01:00", "h2")], home=lineup("h", 3), away=lineup("a", 3))
    assert st.decision == "double_forfeit" and st.winner is None and st.points == {"home": 0, "away": 0}
    assert st.score == {"home": 0, "away": 0}
    assert "FORF-4" in rules(st, "warn")


def test_forf_4_one_team_short_is_the_lateness_process_not_a_double_loss():
    from tests.scorekeeper.gamebuilder import lineup

    st = play([goal("home", 1, "01:00", "h2")], away=lineup("a", 3))
    assert st.decision == "regulation" and st.winner == "home"
    live = play([], home=lineup("h", 3), away=lineup("a", 3), status="scheduled")  # not final: nothing decided
    assert live.decision is None
