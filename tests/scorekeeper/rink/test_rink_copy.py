"""A rink PC's copy of the league (issue 32): taken, scored offline, sent once; two rinks on one game and a
player suspended at the league after the copy are conflicts the office settles; a refresh keeps what waits. On
SQLite and on the PostgreSQL server the suite starts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.rink.changes import waiting
from scorekeeper.rink.copy import take_copy
from scorekeeper.rink.send import send
from scorekeeper.services import ServiceError
from tests.scorekeeper.db.test_postgres import pg_url  # noqa: F401 - the throwaway server, as a fixture
from tests.scorekeeper.rink.rink_league import (
    audit_actions,
    dressed,
    game_id,
    league_game,
    open_league,
    rink_copy,
    same,
    score,
)


def _empty_postgres(url: str) -> None:
    psycopg = pytest.importorskip("psycopg")
    with psycopg.connect(url, autocommit=True) as con:
        con.execute("drop schema public cascade")
        con.execute("create schema public")


@pytest.fixture(params=["sqlite", "postgresql"])
def league_target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "league.db")
        return
    url = request.getfixturevalue("pg_url")
    _empty_postgres(url)
    yield url


def test_a_game_scored_on_a_rink_copy_reaches_the_league_intact_and_a_second_send_adds_nothing(
        league_target: str, tmp_path: Path) -> None:
    league = open_league(league_target, games=2)
    rink = rink_copy(tmp_path, "north", league, league_target)
    assert waiting(rink) == []
    played = score(rink, game_id(0))
    assert [w.id for w in waiting(rink)] == [game_id(0)]
    report = send(rink, league)
    assert report.sent == [game_id(0)] and report.conflicts == [] and report.waiting == []
    assert same(league_game(league, game_id(0)), played)
    assert league_game(league, game_id(0))["status"] == "final"
    assert audit_actions(league, "rink send") == [f"game {game_id(0)} from rink north"]
    again = send(rink, league)
    assert again.sent == [] and again.conflicts == []
    assert audit_actions(league, "rink send") == [f"game {game_id(0)} from rink north"]
    assert league.standings() != []  # the league's outputs read the game as any other


def test_two_rinks_scoring_the_same_game_the_second_send_is_a_conflict_and_the_league_keeps_the_first(
        league_target: str, tmp_path: Path) -> None:
    league = open_league(league_target, games=2)
    north = rink_copy(tmp_path, "north", league, league_target)
    south = rink_copy(tmp_path, "south", league, league_target)
    first = score(north, game_id(1), goals=3)
    score(south, game_id(1), goals=1)
    assert send(north, league).sent == [game_id(1)]
    report = send(south, league)
    assert report.sent == [] and [c.game for c in report.conflicts] == [game_id(1)]
    message = report.conflicts[0].message
    assert game_id(1) in message and "events (the league's 3, the rink's 1)" in message
    assert same(league_game(league, game_id(1)), first)
    listed = league.rink_conflicts()
    assert [(c.game, c.rink) for c in listed] == [(game_id(1), "south")]
    assert send(south, league).conflicts == [] and len(league.rink_conflicts()) == 1  # sent once, filed once
    assert league.settle_conflict(game_id(1), take_rink=False).ok
    assert league.rink_conflicts() == [] and same(league_game(league, game_id(1)), first)
    assert audit_actions(league, "rink conflict settled") == [f"game {game_id(1)} from rink south"]


def test_the_office_takes_the_rink_game_of_a_conflict(league_target: str, tmp_path: Path) -> None:
    league = open_league(league_target, games=2)
    north = rink_copy(tmp_path, "north", league, league_target)
    south = rink_copy(tmp_path, "south", league, league_target)
    score(north, game_id(0), goals=3)
    theirs = score(south, game_id(0), goals=1)
    send(north, league)
    send(south, league)
    assert league.settle_conflict(game_id(0), take_rink=True).ok
    assert same(league_game(league, game_id(0)), theirs) and league.rink_conflicts() == []


def test_a_player_suspended_at_the_league_after_the_copy_who_dressed_at_the_rink_is_a_conflict(
        league_target: str, tmp_path: Path) -> None:
    league = open_league(league_target, games=2)
    rink = rink_copy(tmp_path, "north", league, league_target)
    g004 = league_game(league, "g004")
    assert league.save_game({**g004, "lineups": {"home": dressed("ow"), "away": dressed("ly")}}, confirm=True).ok
    for minute in ("05:00", "09:00"):  # ly03's second major at the league (g004): two games' suspension
        assert league.add_event("g004", {"type": "penalty", "team": "away", "period": 1, "elapsed": minute,
                                         "player": "ly03", "infraction": "slashing", "class": "major"},
                                confirm=True).ok
    assert league.finish_game("g004", confirm=True).ok
    before = league_game(league, game_id(1))
    score(rink, game_id(1), dress=None)  # lynx v owls: ly03 dresses (he is among ly01-ly06)
    report = send(rink, league)
    assert report.sent == [] and [c.game for c in report.conflicts] == [game_id(1)]
    assert "ELIG-2" in report.conflicts[0].message and "suspended" in report.conflicts[0].message
    assert same(league_game(league, game_id(1)), before)
    assert [c.game for c in league.rink_conflicts()] == [game_id(1)]
    assert waiting(rink) == []  # handed to the office: it waits no more
    status = rink.rink_copy_status()
    assert status is not None and status.waiting == [] and status.conflicts == [game_id(1)]
    taken = league.settle_conflict(game_id(1), take_rink=True)  # the league's rules still refuse it
    assert not taken.ok and [v.rule for v in taken.blocks] == ["ELIG-2"]
    assert [c.game for c in league.rink_conflicts()] == [game_id(1)] and same(league_game(league, game_id(1)), before)


def test_a_refresh_keeps_the_changes_not_yet_sent_and_takes_the_league_s_others(
        league_target: str, tmp_path: Path) -> None:
    league = open_league(league_target, games=2)
    rink = rink_copy(tmp_path, "north", league, league_target)
    played = score(rink, game_id(0))
    assert league.save_game({**league_game(league, game_id(1)), "notes": "moved to rink 2"}, confirm=True).ok
    report = take_copy(rink, league, league_target, "north")
    assert report.kept == [game_id(0)]
    rink_label = report.league
    rink.forget()
    assert same(rink.view().games[game_id(0)], played)
    assert rink.view().games[game_id(1)].get("notes") == "moved to rink 2"
    assert [w.id for w in waiting(rink)] == [game_id(0)]
    assert audit_actions(rink, "rink copy") == [f"of {rink_label} as rink north"] * 2  # the copy, the refresh
    assert send(rink, league).sent == [game_id(0)] and same(league_game(league, game_id(0)), played)


def test_a_copy_refuses_a_database_that_is_a_league_of_its_own(league_target: str, tmp_path: Path) -> None:
    league = open_league(league_target)
    other = open_league(str(tmp_path / "other.db"), games=1)
    with pytest.raises(ServiceError, match="holds seasons and is not a rink copy"):
        take_copy(other, league, league_target, "x")
    assert game_id(0) in other.view().games  # left as it was
