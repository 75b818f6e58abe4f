"""`Services.game_screen`: what the Live Game tab shows of one game, in one call, as read-only values."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.screens import GameScreen
from scorekeeper.services import ServiceError, Services
from tests.scorekeeper.test_cli import EXAMPLE


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[Services]:
    s = Services.open(str(tmp_path / "screen.db"))
    assert s.import_file(EXAMPLE).ok
    for side in ("home", "away"):
        rows = s.lineup_candidates("g004", side)
        dressed = [{"player": r["player"], "goalie": r["position"] == "goalie"} for r in rows]
        assert s.set_lineup("g004", side, dressed, confirm=True).ok
    yield s
    s.close()


def goal(svc: Services, side: str, elapsed: str) -> dict[str, Any]:
    scorer = next(d for d in svc.lineup("g004", side) if not d["goalie"])["player"]
    return {"type": "goal", "team": side, "period": 1, "elapsed": elapsed, "scorer": scorer, "assists": []}


def test_the_screen_shows_the_game_after_each_entry(svc: Services) -> None:
    assert svc.add_event("g004", goal(svc, "home", "02:00")).ok
    screen = svc.game_screen("g004", 1, "03:00")
    assert isinstance(screen, GameScreen) and not screen.final
    assert [e["elapsed"] for e in screen.events] == ["02:00"]
    assert dict(screen.score) == {"home": 1, "away": 0} and screen.live is not None
    assert screen.row["id"] == "g004" and dict(screen.row["score"]) == {"home": 1, "away": 0}
    assert screen.can_undo and not screen.can_redo
    assert {d.player for d in screen.lineups["home"]} == {d["player"] for d in svc.lineup("g004", "home")}
    assert svc.add_event("g004", goal(svc, "away", "04:00")).ok
    later = svc.game_screen("g004", 1, "05:00")
    assert [e["team"] for e in later.events] == ["home", "away"] and dict(later.score) == {"home": 1, "away": 1}
    assert later.events[0] is screen.events[0]  # the entries already shown are not copied again


def test_an_edited_entry_is_shown_as_edited(svc: Services) -> None:
    assert svc.add_event("g004", goal(svc, "home", "02:00")).ok
    assert svc.game_screen("g004", 1, "03:00").events[0]["elapsed"] == "02:00"
    assert svc.update_event("g004", 0, goal(svc, "home", "02:30")).ok
    assert svc.game_screen("g004", 1, "03:00").events[0]["elapsed"] == "02:30"
    assert svc.undo("g004").ok
    assert svc.game_screen("g004", 1, "03:00").events[0]["elapsed"] == "02:00"


def test_the_screen_is_read_only(svc: Services) -> None:
    assert svc.add_event("g004", goal(svc, "home", "02:00")).ok
    screen = svc.game_screen("g004", 1, "03:00")
    with pytest.raises(TypeError):
        screen.events[0]["elapsed"] = "09:00"  # type: ignore[index]
    with pytest.raises(TypeError):
        screen.row["score"]["home"] = 9  # type: ignore[index]
    with pytest.raises(AttributeError):
        screen.status = "final"  # type: ignore[misc]
    assert svc.view().games["g004"]["events"][0]["elapsed"] == "02:00"


def test_an_unknown_game_is_a_service_error(svc: Services) -> None:
    with pytest.raises(ServiceError, match="no game 'g999'"):
        svc.game_screen("g999", 1, "00:00")


def test_the_ids_of_new_records_are_the_cores(svc: Services) -> None:
    players = svc.players()
    some = next(iter(players.values()))
    assert some["name"] == f"{some['first']} {some['last']}"
    with pytest.raises(TypeError):
        some["first"] = "X"  # type: ignore[index]
    assert svc.new_player_id("Zoë", "Côté") == "zoe-cote"
    assert svc.save_player({"id": "zoe-cote", "first": "Zoë", "last": "Côté", "gender": "F"}, confirm=True).ok
    assert svc.new_player_id("Zoë", "Côté") == "zoe-cote-2"
    assert svc.new_team_id(next(iter(svc.view().teams))) not in svc.view().teams
    division = svc.divisions()[0]
    assert svc.new_division_id(division["id"]) == f"{division['id']}-2"
    numbered = sorted(g for g in svc.view().games if g[1:].isdigit())
    assert svc.new_game_id({"date": "2016-02-20", "time": "20:15", "home": "owls", "away": "herons"}) == (
        f"g{int(numbered[-1][1:]) + 1:03d}")
    assert svc.rinks() == sorted({g["rink"] for g in svc.view().games.values() if g.get("rink")})


def test_an_entry_asked_with_a_clock_carries_the_screen_a_fresh_call_gives(svc: Services) -> None:
    """`screen_at`: the window redraws from the entry's one call; its screen is `game_screen`'s at that clock,
    each entry kind (added, changed, deleted); a refused entry or one not asked carries none."""
    added = svc.add_event("g004", goal(svc, "home", "02:00"), screen_at=(1, "03:00"))
    assert added.ok and added.screen == svc.game_screen("g004", 1, "03:00") and added.screen.live is not None
    assert svc.add_event("g004", goal(svc, "away", "02:30")).screen is None  # not asked
    changed = svc.update_event("g004", 1, goal(svc, "away", "02:40"), screen_at=(1, "02:50"))
    assert changed.ok and changed.screen == svc.game_screen("g004", 1, "02:50")
    deleted = svc.delete_event("g004", 0, screen_at=(2, "00:10"))
    assert deleted.ok and deleted.screen == svc.game_screen("g004", 2, "00:10")
    assert [e["elapsed"] for e in deleted.screen.events] == ["02:40"]
    refused = svc.add_event("g004", {"type": "goal", "team": "home", "period": 1, "elapsed": "99:99"},
                            screen_at=(1, "03:00"))
    assert not refused.ok and refused.screen is None
