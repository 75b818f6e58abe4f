"""A season's changes written to the database: new objects inserted and changed ones replaced, one writer per
kind of change (the caller holds the transaction). Each record's row values come from the declaration
(`scorekeeper.db.record_rows`); what is written here by hand is how rows are found again (a signing by team, player
and signed date, an appeal by player, game and filing date) and the rows of their own (line-ups, events,
signatures)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from scorekeeper import records
from scorekeeper.db.bulk import ColumnValues, batches, date_text, ids, insert, next_seq, parse_date, upsert
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
from scorekeeper.db.record_rows import rows_of
from scorekeeper.engine.timefmt import parse_mmss
from scorekeeper.season_data import (
    AppealData,
    EventData,
    GameData,
    PaymentData,
    SigningData,
    SuspensionDecisionData,
)
from scorekeeper.seasonfile import SeasonLists

Changes = SeasonLists  # the objects to write (new or changed), by the season file's list that holds them


OldGames = Mapping[str, GameData | None]  # each written game as stored before (None: a new one)
Revisions = dict[str, tuple[int, int]]
PlayerKey = Literal["scorer", "player", "shooter", "served_by", "fouled_by"]  # an event's keys naming a player

DIVISIONS, TEAMS, PLAYERS = rows_of(records.Division), rows_of(records.Team), rows_of(records.Player)
SIGNINGS, GAMES, LINEUP = rows_of(records.Signing), rows_of(records.Game), rows_of(records.LineupEntry)
SIGNATURES, APPEALS = rows_of(records.Signature), rows_of(records.Appeal)
PAYMENTS, DECISIONS = rows_of(records.Payment), rows_of(records.SuspensionDecision)

PLAYER_FIELDS: tuple[PlayerKey, ...] = ("scorer", "player", "shooter", "served_by", "fouled_by")
MAIN_PLAYER: dict[str, PlayerKey] = {"goal": "scorer", "penalty": "player", "penalty_shot": "shooter",
                                     "goalie": "player"}
SIDES: tuple[records.Side, records.Side] = ("home", "away")


@dataclass(frozen=True)
class Refs:
    """The season being written and the row ids of its players and teams by ext_id."""

    season: Season
    pid: dict[str, int]
    tid: dict[str, int]


def write_changes(season: Season, changes: Changes, old_games: OldGames | None = None) -> Revisions:
    """Insert new and replace changed objects of a season (the caller holds the transaction); returns each written
    game's (row id, revision)."""
    upsert(Division, season, changes["divisions"], DIVISIONS.writer({}))
    upsert(Player, season, changes["players"], PLAYERS.writer({}))
    pid = ids(Player, season, player_refs(changes))
    did = ids(Division, season) if changes["teams"] else {}
    upsert(Team, season, changes["teams"], TEAMS.writer({"division": did, "player": pid}))
    refs = Refs(season, pid, ids(Team, season))
    _write_roster(refs, changes["roster"])
    revisions = _write_games(refs, changes["games"], old_games or {})
    _write_appeals(refs, changes["appeals"])
    _write_payments(refs, changes["payments"])
    _write_decisions(refs, changes.get("season_suspension_decisions") or [])
    return revisions


def player_refs(changes: Changes) -> set[str]:
    """Every player id the changes refer to."""
    refs = {p["id"] for p in changes["players"]} | {r["player"] for r in changes["roster"]}
    refs |= {captain for t in changes["teams"] if (captain := t.get("captain"))}
    refs |= {a["player"] for a in changes["appeals"]}
    refs |= {d["player"] for d in changes.get("season_suspension_decisions") or []}
    refs |= {p["payer"]["player"] for p in changes["payments"] if "player" in p["payer"]}
    for g in changes["games"]:
        lineups = g.get("lineups") or {}
        for side in SIDES:
            refs |= {x["player"] for x in lineups.get(side, [])}
        for e in g.get("events", []):
            refs |= {ref for ref in (e.get(k) for k in PLAYER_FIELDS) if isinstance(ref, str)}
    return refs


