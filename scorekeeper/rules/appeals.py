"""APPEAL-1: an appeal needs the official league form and the fee paid at the canteen (section 8)."""

from __future__ import annotations

from scorekeeper.rules.violation import Violation
from scorekeeper.season.view import SeasonView
from scorekeeper.seasonfile import cents_to_money


def check_appeals(view: SeasonView) -> list[Violation]:
    out = []
    book = view.book
    for a in view.data.get("appeals", []):
        who = view.player_name(a["player"])
        where = f"appeal {a['player']}/{a['game']}"
        if not str(a.get("form", "")).strip():
            out.append(Violation("APPEAL-1", "block", f"{who}'s appeal has no official league appeal form number; "
                                 "e-mail and phone appeals are not accepted", book.section("APPEAL-1"), where))
        if not a.get("fee_paid"):
            out.append(Violation("APPEAL-1", "block", f"{who}'s appeal: the ${cents_to_money(book.appeal_fee_cents)} "
                                 "form fee, paid at the canteen, is not recorded", book.section("APPEAL-1"), where))
        if a.get("decided") and a["decided"] < a["filed"]:
            out.append(Violation("APPEAL-1", "block", f"{who}'s appeal is decided before it was filed",
                                 book.section("APPEAL-1"), where))
    return out
