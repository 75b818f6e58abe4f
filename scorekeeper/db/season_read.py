"""A stored season read into its normalised season-file form, in a few bulk queries (one reader per list; the
hot path of start-up and of every reload reads tuples, not model instances). Which column holds which field of a
record, and in what form, comes from the declaration (`scorekeeper.db.record_rows`); a game's events keep their
kind's other fields in their `data` (JSON)."""

from __future__ import annotations

import json
from typing import Any

from scorekeeper import records
from scorekeeper.db.models import (
    Appeal,
    Division,
    Game,
    GameEvent,
    GameSignature,
    LineupEntry,
    Payment,
    Player,
    RosterSigning,
    Season,
    SuspensionDecision,
    Team,
)
from scorekeeper.db.record_rows import RecordRows, rows_of
from scorekeeper.db.row_ids import RowIds
from scorekeeper.db.snapshot import one_snapshot
from scorekeeper.engine.timefmt import fmt_mmss
from scorekeeper.season_data import (
    AppealData,
    EventData,
    GameData,
    LineupsData,
    PaymentData,
    SeasonData,
    SignatureData,
    SigningData,
    SuspensionDecisionData,
)
from scorekeeper.seasonfile import FORMAT

DIVISIONS, TEAMS, PLAYERS = rows_of(records.Division), rows_of(records.Team), rows_of(records.Player)
SIGNINGS, GAMES, LINEUP = rows_of(records.Signing), rows_of(records.Game), rows_of(records.LineupEntry)
SIGNATURES, APPEALS = rows_of(records.Signature), rows_of(records.Appeal)
PAYMENTS, DECISIONS = rows_of(records.Payment), rows_of(records.SuspensionDecision)
GAME_ID = GAMES.width  # a game row's id, then its revision, follow its fields


def load_season_dict(season: Season, rows: RowIds | None = None) -> SeasonData:
    """The stored season in normalised season-file form (`rows`, when given, receives the row ids), as one
    committed state (`one_snapshot`)."""
    with one_snapshot():
        return _load_season_dict(season, rows)


def _load_season_dict(season: Season, rows: RowIds | None) -> SeasonData:
    out, pid, tid = read_head(season)
    games: Any = list(Game.select(*GAMES.columns("id", "revision")).where(Game.season == season)
                      .order_by(Game.seq, Game.id).tuples())
    gid = _ext_ids(games, GAMES)
    out["games"] = _games(season, games, tid, pid)
    if rows is not None:
        rows.games.update({gid[g[GAME_ID]]: (g[GAME_ID], g[GAME_ID + 1]) for g in games})
        rows.players.update({ext: row for row, ext in pid.items()})
    read_office_records(season, out, {"player": pid, "game": gid, "team": tid})
    return out


def read_head(season: Season) -> tuple[SeasonData, dict[int, str], dict[int, str]]:
    """The season's header, divisions, teams, players and roster in season-file form, with the players' and the
    teams' row id -> ext id (what the games and the office's records refer to)."""
    out: SeasonData = {"format": FORMAT, "league": season.league.name, "season": season.name,
                       "rulebook": season.rulebook.name}
    divisions: Any = list(Division.select(*DIVISIONS.columns("id")).where(Division.season == season)
                          .order_by(Division.seq, Division.id).tuples())
    out["divisions"] = [DIVISIONS.reader({})(d) for d in divisions]
    players: Any = list(Player.select(*PLAYERS.columns("id")).where(Player.season == season)
                        .order_by(Player.seq, Player.id).tuples())
    pid = _ext_ids(players, PLAYERS)
    teams: Any = list(Team.select(*TEAMS.columns("id")).where(Team.season == season)
                      .order_by(Team.seq, Team.id).tuples())
    tid = _ext_ids(teams, TEAMS)
    read_team = TEAMS.reader({"division": _ext_ids(divisions, DIVISIONS), "player": pid})
    out["teams"] = [read_team(t) for t in teams]
    read_player = PLAYERS.reader({})
    out["players"] = [read_player(p) for p in players]
    out["roster"] = _roster(season, tid, pid)
    return out, pid, tid


def read_office_records(season: Season, out: SeasonData, refs: dict[str, dict[int, str]]) -> None:
    """The season's appeals, payments and suspension decisions into `out` (`refs`: row id -> ext id of the
    players, games and teams they name)."""
    out["appeals"] = _appeals(season, refs)
    out["payments"] = _payments(season, refs)
    decisions = _decisions(season, refs)
    if decisions:  # PEN-GM-2: written only when there are any
        out["season_suspension_decisions"] = decisions


def _ext_ids(rows: list[Any], kind: RecordRows) -> dict[int, str]:
    """Row id -> ext_id of rows `kind.columns("id")` selected."""
    at, row_id = kind.index("id"), kind.width
    return {row[row_id]: row[at] for row in rows}


