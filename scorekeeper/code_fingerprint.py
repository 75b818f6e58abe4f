"""What a stored computation depends on besides its game: the engine's and the rules' code and the rulebook
(`engine.stored` keys the stored states by it). Light to import (issue 29.6): the games list checks the stored
summaries against it before the engine is imported."""

from __future__ import annotations

import hashlib
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper import __version__

if TYPE_CHECKING:
    from scorekeeper.rulebook.model import Rulebook


@cache
def engine_fingerprint() -> str:
    """What the engine's and the rules' code is: the hash of their source files (from a clone or an installed
    package), or the version of a frozen build (whose code changes only with its version)."""
    root = Path(__file__).resolve().parent
    if getattr(sys, "frozen", False) or not (root / "engine" / "computation.py").is_file():
        return f"version {__version__}"
    digest = hashlib.sha256()
    for path in sorted([*(root / "engine").glob("*.py"), *(root / "rules").glob("*.py"),
                        *(root / "rulebook").glob("*.py")]):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def book_fingerprint(book: Rulebook) -> str:
    """What a computation depends on besides its game: the engine's code and the rulebook (all of its values)."""
    return hashlib.sha256(f"{engine_fingerprint()}\0{book!r}".encode()).hexdigest()
