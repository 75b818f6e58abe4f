"""A final game's computed state, stored (issue 29.1): encoded once when the game is written, decoded instead of
replaying its events. The stored form is every field of `engine.state.GameState` but its input (the game's
line-ups and events, which the season holds anyway), read from the dataclass itself, so a field added to the
state is stored with no second declaration; MessagePack, compact and fast to decode.

A stored state is keyed by everything it was computed from (`input_key`): the game's line-ups and events, the
names it shows, the rulebook and the engine's code. `compute_game` is a pure function of those, so a state stored
under the key of a game's input now is that game's state: anything changed, and it is computed again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import typing
from collections.abc import Callable
from functools import cache
from operator import attrgetter

import msgspec

from scorekeeper.code_fingerprint import book_fingerprint, engine_fingerprint  # noqa: F401 - their home before 29.6
from scorekeeper.engine.computation import compute_game
from scorekeeper.engine.events import Dressed, GameInput
from scorekeeper.engine.state import GameState
from scorekeeper.rulebook.model import Rulebook

_KEPT = tuple(f.name for f in dataclasses.fields(GameState) if f.name != "game")
_DRESSED_OF = attrgetter(*(f.name for f in dataclasses.fields(Dressed)))  # a player dressed, every field, in the key


@cache
def _stored_type() -> type[msgspec.Struct]:
    """The stored form: GameState's fields but `game`, positional (array-like) to stay small."""
    hints = typing.get_type_hints(GameState)
    return msgspec.defstruct("StoredState", [(name, hints[name]) for name in _KEPT], array_like=True)


@cache
def _codec() -> tuple[msgspec.msgpack.Encoder, msgspec.msgpack.Decoder[typing.Any]]:
    return msgspec.msgpack.Encoder(), msgspec.msgpack.Decoder(_stored_type())


def encode_state(state: GameState) -> bytes:
    """The stored form of a computed state."""
    stored = _stored_type()(*(getattr(state, name) for name in _KEPT))
    return _codec()[0].encode(stored)


def decode_state(data: bytes, game: GameInput) -> GameState:
    """The state `encode_state` stored, for `game` (the same input it was computed from)."""
    stored = _codec()[1].decode(data)
    return GameState(game, **{name: getattr(stored, name) for name in _KEPT})


def decode_summary(data: bytes) -> tuple[dict[str, int], str | None]:
    """The score and decision of a stored state (what the games list shows)."""
    stored = _codec()[1].decode(data)
    return dict(stored.score), stored.decision


def _mentioned(game: GameInput) -> list[str]:
    """Every id a computation of `game` may name: its teams, the players dressed and every text of its events."""
    seen = dict.fromkeys([game.home, game.away, *(d.player for side in game.lineups.values() for d in side)])
    for event in game.events:
        for value in event.data.values():
            for item in value if isinstance(value, list) else (value,):
                if isinstance(item, str):
                    seen[item] = None
    return list(seen)


def input_key(game: GameInput, book: str) -> str:
    """The key of a computation: `game` whole (its line-ups as dressed, its events, what it is) with the names
    it may show, and `book` (`book_fingerprint`). `compute_game` is a function of these alone, so a state stored
    under a key is the state of any game with that key."""
    lineups = {side: [_DRESSED_OF(d) for d in entries] for side, entries in sorted(game.lineups.items())}
    events = [(e.seq, e.type, e.team, e.period, e.elapsed, e.data) for e in game.events]
    names = {ext: game.name(ext) for ext in _mentioned(game)}
    what = (game.id, game.stage, game.status, game.home, game.away, game.coed, game.date, game.time, lineups,
            events, names, book)
    return hashlib.sha256(_KEY_ENCODER.encode(what)).hexdigest()


_KEY_ENCODER = msgspec.msgpack.Encoder(order="deterministic")


class StoredStates:
    """A season's final games' states as stored (game id -> (key, encoded state)), and those computed here since
    it was read, to be stored (`pending`). Shared by the views an entry makes from one another: a state is found
    by the key of its game's input, whichever view asks."""

    def __init__(self, known: dict[str, tuple[str, bytes]] | None = None) -> None:
        self.known: dict[str, tuple[str, bytes]] = known or {}
        self.pending: dict[str, tuple[str, bytes]] = {}
        self._books: dict[int, tuple[Rulebook, str]] = {}
        self.decoded = 0  # how many states were read rather than computed (tests, benchmarks)

    def _book_key(self, book: Rulebook) -> str:
        held = self._books.get(id(book))
        if held is None or held[0] is not book:
            held = self._books[id(book)] = (book, book_fingerprint(book))
        return held[1]

    def state(self, game: GameInput, book: Rulebook) -> GameState:
        """The state of final game `game`: decoded where one is stored under its input's key, else computed (and
        kept to be stored)."""
        key = input_key(game, self._book_key(book))
        held = self.known.get(game.id)
        if held is not None and held[0] == key:
            self.decoded += 1
            return decode_state(held[1], game)
        state = compute_game(game, book)
        self.known[game.id] = self.pending[game.id] = (key, encode_state(state))
        return state

    def take_pending(self, row_of: Callable[[str], int | None]) -> dict[int, tuple[str, bytes]]:
        """The states computed since the last time, by game row id (those whose row is known), no longer pending."""
        out: dict[int, tuple[str, bytes]] = {}
        for gid in list(self.pending):
            row = row_of(gid)
            if row is not None:
                out[row] = self.pending.pop(gid)
        return out
