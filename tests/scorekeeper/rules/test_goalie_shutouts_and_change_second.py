"""Issue 30, points 1 and 2: shutouts as leagues count them (the team's only goalie of the game, no goal against in
regulation or overtime, the shootout never counts, a shared game credits neither) and the outgoing goalie owning
a goal at the second of a change (goals against and the decision). The catalogue has no rule ID for goalie
statistics: the tests are named after what they check.

One game per test, a (home) against b (away), a's and b's goalies a1 and b1 starting, a5 dressed in goal for a."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper.engine.goaltending import goalie_lines
from tests.scorekeeper.season.league_builder import goal, open_league, rulebook_text, season, shootout_win


def goalie(side: str, period: int, elapsed: str, action: str, player: str | None = None) -> dict[str, Any]:
    event = {"type": "goalie", "team": side, "period": period, "elapsed": elapsed, "action": action}
    return {**event, "player": player} if player else event


def penalty_shot(side: str, period: int, elapsed: str, shooter: str) -> dict[str, Any]:
    return {"type": "penalty_shot", "team": side, "period": period, "elapsed": elapsed, "shooter": shooter,
            "scored": True}


def one_game(tmp_path: Path, events: list[dict[str, Any]]) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """The goalie rows of `stats` (by player) and the game's goal records, for one game a-b."""
    data = season(["a", "b"], [("a", "b", events)])
    data["games"][0]["lineups"]["home"].append({"player": "a5", "goalie": True})
    data["games"][0]["lineups"]["home"] = [x for x in data["games"][0]["lineups"]["home"]
                                           if x != {"player": "a5"}]
    svc = open_league(tmp_path / "league", rulebook_text(), data)
    try:
        rows = {r["player"]: r for r in svc.stats()["goalies"]}
        return rows, svc.game("g01")
    finally:
        svc.close()


def record(row: dict[str, Any]) -> tuple[int, int, int, int, int, int]:
    """(w, l, otl, sol, ga, so) of a goalie row."""
    return row["w"], row["l"], row["otl"], row["sol"], row["ga"], row["so"]


# -- shutouts ---------------------------------------------------------------------------------------------------

def test_shutout_survives_a_pull_without_a_replacement(tmp_path):
    """The reproduction: a1 pulled from 10:00 to 10:20 of the 2nd period, a wins 1-0: a1's shutout."""
    rows, _ = one_game(tmp_path, [goalie("home", 2, "10:00", "pull"), goalie("home", 2, "10:20", "in"),
                                  goal("home", 3, "05:00", "a2")])
    assert record(rows["a1"]) == (1, 0, 0, 0, 0, 1)
    assert rows["a1"]["min"] == "59:40"
    assert record(rows["b1"]) == (0, 1, 0, 0, 1, 0)


def test_shutout_survives_a_pull_to_the_end_of_the_game(tmp_path):
    rows, _ = one_game(tmp_path, [goal("home", 1, "05:00", "a2"), goalie("home", 3, "19:00", "pull")])
    assert record(rows["a1"]) == (1, 0, 0, 0, 0, 1)


def test_a_0_0_game_decided_by_a_shootout_is_a_shutout_for_both_goalies(tmp_path):
    """The reproduction: 0-0 after overtime, b wins the shootout: shutouts for a1 and b1."""
    rows, _ = one_game(tmp_path, shootout_win("a", "b", "b", level=0))
    assert record(rows["a1"]) == (0, 0, 0, 1, 0, 1)
    assert record(rows["b1"]) == (1, 0, 0, 0, 0, 1)


def test_a_game_shared_by_two_goalies_is_a_shutout_for_neither(tmp_path):
    rows, _ = one_game(tmp_path, [goal("home", 1, "05:00", "a2"), goalie("home", 2, "00:00", "in", "a5")])
    assert record(rows["a1"]) == (1, 0, 0, 0, 0, 0)  # in net at the winning goal, 5:00 of the 1st
    assert record(rows["a5"]) == (0, 0, 0, 0, 0, 0)
    assert record(rows["b1"]) == (0, 1, 0, 0, 1, 0)


def team_shutouts(tmp_path: Path, events: list[dict[str, Any]]) -> dict[str, int]:
    """Team -> its team shutouts (`stats` teams' `so`) for one game a-b."""
    data = season(["a", "b"], [("a", "b", events)])
    home = [x for x in data["games"][0]["lineups"]["home"] if x != {"player": "a5"}]
    data["games"][0]["lineups"]["home"] = [*home, {"player": "a5", "goalie": True}]
    svc = open_league(tmp_path / "league", rulebook_text(), data)
    try:
        return {r["team"]: r["so"] for r in svc.stats()["teams"]}
    finally:
        svc.close()


def test_a_game_shared_by_two_goalies_is_a_team_shutout(tmp_path):
    """Neither goalie is credited, the team is: a's `so` in the teams' statistics."""
    so = team_shutouts(tmp_path, [goal("home", 1, "05:00", "a2"), goalie("home", 2, "00:00", "in", "a5")])
    assert so == {"a": 1, "b": 0}


def test_a_0_0_shootout_game_is_a_team_shutout_for_both_teams_and_an_empty_net_goal_ends_one(tmp_path):
    assert team_shutouts(tmp_path / "so", shootout_win("a", "b", "b", level=0)) == {"a": 1, "b": 1}
    assert team_shutouts(tmp_path / "en", [goalie("home", 3, "19:00", "pull"),
                                          goal("away", 3, "19:30", "b2")]) == {"a": 0, "b": 1}


