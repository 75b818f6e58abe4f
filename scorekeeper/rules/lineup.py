"""Line-ups: DATA-2 (only signed players dress; a different number warns), FORF-3 (fewer than 4)."""

from __future__ import annotations

import datetime as dt

from scorekeeper.engine.events import SIDE_KEYS
from scorekeeper.rules.coed import check_coed_lineup
from scorekeeper.rules.discipline import outstanding_notices
from scorekeeper.rules.eligibility import dressing_status
from scorekeeper.rules.proposals import pending_text
from scorekeeper.rules.results import too_few_dressed
from scorekeeper.rules.roster import signed_on
from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.rules.violation import Violation
from scorekeeper.season.sides import lineup_of


def check_lineups(view: SeasonFacts, game_id: str) -> list[Violation]:
    g = view.games[game_id]
    book = view.book
    out: list[Violation] = []
    where = f"game {game_id}"
    home_dressed = {x["player"] for x in lineup_of(g, "home")}
    for side in SIDE_KEYS:
        team = g[side]
        name = view.name_of(team)  # the team as people read it, in every message
        entries = lineup_of(g, side)
        signed = signed_on(view.roster_by_team.get(team, []), g["date"]) if entries else {}
        for x in entries:
            if x["player"] not in view.players:
                continue
            if side == "away" and x["player"] in home_dressed:  # on both rosters: one side a game (issue 18)
                out.append(Violation("DATA-2", "block", f"{view.player_name(x['player'])} is dressed for "
                                     f"{view.name_of(g['home'])} already and cannot dress for {name} too: a "
                                     "player dresses for one side of a game", book.section("DATA-2"), where,
                                     players=(x["player"],)))
                continue
            s = signed.get(x["player"])
            who = view.player_name(x["player"])
            if s is None:
                out.append(Violation("DATA-2", "block", f"{who} is not on {name}'s active roster on {g['date']} "
                                     f"and cannot dress for it", book.section("DATA-2"), where, players=(x["player"],)))
                continue
            if x.get("number") is not None and x["number"] != s["number"]:
                out.append(Violation("DATA-2", "warn", f"{who} dresses as #{x['number']} but is #{s['number']} "
                                     f"on {name}'s roster", book.section("DATA-2"), where, players=(x["player"],)))
            under, proposals, playoff_games = dressing_status(view, game_id, team, x["player"])
            if under is not None:
                label = f"#{x.get('number', s['number'])} {who}"
                note = "; the appeal is pending: the suspension stays in force until it is decided" \
                    if under.appeal_pending else ""
                out.append(Violation("ELIG-2", "block", f"{label} is suspended: {under.text}{note}",
                                     book.section("ELIG-2"), where, players=(x["player"],)))
            for proposed in proposals:  # PEN-GM-2: a warning, not a block, until the office decides
                out.append(Violation(proposed.row.rule, "warn", f"#{x.get('number', s['number'])} {who} has a "
                                     f"{proposed.kind} suspension from game {view.game_name(proposed.game)} "
                                     f"{pending_text(view, proposed)}; until it is confirmed the player may dress",
                                     book.section(proposed.row.rule), where, players=(x["player"],), office=True))
            if playoff_games is not None:
                gp, need = playoff_games
                out.append(Violation("ELIG-1", "block", f"{who} has played {gp} of {need} regular-season games "
                                     f"for {name} and may not play in the playoffs", book.section("ELIG-1"),
                                     where, players=(x["player"],)))
            birth = view.players[x["player"]].get("birthdate")
            if birth and _age(birth, g["date"]) < book.eligibility.mask_under_age:
                out.append(Violation("ELIG-4", "warn", f"{who} is under {book.eligibility.mask_under_age}: a full "
                                     "face mask is required", book.section("ELIG-4"), where, players=(x["player"],)))
        out.extend(check_coed_lineup(view, g, side))
        for sanction in outstanding_notices(view, game_id, team) if entries else []:
            out.append(Violation("SUSP-2", "warn", f"the captain of {name} has no recorded e-mail about "
                                 f"{view.player_name(sanction.player)}'s suspension (game "
                                 f"{view.game_name(sanction.game)}) before this, the team's next game",
                                 book.section("SUSP-2"), where, players=(sanction.player,), office=True))
        if too_few_dressed(book, len(entries)) and g.get("status") == "final":
            out.append(Violation("FORF-3", "warn", f"{name} dressed {len(entries)} players, fewer than "
                                 f"{book.lateness.min_dressed}: the 10-minute lateness process applies",
                                 book.section("FORF-3"), where))
    return out


def _age(birthdate: str, on: str) -> int:
    b, d = dt.date.fromisoformat(birthdate), dt.date.fromisoformat(on)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))
