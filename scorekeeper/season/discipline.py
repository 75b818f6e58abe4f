"""Suspensions and fines computed from the fines table (FINE-1..11, SUSP-1, A-7, A-8, A-29).

Each final game's penalties set off discipline rows of the rulebook file; a row for a repeat offence
replaces the row it names (instigator replaces fighting, a second gross misconduct replaces the first-offence
row). An N-game suspension is served by the team's next N final games in date order, forfeits included.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scorekeeper.rulebook.model import DisciplineRow
from scorekeeper.season.view import SeasonView, active_on
from scorekeeper.seasonfile import cents_to_money, money_to_cents


@dataclass
class Sanction:
    player: str
    team: str
    game: str
    row: DisciplineRow
    order: int  # the offence game's place in the season
    infraction: str = ""
    date: str = ""
    units: int = 1  # games a per-game fine counts (FINE-11)
    season: str = ""  # set when carried over from an earlier season

    @property
    def kind(self) -> str:
        return "games" if isinstance(self.row.suspend, int) else str(self.row.suspend)


def sanctions(view: SeasonView) -> list[Sanction]:
    """Every discipline row set off in the season's final games, in game order (cached on the view)."""
    if "sanctions" not in view.cache:
        view.cache["sanctions"] = _sanctions(view)
    return list(view.cache["sanctions"])


def _sanctions(view: SeasonView) -> list[Sanction]:
    book = view.book
    out: list[Sanction] = []
    gross_seen: dict[str, int] = {}
    season_incidents: dict[str, int] = {}  # PEN-GM-2 / A-11: game misconducts, ejections and suspensions
    covered: dict[tuple[str, str], int] = {}  # FINE-11: games of an ineligible player already fined
    for order, g in enumerate(view.games.values()):
        if g.get("status", "final") != "final":
            continue
        state = view.state(g["id"])
        majors: dict[str, int] = {}
        miscs: dict[str, int] = {}
        triggers: dict[str, list[tuple[str, str]]] = {}
        incidents: dict[str, int] = {}
        ejected_at = {e.seq: e.player for e in state.ejections}
        for pen in state.penalties:
            if pen.player is None:
                continue
            found = triggers.setdefault(pen.player, [])
            gm = pen.added_gm or pen.cls in ("game_misconduct", "gross_misconduct", "match")
            inf = book.infractions[pen.infraction]
            if pen.cls == "major":
                majors[pen.player] = majors.get(pen.player, 0) + 1
                if majors[pen.player] == 2:
                    found.append(("second_major", pen.infraction))
            if pen.cls == "misconduct":
                miscs[pen.player] = miscs.get(pen.player, 0) + 1
                if miscs[pen.player] == 2:
                    found.append(("second_misconduct", pen.infraction))
            trigger = inf.trigger
            if trigger is None and pen.cls in ("match", "gross_misconduct"):
                trigger = "match" if pen.cls == "match" else "gross"
            if trigger == "gross":
                gross_seen[pen.player] = gross_seen.get(pen.player, 0) + 1
                if gross_seen[pen.player] >= 2 and book.discipline_row("second_gross"):
                    trigger = "second_gross"
            if trigger:
                found.append((trigger, pen.infraction))
            if gm or ejected_at.get(pen.seq) == pen.player or trigger:
                incidents[pen.player] = incidents.get(pen.player, 0) + 1
        for player, found in triggers.items():
            rows = [(r, code) for r, code in ((book.discipline_row(t), code) for t, code in found) if r is not None]
            replaced = {r.replaces for r, _ in rows if r.replaces}
            side = "home" if state.game.dressed("home", player) else "away"
            for row, code in rows:
                if row.trigger not in replaced:
                    units = 1
                    if row.fine_per_game_cents:
                        units = _games_dressed(view, player, g[side], order) - covered.get((player, g[side]), 0)
                        covered[(player, g[side])] = covered.get((player, g[side]), 0) + max(units, 0)
                    out.append(Sanction(player, g[side], g["id"], row, order, code, g["date"], max(units, 1)))
            six = book.discipline_row("season_incidents")
            if six is not None and six.count and player in incidents:
                before = season_incidents.get(player, 0)
                season_incidents[player] = before + incidents[player]
                if before < six.count <= season_incidents[player]:
                    out.append(Sanction(player, g[side], g["id"], six, order, "", g["date"]))
    return out


