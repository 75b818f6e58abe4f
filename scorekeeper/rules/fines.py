"""Fines (FINE-1..11) and the teams' statements (FINE-STMT, A-9): every fine the season's sanctions carry, less
those waived by the office or by an upheld appeal (APPEAL-1), and every payment on the statements it pays."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.results_records import FineRow, Fines, FineTotals
from scorekeeper.rules.discipline import sanctions
from scorekeeper.rules.proposals import DECLINED, PROPOSED, proposal_state
from scorekeeper.rules.roster import active_on
from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.season.records import Sanction
from scorekeeper.season_data import PaymentData
from scorekeeper.seasonfile import cents_to_money, money_to_cents

AppliedPayment = tuple[PaymentData, str, int, tuple[str, str, str] | None]
"""A payment's part on a statement: (payment, team, cents, the fine (payer id, game, rule) it paid if it named it)."""


def fines(view: SeasonFacts) -> Fines:
    """The contract's fines JSON: every fine, and each team's statement totals."""
    out: list[FineRow] = []
    owed: dict[str, int] = {t: 0 for t in view.teams}
    appeals = {(a["player"], a["game"]): a for a in view.data.get("appeals", [])}
    for s in sanctions(view):
        row = s.row
        appeal = appeals.get((s.player, s.game))
        if appeal and appeal["decision"] == "upheld":
            continue  # APPEAL-1: an upheld appeal lifts the suspension and waives the fines tied to it
        if proposal_state(view, s) in (PROPOSED, DECLINED):
            continue  # PEN-GM-2: a proposed sanction's fine is owed once the office confirms it, never if declined
        cents = fine_cents(s)
        if cents <= 0:
            continue
        payer: dict[str, str] = {"team": s.team} if row.payer == "team" else {"player": s.player}
        if waived(view, s):
            continue  # waived by the office (audited)
        out.append({"payer": payer, "team": s.team, "amount": cents_to_money(cents), "rule": row.rule,
                    "game": s.game, "player": s.player})
        owed[s.team] = owed.get(s.team, 0) + cents
    paid: dict[str, int] = {t: 0 for t in view.teams}
    for _, team, cents in payment_parts(view, out):
        paid[team] = paid.get(team, 0) + cents
    totals: list[FineTotals] = [
        {"team": t, "fines": cents_to_money(owed.get(t, 0)), "paid": cents_to_money(paid.get(t, 0)),
         "balance": cents_to_money(owed.get(t, 0) - paid.get(t, 0))} for t in view.teams]
    return {"season": view.name, "fines": out, "totals": totals}


def fine_cents(s: Sanction) -> int:
    """The fine a sanction carries, in cents: its row's fine, plus the fine per game for the games it counts."""
    return s.row.fine_cents + s.row.fine_per_game_cents * s.units


def waived(view: SeasonFacts, s: Sanction) -> bool:
    """The office waived the sanction's fine (audited)."""
    payer = s.team if s.row.payer == "team" else s.player
    return (payer, s.game, s.row.rule) in view.office.waived


def payment_parts(view: SeasonFacts, fine_rows: Sequence[FineRow]) -> list[tuple[PaymentData, str, int]]:
    """Every payment as (payment, team, cents) on the statements it pays (FINE-STMT, A-9): a team's on its own; a
    player's on the statements that carry the player's fines (the fine appears on the statement of the team the
    player played for in that game): first the fine it names (`fine`: game and rule), then the oldest fine first,
    and what is left over on the statement of the player's team on the payment's date. Payments in date order."""
    return [(p, team, cents) for p, team, cents, _ in payments_applied(view, fine_rows)]


def paid_on_fines(view: SeasonFacts, fine_rows: Sequence[FineRow]
                  ) -> dict[tuple[str, str, str], list[tuple[PaymentData, int]]]:
    """What each payment that names its fine paid on that fine: (payer id, game, rule) -> [(payment, cents)]."""
    out: dict[tuple[str, str, str], list[tuple[PaymentData, int]]] = {}
    for p, _, cents, fine in payments_applied(view, fine_rows):
        if fine is not None:
            out.setdefault(fine, []).append((p, cents))
    return out


@dataclass
class _Owed:
    """A player's fine as payments pay it off: the team whose statement carries it, the cents still owed, and the
    fine's game and rule."""

    team: str
    cents: int
    game: str
    rule: str


def payments_applied(view: SeasonFacts, fine_rows: Sequence[FineRow]) -> list[AppliedPayment]:
    """`payment_parts`, each part with the fine (payer id, game, rule) it paid when the payment named it."""
    owed: dict[str, list[_Owed]] = {}
    team_fines: dict[tuple[str, str, str], list[int]] = {}
    for f in fine_rows:
        kind, ref = next(iter(f["payer"].items()))
        if kind == "player":
            owed.setdefault(ref, []).append(_Owed(f["team"], money_to_cents(f["amount"]), f["game"], f["rule"]))
        else:
            team_fines[(ref, f["game"], f["rule"])] = [money_to_cents(f["amount"])]
    out: list[AppliedPayment] = []
    for p in sorted(view.data.get("payments", []), key=lambda p: (p.get("date", ""), p.get("memo") or "")):
        kind, ref = next(iter(p["payer"].items()))
        amount = money_to_cents(p["amount"])
        named = (ref, fine["game"], fine["rule"]) if (fine := p.get("fine")) else None
        if kind == "team":
            left = team_fines.get(named) if named is not None else None
            if left is not None and left[0] > 0:
                take = min(amount, left[0])
                left[0] -= take
                out.append((p, ref, take, named))
                amount -= take
            if amount > 0:
                out.append((p, ref, amount, None))
            continue
        parts: dict[tuple[str, tuple[str, str, str] | None], int] = {}
        items = owed.get(ref, [])
        first = [item for item in items if named is not None and (ref, item.game, item.rule) == named]
        for item in [*first, *items]:
            take = min(amount, item.cents)
            if take > 0:
                item.cents -= take
                amount -= take
                key = (item.team, named if any(item is x for x in first) else None)
                parts[key] = parts.get(key, 0) + take
        if amount > 0:
            team = _player_team(view, ref, p.get("date")) or next((t for t, _ in parts), None)
            if team is not None:
                parts[(team, None)] = parts.get((team, None), 0) + amount
        out.extend((p, team, cents, fine) for (team, fine), cents in parts.items())
    return out


def _player_team(view: SeasonFacts, player: str, date: str | None = None) -> str | None:
    """The team the player is signed to on `date` (else the latest signing's team)."""
    latest: tuple[str, str] | None = None
    for team, rows in view.roster_by_team.items():
        for r in rows:
            if r["player"] != player:
                continue
            if date is not None and active_on(r, date):
                return team
            key = (r.get("signed") or "", team)
            latest = key if latest is None or key > latest else latest
    return latest[1] if latest else None
