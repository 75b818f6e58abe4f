"""What a payment may be (issue 26), whatever records it (the window, a season file): money in integer cents,
more than 0.00 and at most MAX_PAYMENT_CENTS (10,000.00: far above a team's fines for a whole season, so a
larger figure is a typo); and one naming its fine (`fine`) at most what is still owed on that fine: the fine as
billed, less what the payments naming it before this one (by date) paid. More is refused, naming the payment
and the rule (FINE-STMT): the rest of the money goes toward the balance as a payment that names no fine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.rules.discipline import sanctions
from scorekeeper.rules.fines import fine_cents
from scorekeeper.rules.proposals import DECLINED, PROPOSED, proposal_state
from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.rules.violation import Violation
from scorekeeper.season_data import PaymentData
from scorekeeper.seasonfile import cents_to_money, money_to_cents, payment_key

PAYMENT_RULE = "FINE-STMT"  # the statement of fines a payment is shown on
MAX_PAYMENT_CENTS = 1_000_000  # 10,000.00, one payment at most

FineKey = tuple[str, str, str, str]  # payer kind ("team"/"player"), payer id, game, rule


def describe(view: SeasonFacts, payment: PaymentData) -> str:
    """'the payment of 60.00 by player ly04 on 2015-12-01 for the fine of game WSHL-015 (PEN-FIGHT-1)': a team by
    its name, the game by its name."""
    kind, ref = next(iter(payment["payer"].items()))
    fine = payment.get("fine")
    on = f" for the fine of game {view.game_name(fine['game'])} ({fine['rule']})" if fine else " toward the balance"
    payer = f"team {view.name_of(ref)}" if kind == "team" else f"{kind} {ref}"
    return f"the payment of {payment['amount']} by {payer} on {payment['date']}{on}"


def billed(view: SeasonFacts) -> dict[FineKey, int]:
    """Every fine the season's sanctions bill, in cents (waived or appealed ones too: a payment may have been
    made before; a proposed suspension's fine only once confirmed), by payer, game and rule."""
    out: dict[FineKey, int] = {}
    for s in sanctions(view):
        cents = fine_cents(s)
        if cents <= 0 or proposal_state(view, s) in (PROPOSED, DECLINED):
            continue
        key = ("team", s.team, s.game, s.row.rule) if s.row.payer == "team" else ("player", s.player, s.game,
                                                                                   s.row.rule)
        out[key] = out.get(key, 0) + cents
    return out


def payment_problems(view: SeasonFacts, new: Sequence[tuple[str, Mapping[str, object]]]) -> list[Violation]:
    """Each of the `new` payments ((where, payment), already in `view`) that breaks a bound, as a block."""
    if not new:
        return []
    where_of = {payment_key(p): where for where, p in new}
    fines = billed(view) if any(p.get("fine") for _, p in new) else {}
    paid: dict[FineKey, int] = {}
    section = view.book.section(PAYMENT_RULE)
    out: list[Violation] = []
    for p in sorted(view.data.get("payments", []), key=lambda p: (p.get("date", ""), p.get("memo") or "")):
        cents = money_to_cents(p["amount"])
        kind, ref = next(iter(p["payer"].items()))
        key = (kind, ref, fine["game"], fine["rule"]) if (fine := p.get("fine")) else None
        where = where_of.get(payment_key(p))
        if where is not None:
            problem = _problem(view, cents, key, fines, paid)
            if problem:
                out.append(Violation(PAYMENT_RULE, "block", f"{describe(view, p)}: {problem}", section, where))
        if key is not None:
            paid[key] = paid.get(key, 0) + cents
    return out


def _problem(view: SeasonFacts, cents: int, key: FineKey | None, fines: dict[FineKey, int],
             paid: dict[FineKey, int]) -> str:
    if cents <= 0:
        return "a payment is more than 0.00"
    if cents > MAX_PAYMENT_CENTS:
        return (f"a payment is at most {cents_to_money(MAX_PAYMENT_CENTS)} (a larger figure is a typo; a real one "
                "is recorded as several payments)")
    if key is None:
        return ""
    if key not in fines:
        payer = view.name_of(key[1]) if key[0] == "team" else f"{key[0]} {key[1]}"
        return (f"{payer} was never billed a fine of game {view.game_name(key[2])} under {key[3]}: record the payment "
                "toward the balance (without the fine)")
    left = max(fines[key] - paid.get(key, 0), 0)
    if cents > left:
        return (f"only {cents_to_money(left)} is still owed on that fine ({cents_to_money(fines[key])} billed, "
                f"{cents_to_money(paid.get(key, 0))} paid by the payments naming it before this one): a payment "
                "naming a fine pays at most what is still owed on it; record the rest toward the balance")
    return ""
