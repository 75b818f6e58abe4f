"""The entry path's views (SeasonView.with_events): the view an entry makes shares the other games' inputs and
states with the view it came from, and each keeps its own reading of the game that changed."""

from __future__ import annotations

import random

from scorekeeper.rules.eligibility import player_status
from scorekeeper.season.view import GameCache, SeasonView
from scorekeeper.seasonfile import normalise
from tests.scorekeeper.test_incremental_equals_scratch import league, rulebook

BOOK = rulebook(True, True, "person", "before_next_game")


def a_season(games: int = 60) -> SeasonView:
    return SeasonView(normalise(league(random.Random(5), "s", 1, 4, games)), BOOK)


def with_goal(view: SeasonView, gid: str, minute: int) -> SeasonView:
    game = view.games[gid]
    scorer = game["lineups"]["home"][-1]["player"]
    event = {"type": "goal", "team": "home", "period": 1, "elapsed": f"{minute:02d}:00", "scorer": scorer,
             "assists": []}
    return view.with_events({**game, "events": [*game.get("events", []), event]})


def open_games(view: SeasonView) -> list[str]:
    return [gid for gid, g in view.games.items() if g.get("status") != "final"]


def test_an_entry_leaves_the_view_it_came_from_as_it_was():
    before = a_season()
    gid = open_games(before)[0]
    score = before.state(gid).score
    after = with_goal(before, gid, 1)
    assert after.state(gid).score["home"] == score["home"] + 1
    assert before.state(gid).score == score  # its own reading, not the entry's
    assert len(before.games[gid].get("events", [])) + 1 == len(after.games[gid]["events"])
    assert [g["id"] for g in after.data["games"]] == [g["id"] for g in before.data["games"]]


def test_the_other_games_states_are_shared_not_recomputed():
    before = a_season()
    gid = open_games(before)[0]
    after = with_goal(before, gid, 1)
    other = next(g for g in after.games if g != gid)
    assert after.state(other) is before.state(other)  # computed once, for both views


def test_entries_in_more_games_than_a_view_keeps_of_its_own_equal_a_fresh_reading():
    view = a_season(320)
    games = open_games(view)
    assert len(games) > GameCache.MAX_OWN
    for minute, gid in enumerate(games):
        view.state(gid)
        view = with_goal(view, gid, minute % 20)
    fresh = SeasonView(view.data, view.book)
    for gid in view.games:
        assert view.state(gid).score == fresh.state(gid).score
        assert view.game_input(gid) == fresh.game_input(gid)


def test_a_game_cache_keeps_a_changed_game_apart_from_the_shared_values():
    shared: GameCache[int] = GameCache()
    shared["a"], shared["b"] = 1, 2
    changed = shared.changed("a")
    assert changed.get("a") is None and changed["b"] == 2
    changed["a"] = 10
    changed["c"] = 3  # a game the two views share: known to both
    assert shared["a"] == 1 and shared["c"] == 3
    assert changed.without({"b"}).get("b") is None and changed.without({"b"})["a"] == 10


def test_susp_1_a_game_not_final_rescheduled_earlier_moves_the_places_the_suspensions_are_counted_by():
    view = a_season(80)
    moved = {**view.games[open_games(view)[-1]], "date": min(g["date"] for g in view.games.values()), "time": "08:00"}
    data = {**view.data, "games": [moved if g["id"] == moved["id"] else g for g in view.data["games"]]}
    for gid in view.games:  # every season-wide value filled before the change
        view.state(gid)
        for x in view.games[gid]["lineups"]["home"]:
            player_status(view, gid, "home", x["player"])
    changed, fresh = view.with_changes(data, {moved["id"]}, False), SeasonView(data, view.book)
    assert changed.order_of(moved["id"]) == 0
    for gid, g in fresh.games.items():
        for side in ("home", "away"):
            for x in g["lineups"][side]:
                assert player_status(changed, gid, side, x["player"]) == player_status(fresh, gid, side, x["player"])
