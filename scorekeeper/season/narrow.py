"""A season view read for one game's papers (issue 29.3): every game's record without its line-ups, events and
signatures (the schedule: dates, teams, status, stage, numbers), and those of the games read whole; the teams,
rosters, players and what the office recorded, as the whole season has them.

The rules are asked of it as of the whole season's view. Whatever a rule would read that is not there (another
game's line-ups or events, another game's computed state, the season's discipline when no stored copy of it fits)
raises `NarrowMiss` instead of answering from less than the season holds: the caller then asks the whole season.
So an answer from a narrow view is the whole season's answer, or there is none.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.events import GameInput
from scorekeeper.engine.state import GameState
from scorekeeper.season.view import SeasonView

# what the narrow view holds of a game not read whole (`db.game_read`): its schedule
HEADER = frozenset({"id", "number", "date", "time", "stage", "home", "away", "status"})


class NarrowMiss(Exception):
    """A narrow view was asked for what it did not read: ask the whole season's view."""


class GameHeader(dict[str, Any]):  # Any: a GameData holding its schedule alone
    """A game's record holding its schedule alone (`HEADER`): reading anything else (its line-ups, events,
    signatures, officials, shots, notes...) raises `NarrowMiss`, never an empty value in place of the game's."""

    def _missing(self, key: object) -> NarrowMiss:
        return NarrowMiss(f"game {self.get('id')!r}: {key} not read")

    def __missing__(self, key: str) -> Any:  # dict's [] asks it for a key it does not hold
        if key not in HEADER:
            raise self._missing(key)
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        if key not in HEADER:
            raise self._missing(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        if key not in HEADER:
            raise self._missing(key)
        return super().__contains__(key)


class NarrowView(SeasonView):
    """A season view holding the schedule and `whole` games read whole (see the module's docstring)."""

    whole: frozenset[str] = frozenset()

    def game_input(self, gid: str) -> GameInput:
        if gid not in self.whole:
            raise NarrowMiss(f"game {gid!r} not read whole")
        return super().game_input(gid)

    def state(self, gid: str) -> GameState:
        if gid not in self.whole:
            raise NarrowMiss(f"the state of game {gid!r} not read")
        return super().state(gid)

    def with_changes(self, *args: Any, **kwargs: Any) -> SeasonView:  # Any: SeasonView's own signature
        raise NarrowMiss("a narrow view is read-only")

    def with_events(self, *args: Any, **kwargs: Any) -> SeasonView:  # Any: SeasonView's own signature
        raise NarrowMiss("a narrow view is read-only")
