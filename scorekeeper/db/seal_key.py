"""Where the secret that keys a database's seals is kept: outside the database, on this PC (issue 26.4).

One random 32-byte secret per database, named by the database's random id (the `meta` row `seal_id`). It is kept
in the operating system's keyring (service `scorekeeper-seals`, account: the id) through `keyring`; where no
keyring backend works (CI, a headless Linux) in a file readable only by its owner (0600),
`<user data folder>/seals/<id>`. With $SCOREKEEPER_SEAL_DIR set, the file in that folder is used and the keyring
is never touched (the tests set it).
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

SEAL_DIR_ENV = "SCOREKEEPER_SEAL_DIR"
KEYRING_SERVICE = "scorekeeper-seals"
_ID = re.compile(r"[0-9a-f]{32}")
_known: dict[str, bytes] = {}  # id -> secret, read once per process


def new_id() -> str:
    return secrets.token_hex(16)


def folder() -> Path:
    given = os.environ.get(SEAL_DIR_ENV)
    if given:
        return Path(given)
    from platformdirs import user_data_dir

    return Path(user_data_dir("scorekeeper", appauthor=False)) / "seals"


def _keyring() -> object | None:
    """The keyring module when a real backend works and no seal folder is forced, else None."""
    if os.environ.get(SEAL_DIR_ENV):
        return None
    try:
        import keyring
        from keyring.backends import fail, null

        backend = keyring.get_keyring()
    except Exception:  # no keyring, or a broken backend configuration
        return None
    return None if isinstance(backend, fail.Keyring | null.Keyring) else keyring


def _decode(text: str | None) -> bytes | None:
    if not text or not re.fullmatch(r"[0-9a-f]{64}", text.strip()):
        return None
    return bytes.fromhex(text.strip())


def load(db_id: str) -> bytes | None:
    """The secret of database `db_id` kept on this PC, or None (the key is on another PC, or was wiped)."""
    if not _ID.fullmatch(db_id or ""):
        return None
    if db_id in _known:
        return _known[db_id]
    found: bytes | None = None
    try:
        found = _decode((folder() / db_id).read_text(encoding="ascii"))
    except (OSError, UnicodeDecodeError):
        found = None
    ring = _keyring() if found is None else None
    if ring is not None:
        try:
            found = _decode(ring.get_password(KEYRING_SERVICE, db_id))  # type: ignore[attr-defined]
        except Exception:  # a keyring that fails to answer keeps nothing
            found = None
    if found is not None:
        _known[db_id] = found
    return found


def create(db_id: str) -> bytes:
    """A new secret for database `db_id`, kept in the keyring, else in a 0600 file (OSError: neither works)."""
    secret = secrets.token_bytes(32)
    ring = _keyring()
    kept = False
    if ring is not None:
        try:
            ring.set_password(KEYRING_SERVICE, db_id, secret.hex())  # type: ignore[attr-defined]
            kept = _decode(ring.get_password(KEYRING_SERVICE, db_id)) == secret  # type: ignore[attr-defined]
        except Exception:
            kept = False
    if not kept:
        place = folder()
        place.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = place / db_id
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, secret.hex().encode("ascii"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(path, 0o600)
    _known[db_id] = secret
    return secret


def forget_cache() -> None:
    """Read the secrets again from where they are kept (tests that wipe them)."""
    _known.clear()
