"""Ids for new records, made by the core so the window makes none up: readable slugs of names for players,
teams and divisions, and the next game number (or a date-and-teams id where a season numbers no games); and the
one name a person reads for a game (`game_name`): the league's game number, else the game's id."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping


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


def game_name(game: Mapping[str, object] | None, game_id: str = "") -> str:
    """A game's name for people to read: the league's game number (the season file's `number`, 'WSHL-015') where
    set, else its id ('g001'). Every readable table, document, e-mail, page and message names a game by it; JSON
    and the season file keep the id."""
    number = str((game or {}).get("number") or "").strip()
    return number or str((game or {}).get("id") or game_id)


def game_name_and_id(game: Mapping[str, object] | None, game_id: str = "") -> str:
    """`game_name`, and the id after it where they differ ('WSHL-015 (g001)'): where a person must type the id
    back (a command's option), never elsewhere."""
    name, gid = game_name(game, game_id), str((game or {}).get("id") or game_id)
    return name if name == gid else f"{name} ({gid})"


def named_where(where: str, names: Mapping[str, str]) -> str:
    """A violation's place ('game g001 event 7 penalty') with its game by name ('game WSHL-015 event 7 penalty'),
    for readable output; any other place as it is."""
    found = re.match(r"((?:final )?game )(\S+)(.*)", where, re.S)
    if found is None or found.group(2) not in names:
        return where
    return found.group(1) + names[found.group(2)] + found.group(3)


def game_names(games: Iterable[Mapping[str, object]]) -> dict[str, str]:
    """id -> `game_name` of each game."""
    return {str(g["id"]): game_name(g) for g in games}


def statement_number(season: str, team_name: str, division_name: str = "") -> str:
    """The number of a team's fine statement, as the statement, its e-mail and the payment quote it: the season and
    the team's name ('2015-16 Lynx'), never the team's id; `division_name` where another division has a team of
    that name ('2015-16 Lynx (Co-ed Division 2)')."""
    return f"{season} {team_name}" + (f" ({division_name})" if division_name else "")


def next_game_id(ids: Iterable[str], game: Mapping[str, object]) -> str:
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
    stamp = re.sub(r"\D", "", str(game["date"])) + "-" + re.sub(r"\D", "", str(game["time"]))
    return free_id(f"g-{stamp}-{game['home']}-{game['away']}", ids)
