"""The engine's input: a game's line-ups and its ordered list of events (plain data, no database)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, cast

from scorekeeper.season_data import EventData

SIDES = ("home", "away")
Side = Literal["home", "away"]
SIDE_KEYS: tuple[Side, Side] = ("home", "away")  # SIDES, typed as the keys of a game record
TIMED_TYPES = ("goal", "penalty", "penalty_shot", "awarded_goal", "timeout", "goalie", "end")
UNTIMED_TYPES = ("late", "forfeit", "called", "note", "shootout")  # a note may carry a time (issue 27)
EVENT_TYPES = TIMED_TYPES + UNTIMED_TYPES


def other(side: str) -> str:
    """The opposing side."""
    return "away" if side == "home" else "home"


@dataclass(frozen=True)
class Dressed:
    """One line-up entry: a player dressed for a side."""

    player: str
    number: int | None = None
    goalie: bool = False
    captain: bool = False
    name: str = ""
    gender: str | None = None

    def label(self) -> str:
        """'#12 Jane Roe' (or the id when the name is unknown)."""
        who = self.name or self.player
        return f"#{self.number} {who}" if self.number is not None else who


@dataclass(frozen=True)
class Event:
    """A game event. `period`/`elapsed` (seconds in the period) are None for untimed events."""

    seq: int
    type: str
    team: str | None = None
    period: int | None = None
    elapsed: int | None = None
    # the event's other keys: its record without `type`, `team`, `period`, `elapsed` (none by default)
    data: EventData = field(default_factory=lambda: cast(EventData, {}))

    def get(self, key: str, default: object = None) -> object:
        """One of the event's other keys by a name known at run time (`data` gives each its type)."""
        return self.data.get(key, default)


@dataclass
class GameInput:
    """Everything the engine needs to compute one game's state."""

    id: str
    stage: str
    status: str
    home: str
    away: str
    lineups: dict[str, list[Dressed]]
    events: list[Event]
    coed: bool = False
    date: str = ""
    time: str = ""
    namer: Callable[[str], str] | None = field(default=None, compare=False, repr=False)
    """A team's or player's name for people to read, by id (None: the ids are shown as they are); not part of
    what the game is (two readings of one game are equal whichever view names them)."""

    def name(self, ext_id: str) -> str:
        """The team's or player's name ('Westridge Sharks', 'Jo Smith'); the id when it is not known."""
        return (self.namer(ext_id) if self.namer is not None else "") or ext_id

    def dressed(self, side: str, player: str) -> Dressed | None:
        for entry in self.lineups.get(side, []):
            if entry.player == player:
                return entry
        return None


def dressed_lookup(game: GameInput) -> dict[str, tuple[str, Dressed]]:
    """player id -> (side, line-up entry)."""
    out: dict[str, tuple[str, Dressed]] = {}
    for side in SIDES:
        for d in game.lineups.get(side, []):
            out[d.player] = (side, d)
    return out
