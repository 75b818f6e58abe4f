"""A game created at a rink (not scheduled at the league) under an id another rink also created (issue 32): the
first send makes it the league's, the second is a conflict naming both rinks, never merged silently. On SQLite and
on the PostgreSQL server the suite starts."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.rink.send import send
from scorekeeper.services import Services
from tests.scorekeeper.db.test_postgres import pg_url  # noqa: F401 - the throwaway server, as a fixture
from tests.scorekeeper.rink.rink_league import league_game, open_league, rink_copy, same, score
from tests.scorekeeper.rink.test_rink_copy import league_target  # noqa: F401 - SQLite and PostgreSQL leagues

NEW_GAME = "x900"


def _created(rink: Services, home: str, away: str, goals: int) -> None:
    """A game the rink adds to its copy (a game the league never scheduled), then scores."""
    game = {"id": NEW_GAME, "date": "2015-12-20", "time": "20:00", "stage": "regular", "home": home, "away": away,
            "status": "scheduled"}
    assert rink.save_game(game, confirm=True).ok
    score(rink, NEW_GAME, goals=goals)


def test_two_rinks_creating_the_same_new_game_id_the_second_is_a_conflict_naming_both(
        league_target: str, tmp_path: Path) -> None:  # noqa: F811
    league = open_league(league_target, games=1)
    north = rink_copy(tmp_path, "north", league, league_target)
    south = rink_copy(tmp_path, "south", league, league_target)
    _created(north, "otters", "herons", goals=2)
    _created(south, "lynx", "owls", goals=1)
    first = north.view().games[NEW_GAME]
    assert send(north, league).sent == [NEW_GAME]
    report = send(south, league)
    assert report.sent == [] and [c.game for c in report.conflicts] == [NEW_GAME]
    message = report.conflicts[0].message
    assert "was created at rink south" in message and "created at rink north" in message
    assert same(league_game(league, NEW_GAME), first)  # the first rink's, nothing of the second's
    assert [(c.game, c.rink) for c in league.rink_conflicts()] == [(NEW_GAME, "south")]
    assert send(south, league).conflicts == [] and len(league.rink_conflicts()) == 1  # filed once


def test_a_new_game_whose_id_the_office_scheduled_meanwhile_is_a_conflict(
        league_target: str, tmp_path: Path) -> None:  # noqa: F811
    league = open_league(league_target, games=1)
    north = rink_copy(tmp_path, "north", league, league_target)
    _created(north, "otters", "herons", goals=2)
    scheduled = {"id": NEW_GAME, "date": "2015-12-21", "time": "19:00", "stage": "regular", "home": "lynx",
                 "away": "owls", "status": "scheduled"}
    assert league.save_game(scheduled, confirm=True).ok
    report = send(north, league)
    assert [c.game for c in report.conflicts] == [NEW_GAME]
    assert "was created at rink north, and the league has a game of that id scheduled at the league" in (
        report.conflicts[0].message)
    assert league_game(league, NEW_GAME)["home"] == "lynx"
