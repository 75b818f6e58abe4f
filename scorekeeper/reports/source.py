"""Where the printed records read the league: the few facade answers they are made of, as a Protocol, so the
reports never import the facade (`scorekeeper.services.Services` is one such source; a test may hand in
another)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from scorekeeper.results_records import AuditEntry, FineRow, Fines, GameResult, Standings, Stats
    from scorekeeper.season.view import SeasonView


class ReportSource(Protocol):
    """The facade's answers the records print."""

    @property
    def operator(self) -> str: ...

    def view(self, season: str | None = None) -> SeasonView: ...

    def game(self, game_id: str, season: str | None = None) -> GameResult: ...

    def fines(self, season: str | None = None) -> Fines: ...

    def game_fines(self, game_id: str, season: str | None = None) -> list[FineRow]: ...

    def standings(self, season: str | None = None) -> Standings: ...

    def stats(self, season: str | None = None, stage: str = "regular") -> Stats: ...

    def audit(self, season: str | None = None, game: str | None = None,
              player: str | None = None) -> list[AuditEntry]: ...
