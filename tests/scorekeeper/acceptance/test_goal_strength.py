"""Goal strength (EV/PP/SH) and empty-net goals, computed from the event log.

Contract: "`strength` is EV, PP or SH from the skaters each team had on the ice by the penalties running at
that moment; null for penalty-shot and awarded goals." `empty_net` is "computed from `goalie` events when
absent". Scenarios are games of the shared penalty season (conftest.build_penalty_season).
"""

from __future__ import annotations

from .conftest import goal_at, one_penalty


def test_ice_4_power_play_goal_against_short_handed_team(penalty_season):
    """ICE-4: "Allowed = maximum minus players serving SH penalties." Away minor 10:00-12:00: the home goal at
    11:30 is scored 5 skaters v 4 -> PP."""
    goal = goal_at(penalty_season.game("pc04"), 1, "11:30")
    assert goal["strength"] == "PP"
    assert goal["team"] == "home"
    assert goal["scorer"] == "a02"


def test_ice_4_short_handed_goal_by_penalised_team(penalty_season):
    """ICE-4: the home team, a player in the box (2:00-4:00), scores at 3:00 -> SH. A short-handed team's own
    goal does not end its own minor (PEN-MINOR-2 speaks of an *opponent* goal)."""
    game = penalty_season.game("pc19")
    assert goal_at(game, 1, "03:00")["strength"] == "SH"
    p = one_penalty(game, player="a02")
    assert p["ends"] == "04:00"
    assert p["ended_by_goal"] is False


def test_pen_gen_2_four_on_four_goal_is_even_strength(penalty_season):
    """PEN-GEN-2: coincidental minors -> 4+G against 4+G; a goal then is EV."""
    assert goal_at(penalty_season.game("pc07"), 1, "06:00")["strength"] == "EV"


def test_pen_misc_1_goal_during_misconduct_is_even_strength(penalty_season):
    """PEN-MISC-1: "Misconduct ... not SH": a goal against a team with a player serving a misconduct is EV."""
    assert goal_at(penalty_season.game("pc15"), 1, "13:00")["strength"] == "EV"


def test_empty_net_goal_computed_from_goalie_pull(penalty_season):
    """Contract, goal `empty_net`: "computed from `goalie` events when absent". Away pulls its goalie at
    38:50 and the home goal at 39:20 goes into the empty net; no penalty is running, so it is EV."""
    goal = goal_at(penalty_season.game("pc21"), 2, "19:20")
    assert goal["empty_net"] is True
    assert goal["strength"] == "EV"


def test_empty_net_false_after_goalie_returns(penalty_season):
    """Contract `goalie` event: "goalie pulled, or a goalie (the same or another) enters". Pulled at 38:00,
    back in at 38:30: the goal at 39:00 is not an empty-net goal."""
    goal = goal_at(penalty_season.game("pc22"), 2, "19:00")
    assert goal["empty_net"] is False


def test_empty_net_false_when_scoring_team_pulled_its_own_goalie(penalty_season):
    """Empty net means the conceding team's net: the home team pulls its own goalie at 38:00 and scores at
    39:00 into a guarded net -> empty_net false, and (no penalties) EV."""
    goal = goal_at(penalty_season.game("pc23"), 2, "19:00")
    assert goal["empty_net"] is False
    assert goal["strength"] == "EV"


def test_empty_net_false_without_goalie_events(penalty_season):
    """With no `goalie` events at all, no goal is an empty-net goal (pc04)."""
    assert all(g["empty_net"] is False for g in penalty_season.game("pc04")["goals"])


def test_score_3_penalty_shot_goal_strength_null(penalty_season):
    """SCORE-3 / contract: a scored penalty shot is "a goal credited to the shooter, no assists"; its strength
    is null even while the opponent has a minor running (4:30-6:30)."""
    goal = goal_at(penalty_season.game("pc24"), 1, "05:00")
    assert goal["penalty_shot"] is True
    assert goal["awarded"] is False
    assert goal["scorer"] == "a02"
    assert goal["assists"] == []
    assert goal["strength"] is None


def test_pen_award_1_awarded_goal_strength_null_no_scorer(penalty_season):
    """PEN-AWARD-1 / SCORE-3: "Awarded goals go to no player"; contract: strength null for awarded goals."""
    game = penalty_season.game("pc24")
    goal = goal_at(game, 2, "05:00")
    assert goal["awarded"] is True
    assert goal["penalty_shot"] is False
    assert goal["team"] == "home"
    assert goal.get("scorer") is None
    assert not goal.get("assists")
    assert goal["strength"] is None
    # penalty shot + awarded goal = 2-0
    assert game["score"] == {"home": 2, "away": 0}


def test_empty_net_given_in_file_is_kept(penalty_season):
    """Contract: `empty_net` "(optional bool; computed from `goalie` events when absent)": a value given in the
    file stands, even without goalie events."""
    assert goal_at(penalty_season.game("pc31"), 1, "05:00")["empty_net"] is True
