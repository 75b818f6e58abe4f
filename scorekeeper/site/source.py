"""Where the statistics site reads the league: the facade's answers its pages show (and those of the game
sheets it links), and the database it must never write over, as a Protocol, so the site never imports the
facade (`scorekeeper.services.Services` is one such source)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from scorekeeper.reports.source import ReportSource

if TYPE_CHECKING:
    from scorekeeper.results_records import Eligibility, GameRow, Suspensions


class SiteSource(ReportSource, Protocol):
    """The facade as the site sees it."""

    @property
    def sqlite_path(self) -> Path | None: ...

    def games(self, season: str | None = None) -> list[GameRow]: ...

    def suspensions(self, season: str | None = None) -> Suspensions: ...

    def eligibility(self, season: str | None = None) -> Eligibility: ...
