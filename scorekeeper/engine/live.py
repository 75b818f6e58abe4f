"""The live state at a moment of a game: who may be on the ice, the box, icing, stop time, goalie time.

Rules: ICE-1 to ICE-4 (how many on the ice), COED-1 and COED-2 (co-ed caps, a male in the box), GAME-1 (stop
time), GAME-4 (icing), GAME-5 (injured goalie), GAME-3 (timeouts left). Also the check of a declared on-ice
group against them.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.events import SIDES, GameInput, other
from scorekeeper.engine.state import compute_until
from scorekeeper.engine.timefmt import fmt_mmss
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.violation import Violation


def live_state(game: GameInput, book: Rulebook, t: int) -> dict[str, Any]:
    """Everything the scorekeeper at the boards needs to see at game time `t` (seconds)."""
    comp, state = compute_until(game, book, t)
    clock = comp.clock
    reg_end = book.regulation_seconds
    in_ot = t > reg_end
    ot = book.overtime_for(game.stage)
    teams: dict[str, Any] = {}
    for side in SIDES:
        players = clock.on_ice(side, t)
        goalie = comp.goalie_in[side]
        skaters = players - (1 if goalie else 0)
        males_serving = 0
        box = []
        for s in clock.running_for(side):
            d = game.dressed(side, s.server)
            if s.short_handed and d is not None and d.gender == "M":
                males_serving += 1
            assert s.start is not None
            box.append({"player": s.offender, "served_by": s.server if d else None, "starts": fmt_mmss(s.start),
                        "ends": fmt_mmss(s.nominal_end), "remaining": fmt_mmss(max(0, s.nominal_end - t)),
                        "short_handed": s.short_handed, "releasable": s.releasable})
        waiting = [{"player": s.offender, "assessed": fmt_mmss(s.assessed)}
                   for s in clock.pending if s.side == side]
        caps = book.coed
        if goalie:
            m_cap = caps.overtime_with_goalie_m if in_ot else caps.with_goalie_m
            f_cap = caps.with_goalie_f
        else:
            m_cap, f_cap = caps.no_goalie_m, caps.no_goalie_f
        m_cap = max(0, m_cap - males_serving * caps.male_serving_reduction)
        backup = sum(1 for d in game.lineups.get(side, []) if d.goalie) >= 2
        used = state.timeouts[side]
        teams[side] = {
            "players_on_ice": players, "skaters": skaters, "goalie": goalie, "box": box, "waiting": waiting,
            "males_max": min(m_cap, skaters) if game.coed else None,
            "females_max": min(f_cap, skaters) if game.coed else None,
            "males_serving": males_serving,
            "timeouts_left": max(0, book.timeouts_per_game - used),
            "injured_goalie_minutes": 0 if backup else 10 + 5,
        }
    score = state.score
    stop_last = (ot.stop_time_last_min if in_ot else book.clock.stop_time_last_min) * 60
    period_end = reg_end if not in_ot else comp_period_end(book, game.stage, t)
    stop_time = stop_last > 0 and period_end - stop_last <= t < period_end
    icing = _icing(book, t, score, teams, in_ot)
    return {"t": fmt_mmss(t), "score": dict(score), "over": state.over, "stop_time": stop_time, "icing": icing,
            "strength": f"{teams['home']['players_on_ice']}-on-{teams['away']['players_on_ice']}",
            "teams": teams}


def comp_period_end(book: Rulebook, stage: str, t: int) -> int:
    ot_len = book.overtime_for(stage).min * 60
    n = (t - book.regulation_seconds - 1) // ot_len + 1
    return book.regulation_seconds + n * ot_len


def _icing(book: Rulebook, t: int, score: dict[str, int], teams: dict[str, Any], in_ot: bool) -> bool:
    """GAME-4 (A-17): the final minute of regulation only; off for a lead of 3 or a short-handed leader."""
    ic = book.icing
    reg_end = book.regulation_seconds
    if in_ot and not ic.in_overtime:
        return False
    if not reg_end - ic.last_min * 60 <= t < reg_end:
        return False
    margin = abs(score["home"] - score["away"])
    if margin >= ic.off_margin:
        return False
    if margin == 0:
        return ic.when_tied == "both"
    leader = "home" if score["home"] > score["away"] else "away"
    return not (ic.off_if_leader_sh and teams[leader]["players_on_ice"] < teams[other(leader)]["players_on_ice"])


def check_on_ice(game: GameInput, book: Rulebook, t: int, side: str, players: list[str]) -> list[Violation]:
    """ICE-1..3, COED-1, COED-2: is this group allowed on the ice for `side` at `t`?"""
    comp, state = compute_until(game, book, t)
    live = live_state(game, book, t)["teams"][side]
    out: list[Violation] = []
    where = f"game {game.id} {side} on ice at {fmt_mmss(t)}"

    def flag(rule: str, message: str) -> None:
        out.append(Violation(rule, "block", message, book.section(rule), where))

    dressed = {d.player: d for d in game.lineups.get(side, [])}
    for pid in players:
        if pid not in dressed:
            flag("DATA-4", f"{pid} is not dressed for {side}")
        elif pid in comp.ejections:
            flag("ELIG-3", f"{dressed[pid].label()} was ejected ({comp.ejections[pid].rule})")
        elif comp.clock.in_box(pid, t):
            flag("ICE-4", f"{dressed[pid].label()} is serving a penalty")
    goalies = [p for p in players if p in dressed and dressed[p].goalie]
    count = len(players)
    allowed = live["players_on_ice"]
    in_ot = t > book.regulation_seconds
    if count > book.on_ice.max:
        flag("ICE-1", f"{count} players on the ice; at most {book.on_ice.max}, goalie included")
    elif count > allowed:
        rule = "ICE-3" if in_ot else "ICE-1"
        flag(rule, f"{count} players on the ice; {allowed} allowed now "
             f"({'4 skaters + goalie in overtime' if in_ot else 'full strength'} less penalties running)")
    if count < book.on_ice.min:
        flag("ICE-2", f"{count} players on the ice; at least {book.on_ice.min} (3 skaters + goalie, or 4 skaters)")
    if game.coed:
        skaters = [dressed[p] for p in players if p in dressed and not dressed[p].goalie]
        males = sum(1 for d in skaters if d.gender == "M")
        females = sum(1 for d in skaters if d.gender == "F")
        caps = book.coed
        base_m = (caps.overtime_with_goalie_m if in_ot else caps.with_goalie_m) if goalies else caps.no_goalie_m
        f_cap = caps.with_goalie_f if goalies else caps.no_goalie_f
        m_cap = max(0, base_m - live["males_serving"] * caps.male_serving_reduction)
        if males > base_m:
            flag("COED-1", f"{males} male skaters on the ice; at most {base_m} "
                 f"{'with a goalie' if goalies else 'without a goalie'}")
        elif males > m_cap:
            flag("COED-2", f"{males} male skaters on the ice; at most {m_cap} while {live['males_serving']} male(s) "
                 "serve a short-handed penalty")
        if females > f_cap:
            flag("COED-1", f"{females} female skaters on the ice; at most {f_cap}")
    return out
