"""Checks that every id a season refers to exists (the file's integrity, before any rule)."""

from __future__ import annotations

from scorekeeper.engine.events import SIDE_KEYS
from scorekeeper.rules.coed import plays_coed
from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.rules.violation import Violation
from scorekeeper.season.sides import lineup_of
from scorekeeper.season_data import GameData


def _v(where: str, message: str, player: str = "") -> Violation:
    return Violation("FILE", "block", message, "season file", where, players=(player,) if player else ())


def check_references(view: SeasonFacts, games: list[str] | None = None) -> list[Violation]:
    """Every id the season refers to exists (only the named games' ids when `games` is given)."""
    out: list[Violation] = []
    if games is not None:
        for gid in games:
            out.extend(_check_game(view, view.games[gid]))
        return out
    for t in view.teams.values():
        if t["division"] not in view.divisions:
            out.append(_v(f"team {t['id']}", f"division {t['division']!r} does not exist"))
        if t.get("captain") and t["captain"] not in view.players:
            out.append(_v(f"team {t['id']}", f"captain {t['captain']!r} is not a player of this season"))
    for r in view.data.get("roster", []):
        where = f"roster {r['team']}/{r['player']}"
        if r["team"] not in view.teams:
            out.append(_v(where, f"team {r['team']!r} does not exist"))
        if r["player"] not in view.players:
            out.append(_v(where, f"player {r['player']!r} does not exist"))
        elif r["team"] in view.teams:
            div = view.division_of(r["team"])
            if plays_coed(view.book, div) and not view.players[r["player"]].get("gender"):
                out.append(_v(where, f"{view.player_name(r['player'])} plays in a co-ed division: gender "
                                     "(M or F) is required"))
        signed, released = r.get("signed"), r.get("released")
        if signed and released and released < signed:
            out.append(_v(where, "released before signed"))
    for g in view.games.values():
        out.extend(_check_game(view, g))
    for a in view.data.get("appeals", []):
        where = f"appeal {a['player']}/{a['game']}"
        if a["player"] not in view.players:
            out.append(_v(where, f"player {a['player']!r} does not exist"))
        if a["game"] not in view.games:
            out.append(_v(where, f"game {a['game']!r} does not exist"))
    for n, p in enumerate(view.data.get("payments", [])):
        kind, ref = next(iter(p["payer"].items()))
        pool = view.teams if kind == "team" else view.players
        if ref not in pool:
            out.append(_v(f"payments[{n}]", f"{kind} {ref!r} does not exist"))
        fine = p.get("fine")
        if fine and fine["game"] not in view.games:
            out.append(_v(f"payments[{n}]", f"the fine it pays is of game {fine['game']!r}, which does not "
                                            "exist"))
    return out


def _check_game(view: SeasonFacts, g: GameData) -> list[Violation]:
    out = []
    where = f"game {g['id']}"
    for side in SIDE_KEYS:
        if g[side] not in view.teams:
            out.append(_v(where, f"{side} team {g[side]!r} does not exist"))
        for x in lineup_of(g, side):
            if x["player"] not in view.players:
                out.append(_v(where, f"{side} line-up: player {x['player']!r} does not exist", x["player"]))
    if g.get("status") == "final" and not all(lineup_of(g, s) for s in SIDE_KEYS):
        out.append(_v(where, "a final game needs both line-ups"))
    return out