def test_an_empty_net_goal_against_ends_the_shutout_but_is_nobodys_goal_against(tmp_path):
    rows, game = one_game(tmp_path, [goalie("home", 3, "19:00", "pull"), goal("away", 3, "19:30", "b2")])
    assert game["goals"][0]["empty_net"] is True
    assert record(rows["a1"]) == (0, 1, 0, 0, 0, 0)  # the loss: the goalie last in before the empty-net goal
    assert record(rows["b1"]) == (1, 0, 0, 0, 0, 1)


# -- the second of a change ---------------------------------------------------------------------------------------

def test_goal_entered_before_a_change_at_the_same_second_is_the_outgoing_goalies(tmp_path):
    """The reproduction: b's goal at 10:00 of the 1st, entered before a1 gives way to a5 at 10:00: a1's goal
    against and a1's loss."""
    rows, _ = one_game(tmp_path, [goal("away", 1, "10:00", "b2"), goalie("home", 1, "10:00", "in", "a5")])
    assert record(rows["a1"]) == (0, 1, 0, 0, 1, 0)
    assert record(rows["a5"]) == (0, 0, 0, 0, 0, 0)
    assert rows["a1"]["min"] == "10:00" and rows["a5"]["min"] == "50:00"


def test_goal_entered_after_a_change_at_the_same_second_is_still_the_outgoing_goalies(tmp_path):
    rows, _ = one_game(tmp_path, [goalie("home", 1, "10:00", "in", "a5"), goal("away", 1, "10:00", "b2")])
    assert record(rows["a1"]) == (0, 1, 0, 0, 1, 0)
    assert record(rows["a5"]) == (0, 0, 0, 0, 0, 0)


def test_goal_a_second_after_the_change_is_the_incoming_goalies(tmp_path):
    rows, _ = one_game(tmp_path, [goalie("home", 1, "10:00", "in", "a5"), goal("away", 1, "10:01", "b2")])
    assert record(rows["a1"]) == (0, 0, 0, 0, 0, 0)
    assert record(rows["a5"]) == (0, 1, 0, 0, 1, 0)


def test_goal_a_second_before_the_change_is_the_outgoing_goalies(tmp_path):
    rows, _ = one_game(tmp_path, [goal("away", 1, "09:59", "b2"), goalie("home", 1, "10:00", "in", "a5")])
    assert record(rows["a1"]) == (0, 1, 0, 0, 1, 0)
    assert record(rows["a5"]) == (0, 0, 0, 0, 0, 0)


def test_a_pull_and_a_goal_at_the_same_second_the_goal_is_the_pulled_goalies(tmp_path):
    for order in ("pull first", "goal first"):
        pull, against = goalie("home", 3, "19:00", "pull"), goal("away", 3, "19:00", "b2")
        events = [pull, against] if order == "pull first" else [against, pull]
        rows, game = one_game(tmp_path / order.replace(" ", "_"), events)
        assert game["goals"][0]["empty_net"] is False, order
        assert record(rows["a1"]) == (0, 1, 0, 0, 1, 0), order
        assert record(rows["b1"]) == (1, 0, 0, 0, 0, 1), order


def test_an_explicit_empty_net_goal_at_the_pull_second_stays_nobodys(tmp_path):
    rows, game = one_game(tmp_path, [goalie("home", 3, "19:00", "pull"),
                                     {**goal("away", 3, "19:00", "b2"), "empty_net": True}])
    assert game["goals"][0]["empty_net"] is True
    assert record(rows["a1"]) == (0, 1, 0, 0, 0, 0)


def test_a_penalty_shot_at_the_change_second_is_the_outgoing_goalies(tmp_path):
    for order in ("shot first", "change first"):
        shot, change = penalty_shot("away", 1, "10:00", "b3"), goalie("home", 1, "10:00", "in", "a5")
        events = [shot, change] if order == "shot first" else [change, shot]
        rows, game = one_game(tmp_path / order.replace(" ", "_"), events)
        assert game["goals"][0]["penalty_shot"] is True, order
        assert record(rows["a1"]) == (0, 1, 0, 0, 1, 0), order
        assert record(rows["a5"]) == (0, 0, 0, 0, 0, 0), order


def test_the_game_sheet_goalie_lines_follow_the_outgoing_goalie(tmp_path):
    """The game sheet reads the same goaltending: a1 carries the goal at the change's second."""
    data = season(["a", "b"], [("a", "b", [goalie("home", 1, "10:00", "in", "a5"), goal("away", 1, "10:00", "b2")])])
    data["games"][0]["lineups"]["home"] = [{"player": "a1", "goalie": True}, {"player": "a2"}, {"player": "a3"},
                                           {"player": "a4"}, {"player": "a5", "goalie": True}]
    svc = open_league(tmp_path / "sheet", rulebook_text(), data)
    try:
        view = svc.view()
        state = view.state("g01")
        lines = goalie_lines(state.game, view.book, state, None)["home"]
        assert [(x.player, x.seconds, x.goals_against) for x in lines] == [("a1", 600, 1), ("a5", 3000, 0)]
    finally:
        svc.close()
