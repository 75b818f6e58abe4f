"""What an entry checks a stored season by: its rows' ids and revisions, and the conflict when a game moved on."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class RowIds:
    """A loaded season's row ids: each game's (row id, revision), and each player's row id. An entry checks and
    writes by them without reading the game back."""

    games: dict[str, tuple[int, int]] = field(default_factory=dict)
    players: dict[str, int] = field(default_factory=dict)


class GameChanged(Exception):
    """The game is not at the revision the entry was checked against: another PC (or window) changed it."""

    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.game = game
