"""Rule DATA-5: a final game takes no entries or edits except through a recorded reopen; and a game changed on
another PC since it was read takes no change made against the old one."""

from __future__ import annotations

from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.ids import DATA_5
from scorekeeper.rules.violation import Violation


def final_locked(book: Rulebook, name: str, game_id: str) -> Violation:
    """A change to final game `name` without a reopen."""
    return Violation(DATA_5, "block", f"game {name} is final and locked: reopen it (with a reason) to change it",
                     book.section(DATA_5), f"game {game_id}")


def reopen_needs_reason(book: Rulebook, game_id: str) -> Violation:
    """A reopen records why."""
    return Violation(DATA_5, "block", "reopening a final game needs a reason", book.section(DATA_5),
                     f"game {game_id}")


def changed_elsewhere(book: Rulebook, name: str, game_id: str) -> Violation:
    """An entry made against game `name` as it was read, when another PC (or window) has changed it since."""
    return Violation(DATA_5, "block", f"game {name} was changed on another PC since it was shown here; it has been "
                     "read again: check the entry and make it once more", book.section(DATA_5), f"game {game_id}")


def undo_overtaken(book: Rulebook, name: str, game_id: str, step: str) -> Violation:
    """An undo (or redo) `step` of game `name` refused: another PC changed the game since this window did."""
    return Violation(DATA_5, "block", f"game {name} was changed on another PC since this window last changed it: "
                     f"the {step} was refused and nothing was written (it would have undone that change); the game "
                     "has been read again and its undo list cleared", book.section(DATA_5), f"game {game_id}")
