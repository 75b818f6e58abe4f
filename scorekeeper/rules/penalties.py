"""Penalties: what a penalty entry means under the rulebook, and who serves it.

An entry names an infraction code and perhaps a class; the rulebook gives its class, minutes in the box and
penalty minutes, whether the team plays short and whether a goal ends it. A goalie's penalties of the classes
the rulebook names are served by a teammate, a bench penalty by a skater the team names, an ejected player's
short-handed penalty by a substitute. One server's penalties given at the same instant are served major first
(as in hockey's rule books), then the minor, then the misconduct; otherwise in the order given. An infraction the
rulebook marks `double_minor`, given in its default class, is two such penalties served back to back.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rulebook.model import Infraction, PenaltyClass, Rulebook
from scorekeeper.rules.ejections import EjectionVerdict, PenaltyCounts, bench_penalty, judge_ejection
from scorekeeper.rules.infraction_lookup import unknown_infraction
from scorekeeper.rules.violation import Violation

UNKNOWN_CODE_RULE = "PEN-GEN-1"
COED_ONLY_RULE = "COED-3"
GOALIE_SERVER_RULE = "PEN-GOALIE-1"
BENCH_SERVER_RULE = "PEN-BENCH-1"
SERVE_ORDER = {"major": 0, "match": 0, "minor": 1, "bench_minor": 1, "misconduct": 2}


@dataclass(frozen=True)
class PenaltyCall:
    """A penalty entry's infraction and the class it is given in."""

    infraction: Infraction
    cls: str


@dataclass(frozen=True)
class PenaltyVerdict:
    """A penalty as the rulebook reads it: minutes in the box, penalty minutes, its class's reading on the ice,
    the rank it is served in at one instant, and what it means for the player (ejection, game misconduct)."""

    minutes: int
    pim: int
    klass: PenaltyClass
    rank: int
    ejection: EjectionVerdict


def read_call(book: Rulebook, code: object, cls: object, coed: bool) -> PenaltyCall | Violation:
    """The infraction and class of a penalty entry, or why the entry is refused."""
    inf = book.infractions.get(code) if isinstance(code, str) else None
    if inf is None:
        return Violation(UNKNOWN_CODE_RULE, "block", unknown_infraction(book.infractions, code),
                         book.section(UNKNOWN_CODE_RULE))
    given = cls or inf.cls
    if given not in inf.classes():
        return Violation(inf.rule, "block", f"{inf.name} ({code}) is given as {', '.join(inf.classes())}, "
                         f"not {given}", book.section(inf.rule))
    if inf.coed_only and not coed:
        return Violation(COED_ONLY_RULE, "block", f"{inf.name} ({code}) exists only in co-ed divisions",
                         book.section(COED_ONLY_RULE))
    return PenaltyCall(inf, str(given))


def judge_penalty(book: Rulebook, call: PenaltyCall, counts: PenaltyCounts | None) -> PenaltyVerdict:
    """The verdict on a penalty; `counts` are the named player's penalties so far (None: a bench penalty)."""
    inf, cls = call.infraction, call.cls
    minutes = book.penalty_minutes(inf, cls)
    klass = book.penalties.classes[cls]
    parts = book.penalty_parts(inf, cls)  # a double minor counts its class's penalty minutes twice
    # an infraction's own minutes are its penalty minutes
    pim = klass.pim * parts if minutes == klass.min * parts else minutes
    ejection = bench_penalty(book, inf) if counts is None else judge_ejection(book, inf, cls, counts)
    if ejection.added_gm and book.penalties.added_gm_counts_pim:
        pim += book.penalties.game_misconduct_pim
    return PenaltyVerdict(minutes, pim, klass, SERVE_ORDER.get(cls, 1), ejection)


def server_problem(book: Rulebook, *, goalie_offender: bool, bench: bool, server: str, server_is_goalie: bool,
                   server_in_box: bool) -> Violation | None:
    """Why the player named to serve (`server`, a label) cannot serve a goalie's or the bench's penalty."""
    if server_is_goalie and (goalie_offender or bench):
        rule = GOALIE_SERVER_RULE if goalie_offender else BENCH_SERVER_RULE
        whose = "the goalie" if goalie_offender else "the bench"
        return Violation(rule, "block", f"{server} is a goalie and cannot serve {whose}'s penalty; name a skater "
                         "who was on the ice", book.section(rule))
    if goalie_offender and server_in_box:
        return Violation(GOALIE_SERVER_RULE, "block", f"{server} is in the penalty box and cannot serve the "
                         "goalie's penalty; name a teammate who was on the ice", book.section(GOALIE_SERVER_RULE))
    return None


def server_kind(book: Rulebook, cls: str, *, named: bool, bench: bool, goalie_offender: bool,
                ejected: bool) -> str:
    """Who sits in the box: 'named' (the player the entry names), 'bench' (a skater for the bench), 'teammate'
    (for a goalie), 'substitute' (for an ejected player) or 'offender'."""
    if named:
        return "named"
    if bench:
        return "bench"
    if goalie_offender and cls in book.penalties.goalie_served_by_teammate:
        return "teammate"
    if ejected and book.penalties.classes[cls].short_handed:
        return "substitute"
    return "offender"


def repeat_warning(book: Rulebook, inf: Infraction, team: str) -> Violation | None:
    """A team's repeat of an infraction the rulebook warns about (`repeat_warning`); `team` is its label."""
    if inf.repeat_warning is None:
        return None
    what = inf.name[:1].lower() + inf.name[1:]
    return Violation(inf.rule, "warn", f"{team} was warned for {what} earlier in this game: {inf.repeat_warning}",
                     book.section(inf.rule))
