"""On the ice: how many a side may have, the co-ed caps, icing, stop time and an injured goalie's time.

A side has at most `on_ice.max` (goalie included) and never fewer than `on_ice.min`; in overtime the rulebook's
skaters plus a goalie. In a co-ed division the caps on men and women depend on the goalie being in, overtime, and
the men serving a penalty that leaves the side short-handed. Icing is called only in the rulebook's last minutes,
waved off for a large lead (where the rulebook has such a lead) or a short-handed leader, and, where the rulebook
lets a short-handed side ice the puck, not against that side.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.ejections import TAKES_NO_PART_RULE
from scorekeeper.rules.violation import Violation

TOO_MANY_RULE = "ICE-1"
TOO_FEW_RULE = "ICE-2"
OVERTIME_RULE = "ICE-3"
IN_BOX_RULE = "ICE-4"
CAPS_RULE = "COED-1"
MALE_SERVING_RULE = "COED-2"


@dataclass(frozen=True)
class CoedCaps:
    """A side's caps on male and female skaters: `base_m` before the men serving are taken off, `m` after."""

    base_m: int
    m: int
    f: int


def coed_caps(book: Rulebook, goalie: bool, in_ot: bool, males_serving: int) -> CoedCaps:
    caps = book.coed
    if goalie:
        base_m = caps.overtime_with_goalie_m if in_ot else caps.with_goalie_m
        f_cap = caps.with_goalie_f
    else:
        base_m, f_cap = caps.no_goalie_m, caps.no_goalie_f
    return CoedCaps(base_m, max(0, base_m - males_serving * caps.male_serving_reduction), f_cap)


def injured_goalie_minutes(book: Rulebook, backup: bool) -> int:
    """Minutes an injured goalie's side gets: none with a second goalie dressed, else time to recover plus time
    for a skater to dress as goalie."""
    if backup:
        return 0
    return book.injured_goalie.recover_min + book.injured_goalie.substitute_min


def stop_time(book: Rulebook, stage: str, t: int, period_end: int, in_ot: bool) -> bool:
    """The clock stops on whistles at `t` (the last minutes of the game or of an overtime period)."""
    last = (book.overtime_for(stage).stop_time_last_min if in_ot else book.clock.stop_time_last_min) * 60
    return last > 0 and period_end - last <= t < period_end


def icing(book: Rulebook, t: int, score: dict[str, int], on_ice: dict[str, int], in_ot: bool,
          period_end: int) -> bool:
    """Icing is called at `t`, in the last minutes of regulation (or, where the rulebook says so, of an overtime
    period ending at `period_end`); `on_ice`: players each side may have on the ice."""
    ic = book.icing
    if in_ot and not ic.in_overtime:
        return False
    end = period_end if in_ot else book.regulation_seconds
    if not end - ic.last_min * 60 <= t < end:
        return False
    margin = abs(score["home"] - score["away"])
    if ic.off_margin is not None and margin >= ic.off_margin:
        return False
    if margin == 0:
        return ic.when_tied == "both"
    leader = "home" if score["home"] > score["away"] else "away"
    trailer = "away" if leader == "home" else "home"
    return not (ic.off_if_leader_sh and on_ice[leader] < on_ice[trailer])


def icing_against(book: Rulebook, side: str, called: bool, on_ice: dict[str, int]) -> bool:
    """Icing is called against `side`: it is called now (`icing`), unless the rulebook lets a short-handed side
    ice the puck and `side` has fewer players on the ice than the other."""
    other = "away" if side == "home" else "home"
    return called and not (book.icing.short_handed_may_ice and on_ice[side] < on_ice[other])


def _v(book: Rulebook, rule: str, message: str) -> Violation:
    return Violation(rule, "block", message, book.section(rule))


def ejected_on_ice(book: Rulebook, who: str, rule: str) -> Violation:
    """An ejected player (`rule`: the rule that ejected) in a group on the ice."""
    return _v(book, TAKES_NO_PART_RULE, f"{who} was ejected ({rule})")


def in_box_on_ice(book: Rulebook, who: str) -> Violation:
    return _v(book, IN_BOX_RULE, f"{who} is serving a penalty")


def count_problems(book: Rulebook, stage: str, count: int, allowed: int, in_ot: bool) -> list[Violation]:
    """A group of `count` players where `allowed` may be on the ice now."""
    out = []
    if count > book.on_ice.max:
        out.append(_v(book, TOO_MANY_RULE, f"{count} players on the ice; at most {book.on_ice.max}, goalie included"))
    elif count > allowed:
        full = f"{book.overtime_for(stage).skaters} skaters + goalie in overtime" if in_ot else "full strength"
        out.append(_v(book, OVERTIME_RULE if in_ot else TOO_MANY_RULE, f"{count} players on the ice; {allowed} "
                      f"allowed now ({full} less penalties running)"))
    least = book.on_ice.min
    if count < least:
        out.append(_v(book, TOO_FEW_RULE, f"{count} players on the ice; at least {least} ({least - 1} skaters + "
                      f"goalie, or {least} skaters)"))
    return out


def coed_problems(book: Rulebook, males: int, females: int, goalie: bool, in_ot: bool,
                  males_serving: int) -> list[Violation]:
    """A co-ed group's male and female skaters against the caps."""
    caps = coed_caps(book, goalie, in_ot, males_serving)
    out = []
    if males > caps.base_m:
        out.append(_v(book, CAPS_RULE, f"{males} male skaters on the ice; at most {caps.base_m} "
                      f"{'with a goalie' if goalie else 'without a goalie'}"))
    elif males > caps.m:
        out.append(_v(book, MALE_SERVING_RULE, f"{males} male skaters on the ice; at most {caps.m} while "
                      f"{males_serving} male(s) serve a short-handed penalty"))
    if females > caps.f:
        out.append(_v(book, CAPS_RULE, f"{females} female skaters on the ice; at most {caps.f}"))
    return out