# -- the roster ---------------------------------------------------------------------------------------------------
def _write_roster(refs: Refs, roster: list[SigningData]) -> None:
    """Signings by (team, player, signed): a known one updated, a new one following the season's last."""
    if not roster:
        return
    season_teams = Team.select(Team.id).where(Team.season == refs.season)
    seq = next_seq(RosterSigning, RosterSigning.team.in_(season_teams))
    signings: Any = (RosterSigning.select(RosterSigning.team, RosterSigning.player, RosterSigning.signed,
                                          RosterSigning.id).where(RosterSigning.team.in_(season_teams)).tuples())
    have = {(team, player, date_text(signed)): row_id for team, player, signed, row_id in signings}
    new_signings: list[ColumnValues] = []
    write = SIGNINGS.writer({}, without=("team", "player", "signed"))  # the signing's key: known ones keep it
    for r in roster:
        fields = write(r)
        key = (refs.tid[r["team"]], refs.pid[r["player"]], r.get("signed"))
        if key in have:
            RosterSigning.update(**fields).where(RosterSigning.id == have[key]).execute()
        else:
            new_signings.append({"team": key[0], "player": key[1], "signed": parse_date(r.get("signed")),
                                 "seq": seq, **fields})
            have[key] = -1
            seq += 1
    insert(RosterSigning, new_signings)


# -- the games ----------------------------------------------------------------------------------------------------
def _kept(old: GameData, new: GameData) -> tuple[bool, int]:
    """What of a stored game's rows stays: whether its line-ups do, and how many of its first events."""
    old_events, new_events = old.get("events", []), new.get("events", [])
    keep_events = 0
    while keep_events < min(len(old_events), len(new_events)) and old_events[keep_events] == new_events[keep_events]:
        keep_events += 1
    return old.get("lineups") == new.get("lineups"), keep_events


def _stored_games(season: Season, games: list[GameData]) -> dict[str, Game]:
    """The stored rows (id, ext_id, revision) of the games by ext_id."""
    stored: dict[str, Game] = {}
    for chunk in batches(sorted({g["id"] for g in games})):
        stored.update((r.ext_id, r) for r in Game.select(Game.id, Game.ext_id, Game.revision)
                      .where((Game.season == season) & Game.ext_id.in_(chunk)))
    return stored


def _write_games(refs: Refs, games: list[GameData], old_games: OldGames) -> Revisions:
    """Each game's row (a stored one updated, its revision bumped), then its line-ups and events from the first
    that changed, then its signatures when they changed."""
    season = refs.season
    revisions: Revisions = {}
    seq = next_seq(Game, Game.season == season) if games else 0
    stored = _stored_games(season, games)
    written: list[tuple[GameData, bool, int]] = []  # each game, whether its line-ups stay, events kept
    new_games: list[ColumnValues] = []
    write = GAMES.writer({"team": refs.tid})
    for g in games:
        fields = write(g)
        row = stored.get(g["id"])
        old = old_games.get(g["id"])
        keep_lineups, keep_events = _kept(old, g) if row and old is not None else (False, 0)
        if row:
            Game.update(**fields, revision=Game.revision + 1).where(Game.id == row.id).execute()
            revisions[g["id"]] = (row.id, row.revision + 1)
            if not keep_lineups:
                LineupEntry.delete().where(LineupEntry.game == row.id).execute()
            GameEvent.delete().where((GameEvent.game == row.id) & (GameEvent.seq >= keep_events)).execute()
        else:  # written in bulk below, with the season's next places in order
            new_games.append({"season": season.id, "ext_id": g["id"], "seq": seq, "revision": 0, **fields})
            seq += 1
        written.append((g, keep_lineups, keep_events))
    if new_games:
        insert(Game, new_games)
        added = ids(Game, season, {str(row["ext_id"]) for row in new_games})
        revisions.update((ext_id, (row_id, 0)) for ext_id, row_id in added.items())
    _write_game_rows(written, revisions, refs.pid)
    write_signatures({revisions[g["id"]][0]: g for g in games
                      if (before := old_games.get(g["id"])) is None
                      or before.get("signatures") != g.get("signatures")})
    return revisions


def _write_game_rows(written: list[tuple[GameData, bool, int]], revisions: Revisions,
                     pid: dict[str, int]) -> None:
    """The line-ups (unless kept) and the events after those kept of each game written."""
    lineup_rows: list[ColumnValues] = []
    event_rows: list[ColumnValues] = []
    write = LINEUP.writer({"player": pid})
    for g, keep_lineups, keep_events in written:
        game_id = revisions[g["id"]][0]
        for side in SIDES if not keep_lineups else ():
            for i, x in enumerate(g.get("lineups", {}).get(side, [])):
                lineup_rows.append({"game": game_id, "side": side, **write(x), "seq": i})
        for i, e in enumerate(g.get("events", [])):
            if i >= keep_events:
                event_rows.append(event_row(game_id, i, e, pid))
    insert(LineupEntry, lineup_rows)
    insert(GameEvent, event_rows)


