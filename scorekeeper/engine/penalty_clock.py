"""The penalty clock: who sits in the box, from when to when, and how many play on the ice.

It keeps time only; what a penalty means (its minutes, whether the team plays short, whether a goal ends it,
who serves it) is the rulebook's, read in `scorekeeper.rules.penalties`. A penalty expires at its start plus its
duration; one server's penalties run one after another (a double minor is two penalties, its parts); nothing
offsets. A goal ends the earliest running releasable penalty of the short-handed side, only when the scoring side
has more players. A side is never below the rulebook's minimum on the ice: a further short-handed penalty starts
when one ends. Readings other leagues' rulebooks may choose: a penalty in overtime adds a skater to the other side
(3-on-3 overtime), a short-handed goal also ends the scoring side's own penalty, and coincidental penalties offset
(equal minutes to both sides at one instant put nobody short, except one minor each where the rulebook says so).
"""

from __future__ import annotations

import heapq
from bisect import insort
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
    part: int = 0  # a double minor's second part is 1, served after its first
    start: int | None = None
    end: int | None = None
    ended_by_goal: bool = False
    offset: bool = False  # a coincidental penalty that offsets one of the other side's: nobody plays short for it
    class_short: bool = False  # its class's reading (short-handed, ended by a goal) before any offsetting
    class_release: bool = False

    def __post_init__(self) -> None:
        self.class_short, self.class_release = self.short_handed, self.releasable

    @property
    def nominal_end(self) -> int:
        assert self.start is not None
        return self.start + self.duration


def _order(s: Served) -> tuple[int, int, int, int]:
    """The order penalties wait in: assessed, then majors before minors before misconducts, then entered (a double
    minor's first part before its second)."""
    return (s.assessed, s.rank, s.seq, s.part)


