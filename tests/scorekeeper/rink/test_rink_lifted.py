"""A suspension the office lifted at the league travels with the rink copy (issue 32): the season file does not
carry it, the copy does (in its own tables), so the player the office cleared dresses at the rink without a
refusal, a refresh picks up a lift made since the copy, and the league takes the game sent. On SQLite and on the
PostgreSQL server the suite starts."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.rink.copy import take_copy
from scorekeeper.rink.send import send
from scorekeeper.services import Services
from tests.scorekeeper.db.test_postgres import pg_url  # noqa: F401 - the throwaway server, as a fixture
from tests.scorekeeper.rink.rink_league import dressed, game_id, league_game, open_league, rink_copy, same, score
from tests.scorekeeper.rink.test_rink_copy import league_target  # noqa: F401 - SQLite and PostgreSQL leagues


def _suspend_ly03(league: Services) -> None:
    """ly03's second major in g004 (at the league): two games' suspension, g101 (lynx v owls) among them."""
    g004 = league_game(league, "g004")
    assert league.save_game({**g004, "lineups": {"home": dressed("ow"), "away": dressed("ly")}}, confirm=True).ok
    for minute in ("05:00", "09:00"):
        assert league.add_event("g004", {"type": "penalty", "team": "away", "period": 1, "elapsed": minute,
                                         "player": "ly03", "infraction": "slashing", "class": "major"},
                                confirm=True).ok
    assert league.finish_game("g004", confirm=True).ok
    assert any(s["player"] == "ly03" for s in league.suspensions()["suspensions"])


def _lift(league: Services) -> None:
    assert league.lift_suspension("ly03", "g004", "2015-10-30", "reviewed: one major was misread").ok


def test_a_player_the_office_cleared_before_the_copy_dresses_at_the_rink_and_the_league_takes_the_game(
        league_target: str, tmp_path: Path) -> None:  # noqa: F811
    league = open_league(league_target, games=2)
    _suspend_ly03(league)
    _lift(league)
    rink = rink_copy(tmp_path, "north", league, league_target)
    played = score(rink, game_id(1))  # lynx v owls: ly03 dresses (asserted accepted, no refusal)
    assert "ly03" in [p["player"] for p in played["lineups"]["home"] + played["lineups"]["away"]]
    report = send(rink, league)
    assert report.sent == [game_id(1)] and report.conflicts == []
    assert same(league_game(league, game_id(1)), played)
    # a new copy of the league holding that game (the cleared player dressed) is taken: the lift judged with it
    south = rink_copy(tmp_path, "south", league, league_target)
    assert same(south.view().games[game_id(1)], played)


def test_a_refresh_picks_up_a_lift_made_since_the_copy(league_target: str, tmp_path: Path) -> None:  # noqa: F811
    league = open_league(league_target, games=2)
    _suspend_ly03(league)
    rink = rink_copy(tmp_path, "north", league, league_target)
    game = rink.view().games[game_id(1)]
    refused = rink.save_game({**game, "lineups": {"home": dressed("ly"), "away": dressed("ow")}}, confirm=True)
    assert not refused.ok and "ELIG-2" in [v.rule for v in refused.blocks]  # suspended, as the copy knows
    _lift(league)
    take_copy(rink, league, league_target, "north")
    rink.forget()
    played = score(rink, game_id(1))
    assert send(rink, league).sent == [game_id(1)]
    assert same(league_game(league, game_id(1)), played)


def test_a_fine_the_office_waived_and_a_captain_told_travel_with_the_copy(
        league_target: str, tmp_path: Path) -> None:  # noqa: F811
    league = open_league(league_target, games=1)
    _suspend_ly03(league)
    assert league.record_notice("ly03", "g004", "2015-10-19T09:00:00").ok
    fines = [f for f in league.fines()["fines"] if f["game"] == "g004"]
    fine = fines[0]
    payer = next(iter(fine["payer"].values()))
    assert league.waive_fine(payer, "g004", fine["rule"], "first offence").ok
    rink = rink_copy(tmp_path, "north", league, league_target)
    assert not [f for f in rink.fines()["fines"] if f["game"] == "g004" and f["rule"] == fine["rule"]
                and next(iter(f["payer"].values())) == payer]  # waived at the rink too
    assert ("ly03", "g004") in rink.view().office.notices  # no SUSP-2 warning at the rink for a captain told
