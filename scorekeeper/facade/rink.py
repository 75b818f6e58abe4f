"""The league's side of the rink copy (issue 32): a game a rink sends is taken through the one judge-then-commit
path (`ChangeStep.propose`, the game as the change, audited "rink send") only while the league's game is still
the one the rink copied (the digest check, made again inside the write by the game's revision); a game the
league already has as the rink sent it was sent before; anything else (changed at the league, sent by another
rink, refused by the league's rules, a new game whose id the league has already) is a conflict, filed for the
office, the league's game unchanged. Rosters and payments a rink sends are taken the same way (`rink_items`). The
office settles a conflict by keeping the league's game, taking the rink's, or merging the two event by event
(`rink.merge`; its password, audited)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.changes import EntryResult
from scorekeeper.db.models import RinkConflict, Season
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.games import office_needed
from scorekeeper.facade.pipeline import AuditRecord, ChangeStep, Proposal, Refused
from scorekeeper.facade.rink_items import blocks_said, receive_item
from scorekeeper.facade.rink_status import CopyStatus  # noqa: F401 - its older home
from scorekeeper.rink import conflicts, marks
from scorekeeper.rink.conflicts import ItemParcel, Outcome, Parcel
from scorekeeper.rink.digest import NEW, differences, digest
from scorekeeper.rink.items import is_item
from scorekeeper.rink.sides import LeagueOpener, RinkSide
from scorekeeper.rules.ids import DATA_5, OFFICE
from scorekeeper.rules.violation import Violation
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import GameData

if TYPE_CHECKING:
    from scorekeeper.rink.copy import CopyReport
    from scorekeeper.rink.merge import MergePreview
    from scorekeeper.rink.send import SendReport

KEEP_LEAGUE, TAKE_RINK, MERGED = "kept the league's", "took the rink's", "merged event by event"


def _named(view: SeasonView, gid: str, game: GameData) -> str:
    """'game g101 (Lynx v Owls, 2015-11-02)': the game as the office finds it."""
    teams = " v ".join(str(t.get("name", side)) if (t := view.teams.get(side)) else side
                       for side in (game["home"], game["away"]))
    return f"game {view.game_name_and_id(gid)} ({teams}, {game['date']})"


def _created_by(s: Season, gid: str) -> str:
    """Who made the league's game of a new game's id: 'created at rink NAME', or 'scheduled at the league'."""
    rink = conflicts.sent_by(s, gid)
    return f"created at rink {rink}" if rink is not None else "scheduled at the league"


@bound
class Rinks(Part):
    """What rink PCs send, at the league."""

    def __init__(self, core: Core, step: ChangeStep, rink: RinkSide, opener: LeagueOpener) -> None:
        super().__init__(core)
        self.step = step
        self.rink = rink  # the facade itself, as a rink copy's side
        self.opener = opener  # how a league is opened (`Services.open`)

    def take_rink_copy(self, league: str, name: str = "", season: str | None = None) -> CopyReport:
        """Make or refresh this database (a SQLite file) as a rink copy of `league`'s season (the latest, or
        `season`), keeping every change not yet sent; `name`: the rink's (default: the file's name)."""
        from scorekeeper.rink.copy import take_copy
        from scorekeeper.rink.league import open_league

        path = self.core.sqlite_path
        if path is None:
            raise ServiceError("a rink copy is a SQLite file: open or give one (--db FILE)")
        facts = marks.facts()
        source = open_league(self.opener, league, self.core.operator)
        try:
            return take_copy(self.rink, source, league, name or (facts.name if facts else path.stem), season)
        finally:
            source.close()

    def send_to_league(self, league: str | None = None) -> SendReport:
        """Send this rink copy's waiting games to its league (`league`: its address, when the one the copy
        remembers, without its password, is not enough)."""
        from scorekeeper.rink.changes import copy_facts
        from scorekeeper.rink.league import open_league
        from scorekeeper.rink.send import send

        facts = copy_facts(self.core)
        target = open_league(self.opener, league or facts.league, self.core.operator, writes=True)
        try:
            return send(self.rink, target)
        finally:
            target.close()

    def receive_rink_game(self, parcel: Parcel, season: str, fresh: bool = False) -> Outcome:
        """Take one game a rink sent, or file the conflict (one transaction each). The league's game is read
        again before it is found sent already or in conflict (`fresh`): never judged on an older read."""
        s = self.core.season_row(season)
        view = self.core.view(s.name)
        gid = parcel.game_id
        current = view.games.get(gid)
        now = digest(current)
        if now != parcel.baseline and not fresh:
            self.core.forget()
            return self.receive_rink_game(parcel, season, fresh=True)
        name = _named(view, gid, current or parcel.game)
        if now == parcel.digest:
            return Outcome(gid, "already")
        if now != parcel.baseline and parcel.baseline == NEW:  # a new game: its id taken at the league already
            return self._conflict(s, parcel, now, f"{name} was created at rink {parcel.rink}, and the league has a "
                                  f"game of that id {_created_by(s, gid)}: {differences(current, parcel.game)} "
                                  "differ; the league keeps its own, the office settles it")
        if now != parcel.baseline:
            return self._conflict(s, parcel, now, f"{name} was changed at the league since rink "
                                  f"{parcel.rink} copied it: {differences(current, parcel.game)} differ; the "
                                  "league keeps its own, the office settles it")
        retried: list[Outcome] = []

        def again() -> EntryResult:  # the game changed at the league while judged: judged again on what it has
            retried.append(self.receive_rink_game(parcel, season, fresh=True))
            return EntryResult(retried[-1].kind != "conflict")

        result = self.step.propose(
            Proposal({"games": [parcel.game]}, audit=AuditRecord(
                "rink send", f"game {gid} from rink {parcel.rink}", {"digest": parcel.baseline},
                {"digest": parcel.digest, "rink": parcel.rink}),
                unwritten=Refused(f"game {gid} from rink {parcel.rink} was not written", DATA_5)),
            confirm=True, season=s.name, retry=again)
        if retried:
            return retried[-1]
        if result.ok:
            return Outcome(gid, "sent")
        self.core.forget()
        unwritten = [v.message for v in result.violations if v.message.startswith(f"game {gid} from rink")]
        if unwritten:  # the database refused the write (busy, disconnected, full): no conflict, send again later
            raise ServiceError(f"the league did not answer: {unwritten[0]}; send again")
        return self._conflict(s, parcel, now, f"{name} from rink {parcel.rink} was refused by the "
                              f"league's rules: {blocks_said(result)}; the league keeps its own, the office settles it")

    def receive_rink_item(self, parcel: ItemParcel, season: str) -> Outcome:
        """Take one roster or payment a rink sent (`rink.items`), or file the conflict (one transaction each)."""
        return receive_item(self, parcel, season)

    def _conflict(self, s: Season, parcel: Parcel | ItemParcel, league_digest: str, message: str) -> Outcome:
        def write() -> bool:
            return conflicts.record(s, parcel, league_digest, message)

        self.step.commit(s, write, [AuditRecord("rink conflict", f"game {parcel.game_id} from rink {parcel.rink}",
                                                None, {"message": message})])
        return Outcome(parcel.game_id, "conflict", message)

    def settle_conflict(self, game: str, take_rink: bool, rink: str | None = None,
                        season: str | None = None) -> EntryResult:
        """The office settles a game's conflict: keep the league's game, or take the rink's (judged as any change,
        a final game included). With conflicts from several rinks, `rink` names the one."""
        refused = office_needed(self.core, f"settling the rink conflict of game {game}")
        if refused is not None:
            return refused
        s = self.core.season_row(season)
        rows = conflicts.waiting_for(s, game, rink)
        if not rows:
            raise ServiceError(f"no rink conflict of game {game}{' from rink ' + rink if rink else ''} waits in "
                               f"season {s.name}")
        if take_rink and len({r.rink for r in rows}) > 1:
            raise ServiceError(f"game {game} has conflicts from rinks {', '.join(sorted({r.rink for r in rows}))}: "
                               "name the one to take (--rink)")
        chosen = rows[-1]
        how = TAKE_RINK if take_rink else KEEP_LEAGUE
        audit = AuditRecord("rink conflict settled", f"game {game} from rink {chosen.rink}", None,
                            {"decision": how, "operator": self.core.operator})
        if take_rink:
            result = self.step.propose(Proposal(conflicts.rink_changes(chosen), allow_final=True,
                                                audit=audit), confirm=True, season=s.name)
            if not result.ok:
                return result
            self.step.commit(s, lambda: conflicts.settle(rows, how))
            return result
        self.step.commit(s, lambda: conflicts.settle(rows, how), [audit])
        return EntryResult(True)

    def _chosen(self, game: str, rink: str | None, season: str | None) -> tuple[Season, list[RinkConflict]]:
        """The season and the game's waiting conflicts (of one rink: named when several sent one)."""
        s = self.core.season_row(season)
        rows = conflicts.waiting_for(s, game, rink)
        if not rows:
            raise ServiceError(f"no rink conflict of game {game}{' from rink ' + rink if rink else ''} waits in "
                               f"season {s.name}")
        if len({r.rink for r in rows}) > 1:
            raise ServiceError(f"game {game} has conflicts from rinks {', '.join(sorted({r.rink for r in rows}))}: "
                               "name the one to merge (--rink)")
        return s, rows

    def rink_conflict_merge_preview(self, game: str, rink: str | None = None,
                                    season: str | None = None) -> MergePreview:
        """What merging a game's rink conflict event by event would give, before the office decides: the merged
        game, its events each marked from both / the league only / the rink only, and any entry the two sides
        disagree on (then the merge is refused). Reads only."""
        from scorekeeper.rink.merge import merge_games

        s, rows = self._chosen(game, rink, season)
        chosen = rows[-1]
        if is_item(chosen.game):
            raise ServiceError(f"{game} is no game: only a game's conflict merges event by event (keep the league's "
                               "or take the rink's)")
        return merge_games(self.core.view(s.name).games.get(game), conflicts.rink_game(chosen), chosen.rink)

    def merge_rink_conflict(self, game: str, rink: str | None = None, season: str | None = None) -> EntryResult:
        """The office settles a game's conflict by merging it event by event (`rink_conflict_merge_preview`): the
        merged game judged by the league's rules as any change; refused (the conflict still waiting) when an entry
        cannot be merged (OFFICE: keep one side's game instead) or a rule blocks it (its rule ID)."""
        refused = office_needed(self.core, f"settling the rink conflict of game {game}")
        if refused is not None:
            return refused
        s, rows = self._chosen(game, rink, season)
        preview = self.rink_conflict_merge_preview(game, rows[-1].rink, s.name)
        if not preview.mergeable:
            return EntryResult(False, [Violation(OFFICE, "block", f"game {game} cannot be merged: " + "; ".join(
                u.why for u in preview.unmergeable) + "; keep the league's game or take the rink's", "rink conflict",
                f"game {game}")])
        audit = AuditRecord("rink conflict settled", f"game {game} from rink {rows[-1].rink}", None,
                            {"decision": MERGED, "operator": self.core.operator, "events": {
                                src: preview.count(src) for src in ("both", "league", "rink")}})
        result = self.step.propose(Proposal({"games": [preview.game]}, allow_final=True, audit=audit),
                                   confirm=True, season=s.name)
        if result.ok:
            self.step.commit(s, lambda: conflicts.settle(rows, MERGED))
        return result
