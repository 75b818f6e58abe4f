"""The signatures part of the facade (issue 20): the referee, a linesman, and where the office wants each team's
captain or coach sign a game on the screen at its end. A signature is kept with the game (who, role, when, the
picture) and written as a change of the game, in one transaction, audited; the referee's signature locks the game
as final (a game not yet final is finished by it)."""

from __future__ import annotations

import copy
import datetime as dt

from scorekeeper.changes import EntryResult
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.games import Games, office_needed
from scorekeeper.facade.pipeline import AuditRecord, ChangeStep, Proposal
from scorekeeper.naming import game_name
from scorekeeper.results_records import SignatureEntry
from scorekeeper.rules.signing import signature_refused
from scorekeeper.season_data import SignatureData
from scorekeeper.signature_picture import PictureError, clean_png
from scorekeeper.signature_values import (
    NAME_LIMIT,
    ROLE_LABELS,
    SIGNATURE_ROLES,
    current,
    decode_png,
    encode_png,
)


def _refused(message: str, game_id: str) -> EntryResult:
    return EntryResult(False, [signature_refused(message, game_id)])


def signed_at_now() -> str:
    """The time a signature is given, to the second (the rink PC's local time, as the game's date is)."""
    return dt.datetime.now().replace(microsecond=0).isoformat()


@bound
class Signatures(Part):
    """Sign a game and read its signatures."""

    def __init__(self, core: Core, step: ChangeStep, games: Games) -> None:
        super().__init__(core)
        self.step = step
        self.games = games

    def signatures(self, game_id: str, season: str | None = None) -> list[SignatureEntry]:
        """A game's signatures, oldest first: {"role", "label", "name", "signed_at", "before_correction", "png"}
        (`before_correction`: the date of the reopen that followed it, "" when it signs the game as it is)."""
        game = self.games.game_dict(game_id, season, copy_it=False)
        return [{"role": s["role"], "label": ROLE_LABELS[s["role"]], "name": s["name"], "signed_at": s["signed_at"],
                 "before_correction": s.get("before_correction") or "", "png": decode_png(s["png_base64"]) or b""}
                for s in game.get("signatures") or []]

    def sign_game(self, game_id: str, role: str, name: str, png: bytes, confirm: bool = False,
                  season: str | None = None) -> EntryResult:
        """Record `name`'s signature as `role` (one of SIGNATURE_ROLES) with its PNG picture. The referee's
        signature finishes a game not yet final (its warnings need `confirm`, as Finish's do); the others sign a
        final game. A role signed already is signed again only by the office (its password), audited with the
        signature it replaces."""
        game = self.games.game_dict(game_id, season)
        name = " ".join(name.split())
        if role not in SIGNATURE_ROLES:
            raise ServiceError(f"no signature role {role!r} (one of {', '.join(SIGNATURE_ROLES)})")
        if not name or len(name) > NAME_LIMIT:
            return _refused(f"type the signer's name (1 to {NAME_LIMIT} characters) before signing", game_id)
        try:
            png = clean_png(png)  # issue 26.3: decoded whole within bounds; a clean PNG is what is stored
        except PictureError as exc:
            return _refused(f"game {game_name(game, game_id)}, {ROLE_LABELS[role].lower()}'s signature ({name}): "
                            f"{exc}", game_id)
        finishing = game.get("status") != "final"
        if finishing and role != "referee":
            return _refused(f"game {game_name(game, game_id)} is not final: the referee signs first (it finishes "
                            "the game), or finish it, before the other signatures", game_id)
        signatures = list(game.get("signatures") or [])
        earlier = next((s for s in current(signatures) if s["role"] == role), None)
        if earlier is not None:
            refused = office_needed(self.core, f"signing again as {ROLE_LABELS[role].lower()} (signed by "
                                               f"{earlier['name']} at {earlier['signed_at']})")
            if refused is not None:
                return refused
            signatures.remove(earlier)
        entry: SignatureData = {"role": role, "name": name, "signed_at": signed_at_now(), "png_base64": encode_png(png)}
        game["signatures"] = [*signatures, entry]
        before = copy.deepcopy({k: v for k, v in earlier.items() if k != "png_base64"}) if earlier else None
        after = {"role": role, "name": name, "signed_at": entry["signed_at"], "bytes": len(png)}
        if finishing:
            game["status"] = "final"
            after["finished"] = True
        action = "sign game again" if earlier is not None else "sign game"
        return self.step.propose(Proposal({"games": [game]}, allow_final=True, audit=AuditRecord(
            action, f"{game_id}/{role}", before, after)), confirm=confirm, season=season)
