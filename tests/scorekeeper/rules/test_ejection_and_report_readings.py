"""Ejection thresholds per class, the late-misconduct report window and icing by a short-handed side, as rulebook
keys (issue 19): `penalties.ejection_at_majors`, `ejection_at_misconducts`, `ejection_at_count` (0: never), a
rulebook without a discipline table where a second major ejects nobody unless the file says so,
`penalties.report_last_min = 0` (no late-misconduct report, after the game included) and
`icing.short_handed_may_ice`. The Westridge readings stay as they are."""

from __future__ import annotations

import gzip
from typing import Any

from scorekeeper.engine import GameInput
from scorekeeper.engine.events import Event
from scorekeeper.engine.live import live_state
from scorekeeper.engine.timefmt import game_time, parse_mmss
from scorekeeper.rulebook import Rulebook, load_rulebook_file, parse_rulebook
from tests.data import HERE, PRO_LEAGUE
from tests.scorekeeper.gamebuilder import BOOK as WESTRIDGE
from tests.scorekeeper.gamebuilder import goal, lineup, pen, play, rules

PRO = load_rulebook_file(PRO_LEAGUE)
PRO_TEXT = PRO_LEAGUE.read_text(encoding="utf-8")


def pro_with(old: str, new: str) -> Rulebook:
    assert old in PRO_TEXT
    return parse_rulebook(PRO_TEXT.replace(old, new), origin="pro-variant.toml")


def ejected(state: Any) -> dict[str, str]:
    return {e.player: e.rule for e in state.ejections}


MAJORS = [pen("home", 1, "02:00", "h2", "fighting"), pen("home", 1, "10:00", "h2", "fighting"),
          pen("home", 2, "05:00", "h2", "fighting")]
MISCONDUCTS = [pen("home", 1, "02:00", "h3", "misconduct"), pen("home", 1, "15:00", "h3", "misconduct"),
               pen("home", 2, "15:00", "h3", "misconduct")]


# -- ejections ------------------------------------------------------------------------------------------------
def test_pen_major_2_the_pro_league_ejects_at_the_third_major_with_a_game_misconduct():
    assert PRO.penalties.ejection_at_majors == 3 and not PRO.discipline
    two = play(MAJORS[:2], book=PRO)
    assert ejected(two) == {}
    three = play([*MAJORS, goal("home", 2, "18:00", "h2")], book=PRO)
    assert ejected(three) == {"h2": "PEN-MAJOR-2"}
    assert three.penalties[2].added_gm and three.penalties[2].pim == 5 + 10
    assert "ELIG-3" in rules(three, "block") and three.score["home"] == 0  # no further part in the game


def test_pen_major_2_without_a_discipline_table_a_second_major_ejects_nobody_unless_the_file_says_so():
    book = pro_with("ejection_at_majors = 3           # Rule 20: a player's third major in a game brings a game "
                    "misconduct\n", "")
    assert not book.discipline and book.penalties.ejection_at_majors == 0
    st = play([*MAJORS, goal("home", 2, "18:00", "h2")], book=book)
    assert ejected(st) == {} and not rules(st, "block") and st.score["home"] == 1
    assert all(not p.added_gm for p in st.penalties)
    says_so = pro_with("ejection_at_majors = 3 ", "ejection_at_majors = 2 ")
    assert ejected(play(MAJORS[:2], book=says_so)) == {"h2": "PEN-MAJOR-2"}


def test_pen_misc_3_the_pro_league_misconducts_eject_nobody():
    assert PRO.penalties.ejection_at_misconducts == 0
    st = play([*MISCONDUCTS, goal("home", 2, "16:00", "h3")], book=PRO)
    assert ejected(st) == {} and st.score["home"] == 1


def test_pen_misc_3_a_rulebook_may_eject_at_a_second_misconduct_without_a_discipline_row():
    book = pro_with("count_bench_minors = false", "count_bench_minors = false\nejection_at_misconducts = 2")
    st = play(MISCONDUCTS[:2], book=book)
    assert ejected(st) == {"h3": "PEN-MISC-3"} and st.penalties[1].added_gm  # without a row, the repeat adds one


def test_pen_gen_3_any_penalties_eject_at_the_count_and_zero_is_never():
    minors = [pen("home", 1, f"0{m}:00", "h4") for m in (1, 4, 7)]
    assert PRO.penalties.ejection_at_count == 0 and ejected(play(minors, book=PRO)) == {}
    book = pro_with("count_bench_minors = false", "count_bench_minors = false\nejection_at_count = 3")
    assert ejected(play(minors[:2], book=book)) == {}
    assert ejected(play(minors, book=book)) == {"h4": "PEN-GEN-3"}


