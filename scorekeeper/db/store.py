"""A season between the database and its normalised season-file form: seasons and rulebooks found and created,
the entry at the boards, the office's records. The season itself is read by `db.season_read` and written by
`db.season_write` (named here too, the store's callers' one door)."""

from __future__ import annotations

import datetime as dt
import functools
import json
import operator
from typing import TYPE_CHECKING, Any

from peewee import JOIN, SqliteDatabase, fn

from scorekeeper.db.bulk import date_text
from scorekeeper.db.models import (
    AuditEntry,
    Fine,
    Game,
    GameEvent,
    League,
    Player,
    RulebookRecord,
    Season,
    Suspension,
    Team,
    database_proxy,
)
from scorekeeper.db.row_ids import GameChanged, RowIds
from scorekeeper.season_data import AuditEntryData, EventData

if TYPE_CHECKING:  # issue 29.6: the season's reader and writer (records, engine, rulebook) load on first use
    from scorekeeper.db.season_read import event_to_dict, load_season_dict, signatures_by_game
    from scorekeeper.db.season_write import (
        MAIN_PLAYER,
        PLAYER_FIELDS,
        Changes,
        OldGames,
        event_row,
        write_changes,
        write_signatures,
    )

_LAZY = {**dict.fromkeys(("event_to_dict", "load_season_dict", "signatures_by_game"), "season_read"),
         **dict.fromkeys(("MAIN_PLAYER", "PLAYER_FIELDS", "Changes", "OldGames", "event_row", "write_changes",
                          "write_signatures"), "season_write")}


def __getattr__(name: str) -> Any:  # Any: a module attribute looked up by name
    """The season reader's and writer's names, imported on first use: listing the seasons needs none of them
    (issue 29.6: the window is ready before the core's season modules are imported)."""
    if name in _LAZY:
        from importlib import import_module

        found = globals()[name] = getattr(import_module(f"scorekeeper.db.{_LAZY[name]}"), name)
        return found  # and kept: the next use (an entry at the boards names PLAYER_FIELDS) finds it at once
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "MAIN_PLAYER", "PLAYER_FIELDS", "Changes", "GameChanged", "OldGames", "RowIds", "append_event",
    "check_revision", "create_season", "ensure_rulebook", "event_row", "event_to_dict", "find_rulebook",
    "find_season", "list_rulebooks", "list_seasons", "load_audit", "load_lifted", "load_notices", "load_overrides",
    "load_season_dict", "load_waivers", "main_player", "merge_audit", "player_row", "season_date_ranges",
    "signatures_by_game", "warm_entry_pages", "write_changes", "write_signatures",
]


def find_season(league: str, season: str) -> Season | None:
    return (Season.select().join(League).where((League.name == league) & (Season.name == season)).first())


def list_seasons() -> list[Season]:
    return list(Season.select(Season, League, RulebookRecord).join(League).switch(Season)
                .join(RulebookRecord).order_by(Season.id))


def season_date_ranges() -> dict[int, tuple[str, str]]:
    """Each season's first and last game date (seasons with games), in one query."""
    rows: Any = (Game.select(Game.season, fn.MIN(Game.date), fn.MAX(Game.date)).group_by(Game.season).tuples())
    return {int(sid): (str(first)[:10], str(last)[:10]) for sid, first, last in rows}


def find_rulebook(name: str) -> RulebookRecord | None:
    return RulebookRecord.get_or_none(RulebookRecord.name == name)


def list_rulebooks() -> list[RulebookRecord]:
    return list(RulebookRecord.select().order_by(RulebookRecord.name))


def ensure_rulebook(name: str, text: str) -> RulebookRecord:
    rec = RulebookRecord.get_or_none(RulebookRecord.name == name)
    if rec is None:
        rec = RulebookRecord.create(name=name, text=text)
    return rec


