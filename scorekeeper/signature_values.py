"""Signatures given on the screen at the end of a game (issue 20), as the season file carries them: a game's
`signatures`, a list of {"role", "name", "signed_at", "png_base64"} (and "before_correction" once the game was
reopened after them). Plain values: the roles, the limits and the checks, shared by the season file, the facade
and the window."""

from __future__ import annotations

import base64
import binascii
import datetime as dt
from collections.abc import Sequence

from scorekeeper.json_value import JsonObject
from scorekeeper.records import Signature
from scorekeeper.season_data import GameData, SignatureData
from scorekeeper.season_file.plans import keys_of, plan_of, plans

SIGNATURE_ROLES: tuple[str, ...] = plan_of(Signature)["role"].choices  # as the declaration has them
ROLE_LABELS = {"referee": "Referee", "linesman": "Linesman", "captain-home": "Captain (home)",
               "captain-away": "Captain (away)", "coach-home": "Coach (home)", "coach-away": "Coach (away)"}
SIGNATURE_KEYS = tuple(set(keys) for keys in keys_of(Signature))  # (required, optional)
MAX_PNG_BYTES = 200 * 1024  # one signature's picture, at most
MAX_SIGNATURES = 32  # of one game (every correction keeps the signatures before it)
NAME_LIMIT = 80
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ORDER = [p.key for p in plans(Signature)]  # the declaration's order, the order export writes


def png_problem(png: bytes) -> str | None:
    """Why `png` cannot be a signature's picture; None when it can."""
    if not png.startswith(PNG_MAGIC):
        return "the signature is not a PNG picture"
    if len(png) > MAX_PNG_BYTES:
        return f"the signature's picture is {len(png) // 1024} KB; at most {MAX_PNG_BYTES // 1024} KB"
    return None


def decode_png(text: str) -> bytes | None:
    """The bytes of a `png_base64`, or None when it is not base64."""
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        return None


def encode_png(png: bytes) -> str:
    return base64.b64encode(png).decode("ascii")


def _is_time(text: object) -> bool:
    if not isinstance(text, str):
        return False
    try:
        dt.datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def _is_date(text: object) -> bool:
    if not isinstance(text, str):
        return False
    try:
        dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def signature_problems(signatures: object, where: str) -> list[tuple[str, str]]:
    """(where, what) for each fault of a game's `signatures` (docs/season-file.md); unknown keys included."""
    if signatures is None:
        return []
    if not isinstance(signatures, list):
        return [(f"{where}.signatures", "signatures must be a list of {\"role\", \"name\", \"signed_at\", "
                                        "\"png_base64\"}")]
    if len(signatures) > MAX_SIGNATURES:
        return [(f"{where}.signatures", f"a game holds at most {MAX_SIGNATURES} signatures")]
    out: list[tuple[str, str]] = []
    required, optional = SIGNATURE_KEYS
    for i, s in enumerate(signatures):
        at = f"{where}.signatures[{i}]"
        if not isinstance(s, dict):
            out.append((at, "a signature must be a JSON object with role, name, signed_at and png_base64"))
            continue
        out += [(f"{at}.{k}", f"unknown key {k!r} in a signature (a typo?)") for k in sorted(set(s) - required
                                                                                            - optional)]
        out += [(at, f"a signature needs {k!r}") for k in sorted(required - set(s))]
        if set(s) < required:
            continue
        if s["role"] not in SIGNATURE_ROLES:
            out.append((f"{at}.role", f"role must be one of {', '.join(SIGNATURE_ROLES)} (got {s['role']!r})"))
        if not (isinstance(s["name"], str) and s["name"].strip() and len(s["name"]) <= NAME_LIMIT):
            out.append((f"{at}.name", f"name must be a text of 1 to {NAME_LIMIT} characters (got {s['name']!r})"))
        if not _is_time(s["signed_at"]):
            out.append((f"{at}.signed_at", f"signed_at must be a date and time, e.g. \"2026-01-17T21:05:00\" "
                                           f"(got {s['signed_at']!r})"))
        if "before_correction" in s and not _is_date(s["before_correction"]):
            out.append((f"{at}.before_correction", "before_correction must be a date YYYY-MM-DD"))
        text = s["png_base64"]
        png = decode_png(text) if isinstance(text, str) and len(text) <= MAX_PNG_BYTES * 4 // 3 + 4 else None
        if png is None:
            out.append((f"{at}.png_base64", "png_base64 must be the base64 of a PNG picture of at most "
                                            f"{MAX_PNG_BYTES // 1024} KB"))
        elif (problem := png_problem(png)) is not None:
            out.append((f"{at}.png_base64", problem))
    return out


def norm_signature(s: JsonObject) -> JsonObject:
    """A signature's keys in the contract's order, nothing else."""
    return {k: s[k] for k in ORDER if s.get(k) is not None}


def current(signatures: Sequence[SignatureData] | None) -> list[SignatureData]:
    """The signatures that sign the game as it is (not those given before a correction)."""
    return [s for s in signatures or [] if not s.get("before_correction")]


def referee_signed(game: GameData) -> bool:
    """Whether the referee's signature locks the game as it is."""
    return any(s["role"] == "referee" for s in current(game.get("signatures")))
