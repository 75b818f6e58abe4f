"""A game's state: everything computed about one game (score, goals, penalties, ejections, violations, result),
and the records it holds.

The state is computed by `engine.computation.compute_game` (a pure function of the game's line-ups and ordered
events); `engine.live_game.LiveGame` keeps a game's computation open at the boards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from scorekeeper.engine.events import SIDES, GameInput
from scorekeeper.engine.penalty_clock import Served
from scorekeeper.engine.timefmt import fmt_mmss
from scorekeeper.results_records import EjectionRecord, GamePenalty, ShootoutRecord
from scorekeeper.results_records import GoalRecord as GoalJson
from scorekeeper.rules.violation import Violation


class Reported(TypedDict):
    """A penalty on the referee's report to the league, with the reason (`player` None: a bench penalty)."""

    player: str | None
    team: str
    infraction: str
    reason: str
    period: int
    elapsed: str


class GameJson(TypedDict):
    """A game's state as `GameState.to_json` writes it: the facade's `GameResult` before its line-up checks and
    curfew are added (`violations` as `Violation.to_json` writes them)."""

    id: str
    home: str
    away: str
    stage: str
    status: str
    date: str
    time: str
    score: dict[str, int]
    by_period: dict[str, list[int]]
    decision: str | None
    winner: str | None
    points: dict[str, int] | None
    goals: list[GoalJson]
    penalties: list[GamePenalty]
    ejections: list[EjectionRecord]
    timeouts: dict[str, int]
    pim: dict[str, int]
    report: list[Reported]
    violations: list[dict[str, str]]
    shootout: NotRequired[ShootoutRecord]
    curfew: NotRequired[str]


@dataclass
class GoalRecord:
    seq: int
    period: int
    elapsed: int
    t: int
    team: str
    scorer: str | None
    assists: list[str]
    strength: str | None
    empty_net: bool
    penalty_shot: bool = False
    awarded: bool = False
    late: bool = False

    def to_json(self) -> GoalJson:
        return {"period": self.period, "elapsed": fmt_mmss(self.elapsed), "team": self.team,
                "scorer": self.scorer, "assists": list(self.assists), "strength": self.strength,
                "empty_net": self.empty_net, "penalty_shot": self.penalty_shot, "awarded": self.awarded}


@dataclass(frozen=True)
class Shootout:
    """The shootout after a tie in overtime, where the rulebook has one: its winner and, when entered, its
    attempts in order (side, shooter, scored)."""

    winner: str
    attempts: tuple[tuple[str, str, bool], ...] = ()

    def goals(self, side: str) -> int:
        return sum(1 for team, _, scored in self.attempts if team == side and scored)

    def to_json(self) -> ShootoutRecord:
        return {"winner": self.winner, "goals": {s: self.goals(s) for s in SIDES} if self.attempts else None,
                "attempts": [{"team": t, "shooter": p, "scored": sc} for t, p, sc in self.attempts]}


@dataclass
class PenaltyRecord:
    seq: int
    period: int
    elapsed: int
    t: int
    team: str
    player: str | None
    served_by: str | None
    infraction: str
    cls: str
    minutes: int
    pim: int
    served: Served | None
    post_game: bool = False
    added_gm: bool = False
    repeat: str | None = None  # the discipline trigger of the player's repeat (the major or misconduct of the count)
    second: Served | None = None  # a double minor's second part, served after `served`

    @property
    def parts(self) -> tuple[Served, ...]:
        """Its times in the box: one, or a double minor's two parts in the order served."""
        return tuple(s for s in (self.served, self.second) if s is not None)

    @property
    def starts(self) -> int:
        if self.served is None or self.served.start is None:
            return self.t
        return self.served.start

    @property
    def ends(self) -> int | None:
        last = self.parts[-1] if self.parts else None
        if self.post_game or last is None or last.end is None:
            return None
        return last.end

    @property
    def sheet_minutes(self) -> int:
        """The minutes a game sheet shows: the time in the box, or the penalty minutes of an untimed penalty (a
        game misconduct)."""
        return self.minutes or self.pim

    @property
    def offset(self) -> bool:
        """A coincidental penalty that offset one of the other side's: its side did not play short for it (a
        double minor's part that did)."""
        return any(s.offset for s in self.parts)

    @property
    def ended_by_goal(self) -> bool:
        """A goal ended it (a double minor's: its second part, or the first when the second never ran)."""
        return bool(self.parts and self.parts[-1].ended_by_goal)

    def to_json(self) -> GamePenalty:
        ends = self.ends
        return {"period": self.period, "elapsed": fmt_mmss(self.elapsed), "team": self.team,
                "player": self.player, "served_by": self.served_by, "infraction": self.infraction,
                "class": self.cls, "minutes": self.sheet_minutes, "starts": fmt_mmss(self.starts),
                "ends": fmt_mmss(ends) if ends is not None else None, "ended_by_goal": self.ended_by_goal,
                "pim": self.pim, "offset": self.offset}


@dataclass
class Ejection:
    player: str
    team: str
    rule: str
    t: int
    seq: int

    def to_json(self) -> EjectionRecord:
        return {"player": self.player, "rule": self.rule}


@dataclass
class GameState:
    """Everything computed about one game."""

    game: GameInput
    score: dict[str, int]
    by_period: dict[str, list[int]]
    goals: list[GoalRecord]
    penalties: list[PenaltyRecord]
    ejections: list[Ejection]
    violations: list[Violation]
    timeouts: dict[str, int]
    decision: str | None = None
    winner: str | None = None
    points: dict[str, int] | None = None
    end_t: int | None = None
    over: bool = False
    applied: set[int] = field(default_factory=set)  # seqs of events applied
    shootout: Shootout | None = None  # the shootout that decided the game (decision "shootout")
    reported: list[Reported] = field(default_factory=list)  # the penalties on the report to the league

    @property
    def final(self) -> bool:
        return self.game.status == "final"

    @property
    def forfeited(self) -> bool:
        return self.decision in ("forfeit", "double_forfeit")

    def pim(self, side: str) -> int:
        return sum(p.pim for p in self.penalties if p.team == side)

    def blocks(self) -> list[Violation]:
        return [v for v in self.violations if v.blocks]

    def to_json(self) -> GameJson:
        g = self.game
        out: GameJson = {
            "id": g.id, "home": g.home, "away": g.away, "stage": g.stage, "status": g.status,
            "date": g.date, "time": g.time,
            "score": dict(self.score), "by_period": {s: list(v) for s, v in self.by_period.items()},
            "decision": self.decision, "winner": self.winner,
            "points": dict(self.points) if self.points is not None else None,
            "goals": [x.to_json() for x in self.goals],
            "penalties": [x.to_json() for x in self.penalties],
            "ejections": [x.to_json() for x in self.ejections],
            "timeouts": dict(self.timeouts),
            "pim": {s: self.pim(s) for s in SIDES},
            "report": self.report(),
            "violations": [v.to_json() for v in self.violations],
        }
        if self.shootout is not None:  # the last key, where there is one
            out["shootout"] = self.shootout.to_json()
        return out

    def report(self) -> list[Reported]:
        """What the referee reports to the league after the game (the rules in `rules.league_report`)."""
        return [r.copy() for r in self.reported]

