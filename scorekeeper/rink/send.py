"""Sending a rink copy's changes: each waiting game offered to the league (one transaction there per game, see
`facade.rink.Rinks.receive_rink_game`), then marked at the rink: a game the league took (or had already) gets
what was sent as its baseline, so a second send adds nothing; a conflict is marked as handed to the office and
waits no more until the rink changes the game again. Interrupted anywhere, it is simply run again: the league's
digest check makes a game applied twice impossible."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.facade.core import bind
from scorekeeper.rink import marks
from scorekeeper.rink.changes import copy_facts, waiting
from scorekeeper.rink.conflicts import Outcome, Parcel
from scorekeeper.rink.sides import LeagueSide, RinkSide


@dataclass
class SendReport:
    """What a send did: the games the league took (or had already), the conflicts (game and message), and the
    games still waiting (none unless the send stopped)."""

    sent: list[str] = field(default_factory=list)
    conflicts: list[Outcome] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {"sent": self.sent, "conflicts": [{"game": c.game, "message": c.message} for c in self.conflicts],
                "waiting": self.waiting}


def _mark(rink: RinkSide, outcome: Outcome, sent: str) -> None:
    """The rink's record of what the league did with the game it sent (digest `sent`)."""
    bind(rink.db)
    with rink.write_transaction():
        bind(rink.db)
        if outcome.kind == "conflict":
            marks.set_held(outcome.game, sent)
        else:
            marks.set_baseline(outcome.game, sent)
            marks.set_held(outcome.game, None)


def send(rink: RinkSide, league: LeagueSide) -> SendReport:
    """Send every waiting game of `rink` to `league`, in the season's order."""
    facts = copy_facts(rink)
    report = SendReport()
    pending = waiting(rink)
    for n, game in enumerate(pending):
        report.waiting = [w.id for w in pending[n:]]
        outcome = league.receive_rink_game(Parcel(facts.name, game.game, game.baseline, game.digest), facts.season)
        _mark(rink, outcome, game.digest)
        if outcome.kind == "conflict":
            report.conflicts.append(outcome)
        else:
            report.sent.append(outcome.game)
    report.waiting = []
    return report