def create_season(league: str, season: str, rulebook: RulebookRecord) -> Season:
    lg, _ = League.get_or_create(name=league)
    return Season.create(league=lg, name=season, rulebook=rulebook)


def check_revision(game: str, row_id: int, revision: int) -> None:
    """Raise `GameChanged` unless game row `row_id` is still at `revision` (on a server, its row stays locked until
    the transaction ends; on SQLite the caller's IMMEDIATE transaction holds the write lock)."""
    query = Game.select(Game.revision).where(Game.id == row_id)
    if not isinstance(database_proxy.obj, SqliteDatabase):
        query = query.for_update()
    if query.scalar() != revision:
        raise GameChanged(game)


def append_event(game: str, row_id: int, revision: int, seq: int, event: EventData, player: int | None) -> int:
    """Add one event at the end of a game's log, if the game is still at `revision` (else `GameChanged`); one
    statement checks and bumps the revision. Returns the new revision (the caller holds the transaction)."""
    db = database_proxy.obj
    bump, insert = append_sql(db.param)
    if db.execute_sql(bump, (row_id, revision)).rowcount != 1:
        raise GameChanged(game)
    db.execute_sql(insert, event_values(row_id, seq, event, player))
    return revision + 1


def event_values(row_id: int, seq: int, event: EventData, player: int | None) -> tuple[object, ...]:
    """The values of `append_sql`'s insert: event `seq` of game `row_id`, filed under `player`."""
    from scorekeeper.db.season_write import event_row

    row = event_row(row_id, seq, event, {} if player is None else {_main_ref(event): player})
    return _EVENT_VALUES(row)


_EVENT_FIELDS = [f for f in GameEvent._meta.sorted_fields if f.name != "id"]
_EVENT_VALUES = operator.itemgetter(*(f.name for f in _EVENT_FIELDS))  # more than one: a tuple


def warm_entry_pages(row_id: int) -> None:
    """Read what an entry at the boards writes for game `row_id` (its row, the index of its events, the events'
    last page) into the database's page cache, so the first entry after the game is shown waits for no page of
    the file more than the next ones do."""
    db = database_proxy.obj
    game, event = Game._meta.table_name, GameEvent._meta.table_name
    for sql, args in ((f"select {Game.revision.column_name} from {game} where {Game.id.column_name} = {db.param}",
                       (row_id,)),
                      (f"select max({GameEvent.seq.column_name}) from {event} "
                       f"where {GameEvent.game.column_name} = {db.param}", (row_id,)),
                      (f"select max({GameEvent.id.column_name}) from {event}", ())):
        db.execute_sql(sql, args).fetchone()


@functools.cache
def append_sql(param: str) -> tuple[str, str]:
    """The two statements of an entry at the boards (peewee's query builder costs more than the write)."""
    game = Game._meta.table_name
    bump = (f"update {game} set {Game.revision.column_name} = {Game.revision.column_name} + 1 "
            f"where {Game.id.column_name} = {param} and {Game.revision.column_name} = {param}")
    columns = ", ".join(f.column_name for f in _EVENT_FIELDS)
    insert = (f"insert into {GameEvent._meta.table_name} ({columns}) "
              f"values ({', '.join([param] * len(_EVENT_FIELDS))})")
    return bump, insert


def player_row(season: Season, ext_id: str) -> int | None:
    """A player's row id in a season, None when there is no such player."""
    found: Any = Player.select(Player.id).where((Player.season == season) & (Player.ext_id == ext_id)).scalar()
    return int(found) if found is not None else None


def _main_ref(event: EventData) -> str:
    from scorekeeper.db.season_write import MAIN_PLAYER

    main = MAIN_PLAYER.get(event["type"])
    ref = event.get(main) if main else None
    return ref if isinstance(ref, str) else ""


def main_player(event: EventData) -> str | None:
    """The id of the player an event is filed under (the scorer, the penalised, the shooter), if any."""
    return _main_ref(event) or None


