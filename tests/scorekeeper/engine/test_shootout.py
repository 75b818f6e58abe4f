"""GAME-2 / PTS-2 with a shootout: a league whose rulebook settles a tie after overtime by a shootout (a new file,
not new code). The Westridge rulebook has none, so its shootout events are refused."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.resources import resource_path
from scorekeeper.rulebook import Rulebook, parse_rulebook
from tests.scorekeeper.gamebuilder import ev, goal, play, rules

WESTRIDGE = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")


def shootout_league(winner_goal: bool = True) -> Rulebook:
    """Three periods, 3-2-1 points, a 5-minute overtime then a shootout in the regular season."""
    text = (WESTRIDGE.replace("periods = 2 ", "periods = 3 ").replace("\nwin = 2\n", "\nwin = 3\n", 1)
            .replace("ot_loss = 0", "ot_loss = 1").replace("so_loss = 0", "so_loss = 1")
            .replace('id = "westridge-2015-16"', 'id = "shootout-league"')
            .replace("[shootout]                       # the Westridge rulebook has no shootout\nregular = false",
                     "[shootout]\nregular = true")
            .replace("winner_goal = true", f"winner_goal = {'true' if winner_goal else 'false'}"))
    book = parse_rulebook(text, origin="shootout-league.toml")
    assert book.shootout == {"regular": True, "playoff": False}
    return book


BOOK = shootout_league()
TIED = [goal("home", 1, "05:00", "h2"), goal("away", 3, "10:00", "a2")]


def shootout(team: str, *attempts: tuple[str, str, bool]) -> dict[str, Any]:
    extra = {"attempts": [{"team": t, "shooter": p, "scored": s} for t, p, s in attempts]} if attempts else {}
    return ev("shootout", team, **extra)


def test_game_2_shootout_decides_a_tie_after_overtime():
    st = play([*TIED, shootout("away")], book=BOOK)
    assert not rules(st, "block")
    assert st.decision == "shootout" and st.winner == "away"
    assert st.points == {"home": 1, "away": 2}  # so_win 2, so_loss 1
    assert st.score == {"home": 1, "away": 2}  # the winner's one shootout goal is in the final score
    assert st.by_period == {"home": [1, 0, 0, 0], "away": [0, 0, 1, 0]}  # ... not in any period
    assert [g.scorer for g in st.goals] == ["h2", "a2"]  # and credited to no player
    out = st.to_json()
    assert out["shootout"] == {"winner": "away", "goals": None, "attempts": []}


def test_game_2_shootout_winner_goal_is_the_rulebooks_choice():
    st = play([*TIED, shootout("home")], book=shootout_league(winner_goal=False))
    assert st.decision == "shootout" and st.winner == "home" and st.score == {"home": 1, "away": 1}


def test_game_2_shootout_attempts_are_kept_and_must_agree_with_the_winner():
    attempts = [("home", "h2", True), ("away", "a2", False), ("home", "h3", False), ("away", "a3", True),
                ("home", "h4", True), ("away", "a4", False)]
    st = play([*TIED, shootout("home", *attempts)], book=BOOK)
    assert not rules(st, "block") and st.winner == "home"
    assert st.to_json()["shootout"]["goals"] == {"home": 2, "away": 1}
    assert len(st.to_json()["shootout"]["attempts"]) == 6
    st = play([*TIED, shootout("away", *attempts)], book=BOOK)
    assert "GAME-2" in rules(st, "block") and st.decision != "shootout"


def test_game_2_shootout_shooter_must_be_dressed_for_the_side():
    st = play([*TIED, shootout("home", ("home", "a2", True))], book=BOOK)
    assert "DATA-4" in rules(st, "block") and st.decision != "shootout"


def test_game_2_tied_final_game_needs_its_shootout():
    st = play(TIED, book=BOOK)
    assert "GAME-2" in rules(st, "block")
    assert any("shootout" in v.message for v in st.violations if v.blocks)
    live = play(TIED, book=BOOK, status="scheduled")  # still being played: nothing to refuse yet
    assert "GAME-2" not in rules(live, "block")


def test_game_2_no_shootout_after_an_overtime_winner():
    st = play([*TIED, goal("home", 4, "02:00", "h3"), shootout("away")], book=BOOK)
    assert "GAME-2" in rules(st, "block")
    assert st.decision == "overtime" and st.winner == "home" and st.points == {"home": 2, "away": 1}


def test_game_2_no_shootout_in_a_game_won_in_regulation():
    st = play([goal("home", 1, "05:00", "h2"), shootout("away")], book=BOOK)
    assert "GAME-2" in rules(st, "block") and st.decision == "regulation" and st.winner == "home"


def test_game_2_only_one_shootout():
    st = play([*TIED, shootout("away"), shootout("home")], book=BOOK)
    assert "GAME-2" in rules(st, "block") and st.winner == "away"


def test_game_2_playoff_games_have_no_shootout_in_this_league():
    st = play([*TIED, shootout("away")], book=BOOK, stage="playoff")
    assert "GAME-2" in rules(st, "block") and st.decision != "shootout"


def test_game_2_westridge_has_no_shootout():
    st = play([goal("home", 1, "05:00", "h2"), goal("away", 2, "10:00", "a2"), shootout("away")])
    assert "GAME-2" in rules(st, "block")
    assert st.winner is None and st.points == {"home": 1, "away": 1}  # PTS-2: still a tie


@pytest.mark.parametrize("bad", [{"team": None}, {"team": "both"}])
def test_game_2_shootout_team_is_the_winning_side(bad: dict[str, Any]):
    st = play([*TIED, {**shootout("home"), **bad}], book=BOOK)
    assert "GAME-2" in rules(st, "block")
