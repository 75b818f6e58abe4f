"""Sending a rink copy's changes: each waiting roster, game and payment (`rink.items`; in that order) offered to
the league (one transaction there each, see `facade.rink.Rinks.receive_rink_game`, `receive_rink_item`), then
marked at the rink: a game the league took (or had already) gets what was sent as its baseline, so a second send
adds nothing; a conflict is marked as handed to the office and waits no more until the rink changes the game
again. Interrupted anywhere, it is simply run again: the league's
digest check makes a game applied twice impossible."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.facade.core import bind
from scorekeeper.rink import marks
from scorekeeper.rink.changes import Waiting, WaitingItem, copy_facts, waiting, waiting_items
from scorekeeper.rink.conflicts import ItemParcel, Outcome, Parcel
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


def _mark(rink: RinkSide, outcome: Outcome, sent: str, item: bool = False) -> None:
    """The rink's record of what the league did with the game or item it sent (digest `sent`)."""
    bind(rink.db)
    with rink.write_transaction():
        bind(rink.db)
        if item:
            marks.set_item_held(outcome.game, sent if outcome.kind == "conflict" else None)
            if outcome.kind != "conflict":
                marks.set_item_baseline(outcome.game, sent)
        elif outcome.kind == "conflict":
            marks.set_held(outcome.game, sent)
        else:
            marks.set_baseline(outcome.game, sent)
            marks.set_held(outcome.game, None)


Pending = Waiting | WaitingItem


def _offer(league: LeagueSide, name: str, season: str, change: Pending) -> Outcome:
    if isinstance(change, WaitingItem):
        return league.receive_rink_item(ItemParcel(name, change.item, change.baseline), season)
    return league.receive_rink_game(Parcel(name, change.game, change.baseline, change.digest), season)


def pending(rink: RinkSide) -> list[Pending]:
    """What waits, in the order it is sent: the rosters (a game may dress a player added at the rink), the games
    in the season's order, then the payments (a fine paid at the rink is set off by a game sent before)."""
    items = waiting_items(rink)
    return [*(i for i in items if i.item.kind == "roster"), *waiting(rink),
            *(i for i in items if i.item.kind == "payment")]


def send(rink: RinkSide, league: LeagueSide) -> SendReport:
    """Send everything waiting at `rink` to `league` (see `pending` for the order)."""
    facts = copy_facts(rink)
    report = SendReport()
    todo = pending(rink)
    for n, change in enumerate(todo):
        report.waiting = [w.id for w in todo[n:]]
        outcome = _offer(league, facts.name, facts.season, change)
        _mark(rink, outcome, change.digest, isinstance(change, WaitingItem))
        if outcome.kind == "conflict":
            report.conflicts.append(outcome)
        else:
            report.sent.append(outcome.game)
    report.waiting = []
    return report
