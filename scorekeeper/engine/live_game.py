"""A game's computation kept open at the boards: an entry at the end of its log applies only that entry."""

from __future__ import annotations

from scorekeeper.engine.computation import _Computation, _run
from scorekeeper.engine.events import Event, GameInput
from scorekeeper.engine.state import GameState
from scorekeeper.engine.timefmt import game_time
from scorekeeper.rulebook.model import Rulebook


def _order(ev: Event) -> tuple[int, int, int]:
    assert ev.period is not None and ev.elapsed is not None
    return (ev.period, ev.elapsed, ev.seq)


class LiveGame:
    """A game's computation kept open after its last event, so that an entry at the end of the log applies only
    that entry: `extended(game)` gives the same state as `compute_game(game)` at the cost of one event."""

    def __init__(self, game: GameInput, book: Rulebook) -> None:
        self.game = game
        self.book = book
        self.comp, self.forfeit, self.called = _run(game, book, None)
        timed = [e for e in game.events if e.period is not None and e.elapsed is not None]
        self.last = max((_order(e) for e in timed), default=None)
        self._at: tuple[int, tuple[_Computation, GameState]] | None = None

    def state(self) -> GameState:
        """The game's state now (the open computation is left as it is)."""
        finished = self.comp.fork()
        finished.g = self.game
        return finished.finish(self.forfeit, self.called)

    def until(self, t: int) -> tuple[_Computation, GameState] | None:
        """What `compute_until(self.game, self.book, t)` gives, at the cost of a fork, when no event is after game
        time `t` (the clock at or past the last entry); None when one is. The last answer is kept: the live state
        is read (never changed) from it, and the window asks for the same time twice after an entry (the live
        panel, the game's screen)."""
        if self._at is not None and self._at[0] == t:
            return self._at[1]
        last = self.last
        if last is not None and last[0] >= 1 and game_time(self.book, self.game.stage, last[0], last[1]) > t:
            return None
        comp = self.comp.fork()
        comp.g = self.game
        comp.clock.advance(t)
        self._at = (t, (comp, comp.snapshot(self.forfeit, self.called)))
        return self._at[1]

    def extended(self, game: GameInput) -> LiveGame | None:
        """`game`: this game with timed events added at the end of its log, each at or after the last one in
        game order; None when it is anything else (an untimed entry, an earlier time, changed line-ups...), which
        `compute_game` must then compute from the start."""
        known = len(self.game.events)
        added = game.events[known:]
        if (game.status == "final" or game.status != self.game.status or game.stage != self.game.stage
                or game.lineups != self.game.lineups or game.events[:known] != self.game.events or not added):
            return None
        last = self.last
        for ev in added:
            if ev.period is None or ev.elapsed is None or (last is not None and _order(ev) < last):
                return None
            last = _order(ev)
        new = object.__new__(LiveGame)
        new.game, new.book, new.forfeit, new.called, new.last = game, self.book, self.forfeit, self.called, last
        new._at = None
        new.comp = self.comp.fork()
        new.comp.g = game
        for ev in added:
            new.comp.apply(ev)
        return new

