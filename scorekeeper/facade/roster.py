"""The roster part of the facade: divisions, teams, players, signings and releases, and roster spreadsheets
(every row judged before anything is written)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from peewee import DatabaseError

from scorekeeper.changes import Changes, EntryResult
from scorekeeper.db import team_rows
from scorekeeper.facade.changeset import ListChanges
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.pipeline import AuditRecord, ChangeStep, Proposal, Refused, added_violations, refusal
from scorekeeper.results_records import RosterCsvRow
from scorekeeper.roster_csv import CsvRow, RosterJudge, read_rows, resolve
from scorekeeper.rules.ids import FILE
from scorekeeper.rules.office_role import needs_office
from scorekeeper.rules.roster import (
    TEAM_RULE,
    TEAM_SECTION,
    division_clash_message,
    name_clash_message,
    same_name_division,
    same_name_team,
    team_name_key,
)
from scorekeeper.rules.violation import Violation
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import DivisionData, GameData, PlayerData, SeasonData, SigningData, TeamData


def roster_changes(rows: list[CsvRow]) -> ListChanges:
    """The season-file change of the roster CSV's rows: their players and signings."""
    players = {r.player["id"]: r.player for r in rows if r.player is not None}
    return {"players": list(players.values()), "roster": [r.signing for r in rows if r.signing is not None]}


