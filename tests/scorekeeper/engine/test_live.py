"""The live state: GAME-1 stop time, GAME-4 icing, GAME-5 injured goalie, ICE-1..4 and COED-1, COED-2."""

from dataclasses import replace

from scorekeeper.engine.live import check_on_ice, live_state
from tests.scorekeeper.gamebuilder import BOOK, goal, lineup, pen
from tests.scorekeeper.gamebuilder import play as _play


def game(events, coed=True, **kw):
    """The engine input of a game (reusing the builder through a computed state)."""
    return _play(events, coed=coed, **kw).game


def t(mmss: str, period: int = 1) -> int:
    m, s = mmss.split(":")
    return (period - 1) * 1200 + int(m) * 60 + int(s)


def test_game_1_stop_time_only_in_the_last_minute():
    g = game([])
    assert not live_state(g, BOOK, t("18:59", 2))["stop_time"]
    assert live_state(g, BOOK, t("19:00", 2))["stop_time"]
    assert live_state(g, BOOK, 44 * 60 + 10)["stop_time"]  # 44:00-45:00 in overtime
    assert not live_state(g, BOOK, 41 * 60)["stop_time"]


def test_game_4_icing_last_minute_unless_three_goal_lead_or_leader_short():
    g = game([goal("home", 1, "01:00", "h2"), goal("home", 1, "02:00", "h2")])
    assert not live_state(g, BOOK, t("18:00", 2))["icing"]
    assert live_state(g, BOOK, t("19:30", 2))["icing"]  # 2-0 at full strength: on
    g = game([goal("home", 1, "01:00", "h2"), goal("home", 1, "02:00", "h2"), goal("home", 1, "03:00", "h2")])
    assert not live_state(g, BOOK, t("19:30", 2))["icing"]  # a three-goal lead: off
    g = game([goal("home", 1, "01:00", "h2"), pen("home", 2, "19:00", "h3")])
    assert not live_state(g, BOOK, t("19:30", 2))["icing"]  # leader short-handed: off
    assert not live_state(game([]), BOOK, 41 * 60)["icing"]  # never in overtime


def test_game_5_injured_goalie_allowance():
    assert live_state(game([]), BOOK, 60)["teams"]["home"]["injured_goalie_minutes"] == 15
    two_goalies = lineup("h")[:-1] + [lineup("h")[0].__class__("h9", 9, goalie=True, name="Backup")]
    assert live_state(game([], home=two_goalies), BOOK, 60)["teams"]["home"]["injured_goalie_minutes"] == 0


def test_ice_4_strength_and_box_countdown():
    g = game([pen("away", 1, "10:00", "a3"), pen("away", 1, "10:30", "a4"), pen("away", 1, "11:00", "a5")])
    live = live_state(g, BOOK, t("11:30"))
    away = live["teams"]["away"]
    assert away["players_on_ice"] == 4 and live["strength"] == "6-on-4"
    assert [b["remaining"] for b in away["box"]] == ["00:30", "01:00"] and len(away["waiting"]) == 1


FIVE_MALES = lineup("h", 9, "MMMMMFFFF")  # h1 goalie, h2-h5 males, h6-h9 females


def test_coed_1_caps_with_and_without_goalie():
    g = game([], home=FIVE_MALES)
    home = live_state(g, BOOK, 60)["teams"]["home"]
    assert (home["males_max"], home["females_max"]) == (3, 5)
    # 4 males + 1 female + goalie: refused
    assert [v.rule for v in check_on_ice(g, BOOK, 60, "home", ["h1", "h2", "h3", "h4", "h6", "h7"])] == []
    assert [v.rule for v in check_on_ice(g, BOOK, 60, "home", ["h1", "h2", "h3", "h4", "h5", "h6"])] == ["COED-1"]
    # zero females is allowed; without a goalie 4 males
    assert check_on_ice(g, BOOK, 60, "home", ["h2", "h3", "h4", "h5"]) == []


def test_coed_1_pulled_goalie_allows_a_fourth_male():
    g = game([{"type": "goalie", "team": "home", "period": 2, "elapsed": "18:00", "action": "pull"}])
    home = live_state(g, BOOK, t("18:30", 2))["teams"]["home"]
    assert home["goalie"] is None and home["males_max"] == 4


def test_coed_2_male_in_the_box_lowers_the_male_cap():
    g = game([pen("home", 1, "10:00", "h2")], home=FIVE_MALES)
    home = live_state(g, BOOK, t("10:30"))["teams"]["home"]
    assert home["males_max"] == 2
    bad = check_on_ice(g, BOOK, t("10:30"), "home", ["h1", "h3", "h4", "h5", "h6"])
    assert [v.rule for v in bad] == ["COED-2"]


def test_ice_1_too_many_on_the_ice():
    g = game([], coed=False)
    assert [v.rule for v in check_on_ice(g, BOOK, 60, "home", [f"h{i}" for i in range(1, 8)])] == ["ICE-1"]


def test_ice_2_too_few_on_the_ice():
    g = game([], coed=False)
    assert [v.rule for v in check_on_ice(g, BOOK, 60, "home", ["h1", "h2", "h3"])] == ["ICE-2"]
    assert check_on_ice(g, BOOK, 60, "home", ["h2", "h3", "h4", "h5"]) == []  # 4 skaters, no goalie


def test_ice_3_four_on_four_in_overtime():
    g = game([], coed=False)
    assert [v.rule for v in check_on_ice(g, BOOK, 41 * 60, "home", ["h1", "h2", "h3", "h4", "h5", "h6"])] == [
        "ICE-3"]
    assert check_on_ice(g, BOOK, 41 * 60, "home", ["h1", "h2", "h3", "h4", "h5"]) == []


def test_game_3_timeouts_left_in_overtime_are_those_the_engine_allows():
    g = game([goal("home", 1, "01:00", "h2"), goal("away", 1, "02:00", "a2")], coed=False, status="scheduled")
    in_ot = 40 * 60 + 30
    assert live_state(g, BOOK, in_ot)["teams"]["home"]["timeouts_left"] == 1  # carried into overtime
    ot = {**BOOK.overtime, "regular": replace(BOOK.overtime["regular"], new_timeouts=1)}
    no_carry = replace(BOOK, overtime=ot, timeouts_carry_into_ot=False)
    assert live_state(g, no_carry, in_ot)["teams"]["home"]["timeouts_left"] == 1  # overtime's own, none carried
    more = replace(BOOK, overtime=ot)
    assert live_state(g, more, in_ot)["teams"]["home"]["timeouts_left"] == 2
    assert live_state(g, more, 60)["teams"]["home"]["timeouts_left"] == 1