def test_pen_major_2_westridge_still_ejects_at_the_second_major_and_misconduct():
    assert (WESTRIDGE.penalties.ejection_at_majors, WESTRIDGE.penalties.ejection_at_misconducts) == (2, 2)
    majors = [pen("home", 1, at, "h2", "slashing", **{"class": "major"}) for at in ("02:00", "10:00")]
    assert ejected(play(majors[:1])) == {} and ejected(play(majors)) == {"h2": "PEN-MAJOR-2"}
    assert ejected(play(MISCONDUCTS[:2])) == {"h3": "PEN-MISC-3"}


def test_pen_major_2_an_older_westridge_text_without_the_keys_ejects_at_the_second_as_before():
    text = gzip.decompress((HERE / "westridge-2015-16.first-release.toml.gz").read_bytes()).decode("utf-8")
    assert "ejection_at_majors" not in text and 'trigger = "second_major"' in text
    book = parse_rulebook(text.replace('id = "westridge-2015-16"', 'id = "first-release"'), origin="first.toml")
    assert (book.penalties.ejection_at_majors, book.penalties.ejection_at_misconducts) == (2, 2)


# -- the late-misconduct report ---------------------------------------------------------------------------------
LATE = [goal("home", 1, "05:00", "h2"), pen("away", 3, "19:00", "a3", "misconduct"),
        pen("away", 3, "20:00", "a4", "misconduct")]


def test_pen_misc_2_report_last_min_zero_reports_no_misconduct_after_the_game_either():
    assert PRO.penalties.report_last_min == 0
    st = play(LATE, book=PRO)
    assert st.penalties[1].post_game  # the second one is after the final buzzer
    assert "PEN-MISC-2" not in rules(st) and st.report() == []


def test_pen_misc_2_a_window_reports_late_and_after_the_game_misconducts():
    book = pro_with("report_last_min = 0 ", "report_last_min = 10 ")
    st = play(LATE, book=book)
    assert rules(st).count("PEN-MISC-2") == 2
    assert [r["reason"] for r in st.report()] == ["late misconduct", "late misconduct"]


# -- icing by a short-handed side ---------------------------------------------------------------------------------
def live(events: list[dict[str, Any]], book: Rulebook, period: int, at: str) -> dict[str, Any]:
    evs = [Event(i, e["type"], e.get("team"), e.get("period"), parse_mmss(e["elapsed"]), {
        k: v for k, v in e.items() if k not in ("type", "team", "period", "elapsed")}) for i, e in enumerate(events)]
    game = GameInput("g", "regular", "in_progress", "H", "A", {"home": lineup("h"), "away": lineup("a")}, evs)
    return live_state(game, book, game_time(book, "regular", period, parse_mmss(at)))


def test_game_4_a_short_handed_side_may_ice_the_puck_where_the_rulebook_says_so():
    events = [pen("home", 2, "10:00", "h2")]
    state = live(events, PRO, 2, "11:00")
    assert state["icing"] and not state["teams"]["home"]["icing"] and state["teams"]["away"]["icing"]
    even = live([], PRO, 2, "11:00")
    assert even["teams"]["home"]["icing"] and even["teams"]["away"]["icing"]
    book = pro_with("short_handed_may_ice = true", "short_handed_may_ice = false")
    assert live(events, book, 2, "11:00")["teams"]["home"]["icing"]


def test_game_4_no_lead_waves_icing_off_where_the_rulebook_has_no_off_margin():
    assert PRO.icing.off_margin is None
    events = [goal("home", 1, f"0{m}:00", "h2") for m in range(1, 8)]  # a seven-goal lead
    assert live(events, PRO, 3, "10:00")["icing"]
    assert not live([goal("home", 1, f"0{m}:00", "h2") for m in range(1, 4)], WESTRIDGE, 2, "19:30")["icing"]


def test_game_4_westridge_icing_is_the_same_against_both_sides():
    assert not WESTRIDGE.icing.short_handed_may_ice
    state = live([goal("home", 1, "05:00", "h2"), pen("away", 2, "19:00", "a2")], WESTRIDGE, 2, "19:30")
    assert state["icing"] and state["teams"]["away"]["icing"] and state["teams"]["home"]["icing"]
