"""What the arena display shows, as plain values read off the Live Game tab's state: the `GameScreen` the tab
drew, the rulebook's live reading it drew with (box, strength, stop time) and its clock. Nothing here judges the
game: every number is one the facade already computed; this module only says it for a rink to read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.screens import GameScreen

SIDES = ("home", "away")
WAITING = "NEXT"
"""What the board shows for a penalty waiting to start (a side already has as many in the box as may serve)."""
GOAL_TYPES = ("goal", "penalty_shot", "awarded_goal")
"""The entries that put a goal on the board (a penalty shot only when scored)."""
STRENGTH_WORDS = {"PP": "Power-play goal", "SH": "Short-handed goal", "EN": "Empty-net goal",
                  "PS": "Penalty-shot goal", "AW": "Awarded goal"}
"""How the announcement names a goal's strength (the marks of `EventFigures.strength`)."""


@dataclass(frozen=True)
class BoxLine:
    """A player serving a penalty: the number worn, the name, the time left (mm:ss) as the rulebook counts it, or
    `WAITING` for a penalty that starts when a seat in the box frees."""

    number: str
    name: str
    remaining: str

    @property
    def text(self) -> str:
        return f"{self.number:>3}  {self.remaining}"


@dataclass(frozen=True)
class SideBoard:
    """One team on the board: name, colour (None: none recorded), goals, shots (None: not recorded), its box."""

    name: str
    colour: str | None
    score: int
    shots: int | None
    box: tuple[BoxLine, ...]


@dataclass(frozen=True)
class Board:
    """The whole board at one moment; `result`: 'FINAL' (with how the game was decided) once the game is final."""

    home: SideBoard
    away: SideBoard
    period: str
    clock: str
    running: bool
    stop_time: bool
    strength: str
    result: str

    def side(self, side: str) -> SideBoard:
        return self.home if side == "home" else self.away


@dataclass(frozen=True)
class Goal:
    """A goal as the rink is told it: the team, the scorer and assists by number and name, what kind of goal."""

    side: str
    team: str
    scorer: str
    assists: tuple[str, ...]
    kind: str
    key: tuple[Any, ...]

    @property
    def headline(self) -> str:
        return f"GOAL {self.team}"

    @property
    def detail(self) -> str:
        """'#19 Jo Roe — assists #77 Ann Lee, #10 Bo Kim · Power-play goal'."""
        text = self.scorer
        if self.scorer and self.assists:
            text += " — assists " + ", ".join(self.assists)
        elif self.scorer and self.kind not in (STRENGTH_WORDS["PS"], STRENGTH_WORDS["AW"]):
            text += " — unassisted"
        if self.kind and self.kind != "Goal":
            text += (" · " if text else "") + self.kind
        return text


def labels(screen: GameScreen) -> dict[str, str]:
    """Every dressed player's '#12 Jo Smith', by player id."""
    return {d.player: d.label for side in SIDES for d in screen.lineups.get(side, ())}


def _number(screen: GameScreen, side: str, player: str | None) -> tuple[str, str]:
    for d in screen.lineups.get(side, ()):
        if d.player == player:
            return (f"#{d.number}" if d.number is not None else ""), d.name or d.player
    return "", player or "bench"


def _shots(screen: GameScreen, side: str) -> int | None:
    per = screen.shots.get(side)
    return None if not per else sum(per)


def strength_text(live: Mapping[str, Any] | None, names: Mapping[str, str]) -> str:
    """'Power play Lynx 5 on 4' (skaters) where a side is short-handed by a penalty, 'Empty net Owls' with a
    goalie pulled, else the skaters on the ice ('5 on 5'); empty without a live reading."""
    if live is None:
        return ""
    teams = live["teams"]
    on = {side: int(teams[side]["skaters"]) for side in SIDES}  # skaters, as a rink counts a power play
    for side, other in (("home", "away"), ("away", "home")):
        if on[side] > on[other] and any(item.get("short_handed") for item in teams[other].get("box") or ()):
            return f"Power play {names.get(side, side)} {on[side]} on {on[other]}"
    pulled = [names.get(side, side) for side in SIDES if not teams[side].get("goalie")]
    if len(pulled) == 1:
        return f"Empty net {pulled[0]} · {on['home']} on {on['away']}"
    return str(live.get("skaters_strength") or f"{on['home']}-on-{on['away']}").replace("-on-", " on ")


