"""The live panel at the clock's time read from a game's open computation (`LiveGame.until`): the same reading
`live_state` computes from the first event, whenever the clock is at or past the last entry."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.live import live_state
from scorekeeper.engine.live_game import LiveGame
from scorekeeper.engine.timefmt import game_time
from tests.scorekeeper.engine.test_live_game_resume import game_of, timed_log, to_events
from tests.scorekeeper.gamebuilder import BOOK, goal


@settings(max_examples=150, deadline=None)
@given(timed_log(), st.integers(0, 600))
def test_the_live_panel_from_the_open_game_equals_the_one_computed_from_the_first_event(log: list[dict],
                                                                                         later: int) -> None:
    game = game_of(to_events(log))
    live = LiveGame(game, BOOK)
    last = max((e.period, e.elapsed) for e in game.events if e.period is not None and e.elapsed is not None)
    t = game_time(BOOK, game.stage, *last) + later
    at_t = live.until(t)
    assert at_t is not None
    assert live_state(game, BOOK, t, at_t) == live_state(game, BOOK, t)
    # the open computation is left as it was: asked again, the same reading
    assert live_state(game, BOOK, t, live.until(t)) == live_state(game, BOOK, t)
    assert live.state().to_json() == LiveGame(game, BOOK).state().to_json()


def test_a_clock_before_the_last_entry_is_computed_from_the_first_event() -> None:
    game = game_of(to_events([goal("home", 1, "05:00", "h2"), goal("away", 2, "03:00", "a2")]))
    live = LiveGame(game, BOOK)
    assert live.until(game_time(BOOK, game.stage, 2, 2 * 60)) is None
    assert live.until(game_time(BOOK, game.stage, 2, 3 * 60)) is not None
