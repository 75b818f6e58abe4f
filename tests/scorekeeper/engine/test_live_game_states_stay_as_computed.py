"""A game in progress finished without a fork (`LiveGame.state`, issue 29: nobody in the box or waiting, no end,
no shootout entered) shares its values with the open computation: every state handed out stays the one
`compute_game` gives for its log however many entries follow it (the view an entry was judged in stays in use when
the next entry is refused), and asking the open game to go on (`extended`) or for the live panel (`until`) changes
none of them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import compute_game
from scorekeeper.engine.live_game import LiveGame
from tests.scorekeeper.engine.test_live_game_resume import BOOK, game_of, timed_log, to_events


@settings(max_examples=150, deadline=None)
@given(timed_log(), st.data())
def test_every_state_an_open_game_handed_out_stays_the_one_computed_from_the_start(log: list[dict],
                                                                                  data: st.DataObject) -> None:
    events = to_events(log)
    live = LiveGame(game_of(events[:1]), BOOK)
    handed = [(1, live.state())]
    for k in range(2, len(events) + 1):
        extended = live.extended(game_of(events[:k]))
        assert extended is not None
        at = data.draw(st.integers(0, 2400), label="the live panel's time")
        extended.until(at)
        live = extended
        handed.append((k, live.state()))
        live.until(data.draw(st.integers(0, 2400), label="the live panel's time after"))
    for k, state in handed:
        assert state.to_json() == compute_game(game_of(events[:k]), BOOK).to_json(), k
