"""Fines (FINE-1..11) and the teams' statements (FINE-STMT, A-9): every fine the season's sanctions carry, less
those waived by the office or by an upheld appeal (APPEAL-1), and every payment on the statements it pays."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.discipline import sanctions
from scorekeeper.season.records import Sanction
from scorekeeper.season.view import SeasonView, active_on
from scorekeeper.seasonfile import cents_to_money, money_to_cents


def fines(view: SeasonView) -> dict[str, Any]:
    """The contract's fines JSON: every fine, and each team's statement totals."""
    out = []
    owed: dict[str, int] = {t: 0 for t in view.teams}
    appeals = {(a["player"], a["game"]): a for a in view.data.get("appeals", [])}
    for s in sanctions(view):
        row = s.row
        appeal = appeals.get((s.player, s.game))
        if appeal and appeal["decision"] == "upheld":
            continue  # APPEAL-1: an upheld appeal lifts the suspension and waives the fines tied to it
        cents = fine_cents(s)
        if cents <= 0:
            continue
        payer = {"team": s.team} if row.payer == "team" else {"player": s.player}
        if waived(view, s):
            continue  # waived by the office (audited)
        out.append({"payer": payer, "team": s.team, "amount": cents_to_money(cents), "rule": row.rule,
                    "game": s.game, "player": s.player})
        owed[s.team] = owed.get(s.team, 0) + cents
    paid: dict[str, int] = {t: 0 for t in view.teams}
    for _, team, cents in payment_parts(view, out):
        paid[team] = paid.get(team, 0) + cents
    totals = [{"team": t, "fines": cents_to_money(owed.get(t, 0)), "paid": cents_to_money(paid.get(t, 0)),
               "balance": cents_to_money(owed.get(t, 0) - paid.get(t, 0))} for t in view.teams]
    return {"season": view.name, "fines": out, "totals": totals}


def fine_cents(s: Sanction) -> int:
    """The fine a sanction carries, in cents: its row's fine, plus the fine per game for the games it counts."""
    return s.row.fine_cents + s.row.fine_per_game_cents * s.units


def waived(view: SeasonView, s: Sanction) -> bool:
    """The office waived the sanction's fine (audited)."""
    payer = s.team if s.row.payer == "team" else s.player
    return (payer, s.game, s.row.rule) in view.office.waived


def payment_parts(view: SeasonView, fine_rows: list[dict[str, Any]]) -> list[tuple[dict[str, Any], str, int]]:
    """Every payment as (payment, team, cents) on the statements it pays (FINE-STMT, A-9): a team's on its own; a
    player's on the statements that carry the player's fines (the fine appears on the statement of the team the
    player played for in that game), oldest fine first, and what is left over on the statement of the player's
    team on the payment's date. Payments in date order."""
    owed: dict[str, list[list[Any]]] = {}
    for f in fine_rows:
        if "player" in f["payer"]:
            owed.setdefault(f["player"], []).append([f["team"], money_to_cents(f["amount"])])
    out: list[tuple[dict[str, Any], str, int]] = []
    for p in sorted(view.data.get("payments", []), key=lambda p: (p.get("date", ""), p.get("memo") or "")):
        kind, ref = next(iter(p["payer"].items()))
        amount = money_to_cents(p["amount"])
        if kind == "team":
            out.append((p, ref, amount))
            continue
        parts: dict[str, int] = {}
        for item in owed.get(ref, []):
            take = min(amount, item[1])
            if take > 0:
                item[1] -= take
                amount -= take
                parts[item[0]] = parts.get(item[0], 0) + take
        if amount > 0:
            team = _player_team(view, ref, p.get("date")) or next(iter(parts), None)
            if team is not None:
                parts[team] = parts.get(team, 0) + amount
        out.extend((p, team, cents) for team, cents in parts.items())
    return out


def _player_team(view: SeasonView, player: str, date: str | None = None) -> str | None:
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
