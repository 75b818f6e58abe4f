"""Readings of the penalty clock another league's rulebook may choose (keys off in the Westridge rulebook):
`[overtime.<stage>] penalties_add_skaters` (3-on-3 overtime: a penalty adds a skater to the other side) and
`[penalties] sh_goal_ends_own_penalty` (a short-handed goal frees the scoring side's own minor)."""

from __future__ import annotations

from scorekeeper.resources import resource_path
from scorekeeper.rulebook import Rulebook, parse_rulebook
from tests.scorekeeper.gamebuilder import BOOK, goal, pen, play, rules

WESTRIDGE = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")


def variant(three_on_three: bool = False, jailbreak: bool = False) -> Rulebook:
    text = WESTRIDGE.replace('id = "westridge-2015-16"', 'id = "variant"')
    if three_on_three:
        text = text.replace("[overtime.regular]               # GAME-2, PTS-2, section 1 l\nenabled = true",
                            "[overtime.regular]\nenabled = true\npenalties_add_skaters = true")
        text = text.replace("skaters = 4                      # 4 skaters + goalie (ICE-3, A-16)", "skaters = 3", 1)
    if jailbreak:
        text = text.replace("[penalties]                      # PEN-GEN-3, A-12, A-25",
                            "[penalties]\nsh_goal_ends_own_penalty = true")
    book = parse_rulebook(text, origin="variant.toml")
    assert book.overtime["regular"].penalties_add_skaters is three_on_three
    assert book.penalties.sh_goal_ends_own_penalty is jailbreak
    return book


TIED = [goal("home", 1, "05:00", "h2"), goal("away", 2, "05:00", "a2")]


def test_ice_4_westridge_keeps_both_readings_off():
    assert not BOOK.overtime["regular"].penalties_add_skaters and not BOOK.penalties.sh_goal_ends_own_penalty


def test_ice_3_three_on_three_overtime_penalty_adds_a_skater_to_the_other_side():
    book = variant(three_on_three=True)
    st = play([*TIED, pen("home", 3, "01:10", "h3"), goal("away", 3, "01:54", "a3")], book=book)
    assert not rules(st, "block")
    assert st.goals[-1].strength == "PP" and st.decision == "overtime" and st.winner == "away"
    minor = st.penalties[0].to_json()
    assert minor["starts"] == "41:10" and minor["ends"] == "41:54" and minor["ended_by_goal"]


def test_ice_3_three_on_three_two_penalties_give_five_on_three_and_the_short_side_scores_sh():
    book = variant(three_on_three=True)
    st = play([*TIED, pen("home", 3, "01:00", "h3"), pen("home", 3, "01:30", "h4"),
               goal("home", 3, "02:00", "h5")], book=book)
    assert st.goals[-1].strength == "SH"
    assert [p.to_json()["starts"] for p in st.penalties] == ["41:00", "41:30"]  # both start: nobody waits


def test_ice_3_a_power_play_carried_into_three_on_three_overtime_is_four_on_three():
    book = variant(three_on_three=True)
    st = play([*TIED, pen("away", 2, "19:30", "a3"), goal("home", 3, "01:00", "h3")], book=book)
    assert st.goals[-1].strength == "PP"


def test_ice_3_without_the_key_an_overtime_penalty_takes_a_skater_off():
    st = play([*TIED, pen("home", 3, "01:10", "h3"), goal("away", 3, "01:54", "a3")])
    assert st.goals[-1].strength == "PP"  # Westridge: 4 skaters on 3 by taking one off


def test_pen_minor_2_a_short_handed_goal_frees_the_scorers_own_minor_where_the_rulebook_says_so():
    events = [pen("home", 1, "09:08", "h3"), goal("home", 1, "10:12", "h4"), goal("away", 1, "10:50", "a2")]
    st = play(events, book=variant(jailbreak=True))
    assert [g.strength for g in st.goals] == ["SH", "EV"]
    minor = st.penalties[0].to_json()
    assert (minor["ends"], minor["ended_by_goal"]) == ("10:12", True)
    westridge = play(events)
    assert [g.strength for g in westridge.goals] == ["SH", "PP"]  # the minor ends on the power-play goal instead
    assert (westridge.penalties[0].to_json()["ends"], westridge.penalties[0].to_json()["ended_by_goal"]) == (
        "10:50", True)


def test_pen_minor_2_a_short_handed_goal_frees_only_a_releasable_penalty():
    events = [pen("home", 1, "09:08", "h3", infraction="fighting"), goal("home", 1, "10:12", "h4")]
    st = play(events, book=variant(jailbreak=True))
    assert st.goals[0].strength == "SH"
    major = next(p.to_json() for p in st.penalties if p.cls == "major")
    assert major["ended_by_goal"] is False
