"""The roster part of the facade: divisions, teams, players, signings and releases, and roster spreadsheets
(every row judged before anything is written)."""

from __future__ import annotations

from typing import Any

from scorekeeper.changes import EntryResult
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.pipeline import AuditRecord, ChangeStep, Proposal
from scorekeeper.roster_csv import CsvRow, RosterJudge, read_rows, resolve
from scorekeeper.rules.violation import Violation


def roster_changes(rows: list[CsvRow]) -> dict[str, list[dict[str, Any]]]:
    """The season-file change of the roster CSV's rows: their players and signings."""
    players = {r.player["id"]: r.player for r in rows if r.player is not None}
    return {"players": list(players.values()), "roster": [r.signing for r in rows if r.signing is not None]}


@bound
class Rosters(Part):
    """Who plays for whom, through the one path (`ChangeStep`)."""

    def __init__(self, core: Core, step: ChangeStep) -> None:
        super().__init__(core)
        self.step = step

    def _season_change(self, changes: dict[str, list[dict[str, Any]]], confirm: bool, season: str | None,
                       audit: AuditRecord | None = None) -> EntryResult:
        return self.step.propose(Proposal(changes, games=[], audit=audit), confirm=confirm, season=season)

    def save_player(self, player: dict[str, Any], confirm: bool = False, season: str | None = None) -> EntryResult:
        return self._season_change({"players": [player]}, confirm, season)

    def save_team(self, team: dict[str, Any], confirm: bool = False, season: str | None = None) -> EntryResult:
        """Create or change a team ({id, name, division, colour?, captain?, captain_email?})."""
        return self._season_change({"teams": [team]}, confirm, season)

    def save_division(self, division: dict[str, Any], confirm: bool = False,
                      season: str | None = None) -> EntryResult:
        """Create or change a division ({id, name, coed, tier?})."""
        return self._season_change({"divisions": [division]}, confirm, season)

    def sign_player(self, team: str, player: str, number: int, position: str = "skater",
                    signed: str | None = None, confirm: bool = False, season: str | None = None) -> EntryResult:
        entry = {"team": team, "player": player, "number": number, "position": position, "signed": signed}
        return self._season_change({"roster": [{k: v for k, v in entry.items() if v is not None}]}, confirm, season)

    def release_player(self, team: str, player: str, released: str, season: str | None = None) -> EntryResult:
        view = self.core.view(season)
        signing = view.signing(team, player)
        if signing is None:
            raise ServiceError(f"{view.player_name(player)} is not signed to {team}")
        return self._season_change({"roster": [{**signing, "released": released}]}, True, season)

    # -- roster spreadsheets ---------------------------------------------------------------------------------
    def preview_roster_csv(self, path: str, season: str | None = None) -> list[dict[str, Any]]:
        """Every row of a roster CSV with its verdict (imported, warning, refused) and why; nothing written."""
        return [r.to_json() for r in self.judge_roster_csv(path, season)]

    def import_roster_csv(self, path: str, confirm: bool = True, season: str | None = None) -> EntryResult:
        """Write every row that is not refused, in one transaction."""
        rows = [r for r in self.judge_roster_csv(path, season) if r.verdict != "refused"]
        if not rows:
            return EntryResult(False, [Violation("FILE", "block", "no row of the file can be imported", "roster CSV")])
        return self._season_change(roster_changes(rows), confirm, season, AuditRecord("roster import", str(path)))

    def judge_roster_csv(self, path: str, season: str | None) -> list[CsvRow]:
        """Every row of the file with its verdict, each judged against the season with the rows before it."""
        try:
            rows = read_rows(path)
        except ValueError as exc:
            raise ServiceError(str(exc)) from None
        view = self.core.view(season)
        resolve(view, rows)
        judge = RosterJudge(view)
        for row in rows:
            if row.verdict != "refused":
                judge.judge(row)
        return rows
