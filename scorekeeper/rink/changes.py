"""What waits at a rink copy: each game changed at the rink since its baseline (entries, line-ups, finish,
officials, signatures: anything of the game's canonical JSON), in the season's order of games (date, time), the
order they were played, which is the order the league's judge needs them (a suspension earned in one game bars
the player from the next). A game the league recorded as a conflict waits no more (the office has it) until the
rink changes it again."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.facade.core import Core, bind
from scorekeeper.facade.errors import ServiceError
from scorekeeper.rink import marks
from scorekeeper.rink.digest import NEW, digest
from scorekeeper.rink.items import Item, items
from scorekeeper.season_data import GameData


@dataclass(frozen=True)
class Waiting:
    """A game changed at the rink: the game as the rink has it, its baseline and its digest now."""

    game: GameData
    baseline: str
    digest: str

    @property
    def id(self) -> str:
        return self.game["id"]


def copy_facts(rink: Core) -> marks.CopyFacts:
    """The rink copy's facts (ServiceError: the database is no rink copy)."""
    bind(rink.db)
    facts = marks.facts()
    if facts is None:
        raise ServiceError(f"{rink.database_label} is not a rink copy: take one first "
                           "(`scorekeeper --db RINK rink copy LEAGUE`)")
    return facts


def rink_games(rink: Core, season: str) -> list[GameData]:
    """The copy's games, in the season's order."""
    return list(rink.view(season).games.values())


def waiting(rink: Core) -> list[Waiting]:
    """The games that wait to be sent, in the season's order."""
    facts = copy_facts(rink)
    games = rink_games(rink, facts.season)
    bind(rink.db)
    bases, held = marks.baselines(), marks.held()
    out = []
    for game in games:
        now = digest(game)
        base = bases.get(game["id"], NEW)
        if now != base and held.get(game["id"]) != now:
            out.append(Waiting(game, base, now))
    return out


def handed(rink: Core) -> list[str]:
    """The games the league listed as conflicts, as the rink sent them (the office settles them), in the season's
    order."""
    facts = copy_facts(rink)
    games = rink_games(rink, facts.season)
    bind(rink.db)
    held = marks.held()
    return [g["id"] for g in games if g["id"] in held and held[g["id"]] == digest(g)]  # the held ones digested


@dataclass(frozen=True)
class WaitingItem:
    """A roster or payment changed at the rink (`rink.items`): the item as the rink has it and its baseline."""

    item: Item
    baseline: str

    @property
    def id(self) -> str:
        return self.item.id

    @property
    def digest(self) -> str:
        return self.item.digest


def _items(rink: Core) -> tuple[dict[str, Item], dict[str, str], dict[str, str]]:
    facts = copy_facts(rink)
    now = items(rink.view(facts.season).data)
    bind(rink.db)
    return now, marks.item_baselines(), marks.item_held()


def waiting_items(rink: Core) -> list[WaitingItem]:
    """The rosters and payments that wait to be sent: the rosters, then the payments, each in the season's
    order."""
    now, bases, held = _items(rink)
    return [WaitingItem(item, bases.get(ident, NEW)) for ident, item in now.items()
            if item.digest != bases.get(ident, NEW) and held.get(ident) != item.digest]


def handed_items(rink: Core) -> list[str]:
    """The rosters and payments the league listed as conflicts, as the rink sent them."""
    now, _, held = _items(rink)
    return [ident for ident, item in now.items() if held.get(ident) == item.digest]
