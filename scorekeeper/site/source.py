"""Where the statistics site reads the league: the facade's answers its pages show (and those of the game
sheets it links), and the database it must never write over, as a Protocol, so the site never imports the
facade (`scorekeeper.services.Services` is one such source)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from scorekeeper.reports.source import ReportSource


class SiteSource(ReportSource, Protocol):
    """The facade as the site sees it."""

    @property
    def sqlite_path(self) -> Path | None: ...

    def games(self, season: str | None = None) -> list[dict[str, Any]]: ...

    def suspensions(self, season: str | None = None) -> dict[str, Any]: ...

    def eligibility(self, season: str | None = None) -> dict[str, Any]: ...
