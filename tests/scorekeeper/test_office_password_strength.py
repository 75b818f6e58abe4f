"""Issue 14, part 4: the office password hash is at OWASP's cost (scrypt N=2^17, r=8, p=1) by default, a weaker
hash written into the database never verifies, the form earlier versions wrote is upgraded on the next unlock,
and wrong passwords make the office wait, counted in the database (across processes)."""

from __future__ import annotations

import hashlib
import secrets
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import office
from scorekeeper.db.models import AuditEntry, Meta
from scorekeeper.db.seal_mac import seal_password, seal_refusals
from scorekeeper.services import ServiceError, Services


@pytest.fixture
def real_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo tests/conftest.py's fast hashing: the cost and floor the program ships with."""
    monkeypatch.setattr(office, "COST", office.DEFAULT_COST)  # type: ignore[attr-defined]
    monkeypatch.setattr(office, "FLOOR", office.DEFAULT_FLOOR)  # type: ignore[attr-defined]


@pytest.fixture
def svc(tmp_path: Path):
    s = Services.open(str(tmp_path / "league.db"))
    yield s
    s.close()


def _hash(password: str, n: int, r: int = 8, p: int = 1, salt: bytes | None = None) -> str:
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=n, r=r, p=p, dklen=32, maxmem=2**28)
    return f"scrypt${n}${r}${p}${salt.hex()}${digest.hex()}"


def _stored() -> str:
    return str(Meta.get(Meta.key == "office_password").value)


def _put(value: str) -> None:
    """A hash as a program wrote it (sealed: issue 26.4; migration 10 seals the hash an earlier version wrote)."""
    Meta.update(value=value).where(Meta.key == "office_password").execute()
    seal_password()


def test_default_cost_is_owasp_minimum_scrypt_n_2_17_r_8_p_1(real_cost: None, svc: Services):
    assert (office.COST.n, office.COST.r, office.COST.p) == (2**17, 8, 1)
    assert office.COST.memory >= 128 * 2**20  # 128 MiB: hashlib's default maxmem (32 MiB) had to be raised
    svc.set_office_password("rink-office-1")
    kind, n, r, p, salt, digest = _stored().split("$")
    assert (kind, int(n), int(r), int(p), len(salt), len(digest)) == ("scrypt", 2**17, 8, 1, 32, 64)
    svc.lock_office()
    assert svc.unlock_office("rink-office-1")


def test_hash_below_the_floor_never_verifies_even_with_the_right_password(real_cost: None, svc: Services):
    svc.set_office_password("rink-office-1")
    for weak in (_hash("letmein", 2**16), _hash("letmein", 2**17, r=4), _hash("letmein", 2**10),
                 _hash("letmein", 2), _hash("letmein", 2**14, salt=b"short")):
        _put(weak)
        svc.lock_office()
        assert not svc.unlock_office("letmein"), weak
        assert not svc.office_unlocked
        Meta.delete().where(Meta.key == "office_refusals").execute()
        seal_refusals()  # as the program clears it (issue 26.4: a counter deleted behind its seal counts as many)
    assert office.verify_password("letmein", _hash("letmein", 2**17))


def test_absurd_cost_in_the_database_is_refused_not_run(real_cost: None):
    salt, digest = secrets.token_hex(16), secrets.token_hex(32)
    for n, r, p in ((2**30, 8, 1), (2**17, 10**6, 1), (2**17, 8, 10**4), (3 * 2**16, 8, 1)):
        assert not office.acceptable(f"scrypt${n}${r}${p}${salt}${digest}")
    for junk in ("", "scrypt", "bcrypt$1$2$3$aa$bb", "scrypt$x$8$1$aa$bb", "scrypt$131072$8$1$zz$00",
                 "scrypt$131072$8$1$" + salt + "$" + digest + "$extra"):
        assert not office.verify_password("x", junk)


def test_legacy_hash_verifies_once_and_is_upgraded_in_the_same_unlock(real_cost: None, svc: Services):
    svc.set_office_password("rink-office-1")
    legacy = _hash("old-office-pw", 2**14)
    assert office.is_legacy(legacy)
    _put(legacy)
    svc.lock_office()
    assert svc.unlock_office("old-office-pw")
    upgraded = _stored()
    assert upgraded.startswith("scrypt$131072$8$1$") and office.verify_password("old-office-pw", upgraded)
    assert AuditEntry.select().where(AuditEntry.action == "office password hash upgraded").count() == 1
    svc.lock_office()
    assert svc.unlock_office("old-office-pw")  # still the same password, now at today's cost
    assert AuditEntry.select().where(AuditEntry.action == "office password hash upgraded").count() == 1


