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

from scorekeeper.db.models import Game, GameResult, Season, database_proxy
from scorekeeper.db.seal_mac import current_key, sealed_database


def _seal(key: bytes, row_id: int, input_key: str, state: bytes) -> str:
    message = b"game result\0" + str(row_id).encode() + b"\0" + input_key.encode() + b"\0" + state
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def read_results(season: Season, games: Mapping[int, str]) -> dict[str, tuple[str, bytes]]:
    """The season's stored states that can be trusted: game id -> (key, state). `games`: row id -> game id."""
    sealed = sealed_database()
    secret = current_key() if sealed else None
    if sealed and secret is None:
        return {}  # nothing here can be checked: every game is computed
    rows: Iterable[tuple[Any, ...]] = cast(Any, (
        GameResult.select(GameResult.game, GameResult.key, GameResult.state, GameResult.seal)
        .join(Game).where(Game.season == season).tuples()))
    out: dict[str, tuple[str, bytes]] = {}
    for row_id, key, state, seal in rows:
        blob = bytes(state)
        if row_id in games and (secret is None or hmac.compare_digest(seal or "", _seal(secret, row_id, key, blob))):
            out[games[row_id]] = (key, blob)
    return out


def can_store() -> bool:
    """Whether states can be stored here: not where the seals cannot be kept (this PC lacks the database's
    secret: a write would make a new one, which only the office's own first write should do)."""
    return not sealed_database() or current_key() is not None


def store_results(results: Mapping[int, tuple[str, bytes]]) -> None:
    """Store computed states (row id -> (key, state)), replacing what those games held, inside the caller's
    transaction, with one prepared statement. What the games list and the standings read of a final game is its
    record (`db.game_outcomes`), written beside."""
    if not results or not can_store():
        return
    ids = list(results)
    alive: set[int] = set()
    for start in range(0, len(ids), 500):
        found: Any = Game.select(Game.id).where(Game.id.in_(ids[start:start + 500])).tuples()
        alive.update(row for (row,) in found)
    secret = current_key() if sealed_database() else None
    db = database_proxy.obj
    blob = GameResult.state.db_value  # the driver's binary type (PostgreSQL: bytea)
    rows = [(row_id, key, blob(state), _seal(secret, row_id, key, state) if secret is not None else None)
            for row_id, (key, state) in results.items() if row_id in alive]  # a game deleted since: nothing
    if rows:
        db.cursor().executemany(
            f"insert into {GameResult._meta.table_name} (game_id, key, state, seal) values "
            f"({', '.join([db.param] * 4)}) on conflict (game_id) do update set key = excluded.key, "
            f"state = excluded.state, seal = excluded.seal", rows)
