"""Ids for new records, made by the core so the window makes none up: readable slugs of names for players,
teams and divisions, and the next game number (or a date-and-teams id where a season numbers no games)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any


def slug(*names: str) -> str:
    """A readable id from names ('Zoë', 'Côté' -> 'zoe-cote')."""
    text = unicodedata.normalize("NFKD", " ".join(names)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "id"


def free_id(base: str, taken: Iterable[str]) -> str:
    """`base`, or `base-2`, `base-3`… the first not taken."""
    used = set(taken)
    candidate, n = base, 1
    while candidate in used:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def next_game_id(ids: Iterable[str], game: Mapping[str, Any]) -> str:
    """An id for a new game: the next free gNNN where the season numbers its games so (or has none yet),
    else g-YYYYMMDD-HHMM-home-away (with -2, -3… when taken)."""
    ids = set(ids)
    numbered = [m for m in (re.fullmatch(r"g(\d+)", i) for i in ids) if m]
    if numbered or not ids:
        width = max([3, *(len(m.group(1)) for m in numbered)])
        number = max([0, *(int(m.group(1)) for m in numbered)]) + 1
        while f"g{number:0{width}d}" in ids:
            number += 1
        return f"g{number:0{width}d}"
    stamp = re.sub(r"\D", "", game["date"]) + "-" + re.sub(r"\D", "", game["time"])
    return free_id(f"g-{stamp}-{game['home']}-{game['away']}", ids)