def test_legacy_form_is_only_the_exact_old_parameters(real_cost: None):
    assert not office.acceptable(_hash("pw", 2**14, r=4))
    assert not office.acceptable(_hash("pw", 2**14, p=2))
    assert not office.acceptable(_hash("pw", 2**13))
    assert not office.acceptable(_hash("pw", 2**14).upper())


def test_wrong_legacy_password_does_not_upgrade(real_cost: None, svc: Services):
    svc.set_office_password("rink-office-1")
    legacy = _hash("old-office-pw", 2**14)
    _put(legacy)
    svc.lock_office()
    assert not svc.unlock_office("guess-1")
    assert _stored() == legacy


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=40))
def test_hash_round_trips_and_only_the_password_verifies(password: str):
    stored = office.hash_password(password)
    assert office.verify_password(password, stored)
    assert not office.verify_password(password + "x", stored)


def test_backoff_grows_after_free_attempts_and_is_capped():
    waits = [office.backoff_seconds(n) for n in range(40)]
    assert waits[:office.FREE_ATTEMPTS] == [0] * office.FREE_ATTEMPTS
    assert all(b >= a for a, b in zip(waits, waits[1:], strict=False))
    assert waits[office.FREE_ATTEMPTS + 1] > waits[office.FREE_ATTEMPTS] > 0
    assert max(waits) == office.MAX_WAIT


def test_wrong_passwords_make_the_office_wait_with_a_message(svc: Services, monkeypatch: pytest.MonkeyPatch):
    now = [1_000_000.0]
    monkeypatch.setattr(office, "clock", lambda: now[0])
    svc.set_office_password("rink-office-1")
    svc.lock_office()
    for _ in range(office.FREE_ATTEMPTS):
        assert not svc.unlock_office("guess")
    with pytest.raises(ServiceError, match=r"3 wrong office passwords in a row: wait 2 seconds"):
        svc.unlock_office("rink-office-1")  # even the right one waits: a script cannot tell
    assert not svc.office_unlocked
    now[0] += 2.5
    assert not svc.unlock_office("guess")  # the 4th: now 4 seconds
    now[0] += 3
    with pytest.raises(ServiceError, match="wait 1 second"):
        svc.unlock_office("guess")
    with pytest.raises(ServiceError, match="wrong office passwords"):
        svc.set_office_password("new-password", old="guess")  # the change of password waits too
    now[0] += 1.5
    assert svc.unlock_office("rink-office-1")  # a right one resets the count
    svc.lock_office()
    assert not svc.unlock_office("guess")
    assert not svc.unlock_office("guess")
    assert svc.unlock_office("rink-office-1")


def test_backoff_is_kept_in_the_database_so_restarting_gains_nothing(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(office, "clock", lambda: 5_000.0)
    db = str(tmp_path / "league.db")
    first = Services.open(db)
    first.set_office_password("rink-office-1")
    first.close()
    for _ in range(office.FREE_ATTEMPTS):  # each attempt in a new "process" (a new connection)
        s = Services.open(db)
        assert not s.unlock_office("guess")
        s.close()
    again = Services.open(db)
    with pytest.raises(ServiceError, match="wait"):
        again.unlock_office("rink-office-1")
    again.close()


def test_backoff_survives_a_clock_set_backwards(svc: Services, monkeypatch: pytest.MonkeyPatch):
    now = [10_000.0]
    monkeypatch.setattr(office, "clock", lambda: now[0])
    svc.set_office_password("rink-office-1")
    svc.lock_office()
    for _ in range(office.FREE_ATTEMPTS + 1):
        assert not svc.unlock_office("guess")
        now[0] += 3
    now[0] -= 3600  # the PC's clock goes back an hour: the wait is no longer than its own length
    with pytest.raises(ServiceError, match="wait 4 seconds"):
        svc.unlock_office("rink-office-1")


def test_wait_text_reads_like_a_sentence():
    assert office.wait_text(1) == "1 second"
    assert office.wait_text(7.2) == "8 seconds"
    assert office.wait_text(125) == "2 minutes 5 seconds"
    assert office.wait_text(60) == "1 minute"
