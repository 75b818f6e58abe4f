"""A season between the database and its normalised season-file form (read in a few bulk queries)."""

from __future__ import annotations

import datetime as dt
import functools
import json
from dataclasses import dataclass, field
from typing import Any

from peewee import JOIN, CharField, ForeignKeyField, IntegerField, SqliteDatabase, TextField, fn

from scorekeeper.db.models import (
    Appeal,
    AuditEntry,
    Division,
    Fine,
    Game,
    GameEvent,
    GameSignature,
    League,
    LineupEntry,
    Payment,
    Player,
    RosterSigning,
    RulebookRecord,
    Season,
    Suspension,
    SuspensionDecision,
    Team,
    database_proxy,
)
from scorekeeper.engine.timefmt import fmt_mmss, parse_mmss
from scorekeeper.seasonfile import FORMAT, cents_to_money, money_to_cents
from scorekeeper.signature_values import decode_png, encode_png


def _date(value: Any) -> str | None:
    if value is None:
        return None
    return value.isoformat() if isinstance(value, dt.date) else str(value)


def _pdate(text: str | None) -> dt.date | None:
    return dt.date.fromisoformat(text) if text else None


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


@dataclass
class RowIds:
    """A loaded season's row ids: each game's (row id, revision), and each player's row id. An entry checks and
    writes by them without reading the game back."""

    games: dict[str, tuple[int, int]] = field(default_factory=dict)
    players: dict[str, int] = field(default_factory=dict)


class GameChanged(Exception):
    """The game is not at the revision the entry was checked against: another PC (or window) changed it."""

    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.game = game


