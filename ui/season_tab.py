"""The Season tab: the standings of every division of the selected season."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from ui.models import StandingsModel
from ui.table_tab import TableTab

if TYPE_CHECKING:
    from scorekeeper.services import Services


class SeasonTab(TableTab):
    """Standings as the facade computes them, one block per division under a heading row."""

    empty_text = "No standings for {season} yet."
    model: StandingsModel

    def __init__(self, svc: Services, parent: QWidget | None = None) -> None:
        super().__init__(svc, StandingsModel(), parent)

    def load(self, season: str) -> bool:
        standings = self.svc.standings(season)
        teams = self.svc.teams(season)
        self.model.set_standings(
            standings,
            team_names={team["id"]: team["name"] for team in teams},
            division_names={team["division"]: team["division_name"] for team in teams},
        )
        self.view.clearSpans()
        for row in self.model.heading_rows():
            self.view.setSpan(row, 0, 1, self.model.columnCount())
        return self.model.rowCount() > 0

    def fit_columns(self) -> None:
        """Rank narrow (headings span it), the figures all one width so the table reads like a newspaper's."""
        super().fit_columns()
        header = self.view.horizontalHeader()
        header.resizeSection(0, header.sectionSizeHint(0))
        figures = range(2, header.count())
        width = max(header.sectionSize(number) for number in figures)
        for number in figures:
            header.resizeSection(number, width)