_APART = frozenset(("type", "team", "period", "elapsed"))  # an event's keys kept in columns of their own
_DATA_JSON = json.JSONEncoder(ensure_ascii=False).encode  # `json.dumps(..., ensure_ascii=False)`, made once
_ELAPSED = lru_cache(maxsize=8192)(parse_mmss)  # a season's events share a few thousand clock texts


def event_row(game_id: int, seq: int, e: EventData, pid: Mapping[str, int]) -> ColumnValues:
    """An event's row: its own columns, the player it is filed under, the rest as JSON."""
    data = {k: v for k, v in e.items() if k not in _APART}
    main = MAIN_PLAYER.get(e["type"])
    ref = e.get(main) if main else None
    elapsed = e.get("elapsed")
    return {"game": game_id, "seq": seq, "type": e["type"], "team": e.get("team"), "period": e.get("period"),
            "elapsed": _ELAPSED(elapsed) if isinstance(elapsed, str) else None,
            "player": pid.get(ref) if isinstance(ref, str) else None,
            "data": _DATA_JSON(data)}


def write_signatures(games: Mapping[int, GameData]) -> None:
    """Replace the signatures of the games (row id -> the game as the season file has it)."""
    if not games:
        return
    for chunk in batches(sorted(games)):
        GameSignature.delete().where(GameSignature.game.in_(chunk)).execute()
    write = SIGNATURES.writer({})
    insert(GameSignature, [{"game": row, **write(s), "seq": i}
                           for row, g in games.items() for i, s in enumerate(g.get("signatures") or [])])


# -- the office's lists -------------------------------------------------------------------------------------------
def _write_appeals(refs: Refs, appeals: list[AppealData]) -> None:
    """Appeals by (player, game, filed): a known one updated, a new one following the season's last."""
    if not appeals:
        return
    season, pid = refs.season, refs.pid
    gid = ids(Game, season)
    seq = next_seq(Appeal, Appeal.season == season)
    write = APPEALS.writer({}, without=("player", "game", "filed"))  # the appeal's key: a known one keeps it
    for a in appeals:
        fields = write(a)
        cond = ((Appeal.season == season) & (Appeal.player == pid[a["player"]]) & (Appeal.game == gid[a["game"]])
                & (Appeal.filed == parse_date(a["filed"])))
        row = Appeal.get_or_none(cond)
        if row:
            Appeal.update(**fields).where(Appeal.id == row.id).execute()
        else:
            Appeal.create(season=season, player=pid[a["player"]], game=gid[a["game"]],
                          filed=parse_date(a["filed"]), seq=seq, **fields)
            seq += 1


def _write_payments(refs: Refs, payments: list[PaymentData]) -> None:
    """Payments, each a new one following the season's last (in one prepared statement)."""
    if not payments:
        return
    seq = next_seq(Payment, Payment.season == refs.season)
    write = PAYMENTS.writer({})
    rows: list[ColumnValues] = []
    for n, p in enumerate(payments):
        kind, ref = next(iter(p["payer"].items()))  # the payer: kept apart, in its team or its player column
        rows.append({"season": refs.season.id, "team": refs.tid[ref] if kind == "team" else None,
                     "player": refs.pid[ref] if kind == "player" else None, "seq": seq + n, **write(p)})
    insert(Payment, rows)  # one statement, not an object a payment


def _write_decisions(refs: Refs, decisions: list[SuspensionDecisionData]) -> None:
    """PEN-GM-2: one decision per proposal (player, game); a later one replaces it."""
    if not decisions:
        return
    season, pid = refs.season, refs.pid
    gid = ids(Game, season)
    seq = next_seq(SuspensionDecision, SuspensionDecision.season == season)
    write = DECISIONS.writer({}, without=("player", "game"))  # the proposal it decides: a known one keeps it
    for d in decisions:
        fields = write(d)
        cond = ((SuspensionDecision.season == season) & (SuspensionDecision.player == pid[d["player"]])
                & (SuspensionDecision.game == gid[d["game"]]))
        row = SuspensionDecision.get_or_none(cond)
        if row:
            SuspensionDecision.update(**fields).where(SuspensionDecision.id == row.id).execute()
        else:
            SuspensionDecision.create(season=season, player=pid[d["player"]], game=gid[d["game"]], seq=seq,
                                      **fields)
            seq += 1
