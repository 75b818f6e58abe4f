"""What the Live Game tab shows of one game, as one read-only value (`GameScreen`): the window redraws a game
after an entry from a single facade call (`Services.game_screen`) and never holds the season view's own dicts.
A `Consequence` is one thing the rulebook set off in a game (an ejection, a suspension, a fine, a report, a side
two men down), as `scorekeeper.rules.consequences` names it.
Plain values only: the facade part that computes them is `scorekeeper.facade.screens`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


def frozen(value: Any) -> Any:
    """`value` made read-only all the way down: dicts become mapping proxies, lists tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    return value


EJECTION, SUSPENSION, FINE, REPORT, TWO_DOWN = "ejection", "suspension", "fine", "report", "two_down"
KINDS = (EJECTION, SUSPENSION, FINE, REPORT, TWO_DOWN)
"""The kinds of consequence, in the order a list shows them."""


@dataclass(frozen=True)
class Consequence:
    """One thing the rulebook set off in a game: `kind` (EJECTION, SUSPENSION, FINE, REPORT, TWO_DOWN), the
    `side` and the player it concerns (`who`: '#12 Jo Smith', or the team's name when no player is), the
    `rule` and its `section`, `what` set it off ('third penalty of the game', 'Fighting') and what `follows`
    ('suspended for the next 5 games'); `period` and `elapsed` (mm:ss) of the entry that set it off, where
    timed."""

    kind: str
    side: str
    player: str | None
    who: str
    rule: str
    section: str
    what: str
    follows: str
    period: int | None = None
    elapsed: str = ""

    @property
    def key(self) -> tuple[str, str, str | None, str, str]:
        """What tells two consequences apart when a game is compared before and after an entry."""
        return (self.kind, self.side, self.player, self.rule, self.what)


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
class EventFigures:
    """What the game's computation says of one entry beyond what was typed: a goal's strength ('EV', 'PP',
    'SH', 'EN', 'PS' for a penalty shot, 'AW' for an awarded goal; 'PP EN' where both) and a penalty's minutes
    as the sheet shows them."""

    strength: str = ""
    minutes: int | None = None


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
    """The score as entered: every goal recorded, whatever the clock says (the final score of a final game)."""
    live: Mapping[str, Any] | None
    """The rulebook's reading at the clock's time (strength, stop time, icing, each side); None: see live_error."""
    live_error: str
    row: Mapping[str, Any]
    """The game as the season's list of games shows it (a row of `Services.games()`)."""
    can_undo: bool
    can_redo: bool
    consequences: tuple[Consequence, ...] = ()
    """What the game has set off so far (ejections, suspensions, fines, the report): the rules' reading."""
    figures: Mapping[int, EventFigures] = field(default_factory=lambda: MappingProxyType({}))
    """By entry (its index in `events`): the strength of a goal, the minutes of a penalty."""
    colours: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Each side's team colour as the season records it ('#1f5fbf', 'red'), by 'home' and 'away'; absent: none."""
    shots: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: MappingProxyType({}))
    """Shots on goal per period, by side, where the game records them (the season file's `shots`)."""

    def ejected(self, side: str) -> tuple[Consequence, ...]:
        """The side's ejections."""
        return tuple(c for c in self.consequences if c.kind == EJECTION and c.side == side)

    @property
    def final(self) -> bool:
        return self.status == "final"
