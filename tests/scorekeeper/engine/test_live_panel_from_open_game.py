"""The live panel at the clock's time read from a game's open computation (`LiveGame.until`): the same reading
`live_state` computes from the first event, whenever the clock is at or past the last entry."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.computation import compute_until
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


@settings(max_examples=150, deadline=None)
@given(timed_log())
def test_the_game_at_the_last_entrys_time_read_from_the_open_computation_equals_the_one_computed_from_the_first_event(
        log: list[dict]) -> None:
    """The clock at the last entry (the entry just keyed, as the window asks for its screen): where no penalty is
    over by then, the state now and the open computation itself are read, with no fork."""
    game = game_of(to_events(log))
    live = LiveGame(game, BOOK)
    last = max((e.period, e.elapsed) for e in game.events if e.period is not None and e.elapsed is not None)
    t = game_time(BOOK, game.stage, *last)
    comp, state = live.until(t)
    assert state.to_json() == compute_until(game, BOOK, t)[1].to_json()
    assert live_state(game, BOOK, t, (comp, state)) == live_state(game, BOOK, t)
    assert live.state().to_json() == LiveGame(game, BOOK).state().to_json()
    assert live_state(game, BOOK, t, live.until(t)) == live_state(game, BOOK, t)


@settings(max_examples=150, deadline=None)
@given(timed_log(), st.integers(0, 2999), st.data())
def test_the_live_panel_at_any_clock_from_the_open_game_equals_the_one_computed_from_the_first_event(
        log: list[dict], t: int, data) -> None:
    """A clock before the last entry (the scorekeeper looks back, or keys a penalty late): the open computation
    goes on from its last mark before `t`, built entry by entry in any order."""
    order = data.draw(st.permutations(range(len(log))), label="the order the entries are keyed in")
    keyed = [log[i] for i in order]
    live = LiveGame(game_of(to_events(keyed[:1])), BOOK)
    for k in range(2, len(keyed) + 1):
        extended = live.extended(game_of(to_events(keyed[:k])))
        assert extended is not None
        live = extended
    game = live.game
    assert live_state(game, BOOK, t, live.until(t)) == live_state(game, BOOK, t)
    comp, state = live.until(t)
    assert state.to_json() == compute_until(game, BOOK, t)[1].to_json()


def test_a_clock_before_the_last_entry_reads_the_game_up_to_that_clock() -> None:
    game = game_of(to_events([goal("home", 1, "05:00", "h2"), goal("away", 2, "03:00", "a2")]))
    live = LiveGame(game, BOOK)
    t = game_time(BOOK, game.stage, 2, 2 * 60)
    assert live.until(t)[1].score == {"home": 1, "away": 0}
    assert live_state(game, BOOK, t, live.until(t)) == live_state(game, BOOK, t)
