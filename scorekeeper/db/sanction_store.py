"""The season's discipline, stored (issue 29.3): every discipline row its final games set off
(`rules.discipline.sanctions`) and the regular-season games each player dressed toward playoff eligibility
(`rules.eligibility.games_played`), kept in the `meta` table under a digest of everything that list is computed from,
so that one game's papers read it instead of computing every final game of the season again.

The digest covers the rules' and the engine's code, the rulebook (as stored and as read), the season's divisions,
teams, players and roster rows as the database holds them, and its games through their row ids, revisions and dates
(a game is never deleted, and every write of a game, its line-ups or its events bumps its revision, as `db.carried`
relies on too).
A stored list is read only under the digest of the database as it is now, so it is the list the whole season
computes; any change makes the digest another, and the list is computed again (and stored) the next time the
whole season is read for the papers. In SQLite the stored list is sealed with the database's secret, as the stored
game states are (`db.game_results`): one edited outside Scorekeeper is not read. Nothing here is a migration: an
older database simply has no row yet.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from peewee import DatabaseError, fn

from scorekeeper.db.base import Meta, database_proxy
from scorekeeper.db.models import Division, Game, Player, RosterSigning, Season, Team
from scorekeeper.db.seal_mac import current_key, mac, sealed_database
from scorekeeper.engine.stored import book_fingerprint
from scorekeeper.ids import GameId, PlayerId, TeamId
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.season.records import Sanction

FORMAT = 2  # the stored list's layout: bump when it changes
SEAL_KIND = "season sanctions"


def digest(season: Season, rules: Rulebook) -> str:
    """A digest of what the season's sanctions are computed from under `rules` (its rulebook as read), one query
    per table."""
    book = season.rulebook
    h = hashlib.sha256(f"sanctions {FORMAT}|{book_fingerprint(rules)}|{season.id}|{book.id}|{book.name}|".encode())
    h.update(hashlib.sha256(str(book.text).encode()).digest())
    teams = Team.select(Team.id).where(Team.season == season)
    queries: Sequence[Any] = (
        Division.select().where(Division.season == season).order_by(Division.id),
        Team.select().where(Team.season == season).order_by(Team.id),
        Player.select().where(Player.season == season).order_by(Player.id),
        RosterSigning.select().where(RosterSigning.team.in_(teams)).order_by(RosterSigning.id),
        Game.select(fn.COUNT(Game.id), fn.SUM(Game.id), fn.SUM(Game.revision), fn.MAX(Game.revision),
                    fn.MIN(Game.date), fn.MAX(Game.date), fn.MAX(Game.id)).where(Game.season == season),
    )
    for query in queries:  # the raw rows, as the database holds them
        h.update(repr(database_proxy.execute_sql(*query.sql()).fetchall()).encode())
    return h.hexdigest()


def _key(season: Season) -> str:
    return f"sanctions:{season.id}"


@dataclass(frozen=True)
class Stored:
    """What is stored of the season's discipline: its sanctions (`rules.discipline.sanctions`) and each player's
    regular-season games toward playoff eligibility (`rules.eligibility.games_played`), both computed from the
    final games alone."""

    sanctions: tuple[Sanction, ...]
    played: Mapping[tuple[str, str], int]


def load(season: Season, key: str, book: Rulebook) -> Stored | None:
    """The season's stored discipline, if stored under digest `key` (else None); each row is `book`'s own."""
    row = Meta.get_or_none(Meta.key == _key(season))
    if row is None:
        return None
    try:
        found = json.loads(row.value)
        if found.get("digest") != key or not _intact(found):
            return None
        rows = book.discipline
        sanctions = tuple(Sanction(PlayerId(p), TeamId(t), GameId(g), rows[r], int(o), str(i), str(d), int(u))
                          for p, t, g, r, o, i, d, u in found["sanctions"])
        played = MappingProxyType({(str(p), str(t)): int(n) for p, t, n in found["played"]})
        return Stored(sanctions, played)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None  # written by another version: computed again


def _intact(found: dict[str, Any]) -> bool:  # Any: the stored JSON object
    """In SQLite the stored list is sealed with the database's secret (`db.seal_mac`, issue 26.4): one edited
    outside Scorekeeper, or one this PC cannot check, is not read."""
    if not sealed_database():
        return True
    secret = current_key()
    return secret is not None and hmac.compare_digest(
        str(found.get("seal") or ""), mac(secret, SEAL_KIND, [found["digest"], found["sanctions"], found["played"]]))


def encoded(sanctions: Sequence[Sanction], book: Rulebook) -> list[list[object]] | None:
    """The stored form of the sanctions, each row by its place in `book` (None: one is not `book`'s own row, or
    one was carried from another season: not stored)."""
    places = {id(r): n for n, r in enumerate(book.discipline)}
    out: list[list[object]] = []
    for s in sanctions:
        if id(s.row) not in places or s.season:
            return None
        out.append([s.player, s.team, s.game, places[id(s.row)], s.order, s.infraction, s.date, s.units])
    return out


def save(season: Season, key: str, stored: Stored, book: Rulebook) -> None:
    """Store the season's discipline under digest `key` (one transaction; a database that cannot be written, or
    is busy, is left as it is: it is computed again next time)."""
    rows = encoded(stored.sanctions, book)
    if rows is None:
        return
    played = [[p, t, n] for (p, t), n in stored.played.items()]
    found: dict[str, Any] = {"digest": key, "sanctions": rows, "played": played}  # Any: the stored JSON object
    if sealed_database():
        secret = current_key()
        if secret is None:
            return  # this PC cannot seal it: the office's own first write makes the database's secret
        found["seal"] = mac(secret, SEAL_KIND, [key, rows, played])
    value = json.dumps(found, separators=(",", ":"))
    try:
        with database_proxy.atomic():
            Meta.insert(key=_key(season), value=value).on_conflict(  # an upsert SQLite and PostgreSQL both know
                conflict_target=[Meta.key], update={Meta.value: value}).execute()
    except DatabaseError:
        pass
