"""The office password: a salted scrypt hash in the database; protects reopen, overrides, waivers, lifts.

Hashes are written as 'scrypt$N$r$p$<salt hex>$<hash hex>' at `COST` (N=2^17, r=8, p=1: 128 MiB, OWASP's
minimum). A stored hash below `FLOOR` (or absurdly above `CEILING`, which would exhaust memory) never verifies,
whatever its password. The one exception is `LEGACY`, the exact form earlier versions wrote (N=2^14, r=8, p=1,
a 16-byte salt, a 32-byte hash): it verifies and `needs_upgrade` says so, so the caller re-hashes it at once.

After wrong passwords the office waits: `backoff_seconds` grows with the refusals in a row, counted in the
database (so a script gains nothing by starting again).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Cost:
    """scrypt's parameters: N (CPU and memory), r (block size), p (parallelism)."""

    n: int
    r: int
    p: int

    @property
    def memory(self) -> int:
        """The bytes scrypt needs (OpenSSL's own count), the `maxmem` it must be allowed."""
        return 128 * self.r * (self.n + 2) + 128 * self.r * self.p


COST = Cost(2**17, 8, 1)  # new hashes; tests/conftest.py lowers it (with FLOOR) to keep the suite fast
FLOOR = Cost(2**17, 8, 1)  # a stored hash weaker than this never verifies (except LEGACY, upgraded at once)
CEILING = Cost(2**20, 32, 16)  # a stored hash stronger than this is refused rather than run (1 GiB at most)
LEGACY = Cost(2**14, 8, 1)
_LEGACY_FORM = re.compile(r"scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{64}")

FREE_ATTEMPTS = 3  # wrong passwords in a row before the office waits
MAX_WAIT = 15 * 60  # seconds: the longest wait, reached after about ten more wrong passwords
clock = time.time  # replaced in tests


def _scrypt(password: str, salt: bytes, cost: Cost, dklen: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=cost.n, r=cost.r, p=cost.p, dklen=dklen,
                          maxmem=cost.memory + 1024 * 1024)


def hash_password(password: str, salt: bytes | None = None) -> str:
    """'scrypt$<N>$<r>$<p>$<salt hex>$<hash hex>' at `COST`."""
    salt = salt or secrets.token_bytes(16)
    digest = _scrypt(password, salt, COST, 32)
    return f"scrypt${COST.n}${COST.r}${COST.p}${salt.hex()}${digest.hex()}"


def _parse(stored: str) -> tuple[Cost, bytes, bytes] | None:
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != "scrypt" or not all(re.fullmatch(r"[0-9]{1,8}", x) for x in parts[1:4]):
        return None
    try:
        salt, digest = bytes.fromhex(parts[4]), bytes.fromhex(parts[5])
    except ValueError:
        return None
    return Cost(int(parts[1]), int(parts[2]), int(parts[3])), salt, digest


def is_legacy(stored: str) -> bool:
    """The exact form earlier versions wrote (N=2^14): accepted once, then re-hashed at `COST`."""
    return _LEGACY_FORM.fullmatch(stored) is not None


def acceptable(stored: str) -> bool:
    """Whether a stored hash may be checked at all: the legacy form, or between FLOOR and CEILING with a salt
    of 16 bytes or more and a hash of 32 bytes or more."""
    if is_legacy(stored):
        return True
    parsed = _parse(stored)
    if parsed is None:
        return False
    cost, salt, digest = parsed
    return (FLOOR.n <= cost.n <= CEILING.n and cost.n & (cost.n - 1) == 0 and FLOOR.r <= cost.r <= CEILING.r
            and FLOOR.p <= cost.p <= CEILING.p and cost.memory <= CEILING.memory
            and len(salt) >= 16 and 32 <= len(digest) <= 64)


def verify_password(password: str, stored: str) -> bool:
    """True when `password` matches `stored`; a hash that is not `acceptable` never matches."""
    if not acceptable(stored):
        return False
    parsed = _parse(stored)
    assert parsed is not None
    cost, salt, digest = parsed
    try:
        got = _scrypt(password, salt, cost, len(digest))
    except (ValueError, MemoryError):
        return False
    return hmac.compare_digest(got, digest)


def needs_upgrade(stored: str) -> bool:
    """Whether a hash that verified should be written again at `COST` (the legacy form)."""
    return is_legacy(stored)


def backoff_seconds(refusals: int) -> int:
    """How long the office waits after `refusals` wrong passwords in a row: none for the first FREE_ATTEMPTS,
    then 2 s, 4 s, 8 s ... up to MAX_WAIT."""
    extra = refusals - FREE_ATTEMPTS
    return 0 if extra < 0 else min(MAX_WAIT, 2 ** min(extra + 1, 20))


def wait_text(seconds: float) -> str:
    """'8 seconds', '2 minutes 5 seconds'."""
    s = max(1, int(seconds + 0.999))
    minutes, rest = divmod(s, 60)
    parts = ([f"{minutes} minute" + ("s" if minutes != 1 else "")] if minutes else []) + (
        [f"{rest} second" + ("s" if rest != 1 else "")] if rest or not minutes else [])
    return " ".join(parts)
