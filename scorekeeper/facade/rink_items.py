"""The league's side of a roster or payment a rink sends (issue 32, `rink.items`): taken through the one
judge-then-commit path (audited "rink send", in the same transaction) only while the league's item is still the
rink's baseline; a roster the league has as the rink sent it, or a payment this rink's own "rink send" entry
records, was sent before (a send interrupted after the league's commit); anything else (a roster changed at the
league or by another rink, a payment the league has from someone else: a payment twice, a change the league's
rules refuse) is a conflict filed for the office, the league unchanged."""

from __future__ import annotations

import sqlite3
from typing import Protocol

from peewee import DatabaseError, SqliteDatabase

from scorekeeper.changes import EntryResult
from scorekeeper.db.models import AuditEntry, Season
from scorekeeper.facade.core import Core
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.pipeline import AuditRecord, ChangeStep, Proposal, Refused
from scorekeeper.rink.conflicts import ItemParcel, Outcome
from scorekeeper.rink.digest import NEW
from scorekeeper.rink.items import Item, payment_item, roster_item
from scorekeeper.rules.ids import DATA_5
from scorekeeper.season.view import SeasonView


class Rinks(Protocol):
    """The league's facade part that files conflicts (`facade.rink.Rinks`)."""

    core: Core
    step: ChangeStep

    def _conflict(self, s: Season, parcel: ItemParcel, league_digest: str, message: str) -> Outcome: ...


def blocks_said(result: EntryResult) -> str:
    """A refusal's blocks in words, each with its rule."""
    told = [v for v in result.violations if v.blocks] or result.violations
    return "; ".join(f"{v.message} ({v.rule}{', ' + v.where if v.where else ''})" for v in told) or "refused"


def _subject(parcel: ItemParcel) -> str:
    item = parcel.item
    what = f"roster of team {item.key}" if item.kind == "roster" else f"payment {item.key}"
    return f"{what} from rink {parcel.rink}"


def _said(view: SeasonView, item: Item) -> str:
    """The item as the office reads it: 'the roster of Otters', 'the payment of 20.00 by Otters on 2015-11-02'."""
    if item.kind == "roster":
        return f"the roster of {view.name_of(item.key)}"
    p = item.changes.get("payments", [])[0]
    payer = next(iter(p["payer"].values()), "")
    fine = p.get("fine")
    of = f" for the fine of game {fine.get('game')}, {fine.get('rule')}" if isinstance(fine, dict) else ""
    return f"the payment of {p['amount']} by {view.name_of(payer)} on {p['date']}{of}"


def _league_digest(view: SeasonView, item: Item) -> str:
    """The league's item of that id now: a team's roster's digest; for a payment, its digest if the league holds
    it (else `NEW`)."""
    if item.kind == "roster":
        return roster_item(view.data, item.key).digest
    held = {payment_item(p).digest for p in view.data.get("payments", [])}
    return item.digest if item.digest in held else NEW


def _sent_before(s: Season, parcel: ItemParcel) -> bool:
    """Whether this rink's send of the item was committed at the league (its "rink send" entry)."""
    return AuditEntry.select().where((AuditEntry.season == s) & (AuditEntry.action == "rink send")
                                     & (AuditEntry.subject == _subject(parcel))).exists()


def _unowed(rinks: Rinks, item: Item, season: str) -> str:
    """Why a payment of a fine cannot be taken (the fine is not owed at the league), or ''."""
    for p in item.changes.get("payments", []):
        fine = p.get("fine")
        if isinstance(fine, dict) and not [f for f in rinks.core.fines(season)["fines"] if f["payer"] == p["payer"]
                                           and f["game"] == fine.get("game") and f["rule"] == fine.get("rule")]:
            return "the league has no such fine owed (none such, or waived)"
    return ""


def receive_item(rinks: Rinks, parcel: ItemParcel, season: str) -> Outcome:
    """Take one roster or payment a rink sent, or file the conflict: one transaction, the season's items one at a
    time (SQLite: its write lock; PostgreSQL: the season's row locked), the league read again inside it, so the
    check and the write are atomic (two rinks sending one payment at once: one is taken, the other a conflict)."""
    core = rinks.core
    s = core.season_row(season)
    try:
        with core.write_transaction():
            if not isinstance(core.db, SqliteDatabase):
                Season.select(Season.id).where(Season.id == s.id).for_update().execute()
            core.forget()
            return _receive(rinks, s, parcel)
    except (DatabaseError, sqlite3.Error) as exc:
        core.forget()
        raise ServiceError(f"the league did not answer: {core.explain_error(exc)}; send again") from None


def _receive(rinks: Rinks, s: Season, parcel: ItemParcel) -> Outcome:
    core = rinks.core
    view = core.view(s.name)
    item = parcel.item
    now = _league_digest(view, item)
    said = _said(view, item)
    if item.kind == "roster" and now == parcel.digest:
        return Outcome(item.id, "already")
    if item.kind == "payment" and now == parcel.digest:
        if _sent_before(s, parcel):
            return Outcome(item.id, "already")
        return rinks._conflict(s, parcel, now, f"{said} from rink {parcel.rink} is at the league already "
                               "(recorded by the office or another rink): a payment twice; the league keeps one, "
                               "the office settles it")
    if now != parcel.baseline:
        return rinks._conflict(s, parcel, now, f"{said} was changed at the league since rink {parcel.rink} copied "
                               "it; the league keeps its own, the office settles it")
    unowed = _unowed(rinks, item, s.name)
    if unowed:
        return rinks._conflict(s, parcel, now, f"{said} from rink {parcel.rink}: {unowed}; the office settles it")
    result = rinks.step.propose(
        Proposal(item.changes, games=[], audit=AuditRecord(
            "rink send", _subject(parcel), {"digest": parcel.baseline}, {"digest": parcel.digest, "rink": parcel.rink}),
            unwritten=Refused(f"{said} from rink {parcel.rink} was not written", DATA_5)),
        confirm=True, season=s.name)
    if result.ok:
        return Outcome(item.id, "sent")
    core.forget()
    return _refused(rinks, s, parcel, now, said, result)


def _refused(rinks: Rinks, s: Season, parcel: ItemParcel, now: str, said: str, result: EntryResult) -> Outcome:
    unwritten = [v.message for v in result.violations
                 if v.message.startswith(f"{said} from rink {parcel.rink} was not written")]
    if unwritten:  # the database refused the write (busy, disconnected, full): no conflict, send again later
        raise ServiceError(f"the league did not answer: {unwritten[0]}; send again")
    return rinks._conflict(s, parcel, now, f"{said} from rink {parcel.rink} was refused by the league's rules: "
                           f"{blocks_said(result)}; the league keeps its own, the office settles it")
