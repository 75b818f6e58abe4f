"""What a rink copy remembers about itself, in its `meta` table (the copy's own, never the season file's): its
league, its name, the season copied and when, each game's baseline (the digest of the game as copied or as last
sent) and the games handed to the office as conflicts (by the digest sent). The caller binds the copy's
database (`facade.core.bind`) and holds the transaction for a write."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.db.models import Meta

LEAGUE, NAME, SEASON, COPIED = "rink.league", "rink.name", "rink.season", "rink.copied"
BASE, HELD = "rink.base.", "rink.held."
ITEM_BASE, ITEM_HELD = "rink.item.", "rink.itemheld."  # a roster's or payment's (`rink.items`), by the item's id


@dataclass(frozen=True)
class CopyFacts:
    """What a rink copy is a copy of: the league (its address, any password removed), the rink's name, the season
    and when the copy was taken (ISO, UTC)."""

    league: str
    name: str
    season: str
    copied_at: str


def facts() -> CopyFacts | None:
    """The copy's facts; None: this database is no rink copy."""
    rows = {m.key: m.value for m in Meta.select().where(Meta.key.in_([LEAGUE, NAME, SEASON, COPIED]))}
    if LEAGUE not in rows:
        return None
    return CopyFacts(rows[LEAGUE], rows.get(NAME, ""), rows.get(SEASON, ""), rows.get(COPIED, ""))


def put_facts(copy: CopyFacts) -> None:
    for key, value in ((LEAGUE, copy.league), (NAME, copy.name), (SEASON, copy.season), (COPIED, copy.copied_at)):
        put(key, value)


def _prefixed(prefix: str) -> dict[str, str]:
    rows = Meta.select().where(Meta.key.startswith(prefix))
    return {m.key[len(prefix):]: m.value for m in rows}


def baselines() -> dict[str, str]:
    """Each game's baseline digest, by game id."""
    return _prefixed(BASE)


def held() -> dict[str, str]:
    """The games the league recorded as conflicts, by id: the digest of the game the rink sent."""
    return _prefixed(HELD)


def put(key: str, value: str) -> None:
    if not Meta.update(value=value).where(Meta.key == key).execute():
        Meta.create(key=key, value=value)


def drop(key: str) -> None:
    Meta.delete().where(Meta.key == key).execute()


def set_baseline(game: str, value: str) -> None:
    put(BASE + game, value)


def set_held(game: str, value: str | None) -> None:
    """Mark the game as handed to the office as a conflict (None: no longer)."""
    if value is None:
        drop(HELD + game)
    else:
        put(HELD + game, value)


def item_baselines() -> dict[str, str]:
    """Each item's baseline digest (a team's roster, a payment: `rink.items`), by the item's id."""
    return _prefixed(ITEM_BASE)


def item_held() -> dict[str, str]:
    """The items the league recorded as conflicts, by id: the digest the rink sent."""
    return _prefixed(ITEM_HELD)


def set_item_baseline(item: str, value: str | None) -> None:
    if value is None:
        drop(ITEM_BASE + item)
    else:
        put(ITEM_BASE + item, value)


def set_item_held(item: str, value: str | None) -> None:
    if value is None:
        drop(ITEM_HELD + item)
    else:
        put(ITEM_HELD + item, value)
