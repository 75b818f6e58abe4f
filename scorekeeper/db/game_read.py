"""A stored season read for one game's papers (issue 29.3): as `season_read.load_season_dict` reads it, but the
line-ups, events and signatures of the named games alone (every other game is its row: `season.narrow.GameHeader`),
and the stored states of those games alone. What it reads grows with the league's teams and players and with the
named games, not with the games played."""

from __future__ import annotations

import hmac
from collections.abc import Collection, Sequence
from typing import Any, cast

from scorekeeper.db.base import database_proxy
from scorekeeper.db.game_results import _seal
from scorekeeper.db.models import (
    AuditEntry,
    Game,
    GameEvent,
    GameResult,
    GameSignature,
    LineupEntry,
    Season,
)
from scorekeeper.db.seal_mac import current_key, sealed_database
from scorekeeper.db.season_read import (
    GAME_ID,
    GAMES,
    LINEUP,
    SIGNATURES,
    _event,
    read_head,
    read_office_records,
)
from scorekeeper.db.snapshot import one_snapshot
from scorekeeper.db.store import audit_row
from scorekeeper.records import Side
from scorekeeper.season.narrow import HEADER, GameHeader
from scorekeeper.season_data import AuditEntryData, EventData, GameData, LineupsData, SeasonData, SignatureData


def load_games_dict(season: Season, whole: Collection[str]) -> tuple[SeasonData, dict[int, str]]:
    """The stored season with the games `whole` (ext ids) read whole and the others as their rows; with the row
    id -> ext id of the games read whole. One committed state (`one_snapshot`)."""
    with one_snapshot():
        out, pid, tid = read_head(season)
        out["games"], gid, rows = _games(season, whole, tid, pid)
        read_office_records(season, out, {"player": pid, "game": gid, "team": tid})
    return out, rows


def _games(season: Season, whole: Collection[str], tid: dict[int, str], pid: dict[int, str]
           ) -> tuple[list[GameData], dict[int, str], dict[int, str]]:
    """The season's games in their stored order: those `whole` names as `season_read` reads them, every other one
    its schedule alone (`HEADER`), guarded (`GameHeader`); with the row id -> ext id of every game, and of the
    games read whole."""
    fields = [f for f in GAMES.fields if f.key in HEADER]
    forms = [(f.key, f.forms({"team": tid})[1]) for f in fields]
    at = [f.key for f in fields].index("id")
    headers = (Game.select(*(getattr(Game, f.column) for f in fields), Game.id).where(Game.season == season)
               .order_by(Game.seq, Game.id))
    # the raw rows (every game's, the cost that grows with the season): a date as the database holds it, which
    # its form (`date_text`) writes as the season file does, as it writes the date peewee would have made of it
    found: Any = database_proxy.execute_sql(*headers.sql()).fetchall()
    gid = {g[-1]: g[at] for g in found}
    rows = {row: ext for row, ext in gid.items() if ext in whole}
    full: Any = list(Game.select(*GAMES.columns("id")).where(Game.id.in_(list(rows))).tuples())
    lineups, events, signed = _lineups(rows, pid), _events(rows), _signatures(rows)
    read_whole = GAMES.reader({"team": tid}, {"lineups": lambda g: lineups[g[GAME_ID]],
                                               "events": lambda g: events[g[GAME_ID]],
                                               "signatures": lambda g: signed.get(g[GAME_ID])})
    read = {g[GAME_ID]: read_whole(g) for g in full}
    # a game not read whole: a GameData holding its schedule alone, guarded (GameHeader)
    return [read[g[-1]] if g[-1] in read else cast(GameData, GameHeader(
        {key: form(v) if form is not None else v for (key, form), v in zip(forms, g, strict=False)
         if v is not None})) for g in found], gid, rows


def _lineups(rows: dict[int, str], pid: dict[int, str]) -> dict[int, LineupsData]:
    lineups: dict[int, LineupsData] = {row: {"home": [], "away": []} for row in rows}
    found: Any = (LineupEntry.select(*LINEUP.columns("game", "side")).where(LineupEntry.game.in_(list(rows)))
                  .order_by(LineupEntry.game, LineupEntry.seq, LineupEntry.id).tuples())
    read = LINEUP.reader({"player": pid})
    game_at = LINEUP.width
    for row in found:
        side: Side = row[game_at + 1]
        lineups[row[game_at]][side].append(read(row))
    return lineups


def _events(rows: dict[int, str]) -> dict[int, list[EventData]]:
    events: dict[int, list[EventData]] = {row: [] for row in rows}
    found: Any = (GameEvent.select(GameEvent.game, GameEvent.type, GameEvent.team, GameEvent.period,
                                   GameEvent.elapsed, GameEvent.data)
                  .where(GameEvent.game.in_(list(rows))).order_by(GameEvent.game, GameEvent.seq).tuples())
    for game_id, etype, team, period, elapsed, data in found:
        events[game_id].append(_event(etype, team, period, elapsed, data))
    return events


def _signatures(rows: dict[int, str]) -> dict[int, list[SignatureData]]:
    out: dict[int, list[SignatureData]] = {}
    found: Any = (GameSignature.select(*SIGNATURES.columns("game")).where(GameSignature.game.in_(list(rows)))
                  .order_by(GameSignature.game, GameSignature.seq, GameSignature.id).tuples())
    read = SIGNATURES.reader({})
    game_at = SIGNATURES.width
    for row in found:
        out.setdefault(row[game_at], []).append(read(row))
    return out


def read_results_of(rows: dict[int, str]) -> dict[str, tuple[str, bytes]]:
    """The stored states of the games `rows` (row id -> ext id) that can be trusted, as
    `game_results.read_results` reads a season's."""
    sealed = sealed_database()
    secret = current_key() if sealed else None
    if sealed and secret is None:
        return {}
    found: Any = (GameResult.select(GameResult.game, GameResult.key, GameResult.state, GameResult.seal)
                  .where(GameResult.game.in_(list(rows))).tuples())
    out: dict[str, tuple[str, bytes]] = {}
    for row_id, key, state, seal in found:
        blob = bytes(state)
        if secret is None or hmac.compare_digest(seal or "", _seal(secret, row_id, key, blob)):
            out[rows[row_id]] = (key, blob)
    return out



def load_audit_naming(season: Season, refs: Sequence[str]) -> list[AuditEntryData] | None:
    """The season's audit entries whose subject holds every text of `refs`, as `store.load_audit` gives them and
    in its order (a superset of those that name them: the caller filters); None where SQL's LIKE cannot be trusted
    to find them all (a backslash, PostgreSQL's escape)."""
    if not refs or any("\\" in r for r in refs):
        return None
    query = AuditEntry.select().where(AuditEntry.season == season)
    for ref in refs:  # LIKE finds every subject holding the text (and maybe more, its wildcards aside)
        query = query.where(AuditEntry.subject.contains(ref))
    return [audit_row(a) for a in query.order_by(AuditEntry.at, AuditEntry.id)]
