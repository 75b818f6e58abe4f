"""The season's discipline, stored (issue 29.3): every discipline row its final games set off
(`rules.discipline.sanctions`) and the regular-season games each player dressed toward playoff eligibility
(`rules.eligibility.games_played`), kept in the `meta` table under a digest of everything that list is computed from,
so that one game's papers read it instead of computing every final game of the season again.

The digest covers the rules' and the engine's code, the rulebook (as stored and as read), the season's divisions,
teams, players and roster rows as the database holds them, and its games through their row ids, dates, places and,
for a final game, its revision (a game not final sets off nothing: an entry into it leaves the digest as it is;
every write of a game, its line-ups or its events bumps its revision, as `db.carried` relies on too).
A stored list is read only under the digest of the database as it is now, so it is the list the whole season
computes. The writes that change it store it again in their own transaction (`facade.kept_discipline`, with the
ledger's counts, `Counts`, that let a finished game be added alone); where none did (an older database, a write
outside the facade's), it is computed again (and stored) the next time a paper reads it.
In SQLite the stored list is sealed with the database's secret, as the stored game states are (`db.game_results`):
one edited outside Scorekeeper is not read. Nothing here is a migration: an older database simply has no row yet.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from peewee import DatabaseError

from scorekeeper.db.base import Meta, database_proxy
from scorekeeper.db.models import Division, Game, Player, RosterSigning, Season, Team
from scorekeeper.db.seal_mac import current_key, mac, sealed_database
from scorekeeper.engine.stored import book_fingerprint
from scorekeeper.ids import GameId, PlayerId, TeamId
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.season.records import Sanction

FORMAT = 3  # the stored list's layout: bump when it changes
SEAL_KIND = "season sanctions"


def digest(season: Season, rules: Rulebook) -> str:
    """A digest of what the season's sanctions are computed from under `rules` (its rulebook as read), one query
    per table: the season's head (`head_digest`) and its games (`game_rows`)."""
    return combined(head_digest(season, rules), game_rows(season))


def head_digest(season: Season, rules: Rulebook) -> str:
    """The digest of the rules, the rulebook, the season's divisions, teams, players and roster rows."""
    book = season.rulebook
    h = hashlib.sha256(f"sanctions {FORMAT}|{book_fingerprint(rules)}|{season.id}|{book.id}|{book.name}|".encode())
    h.update(hashlib.sha256(str(book.text).encode()).digest())
    teams = Team.select(Team.id).where(Team.season == season)
    queries: Sequence[Any] = (
        Division.select().where(Division.season == season).order_by(Division.id),
        Team.select().where(Team.season == season).order_by(Team.id),
        Player.select().where(Player.season == season).order_by(Player.id),
        RosterSigning.select().where(RosterSigning.team.in_(teams)).order_by(RosterSigning.id),
    )
    for query in queries:  # the raw rows, as the database holds them
        h.update(repr(database_proxy.execute_sql(*query.sql()).fetchall()).encode())
    return h.hexdigest()


GameRow = tuple[int, str, str, str, int, str, int]
"""A game as the digest reads it: row id, ext id, date, time, place (seq), stage, and its revision if final (-1: a
game not final, whose line-ups and events no sanction reads: an entry into it leaves the digest as it is)."""


def game_rows(season: Season) -> tuple[GameRow, ...]:
    """The season's games in their stored order (`GameRow`), one query; its raw rows, as the database holds them
    (a date as its text on SQLite, as its value on PostgreSQL: `str` of either is the same)."""
    query = (Game.select(Game.id, Game.ext_id, Game.date, Game.time, Game.seq, Game.stage, Game.status,
                         Game.revision).where(Game.season == season).order_by(Game.seq, Game.id))
    found: Any = database_proxy.execute_sql(*query.sql()).fetchall()
    return tuple((int(i), str(e), str(d), str(t), int(q), str(st), int(r) if s == "final" else -1)
                 for i, e, d, t, q, st, s, r in found)


def combined(head: str, games: Sequence[GameRow]) -> str:
    """The digest of a season whose head digests to `head` and whose games are `games`."""
    return hashlib.sha256(f"{head}|{games!r}".encode()).hexdigest()


def _key(season: Season) -> str:
    return f"sanctions:{season.id}"


@dataclass(frozen=True)
class Stored:
    """What is stored of the season's discipline: its sanctions (`rules.discipline.sanctions`) and each player's
    regular-season games toward playoff eligibility (`rules.eligibility.games_played`), both computed from the
    final games alone."""

    sanctions: tuple[Sanction, ...]
    played: Mapping[tuple[str, str], int]
    counts: Counts | None = None  # None: stored without them (the next finish computes the season again)


@dataclass(frozen=True)
class Counts:
    """What the sanctions' ledger (`rules.discipline`) carries past the season's last final game, by player: the
    offences under a repeat ((player, trigger) -> n), the season's incidents (player -> n), the games a per-game
    fine covered ((player, team) -> n) and the final games dressed ((player, team) -> n). A game finished after
    every final game of its players starts from them (`facade.kept_discipline`)."""

    offences: Mapping[tuple[str, str], int]
    incidents: Mapping[str, int]
    covered: Mapping[tuple[str, str], int]
    dressed: Mapping[tuple[str, str], int]

    def encoded(self) -> list[list[list[object]]]:
        return [[[a, b, n] for (a, b), n in self.offences.items()], [[a, n] for a, n in self.incidents.items()],
                [[a, b, n] for (a, b), n in self.covered.items()], [[a, b, n] for (a, b), n in self.dressed.items()]]

    @classmethod
    def decoded(cls, found: Any) -> Counts | None:  # Any: the stored JSON value
        if found is None:
            return None
        offences, incidents, covered, dressed = found
        return cls({(str(a), str(b)): int(n) for a, b, n in offences}, {str(a): int(n) for a, n in incidents},
                   {(str(a), str(b)): int(n) for a, b, n in covered}, {(str(a), str(b)): int(n) for a, b, n in dressed})


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
        return Stored(sanctions, played, Counts.decoded(found.get("counts")))
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None  # written by another version: computed again


def _intact(found: dict[str, Any]) -> bool:  # Any: the stored JSON object
    """In SQLite the stored list is sealed with the database's secret (`db.seal_mac`, issue 26.4): one edited
    outside Scorekeeper, or one this PC cannot check, is not read."""
    if not sealed_database():
        return True
    secret = current_key()
    sealed = [found["digest"], found["sanctions"], found["played"], found.get("counts")]
    return secret is not None and hmac.compare_digest(str(found.get("seal") or ""), mac(secret, SEAL_KIND, sealed))


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
    counts = stored.counts.encoded() if stored.counts is not None else None
    found: dict[str, Any] = {"digest": key, "sanctions": rows, "played": played,  # Any: the stored JSON object
                             "counts": counts}
    if sealed_database():
        secret = current_key()
        if secret is None:
            return  # this PC cannot seal it: the office's own first write makes the database's secret
        found["seal"] = mac(secret, SEAL_KIND, [key, rows, played, counts])
    value = json.dumps(found, separators=(",", ":"))
    try:
        with database_proxy.atomic():
            Meta.insert(key=_key(season), value=value).on_conflict(  # an upsert SQLite and PostgreSQL both know
                conflict_target=[Meta.key], update={Meta.value: value}).execute()
    except DatabaseError:
        pass
