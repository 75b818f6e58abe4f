"""A game's computation kept open at the boards: an entry applies only itself and the entries after it in game
order.

The computation is kept at marks along the game's timed events in game order (`marks`: after how many of them,
the computation there; never changed once kept): an entry at the end of the log goes on from the last mark; one
earlier in game time (a penalty keyed after the next goal) goes on from the last mark before it and applies the
entries after it again; the live state at a time before the last entry goes on from the last mark before that
time. Each gives what the computation from the first event gives (`compute_game`, `compute_until`)."""

from __future__ import annotations

from bisect import bisect_right

from scorekeeper.engine.computation import _Computation
from scorekeeper.engine.events import Event, GameInput
from scorekeeper.engine.state import GameState
from scorekeeper.engine.timefmt import game_time
from scorekeeper.rulebook.model import Rulebook

MARK_EVERY = 4
"""While entries are applied again, the computation is kept after every this many (and right after the entry
that caused it), so the next entry earlier in game time applies few of them again."""

Order = tuple[int, int, int]
Mark = tuple[int, _Computation]


def _order(ev: Event) -> Order:
    assert ev.period is not None and ev.elapsed is not None
    return (ev.period, ev.elapsed, ev.seq)


def _timed(ev: Event) -> bool:
    return ev.period is not None and ev.elapsed is not None


def _mark_before(marks: list[Mark], n: int) -> Mark:
    """The last mark at or before `n` events (there is always the one at 0)."""
    return next(m for m in reversed(marks) if m[0] <= n)


class LiveGame:
    """A game's computation kept open after its last event, so that an entry applies only itself and the entries
    after it in game order: `extended(game)` gives the same state as `compute_game(game)`, and `until(t)` what
    `compute_until(game, book, t)` gives."""

    def __init__(self, game: GameInput, book: Rulebook) -> None:
        self.game = game
        self.book = book
        comp = _Computation(game, book)
        self.forfeit, self.called, _ = comp.pregame([e for e in game.events if not _timed(e)])
        self.timed = sorted((e for e in game.events if _timed(e)), key=_order)
        self.keys = [_order(e) for e in self.timed]
        # the computation before any timed event, never changed (with none, the open computation is that one)
        self.marks: list[Mark] = [(0, comp.fork())] if self.timed else []
        for ev in self.timed:
            comp.apply(ev)
        self.comp = comp
        self.marks.append((len(self.timed), comp))
        self._at: tuple[int, tuple[_Computation, GameState]] | None = None
        self._state: GameState | None = None

    @property
    def last(self) -> Order | None:
        """The last timed event in game order (period, elapsed, seq), None: none yet."""
        return self.keys[-1] if self.keys else None

    def state(self) -> GameState:
        """The game's state now (the open computation is left as it is; computed once, then kept: the open
        computation never changes)."""
        if self._state is None:
            comp = self.comp
            if (self.game.status != "final" and comp.over_t is None and comp.shootout_ev is None
                    and not comp.clock.running and not comp.clock.pending):
                # a game in progress that has not ended, with nobody in the box or waiting for it and no shootout
                # entered: finishing it changes nothing of the computation (no clock to run, no end, no shootout
                # to decide), so the open computation is finished as it is, not on a fork. Its state shares its
                # values, which nothing changes: the next entry goes on from a fork of it.
                self._state = comp.finish(self.forfeit, self.called)
            else:
                finished = comp.fork()
                finished.g = self.game
                self._state = finished.finish(self.forfeit, self.called)
        return self._state

    def until(self, t: int) -> tuple[_Computation, GameState]:
        """What `compute_until(self.game, self.book, t)` gives: from the last mark before game time `t`, the
        entries up to `t` applied on a fork. The last answer is kept: the live state is read (never changed) from
        it, and the window asks for the same time twice after an entry (the live panel, the game's screen)."""
        if self._at is not None and self._at[0] == t:
            return self._at[1]
        book, stage = self.book, self.game.stage
        upto, last = len(self.timed), self.last
        if last is not None and last[0] >= 1 and game_time(book, stage, last[0], last[1]) > t:
            for i, ev in enumerate(self.timed):  # as `compute_until` stops: at the first entry after `t`
                assert ev.period is not None and ev.elapsed is not None
                if ev.period >= 1 and game_time(book, stage, ev.period, ev.elapsed) > t:
                    upto = i
                    break
        start, kept = _mark_before(self.marks, upto)
        if start == upto and kept is self.comp and all(s.nominal_end > t for s in kept.clock.running):
            # at or after the last entry, no penalty over by `t`: the clock stays as it is (`advance` would stop at
            # once), so the state at `t` is the state now, and the open computation is read as it is
            self._at = (t, (kept, self.state()))
            return self._at[1]
        comp = kept.fork()
        comp.g = self.game
        for ev in self.timed[start:upto]:
            comp.apply(ev)
        comp.clock.advance(t)
        self._at = (t, (comp, comp.snapshot(self.forfeit, self.called)))
        return self._at[1]

    def extended(self, game: GameInput) -> LiveGame | None:
        """`game`: this game with timed events added at the end of its log (at any time of the game); None when it
        is anything else (an untimed entry, changed line-ups...), which `compute_game` must then compute from the
        start."""
        known = len(self.game.events)
        added = game.events[known:]
        if (game.status == "final" or game.status != self.game.status or game.stage != self.game.stage
                or game.lineups != self.game.lineups or game.events[:known] != self.game.events or not added
                or not all(_timed(ev) for ev in added)):
            return None
        timed, keys = list(self.timed), list(self.keys)
        first = len(timed)  # the first place in game order that changes
        for ev in added:
            key = _order(ev)
            at = bisect_right(keys, key)
            keys.insert(at, key)
            timed.insert(at, ev)
            first = min(first, at)
        new = object.__new__(LiveGame)
        new.game, new.book, new.forfeit, new.called = game, self.book, self.forfeit, self.called
        new.timed, new.keys, new._at, new._state = timed, keys, None, None
        cut = len(self.marks)
        while self.marks[cut - 1][0] > first:  # the marks after the first change are dropped (never the one at 0)
            cut -= 1
        marks = self.marks[:cut]
        start, kept = marks[-1]
        comp = kept.fork()
        comp.g = game
        for i in range(start, len(timed)):
            if i > start and (i == first + 1 or (i <= first and i % MARK_EVERY == 0)):
                marks.append((i, comp.fork()))  # kept for the next entry earlier in game time
            comp.apply(timed[i])
        marks.append((len(timed), comp))
        new.marks, new.comp = marks, comp
        return new
