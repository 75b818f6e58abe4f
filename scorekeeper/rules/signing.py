"""Rule SIGN: signatures go only on a final game, by the roles the rulebook names; the refusal that names it."""

from __future__ import annotations

from scorekeeper.rules.ids import SIGN
from scorekeeper.rules.violation import Violation


def signature_refused(message: str, game_id: str) -> Violation:
    """A signature of game `game_id` refused, saying why."""
    return Violation(SIGN, "block", message, "signatures", f"game {game_id}")
