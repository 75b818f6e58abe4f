"""The plain records of the official game sheet: the teams with their line-ups, absentees, goalies and score by
period, the goals, the penalties, what the game caused (ejections, suspensions, fines), the officials and the
signatures. `game_sheet_data` gathers them; `game_sheet` prints them."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.reports.signature_lines import SheetSignature


@dataclass
class SheetPlayer:
    number: int | None
    name: str
    goalie: bool = False
    captain: bool = False
    goals: int = 0
    assists: int = 0
    pim: int = 0
    ejected: bool = False


@dataclass
class SheetAbsent:
    """A rostered player who did not dress because of a suspension."""

    number: int | None
    name: str
    note: str  # "did not dress: suspended, game 1 of 2 (<rule>, from game g003)"


@dataclass
class SheetGoalie:
    """A goalie's line: time in net, shots against and saves where shots are recorded, goals against."""

    number: int | None
    name: str
    minutes: str  # "MM:SS" in net
    shots_against: int | None
    saves: int | None
    goals_against: int
    by_period: list[tuple[str, int, int]] = field(default_factory=list)
    """(period, shots, saves) as the game's `goalie_shots` give them ("1st", "OT"; "Game" for an entry without a
    period); empty without them (issue 30.3)."""


@dataclass
class SheetTeam:
    side: str  # "home" or "away"
    name: str
    score: int | None
    by_period: list[int]
    lineup: list[SheetPlayer] = field(default_factory=list)
    absent: list[SheetAbsent] = field(default_factory=list)
    timeouts: list[str] = field(default_factory=list)  # "2nd 17:40"
    shots: list[int] | None = None
    pim: int = 0
    points: int | None = None
    goalies: list[SheetGoalie] = field(default_factory=list)


@dataclass
class SheetGoal:
    period: str
    time: str
    team: str
    scorer: str
    assists: str
    kind: str  # "EV", "PP", "SH", "PS", "AWD", with "EN" added for an empty net


@dataclass
class SheetPenalty:
    period: str
    time: str
    team: str
    player: str
    served_by: str
    infraction: str
    cls: str
    minutes: int
    off: str
    on: str


@dataclass
class SheetAction:
    """An ejection, suspension or fine this game caused."""

    player: str
    team: str
    action: str
    rule: str
    section: str
    amount_cents: int = 0


@dataclass
class GameSheetData:
    league: str
    season: str
    game_id: str
    division: str
    date: str
    time: str
    rink: str
    stage: str
    status: str
    home: SheetTeam
    away: SheetTeam
    periods: list[str]  # column labels of the score by period
    result: str  # "Otters win 3–2 in overtime"
    goals: list[SheetGoal] = field(default_factory=list)
    penalties: list[SheetPenalty] = field(default_factory=list)
    actions: list[SheetAction] = field(default_factory=list)
    referees: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    reports: list[str] = field(default_factory=list)  # incident reports to the league
    rulebook: str = ""
    number: str = ""  # the league's game number ("" : the id)
    linesmen: list[str] = field(default_factory=list)
    scorekeeper: str = ""  # the scorekeeper's name (an official, else the operator who finished the game)
    signatures: list[SheetSignature] = field(default_factory=list)  # given on the screen (issue 20)
    curfew: str = ""  # "HH:MM", the time the ice must be cleared ("" : the league gave none; issue 28.6)

    @property
    def game_number(self) -> str:
        """The number the sheet prints: the league's, else the game's id."""
        return self.number or self.game_id

    @property
    def start(self) -> str:
        """The scheduled start as the sheet's header prints it: '19:30', or 'Start 19:30 · Curfew 21:00' beside a
        curfew, as paper game sheets print them."""
        return f"Start {self.time} · Curfew {self.curfew}" if self.curfew else self.time

    @property
    def draft(self) -> bool:
        return self.status != "final"