def result_text(screen: GameScreen) -> str:
    """'FINAL', 'FINAL — OVERTIME', 'FINAL — SHOOTOUT'; empty while the game is not final."""
    if not screen.final:
        return ""
    decision = str(screen.row.get("decision") or "").replace("_", " ")
    return "FINAL" + (f" — {decision.upper()}" if decision and decision != "regulation" else "")


def board(screen: GameScreen, live: Mapping[str, Any] | None, score: Mapping[str, int], period: str, clock: str,
          running: bool) -> Board:
    """The board for `screen` as the Live Game tab drew it with `live` and `score`, its clock at `clock` (the
    time left in the period); each box lists the penalties serving, then those waiting to start."""
    sides = {}
    for side in SIDES:
        box: list[BoxLine] = []
        if live is not None:
            for item in live["teams"][side].get("box") or ():
                number, name = _number(screen, side, item.get("player"))
                if not number and item.get("served_by"):  # a bench penalty: the number of who serves it
                    number, name = _number(screen, side, item.get("served_by"))
                number = number or "BENCH"
                box.append(BoxLine(number, name, str(item["remaining"])))
            for item in live["teams"][side].get("waiting") or ():  # a penalty that starts when a seat frees
                number, name = _number(screen, side, item.get("player"))
                box.append(BoxLine(number or "BENCH", name, WAITING))
        sides[side] = SideBoard(str(screen.names.get(side, side)), screen.colours.get(side), int(score[side]),
                                _shots(screen, side), tuple(box))
    return Board(sides["home"], sides["away"], period, clock, running,
                 bool(live is not None and live.get("stop_time")) and not screen.final,
                 "" if screen.final else strength_text(live, screen.names), result_text(screen))


def _goal_key(event: Mapping[str, Any]) -> tuple[Any, ...] | None:
    kind = event.get("type")
    if kind not in GOAL_TYPES or (kind == "penalty_shot" and not event.get("scored")):
        return None
    who = event.get("scorer") or event.get("shooter") or ""
    return (kind, event.get("team"), event.get("period"), event.get("elapsed"), who)


def goals(screen: GameScreen) -> dict[tuple[Any, ...], int]:
    """The game's goal entries, each by what tells it apart (kind, team, period, time, scorer): its index."""
    found = {}
    for index, event in enumerate(screen.events):
        key = _goal_key(event)
        if key is not None:
            found[key] = index
    return found


def new_goal(previous: GameScreen | None, screen: GameScreen) -> Goal | None:
    """The latest goal `screen` has that `previous` (the same game drawn before) had not; None on another game
    or when no goal was added (a goal undone or corrected, a penalty, the clock)."""
    if previous is None or (previous.season, previous.game_id) != (screen.season, screen.game_id):
        return None
    before, after = goals(previous), goals(screen)
    added = [(key, index) for key, index in after.items() if key not in before]
    if not added or len(after) <= len(before):  # a goal corrected (its time, its scorer) is not a new goal
        return None
    key, index = max(added, key=lambda found: (found[0][2] or 0, str(found[0][3] or ""), found[1]))
    event = screen.events[index]
    side = str(event.get("team"))
    who = labels(screen)
    scorer = who.get(str(event.get("scorer") or event.get("shooter") or ""), "")
    assists = tuple(who.get(str(p), str(p)) for p in event.get("assists") or ())
    figure = screen.figures.get(index)
    marks = figure.strength.split() if figure is not None else []
    kind = next((STRENGTH_WORDS[m] for m in ("PS", "AW", "PP", "SH", "EN") if m in marks), "Goal")
    return Goal(side, str(screen.names.get(side, side)), scorer, assists, kind, key)