def _games_dressed(view: SeasonView, player: str, team: str, upto: int) -> int:
    """FINE-11 / A-10: final games up to `upto` in which `player` dressed for `team`."""
    count = 0
    for order, g in enumerate(view.games.values()):
        if order > upto:
            break
        if g.get("status", "final") != "final":
            continue
        for side in ("home", "away"):
            if g[side] == team and any(x["player"] == player for x in g.get("lineups", {}).get(side, [])):
                count += 1
    return count


def games_served(view: SeasonView, serves: Callable[[dict[str, Any]], bool], after: int = -1,
                 before: int | None = None) -> int:
    """SUSP-1: the final games between places `after` and `before` in the season that `serves(game)` counts
    (forfeits counted as the rulebook says)."""
    count = 0
    count_forfeits = bool(view.book.suspensions.get("count_forfeits", True))
    for order, g in enumerate(view.games.values()):
        if before is not None and order >= before:
            break
        if order <= after or g.get("status", "final") != "final" or not serves(g):
            continue
        if not count_forfeits and view.state(g["id"]).forfeited:
            continue
        count += 1
    return count


def _served(view: SeasonView, s: Sanction, before: int | None = None) -> int:
    """SUSP-1: the team's final games after the offence game, up to `before`."""
    return games_served(view, lambda g: s.team in (g["home"], g["away"]), s.order, before)


def served_games(view: SeasonView, s: Sanction) -> int:
    """SUSP-1: games of the team served since the offence, to the end of the season."""
    return _served(view, s)


def active_suspension(view: SeasonView, player: str, game_id: str) -> tuple[Sanction, int] | None:
    """ELIG-2: the suspension `player` is under at game `game_id` (with games served so far), if any; one
    carried over from the season before counts too (A-28)."""
    at = view.order_of(game_id)
    appeals = {(a["player"], a["game"]): a for a in view.data.get("appeals", [])}
    for s in sanctions(view):
        if s.player != player or s.order >= at or s.row.suspend == 0:
            continue
        appeal = appeals.get((s.player, s.game))
        if appeal and appeal["decision"] == "upheld" and (appeal.get("decided") or "") <= view.games[game_id]["date"]:
            continue
        lifted = view.cache.get("lifted", {}).get((s.player, s.game))
        if lifted is not None and lifted <= view.games[game_id]["date"]:
            continue
        served = _served(view, s, before=at)
        if s.kind != "games" or served < int(s.row.suspend):
            return s, served
    from scorekeeper.season.carryover import in_force

    carried = in_force(view, player, game_id)
    if carried is not None:
        c, served = carried
        return Sanction(c.player, c.team, c.game, c.row, -1, c.infraction, c.date, season=c.season), served
    return None


def suspensions(view: SeasonView) -> dict[str, Any]:
    """The contract's suspensions JSON."""
    appeals = {(a["player"], a["game"]): a for a in view.data.get("appeals", [])}
    rows = []
    for s in sanctions(view):
        row = s.row
        if row.suspend == 0:
            continue
        appeal = appeals.get((s.player, s.game))
        served = _served(view, s)
        if s.kind == "games":
            games: int | None = int(row.suspend)
            status = "served" if served >= int(row.suspend) else "active"
            served = min(served, int(row.suspend))
        else:
            games = row.min_games if s.kind == "indefinite" else None
            status = "active"
        if (appeal and appeal["decision"] == "upheld") or (s.player, s.game) in view.cache.get("lifted", {}):
            status = "lifted"
        rows.append({"player": s.player, "team": s.team, "game": s.game, "rule": row.rule, "kind": s.kind,
                     "games": games, "served": served, "status": status,
                     "appeal": appeal["decision"] if appeal else None, "review": row.review})
    return {"season": view.name, "suspensions": rows}


def fines(view: SeasonView) -> dict[str, Any]:
    """The contract's fines JSON: every fine, and each team's statement totals."""
    out = []
    owed: dict[str, int] = {t: 0 for t in view.teams}
    appeals = {(a["player"], a["game"]): a for a in view.data.get("appeals", [])}
    for s in sanctions(view):
        row = s.row
        appeal = appeals.get((s.player, s.game))
        if appeal and appeal["decision"] == "upheld":
            continue  # APPEAL-1: an upheld appeal lifts the suspension and waives the fines tied to it
        cents = row.fine_cents + row.fine_per_game_cents * s.units
        if cents <= 0:
            continue
        payer = {"team": s.team} if row.payer == "team" else {"player": s.player}
        if (next(iter(payer.values())), s.game, row.rule) in view.cache.get("waived", {}):
            continue  # waived by the office (audited)
        out.append({"payer": payer, "team": s.team, "amount": cents_to_money(cents), "rule": row.rule,
                    "game": s.game, "player": s.player})
        owed[s.team] = owed.get(s.team, 0) + cents
    paid: dict[str, int] = {t: 0 for t in view.teams}
    for _, team, cents in payment_parts(view, out):
        paid[team] = paid.get(team, 0) + cents
    totals = [{"team": t, "fines": cents_to_money(owed.get(t, 0)), "paid": cents_to_money(paid.get(t, 0)),
               "balance": cents_to_money(owed.get(t, 0) - paid.get(t, 0))} for t in view.teams]
    return {"season": view.name, "fines": out, "totals": totals}


