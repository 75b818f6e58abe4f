"""The standings order other leagues publish (issue 19): regulation wins (RW), regulation and overtime wins (ROW),
fewer games played, points percentage, and head-to-head without the odd home game; every name documented and an
unknown one refused with the allowed ones listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.rulebook import RulebookError, parse_rulebook
from scorekeeper.rules.tiebreakers import NAMES, Meeting, without_odd_games
from tests.scorekeeper.season.league_builder import (
    open_league,
    order,
    overtime_win,
    rows,
    rulebook_text,
    score,
    season,
    shootout_win,
)

DOCS = Path(__file__).resolve().parents[3] / "docs" / "rulebook.md"


def _row_season() -> dict:
    """a and b level on points (3), games (2), regulation wins (0) and wins (1); b's win came in overtime, a's in
    a shootout; a scored more goals."""
    return season(["a", "b", "c", "d"], [
        ("a", "c", shootout_win("a", "c", "a", level=4)),   # a wins the shootout: 5-4
        ("d", "a", overtime_win("d", "a", "d", level=3)),   # a loses in overtime: 3-4
        ("b", "c", overtime_win("b", "c", "b", level=0)),   # b wins in overtime: 1-0
        ("d", "b", shootout_win("d", "b", "d", level=0)),   # b loses the shootout: 0-1
    ])


def test_regulation_and_overtime_wins_decide_where_points_and_wins_are_level(tmp_path):
    svc = open_league(tmp_path / "row", rulebook_text(["points", "regulation_wins", "regulation_overtime_wins",
                                                        "wins", "goal_diff", "gf"]), _row_season())
    r = rows(svc)
    assert (r["a"]["pts"], r["a"]["gp"], r["a"]["w"], r["a"]["rw"]) == (r["b"]["pts"], r["b"]["gp"], r["b"]["w"],
                                                                        r["b"]["rw"]) == (3, 2, 1, 0)
    assert (r["a"]["row"], r["b"]["row"]) == (0, 1)
    assert r["a"]["gf"] > r["b"]["gf"]
    assert order(svc).index("b") < order(svc).index("a")


def test_without_row_goals_for_orders_the_same_teams_the_other_way(tmp_path):
    svc = open_league(tmp_path / "gf", rulebook_text(["points", "wins", "gf"]), _row_season())
    assert order(svc).index("a") < order(svc).index("b")
    assert "row" not in rows(svc)["a"] and "rw" not in rows(svc)["a"]


def _unequal_schedule() -> dict:
    """a: 3 games, 4 points (.667); b: 2 games, 3 points (.750); c: 3 games, 4 points; d: 2 games, 0 points."""
    return season(["a", "b", "c", "d"], [
        ("a", "c", score("a", "c", 1, 0)),
        ("a", "d", score("a", "d", 1, 0)),
        ("c", "a", score("c", "a", 1, 0)),
        ("b", "d", score("b", "d", 1, 0)),
        ("b", "c", overtime_win("b", "c", "c")),
    ])


def test_points_percentage_ranks_a_team_with_fewer_games_above_more_points(tmp_path):
    svc = open_league(tmp_path / "pct", rulebook_text(["points_pct", "points", "goal_diff"]), _unequal_schedule())
    r = rows(svc)
    assert (r["a"]["gp"], r["a"]["pts"], r["b"]["gp"], r["b"]["pts"]) == (3, 4, 2, 3)
    assert (r["b"]["pts_pct"], r["a"]["pts_pct"], r["d"]["pts_pct"]) == (0.75, 0.667, 0.0)
    assert order(svc)[0] == "b" and order(svc)[-1] == "d"


def test_points_first_ranks_the_same_teams_by_points(tmp_path):
    svc = open_league(tmp_path / "pts", rulebook_text(["points", "points_pct", "goal_diff"]), _unequal_schedule())
    assert order(svc).index("a") < order(svc).index("b") and order(svc).index("c") < order(svc).index("b")


def test_fewer_games_played_breaks_a_points_tie(tmp_path):
    # b: 2 games, 2 wins (4 points); c: 3 games, a win and two overtime losses (4 points), more goals
    data = season(["a", "b", "c", "d"], [
        ("b", "d", score("b", "d", 1, 0)),
        ("a", "b", score("a", "b", 0, 1)),
        ("c", "d", score("c", "d", 5, 0)),
        ("a", "c", overtime_win("a", "c", "a", level=3)),
        ("d", "c", overtime_win("d", "c", "d", level=3)),
    ])
    svc = open_league(tmp_path / "gp", rulebook_text(["points", "fewer_games_played", "gf"]), data)
    r = rows(svc)
    assert (r["b"]["pts"], r["b"]["gp"], r["c"]["pts"], r["c"]["gp"]) == (4, 2, 4, 3)
    assert r["c"]["gf"] > r["b"]["gf"]
    assert order(svc)[:2] == ["b", "c"]
    svc = open_league(tmp_path / "gf", rulebook_text(["points", "gf"]), data)
    assert order(svc)[:2] == ["c", "b"]


def _odd_meetings() -> dict:
    """a and b level on points, games, RW, ROW and wins; they met three times, twice at a's rink. All three
    games: a 2 wins, b 1. Without the first game at a's rink (a won it): one win each, and b's goal difference
    is the better."""
    return season(["a", "b", "c", "d"], [
        ("a", "b", score("a", "b", 1, 0)),   # the odd game: the first in the rink with the extra home game
        ("b", "a", score("b", "a", 1, 0)),
        ("a", "b", score("a", "b", 1, 0)),
        ("a", "c", score("a", "c", 1, 0)),
        ("d", "a", score("d", "a", 1, 0)),
        ("b", "c", score("b", "c", 5, 0)),
        ("b", "d", score("b", "d", 5, 0)),
    ])


def test_head_to_head_without_the_odd_home_game_nhl(tmp_path):
    svc = open_league(tmp_path / "odd", rulebook_text(["points", "points_pct", "regulation_wins",
                                                        "regulation_overtime_wins", "wins", "h2h_no_odd_game",
                                                        "goal_diff", "gf"]), _odd_meetings())
    r = rows(svc)
    assert (r["a"]["pts"], r["a"]["gp"], r["a"]["w"]) == (r["b"]["pts"], r["b"]["gp"], r["b"]["w"]) == (6, 5, 3)
    assert r["b"]["diff"] > r["a"]["diff"]
    assert order(svc)[:2] == ["b", "a"]


def test_head_to_head_counting_every_game_puts_the_other_team_first(tmp_path):
    svc = open_league(tmp_path / "all", rulebook_text(["points", "wins", "h2h", "goal_diff"]), _odd_meetings())
    assert order(svc)[:2] == ["a", "b"]


def test_the_odd_game_left_out_is_the_first_in_the_rink_with_the_extra_home_game():
    games = [Meeting(1, "a", "b", {"a": 2, "b": 0}, {"a": 1, "b": 0}, "a"),
             Meeting(2, "b", "a", {"a": 0, "b": 2}, {"a": 0, "b": 1}, "b"),
             Meeting(3, "a", "b", {"a": 0, "b": 2}, {"a": 0, "b": 1}, "b"),
             Meeting(4, "a", "c", {"a": 2, "c": 0}, {"a": 1, "c": 0}, "a")]
    assert [m.seq for m in without_odd_games(games)] == [2, 3]


def test_head_to_head_goal_difference_and_wins_among_the_tied_teams(tmp_path):
    # a and b level on points; b won their one meeting 1-0, a has the better goal difference overall
    data = season(["a", "b", "c", "d"], [
        ("a", "b", score("a", "b", 0, 1)),
        ("a", "c", score("a", "c", 6, 0)),
        ("d", "b", score("d", "b", 1, 0)),
        ("d", "c", score("d", "c", 1, 0)),
    ])
    for name in ("h2h_goal_diff", "h2h_wins", "h2h_pct"):
        svc = open_league(tmp_path / name, rulebook_text(["points", name, "goal_diff"]), data)
        assert order(svc) == ["d", "b", "a", "c"], name
    svc = open_league(tmp_path / "diff", rulebook_text(["points", "goal_diff"]), data)
    assert order(svc) == ["d", "a", "b", "c"]


def test_an_unknown_tiebreaker_is_refused_with_the_allowed_names():
    with pytest.raises(RulebookError) as caught:
        parse_rulebook(rulebook_text(["points", "row"]), origin="league.toml")
    message = str(caught.value)
    assert "league.toml: key 'standings.tiebreakers'" in message and "'row' is not a tiebreaker" in message
    assert all(name in message for name in NAMES)


def test_every_tiebreaker_name_is_documented_and_loads():
    documented = DOCS.read_text(encoding="utf-8")
    for name in NAMES:
        assert f"`{name}`" in documented, name
    assert parse_rulebook(rulebook_text(list(NAMES))).tiebreakers == NAMES


def test_the_standings_report_says_the_order_in_words(tmp_path):
    from scorekeeper.reports.data import standings_data
    from scorekeeper.rules.tiebreakers import words

    assert words(("points", "wins", "h2h", "goal_diff", "gf")) == (
        "points, then wins, then head-to-head points, then goal difference, then goals for")  # Westridge's A-25
    svc = open_league(tmp_path, rulebook_text(), _odd_meetings())
    note = standings_data(svc, date="2024-12-01").rules_note
    assert ("broken by points, then points percentage (points over the points the games played could give), then "
            "regulation wins") in note
    assert "head-to-head points percentage, not counting the odd home game" in note


def test_the_site_shows_the_figures_the_order_reads_and_the_rulebook_s_note(tmp_path):
    from scorekeeper.site import publish
    from tests.scorekeeper.site.dom import read_tables

    svc = open_league(tmp_path / "db", rulebook_text(), _unequal_schedule())
    site = publish(svc, tmp_path / "www", game_sheets=False)
    text = (site.folder / "standings.html").read_text(encoding="utf-8")
    (table,) = read_tables(text).tables
    assert table.head == ["#", "Team", "GP", "W", "L", "T", "OTW", "OTL", "PTS", "RW", "ROW", "P%", "GF", "GA",
                          "DIFF", "PIM", "GF%", "L10", "STRK", "HOME", "AWAY"]
    row = {r["team"]: r for r in svc.standings()["divisions"][0]["rows"]}["b"]
    cells = next(cells for attrs, cells in table.rows if attrs.get("data-team") == "b")
    assert cells[8:12] == [str(row["pts"]), str(row["rw"]), str(row["row"]), ".750"]
    assert "Ties in the standings are broken by points, then points percentage" in text
    assert "A win is worth 2 points" not in text
