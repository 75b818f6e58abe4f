"""What the rules read of a season: the narrow face of the season view they are handed (issue 28.2).

The rules never import the season view; `season.view.SeasonView` has every member below, and the rules take
any such object, so the view may call the rules without the rules calling back into it.
"""

from __future__ import annotations

from typing import Protocol

from scorekeeper.engine.state import GameState
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.season.records import CarryOver, Derived, OfficeRecords
from scorekeeper.season_data import DivisionData, GameData, PlayerData, SeasonData, SigningData, TeamData


class SeasonFacts(Protocol):
    """A season as the rules read it: its data and lookups, each game's computed state, what the office recorded
    and the season-wide values computed once (`derived`, which the rules fill on first need)."""

    data: SeasonData
    book: Rulebook
    office: OfficeRecords
    carry_over: CarryOver
    derived: Derived

    @property
    def name(self) -> str: ...

    @property
    def divisions(self) -> dict[str, DivisionData]: ...

    @property
    def teams(self) -> dict[str, TeamData]: ...

    @property
    def players(self) -> dict[str, PlayerData]: ...

    @property
    def games(self) -> dict[str, GameData]: ...

    @property
    def roster_by_team(self) -> dict[str, list[SigningData]]: ...

    def name_of(self, ext_id: str) -> str: ...

    def player_name(self, pid: str) -> str: ...

    def game_name(self, gid: str) -> str: ...

    def division_of(self, team: str) -> DivisionData | None: ...

    def signing(self, team: str, player: str, date: str | None = None) -> SigningData | None: ...

    def state(self, gid: str) -> GameState: ...

    def order_of(self, gid: str) -> int: ...

    def final_games(self, stage: str | None = None) -> list[GameData]: ...
