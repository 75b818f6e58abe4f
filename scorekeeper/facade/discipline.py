"""The discipline part of the facade: appeals, payments, captains' notices, and what the office records beside
the computed suspensions and fines (a suspension lifted, a fine waived)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorekeeper.changes import Changes, EntryResult
from scorekeeper.db.models import Fine, Game, Player, Suspension, Team
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.games import office_needed
from scorekeeper.facade.pipeline import AuditRecord, ChangeStep, Proposal
from scorekeeper.records import Money
from scorekeeper.rules.office_records import LIFT_RULE, NOTICE_RULE, WAIVE_RULE
from scorekeeper.rules.violation import Violation
from scorekeeper.season_data import AppealData, AuditEntryData, PaymentData

if TYPE_CHECKING:
    from scorekeeper.season_data import AppealData, PaymentData


def payment_audit(payment: PaymentData, reason: str = "") -> AuditRecord:
    """The audit entry of a payment, whatever records it (the window, a season file: `reason` says which file):
    the payer (and the fine it pays) as subject, the amount and date after (issue 26)."""
    fine = payment.get("fine")
    subject = json.dumps(payment.get("payer")) + (f" for the fine of game {fine.get('game')}, {fine.get('rule')}"
                                                  if isinstance(fine, dict) else "")
    fields: Mapping[str, object] = payment
    after = {k: fields[k] for k in ("amount", "date", "memo") if fields.get(k) is not None}
    return AuditRecord("payment", subject, None, {**after, **({"reason": reason} if reason else {})})


def payment_audits(payments: list[PaymentData], trail: list[AuditEntryData], reason: str) -> list[AuditRecord]:
    """The entries that audit the payments a season file brings: one each, except where the file's own trail
    (kept as history) already records that payment (payer, fine, amount, date, memo), so that an export
    imported into an empty database exports the same file again."""
    def said(subject: Any, after: Any) -> tuple[Any, ...]:
        after = after if isinstance(after, dict) else {}
        return (subject, after.get("amount"), after.get("date"), after.get("memo"))

    known = {said(e.get("subject"), e.get("after")) for e in trail if e.get("action") == "payment"}
    records = [payment_audit(p, reason) for p in payments]
    return [r for r in records if said(r.subject, r.after) not in known]


@bound
class Discipline(Part):
    """The office's side of discipline: appeals and payments through the one path, and the records it keeps
    beside the season file (notices, lifted suspensions, waived fines), each written with its audit entry."""

    def __init__(self, core: Core, step: ChangeStep) -> None:
        super().__init__(core)
        self.step = step

    def record_appeal(self, appeal: AppealData, confirm: bool = False, season: str | None = None) -> EntryResult:
        """Record an appeal. Upholding one (or changing an upheld one) lifts a suspension and waives its fines:
        an office action, like `lift_suspension` (issue 14)."""
        key = (appeal.get("player"), appeal.get("game"), appeal.get("filed"))
        stored: AppealData | None = next((a for a in self.core.view(season).data.get("appeals", [])
                                          if (a["player"], a["game"], a["filed"]) == key), None)
        decision, was = appeal.get("decision", "pending"), stored.get("decision", "pending") if stored else "pending"
        if decision != was and "upheld" in (decision, was):
            refused = office_needed(self.core, "recording an upheld appeal (it lifts the suspension and waives its "
                                    "fines)" if decision == "upheld" else "changing an upheld appeal")
            if refused is not None:
                return refused
        return self.step.propose(Proposal({"appeals": [appeal]}, games=[], audit=AuditRecord(
            "appeal", f"{appeal.get('player')}/{appeal.get('game')}")), confirm=confirm, season=season)

    def record_payment(self, payment: PaymentData, season: str | None = None) -> EntryResult:
        """Record a payment toward a team's balance, or against one fine (`fine`: its game and rule; the payer is
        the fine's, player or team). A fine that is not owed (none such, or waived) is a ServiceError."""
        fine = payment.get("fine")
        if isinstance(fine, dict) and isinstance(payment.get("payer"), dict):
            payer = next(iter(payment["payer"].values()), None)
            owed = [f for f in self.core.fines(season)["fines"] if f["payer"] == payment["payer"]
                    and f["game"] == fine.get("game") and f["rule"] == fine.get("rule")]
            if not owed:
                view = self.core.view(season)  # the payer and the game as people read them
                raise ServiceError(f"{view.name_of(str(payer))} owes no fine under {fine.get('rule')} for game "
                                   f"{view.game_name(str(fine.get('game')))} (none such, or waived); record the "
                                   "payment toward the balance instead")
        return self.step.propose(Proposal({"payments": [payment]}, games=[],
                                          audit=payment_audit(payment)),
                                 confirm=True, season=season)

    def _rows(self, season: str | None, player: str, game: str) -> tuple[Any, Any, Any]:
        """The season's row, the player's and the game's (None where there is no such player or game)."""
        s = self.core.season_row(season)
        return (s, Player.get_or_none((Player.season == s) & (Player.ext_id == player)),
                Game.get_or_none((Game.season == s) & (Game.ext_id == game)))

    def record_notice(self, player: str, game: str, sent: str | None = None, season: str | None = None,
                      recipient: str | None = None, message_id: str | None = None) -> EntryResult:
        """The captain was e-mailed the suspension of `player` from `game` (ISO time, default now)."""
        s, prow, grow = self._rows(season, player, game)
        when = dt.datetime.fromisoformat(sent) if sent else dt.datetime.now().replace(microsecond=0)
        if prow is None or grow is None:
            raise ServiceError(f"no suspension of {player!r} from game {game!r}")
        def write() -> None:
            row = Suspension.get_or_none((Suspension.player == prow) & (Suspension.game == grow))
            if row is None:
                Suspension.create(season=s, player=prow, game=grow, rule=NOTICE_RULE, kind="notice",
                                  captain_emailed=when, notice_recipient=recipient, notice_message_id=message_id)
            else:
                Suspension.update(captain_emailed=when, notice_recipient=recipient,
                                  notice_message_id=message_id).where(Suspension.id == row.id).execute()

        self.step.commit(s, write, [AuditRecord("captain notified", f"{player}/{game}", after={
            "sent": when.isoformat(), "recipient": recipient, "message_id": message_id})])
        self.core.forget(s.id)
        return EntryResult(True, [], False, Changes.of(s.name, games=[game], players=[player],
                                                       tables=["notices", "audit"]))

    def lift_suspension(self, player: str, game: str, date: str, reason: str, season: str | None = None
                        ) -> EntryResult:
        """The Suspension Director lifts a suspension (an indefinite one after review): recorded and audited."""
        view = self.core.view(season)
        refused = office_needed(self.core, "lifting a suspension")
        if refused is not None:
            return refused
        if not reason.strip():
            return EntryResult(False, [Violation(LIFT_RULE, "block", "lifting a suspension needs a reason",
                                                 view.book.section(LIFT_RULE))])
        s, prow, grow = self._rows(season, player, game)
        if prow is None or grow is None or not any(
                x["player"] == player and x["game"] == game for x in self.core.suspensions(season)["suspensions"]):
            raise ServiceError(f"no suspension of {player!r} from game {game!r}")
        when = dt.date.fromisoformat(date)

        def write() -> None:
            row = Suspension.get_or_none((Suspension.player == prow) & (Suspension.game == grow))
            if row is None:
                Suspension.create(season=s, player=prow, game=grow, rule=LIFT_RULE, kind="lifted", lifted=when,
                                  note=reason)
            else:
                Suspension.update(lifted=when, note=reason).where(Suspension.id == row.id).execute()

        self.step.commit(s, write, [AuditRecord("suspension lifted", f"{player}/{game}", {"status": "active"},
                                                {"status": "lifted", "date": date, "reason": reason})])
        self.core.forget(s.id)
        return EntryResult(True, [], False, Changes.of(s.name, games=[game], players=[player],
                                                       tables=["suspensions", "audit"]))

    def waive_fine(self, payer: str, game: str, rule: str, reason: str, season: str | None = None) -> EntryResult:
        """The office waives a computed fine (payer: the player's or team's id); recorded and audited."""
        refused = office_needed(self.core, "waiving a fine")
        if refused is not None:
            return refused
        s = self.core.season_row(season)
        view = self.core.view(season)
        if not reason.strip():
            return EntryResult(False, [Violation(WAIVE_RULE, "block", "waiving a fine needs a reason",
                                                 view.book.section(WAIVE_RULE))])
        fine = next((f for f in self.core.fines(season)["fines"] if next(iter(f["payer"].values())) == payer
                     and f["game"] == game and f["rule"] == rule), None)
        if fine is None:
            raise ServiceError(f"no fine of {payer!r} for {rule} in game {game!r}")
        team = Team.get((Team.season == s) & (Team.ext_id == fine["team"]))
        prow = None
        if "player" in fine["payer"]:
            prow = Player.get_or_none((Player.season == s) & (Player.ext_id == payer))
        grow = Game.get_or_none((Game.season == s) & (Game.ext_id == game))
        cents = Money.parse(fine["amount"]).cents

        def write() -> None:
            Fine.create(season=s, team=team, player=prow, game=grow, rule=rule, amount_cents=cents, waived=True,
                        note=reason)

        self.step.commit(s, write, [AuditRecord("fine waived", f"{payer}/{game}", fine,
                                                {"waived": True, "reason": reason})])
        self.core.forget(s.id)
        return EntryResult(True, [], False, Changes.of(
            s.name, games=[game], teams=[fine["team"]], players=[payer] if prow is not None else [],
            tables=["fines", "audit"]))