def payment_parts(view: SeasonView, fine_rows: list[dict[str, Any]]) -> list[tuple[dict[str, Any], str, int]]:
    """Every payment as (payment, team, cents) on the statements it pays (FINE-STMT, A-9): a team's on its own; a
    player's on the statements that carry the player's fines (the fine appears on the statement of the team the
    player played for in that game), oldest fine first, and what is left over on the statement of the player's
    team on the payment's date. Payments in date order."""
    owed: dict[str, list[list[Any]]] = {}
    for f in fine_rows:
        if "player" in f["payer"]:
            owed.setdefault(f["player"], []).append([f["team"], money_to_cents(f["amount"])])
    out: list[tuple[dict[str, Any], str, int]] = []
    for p in sorted(view.data.get("payments", []), key=lambda p: (p.get("date", ""), p.get("memo") or "")):
        kind, ref = next(iter(p["payer"].items()))
        amount = money_to_cents(p["amount"])
        if kind == "team":
            out.append((p, ref, amount))
            continue
        parts: dict[str, int] = {}
        for item in owed.get(ref, []):
            take = min(amount, item[1])
            if take > 0:
                item[1] -= take
                amount -= take
                parts[item[0]] = parts.get(item[0], 0) + take
        if amount > 0:
            team = _player_team(view, ref, p.get("date")) or next(iter(parts), None)
            if team is not None:
                parts[team] = parts.get(team, 0) + amount
        out.extend((p, team, cents) for team, cents in parts.items())
    return out


def _player_team(view: SeasonView, player: str, date: str | None = None) -> str | None:
    """The team the player is signed to on `date` (else the latest signing's team)."""
    latest: tuple[str, str] | None = None
    for team, rows in view.roster_by_team.items():
        for r in rows:
            if r["player"] != player:
                continue
            if date is not None and active_on(r, date):
                return team
            key = (r.get("signed") or "", team)
            latest = key if latest is None or key > latest else latest
    return latest[1] if latest else None


def describe(view: SeasonView, s: Sanction, served: int) -> str:
    """'game 1 of 2 for Fighting on 2015-10-04 (game g003), fines table, PEN-FIGHT-1'."""
    what = f"game {served + 1} of {s.row.suspend}" if s.kind == "games" else f"{s.kind} suspension"
    inf = view.book.infractions.get(s.infraction)
    cause = inf.name if inf else view.book.rules[s.row.rule].title if s.row.rule in view.book.rules else s.row.rule
    game = f"game {s.game} of season {s.season}, carried over under A-28" if s.season else f"game {s.game}"
    return (f"{what} for {cause.lower()} on {s.date} ({game}), "
            f"{view.book.section(s.row.rule) or 'fines table'}, {s.row.rule}")


def outstanding_notices(view: SeasonView, game_id: str, team: str) -> list[Sanction]:
    """SUSP-2: suspensions of `team`'s players whose captain notice is not recorded before this, the team's
    next game after the offence."""
    at = view.order_of(game_id)
    date = view.games[game_id]["date"]
    notices = view.cache.get("notices", {})
    out = []
    for s in sanctions(view):
        if s.team != team or s.order >= at or s.row.suspend == 0:
            continue
        nxt = next((i for i, g in enumerate(view.games.values())
                    if i > s.order and team in (g["home"], g["away"])), None)
        if nxt != at:
            continue
        sent = notices.get((s.player, s.game))
        if sent is None or sent[:10] > date:
            out.append(s)
    return out


def offence_name(view: SeasonView, rule: str, penalties: list[dict[str, Any]]) -> str:
    """The offence behind a sanction, for a notice: the infraction names of `penalties` under `rule`, else the
    rule's title."""
    book = view.book
    names = [book.infractions[p["infraction"]].name for p in penalties
             if p["infraction"] in book.infractions and book.infractions[p["infraction"]].rule == rule]
    if names:
        return ", ".join(dict.fromkeys(names))
    ref = book.rules.get(rule)
    return ref.title if ref else rule
