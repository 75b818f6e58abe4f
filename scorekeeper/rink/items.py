"""What a rink adds besides games (issue 32): a team's roster (a player called up at the boards, a number changed,
a release) and a payment (a fine paid at the rink). Each is an item with a stable identity and a digest, sent like
a game: once, in order (the rosters before the games that dress their players, the payments after the games
whose fines they pay), taken at the league only while the league's item is still the rink's baseline, otherwise
filed as a conflict for the office.

- A team's roster item (`roster:TEAM`) is the team's signings and the players they sign (the season file's
  `roster` and `players` entries), its baseline the digest of the item as copied. Two rinks adding the same number
  to one team: the second finds the league's roster changed since its copy, a conflict.
- A payment item (`payment:DIGEST`, the first 16 hex digits of the payment's digest) is one payment, known by its
  content (the season file gives payments no ids and holds each content once). A payment the copy had is its
  baseline; a new one is sent unless the league has it already: from this rink (a send interrupted after the
  league's commit: the league's "rink send" audit entry says so) it was sent; from anyone else it is a payment
  twice, a conflict.

The copy keeps the items' baselines and the conflicts handed to the office in its `meta` table (`marks`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

from scorekeeper.facade.changeset import ListChanges
from scorekeeper.rink.digest import NEW
from scorekeeper.season_data import PaymentData, SeasonData

Kind = Literal["roster", "payment"]
ROSTER, PAYMENT = "roster:", "payment:"


def item_digest(changes: ListChanges) -> str:
    """sha-256 of the item's canonical JSON (`NEW`: no item)."""
    import hashlib

    if not changes:
        return NEW
    text = json.dumps(changes, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Item:
    """One item: its id (`roster:TEAM`, `payment:DIGEST`), what it writes at the league and its digest now."""

    id: str
    changes: ListChanges

    @property
    def kind(self) -> Kind:
        return "roster" if self.id.startswith(ROSTER) else "payment"

    @property
    def key(self) -> str:
        return self.id.split(":", 1)[1]

    @property
    def digest(self) -> str:
        return item_digest(self.changes)


def is_item(ident: str) -> bool:
    """Whether a conflict's or a waiting change's id names an item (else a game)."""
    return ident.startswith((ROSTER, PAYMENT))


def roster_item(data: SeasonData, team: str) -> Item:
    """A team's roster item: its signings (by team, player, signing date) and the players they sign (by id)."""
    from scorekeeper.seasonfile import roster_key  # issue 29.6: the season file's checks load when an item is made

    signings = sorted((r for r in data.get("roster", []) if r["team"] == team), key=roster_key)
    signed = {r["player"] for r in signings}
    players = sorted((p for p in data.get("players", []) if p["id"] in signed), key=lambda p: p["id"])
    return Item(ROSTER + team, {"players": players, "roster": signings} if signings else {})


def payment_item(payment: PaymentData) -> Item:
    return Item(PAYMENT + item_digest({"payments": [payment]})[:16], {"payments": [payment]})


def items(data: SeasonData) -> dict[str, Item]:
    """Every item of a season: each team's roster, then each payment (the order they are sent in, rosters first)."""
    out = {ROSTER + t["id"]: roster_item(data, t["id"]) for t in data.get("teams", [])}
    out.update({(i := payment_item(p)).id: i for p in data.get("payments", [])})
    return out


def kept_in(data: SeasonData, kept: list[Item]) -> None:
    """Put the rink's unsent items into the league's season data (a refresh keeps them): a kept roster replaces
    the team's signings and its players' records; a kept payment is added."""
    for item in kept:
        changes = item.changes
        if item.kind == "payment":
            data["payments"] = [*data.get("payments", []), *changes.get("payments", [])]
            continue
        players = {p["id"]: p for p in data.get("players", [])}
        players.update({p["id"]: p for p in changes.get("players", [])})
        data["players"] = list(players.values())
        data["roster"] = [r for r in data.get("roster", []) if r["team"] != item.key] + list(changes.get("roster", []))
