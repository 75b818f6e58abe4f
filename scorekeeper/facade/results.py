"""The results part of the facade: what the core computes from a season (standings, player statistics, a game's
state, eligibility, suspensions and fines), each once per state of the season, and the lists the window shows
(teams, games, the audit trail)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import cast

from scorekeeper.db import game_outcomes, store
from scorekeeper.db.game_read import load_audit_naming
from scorekeeper.facade.core import Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.screens import game_row
from scorekeeper.results_records import (
    AuditEntry,
    Eligibility,
    FineRow,
    Fines,
    GameResult,
    GameRow,
    Standings,
    Stats,
    Suspensions,
    TeamRow,
)
from scorekeeper.rules import discipline
from scorekeeper.rules import fines as fine_rules
from scorekeeper.rules.eligibility import eligibility
from scorekeeper.season.records import SeasonOutput
from scorekeeper.season.standings import Played, standings, standings_of
from scorekeeper.season.stats import player_stats
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import DivisionData
from scorekeeper.validation import apply_overrides, lineup_checks


@bound
class Results(Part):
    """Season-wide results and the window's lists, read-only."""

    @staticmethod
    def kept(view: SeasonView, key: str, compute: Callable[[], SeasonOutput]) -> SeasonOutput:
        """A season-wide result computed once per state of the season (a new entry makes a new view); the kept
        object itself, for a caller that copies only what it hands on."""
        outputs = view.derived.outputs
        if key not in outputs:
            outputs[key] = compute()
        return outputs[key]

    @staticmethod
    def once(view: SeasonView, key: str, compute: Callable[[], SeasonOutput]) -> SeasonOutput:
        """`kept`, copied: the caller may change it."""
        return copy.deepcopy(Results.kept(view, key, compute))

    def standings(self, season: str | None = None) -> Standings:
        """The season's standings: from the season as read where it is, else from the final games' outcomes as
        stored (`db.game_outcomes`), else (a game without a trusted outcome) from the whole season read now."""
        s = self.core.season_row(season)
        if not self.core.has_view(s.id):  # the season is not read: its stored outcomes may do
            book = self.core.rulebook_for(s)
            narrow = game_outcomes.read_narrow(s, book)
            if narrow.complete:
                return standings_of(s.name, narrow.teams, narrow.divisions, book,
                                    [Played(*game) for game in narrow.played])
        view = self.core.view(season)
        return cast(Standings, self.once(view, "out:standings", lambda: standings(view)))

    def stats(self, season: str | None = None, stage: str = "regular") -> Stats:
        if stage not in ("regular", "playoff"):
            raise ServiceError(f"stage must be regular or playoff (got {stage!r})")
        view = self.core.view(season)
        return cast(Stats, self.once(view, f"out:stats:{stage}", lambda: player_stats(view, stage)))

    def game(self, game_id: str, season: str | None = None) -> GameResult:
        view = self.core.view(season)
        if game_id not in view.games:
            raise ServiceError(f"no game {game_id!r} in season {view.name}")
        out = view.state(game_id).to_json()
        out["violations"] = [v.to_json() for v in apply_overrides(view, lineup_checks(view, game_id))] + out[
            "violations"]
        if curfew := view.games[game_id].get("curfew"):  # only where the league gave one (issue 28.6)
            out["curfew"] = curfew
        return cast(GameResult, out)

    def eligibility(self, season: str | None = None) -> Eligibility:
        return eligibility(self.core.view(season))

    def suspensions(self, season: str | None = None) -> Suspensions:
        view = self.core.view(season)
        return cast(Suspensions, self.once(view, "out:suspensions", lambda: discipline.suspensions(view)))

    def fines(self, season: str | None = None) -> Fines:
        view = self.core.view(season)
        return cast(Fines, self.once(view, "out:fines", lambda: fine_rules.fines(view)))

    def game_fines(self, game_id: str, season: str | None = None) -> list[FineRow]:
        """The fines game `game_id` caused, as `fines` lists them (a copy of those rows only, not the season's)."""
        view = self.core.view(season)
        every = cast(Fines, self.kept(view, "out:fines", lambda: fine_rules.fines(view)))["fines"]
        return copy.deepcopy([f for f in every if f["game"] == game_id])

    def audit(self, season: str | None = None, game: str | None = None,
              player: str | None = None) -> list[AuditEntry]:
        """The audit trail, optionally for one game or one player (subjects name them as `player/game`)."""
        s = self.core.season_row(season)
        naming = load_audit_naming(s, [ref for ref in (game, player) if ref is not None])  # issue 29.3
        entries = cast("list[AuditEntry]", store.load_audit(s) if naming is None else naming)

        def concerns(subject: str, ref: str) -> bool:
            return ref in subject.split("/") or subject == ref

        return [e for e in entries if (game is None or concerns(e["subject"], game))
                and (player is None or concerns(e["subject"], player))]

    # -- lists for the window --------------------------------------------------------------------------------
    def teams(self, season: str | None = None) -> list[TeamRow]:
        view = self.core.view(season)
        out: list[TeamRow] = []
        for t in view.teams.values():
            div: DivisionData | dict[str, str] = view.divisions.get(t["division"], {})
            active = [r for r in view.roster_by_team.get(t["id"], []) if not r.get("released")]
            out.append({"id": t["id"], "name": t["name"], "division": t["division"],
                        "division_name": div.get("name", t["division"]), "colour": t.get("colour"),
                        "captain": t.get("captain"),
                        "captain_name": view.player_name(cap) if (cap := t.get("captain")) else None,
                        "captain_email": t.get("captain_email"), "players": len(active)})
        return out

    def names(self, season: str | None = None) -> dict[str, str]:
        """The season's teams, players and divisions by id, as people read them ('westridge-sharks' ->
        'Westridge Sharks'): the readable tables print names where the JSON keeps ids. From their rows alone
        where the season is not read (the readable standings need no more)."""
        s = self.core.season_row(season)
        if not self.core.has_view(s.id):
            return game_outcomes.season_names(s)
        view = self.core.view(season)
        out = {pid: view.player_name(pid) for pid in view.players}
        out.update({did: str(d.get("name") or did) for did, d in view.divisions.items()})
        out.update({tid: str(t.get("name") or tid) for tid, t in view.teams.items()})
        return out

    def games(self, season: str | None = None) -> list[GameRow]:
        view = self.core.view(season)
        return [game_row(view, gid) for gid in view.games]
