"""What a season carries into the league's next season (A-28), stored beside it: the suspensions still in force at
its end, kept in the `meta` table under a digest of what they are computed from (the season's rows, each game's
revision, its rulebook, and the digest of the season before it). Opening a later season reads them back instead of
computing every earlier season again; any change to the season (or to one before it) changes the digest."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from peewee import DatabaseError, fn

from scorekeeper.db import store
from scorekeeper.db.base import Meta, database_proxy
from scorekeeper.db.models import (
    Appeal,
    Division,
    Game,
    Player,
    RosterSigning,
    Season,
    Suspension,
    SuspensionDecision,
    Team,
)
from scorekeeper.ids import GameId, PlayerId, TeamId

if TYPE_CHECKING:  # issue 29.6: imported when a season's carry-over is read (the window lists games first)
    from scorekeeper.season.records import Carried

FORMAT = 2  # the stored summary's layout and the rules' reading it was computed by: bump when either changes


def digest(season: Season, before: str) -> str:
    """A digest of what the suspensions a season carries into the next depend on; `before`: the digest of the
    season before it ('' for none). One query per table; the games through their ids and revisions (a game is
    never deleted, and every write of a game, its line-ups or its events bumps its revision)."""
    book = season.rulebook
    h = hashlib.sha256(f"{FORMAT}|{before}|{season.id}|{book.id}|{book.name}|".encode())
    h.update(hashlib.sha256(str(book.text).encode()).digest())
    teams = Team.select(Team.id).where(Team.season == season)
    queries: Sequence[Any] = (
        Division.select().where(Division.season == season).order_by(Division.id),
        Team.select().where(Team.season == season).order_by(Team.id),
        Player.select(Player.id, Player.ext_id, Player.first, Player.last).where(Player.season == season)
        .order_by(Player.id),
        RosterSigning.select().where(RosterSigning.team.in_(teams)).order_by(RosterSigning.id),
        Game.select(fn.COUNT(Game.id), fn.SUM(Game.id), fn.SUM(Game.revision), fn.MAX(Game.revision),
                    fn.MIN(Game.date), fn.MAX(Game.date)).where(Game.season == season),
        Appeal.select().where(Appeal.season == season).order_by(Appeal.id),
        Suspension.select(Suspension.id, Suspension.player, Suspension.game, Suspension.lifted)
        .where(Suspension.season == season).order_by(Suspension.id),
        # PEN-GM-2: a proposed suspension is carried only once the office confirms it
        SuspensionDecision.select().where(SuspensionDecision.season == season).order_by(SuspensionDecision.id),
    )
    for query in queries:  # the raw rows, as the database holds them
        h.update(repr(database_proxy.execute_sql(*query.sql()).fetchall()).encode())
    return h.hexdigest()


def chain(season: Season) -> tuple[str, frozenset[int]]:
    """The season's digest, and the ids of the seasons it depends on: itself and the league's seasons before it
    (each season's one before: the one whose last game comes latest before its first)."""
    ranges = store.season_date_ranges()
    league = [x for x in store.list_seasons() if x.league.id == season.league.id and x.id in ranges]
    seasons: list[Season] = []
    s: Season | None = season
    while s is not None and s.id not in {x.id for x in seasons}:
        seasons.append(s)
        first = ranges[s.id][0] if s.id in ranges else None
        earlier = [x for x in league if first is not None and x.id != s.id and ranges[x.id][1] < first]
        s = max(earlier, key=lambda x: (ranges[x.id][1], x.id)) if earlier else None
    key = ""
    for x in reversed(seasons):
        key = digest(x, key)
    return key, frozenset(x.id for x in seasons)


def _key(season: Season) -> str:
    return f"carried:{season.id}"


def load(season: Season, key: str) -> list[Carried] | None:
    """The stored suspensions the season carries, if stored under digest `key` (else None)."""
    row = Meta.get_or_none(Meta.key == _key(season))
    if row is None:
        return None
    try:
        found = json.loads(row.value)
        if found.get("digest") != key:
            return None
        from scorekeeper.rulebook.model import DisciplineRow
        from scorekeeper.season.records import Carried

        return [Carried(PlayerId(c["player"]), c["name"], c["season"], GameId(c["game"]), c["date"],
                        TeamId(c["team"]), DisciplineRow(**c["row"]), c["infraction"], int(c["served"]))
                for c in found["carried"]]
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None  # written by another version: computed again


def save(season: Season, key: str, carried: Sequence[Carried]) -> None:
    """Store what the season carries under digest `key` (one transaction; a database that cannot be written, or is
    busy, is left as it is: the summary is computed again next time)."""
    rows = [{"player": c.player, "name": c.name, "season": c.season, "game": c.game, "date": c.date, "team": c.team,
             "row": asdict(c.row), "infraction": c.infraction, "served": c.served} for c in carried]
    value = json.dumps({"digest": key, "carried": rows}, separators=(",", ":"))
    try:
        with database_proxy.atomic():
            Meta.insert(key=_key(season), value=value).on_conflict(  # an upsert SQLite and PostgreSQL both know
                conflict_target=[Meta.key], update={Meta.value: value}).execute()
    except DatabaseError:
        pass
