"""Each game's undo and redo lists (the core's, not the window's).

A step is (the game as it was, its row id, the revision the game must be at: the one this facade's last write of
it left, kept up to date for the step on top): a step writes only if nobody changed the game since (another PC,
or a write around the lists).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.season_data import GameData

Step = tuple[GameData | None, int, int]


@dataclass
class GameHistory:
    """The undo and redo lists of every game this facade changed."""

    undo: dict[str, list[Step]] = field(default_factory=dict)
    redo: dict[str, list[Step]] = field(default_factory=dict)

    def done(self, game_id: str, before: GameData | None, row: tuple[int, int]) -> None:
        """An entry changed the game: what it was before goes on the undo list; the redo list is spent."""
        self.undo.setdefault(game_id, []).append((before, *row))
        self.redo.pop(game_id, None)

    def forget(self, game_id: str) -> None:
        """The game changed elsewhere: neither list can be replayed on it."""
        self.undo.pop(game_id, None)
        self.redo.pop(game_id, None)
