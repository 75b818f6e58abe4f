"""The live state at a moment of a game: who may be on the ice, the box, icing, stop time, goalie time, and the
check of a declared on-ice group. The rules are read in `scorekeeper.rules.on_ice`."""

from __future__ import annotations

from dataclasses import replace
from typing import TypedDict

from scorekeeper.engine.computation import _Computation, compute_until
from scorekeeper.engine.events import SIDES, GameInput
from scorekeeper.engine.state import GameState
from scorekeeper.engine.timefmt import fmt_mmss
from scorekeeper.results_records import BoxEntry, LiveState, TeamOnIce, WaitingEntry
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules import entry_data, on_ice, overtime
from scorekeeper.rules.violation import Violation


class _Side(TypedDict):
    """A side at the boards now, but for the icing (`TeamOnIce` once that is known)."""

    players_on_ice: int
    skaters: int
    goalie: str | None
    box: list[BoxEntry]
    waiting: list[WaitingEntry]
    males_max: int | None
    females_max: int | None
    males_serving: int
    timeouts_left: int
    injured_goalie_minutes: int


def live_state(game: GameInput, book: Rulebook, t: int,
               computed: tuple[_Computation, GameState] | None = None) -> LiveState:
    """Everything the scorekeeper at the boards needs to see at game time `t` (seconds); `computed`: the game's
    computation at `t` when already at hand (`LiveGame.until`), else it is computed from the first event."""
    comp, state = computed if computed is not None else compute_until(game, book, t)
    clock = comp.clock
    reg_end = book.regulation_seconds
    in_ot = t > reg_end
    period = book.clock.periods + 1 if in_ot else book.clock.periods
    sides: dict[str, _Side] = {}
    for side in SIDES:
        players = clock.on_ice(side, t)
        goalie = comp.goalie_in[side]
        skaters = players - (1 if goalie else 0)
        males_serving = 0
        box: list[BoxEntry] = []
        for s in clock.running_for(side):
            d = game.dressed(side, s.server)
            if s.short_handed and d is not None and d.gender == "M":
                males_serving += 1
            assert s.start is not None
            box.append({"player": s.offender, "served_by": s.server if d else None, "starts": fmt_mmss(s.start),
                        "ends": fmt_mmss(s.nominal_end), "remaining": fmt_mmss(max(0, s.nominal_end - t)),
                        "short_handed": s.short_handed, "releasable": s.releasable,
                        "offset": s.offset})
        waiting: list[WaitingEntry] = [{"player": s.offender, "assessed": fmt_mmss(s.assessed)}
                   for s in clock.pending if s.side == side]
        caps = on_ice.coed_caps(book, bool(goalie), in_ot, males_serving)
        backup = sum(1 for d in game.lineups.get(side, []) if d.goalie) >= 2
        used = state.timeouts[side]
        sides[side] = {
            "players_on_ice": players, "skaters": skaters, "goalie": goalie, "box": box, "waiting": waiting,
            "males_max": min(caps.m, skaters) if game.coed else None,
            "females_max": min(caps.f, skaters) if game.coed else None,
            "males_serving": males_serving,
            "timeouts_left": max(0, overtime.timeouts_allowed(book, game.stage, t, period) - used),
            "injured_goalie_minutes": on_ice.injured_goalie_minutes(book, backup),
        }
    score = state.score
    period_end = reg_end if not in_ot else comp_period_end(book, game.stage, t)
    stop_time = on_ice.stop_time(book, game.stage, t, period_end, in_ot)
    players_on_ice = {s: sides[s]["players_on_ice"] for s in SIDES}
    called = on_ice.icing(book, t, score, players_on_ice, in_ot, period_end)
    # against whom: a short-handed side may ice the puck where the rulebook says so
    teams: dict[str, TeamOnIce] = {
        side: {**sides[side], "icing": on_ice.icing_against(book, side, called, players_on_ice)} for side in SIDES}
    icing = any(teams[side]["icing"] for side in SIDES)
    return {"t": fmt_mmss(t), "score": dict(score), "over": state.over, "stop_time": stop_time, "icing": icing,
            "strength": f"{teams['home']['players_on_ice']}-on-{teams['away']['players_on_ice']}",
            # as the rulebook and a rink say it: skaters, the goalies not counted (GAME-2's OT "4-on-4", ICE-3)
            "skaters_strength": f"{teams['home']['skaters']}-on-{teams['away']['skaters']}",
            "teams": teams}


def comp_period_end(book: Rulebook, stage: str, t: int) -> int:
    ot_len = book.overtime_for(stage).min * 60
    n = (t - book.regulation_seconds - 1) // ot_len + 1
    return book.regulation_seconds + n * ot_len


def check_on_ice(game: GameInput, book: Rulebook, t: int, side: str, players: list[str]) -> list[Violation]:
    """Is this group allowed on the ice for `side` at `t`? The violations it breaks."""
    comp, state = compute_until(game, book, t)
    live = live_state(game, book, t)["teams"][side]
    out: list[Violation] = []
    where = f"game {game.id} {side} on ice at {fmt_mmss(t)}"
    dressed = {d.player: d for d in game.lineups.get(side, [])}
    for pid in players:
        if pid not in dressed:
            team = game.name(game.home if side == "home" else game.away)
            out.append(entry_data.on_ice_not_dressed(book, game.name(pid), team, pid))
        elif pid in comp.ejections:
            out.append(on_ice.ejected_on_ice(book, dressed[pid].label(), comp.ejections[pid].rule))
        elif comp.clock.in_box(pid, t):
            out.append(on_ice.in_box_on_ice(book, dressed[pid].label()))
    goalies = [p for p in players if p in dressed and dressed[p].goalie]
    in_ot = t > book.regulation_seconds
    out.extend(on_ice.count_problems(book, game.stage, len(players), live["players_on_ice"], in_ot))
    if game.coed:
        skaters = [dressed[p] for p in players if p in dressed and not dressed[p].goalie]
        males = sum(1 for d in skaters if d.gender == "M")
        females = sum(1 for d in skaters if d.gender == "F")
        out.extend(on_ice.coed_problems(book, males, females, bool(goalies), in_ot, live["males_serving"]))
    return [replace(v, where=where) for v in out]
