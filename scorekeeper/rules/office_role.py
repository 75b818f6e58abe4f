"""Rule OFFICE: what only the office may do (its password), and the refusals that name it."""

from __future__ import annotations

from scorekeeper.rules.ids import OFFICE
from scorekeeper.rules.violation import Violation

SECTION = "office role"


def needs_office(what: str) -> Violation:
    """`what` (reopening, lifting, waiving, overriding, a team's merge...) is refused until the office unlocks."""
    return Violation(OFFICE, "block", f"{what} needs the office password", SECTION)


def import_needs_office(what: str, subject: str) -> Violation:
    """A season file's change the office password guards, refused while the office is locked."""
    return Violation(OFFICE, "block", f"the season file {what}: that needs the office password (unlock the office "
                     "first); nothing was written", SECTION, subject)


def override_needs_office() -> Violation:
    """Overriding a block is the office's act."""
    return Violation(OFFICE, "block", "overriding a block needs the office password", SECTION)


def event_never_overridden() -> Violation:
    """A block on an event the game cannot apply is never overridden: the entry is to be corrected."""
    return Violation(OFFICE, "block", "an event the game cannot apply is never overridden: correct the entry",
                     SECTION)


def is_office_refusal(v: Violation) -> bool:
    """The violation is the office's password refusal (the command line then asks for the password)."""
    return v.rule == OFFICE
