"""A change in the season file's terms, declared once: the objects of its lists to add or replace, by list (what
`Proposal.changes` carries; an import's changes and a normalised season file read the same way)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from scorekeeper.season_data import (
    AppealData,
    DivisionData,
    GameData,
    PaymentData,
    PlayerData,
    SigningData,
    SuspensionDecisionData,
    TeamData,
)

if TYPE_CHECKING:
    from typing_extensions import ReadOnly


class ListChanges(TypedDict, total=False):
    """The objects of each list of the season file to add or replace (a list absent: nothing of it); read, never
    changed, so a season file's lists (`SeasonData`) and the store's changes are read as one."""

    divisions: ReadOnly[list[DivisionData]]
    teams: ReadOnly[list[TeamData]]
    players: ReadOnly[list[PlayerData]]
    roster: ReadOnly[list[SigningData]]
    games: ReadOnly[list[GameData]]
    appeals: ReadOnly[list[AppealData]]
    payments: ReadOnly[list[PaymentData]]
    season_suspension_decisions: ReadOnly[list[SuspensionDecisionData]]