@bound
class Rosters(Part):
    """Who plays for whom, through the one path (`ChangeStep`)."""

    def __init__(self, core: Core, step: ChangeStep) -> None:
        super().__init__(core)
        self.step = step

    def _season_change(self, changes: ListChanges, confirm: bool, season: str | None,
                       audit: AuditRecord | None = None, unwritten: Refused | None = None) -> EntryResult:
        return self.step.propose(Proposal(changes, games=[], audit=audit, unwritten=unwritten), confirm=confirm,
                                 season=season)

    def save_player(self, player: PlayerData, confirm: bool = False, season: str | None = None) -> EntryResult:
        return self._season_change({"players": [player]}, confirm, season)

    def save_team(self, team: TeamData, confirm: bool = False, season: str | None = None) -> EntryResult:
        """Create or change a team ({id, name, division, colour?, captain?, captain_email?}); a name another team
        of the division already has (case and spaces not counting) is refused, naming that team."""
        clash = self._name_clash(team, season)
        if clash is not None:
            return clash
        stored = self.core.view(season).teams.get(str(team.get("id")))
        renamed = stored is not None and stored.get("name") != team.get("name")
        what = (f"{stored['name']} was not renamed {team.get('name')!r}" if renamed and stored is not None
                else f"the team {team.get('name')!r} was not saved")
        return self._season_change({"teams": [team]}, confirm, season, AuditRecord(
            "team renamed", str(team["id"]), {"name": stored["name"]}, {"name": team["name"]})
            if renamed and stored is not None else None, team_refused(what, str(team.get("id"))))

    def _name_clash(self, team: TeamData, season: str | None) -> EntryResult | None:
        view = self.core.view(season)
        name, division = team.get("name"), team.get("division")
        if not isinstance(name, str) or not isinstance(division, str):
            return None  # the season file's own checks refuse it
        stored = view.teams.get(str(team.get("id")))
        if stored is not None and stored.get("division") == division and \
                team_name_key(stored.get("name", "")) == team_name_key(name):
            return None  # its name and division unchanged: a pair a season file brought in stays editable
        existing = same_name_team(view, name, division, except_team=team.get("id"))
        if existing is None:
            return None
        return EntryResult(False, [Violation(TEAM_RULE, "block", name_clash_message(view, name, existing),
                                             TEAM_SECTION, f"team {team.get('id')}")])

    # -- teams: find, rename, merge, delete (issue 18) -----------------------------------------------------------
    def find_team(self, text: str, season: str | None = None) -> str:
        """The id of the team named `text`: its id, or its name (case and spaces not counting) when one team of
        the season has it; else a ServiceError saying which teams there are or which ones the name fits."""
        view = self.core.view(season)
        if text in view.teams:
            return text
        key = team_name_key(text)
        found = [tid for tid, t in view.teams.items() if team_name_key(t.get("name", "")) == key
                 or team_name_key(tid) == key]
        if len(found) == 1:
            return found[0]
        if found:
            raise ServiceError(f"{text!r} names {len(found)} teams of season {view.name}: " + ", ".join(
                _team_label(view, t) for t in found) + "; give the team's id")
        raise ServiceError(f"no team {text!r} in season {view.name} (its teams: "
                           + (", ".join(_team_label(view, t) for t in view.teams) or "none") + ")")

    def rename_team(self, team: str, name: str, season: str | None = None) -> EntryResult:
        """Give a team another name (unique within its division); audited."""
        view = self.core.view(season)
        tid = self.find_team(team, season)
        old = view.teams[tid]
        name = " ".join(name.split())
        if not name:
            raise ServiceError("type the team's new name")
        if name == old["name"]:
            raise ServiceError(f"{old['name']} is already called {name!r}; nothing changed")
        return self.save_team({**old, "name": name}, True, season)  # refused when the division has the name

    def _office_refusal(self, what: str) -> EntryResult | None:
        if self.core.read_only:
            raise ServiceError(self.core.guest_refusal(what))
        if not self.core.office_unlocked:
            return EntryResult(False, [needs_office(what)])
        return None

    def merge_teams(self, source: str, target: str, confirm: bool = False,
                    season: str | None = None) -> EntryResult:
        """Merge `source` into `target` (same division): its games (with their line-ups and events), signings,
        fines and payments become `target`'s and `source` is removed, in one transaction, audited; the office
        password is needed. Refused when the two played each other or the merged roster breaks a rule (two
        signings of one player, one number worn twice); a warning waits for `confirm`."""
        s = self.core.season_row(season)
        view = self.core.view(s.name)
        src, tgt = self.find_team(source, s.name), self.find_team(target, s.name)
        a, b = view.teams[src], view.teams[tgt]
        if src == tgt:
            raise ServiceError(f"{a['name']} cannot be merged into itself")
        if a["division"] != b["division"]:
            raise ServiceError(f"{a['name']} ({_division_name(view, a)}) and {b['name']} ({_division_name(view, b)}) "
                               f"are in different divisions: move {a['name']} to {_division_name(view, b)} first "
                               "(save the team with that division), then merge")
        guarded = self._office_refusal(f"merging {a['name']} into {b['name']}")
        if guarded is not None:
            return guarded
        against = [view.game_name(g["id"]) for g in view.games.values() if {g["home"], g["away"]} == {src, tgt}]
        if against:
            return EntryResult(False, [Violation(
                TEAM_RULE, "block", f"{a['name']} and {b['name']} played each other (game {', '.join(against)}): "
                "a team cannot play itself, so they are not merged; delete or correct those games first", TEAM_SECTION,
                f"team {src}")])
        moved = [g["id"] for g in view.games.values() if src in (g["home"], g["away"])]
        merged = merged_season(view.data, src, tgt)
        candidate = SeasonView(merged, view.book, office=view.office, carry_over=view.carry_over.kept())
        games = [gid for gid, g in candidate.games.items() if tgt in (g["home"], g["away"])]
        new = added_violations(view, candidate, games, True)
        refused = refusal(new, confirm=confirm)
        if refused is not None:
            return refused
        uses = team_rows.team_uses(s, src)
        audit = AuditRecord("team merged", f"{src} into {tgt}", {"team": a, **uses}, {"team": tgt})
        try:
            self.step.commit(s, lambda: team_rows.merge_team_rows(s, src, tgt), [audit])
        except DatabaseError as exc:
            return self.step.failed(exc, team_refused(f"{a['name']} was not merged into {b['name']}", src))
        self.core.forget(s.id)
        players = sorted({r["player"] for r in view.roster_by_team.get(src, [])})
        return EntryResult(True, new, False, Changes.of(
            s.name, games=moved, teams=[src, tgt], players=players,
            tables=["teams", "roster", "games", "lineups", "payments", "fines", "audit"],
            finals_touched=any(view.games[g].get("status") == "final" for g in moved)))

    def delete_team(self, team: str, season: str | None = None) -> EntryResult:
        """Remove a team that has nothing: no game, no signing (past or present), no fine or payment; audited, and
        the office password is needed. A team with any of them is refused with what it has (merge it instead)."""
        s = self.core.season_row(season)
        view = self.core.view(s.name)
        tid = self.find_team(team, s.name)
        name = view.teams[tid]["name"]
        guarded = self._office_refusal(f"deleting the team {name}")
        if guarded is not None:
            return guarded
        uses = team_rows.team_uses(s, tid)
        if any(uses.values()):
            held = ", ".join(f"{n} {what if n != 1 else what[:-1]}" for what, n in uses.items() if n)
            return EntryResult(False, [Violation(
                TEAM_RULE, "block", f"{name} has {held}: only a team with nothing is deleted; merge it into "
                "another team instead", TEAM_SECTION, f"team {tid}")])
        try:
            self.step.commit(s, lambda: team_rows.delete_team_row(s, tid),
                             [AuditRecord("team deleted", tid, view.teams[tid], None)])
        except DatabaseError as exc:
            return self.step.failed(exc, team_refused(f"{name} was not deleted", tid))
        self.core.forget(s.id)
        return EntryResult(True, [], False, Changes.of(s.name, teams=[tid], tables=["teams", "audit"]))

    def save_division(self, division: DivisionData, confirm: bool = False,
                      season: str | None = None) -> EntryResult:
        """Create or change a division ({id, name, coed, tier?}); a name another division of the season already
        has (case and spaces not counting) is refused, naming that division (TEAM)."""
        name = division.get("name")
        if isinstance(name, str):
            view = self.core.view(season)
            stored = view.divisions.get(str(division.get("id")))
            kept = stored is not None and team_name_key(str(stored.get("name", ""))) == team_name_key(name)
            existing = None if kept else same_name_division(view, name, except_division=division.get("id"))
            if existing is not None:  # (a pair a season file brought in stays editable under its own name)
                return EntryResult(False, [Violation(TEAM_RULE, "block", division_clash_message(view, name, existing),
                                                     TEAM_SECTION, f"division {division.get('id')}")])
        return self._season_change({"divisions": [division]}, confirm, season)

    def sign_player(self, team: str, player: str, number: int, position: str = "skater",
                    signed: str | None = None, confirm: bool = False, season: str | None = None) -> EntryResult:
        entry: SigningData = {"team": team, "player": player, "number": number, "position": position}
        if signed is not None:
            entry["signed"] = signed
        return self._season_change({"roster": [entry]}, confirm, season)

    def release_player(self, team: str, player: str, released: str, season: str | None = None) -> EntryResult:
        view = self.core.view(season)
        signing = view.signing(team, player)
        if signing is None:
            raise ServiceError(f"{view.player_name(player)} is not signed to {view.name_of(team)}")
        return self._season_change({"roster": [{**signing, "released": released}]}, True, season)

    # -- roster spreadsheets ---------------------------------------------------------------------------------
    def preview_roster_csv(self, path: str, season: str | None = None,
                           choices: dict[int, str] | None = None) -> list[RosterCsvRow]:
        """Every row of a roster CSV with its verdict (imported, warning, already on the roster, refused) and
        why; nothing written. `choices`: the player a row (by its line) means where players share its name."""
        return [r.to_json() for r in self.judge_roster_csv(path, season, choices)]

    def import_roster_csv(self, path: str, confirm: bool = True, season: str | None = None,
                          choices: dict[int, str] | None = None) -> EntryResult:
        """Write every row that is neither refused nor already on the roster, in one transaction (a file whose
        rows are on the roster already, or refused, writes nothing and is not an error: importing twice is
        harmless)."""
        judged = self.judge_roster_csv(path, season, choices)
        rows = [r for r in judged if r.writable]
        if not rows:
            if any(r.verdict == "already" for r in judged):
                return EntryResult(True)
            return EntryResult(False, [Violation(FILE, "block", "no row of the file can be imported", "roster CSV")])
        return self._season_change(roster_changes(rows), confirm, season, AuditRecord("roster import", str(path)))

    def judge_roster_csv(self, path: str, season: str | None,
                         choices: dict[int, str] | None = None) -> list[CsvRow]:
        """Every row of the file with its verdict, each judged against the season with the rows before it."""
        try:
            rows = read_rows(path)
        except ValueError as exc:
            raise ServiceError(str(exc)) from None
        view = self.core.view(season)
        resolve(view, rows, choices)
        judge = RosterJudge(view)
        for row in rows:
            if row.verdict not in ("refused", "already"):
                judge.judge(row)
        return rows


