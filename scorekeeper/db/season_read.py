"""A stored season read into its normalised season-file form, in a few bulk queries (one reader per list; the
hot path of start-up and of every reload reads tuples, not model instances)."""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.db.bulk import clean, date_text
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
from scorekeeper.db.row_ids import RowIds
from scorekeeper.engine.timefmt import fmt_mmss
from scorekeeper.seasonfile import FORMAT, cents_to_money
from scorekeeper.signature_values import encode_png

Lineups = dict[str, list[dict[str, Any]]]


def load_season_dict(season: Season, rows: RowIds | None = None) -> dict[str, Any]:
    """The stored season in normalised season-file form (`rows`, when given, receives the row ids)."""
    out: dict[str, Any] = {"format": FORMAT, "league": season.league.name, "season": season.name,
                           "rulebook": season.rulebook.name}
    out["divisions"] = _divisions(season)
    players: Any = list(Player.select(Player.id, Player.ext_id, Player.first, Player.last, Player.gender,
                                      Player.birthdate, Player.email)
                        .where(Player.season == season).order_by(Player.seq, Player.id).tuples())
    pid = {p[0]: p[1] for p in players}
    teams: Any = list(Team.select(Team.id, Team.ext_id, Team.name, Team.division, Team.colour, Team.captain,
                                  Team.captain_email)
                      .where(Team.season == season).order_by(Team.seq, Team.id).tuples())
    tid = {t[0]: t[1] for t in teams}
    out["teams"] = _teams(season, teams, pid)
    out["players"] = [clean({"id": ext, "first": first, "last": last, "gender": gender,
                             "birthdate": date_text(birthdate), "email": email})
                      for _, ext, first, last, gender, birthdate, email in players]
    out["roster"] = _roster(season, tid, pid)
    games = list(Game.select(Game.id, Game.ext_id, Game.date, Game.time, Game.curfew, Game.rink, Game.stage,
                             Game.home, Game.away, Game.status, Game.referees, Game.shots, Game.goalie_shots,
                             Game.notes, Game.revision, Game.number, Game.officials)
                 .where(Game.season == season).order_by(Game.seq, Game.id).namedtuples())
    out["games"] = _games(season, games, tid, pid)
    if rows is not None:
        rows.games.update({g.ext_id: (g.id, g.revision) for g in games})
        rows.players.update({ext: row for row, ext in pid.items()})
    gid = {g.id: g.ext_id for g in games}
    out["appeals"] = _appeals(season, gid, pid)
    out["payments"] = _payments(season, tid, pid)
    decisions = _decisions(season, gid, pid)
    if decisions:  # PEN-GM-2: written only when there are any
        out["season_suspension_decisions"] = decisions
    return out


def _divisions(season: Season) -> list[dict[str, Any]]:
    return [{k: v for k, v in {"id": d.ext_id, "name": d.name, "coed": bool(d.coed), "tier": d.tier}.items()
             if v is not None}
            for d in Division.select().where(Division.season == season).order_by(Division.seq, Division.id)]


def _teams(season: Season, teams: Any, pid: dict[int, str]) -> list[dict[str, Any]]:
    divs = {d.id: d.ext_id for d in Division.select(Division.id, Division.ext_id).where(Division.season == season)}
    return [clean({"id": ext, "name": name, "division": divs[division], "colour": colour,
                   "captain": pid.get(captain) if captain else None, "captain_email": email})
            for _, ext, name, division, colour, captain, email in teams]


def _roster(season: Season, tid: dict[int, str], pid: dict[int, str]) -> list[dict[str, Any]]:
    signings: Any = (RosterSigning.select(RosterSigning.team, RosterSigning.player, RosterSigning.number,
                                          RosterSigning.position, RosterSigning.signed, RosterSigning.released)
                     .join(Team).where(Team.season == season).order_by(RosterSigning.seq, RosterSigning.id).tuples())
    return [clean({"team": tid[team], "player": pid[player], "number": number, "position": position,
                   "signed": date_text(signed), "released": date_text(released)})
            for team, player, number, position, signed, released in signings]


