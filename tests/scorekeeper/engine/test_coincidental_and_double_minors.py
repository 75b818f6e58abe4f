"""The penalty clock under a professional league's rulebook (docs/examples/pro-league.toml, after the NHL's rules):
coincidental penalties that offset (`penalties.coincidental_offset`, NHL Rule 19), the lone-minors exception
(`penalties.coincidental_lone_minors_short`, Rule 19.1) and double minors (`infractions.*.double_minor`, Rule 18).

The cases are the NHL's, in our words. Home h1 (goalie) h2..h7, away a1 (goalie) a2..a7; full strength is six a
side (five skaters and a goalie), the floor four; period 1 from 0:00.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import GameInput
from scorekeeper.engine.events import Event
from scorekeeper.engine.live import live_state
from scorekeeper.engine.timefmt import game_time, parse_mmss
from scorekeeper.rulebook import Rulebook, RulebookError, load_rulebook_file, parse_rulebook
from tests.data import PRO_LEAGUE
from tests.scorekeeper.gamebuilder import BOOK as WESTRIDGE
from tests.scorekeeper.gamebuilder import ev as event
from tests.scorekeeper.gamebuilder import goal, lineup, pen, play, rules

PRO = load_rulebook_file(PRO_LEAGUE)
PRO_TEXT = PRO_LEAGUE.read_text(encoding="utf-8")


def pro_with(old: str, new: str) -> Rulebook:
    assert old in PRO_TEXT
    return parse_rulebook(PRO_TEXT.replace(old, new), origin="pro-variant.toml")


def strength(events: list[dict[str, Any]], at: str, book: Rulebook = PRO, period: int = 1) -> str:
    """'home-on-away' players on the ice at `at` (mm:ss of `period`), the game in progress."""
    evs = [Event(i, e["type"], e.get("team"), e.get("period"), parse_mmss(e["elapsed"]) if e.get("elapsed") else None,
                 {k: v for k, v in e.items() if k not in ("type", "team", "period", "elapsed")})
           for i, e in enumerate(events)]
    game = GameInput("g", "regular", "in_progress", "H", "A", {"home": lineup("h"), "away": lineup("a")}, evs)
    return str(live_state(game, book, game_time(book, "regular", period, parse_mmss(at)))["strength"])


def box(state: Any) -> list[tuple[str | None, str, str | None, bool]]:
    """Each penalty as (player, starts, ends, ended by a goal)."""
    return [(p["player"], p["starts"], p["ends"], p["ended_by_goal"]) for p in (x.to_json() for x in state.penalties)]


# -- Rule 19: coincidental penalties -------------------------------------------------------------------------
def test_pen_gen_2_pro_league_reads_rule_19_and_westridge_does_not():
    assert PRO.penalties.coincidental_offset and PRO.penalties.coincidental_lone_minors_short
    assert not WESTRIDGE.penalties.coincidental_offset and not WESTRIDGE.penalties.coincidental_lone_minors_short


def test_pen_gen_2_one_minor_each_with_nothing_else_on_the_clock_is_four_skaters_a_side():
    events = [pen("home", 1, "05:00", "h2"), pen("away", 1, "05:00", "a2")]
    assert strength(events, "05:30") == "5-on-5"
    assert strength(events, "07:01") == "6-on-6"
    st = play([*events, goal("home", 1, "06:00", "h3")], book=PRO)
    assert st.goals[0].strength == "EV"  # even strength: the goal ends neither minor
    assert box(st) == [("h2", "05:00", "07:00", False), ("a2", "05:00", "07:00", False)]


def test_pen_gen_2_one_minor_each_while_a_side_is_already_short_offsets():
    events = [pen("home", 1, "02:00", "h2"), pen("home", 1, "03:00", "h3"), pen("away", 1, "03:00", "a3")]
    assert strength(events, "03:30") == "5-on-6"  # the power play goes on; the coincidental minors change nothing
    st = play([*events, goal("away", 1, "03:30", "a4")], book=PRO)
    assert st.goals[0].strength == "PP"
    # the power-play goal ends h2's minor, the one that made home short; h3 and a3 serve their full two minutes
    assert box(st) == [("h2", "02:00", "03:30", True), ("h3", "03:00", "05:00", False),
                       ("a3", "03:00", "05:00", False)]
    assert strength([*events, goal("away", 1, "03:30", "a4")], "04:00") == "6-on-6"


def test_pen_gen_2_two_minors_each_at_one_stoppage_all_offset_at_full_strength():
    events = [pen("home", 1, "10:00", "h2"), pen("home", 1, "10:00", "h3"),
              pen("away", 1, "10:00", "a2"), pen("away", 1, "10:00", "a3")]
    assert strength(events, "11:00") == "6-on-6"
    st = play([*events, goal("home", 1, "11:00", "h4")], book=PRO)
    assert st.goals[0].strength == "EV" and not any(p.ended_by_goal for p in st.penalties)


def test_pen_gen_2_two_minors_against_one_the_difference_is_served_short_handed():
    events = [pen("home", 1, "10:00", "h2"), pen("home", 1, "10:00", "h3"), pen("away", 1, "10:00", "a2")]
    assert strength(events, "11:00") == "5-on-6"
    st = play([*events, goal("away", 1, "11:00", "a4")], book=PRO)
    assert st.goals[0].strength == "PP"
    # the first minors given offset each other; the power-play goal ends the one that was not matched
    assert box(st) == [("h2", "10:00", "12:00", False), ("h3", "10:00", "11:00", True),
                       ("a2", "10:00", "12:00", False)]
    assert [p.to_json()["offset"] for p in st.penalties] == [True, False, True]  # the game record says which


def test_pen_gen_2_majors_to_both_sides_offset_and_nobody_plays_short():
    events = [pen("home", 1, "08:00", "h5", "fighting"), pen("away", 1, "08:00", "a5", "fighting")]
    assert strength(events, "09:00") == "6-on-6"
    st = play(events, book=PRO)
    assert box(st) == [("h5", "08:00", "13:00", False), ("a5", "08:00", "13:00", False)]


def test_pen_gen_2_a_major_and_a_minor_against_a_major_leaves_the_minor_short_handed():
    events = [pen("home", 1, "08:00", "h5", "fighting"), pen("home", 1, "08:00", "h6", "roughing"),
              pen("away", 1, "08:00", "a5", "fighting")]
    assert strength(events, "09:00") == "5-on-6"
    assert strength(events, "10:30") == "6-on-6"


def test_pen_gen_2_a_minor_and_a_major_are_of_unequal_minutes_and_do_not_offset():
    events = [pen("home", 1, "08:00", "h2", "tripping"), pen("away", 1, "08:00", "a2", "tripping",
                                                             **{"class": "major"})]
    # one penalty each but of different minutes: each side serves its own, as if given apart
    assert strength(events, "09:00") == "5-on-5"
    assert strength(events, "11:00") == "6-on-5"


def test_pen_gen_2_penalties_at_different_stoppages_never_offset():
    events = [pen("home", 1, "05:00", "h2"), pen("home", 1, "05:00", "h3"), pen("away", 1, "05:30", "a2")]
    assert strength(events, "05:45") == "4-on-5"


def test_pen_gen_2_without_the_key_every_penalty_leaves_its_side_short():
    book = pro_with("coincidental_offset = true", "coincidental_offset = false")
    events = [pen("home", 1, "10:00", "h2"), pen("home", 1, "10:00", "h3"),
              pen("away", 1, "10:00", "a2"), pen("away", 1, "10:00", "a3")]
    assert strength(events, "11:00", book) == "4-on-4"
    assert strength(events, "11:00", WESTRIDGE) == "4-on-4"  # Westridge §4 I c: both play short, nothing offsets


def test_pen_gen_2_without_the_lone_minors_exception_one_minor_each_offsets():
    book = pro_with("coincidental_lone_minors_short = true", "coincidental_lone_minors_short = false")
    events = [pen("home", 1, "05:00", "h2"), pen("away", 1, "05:00", "a2")]
    assert strength(events, "05:30", book) == "6-on-6"


# -- Rule 18: double minors ----------------------------------------------------------------------------------
DOUBLE = [pen("home", 1, "05:00", "h2", "high_sticking_injury")]


def test_pen_minor_2_a_double_minor_is_four_minutes_and_four_penalty_minutes():
    st = play(DOUBLE, book=PRO)
    p = st.penalties[0].to_json()
    assert (p["minutes"], p["pim"], p["starts"], p["ends"], p["ended_by_goal"]) == (4, 4, "05:00", "09:00", False)
    assert strength(DOUBLE, "08:30") == "5-on-6"


def test_pen_minor_2_a_power_play_goal_in_the_first_part_ends_only_that_part():
    st = play([*DOUBLE, goal("away", 1, "06:00", "a2")], book=PRO)
    assert st.goals[0].strength == "PP"
    # the second two minutes start at the goal: h2 is out until 8:00, home still short
    assert box(st) == [("h2", "05:00", "08:00", False)]
    assert strength([*DOUBLE, goal("away", 1, "06:00", "a2")], "07:30") == "5-on-6"


def test_pen_minor_2_a_goal_in_the_second_part_ends_the_double_minor():
    st = play([*DOUBLE, goal("away", 1, "08:00", "a2")], book=PRO)
    assert box(st) == [("h2", "05:00", "08:00", True)]


def test_pen_minor_2_two_power_play_goals_end_both_parts():
    st = play([*DOUBLE, goal("away", 1, "06:00", "a2"), goal("away", 1, "06:30", "a3")], book=PRO)
    assert [g.strength for g in st.goals] == ["PP", "PP"]
    assert box(st) == [("h2", "05:00", "06:30", True)]
    assert strength([*DOUBLE, goal("away", 1, "06:00", "a2"), goal("away", 1, "06:30", "a3")], "07:00") == "6-on-6"


def test_pen_minor_2_a_double_minor_against_a_minor_at_one_stoppage_is_two_minutes_short_at_once():
    events = [*DOUBLE, pen("away", 1, "05:00", "a2")]
    assert strength(events, "06:00") == "5-on-6"  # the unmatched two minutes first
    assert strength(events, "07:30") == "6-on-6"  # then the part that offsets a2's minor: nobody short
    st = play(events, book=PRO)
    assert box(st) == [("h2", "05:00", "09:00", False), ("a2", "05:00", "07:00", False)]
    assert [p.offset for p in st.penalties] == [True, True]  # one of the double minor's parts offset


def test_pen_minor_2_a_double_minor_of_a_goalie_is_served_by_a_teammate_both_parts():
    st = play([pen("home", 1, "05:00", "h1", "spearing_attempt"), goal("away", 1, "06:00", "a2")], book=PRO)
    assert st.penalties[0].minutes == 4 and not rules(st, "block")
    assert [p.server for p in st.penalties[0].parts] == ["teammate#0", "teammate#0"]


def test_pen_minor_2_a_double_minor_is_given_as_a_minor_and_its_minutes_are_the_class_s():
    with pytest.raises(RulebookError, match="double_minor"):
        pro_with('class = "major"\nalso = ["match"]\nsection = "Rule 62"',
                 'class = "major"\nalso = ["match"]\ndouble_minor = true\nsection = "Rule 62"')
    with pytest.raises(RulebookError, match="minutes"):
        pro_with('double_minor = true\nsection = "Rule 60; Rule 18"',
                 'double_minor = true\nminutes = 3\nsection = "Rule 60; Rule 18"')


def test_pen_minor_2_a_double_minor_with_the_game_over_is_after_the_game():
    st = play([goal("home", 1, "01:00", "h2"), pen("away", 3, "20:00", "a2", "high_sticking_injury")], book=PRO)
    p = st.penalties[0].to_json()
    assert p["minutes"] == 4 and p["ends"] is None


def test_pen_gen_2_a_minor_at_a_later_stoppage_does_not_offset_a_double_minor():
    events = [*DOUBLE, event("timeout", "home", 1, "05:30"), pen("away", 1, "05:30", "a2")]
    assert strength(events, "06:00") == "5-on-5"
    assert strength(events, "08:00") == "5-on-6"


def test_pen_gen_2_the_box_at_the_boards_shows_which_penalties_offset():
    events = [pen("home", 1, "10:00", "h2"), pen("home", 1, "10:00", "h3"), pen("away", 1, "10:00", "a2")]
    evs = [Event(i, e["type"], e["team"], e["period"], parse_mmss(e["elapsed"]),
                 {k: v for k, v in e.items() if k not in ("type", "team", "period", "elapsed")})
           for i, e in enumerate(events)]
    game = GameInput("g", "regular", "in_progress", "H", "A", {"home": lineup("h"), "away": lineup("a")}, evs)
    teams = live_state(game, PRO, game_time(PRO, "regular", 1, parse_mmss("11:00")))["teams"]
    assert [(b["player"], b["offset"], b["short_handed"]) for b in teams["home"]["box"]] == [
        ("h2", True, False), ("h3", False, True)]
    assert [(b["player"], b["offset"], b["short_handed"]) for b in teams["away"]["box"]] == [("a2", True, False)]