def team_refused(what: str, team: str) -> Refused:
    """A team action the database refused is cited under the team rule, not an entry's (issue 26)."""
    return Refused(what, TEAM_RULE, TEAM_SECTION, f"team {team}")


def _division_name(view: SeasonView, team: TeamData) -> str:
    division = view.divisions.get(team["division"])
    return str((division.get("name") if division else None) or team["division"])


def _team_label(view: SeasonView, tid: str) -> str:
    team = view.teams[tid]
    return f"{team['name']} ({tid}, {_division_name(view, team)})"


def merged_season(data: SeasonData, source: str, target: str) -> SeasonData:
    """The season with `source` merged into `target`, as `db.team_rows.merge_team_rows` writes it."""
    teams: dict[str, Mapping[str, object]] = {t["id"]: t for t in data["teams"]}
    src = teams[source]
    gaps = {k: src[k] for k in team_rows.GAPS if k in src and k not in teams[target]}

    def moved(game: GameData) -> GameData:
        out: GameData = {**game}
        if game.get("home") == source:
            out["home"] = target
        if game.get("away") == source:
            out["away"] = target
        return out

    def payer(p: dict[str, str]) -> dict[str, str]:
        return {**p, "team": target} if p.get("team") == source else {**p}

    return {**data,
            "teams": [moved_team(t, gaps) if t["id"] == target else t for t in data["teams"] if t["id"] != source],
            "roster": [{**r, "team": target} if r.get("team") == source else {**r} for r in data["roster"]],
            "games": [moved(g) for g in data["games"]],
            "payments": [{**p, "payer": payer(p["payer"])} for p in data.get("payments", [])]}


def moved_team(team: TeamData, gaps: dict[str, object]) -> TeamData:
    """The merged team, with what it lacked taken from the other (`team_rows.GAPS`: its colour, captain...)."""
    return cast(TeamData, {**team, **gaps})  # the team's keys, and some of the others' of the same declaration
