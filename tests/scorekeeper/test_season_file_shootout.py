"""The `shootout` event of the season file (the project's own addition for leagues whose rulebook has one): its
shape is checked like every other event's, with where and what (FILE)."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.seasonfile import check_event, norm_event


def problems(event: Any) -> list[str]:
    return [f"{v.where}: {v.message}" for v in check_event(event, "games[0].events[3]")]


def test_file_shootout_winner_alone_or_with_attempts_is_well_formed():
    assert problems({"type": "shootout", "team": "home"}) == []
    assert problems({"type": "shootout", "team": "away", "attempts": [
        {"team": "home", "shooter": "p1", "scored": False}, {"team": "away", "shooter": "p2", "scored": True}]}) == []


@pytest.mark.parametrize(("event", "expected"), [
    ({"type": "shootout"}, "needs 'team'"),
    ({"type": "shootout", "team": "both"}, "team"),
    ({"type": "shootout", "team": "home", "winner": "home"}, "unknown key 'winner'"),
    ({"type": "shootout", "team": "home", "attempts": "p1 scored"}, "attempts must be a list"),
    ({"type": "shootout", "team": "home", "attempts": [["home", "p1", True]]}, "attempts[0]"),
    ({"type": "shootout", "team": "home", "attempts": [{"team": "home", "shooter": "p1"}]}, "needs 'scored'"),
    ({"type": "shootout", "team": "home", "attempts": [{"team": "h", "shooter": "p1", "scored": True}]},
     "attempts[0].team"),
    ({"type": "shootout", "team": "home", "attempts": [{"team": "home", "shooter": "", "scored": True}]},
     "shooter must be a non-empty text"),
    ({"type": "shootout", "team": "home", "attempts": [{"team": "home", "shooter": "p1", "scored": "yes"}]},
     "scored must be true or false"),
    ({"type": "shootout", "team": "home", "attempts": [{"team": "home", "shooter": "p1", "scored": True,
                                                        "goalie": "p9"}]}, "unknown key 'goalie'"),
])
def test_file_malformed_shootout_is_refused_saying_where_and_what(event: dict[str, Any], expected: str):
    found = problems(event)
    assert found and any(expected in p for p in found), found


def test_file_shootout_normalised_keeps_its_attempts():
    attempts = [{"team": "home", "shooter": "p1", "scored": True}]
    assert norm_event({"type": "shootout", "team": "home", "attempts": attempts}) == {
        "type": "shootout", "team": "home", "attempts": attempts}
    assert norm_event({"type": "shootout", "team": "away"}) == {"type": "shootout", "team": "away"}
