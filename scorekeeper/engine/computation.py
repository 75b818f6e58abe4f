"""A game's computation: one pass over its line-ups and ordered events.

`compute_game(game, book)` reads the events in (period, elapsed, file order), keeps the penalty clock,
the score and the ejections, and returns a `GameState`. What each entry means under the rulebook is asked of
`scorekeeper.rules` (penalties, ejections, league_report, scoring, overtime, mercy, results, entry_data), which
answer with typed verdicts and violations. Entries that break a blocking rule are reported as violations and are
not applied, so the state stays the one the rulebook allows.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from scorekeeper.engine.events import SIDES, Event, GameInput, other
from scorekeeper.engine.penalty_clock import PenaltyClock, Served
from scorekeeper.engine.state import Ejection, GameState, GoalRecord, PenaltyRecord, Reported, Shootout
from scorekeeper.engine.timefmt import fmt_mmss, game_time, period_label, period_length
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules import entry_data, mercy, overtime, results, scoring
from scorekeeper.rules.ejections import PenaltyCounts, ejected_cannot_serve, takes_no_part
from scorekeeper.rules.league_report import is_late_misconduct, late_misconduct, report_reason
from scorekeeper.rules.penalties import (
    PenaltyVerdict,
    judge_penalty,
    read_call,
    repeat_warning,
    server_kind,
    server_problem,
)
from scorekeeper.rules.violation import Violation

_T = TypeVar("_T")


def _shallow(x: _T) -> _T:
    """`copy.copy(x)` of an instance keeping its attributes in `__dict__` (no slots, no copy hooks), at the cost
    of a dict copy: a fork copies a few of them per entry at the boards."""
    new = object.__new__(type(x))
    new.__dict__ = x.__dict__.copy()  # a dict of its own at once: half the cost of filling the empty one
    return new


class _Computation:
    """One pass over a game's events."""

    def __init__(self, game: GameInput, book: Rulebook) -> None:
        self.g = game
        self.book = book
        self.ot = book.overtime_for(game.stage)
        self.reg_end = book.regulation_seconds
        self.score = {s: 0 for s in SIDES}
        self.by_period: dict[str, list[int]] = {s: [0] * book.clock.periods for s in SIDES}
        self.goals: list[GoalRecord] = []
        self.penalties: list[PenaltyRecord] = []
        self.ejections: dict[str, Ejection] = {}
        self.violations: list[Violation] = []
        self.timeouts = {s: 0 for s in SIDES}
        self.goalie_in: dict[str, str | None] = {}
        for side in SIDES:
            starter = next((d.player for d in game.lineups.get(side, []) if d.goalie), None)
            self.goalie_in[side] = starter
        self.clock = PenaltyClock(book, game.stage)
        self.counts: dict[str, PenaltyCounts] = {}
        self.late: set[int] = set()  # seqs of the misconducts reported late
        self.over_t: int | None = None
        self.over_reason: str | None = None  # "mercy" or "overtime"
        self.halftime_checked = False
        self.ot_checked = False
        self.applied: set[int] = set()
        self.max_period = book.clock.periods
        self.shootout_ev: Event | None = None
        self.pulled_at: dict[str, int] = {}
        """side -> the game second its goalie was last pulled: a goal at that very second is still his."""
        self.ended_t: int | None = None
        """Where an `end` entry says play ended (a game finished before its regulation time, GAME-1)."""

    # -- messages ------------------------------------------------------------------------------------
    def who(self, side: str, player: str | None) -> str:
        if player is None:
            return "the bench"
        d = self.g.dressed(side, player) or self.g.dressed(other(side), player)
        return d.label() if d else self.g.name(player)

    def where(self, ev: Event) -> str:
        at = ""
        if ev.period is not None and ev.elapsed is not None:
            at = f" ({period_label(self.book, ev.period)} {fmt_mmss(ev.elapsed)})"
        return f"game {self.g.id} event {ev.seq + 1} {ev.type}{at}"

    def add(self, v: Violation, ev: Event | None = None) -> None:
        """A rule's violation, placed at the entry `ev` (or the game)."""
        self.violations.append(replace(v, where=self.where(ev) if ev else f"game {self.g.id}"))

    def refuse(self, v: Violation, ev: Event | None = None) -> bool:
        """A rule's violation that refuses the entry `ev` (False: not applied)."""
        self.add(v, ev)
        return False

    # -- checks shared by entries --------------------------------------------------------------------
    def check_dressed(self, ev: Event, side: str, player: str | None, role: str) -> bool:
        """A named player is dressed for the side and was not ejected; True when the player may take part."""
        if player is None:
            return True
        if self.g.dressed(side, player) is None:
            self.add(entry_data.not_dressed(self.book, role, self.who(side, player), self.team_name(side), player), ev)
            return False
        ej = self.ejections.get(player)
        if ej is not None:
            return self.refuse(replace(takes_no_part(self.book, role, self.who(side, player), fmt_mmss(ej.t),
                                                     ej.rule), players=(player,)), ev)
        return True

    def team_name(self, side: str) -> str:
        """The side's team by name ('Westridge Sharks'), as people read it."""
        return self.g.name(self.g.home if side == "home" else self.g.away)

    def is_goalie(self, side: str, player: str) -> bool:
        d = self.g.dressed(side, player)
        return bool(d and d.goalie)

    # -- time ----------------------------------------------------------------------------------------
    def check_time(self, ev: Event) -> int | None:
        """The period and time exist in this game (overtime only where the game has it); the game time, or None
        when refused."""
        p, e = ev.period, ev.elapsed
        assert p is not None and e is not None
        if p < 1:
            self.add(entry_data.no_such_period(self.book, p), ev)
            return None
        if p > self.book.clock.periods:
            if not self.ot.enabled:
                self.add(overtime.no_overtime(self.book, self.g.stage), ev)
                return None
            n = p - self.book.clock.periods
            if self.ot.max_periods and n > self.ot.max_periods:
                self.add(entry_data.past_last_overtime(self.book, p, self.g.stage, self.ot.max_periods), ev)
                return None
        length = period_length(self.book, self.g.stage, p)
        if not 0 <= e <= length:
            label = period_label(self.book, p)
            self.add(entry_data.outside_period(self.book, fmt_mmss(e), label, fmt_mmss(length)), ev)
            return None
        # Overtime exists only while the game is tied at the end of the previous period.
        if p > self.book.clock.periods and not self.check_overtime(ev, p):
            return None
        return game_time(self.book, self.g.stage, p, e)

    def check_overtime(self, ev: Event, p: int) -> bool:
        if self.over_t is not None:
            return True  # handled by the caller (game over)
        problem = overtime.overtime_not_tied(self.book, self.score, period_label(self.book, p - 1))
        return problem is None or self.refuse(problem, ev)

    def halftime(self) -> None:
        """The mercy rule's check of the score at half time (once)."""
        if self.halftime_checked:
            return
        self.halftime_checked = True
        if self.over_t is None and mercy.ends_at_half_time(self.book, self.score):
            self.end_game(mercy.half_time(self.book), "mercy")

    def end_game(self, t: int, reason: str) -> None:
        self.over_t = t
        self.over_reason = reason

    def ensure_period(self, p: int) -> None:
        while len(self.by_period["home"]) < p:
            for s in SIDES:
                self.by_period[s].append(0)
        self.max_period = max(self.max_period, p)

    # -- entries -------------------------------------------------------------------------------------
    def apply(self, ev: Event) -> None:
        side = ev.team
        if ev.type in ("goal", "penalty", "penalty_shot", "awarded_goal", "timeout", "goalie") and (
                side not in SIDES):
            self.add(entry_data.not_a_side(self.book, side), ev)
            return
        assert ev.period is not None
        if mercy.past_half_time(self.book, ev.period):
            self.halftime()
        t = self.check_time(ev)
        if t is None:
            return
        self.clock.advance(t)
        handler = getattr(self, f"on_{ev.type}")
        if handler(ev, side, t) is not False:
            self.applied.add(ev.seq)

    def game_over_block(self, ev: Event, t: int) -> bool:
        """No goals after the game has ended (on the mercy rule or a sudden-death goal)."""
        if self.over_t is None:
            return False
        at = fmt_mmss(self.over_t)
        if self.over_reason == "mercy":
            self.add(mercy.game_over(self.book, at, self.score), ev)
        else:
            self.add(overtime.sudden_death_over(self.book, at), ev)
        return True

    def add_goal(self, ev: Event, side: str, t: int, scorer: str | None, assists: list[str], *,
                 penalty_shot: bool = False, awarded: bool = False) -> None:
        assert ev.period is not None and ev.elapsed is not None
        opp = other(side)
        strength: str | None = None
        if not penalty_shot and not awarded:
            mine, theirs = self.clock.on_ice(side, t), self.clock.on_ice(opp, t)
            strength = "EV" if mine == theirs else ("PP" if mine > theirs else "SH")
        if penalty_shot:
            empty_net = False
        elif ev.data.get("empty_net") is not None:
            empty_net = bool(ev.data.get("empty_net"))
        else:
            empty_net = self.goalie_in[opp] is None and self.pulled_at.get(opp) != t
        self.score[side] += 1
        self.ensure_period(ev.period)
        self.by_period[side][ev.period - 1] += 1
        self.goals.append(GoalRecord(ev.seq, ev.period, ev.elapsed, t, side, scorer, assists, strength,
                                     empty_net, penalty_shot, awarded))
        if strength is not None:
            self.clock.goal_scored(side, t)
        if ev.period > self.book.clock.periods and self.ot.sudden_death:
            self.end_game(t, "overtime")
        elif mercy.ends_after_goal(self.book, self.score, t, ev.period):
            self.end_game(t, "mercy")

    def on_goal(self, ev: Event, side: str, t: int) -> bool:
        if self.game_over_block(ev, t):
            return False
        scorer = ev.data.get("scorer")
        assists = list(ev.data.get("assists") or [])
        ok = self.check_dressed(ev, side, scorer, "scorer")
        for a in assists:
            ok = self.check_dressed(ev, side, a, "assist") and ok
        for problem in scoring.goal_problems(self.book, scorer, assists):
            ok = self.refuse(problem, ev)
        if not ok:
            return False
        for pid in [scorer, *assists]:
            if pid is not None and self.clock.in_box(pid, t):
                self.add(scoring.in_the_box(self.book, self.who(side, pid), fmt_mmss(t)), ev)
        self.add_goal(ev, side, t, scorer, assists)
        return True

    def on_penalty_shot(self, ev: Event, side: str, t: int) -> bool:
        shooter = ev.data.get("shooter")
        if ev.data.get("scored") and self.game_over_block(ev, t):
            return False
        ok = self.check_dressed(ev, side, shooter, "shooter")
        fouled_by = ev.data.get("fouled_by")
        if fouled_by is not None and self.g.dressed(other(side), fouled_by) is None:
            fouler, team = self.g.name(fouled_by), self.team_name(other(side))
            self.add(entry_data.fouler_not_dressed(self.book, fouler, team, fouled_by), ev)
            ok = False
        problem = scoring.shot_infraction_problem(self.book, ev.data.get("infraction"))
        if problem is not None:
            ok = self.refuse(problem, ev)
        if not ok:
            return False
        if ev.data.get("scored"):
            self.add_goal(ev, side, t, shooter, [], penalty_shot=True)
        return True

    def on_awarded_goal(self, ev: Event, side: str, t: int) -> bool:
        if self.game_over_block(ev, t):
            return False
        self.add_goal(ev, side, t, None, [], awarded=True)
        return True

    def on_end(self, ev: Event, side: str | None, t: int) -> bool:
        """Play ended here, before its regulation length (a game finished early, GAME-1): the end of the game."""
        self.ended_t = t if self.ended_t is None else min(self.ended_t, t)
        return True

    def on_note(self, ev: Event, side: str | None, t: int) -> bool:
        """A remark at a moment of the game (issue 27): it changes nothing."""
        return True

    def on_timeout(self, ev: Event, side: str, t: int) -> bool:
        allowed = overtime.timeouts_allowed(self.book, self.g.stage, t, ev.period)
        problem = overtime.timeout_refused(self.book, self.team_name(side), self.timeouts[side], allowed)
        if problem is not None:
            return self.refuse(problem, ev)
        self.timeouts[side] += 1
        return True

    def on_goalie(self, ev: Event, side: str, t: int) -> bool:
        action = ev.data.get("action")
        if action == "pull":
            self.goalie_in[side] = None
            self.pulled_at[side] = t
            return True
        player = ev.data.get("player")
        if player is None:
            player = next((d.player for d in self.g.lineups.get(side, []) if d.goalie), None)
            if player is None:
                self.add(entry_data.goalie_not_named(self.book), ev)
                return False
        if not self.check_dressed(ev, side, player, "goalie"):
            return False
        self.goalie_in[side] = player
        return True

    def on_penalty(self, ev: Event, side: str, t: int) -> bool:
        call = read_call(self.book, ev.data.get("infraction"), ev.data.get("class"), self.g.coed)
        if isinstance(call, Violation):
            return self.refuse(call, ev)
        player, served_by = ev.data.get("player"), ev.data.get("served_by")
        if not self.check_server(ev, side, t, player, served_by):
            return False
        post_game = self.over_t is not None or (t >= self.reg_end and self.decided_at_regulation(t))
        counts = None if player is None else self.counts.get(player, PenaltyCounts())
        verdict = judge_penalty(self.book, call, counts)
        ejection = verdict.ejection
        if player is not None:
            self.counts[player] = ejection.counts
        ejected_now = player is not None and ejection.rule is not None and player not in self.ejections
        if ejected_now:
            assert player is not None and ejection.rule is not None
            self.ejections[player] = Ejection(player, side, ejection.rule, t, ev.seq)
            if verdict.klass.short_handed and served_by == player and verdict.minutes > 0:
                self.add(ejected_cannot_serve(self.book, ejection.rule, self.who(side, player)), ev)
                served_by = None
        parts = self.book.penalty_parts(call.infraction, call.cls)
        served, served_out = self.serve(ev, side, t, call.cls, verdict, player, served_by, post_game, parts)
        code = call.infraction.code
        if any(p.team == side and p.infraction == code for p in self.penalties):
            warning = repeat_warning(self.book, call.infraction, self.team_name(side))
            if warning is not None:
                self.add(warning, ev)
        self.penalties.append(PenaltyRecord(ev.seq, ev.period or 0, ev.elapsed or 0, t, side, player, served_out,
                                            code, call.cls, verdict.minutes, verdict.pim,
                                            served[0] if served else None, post_game,
                                            ejection.added_gm, ejection.repeat, served[1] if len(served) > 1 else None))
        return True

    def check_server(self, ev: Event, side: str, t: int, player: str | None, served_by: str | None) -> bool:
        """The penalised player is dressed, and the player named to serve may serve."""
        if player is not None and self.g.dressed(side, player) is None:
            who, team = self.g.name(player), self.team_name(side)
            self.add(entry_data.not_dressed(self.book, "penalised player", who, team, player), ev)
            return False
        if served_by is None:
            return True
        if not self.check_dressed(ev, side, served_by, "player serving"):
            return False
        goalie_offender = player is not None and self.is_goalie(side, player)
        problem = server_problem(self.book, goalie_offender=goalie_offender, bench=player is None,
                                 server=self.who(side, served_by), server_is_goalie=self.is_goalie(side, served_by),
                                 server_in_box=served_by != player and self.clock.in_box(served_by, t))
        return problem is None or self.refuse(problem, ev)

    def serve(self, ev: Event, side: str, t: int, cls: str, verdict: PenaltyVerdict, player: str | None,
              served_by: str | None, post_game: bool, parts: int = 1) -> tuple[tuple[Served, ...], str | None]:
        """Put the penalty on the clock in its `parts` (2: a double minor's, each half the minutes): (its times
        in the box, the player shown serving it)."""
        minutes, klass = verdict.minutes, verdict.klass
        if minutes <= 0:
            return (), served_by
        if post_game:
            return (), served_by if served_by is not None or player is None else player
        kind = server_kind(self.book, cls, named=served_by is not None, bench=player is None,
                           goalie_offender=player is not None and self.is_goalie(side, player),
                           ejected=player is not None and player in self.ejections)
        server = {"named": served_by, "bench": f"bench#{ev.seq}", "teammate": f"teammate#{ev.seq}",
                  "substitute": f"sub#{ev.seq}", "offender": player}[kind]
        assert server is not None
        served = tuple(self.clock.assess(side, server, t, minutes * 60 // parts, klass.short_handed, klass.pp_release,
                                         klass.release_needs_advantage, ev.seq, player, verdict.rank, part)
                       for part in range(parts))
        return served, player if kind == "offender" else served_by

    def late_misconducts(self, end_t: int) -> None:
        """The misconducts late in the game (or after it) that are reported to the league."""
        for pen in self.penalties:
            if is_late_misconduct(self.book, pen.cls, pen.player is not None, pen.post_game, pen.t, end_t):
                self.late.add(pen.seq)
                v = late_misconduct(self.book, self.who(pen.team, pen.player), pen.post_game, fmt_mmss(pen.t))
                self.violations.append(replace(v, where=f"game {self.g.id} event {pen.seq + 1} penalty"))

    def decided_at_regulation(self, t: int) -> bool:
        """A penalty at or after the end of regulation in a game that ends there comes after the game."""
        if t > self.reg_end:
            return False
        return self.score["home"] != self.score["away"] or not self.ot.enabled

    # -- untimed entries -----------------------------------------------------------------------------
    def pregame(self, untimed: list[Event]) -> tuple[str | None, dict[str, int] | None, str | None]:
        """Lateness goals, forfeits and called games: (forfeit side or 'both', called points, reason)."""
        lates: dict[str, float] = {}
        forfeit: str | None = None
        called: dict[str, int] | None = None
        for ev in untimed:
            if ev.type == "late":
                self.pregame_late(ev, lates)
            elif ev.type == "forfeit":
                forfeit = self.pregame_forfeit(ev, forfeit)
            elif ev.type == "called":
                called = self.pregame_called(ev) or called
            elif ev.type == "shootout":
                self.pregame_shootout(ev)
            else:
                self.applied.add(ev.seq)
        if forfeit is None:
            forfeit = results.late_forfeit(self.book, lates)
        if forfeit is None:
            for side, m in lates.items():
                for _ in range(results.late_goals(self.book, m)):
                    self.score[other(side)] += 1
                    self.by_period[other(side)][0] += 1
                    self.goals.append(GoalRecord(-1, 1, 0, 0, other(side), None, [], None, False,
                                                 awarded=True, late=True))
        return forfeit, called, None

    def pregame_late(self, ev: Event, lates: dict[str, float]) -> None:
        side, minutes = ev.team, ev.data.get("minutes")
        problem = results.late_entry_problem(self.book, side, minutes)
        if problem is not None:
            self.add(problem, ev)
            return
        assert side is not None and minutes is not None  # late_entry_problem refused any other
        lates[side] = max(lates.get(side, 0), float(minutes))
        self.applied.add(ev.seq)

    def pregame_forfeit(self, ev: Event, forfeit: str | None) -> str | None:
        """The forfeit so far with this entry's (two sides forfeiting: 'both')."""
        problem = results.forfeit_entry_problem(self.book, ev.team)
        if problem is not None:
            self.add(problem, ev)
            return forfeit
        self.applied.add(ev.seq)
        return ev.team if forfeit in (None, ev.team) else "both"

    def pregame_called(self, ev: Event) -> dict[str, int] | None:
        """A called game's points (None: refused)."""
        points, said = results.called_points(self.book, ev.data.get("points") or {}, ev.data.get("reason"))
        self.add(said, ev)
        if points is not None:
            self.applied.add(ev.seq)
        return points

    def pregame_shootout(self, ev: Event) -> None:
        problem = overtime.shootout_entry_problem(self.book, self.g.stage, ev.team, self.shootout_ev is not None)
        if problem is not None:
            self.add(problem, ev)
        elif self.shootout_attempts_ok(ev):
            self.shootout_ev = ev  # applied once the game is known to be tied after overtime (finish)

    def shootout_attempts_ok(self, ev: Event) -> bool:
        """A shootout's attempts (optional): shooters dressed for their side, and the winner scored more."""
        attempts = ev.data.get("attempts") or []
        for n, a in enumerate(attempts, 1):
            if not self.check_dressed(ev, a["team"], a["shooter"], f"shootout shooter (attempt {n})"):
                return False
        if attempts:
            won = sum(1 for a in attempts if a["team"] == ev.team and a["scored"])
            lost = sum(1 for a in attempts if a["team"] != ev.team and a["scored"])
            assert ev.team is not None
            problem = overtime.shootout_not_won(self.book, self.team_name(ev.team), won, lost)
            if problem is not None:
                return self.refuse(problem, ev)
        return True

    def decide_shootout(self) -> Shootout | None:
        """The shootout entered, applied if the game is tied after its overtime (None otherwise)."""
        ev = self.shootout_ev
        if ev is None:
            return None
        problem = overtime.shootout_not_tied(self.book, self.score)
        if problem is not None:
            self.add(problem, ev)
            return None
        self.applied.add(ev.seq)
        assert ev.team is not None
        attempts = tuple((a["team"], a["shooter"], bool(a["scored"])) for a in ev.data.get("attempts") or [])
        return Shootout(ev.team, attempts)

    # -- result --------------------------------------------------------------------------------------
    def fork(self) -> _Computation:
        """An independent copy to go on with (or to finish) while this one stays as it is. Goal records,
        ejections and violations are never changed once made, so they are shared; so are the times in the box
        that are over (`_frozen`) and the penalties served only by such times (`close` copies a penalty it marks
        post-game); the others are copied with the clock's served times they point at (the clock moves them)."""
        new = _shallow(self)
        new.score = dict(self.score)
        new.by_period = {s: list(v) for s, v in self.by_period.items()}
        new.goals = list(self.goals)
        new.ejections = dict(self.ejections)
        new.violations = list(self.violations)
        new.timeouts = dict(self.timeouts)
        new.goalie_in = dict(self.goalie_in)
        new.pulled_at = dict(self.pulled_at)
        new.counts = dict(self.counts)
        new.late = set(self.late)
        new.applied = set(self.applied)
        clock = self.clock
        pending = clock.pending
        when, given = clock._instant
        served = {id(x): _shallow(x) for x in (*pending, *clock.running, *given)}
        new.clock = _shallow(clock)
        new.clock.pending = [served[id(x)] for x in pending]
        new.clock.running = [served[id(x)] for x in clock.running]
        new.clock.finished = finished = list(clock.finished)
        for x in given:  # over at this instant but still read again by the next penalty at it
            if x.end is not None:
                at = next(i for i in range(len(finished) - 1, -1, -1) if finished[i] is x)
                finished[at] = served[id(x)]
        new.clock._instant = (when, [served[id(x)] for x in given])
        new.penalties = penalties = list(self.penalties)
        for i, pen in enumerate(penalties):
            first, second = pen.served, pen.second
            if (first is not None and id(first) in served) or (second is not None and id(second) in served):
                copied = penalties[i] = _shallow(pen)
                if first is not None:
                    copied.served = served.get(id(first), first)
                if second is not None:
                    copied.second = served.get(id(second), second)
        return new

    def snapshot(self, forfeit: str | None, called: dict[str, int] | None) -> GameState:
        """The state so far, leaving this computation's clock where it is (finished on a fork, not a deep copy)."""
        return self.fork().finish(forfeit, called)

    def finish(self, forfeit: str | None, called: dict[str, int] | None) -> GameState:
        """The game's state, its events all applied: the end of the game, its result, the penalties after it."""
        book, g = self.book, self.g
        final = g.status == "final"
        if final and forfeit is None and called is None:
            short = results.both_short(book, {side: len(g.lineups.get(side, [])) for side in SIDES})
            if short is not None:
                forfeit = "both"
                self.add(short)
        if final and mercy.has_half_time(book):
            self.halftime()
        shootout = self.decide_shootout() if forfeit is None and called is None else None
        open_tie = forfeit is None and called is None and self.score["home"] == self.score["away"]
        if final and open_tie and shootout is None and self.over_t is None and (
                self.ot.enabled and book.shootout.get(g.stage, False)):
            self.add(overtime.tie_needs_shootout(book))
        end_t = self.end_time(final, open_tie)
        result = self.result(forfeit, called, shootout, open_tie) if final else None
        self.close(end_t)
        return GameState(g, self.score, self.by_period, self.goals, self.penalties,
                         sorted(self.ejections.values(), key=lambda e: (e.t, e.seq)), self.violations,
                         self.timeouts, result.decision if result else None, result.winner if result else None,
                         result.points if result else None, end_t, self.over_t is not None, self.applied,
                         shootout if result and result.decision == "shootout" else None, self.reported())

    def end_time(self, final: bool, open_tie: bool) -> int | None:
        """When the game ended (None: not over yet); a final tie plays the overtime the rulebook has."""
        book, stage = self.book, self.g.stage
        if self.over_t is not None:
            return self.over_t
        if not final:
            return None
        if self.ended_t is not None:  # finished before the end of regulation: play ended there
            return self.ended_t
        if not (open_tie and self.ot.enabled):
            return self.reg_end
        last = max(self.max_period, book.clock.periods + 1)
        if self.ot.max_periods:
            last = min(last, book.clock.periods + self.ot.max_periods)
        self.ensure_period(last)
        endless = overtime.endless_overtime_tie(book, stage)
        if endless is not None:
            self.add(endless)
        return game_time(book, stage, last, period_length(book, stage, last))

    def result(self, forfeit: str | None, called: dict[str, int] | None, shootout: Shootout | None,
               open_tie: bool) -> results.Result:
        """The final game's result; the score the rulebook records in its place (a forfeit's, a shootout's)."""
        book = self.book
        went_ot = self.max_period > book.clock.periods or (open_tie and self.ot.enabled)
        result = results.decide(book, self.score, forfeit=forfeit, called=called,
                                shootout_winner=shootout.winner if shootout else None,
                                mercy=self.over_reason == "mercy", went_ot=went_ot)
        if result.score is not None:
            self.score = dict(result.score)
        if result.forfeited:
            self.by_period = {s: [0] * book.clock.periods for s in SIDES}
            for s in SIDES:
                self.by_period[s][0] = self.score[s]
        return result

    def close(self, end_t: int | None) -> None:
        """Run the clock to the end; penalties after the final horn (or the mercy rule's end) are after the game,
        and the late misconducts are reported."""
        self.clock.close(end_t)
        if end_t is None:
            return
        if self.over_t is None or self.over_reason == "mercy":
            for i, pen in enumerate(self.penalties):
                if pen.t >= end_t:  # a copy: a fork shares the penalties whose times are over
                    marked = self.penalties[i] = _shallow(pen)
                    marked.post_game = True
        self.late_misconducts(end_t)

    def reported(self) -> list[Reported]:
        """The penalties the referee reports to the league, with the reason."""
        out: list[Reported] = []
        for p in self.penalties:
            reason = report_reason(self.book, p.cls, p.infraction, p.added_gm, p.seq in self.late)
            if reason:
                out.append({"player": p.player, "team": p.team, "infraction": p.infraction, "reason": reason,
                            "period": p.period, "elapsed": fmt_mmss(p.elapsed)})
        return out


def _run(game: GameInput, book: Rulebook, until: int | None) -> tuple[_Computation, str | None, dict[str, int] | None]:
    comp = _Computation(game, book)
    untimed = [e for e in game.events if e.period is None or e.elapsed is None]
    timed = sorted((e for e in game.events if e.period is not None and e.elapsed is not None),
                   key=lambda e: (e.period, e.elapsed, e.seq))
    forfeit, called, _ = comp.pregame(untimed)
    for ev in timed:
        assert ev.period is not None and ev.elapsed is not None
        if until is not None and ev.period >= 1 and game_time(book, game.stage, ev.period, ev.elapsed) > until:
            break
        comp.apply(ev)
    return comp, forfeit, called


def compute_game(game: GameInput, book: Rulebook) -> GameState:
    """The state of a game: a pure function of its line-ups and events."""
    comp, forfeit, called = _run(game, book, None)
    return comp.finish(forfeit, called)



def compute_until(game: GameInput, book: Rulebook, t: int) -> tuple[_Computation, GameState]:
    """The computation stopped at game time `t` (for the live state), and the state of the game so far."""
    comp, forfeit, called = _run(game, book, t)
    comp.clock.advance(t)
    return comp, comp.snapshot(forfeit, called)

