"""When a league file is checked page by page (issue 29.2): the full `pragma integrity_check` costs what the
history costs (0.2 s on ten seasons, 0.8 s on 16,000 games), so it runs only when it can find something new.

Before a process that may write opens an SQLite league file, `connect._precheck` asks `full_check_reason`:

- a non-empty `-wal` or a `-journal` beside the file: the last writer did not close it cleanly (killed, a crash, a
  power cut), or another command is writing right now: the full check;
- no record of this file on this PC, or a record that does not match the file's size, modification and change
  times: something other than Scorekeeper changed it (a copy, a sync, an editor, a program writing into it), or it
  was never checked here: the full check;
- otherwise the file is as Scorekeeper left it after a passed full check or a clean close: `looks_sound` reads a
  constant amount (the header, page size x page count = file size, the schema, the schema version), whatever the
  history. Anything odd there escalates to the full check, which decides.

The record (`remember`) is made after a full check passes with the file unchanged meanwhile, and after each clean
close (the last connection closed, so SQLite checkpointed and removed the `-wal`). It lives in this user's state
folder (`$SCOREKEEPER_STATE_DIR/checked`, else platformdirs' `user_state_dir("scorekeeper")/checked`), one small
JSON file per database named by its identity (`lock.file_identity`: a copy or a file replaced by a sync is another
file), never beside the database (a copy made with it would carry it along). A record that cannot be written
(read-only home, full disk) only means a full check next time: opening never fails for it.

The keyed seals' check (`game_seals.check`, issue 26.4) follows the same decision, made once in `connect`
(`as_left`): it checks every final game only where this opening could not trust the file, or where the record does
not vouch that the seals were checked whole since (`seals`: an HMAC with the seals' own key over the file's size
and times, so that a record rewritten to match an edited file vouches for nothing; made by a passed full seal
check, carried by each clean close of a process that trusted them; `seals_claim`, `seals_checked`,
`seals_unknown`).

What this cannot see: a bit flipped by the disk itself, below the file system (no time changes). Backups and
restores check every page (`backup.verify_copy`), and `scorekeeper check` does on demand.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from scorekeeper.db.lock import file_identity, prune_due, real_path, stale_files

STATE_ENV = "SCOREKEEPER_STATE_DIR"
STALE_SECONDS = 180 * 24 * 3600  # a record not written for this long is removed (`_prune`)
FINGERPRINT_KEYS = ("size", "mtime_ns", "ctime_ns")
SEALS = "seals"  # in a record: the keyed seals were checked whole since the file was last found changed (a MAC)
_pruned = False
_claims: dict[str, tuple[str, dict[str, int]]] = {}  # real path -> the record's seals claim, as `as_left` read it
# real path -> how a clean close vouches for the seals: the claim's maker, the connection that checked them and
# its `pragma data_version` then (which changes when any other connection, another process's too, commits)
_vouchers: dict[str, tuple[Callable[[dict[str, int]], str], sqlite3.Connection, int]] = {}


def records_folder() -> Path:
    """Where this user's records are: `$SCOREKEEPER_STATE_DIR/checked`, else the user's state folder."""
    env = os.environ.get(STATE_ENV)
    if env:
        return Path(env) / "checked"
    from platformdirs import user_state_dir

    return Path(user_state_dir("scorekeeper", appauthor=False)) / "checked"


def record_path(path: Path) -> Path:
    """The record of one database file, named by its identity (by its real path where it has none)."""
    ident = file_identity(path)
    if ident is None:
        ident = "path-" + hashlib.sha256(str(real_path(path)).encode("utf-8", "surrogateescape")).hexdigest()[:32]
    return records_folder() / f"{ident}.json"


def fingerprint(path: Path) -> dict[str, int] | None:
    """Size, modification and change times: any write into the file changes them (None: not there)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "ctime_ns": st.st_ctime_ns}


def journal_left(path: Path) -> bool:
    """A non-empty `-wal` or any `-journal` beside the database: something was being written."""
    with contextlib.suppress(OSError):
        if os.stat(f"{path}-wal").st_size > 0:
            return True
    return os.path.lexists(f"{path}-journal")


