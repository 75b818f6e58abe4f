"""What a rink adds besides games reaches the league too (issue 32): a player called up at the boards (added and
signed at the rink) before the game that dresses him, a payment taken at the rink once even when a send is cut off
after the league's commit and run twice; two rinks signing the same number to a team, or recording the same
payment, are conflicts for the office. On SQLite and on the PostgreSQL server the suite starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.rink.changes import waiting_items
from scorekeeper.rink.conflicts import ItemParcel
from scorekeeper.rink.copy import take_copy
from scorekeeper.rink.send import send
from scorekeeper.season_data import PaymentData
from scorekeeper.services import Services
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
from tests.scorekeeper.rink.test_rink_copy import league_target  # noqa: F401 - SQLite and PostgreSQL leagues
from tests.scorekeeper.rink.test_rink_interrupted_send import _send

PAID: PaymentData = {"payer": {"team": "otters"}, "amount": "25.00", "date": "2015-11-03",
                     "memo": "paid at the boards"}


def call_up(rink: Services, player: str, number: int) -> None:
    """A player added at the rink and signed to the herons (a call-up at the boards)."""
    assert rink.save_player({"id": player, "first": "Called", "last": "Up", "gender": "M"}, confirm=True).ok
    assert rink.sign_player("herons", player, number, confirm=True).ok


def signed(league: Services, team: str) -> dict[str, int]:
    league.forget()
    return {r["player"]: r["number"] for r in league.view().data.get("roster", []) if r["team"] == team}


def paid(league: Services) -> list[PaymentData]:
    league.forget()
    return [p for p in league.view().data.get("payments", []) if p.get("memo") == PAID["memo"]]


def test_a_player_added_at_the_rink_and_dressed_reaches_the_league_before_the_game(
        league_target: str, tmp_path: Path) -> None:  # noqa: F811
    league = open_league(league_target, games=1)
    rink = rink_copy(tmp_path, "north", league, league_target)
    call_up(rink, "he99", 99)
    played = score(rink, game_id(0), dress="he99")  # otters v herons: he99 dresses for the herons
    status = rink.rink_copy_status()
    assert status is not None and status.waiting == ["roster:herons", game_id(0)]
    report = send(rink, league)
    assert report.sent == ["roster:herons", game_id(0)] and report.conflicts == []
    assert signed(league, "herons")["he99"] == 99
    assert same(league_game(league, game_id(0)), played)
    assert audit_actions(league, "rink send") == ["roster of team herons from rink north",
                                                  f"game {game_id(0)} from rink north"]
    assert send(rink, league).sent == [] and waiting_items(rink) == []
    take_copy(rink, league, league_target, "north")  # a refresh: nothing waits, the league's roster is the copy's
    assert waiting_items(rink) == [] and rink.rink_copy_status().waiting == []  # type: ignore[union-attr]


def test_a_payment_at_the_rink_reaches_the_league_once_after_an_interrupted_send_run_twice(
        league_target: str, tmp_path: Path) -> None:  # noqa: F811
    league = open_league(league_target, games=1)
    rink = rink_copy(tmp_path, "north", league, league_target)
    assert rink.record_payment(PAID).ok
    [pending] = waiting_items(rink)
    # the send cut off after the league's commit, before the rink marked it sent
    assert league.receive_rink_item(ItemParcel("north", pending.item, pending.baseline), "2015-16").kind == "sent"
    assert [w.id for w in waiting_items(rink)] == [pending.id]
    first, second = send(rink, league), send(rink, league)
    assert first.sent == [pending.id] and first.conflicts == [] and second.sent == []
    assert paid(league) == [PAID]
    assert audit_actions(league, "rink send") == [f"payment {pending.item.key} from rink north"]
    assert waiting_items(rink) == [] and league.rink_conflicts() == []


def test_a_fine_paid_at_the_rink_is_sent_after_the_game_that_set_it(
        league_target: str, tmp_path: Path) -> None:  # noqa: F811
    league = open_league(league_target, games=1)
    rink = rink_copy(tmp_path, "north", league, league_target)
    gid = game_id(0)
    game = rink.view().games[gid]
    assert rink.save_game({**game, "lineups": {"home": dressed("ot"), "away": dressed("he")}}, confirm=True).ok
    assert rink.add_event(gid, {"type": "penalty", "team": "away", "period": 1, "elapsed": "04:00", "player": "he03",
                                "infraction": "fighting"}, confirm=True).ok
    assert rink.finish_game(gid, confirm=True).ok
    [fine] = [f for f in rink.fines()["fines"] if f["game"] == gid]
    payment: PaymentData = {"payer": fine["payer"], "amount": fine["amount"], "date": "2015-11-01",
                            "fine": {"game": gid, "rule": fine["rule"]}}
    assert rink.record_payment(payment).ok
    report = send(rink, league)
    assert report.sent[0] == gid and report.sent[1].startswith("payment:") and report.conflicts == []
    assert [f for f in league.fines()["fines"] if f["game"] == gid] != []
    league.forget()
    assert payment in league.view().data.get("payments", [])


def test_the_same_number_signed_at_two_rinks_and_a_payment_recorded_twice_are_conflicts(
        league_target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    league = open_league(league_target, games=1)
    north = rink_copy(tmp_path, "north", league, league_target)
    south = rink_copy(tmp_path, "south", league, league_target)
    call_up(north, "he99", 99)
    call_up(south, "he98", 99)
    for rink in (north, south):
        assert rink.record_payment(PAID).ok
    assert send(north, league).sent == ["roster:herons", f"payment:{waiting_items(south)[1].item.key}"]
    report = send(south, league)
    assert report.sent == [] and [c.game.split(":")[0] for c in report.conflicts] == ["roster", "payment"]
    assert "the roster of Herons was changed at the league since rink south copied it" in report.conflicts[0].message
    assert "a payment twice" in report.conflicts[1].message
    assert "he98" not in signed(league, "herons") and paid(league) == [PAID]
    assert [c.rink for c in league.rink_conflicts()] == ["south", "south"]
    assert south.rink_copy_status().conflicts == [c.game for c in report.conflicts]  # type: ignore[union-attr]
    assert send(south, league).conflicts == [] and len(league.rink_conflicts()) == 2  # filed once
    assert league.settle_conflict("roster:herons", take_rink=False).ok
    assert "he98" not in signed(league, "herons")
    payment = report.conflicts[1].game
    assert main(["--db", league_target, "rink", "settle", payment, "--keep-league"]) == 0
    assert f"{payment}: the league's kept; the conflict is settled" in capsys.readouterr().out
    assert league.rink_conflicts() == [] and paid(league) == [PAID]
    take_copy(south, league, league_target, "south")  # the refresh makes the league's roster the copy's
    assert "he98" not in signed(south, "herons") and waiting_items(south) == []


def test_a_refresh_keeps_a_call_up_not_yet_sent(league_target: str, tmp_path: Path) -> None:  # noqa: F811
    league = open_league(league_target, games=1)
    rink = rink_copy(tmp_path, "north", league, league_target)
    call_up(rink, "he99", 99)
    take_copy(rink, league, league_target, "north")
    assert signed(rink, "herons")["he99"] == 99
    assert "roster:herons" in [w.id for w in waiting_items(rink)]
    assert "roster:herons" in send(rink, league).sent and signed(league, "herons")["he99"] == 99


def test_one_payment_sent_by_two_rinks_at_once_is_taken_once_and_the_other_is_a_conflict(
        league_target: str, tmp_path: Path) -> None:  # noqa: F811
    """The two sends run as processes at the same time; wherever they interleave, the league holds the payment
    once (the check and the write are one transaction) and lists the other rink's as a payment twice."""
    league = open_league(league_target, games=1)
    for name in ("north", "south"):
        rink = rink_copy(tmp_path, name, league, league_target)
        assert rink.record_payment(PAID).ok
        rink.close()
    running = [_send(tmp_path / f"{name}.db") for name in ("north", "south")]
    for process in running:
        _, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
    assert paid(league) == [PAID]
    conflicts = league.rink_conflicts()
    assert len(conflicts) == 1 and "a payment twice" in conflicts[0].message
    sent = [x for x in audit_actions(league, "rink send") if x.startswith("payment ")]
    assert len(sent) == 1 and conflicts[0].rink not in sent[0]