def load_season_dict(season: Season, rows: RowIds | None = None) -> dict[str, Any]:
    """The stored season in normalised season-file form (`rows`, when given, receives the row ids)."""
    out: dict[str, Any] = {"format": FORMAT, "league": season.league.name, "season": season.name,
                           "rulebook": season.rulebook.name}
    out["divisions"] = [
        {k: v for k, v in {"id": d.ext_id, "name": d.name, "coed": bool(d.coed), "tier": d.tier}.items()
         if v is not None}
        for d in Division.select().where(Division.season == season).order_by(Division.seq, Division.id)]
    # read as tuples, not model instances: the hot path of start-up and of every reload
    players: Any = list(Player.select(Player.id, Player.ext_id, Player.first, Player.last, Player.gender,
                                      Player.birthdate, Player.email)
                        .where(Player.season == season).order_by(Player.seq, Player.id).tuples())
    pid = {p[0]: p[1] for p in players}
    divs = {d.id: d.ext_id for d in Division.select(Division.id, Division.ext_id).where(Division.season == season)}
    teams: Any = list(Team.select(Team.id, Team.ext_id, Team.name, Team.division, Team.colour, Team.captain,
                                  Team.captain_email)
                      .where(Team.season == season).order_by(Team.seq, Team.id).tuples())
    tid = {t[0]: t[1] for t in teams}
    out["teams"] = [_clean({"id": ext, "name": name, "division": divs[division], "colour": colour,
                            "captain": pid.get(captain) if captain else None, "captain_email": email})
                    for _, ext, name, division, colour, captain, email in teams]
    out["players"] = [_clean({"id": ext, "first": first, "last": last, "gender": gender,
                              "birthdate": _date(birthdate), "email": email})
                      for _, ext, first, last, gender, birthdate, email in players]
    signings: Any = (RosterSigning.select(RosterSigning.team, RosterSigning.player, RosterSigning.number,
                                          RosterSigning.position, RosterSigning.signed, RosterSigning.released)
                     .join(Team).where(Team.season == season).order_by(RosterSigning.seq, RosterSigning.id).tuples())
    out["roster"] = [_clean({"team": tid[team], "player": pid[player], "number": number, "position": position,
                             "signed": _date(signed), "released": _date(released)})
                     for team, player, number, position, signed, released in signings]
    games = list(Game.select(Game.id, Game.ext_id, Game.date, Game.time, Game.rink, Game.stage, Game.home, Game.away,
                             Game.status, Game.referees, Game.shots, Game.goalie_shots, Game.notes, Game.revision,
                             Game.number, Game.officials)
                 .where(Game.season == season).order_by(Game.seq, Game.id).namedtuples())
    lineups: dict[int, dict[str, list[dict[str, Any]]]] = {g.id: {"home": [], "away": []} for g in games}
    lineup_rows: Any = (LineupEntry.select(LineupEntry.game, LineupEntry.side, LineupEntry.player, LineupEntry.number,
                                      LineupEntry.goalie, LineupEntry.captain)
                   .join(Game).where(Game.season == season)
                   .order_by(LineupEntry.game, LineupEntry.seq, LineupEntry.id).tuples())
    for game_id, side, player_id, number, goalie, captain in lineup_rows:  # tuples: the hot path on start-up
        entry: dict[str, Any] = {"player": pid[player_id]}
        if number is not None:
            entry["number"] = number
        entry["goalie"] = bool(goalie)
        if captain is not None:
            entry["captain"] = bool(captain)
        lineups[game_id][side].append(entry)
    events: dict[int, list[dict[str, Any]]] = {g.id: [] for g in games}
    event_rows: Any = (GameEvent.select(GameEvent.game, GameEvent.type, GameEvent.team, GameEvent.period,
                                   GameEvent.elapsed, GameEvent.data)
                  .join(Game).where(Game.season == season).order_by(GameEvent.game, GameEvent.seq).tuples())
    for game_id, etype, team, period, elapsed, data in event_rows:
        ev: dict[str, Any] = {"type": etype}
        if team is not None:
            ev["team"] = team
        if period is not None:
            ev["period"] = period
        if elapsed is not None:
            ev["elapsed"] = fmt_mmss(elapsed)
        ev.update(json.loads(data))
        events[game_id].append(ev)
    signed = signatures_by_game(season)
    out["games"] = []
    for g in games:
        obj: dict[str, Any] = {"id": g.ext_id, "number": g.number, "date": _date(g.date), "time": g.time,
                               "rink": g.rink,
                               "stage": g.stage, "home": tid[g.home], "away": tid[g.away],
                               "status": g.status, "lineups": lineups[g.id], "events": events[g.id],
                               "referees": json.loads(g.referees) if g.referees else None,
                               "officials": json.loads(g.officials) if g.officials else None,
                               "shots": json.loads(g.shots) if g.shots else None,
                               "goalie_shots": json.loads(g.goalie_shots) if g.goalie_shots else None,
                               "notes": g.notes,
                               "signatures": signed.get(g.id)}
        out["games"].append(_clean(obj))
    if rows is not None:
        rows.games.update({g.ext_id: (g.id, g.revision) for g in games})
        rows.players.update({ext: row for row, ext in pid.items()})
    gid = {g.id: g.ext_id for g in games}
    out["appeals"] = [
        _clean({"player": pid[a.player_id], "game": gid[a.game_id], "filed": _date(a.filed), "form": a.form,
                "fee_paid": bool(a.fee_paid), "decision": a.decision, "decided": _date(a.decided)})
        for a in Appeal.select().where(Appeal.season == season).order_by(Appeal.seq, Appeal.id)]
    out["payments"] = [
        _clean({"payer": _payer(p, tid, pid),
                "amount": cents_to_money(p.amount_cents), "date": _date(p.date), "memo": p.memo,
                "fine": json.loads(p.fine) if p.fine else None})
        for p in Payment.select().where(Payment.season == season).order_by(Payment.seq, Payment.id)]
    decisions = [  # PEN-GM-2: the office's decisions on proposed suspensions (written only when there are any)
        _clean({"player": pid[d.player_id], "game": gid[d.game_id], "decision": d.decision,
                "decided": _date(d.decided), "by": d.by, "note": d.note})
        for d in SuspensionDecision.select().where(SuspensionDecision.season == season)
        .order_by(SuspensionDecision.seq, SuspensionDecision.id)]
    if decisions:
        out["season_suspension_decisions"] = decisions
    return out


def _payer(p: Payment, tid: dict[int, str], pid: dict[int, str]) -> dict[str, str]:
    if p.team_id is not None:
        return {"team": tid[p.team_id]}
    assert p.player_id is not None
    return {"player": pid[p.player_id]}


