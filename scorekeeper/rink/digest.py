"""A game's identity for the rink copy: the digest of its canonical JSON (the season file's normalised game,
sorted keys), the same on SQLite and PostgreSQL for the same game."""

from __future__ import annotations

import hashlib
import json

from scorekeeper.season_data import GameData

NEW = ""
"""The baseline of a game the league does not have (one created at the rink)."""


def canonical(game: GameData) -> str:
    """The game as one line of JSON, keys sorted."""
    return json.dumps(game, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def digest(game: GameData | None) -> str:
    """sha-256 of the canonical JSON (`NEW` for no game)."""
    if game is None:
        return NEW
    return hashlib.sha256(canonical(game).encode("utf-8")).hexdigest()


def differences(league: GameData | None, rink: GameData) -> str:
    """What differs between the league's game and the rink's, in words: the fields, with counts for the lists."""
    if league is None:
        return "the league has no such game"
    keys = sorted(set(league) | set(rink), key=_order)
    parts = []
    for key in keys:
        theirs, ours = league.get(key), rink.get(key)
        if theirs == ours:
            continue
        if key == "events":
            parts.append(f"events (the league's {len(league.get('events', []))}, the rink's "
                         f"{len(rink.get('events', []))})")
        elif key == "status":
            parts.append(f"status (the league's {theirs or 'final'}, the rink's {ours or 'final'})")
        else:
            parts.append(key.replace("_", " "))
    return ", ".join(parts) or "nothing"


_FIRST = ("status", "lineups", "events", "officials", "signatures")


def _order(key: str) -> tuple[int, str]:
    return (_FIRST.index(key) if key in _FIRST else len(_FIRST), key)
