"""The rulebook's fingerprint (`code_fingerprint.book_fingerprint`) from its stored text, remembered on this PC
(issue 29.4). The games list compares the fingerprint stored with each final game's summary against the season's
rulebook's; computing it means importing the rulebook's model and parsing the text (some 35-45 ms of a window's
start), for a value that is a function of the text and the code alone. So the value is kept in a small file
named by the hash of exactly what it is a function of: the engine's and the rules' code (`engine_fingerprint`,
which covers the rulebook's parser and model), Python's version and the text. A changed text, a changed program
or another Python gives another name, and the rulebook is parsed as before; the file's content is
`book_fingerprint` of the parsed book, written only after that parse succeeded, so a remembered value is the one
the parse would give. Any file that cannot be read or holds no fingerprint is ignored.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import sys
from pathlib import Path

from scorekeeper.code_fingerprint import book_fingerprint, engine_fingerprint

STALE_SECONDS = 180 * 24 * 3600  # a remembered fingerprint not written for this long is removed
_HEX = re.compile(r"[0-9a-f]{64}")


def memo_folder() -> Path:
    """Beside the database records (`db.checked.records_folder`): `books` in this user's state folder."""
    from scorekeeper.db.checked import records_folder

    return records_folder().parent / "books"


def memo_path(text: str) -> Path:
    key = hashlib.sha256(f"{engine_fingerprint()}\0{sys.version}\0{text}".encode("utf-8", "surrogateescape"))
    return memo_folder() / f"{key.hexdigest()}.txt"


def text_fingerprint(text: str, origin: str) -> str | None:
    """`book_fingerprint` of the rulebook `text` parses to (None: the text is refused; `origin` names it as
    `parse_rulebook` does): remembered, else parsed, computed and remembered."""
    path = memo_path(text)
    with contextlib.suppress(OSError, UnicodeDecodeError):
        known = path.read_text(encoding="ascii").strip()
        if _HEX.fullmatch(known):
            return known
    from scorekeeper.rulebook import RulebookError, parse_rulebook

    try:
        found = book_fingerprint(parse_rulebook(text, origin=origin))
    except RulebookError:
        return None
    _remember(path, found)
    return found


def _remember(path: Path, fingerprint: str) -> None:
    """Write `fingerprint` at `path` whole (another process reads the old file or the new one, never a part:
    `scorekeeper.atomic`); nothing where the folder cannot be written."""
    from scorekeeper.atomic import write_atomically  # only when a fingerprint is first remembered

    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        _prune(path.parent)
        write_atomically(path, fingerprint)


def _prune(folder: Path) -> None:
    """At most once a day (`db.lock.prune_due`): remove fingerprints not written for `STALE_SECONDS` (rulebooks
    and program versions long gone)."""
    from scorekeeper.db.lock import prune_due, stale_files

    if prune_due(folder):
        for p in stale_files(folder, "*.txt", STALE_SECONDS):
            with contextlib.suppress(OSError):
                p.unlink()