def _clean(obj: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in obj.items() if v is not None}


def event_to_dict(ev: GameEvent) -> dict[str, Any]:
    data = json.loads(ev.data)
    out: dict[str, Any] = {"type": ev.type}
    if ev.team is not None:
        out["team"] = ev.team
    if ev.period is not None:
        out["period"] = ev.period
    if ev.elapsed is not None:
        out["elapsed"] = fmt_mmss(ev.elapsed)
    out.update(data)
    return out


MAIN_PLAYER = {"goal": "scorer", "penalty": "player", "penalty_shot": "shooter", "goalie": "player"}


def event_row(game_id: int, seq: int, e: dict[str, Any], pid: dict[str, int]) -> dict[str, Any]:
    data = {k: v for k, v in e.items() if k not in ("type", "team", "period", "elapsed")}
    main = MAIN_PLAYER.get(e["type"])
    ref = e.get(main) if main else None
    player = pid.get(ref) if isinstance(ref, str) else None
    return {"game": game_id, "seq": seq, "type": e["type"], "team": e.get("team"), "period": e.get("period"),
            "elapsed": parse_mmss(e["elapsed"]) if "elapsed" in e else None, "player": player,
            "data": json.dumps(data, ensure_ascii=False)}


BATCH = 500  # rows per insert and ids per IN (...): far below SQLite's limit on bound variables


