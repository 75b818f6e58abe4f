"""The Roster tab: the teams of the selected season."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from ui.models import TeamsModel
from ui.table_tab import TableTab

if TYPE_CHECKING:
    from scorekeeper.services import Services


class RosterTab(TableTab):
    """Every team of the season with its division, colour, captain and number of players signed."""

    empty_text = "No teams in {season} yet."

    def __init__(self, svc: Services, parent: QWidget | None = None) -> None:
        super().__init__(svc, TeamsModel(), parent)

    def load(self, season: str) -> bool:
        teams = self.svc.teams(season)
        self.model.set_rows(teams)
        return bool(teams)