def _lineups(season: Season, games: list[Any], pid: dict[int, str]) -> dict[int, Lineups]:
    lineups: dict[int, Lineups] = {g.id: {"home": [], "away": []} for g in games}
    lineup_rows: Any = (LineupEntry.select(LineupEntry.game, LineupEntry.side, LineupEntry.player,
                                           LineupEntry.number, LineupEntry.goalie, LineupEntry.captain)
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
    return lineups


def _event(etype: str, team: str | None, period: int | None, elapsed: int | None, data: str) -> dict[str, Any]:
    ev: dict[str, Any] = {"type": etype}
    if team is not None:
        ev["team"] = team
    if period is not None:
        ev["period"] = period
    if elapsed is not None:
        ev["elapsed"] = fmt_mmss(elapsed)
    ev.update(json.loads(data))
    return ev


def event_to_dict(ev: GameEvent) -> dict[str, Any]:
    """A stored event in the season file's form."""
    return _event(ev.type, ev.team, ev.period, ev.elapsed, ev.data)


def _events(season: Season, games: list[Any]) -> dict[int, list[dict[str, Any]]]:
    events: dict[int, list[dict[str, Any]]] = {g.id: [] for g in games}
    event_rows: Any = (GameEvent.select(GameEvent.game, GameEvent.type, GameEvent.team, GameEvent.period,
                                        GameEvent.elapsed, GameEvent.data)
                       .join(Game).where(Game.season == season).order_by(GameEvent.game, GameEvent.seq).tuples())
    for game_id, etype, team, period, elapsed, data in event_rows:
        events[game_id].append(_event(etype, team, period, elapsed, data))
    return events


def _json(text: str | None) -> Any:
    return json.loads(text) if text else None


def _games(season: Season, games: list[Any], tid: dict[int, str], pid: dict[int, str]) -> list[dict[str, Any]]:
    lineups = _lineups(season, games, pid)
    events = _events(season, games)
    signed = signatures_by_game(season)
    return [clean({"id": g.ext_id, "number": g.number, "date": date_text(g.date), "time": g.time, "curfew": g.curfew,
                   "rink": g.rink,
                   "stage": g.stage, "home": tid[g.home], "away": tid[g.away],
                   "status": g.status, "lineups": lineups[g.id], "events": events[g.id],
                   "referees": _json(g.referees), "officials": _json(g.officials), "shots": _json(g.shots),
                   "goalie_shots": _json(g.goalie_shots), "notes": g.notes, "signatures": signed.get(g.id)})
            for g in games]


def _appeals(season: Season, gid: dict[int, str], pid: dict[int, str]) -> list[dict[str, Any]]:
    return [clean({"player": pid[a.player_id], "game": gid[a.game_id], "filed": date_text(a.filed), "form": a.form,
                   "fee_paid": bool(a.fee_paid), "decision": a.decision, "decided": date_text(a.decided)})
            for a in Appeal.select().where(Appeal.season == season).order_by(Appeal.seq, Appeal.id)]


def _payments(season: Season, tid: dict[int, str], pid: dict[int, str]) -> list[dict[str, Any]]:
    return [clean({"payer": _payer(p, tid, pid), "amount": cents_to_money(p.amount_cents), "date": date_text(p.date),
                   "memo": p.memo, "fine": _json(p.fine)})
            for p in Payment.select().where(Payment.season == season).order_by(Payment.seq, Payment.id)]


def _decisions(season: Season, gid: dict[int, str], pid: dict[int, str]) -> list[dict[str, Any]]:
    """PEN-GM-2: the office's decisions on proposed suspensions."""
    return [clean({"player": pid[d.player_id], "game": gid[d.game_id], "decision": d.decision,
                   "decided": date_text(d.decided), "by": d.by, "note": d.note})
            for d in SuspensionDecision.select().where(SuspensionDecision.season == season)
            .order_by(SuspensionDecision.seq, SuspensionDecision.id)]


def _payer(p: Payment, tid: dict[int, str], pid: dict[int, str]) -> dict[str, str]:
    if p.team_id is not None:
        return {"team": tid[p.team_id]}
    assert p.player_id is not None
    return {"player": pid[p.player_id]}


def signatures_by_game(season: Season) -> dict[int, list[dict[str, Any]]]:
    """Each game's signatures (issue 20) in the season file's form, by game row id."""
    out: dict[int, list[dict[str, Any]]] = {}
    rows: Any = (GameSignature.select(GameSignature.game, GameSignature.role, GameSignature.name,
                                      GameSignature.signed_at, GameSignature.png, GameSignature.before_correction)
                 .join(Game).where(Game.season == season).order_by(GameSignature.game, GameSignature.seq,
                                                                   GameSignature.id).tuples())
    for game_id, role, name, signed_at, png, before in rows:
        out.setdefault(game_id, []).append(clean({"role": role, "name": name, "signed_at": signed_at,
                                                  "png_base64": encode_png(bytes(png)),
                                                  "before_correction": before}))
    return out