def _roster(season: Season, tid: dict[int, str], pid: dict[int, str]) -> list[SigningData]:
    signings: Any = (RosterSigning.select(*SIGNINGS.columns())
                     .join(Team).where(Team.season == season).order_by(RosterSigning.seq, RosterSigning.id).tuples())
    read = SIGNINGS.reader({"team": tid, "player": pid})
    return [read(r) for r in signings]


def _lineups(season: Season, games: list[Any], pid: dict[int, str]) -> dict[int, LineupsData]:
    lineups: dict[int, LineupsData] = {g[GAME_ID]: {"home": [], "away": []} for g in games}
    lineup_rows: Any = (LineupEntry.select(*LINEUP.columns("game", "side"))
                        .join(Game).where(Game.season == season)
                        .order_by(LineupEntry.game, LineupEntry.seq, LineupEntry.id).tuples())
    read = LINEUP.reader({"player": pid})
    game_at = LINEUP.width
    for row in lineup_rows:  # tuples: the hot path on start-up
        side: records.Side = row[game_at + 1]
        lineups[row[game_at]][side].append(read(row))
    return lineups


def _event(etype: str, team: str | None, period: int | None, elapsed: int | None, data: str) -> EventData:
    ev: EventData = {"type": etype}
    if team is not None:
        ev["team"] = team
    if period is not None:
        ev["period"] = period
    if elapsed is not None:
        ev["elapsed"] = fmt_mmss(elapsed)
    ev.update(json.loads(data))
    return ev


def event_to_dict(ev: GameEvent) -> EventData:
    """A stored event in the season file's form."""
    return _event(ev.type, ev.team, ev.period, ev.elapsed, ev.data)


def _events(season: Season, games: list[Any]) -> dict[int, list[EventData]]:
    events: dict[int, list[EventData]] = {g[GAME_ID]: [] for g in games}
    event_rows: Any = (GameEvent.select(GameEvent.game, GameEvent.type, GameEvent.team, GameEvent.period,
                                        GameEvent.elapsed, GameEvent.data)
                       .join(Game).where(Game.season == season).order_by(GameEvent.game, GameEvent.seq).tuples())
    for game_id, etype, team, period, elapsed, data in event_rows:
        events[game_id].append(_event(etype, team, period, elapsed, data))
    return events


def _games(season: Season, games: list[Any], tid: dict[int, str], pid: dict[int, str]) -> list[GameData]:
    lineups = _lineups(season, games, pid)
    events = _events(season, games)
    signed = signatures_by_game(season)
    read = GAMES.reader({"team": tid}, {"lineups": lambda g: lineups[g[GAME_ID]],
                                        "events": lambda g: events[g[GAME_ID]],
                                        "signatures": lambda g: signed.get(g[GAME_ID])})
    return [read(g) for g in games]


def _appeals(season: Season, refs: dict[str, dict[int, str]]) -> list[AppealData]:
    read = APPEALS.reader(refs)
    appeals: Any = (Appeal.select(*APPEALS.columns()).where(Appeal.season == season)
                    .order_by(Appeal.seq, Appeal.id).tuples())
    return [read(a) for a in appeals]


def _payments(season: Season, refs: dict[str, dict[int, str]]) -> list[PaymentData]:
    team_at = PAYMENTS.width
    tid, pid = refs["team"], refs["player"]

    def payer(row: Any) -> dict[str, str]:
        return {"team": tid[row[team_at]]} if row[team_at] is not None else {"player": pid[row[team_at + 1]]}

    read = PAYMENTS.reader(refs, {"payer": payer})
    payments: Any = (Payment.select(*PAYMENTS.columns("team", "player")).where(Payment.season == season)
                     .order_by(Payment.seq, Payment.id).tuples())
    return [read(p) for p in payments]


def _decisions(season: Season, refs: dict[str, dict[int, str]]) -> list[SuspensionDecisionData]:
    """PEN-GM-2: the office's decisions on proposed suspensions."""
    read = DECISIONS.reader(refs)
    decisions: Any = (SuspensionDecision.select(*DECISIONS.columns()).where(SuspensionDecision.season == season)
                      .order_by(SuspensionDecision.seq, SuspensionDecision.id).tuples())
    return [read(d) for d in decisions]


def signatures_by_game(season: Season) -> dict[int, list[SignatureData]]:
    """Each game's signatures (issue 20) in the season file's form, by game row id."""
    out: dict[int, list[SignatureData]] = {}
    rows: Any = (GameSignature.select(*SIGNATURES.columns("game"))
                 .join(Game).where(Game.season == season).order_by(GameSignature.game, GameSignature.seq,
                                                                   GameSignature.id).tuples())
    read = SIGNATURES.reader({})
    game_at = SIGNATURES.width
    for row in rows:
        out.setdefault(row[game_at], []).append(read(row))
    return out
