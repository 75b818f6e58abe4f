"""The final games' stored states (issue 29.1): read with a season, written as they are computed.

A row holds a game's state (`engine.stored.encode_state`) under the key of what it was computed from
(`engine.stored.input_key`); the season view uses it while the key is its game's own. In SQLite each row is
sealed with the database's secret (`db.seal_mac`, kept outside the file, issue 26.4): a row edited outside
Scorekeeper, or one this PC cannot check, is not read and the game is computed again, so a stored state can never
show a result the game's own entries do not give.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Mapping
from typing import Any, cast

from scorekeeper.db.models import Game, GameResult, Season
from scorekeeper.db.seal_mac import current_key, sealed_database

Tag = tuple[int, str]
"""What a stored state was computed at, for the games list to trust it without the events (issue 29.4): the
game's revision and the rulebook's fingerprint (`engine.stored.book_fingerprint`)."""
Summary = tuple[int, str, int, int, str | None]
"""A tagged row's (revision, book, home goals, away goals, decision)."""


def _seal(key: bytes, row_id: int, input_key: str, state: bytes, summary: Summary | None = None) -> str:
    message = b"game result\0" + str(row_id).encode() + b"\0" + input_key.encode() + b"\0" + state
    if summary is not None:  # a tagged row: its summary sealed with it (an untagged row's seal is as before)
        message += b"\0" + repr(summary).encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def _summary_seal(key: bytes, row_id: int, summary: Summary) -> str:
    message = b"game result summary\0" + str(row_id).encode() + b"\0" + repr(summary).encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def _summary(tag: Tag | None, state: bytes) -> Summary | None:
    if tag is None:
        return None
    from scorekeeper.engine.stored import decode_summary

    score, decision = decode_summary(state)
    return tag[0], tag[1], int(score.get("home", 0)), int(score.get("away", 0)), decision


def read_results(season: Season, games: Mapping[int, str]) -> dict[str, tuple[str, bytes]]:
    """The season's stored states that can be trusted: game id -> (key, state). `games`: row id -> game id."""
    sealed = sealed_database()
    secret = current_key() if sealed else None
    if sealed and secret is None:
        return {}  # nothing here can be checked: every game is computed
    rows: Iterable[tuple[Any, ...]] = cast(Any, (
        GameResult.select(GameResult.game, GameResult.key, GameResult.state, GameResult.seal, *SUMMARY)
        .join(Game).where(Game.season == season).tuples()))
    out: dict[str, tuple[str, bytes]] = {}
    for row_id, key, state, seal, *summary in rows:
        blob = bytes(state)
        if row_id in games and (secret is None or hmac.compare_digest(seal or "", _seal(
                secret, row_id, key, blob, _stored_summary(summary)))):
            out[games[row_id]] = (key, blob)
    return out


SUMMARY = (GameResult.revision, GameResult.book, GameResult.home, GameResult.away, GameResult.decision)


def _stored_summary(columns: list[Any]) -> Summary | None:
    revision, book, home, away, decision = columns
    return None if revision is None else (int(revision), str(book), int(home), int(away), decision)


def read_summaries(season: Season) -> dict[int, Summary] | None:
    """The season's tagged stored states that can be trusted, by game row id, without their states or the
    games' events (the games list, issue 29.4); None where nothing here can be checked (the seals)."""
    sealed = sealed_database()
    secret = current_key() if sealed else None
    if sealed and secret is None:
        return None
    rows: Iterable[tuple[Any, ...]] = cast(Any, (
        GameResult.select(GameResult.game, GameResult.summary_seal, *SUMMARY).join(Game)
        .where((Game.season == season) & GameResult.revision.is_null(False)).tuples()))
    out: dict[int, Summary] = {}
    for row_id, seal, *columns in rows:
        summary = _stored_summary(columns)
        if summary is None:
            continue
        if secret is not None and not hmac.compare_digest(seal or "", _summary_seal(secret, row_id, summary)):
            continue  # edited outside Scorekeeper: the season is read instead
        out[row_id] = summary
    return out


def can_store() -> bool:
    """Whether states can be stored here: not where the seals cannot be kept (this PC lacks the database's
    secret: a write would make a new one, which only the office's own first write should do)."""
    return not sealed_database() or current_key() is not None


def store_results(results: Mapping[int, tuple[str, bytes]], tags: Mapping[int, Tag] | None = None) -> None:
    """Store computed states (row id -> (key, state)), replacing what those games held; inside the caller's
    transaction. `tags` (row id -> what the state was computed at, where the caller knows it is the game's
    current input): those rows are summarised for the games list; the others are not (issue 29.4)."""
    if not results or not can_store():
        return
    ids = list(results)
    alive: set[int] = set()
    for start in range(0, len(ids), 500):
        found: Any = Game.select(Game.id).where(Game.id.in_(ids[start:start + 500])).tuples()
        alive.update(row for (row,) in found)
    secret = current_key() if sealed_database() else None
    tags = tags or {}
    rows = []
    for row_id, (key, state) in results.items():
        if row_id not in alive:
            continue  # a game deleted since: nothing
        summary = _summary(tags.get(row_id), state)
        rows.append({"game": row_id, "key": key, "state": state,
                     "seal": _seal(secret, row_id, key, state, summary) if secret is not None else None,
                     "summary_seal": _summary_seal(secret, row_id, summary) if secret is not None and summary else None,
                     **dict(zip(("revision", "book", "home", "away", "decision"), summary or (None,) * 5,
                                strict=True))})
    for start in range(0, len(rows), 200):
        (GameResult.insert_many(rows[start:start + 200])
         .on_conflict(conflict_target=[GameResult.game], preserve=[GameResult.key, GameResult.state, GameResult.seal,
                                                                   GameResult.summary_seal, *SUMMARY])
         .execute())
