"""Ejections: which penalty puts a player out of the game, under which rule, and what follows from it.

A player is ejected by an infraction that ejects (fighting...), by the major or misconduct of the rulebook's
count in one game (the second-major and second-misconduct rules, each with a game misconduct), by a class that
ejects (game, gross misconduct, match), or by the penalty of the rulebook's count (the third-penalty rule).
An ejected player takes no further part in the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rulebook.model import Infraction, Rulebook
from scorekeeper.rules.violation import Violation

MAJORS_RULE = "PEN-MAJOR-2"
MISCONDUCTS_RULE = "PEN-MISC-3"
COUNT_RULE = "PEN-GEN-3"
GAME_MISCONDUCT_RULE = "PEN-GM-1"
TAKES_NO_PART_RULE = "ELIG-3"
CLASS_RULE = {"game_misconduct": GAME_MISCONDUCT_RULE, "gross_misconduct": "PEN-GROSS-1", "match": "PEN-MATCH-1"}
# the discipline rows (by trigger) set off by the major or misconduct of the rulebook's count
REPEAT_TRIGGER = {"major": "second_major", "misconduct": "second_misconduct"}


@dataclass(frozen=True)
class PenaltyCounts:
    """One player's penalties so far in a game: all counted ones, majors, misconducts."""

    penalties: int = 0
    majors: int = 0
    misconducts: int = 0


@dataclass(frozen=True)
class EjectionVerdict:
    """What a player's penalty means beyond its minutes: the rule that ejects (None: not ejected), whether a game
    misconduct is added, the discipline trigger of a repeat (the major or misconduct of the count) and the
    player's counts after it."""

    rule: str | None
    added_gm: bool
    repeat: str | None
    counts: PenaltyCounts


def _at(count: int, limit: int) -> bool:
    return bool(limit) and count == limit


def judge_ejection(book: Rulebook, inf: Infraction, cls: str, before: PenaltyCounts) -> EjectionVerdict:
    """A named player's penalty of infraction `inf` given in class `cls`, after the player's `before` counts."""
    pen = book.penalties
    klass = pen.classes[cls]
    counted = cls != "bench_minor" or pen.count_bench_minors
    counts = PenaltyCounts(before.penalties + counted, before.majors + (cls == "major"),
                           before.misconducts + (cls == "misconduct"))
    majors_reached = cls == "major" and _at(counts.majors, pen.ejection_at_majors)
    miscs_reached = cls == "misconduct" and _at(counts.misconducts, pen.ejection_at_misconducts)
    repeat = REPEAT_TRIGGER[cls] if majors_reached or miscs_reached else None
    added_gm = adds_game_misconduct(book, inf)
    rule: str | None = None
    if inf.ejects:
        rule = inf.rule
    elif majors_reached:
        rule, added_gm = MAJORS_RULE, added_gm or _repeat_adds_gm(book, repeat)
    elif miscs_reached:
        rule, added_gm = MISCONDUCTS_RULE, added_gm or _repeat_adds_gm(book, repeat)
    elif klass.ejects:
        rule = CLASS_RULE.get(cls, inf.rule)
    elif cls == "major" and klass.first_adds_gm:
        added_gm = True
    elif counted and _at(counts.penalties, pen.ejection_at_count):
        rule = COUNT_RULE
    if added_gm and rule is None:
        rule = GAME_MISCONDUCT_RULE
    return EjectionVerdict(rule, added_gm, repeat, counts)


def adds_game_misconduct(book: Rulebook, inf: Infraction) -> bool:
    """The infraction, or the discipline row it sets off, brings a game misconduct."""
    row = book.discipline_row(inf.trigger) if inf.trigger else None
    return inf.adds_gm or bool(row and row.adds_gm)


def _repeat_adds_gm(book: Rulebook, trigger: str | None) -> bool:
    """The repeat's discipline row brings a game misconduct (without a row, it does)."""
    row = book.discipline_row(trigger) if trigger else None
    return row.adds_gm if row else True


def bench_penalty(book: Rulebook, inf: Infraction) -> EjectionVerdict:
    """A penalty with no player named (the bench's): nobody is ejected; an infraction's game misconduct stays."""
    return EjectionVerdict(None, adds_game_misconduct(book, inf), None, PenaltyCounts())


def takes_no_part(book: Rulebook, role: str, who: str, at: str, rule: str) -> Violation:
    """An ejected player named in a later entry (`at`: the time of the ejection, `rule`: the rule that ejected)."""
    return Violation(TAKES_NO_PART_RULE, "block", f"the {role} {who} was ejected at {at} ({rule}) and cannot appear "
                     "in later entries", book.section(TAKES_NO_PART_RULE))


def ejected_cannot_serve(book: Rulebook, rule: str, who: str) -> Violation:
    """An ejected player named to serve his own short-handed penalty: a substitute serves it."""
    return Violation(rule, "warn", f"{who} is ejected and cannot serve the penalty: a substitute serves it",
                     book.section(rule))