def _record(path: Path) -> object:
    try:
        return json.loads(record_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None


def full_check_reason(path: Path) -> str | None:
    """Why the whole file must be checked before this process writes to it; None: it is as Scorekeeper left it."""
    if journal_left(path):
        return "a journal beside it (the last writer did not close it cleanly, or one is writing now)"
    record = _record(path)
    if record is None:
        return "not checked on this PC before"
    now = fingerprint(path)
    if now is None or not isinstance(record, dict) or any(record.get(k) != now[k] for k in FINGERPRINT_KEYS):
        return "changed since Scorekeeper last checked or closed it"
    return None


def remember(path: Path, seen: dict[str, int] | None = None) -> bool:
    """Record the file as sound as it is now (after a passed full check, `seen` its fingerprint before the check;
    after a clean close). Nothing is recorded while a journal is beside it or when it changed since `seen`.
    Never raises: True when recorded."""
    now = fingerprint(path)
    if now is None or journal_left(path) or os.path.lexists(f"{path}-wal") or (seen is not None and seen != now):
        return False
    target = record_path(path)
    vouch = _vouchers.get(str(real_path(path)))
    seals = {SEALS: vouch[0](now)} if vouch is not None else {}
    text = json.dumps({**now, "path": str(real_path(path)), "at": round(time.time()), **seals})
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError:
        return False
    _prune(target.parent)
    return True


def forget(path: Path) -> None:
    """Drop the record (the file is known to be damaged)."""
    with contextlib.suppress(OSError):
        record_path(path).unlink()


def as_left(con: sqlite3.Connection, path: Path) -> bool:
    """The decision before a process writes (`connect._check_pages`): the file is as Scorekeeper left it
    (`full_check_reason` None and `looks_sound`); remembered for the keyed seals' check (`seals_trusted`)."""
    left = full_check_reason(path) is None and looks_sound(con, path)
    record = _record(path) if left else None
    name = str(real_path(path))
    _vouchers.pop(name, None)
    _claims.pop(name, None)
    if isinstance(record, dict) and isinstance(record.get(SEALS), str):
        _claims[name] = (record[SEALS], {k: record[k] for k in FINGERPRINT_KEYS})
    return left


def seals_claim(path: Path) -> tuple[str, dict[str, int]] | None:
    """Where this process found the file as Scorekeeper left it: the record's claim that the keyed seals were
    checked whole since, and the fingerprint it is made over (the seals' check verifies it with its key)."""
    return _claims.get(str(real_path(path)))


def seals_checked(path: Path, vouch: Callable[[dict[str, int]], str], con: sqlite3.Connection) -> None:
    """The keyed seals were checked (whole, or by a verified claim) on `con` and found intact: a clean close
    records so, `vouch` making the claim over the fingerprint then (`remember`), unless another connection wrote
    meanwhile (`closing`)."""
    _vouchers[str(real_path(path))] = (vouch, con, _data_version(con))


def _data_version(con: sqlite3.Connection) -> int:
    return int(con.execute("pragma data_version").fetchone()[0])


def closing(path: Path, con: sqlite3.Connection) -> None:
    """Before a connection of this process closes: where it is not the one that checked the seals, or another
    connection (another thread's, another program's: a database tool writing while Scorekeeper has the file open)
    committed since, the close does not vouch for the seals, and the next opening checks them whole."""
    name = str(real_path(path))
    vouch = _vouchers.get(name)
    if vouch is None:
        return
    try:
        kept = vouch[1] is con and _data_version(con) == vouch[2]
    except sqlite3.Error:
        kept = False
    if not kept:
        _vouchers.pop(name, None)


def seals_unknown(path: Path) -> None:
    """The file's content was replaced (a restore): the next opening checks the keyed seals whole."""
    _vouchers.pop(str(real_path(path)), None)
    _claims.pop(str(real_path(path)), None)


def looks_sound(con: sqlite3.Connection, path: Path) -> bool:
    """The constant-cost check of a file Scorekeeper left sound: its header, page size x page count = its size,
    the schema readable (the schema version is read by every opening, `connect._precheck`). False: check the whole
    file."""
    with open(path, "rb") as fh:
        header = fh.read(100)
    if len(header) < 100 or not header.startswith(b"SQLite format 3\x00"):
        return False
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1) or header[21:24] != b"\x40\x20\x20":
        return False
    size = path.stat().st_size
    if header[24:28] == header[92:96] and int.from_bytes(header[28:32], "big") * page_size != size:
        return False
    pages = int(con.execute("pragma page_count").fetchone()[0])
    if int(con.execute("pragma page_size").fetchone()[0]) != page_size or pages * page_size != size:
        return False
    con.execute("select type, name, tbl_name, rootpage, sql from sqlite_master").fetchall()
    return True


def _prune(folder: Path) -> None:
    """Once a process, and at most once a day (`lock.prune_due`): remove records not written for `STALE_SECONDS`
    (files long gone or long unopened)."""
    global _pruned
    if _pruned:
        return
    _pruned = True
    if not prune_due(folder):
        return
    for p in stale_files(folder, "*.json", STALE_SECONDS):
        with contextlib.suppress(OSError):
            p.unlink()
