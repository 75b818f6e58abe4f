"""The documents part of the facade: the printed records as PDF (game sheet, fine statements, suspension
notices, standings) and their saving, so the window asks the facade for a document and never builds one.
The reports (and ReportLab) are imported when a document is built, not when the facade opens."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from scorekeeper.atomic import write_atomically
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError

if TYPE_CHECKING:
    from scorekeeper.reports.source import ReportSource

    class DocumentsCore(Core, ReportSource, Protocol):
        """The facade as the documents see it: its core, and the answers the printed records are made of."""

T = TypeVar("T")


def _built(build: Callable[[], T]) -> T:
    """A document built, or a ServiceError saying why it cannot be (unknown game, nothing to print...)."""
    from scorekeeper.reports.wording import ReportError

    try:
        return build()
    except ReportError as exc:
        raise ServiceError(str(exc)) from None


@bound
class Documents(Part):
    """The printed records, built by the core from the facade's answers (the same as `scorekeeper print`)."""

    def __init__(self, svc: DocumentsCore) -> None:
        super().__init__(svc)
        self.svc = svc  # the facade's answers the documents are made of

    def game_sheet_pdf(self, game_id: str, season: str | None = None) -> bytes:
        """The official game sheet (DRAFT until the game is final)."""
        from scorekeeper.facade.game_papers import one_game
        from scorekeeper.reports import data
        from scorekeeper.reports.game_sheet import build_game_sheet

        return _built(lambda: build_game_sheet(one_game(self.svc, game_id, season, lambda src: data.game_sheet_data(
            src, game_id, season=season))))

    def fine_statements_pdf(self, team: str | None = None, season: str | None = None,
                            date: str | dt.date | None = None) -> bytes:
        """Each team's fine statement (or `team`'s alone), one page or more per team."""
        from scorekeeper.reports import data
        from scorekeeper.reports.fine_statements import build_fine_statements

        return _built(lambda: build_fine_statements(data.fine_statements_data(self.svc, team=team, date=date,
                                                                              season=season)))

    def suspension_notice_pdf(self, player: str, game: str | None = None, season: str | None = None,
                              date: str | dt.date | None = None) -> bytes:
        """The notice of `player`'s suspension (from `game`, or every one of the player's)."""
        from scorekeeper.facade.game_papers import narrow_or_whole, players_games
        from scorekeeper.reports import data
        from scorekeeper.reports.suspension_notice import build_suspension_notices

        return _built(lambda: build_suspension_notices(narrow_or_whole(
            self.svc, players_games(player, game), season,
            lambda src: data.suspension_notices_data(src, player, game=game, date=date, season=season))))

    def standings_pdf(self, season: str | None = None, date: str | dt.date | None = None) -> bytes:
        """The standings and scoring leaders report."""
        from scorekeeper.reports import data
        from scorekeeper.reports.standings_report import build_standings_report

        return _built(lambda: build_standings_report(data.standings_data(self.svc, date=date, season=season)))

    def save_pdf(self, path: str | Path, pdf: bytes) -> Path:
        """Write a document where the user chose, whole or not at all (never over the league's database);
        an OSError says why not."""
        return write_atomically(path, pdf, database=self.svc.sqlite_path)
