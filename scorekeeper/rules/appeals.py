"""APPEAL-1: an appeal needs the official league form and the fee paid at the canteen (section 8).

The rulebook's `channels` list how an appeal may be filed: where the official form is the only one, an appeal
without a form number is refused; where another channel is allowed (e-mail, phone), an appeal without a form
number came by it and stands.
"""

from __future__ import annotations

from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.rules.violation import Violation
from scorekeeper.seasonfile import cents_to_money

# The channels a league commonly refuses, named in the refusal when the rulebook does not allow them.
OTHER_CHANNELS = ("e-mail", "phone")


def needs_form(channels: tuple[str, ...]) -> bool:
    """An appeal must name its official form: the form is the only channel the rulebook allows."""
    return channels == ("official_form",)


def refused_channels(channels: tuple[str, ...]) -> str:
    """'e-mail and phone': the common channels the rulebook does not allow, for a message."""
    return " and ".join(c for c in OTHER_CHANNELS if c not in channels) or "other"


def channel_words(channels: tuple[str, ...]) -> list[str]:
    """The rulebook's channels in words: ['the official league appeal form', 'e-mail']."""
    return ["the official league appeal form" if c == "official_form" else c.replace("_", " ") for c in channels]


def check_appeals(view: SeasonFacts) -> list[Violation]:
    out = []
    book = view.book
    for a in view.data.get("appeals", []):
        who = view.player_name(a["player"])
        where = f"appeal {a['player']}/{a['game']}"
        if needs_form(book.appeal_channels) and not str(a.get("form", "")).strip():
            out.append(Violation("APPEAL-1", "block", f"{who}'s appeal has no official league appeal form number; "
                                 f"{refused_channels(book.appeal_channels)} appeals are not accepted",
                                 book.section("APPEAL-1"), where))
        if not a.get("fee_paid"):
            out.append(Violation("APPEAL-1", "block", f"{who}'s appeal: the ${cents_to_money(book.appeal_fee_cents)} "
                                 "form fee, paid at the canteen, is not recorded", book.section("APPEAL-1"), where))
        if (decided := a.get("decided")) and decided < a["filed"]:
            out.append(Violation("APPEAL-1", "block", f"{who}'s appeal is decided before it was filed",
                                 book.section("APPEAL-1"), where))
    return out


def appeal_ways(channels: tuple[str, ...]) -> list[str]:
    """How an appeal may be filed, in words: ['on an Official League Appeal Form', 'by e-mail']."""
    return ["on an Official League Appeal Form" if c == "official_form" else f"by {c.replace('_', ' ')}"
            for c in channels]
