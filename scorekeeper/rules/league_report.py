"""The referee's post-game report to the league: which penalties go on it and why.

A penalty of a class that ejects, of an infraction the rulebook marks `report = true`, one that brought a game
misconduct, and a misconduct in the rulebook's last minutes of play (or after the game) are reported; a window of
0 minutes (`report_last_min = 0`) means the league has no such report, after the game included.
"""

from __future__ import annotations

from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.violation import Violation

REPORT_RULE = "PEN-REPORT-1"
LATE_MISCONDUCT_RULE = "PEN-MISC-2"

_reported: dict[int, tuple[Rulebook, frozenset[str]]] = {}
"""Per rulebook (by identity, kept alive with it), the infraction codes it reports: asked of every penalty each
time a game's state is finished."""


def _reported_codes(book: Rulebook) -> frozenset[str]:
    known = _reported.get(id(book))
    if known is None or known[0] is not book:
        known = _reported[id(book)] = (book, book.reported_codes())
    return known[1]


def report_reason(book: Rulebook, cls: str, code: str, added_gm: bool, late: bool) -> str | None:
    """Why a penalty goes on the report (None: it does not); `late` when it is a reported late misconduct."""
    if book.penalties.classes[cls].ejects:
        return cls.replace("_", " ")
    if code in _reported_codes(book):
        return code.replace("_", " ")
    if added_gm:
        return "game misconduct"
    if late:
        return "late misconduct"
    return None


def is_late_misconduct(book: Rulebook, cls: str, named: bool, post_game: bool, t: int, end_t: int) -> bool:
    """A player's misconduct in the final minutes of actual play (overtime included), or after the game; never
    where the rulebook's window is 0 (no late-misconduct report)."""
    window = book.penalties.report_last_min * 60
    return cls == "misconduct" and named and window > 0 and (post_game or t >= end_t - window)


def late_misconduct(book: Rulebook, who: str, post_game: bool, at: str) -> Violation:
    """The warning that `who`'s late misconduct (at game time `at`) is reported to the league."""
    when = "after the game" if post_game else f"at {at}, in the final {book.penalties.report_last_min} minutes of play"
    return Violation(LATE_MISCONDUCT_RULE, "warn", f"{who}'s misconduct {when} is reported to the league for further "
                     "discipline", book.section(LATE_MISCONDUCT_RULE))
