"""The Live Game tab. For now: the season's games, read only (live scoring comes in a later issue)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from ui.models import GamesModel
from ui.table_tab import TableTab

if TYPE_CHECKING:
    from scorekeeper.services import Services


class LiveGameTab(TableTab):
    """The season's games with date, time, teams, status and final score."""

    empty_text = "No games scheduled in {season} yet."

    def __init__(self, svc: Services, parent: QWidget | None = None) -> None:
        super().__init__(svc, GamesModel(), parent)

    def load(self, season: str) -> bool:
        games = self.svc.games(season)
        self.model.set_rows(games)
        return bool(games)