def load_notices(season: Season) -> dict[tuple[str, str], str]:
    """(player, game) -> when the captain was e-mailed the suspension (the captain notice)."""
    rows = (Suspension.select(Suspension, Player, Game).join(Player).switch(Suspension).join(Game)
            .where((Suspension.season == season) & Suspension.captain_emailed.is_null(False)))
    out: dict[tuple[str, str], str] = {}
    for r in rows:
        if r.game is not None and r.captain_emailed is not None:
            out[(r.player.ext_id, r.game.ext_id)] = r.captain_emailed.isoformat()
    return out


def load_lifted(season: Season) -> dict[tuple[str, str], str]:
    """Suspensions the Suspension Director (or the office) lifted: (player, game) -> date."""
    rows = (Suspension.select(Suspension, Player, Game).join(Player).switch(Suspension).join(Game)
            .where((Suspension.season == season) & Suspension.lifted.is_null(False)))
    return {(r.player.ext_id, r.game.ext_id): date_text(r.lifted) or "" for r in rows if r.game is not None}


def load_audit(season: Season) -> list[AuditEntryData]:
    """The season's audit trail: who, when, what, before and after."""
    return [audit_row(a) for a in AuditEntry.select().where(AuditEntry.season == season)
            .order_by(AuditEntry.at, AuditEntry.id)]


def audit_row(a: AuditEntry) -> AuditEntryData:
    """An audit entry as the season file has it."""
    return {"at": a.at.isoformat(timespec="seconds") if isinstance(a.at, dt.datetime) else str(a.at),
            "operator": a.operator, "action": a.action, "subject": a.subject,
            "before": json.loads(a.before) if a.before else None,
            "after": json.loads(a.after) if a.after else None}


def load_overrides(season: Season) -> dict[str, str]:
    """The blocks the office overrode in this database (key -> reason): its own "override block" entries, never
    one a season file brought (those are history, not permissions)."""
    out: dict[str, str] = {}
    rows: Any = (AuditEntry.select(AuditEntry.subject, AuditEntry.after)
                 .where((AuditEntry.season == season) & (AuditEntry.action == "override block")
                        & ~AuditEntry.imported).order_by(AuditEntry.id).tuples())
    for subject, after in rows:
        try:
            reason = (json.loads(after) or {}).get("reason", "") if after else ""
        except (ValueError, AttributeError):
            reason = ""
        out[subject] = str(reason)
    return out


def merge_audit(season: Season, entries: list[AuditEntryData]) -> int:
    """Add the audit entries of an imported file that the database does not hold yet, marked as imported
    (history: chained into the trail like any entry, but never a permission)."""
    have = {(e["at"], e["operator"], e["action"], e["subject"]) for e in load_audit(season)}
    added = 0
    for e in entries:
        key = (e["at"], e.get("operator", ""), e["action"], e.get("subject", ""))
        if key in have:
            continue
        AuditEntry.create(season=season, at=dt.datetime.fromisoformat(e["at"]), operator=key[1], action=key[2],
                          subject=key[3],
                          before=json.dumps(e["before"], ensure_ascii=False) if e.get("before") is not None else None,
                          after=json.dumps(e["after"], ensure_ascii=False) if e.get("after") is not None else None,
                          imported=True)
        have.add(key)
        added += 1
    return added


def load_waivers(season: Season) -> dict[tuple[str, str, str], str]:
    """Fines the office waived: (player or team id, game, rule) -> reason."""
    out: dict[tuple[str, str, str], str] = {}
    for f in (Fine.select(Fine, Team, Player, Game).join(Team).switch(Fine).join(Player, join_type=JOIN.LEFT_OUTER)
              .switch(Fine).join(Game, join_type=JOIN.LEFT_OUTER).where((Fine.season == season) & Fine.waived)):
        player, game = f.player, f.game
        who = player.ext_id if player is not None else f.team.ext_id
        out[(who, game.ext_id if game is not None else "", f.rule)] = f.note or ""
    return out