class PenaltyClock:
    """Penalties of one game, advanced through game time in order."""

    def __init__(self, book: Rulebook, stage: str = "regular") -> None:
        self.book = book
        self.reg_end = book.regulation_seconds
        self.full_reg = book.on_ice.max
        self.full_ot = book.overtime_for(stage).skaters + 1
        self.ot_adds = book.overtime_for(stage).penalties_add_skaters
        self.sh_goal_ends_own = book.penalties.sh_goal_ends_own_penalty
        self.offsets = book.penalties.coincidental_offset
        self.lone_minors_short = book.penalties.coincidental_lone_minors_short
        self._instant: tuple[int, list[Served]] = (-1, [])  # the penalties assessed at the latest instant
        self.min = book.on_ice.min
        # the penalties waiting, per server in `_order`; the servers whose first waiting penalty is not short-handed
        # (all of them busy in the box: else it would have started), and per side a heap of the servers whose first
        # one is (entries are checked when taken: a server's first waiting penalty changes)
        self._queues: dict[str, list[Served]] = {}
        self._plain: set[str] = set()
        self._short_heads: dict[str, list[tuple[tuple[int, int, int, int], str]]] = {side: [] for side in SIDES}
        self.running: list[Served] = []
        self.finished: list[Served] = []

    @property
    def pending(self) -> list[Served]:
        """Every penalty waiting to start, in order."""
        return sorted((s for queue in self._queues.values() for s in queue), key=_order)

    @pending.setter
    def pending(self, items: list[Served]) -> None:
        self._queues, self._plain, self._short_heads = {}, set(), {side: [] for side in SIDES}
        for served in sorted(items, key=_order):
            self._queues.setdefault(served.server, []).append(served)
        for server in list(self._queues):
            self._index(server)

    def _wait(self, served: Served) -> None:
        insort(self._queues.setdefault(served.server, []), served, key=_order)
        self._index(served.server)

    def _index(self, server: str) -> None:
        """File `server` by its first waiting penalty (after its queue changed)."""
        queue = self._queues.get(server)
        if not queue:
            self._queues.pop(server, None)
            self._plain.discard(server)
            return
        head = queue[0]
        if head.short_handed:
            self._plain.discard(server)
            heapq.heappush(self._short_heads[head.side], (_order(head), server))
        else:
            self._plain.add(server)

    def _head(self, server: str) -> Served | None:
        queue = self._queues.get(server)
        return queue[0] if queue else None

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
        """Players `side` may have on the ice at `t`, by the penalties running (never below the minimum)."""
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
               needs_advantage: bool, seq: int, offender: str | None, rank: int = 1, part: int = 0) -> Served:
        served = Served(side, server, t, duration, short_handed, releasable, needs_advantage, seq, offender, rank,
                        part)
        for other_served in list(self.running):
            if other_served.server == server and other_served.start == t and other_served.rank > rank:
                # given at the same instant: the more serious penalty is served first
                other_served.start = None
                self.running.remove(other_served)
                self._wait(other_served)
        self._wait(served)
        if self.offsets:
            self._offset_coincidental(served, t)
        self._start_pending(t)
        return served

    # -- coincidental penalties (NHL Rule 19) --------------------------------------------------------
    def _offset_coincidental(self, served: Served, t: int) -> None:
        """Read the short-handed penalties assessed at `t` again with `served` among them: those of equal minutes
        to both sides offset in pairs (in the order given, a double minor's second part first); one minor each
        with no other short-handed penalty on the clock offsets nothing where the rulebook says so. The ones
        given at `t` go back to waiting with their new reading, and start again at `t`."""
        when, given = self._instant
        if when != t:
            given = []
            self._instant = (t, given)
        if not served.class_short:
            return
        given.append(served)
        for s in given:
            s.offset = False
        if not self._lone_minors(given):
            for duration in {s.duration for s in given}:
                sides = {side: sorted((s for s in given if s.side == side and s.duration == duration),
                                      key=lambda s: (s.seq, -s.part)) for side in SIDES}
                pairs = min(len(sides["home"]), len(sides["away"]))
                for side in SIDES:
                    for s in sides[side][:pairs]:
                        s.offset = True
        for s in given:
            s.short_handed, s.releasable = s.class_short and not s.offset, s.class_release and not s.offset
            if s.end is not None:
                continue  # ended at this instant already (a goal given between the penalties)
            if s in self.running:
                self.running.remove(s)
                s.start = None
            else:
                self._queues[s.server].remove(s)
                self._index(s.server)
            self._wait(s)

    def _lone_minors(self, given: list[Served]) -> bool:
        """One minor to each side at this instant and no other short-handed penalty on the clock (running or
        waiting): where the rulebook says so, both sides play short (4 on 4)."""
        if not self.lone_minors_short or len(given) != 2 or given[0].side == given[1].side:
            return False
        if not all(s.class_release and s.part == 0 and s.duration == given[0].duration for s in given):
            return False
        others = [s for s in (*self.running, *self.pending) if s not in given]
        return not any(s.short_handed for s in others)

    def _start_pending(self, t: int) -> None:
        """Start what may start at `t`: a server's penalties run one after another; a short-handed one also waits
        while its side is at the minimum on the ice, in order. This costs what is in the box and what starts, never
        every penalty waiting (a game's cost stays linear in its events)."""
        busy = {s.server for s in self.running}
        # a player in the box for a misconduct only (the team not short) who gets a short-handed penalty: the team
        # is short from now, a teammate serving it (one player's time in the box runs one after another)
        short = {s.server for s in self.running if s.short_handed}
        short_count = {side: self.sh_running(side) for side in SIDES}
        cap = None if self.adds_skaters(t) else self.full(t) - self.min
        progress = True
        while progress:
            progress = False
            for server in list(self._plain):  # each waits while its server is in the box
                if server not in busy:
                    self._begin(self._queues[server][0], t)
                    busy.add(server)
                    progress = True
            for side in SIDES:
                heads = self._short_heads[side]
                held: list[tuple[tuple[int, int, int, int], str]] = []
                while heads and (cap is None or short_count[side] < cap):
                    order, server = heapq.heappop(heads)
                    head = self._head(server)
                    if head is None or not head.short_handed or _order(head) != order:
                        continue  # no longer the server's first waiting penalty
                    if server in busy and server in short:
                        held.append((order, server))
                        continue
                    self._begin(head, t)
                    busy.add(server)
                    short.add(server)
                    short_count[side] += 1
                    progress = True
                for entry in set(held):
                    heapq.heappush(heads, entry)

    def _begin(self, served: Served, t: int) -> None:
        served.start = t
        self._queues[served.server].pop(0)
        self.running.append(served)
        self._index(served.server)

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
        """A goal by `side` ends the opponent's earliest running releasable penalty (and, where the
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
            for served in self.pending:  # waited in vain: it lapses at full time without being served
                if served.assessed < end_t:
                    served.start = end_t
                    self._queues[served.server].remove(served)
                    self._index(served.server)
                    self.running.append(served)
                    self._end(served, end_t)

    def strength(self, t: int) -> dict[str, int]:
        return {side: self.on_ice(side, t) for side in SIDES}
