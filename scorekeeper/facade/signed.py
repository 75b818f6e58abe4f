"""What a reopen does to a signed game (issue 20): its signatures stay, marked as given before the correction of
the reopen's date, and the audit trail says so."""

from __future__ import annotations

import datetime as dt

from scorekeeper.db.models import GameSignature
from scorekeeper.facade.pipeline import AuditRecord
from scorekeeper.season_data import GameData
from scorekeeper.signature_values import current


def correction_line(date: str) -> str:
    """The words the audit trail and the game sheet give the signatures of a reopened game."""
    return f"signed before the correction of {date}"


def signed_before_correction(game: GameData, today: dt.date | None = None) -> tuple[str, AuditRecord] | None:
    """The reopen's date and its audit entry for a game with signatures that sign it as it is; None without."""
    signed = current(game.get("signatures"))
    if not signed:
        return None
    date = (today or dt.date.today()).isoformat()
    return date, AuditRecord(correction_line(date), game["id"],
                             [{"role": s["role"], "name": s["name"], "signed_at": s["signed_at"]} for s in signed],
                             {"before_correction": date})


def mark_before_correction(game_row: int, date: str) -> None:
    """Mark a game's signatures as given before the correction of `date` (the caller holds the transaction)."""
    (GameSignature.update(before_correction=date)
     .where((GameSignature.game == game_row) & GameSignature.before_correction.is_null()).execute())