def _batches(items: list[Any], size: int = BATCH) -> list[list[Any]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def _ids(model: Any, season: Season, only: set[str] | None = None) -> dict[str, int]:
    """ext_id -> row id for one kind of a season (read as tuples, only `only` when given: every entry runs it)."""
    query = model.select(model.ext_id, model.id).where(model.season == season)
    if only is None or len(only) > BATCH:  # many: the whole season in one query beats many IN (...) lists
        rows: Any = query.tuples()
        found = dict(rows)
        return found if only is None else {k: v for k, v in found.items() if k in only}
    if not only:
        return {}
    return dict(query.where(model.ext_id.in_(sorted(only))).tuples())


_PLAIN: dict[type, type] = {CharField: str, TextField: str, IntegerField: int, ForeignKeyField: int}


def _insert(model: Any, rows: list[dict[str, Any]]) -> None:
    """Insert many rows of one model (same keys in each) with one prepared statement, in batches: peewee's query
    builder costs more than the write for a season file of thousands of players."""
    if not rows:
        return
    db = database_proxy.obj
    fields = [model._meta.fields[name] for name in rows[0]]
    sql = (f"insert into {model._meta.table_name} ({', '.join(f.column_name for f in fields)}) "
           f"values ({', '.join([db.param] * len(fields))})")
    # a value already of the column's own Python type goes as it is; any other through the field's conversion
    plain = [_PLAIN.get(type(f)) for f in fields]
    names = [f.name for f in fields]
    cursor = db.cursor()
    for chunk in _batches(rows):
        cursor.executemany(sql, [tuple(v if type(v) is kind else f.db_value(v)
                                       for f, kind, v in zip(fields, plain, (row[n] for n in names), strict=True))
                                 for row in chunk])


def _upsert(model: Any, season: Season, objects: list[dict[str, Any]], fields: Any) -> None:
    """Insert new and update changed objects of one kind by ext_id: new ones in batches of `BATCH` rows, each
    following the season's last `seq`."""
    if not objects:
        return
    have = _ids(model, season, {o["id"] for o in objects})
    seq = (model.select(fn.MAX(model.seq)).where(model.season == season).scalar() or 0) + 1
    new: list[dict[str, Any]] = []
    for o in objects:
        values = fields(o)
        if o["id"] in have:
            model.update(**values).where(model.id == have[o["id"]]).execute()
        else:
            new.append({"season": season.id, "ext_id": o["id"], "seq": seq, **values})
            have[o["id"]] = -1
            seq += 1
    _insert(model, new)


PLAYER_FIELDS = ("scorer", "player", "shooter", "served_by", "fouled_by")


def _player_refs(changes: dict[str, list[dict[str, Any]]]) -> set[str]:
    """Every player id the changes refer to."""
    refs = {p["id"] for p in changes["players"]} | {r["player"] for r in changes["roster"]}
    refs |= {t["captain"] for t in changes["teams"] if t.get("captain")}
    refs |= {a["player"] for a in changes["appeals"]}
    refs |= {d["player"] for d in changes.get("season_suspension_decisions") or []}
    refs |= {p["payer"]["player"] for p in changes["payments"] if "player" in p["payer"]}
    for g in changes["games"]:
        for entries in (g.get("lineups") or {}).values():
            refs |= {x["player"] for x in entries}
        for e in g.get("events", []):
            refs |= {e[k] for k in PLAYER_FIELDS if isinstance(e.get(k), str)}
    return refs


def signatures_by_game(season: Season) -> dict[int, list[dict[str, Any]]]:
    """Each game's signatures (issue 20) in the season file's form, by game row id."""
    out: dict[int, list[dict[str, Any]]] = {}
    rows: Any = (GameSignature.select(GameSignature.game, GameSignature.role, GameSignature.name,
                                      GameSignature.signed_at, GameSignature.png, GameSignature.before_correction)
                 .join(Game).where(Game.season == season).order_by(GameSignature.game, GameSignature.seq,
                                                                   GameSignature.id).tuples())
    for game_id, role, name, signed_at, png, before in rows:
        out.setdefault(game_id, []).append(_clean({"role": role, "name": name, "signed_at": signed_at,
                                                   "png_base64": encode_png(bytes(png)),
                                                   "before_correction": before}))
    return out


def write_signatures(games: dict[int, dict[str, Any]]) -> None:
    """Replace the signatures of the games (row id -> the game as the season file has it)."""
    if not games:
        return
    for chunk in _batches(sorted(games)):
        GameSignature.delete().where(GameSignature.game.in_(chunk)).execute()
    _insert(GameSignature, [{"game": row, "role": s["role"], "name": s["name"], "signed_at": s["signed_at"],
                             "png": decode_png(s["png_base64"]), "before_correction": s.get("before_correction"),
                             "seq": i}
                            for row, g in games.items() for i, s in enumerate(g.get("signatures") or [])])


def write_changes(season: Season, changes: dict[str, list[dict[str, Any]]],
                  old_games: dict[str, dict[str, Any] | None] | None = None) -> dict[str, tuple[int, int]]:
    """Insert new and replace changed objects of a season (the caller holds the transaction); returns each written
    game's (row id, revision)."""
    row: Any
    revisions: dict[str, tuple[int, int]] = {}
    def next_seq(model: Any, cond: Any) -> int:
        return (model.select(model.seq).where(cond).order_by(model.seq.desc()).scalar() or 0) + 1

    _upsert(Division, season, changes["divisions"],
            lambda d: {"name": d["name"], "coed": d.get("coed", False), "tier": d.get("tier")})
    _upsert(Player, season, changes["players"],
            lambda p: {"first": p["first"], "last": p["last"], "gender": p.get("gender"),
                       "birthdate": _pdate(p.get("birthdate")), "email": p.get("email")})
    pid = _ids(Player, season, _player_refs(changes))
    did = _ids(Division, season) if changes["teams"] else {}
    _upsert(Team, season, changes["teams"],
            lambda t: {"name": t["name"], "division": did[t["division"]], "colour": t.get("colour"),
                       "captain": pid.get(t["captain"]) if t.get("captain") else None,
                       "captain_email": t.get("captain_email")})
    tid = _ids(Team, season)
    if changes["roster"]:
        season_teams = Team.select(Team.id).where(Team.season == season)
        seq = next_seq(RosterSigning, RosterSigning.team.in_(season_teams))
        signings: Any = (RosterSigning.select(RosterSigning.team, RosterSigning.player, RosterSigning.signed,
                                              RosterSigning.id).where(RosterSigning.team.in_(season_teams)).tuples())
        have = {(team, player, _date(signed)): row_id for team, player, signed, row_id in signings}
        new_signings: list[dict[str, Any]] = []
        for r in changes["roster"]:
            fields = {"number": r["number"], "position": r.get("position", "skater"),
                      "released": _pdate(r.get("released"))}
            key = (tid[r["team"]], pid[r["player"]], r.get("signed"))
            if key in have:
                RosterSigning.update(**fields).where(RosterSigning.id == have[key]).execute()
            else:
                new_signings.append({"team": key[0], "player": key[1], "signed": _pdate(r.get("signed")),
                                     "seq": seq, **fields})
                have[key] = -1
                seq += 1
        _insert(RosterSigning, new_signings)
    seq = next_seq(Game, Game.season == season) if changes["games"] else 0
    lineup_rows: list[dict[str, Any]] = []
    event_rows: list[dict[str, Any]] = []
    stored: dict[str, Any] = {}
    for chunk in _batches(sorted({g["id"] for g in changes["games"]})):
        stored.update((r.ext_id, r) for r in Game.select(Game.id, Game.ext_id, Game.revision)
                      .where((Game.season == season) & Game.ext_id.in_(chunk)))
    written: list[tuple[dict[str, Any], bool, int]] = []  # each game, whether its line-ups stay, events kept
    new_games: list[dict[str, Any]] = []
    for g in changes["games"]:
        fields = {"date": _pdate(g["date"]), "time": g["time"], "rink": g.get("rink"),
                  "stage": g.get("stage", "regular"), "home": tid[g["home"]], "away": tid[g["away"]],
                  "status": g.get("status", "final"),
                  "referees": json.dumps(g["referees"], ensure_ascii=False) if "referees" in g else None,
                  "officials": json.dumps(g["officials"], ensure_ascii=False) if "officials" in g else None,
                  "number": g.get("number"),
                  "shots": json.dumps(g["shots"]) if "shots" in g else None,
                  "goalie_shots": json.dumps(g["goalie_shots"]) if "goalie_shots" in g else None,
                  "notes": g.get("notes")}
        row = stored.get(g["id"])
        old = (old_games or {}).get(g["id"])
        keep_lineups, keep_events = False, 0
        if row and old is not None:
            keep_lineups = old.get("lineups") == g.get("lineups")
            old_events, new_events = old.get("events", []), g.get("events", [])
            while (keep_events < min(len(old_events), len(new_events))
                   and old_events[keep_events] == new_events[keep_events]):
                keep_events += 1
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
        _insert(Game, new_games)
        added = _ids(Game, season, {row["ext_id"] for row in new_games})
        revisions.update((ext_id, (row_id, 0)) for ext_id, row_id in added.items())
    for g, keep_lineups, keep_events in written:
        game_id = revisions[g["id"]][0]
        for side in ("home", "away") if not keep_lineups else ():
            for i, x in enumerate(g.get("lineups", {}).get(side, [])):
                lineup_rows.append({"game": game_id, "side": side, "player": pid[x["player"]],
                                    "number": x.get("number"), "goalie": bool(x.get("goalie")),
                                    "captain": x.get("captain"), "seq": i})
        for i, e in enumerate(g.get("events", [])):
            if i >= keep_events:
                event_rows.append(event_row(game_id, i, e, pid))
    _insert(LineupEntry, lineup_rows)
    _insert(GameEvent, event_rows)
    write_signatures({revisions[g["id"]][0]: g for g in changes["games"]
                      if ((old_games or {}).get(g["id"]) or {}).get("signatures") != g.get("signatures")
                      or (old_games or {}).get(g["id"]) is None})
    gid = _ids(Game, season) if changes["appeals"] else {}
    seq = next_seq(Appeal, Appeal.season == season) if changes["appeals"] else 0
    for a in changes["appeals"]:
        fields = {"form": a["form"], "fee_paid": a["fee_paid"], "decision": a["decision"],
                  "decided": _pdate(a.get("decided"))}
        cond = ((Appeal.season == season) & (Appeal.player == pid[a["player"]]) & (Appeal.game == gid[a["game"]])
                & (Appeal.filed == _pdate(a["filed"])))
        row = Appeal.get_or_none(cond)
        if row:
            Appeal.update(**fields).where(Appeal.id == row.id).execute()
        else:
            Appeal.create(season=season, player=pid[a["player"]], game=gid[a["game"]], filed=_pdate(a["filed"]),
                          seq=seq, **fields)
            seq += 1
    seq = next_seq(Payment, Payment.season == season) if changes["payments"] else 0
    for p in changes["payments"]:
        kind, ref = next(iter(p["payer"].items()))
        Payment.create(season=season, team=tid[ref] if kind == "team" else None,
                       player=pid[ref] if kind == "player" else None, amount_cents=money_to_cents(p["amount"]),
                       date=_pdate(p["date"]), memo=p.get("memo"), seq=seq,
                       fine=json.dumps(p["fine"], sort_keys=True) if p.get("fine") else None)
        seq += 1
    decisions = changes.get("season_suspension_decisions") or []
    gid = _ids(Game, season) if decisions else {}
    seq = next_seq(SuspensionDecision, SuspensionDecision.season == season) if decisions else 0
    for d in decisions:  # PEN-GM-2: one decision per proposal (player, game); a later one replaces it
        fields = {"decision": d["decision"], "decided": _pdate(d["decided"]), "by": d.get("by"),
                  "note": d.get("note")}
        cond = ((SuspensionDecision.season == season) & (SuspensionDecision.player == pid[d["player"]])
                & (SuspensionDecision.game == gid[d["game"]]))
        row = SuspensionDecision.get_or_none(cond)
        if row:
            SuspensionDecision.update(**fields).where(SuspensionDecision.id == row.id).execute()
        else:
            SuspensionDecision.create(season=season, player=pid[d["player"]], game=gid[d["game"]], seq=seq,
                                      **fields)
            seq += 1
    return revisions


def check_revision(game: str, row_id: int, revision: int) -> None:
    """Raise `GameChanged` unless game row `row_id` is still at `revision` (on a server, its row stays locked until
    the transaction ends; on SQLite the caller's IMMEDIATE transaction holds the write lock)."""
    query = Game.select(Game.revision).where(Game.id == row_id)
    if not isinstance(database_proxy.obj, SqliteDatabase):
        query = query.for_update()
    if query.scalar() != revision:
        raise GameChanged(game)


def append_event(game: str, row_id: int, revision: int, seq: int, event: dict[str, Any], player: int | None) -> int:
    """Add one event at the end of a game's log, if the game is still at `revision` (else `GameChanged`); one
    statement checks and bumps the revision. Returns the new revision (the caller holds the transaction)."""
    db = database_proxy.obj
    bump, insert = _append_sql(db.param)
    if db.execute_sql(bump, (row_id, revision)).rowcount != 1:
        raise GameChanged(game)
    row = event_row(row_id, seq, event, {} if player is None else {_main_ref(event): player})
    db.execute_sql(insert, tuple(row[f.name] for f in _EVENT_FIELDS))
    return revision + 1


_EVENT_FIELDS = [f for f in GameEvent._meta.sorted_fields if f.name != "id"]


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
def _append_sql(param: str) -> tuple[str, str]:
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


def _main_ref(event: dict[str, Any]) -> str:
    main = MAIN_PLAYER.get(event["type"])
    ref = event.get(main) if main else None
    return ref if isinstance(ref, str) else ""


def main_player(event: dict[str, Any]) -> str | None:
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
    return {(r.player.ext_id, r.game.ext_id): _date(r.lifted) or "" for r in rows if r.game is not None}


def load_audit(season: Season) -> list[dict[str, Any]]:
    """The season's audit trail: who, when, what, before and after."""
    out = []
    for a in AuditEntry.select().where(AuditEntry.season == season).order_by(AuditEntry.at, AuditEntry.id):
        out.append({"at": a.at.isoformat(timespec="seconds") if isinstance(a.at, dt.datetime) else str(a.at),
                    "operator": a.operator, "action": a.action, "subject": a.subject,
                    "before": json.loads(a.before) if a.before else None,
                    "after": json.loads(a.after) if a.after else None})
    return out


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


def merge_audit(season: Season, entries: list[dict[str, Any]]) -> int:
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
