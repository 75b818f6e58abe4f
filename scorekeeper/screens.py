"""What the Live Game tab shows of one game, as one read-only value (`GameScreen`): the window redraws a game
after an entry from a single facade call (`Services.game_screen`) and never holds the season view's own dicts.
Plain values only: the facade part that computes them is `scorekeeper.facade.screens`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any


def frozen(value: Any) -> Any:
    """`value` made read-only all the way down: dicts become mapping proxies, lists tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    return value


@dataclass(frozen=True)
class DressedPlayer:
    """A player dressed for a side, with the number worn and the name shown."""

    player: str
    number: int | None
    name: str
    goalie: bool

    @property
    def label(self) -> str:
        """'#12 Jane Roe' (the id when the name is unknown)."""
        who = self.name or self.player
        return f"#{self.number} {who}" if self.number is not None else who


@dataclass(frozen=True)
class GameScreen:
    """One game as the Live Game tab shows it at the clock's time: title, score, line-ups by number, the
    event log, the live panel (who is on the ice, the box), the games-list row, and undo/redo."""

    season: str
    game_id: str
    date: str
    time: str
    stage: str
    status: str
    names: Mapping[str, str]
    """Each side's team name, by 'home' and 'away'."""
    lineups: Mapping[str, tuple[DressedPlayer, ...]]
    events: tuple[Mapping[str, Any], ...]
    """The game's entries in the order entered (read-only season-file events)."""
    score: Mapping[str, int]
    """The final score of a final game, else the score at the clock's time."""
    live: Mapping[str, Any] | None
    """The rulebook's reading at the clock's time (strength, stop time, icing, each side); None: see live_error."""
    live_error: str
    row: Mapping[str, Any]
    """The game as the season's list of games shows it (a row of `Services.games()`)."""
    can_undo: bool
    can_redo: bool

    @property
    def final(self) -> bool:
        return self.status == "final"
