"""A signature signs a final game (issue 26): a new signature that signs the game as it is (not one marked
`before_correction`) is stored only with a game that is final, or that the referee's signature finishes in the
window. Anything else (a season file's signature on a scheduled game) is refused, naming the game and the role:
it would claim a game was signed that was never finished, and keep its real referee from signing."""

from __future__ import annotations

from scorekeeper.naming import game_name
from scorekeeper.rules.ids import SIGN
from scorekeeper.rules.violation import Violation
from scorekeeper.season_data import GameData, SignatureData

SIGN_RULE = SIGN


def unfinished_signatures(where: str, game: GameData, old: GameData | None) -> list[Violation]:
    """A block for each signature `game` brings that would sign it as it is while it is not final: one its stored
    form `old` lacks, or any where `old` is final (a reopen marks its signatures `before_correction`)."""
    if game.get("status", "final") == "final":
        return []
    kept: list[SignatureData] = []
    if old and old.get("status", "final") != "final":
        kept = old.get("signatures") or []
    return [Violation(SIGN_RULE, "block", f"game {game_name(game)} is not final: its signature as {s['role']} "
                      f"({s['name']}, signed {s['signed_at']}) is stored only with a final game; finish the game "
                      "first (the referee's signature in the window finishes it), or leave the signature out",
                      "signatures", f"{where}.signatures[{n}]")
            for n, s in enumerate(game.get("signatures") or []) if not s.get("before_correction") and s not in kept]
