"""The penalty clock: who sits in the box, from when to when, and how many play on the ice.

Rules kept here: PEN-GEN-4 (expiry = start + duration, one server's penalties one after another),
PEN-MINOR-2 / A-13 (a goal ends the earliest running releasable penalty of the short-handed side, only
when the scoring side has more players), PEN-GEN-2 (nothing offsets), ICE-4 / A-14 (never below the
minimum on the ice: a further short-handed penalty starts when one ends). Two readings other leagues' rulebooks
may choose: a penalty in overtime adds a skater to the other side (3-on-3 overtime), and a short-handed goal
also ends the scoring side's own penalty.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.engine.events import SIDES, other
from scorekeeper.rulebook.model import Rulebook

NEVER = 10**9


@dataclass
class Served:
    """One penalty's time in the box (or the team's short-handed time), as served."""

    side: str
    server: str
    assessed: int
    duration: int
    short_handed: bool
    releasable: bool
    needs_advantage: bool
    seq: int
    offender: str | None
    rank: int = 1  # at the same instant one server serves majors (0) before minors (1) before misconducts (2)
    start: int | None = None
    end: int | None = None
    ended_by_goal: bool = False

    @property
    def nominal_end(self) -> int:
        assert self.start is not None
        return self.start + self.duration


class PenaltyClock:
    """Penalties of one game, advanced through game time in order."""

    def __init__(self, book: Rulebook, stage: str = "regular") -> None:
        self.book = book
        self.reg_end = book.regulation_seconds
        self.full_reg = book.on_ice.max
        self.full_ot = book.overtime_for(stage).skaters + 1
        self.ot_adds = book.overtime_for(stage).penalties_add_skaters
        self.sh_goal_ends_own = book.penalties.sh_goal_ends_own_penalty
        self.min = book.on_ice.min
        self.pending: list[Served] = []
        self.running: list[Served] = []
        self.finished: list[Served] = []

    # -- strength ------------------------------------------------------------------------------------
    def full(self, t: int) -> int:
        """Players a side may have on the ice at full strength, goalie included."""
        return self.full_reg if t <= self.reg_end else self.full_ot

    def sh_running(self, side: str) -> int:
        return sum(1 for s in self.running if s.side == side and s.short_handed)

    def adds_skaters(self, t: int) -> bool:
        """In this overtime a penalty adds a skater to the other side (the rulebook's choice)."""
        return self.ot_adds and t > self.reg_end

    def on_ice(self, side: str, t: int) -> int:
        """Players `side` may have on the ice at `t`, by the penalties running (ICE-4)."""
        if self.adds_skaters(t):
            extra = max(0, self.sh_running(other(side)) - self.sh_running(side))
            return min(self.full_reg, self.full_ot + extra)
        return max(self.min, self.full(t) - self.sh_running(side))

    def in_box(self, player: str, t: int) -> bool:
        return any(s.server == player for s in self.running)

    def running_for(self, side: str) -> list[Served]:
        return [s for s in self.running if s.side == side]

    # -- changes -------------------------------------------------------------------------------------
    def assess(self, side: str, server: str, t: int, duration: int, short_handed: bool, releasable: bool,
               needs_advantage: bool, seq: int, offender: str | None, rank: int = 1) -> Served:
        served = Served(side, server, t, duration, short_handed, releasable, needs_advantage, seq, offender, rank)
        for other_served in list(self.running):
            if other_served.server == server and other_served.start == t and other_served.rank > rank:
                # given at the same instant: the more serious penalty is served first
                other_served.start = None
                self.running.remove(other_served)
                self.pending.append(other_served)
        self.pending.append(served)
        self.pending.sort(key=lambda s: (s.assessed, s.rank, s.seq))
        self._start_pending(t)
        return served

    def _start_pending(self, t: int) -> None:
        blocked_servers: set[str] = set()
        busy = {s.server for s in self.running}
        # a player in the box for a misconduct only (the team not short) who gets a short-handed penalty: the team
        # is short from now, a teammate serving it (PEN-GEN-4 runs one player's time in the box one after another)
        short = {s.server for s in self.running if s.short_handed}
        for served in list(self.pending):
            waits = served.server in busy and (not served.short_handed or served.server in short)
            if waits or served.server in blocked_servers:
                blocked_servers.add(served.server)
                continue
            if served.short_handed and not self.adds_skaters(t) and (
                    self.sh_running(served.side) >= self.full(t) - self.min):
                blocked_servers.add(served.server)
                continue
            served.start = t
            self.pending.remove(served)
            self.running.append(served)
            busy.add(served.server)
            if served.short_handed:
                short.add(served.server)

    def _end(self, served: Served, t: int, by_goal: bool = False) -> None:
        served.end = t
        served.ended_by_goal = by_goal
        self.running.remove(served)
        self.finished.append(served)

    def advance(self, t: int) -> None:
        """Expire every penalty ending at or before `t`, starting what waited for it."""
        while self.running:
            first = min(self.running, key=lambda s: (s.nominal_end, s.start, s.seq))
            if first.nominal_end > t:
                break
            self._end(first, first.nominal_end)
            self._start_pending(first.nominal_end)

    def goal_scored(self, side: str, t: int) -> Served | None:
        """PEN-MINOR-2: a goal by `side` ends the opponent's earliest running releasable penalty (and, where the
        rulebook says so, a short-handed goal ends the scoring side's own)."""
        opp = other(side)
        if self.sh_goal_ends_own and self.on_ice(side, t) < self.on_ice(opp, t):
            own = [s for s in self.running if s.side == side and s.releasable]
            if own:
                self._end(min(own, key=lambda s: (s.start, s.seq)), t, by_goal=True)
                self._start_pending(t)
            return None
        candidates = [s for s in self.running if s.side == opp and s.releasable]
        if not candidates:
            return None
        first = min(candidates, key=lambda s: (s.start, s.seq))
        if first.needs_advantage and not self.on_ice(side, t) > self.on_ice(opp, t):
            return None
        self._end(first, t, by_goal=True)
        self._start_pending(t)
        return first

    def close(self, end_t: int | None) -> None:
        """Run the clock to the end of the game (`None`: not over yet, project the schedule)."""
        self.advance(NEVER if end_t is None else end_t)
        if end_t is not None:
            for served in list(self.running):
                self._end(served, min(served.nominal_end, end_t))
            for served in list(self.pending):  # waited in vain: it lapses at full time without being served
                if served.assessed < end_t:
                    served.start = end_t
                    self.pending.remove(served)
                    self.running.append(served)
                    self._end(served, end_t)

    def strength(self, t: int) -> dict[str, int]:
        return {side: self.on_ice(side, t) for side in SIDES}
