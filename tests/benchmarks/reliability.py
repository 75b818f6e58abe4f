"""Acknowledged entries against other programs and kills, measured over many rounds (the README's figures).

    python tests/benchmarks/reliability.py [--rounds N]

Each round: a process owning the league database as the window does records notes and acknowledges each; after
the 5th it opens and closes the database file, its -wal and its -shm (as a file dialog does, dropping the
process's SQLite locks); another process then runs `backup`, `standings --json`, `export` or tries to open a
second window; the owner goes on; `kill -9`. Counted: notes acknowledged, stored, lost (acknowledged, not stored),
duplicated, and for `backup` whether the copy holds every note acknowledged before it began. Not collected by pytest.

The second table (issue 26) reaches the file another way while the owner writes, then `kill -9`: a write command
through a symbolic link or a hard link, the lock file deleted then `backup` and a write command, `restore` after the
lock file was deleted, a second window by each spelling (symbolic link, hard link, `..`, relative, URL), and every
lock file deleted then a write command (the owner must then refuse, never acknowledge, what it cannot keep).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper.db.lock import identity_lock_path, lock_path  # noqa: E402
from scorekeeper.services import Services  # noqa: E402
from tests.scorekeeper.db.test_lock_follows_the_file import Window, stored_notes  # noqa: E402
from tests.scorekeeper.db.test_wal_ownership import SECOND_WINDOW, WINDOW, Acks, command, env  # noqa: E402
from tests.scorekeeper.test_cli import EXAMPLE  # noqa: E402

OTHERS = ("backup", "standings", "export", "second window")


def stored(db: Path) -> tuple[int, int]:
    """(notes stored, notes stored twice or more)."""
    con = sqlite3.connect(db)
    try:
        texts = [json.loads(r[0]).get("text") for r in con.execute("select data from game_event where type = 'note'")]
    finally:
        con.close()
    return len(texts), len(texts) - len(set(texts))


def one_round(folder: Path, other: str, wait: int) -> dict[str, int]:
    db = folder / "league.db"
    svc = Services.open(str(db))
    assert svc.import_data(json.loads(EXAMPLE.read_text())).ok
    svc.close()
    window = subprocess.Popen([sys.executable, "-c", WINDOW, str(db)], stdout=subprocess.PIPE, text=True, env=env())
    acks = Acks(window)
    backup_short = 0
    try:
        acks.wait_for(wait)
        before = acks.count
        if other == "backup":
            command(db, "backup", str(folder / "copy.db"))
        elif other == "standings":
            command(db, "standings", "--json")
        elif other == "export":
            command(db, "export", "-o", str(folder / "season.json"))
        else:
            subprocess.run([sys.executable, "-c", SECOND_WINDOW, str(db)], capture_output=True, env=env(), timeout=60)
        acks.wait_for(acks.count + 40)
    finally:
        window.send_signal(signal.SIGKILL)
        window.wait()
    count, duplicated = stored(db)
    if other == "backup":
        backup_short = int(stored(folder / "copy.db")[0] < before)
    return {"acknowledged": acks.count, "stored": count, "lost": max(0, acks.count - count),
            "duplicated": duplicated, "backup_short": backup_short}


LINKS = ("symlink write", "hard link write", "lock deleted, backup, write", "restore, lock deleted",
         "second window, each spelling", "every lock deleted, write")


def link_round(folder: Path, attack: str, wait: int) -> dict[str, int]:
    """One round of the second table: returns what it counted, `refused` being the other program's refusals."""
    db = folder / "league.db"
    svc = Services.open(str(db))
    assert svc.import_data(json.loads(EXAMPLE.read_text())).ok
    svc.close()
    link, hard, other = folder / "link.db", folder / "hard.db", folder / "sub"
    link.symlink_to(db)
    os.link(db, hard)
    other.mkdir()
    copy = folder / "copy.db"
    command(db, "backup", str(copy))
    window = Window(db)
    refused = 0
    try:
        window.wait_for(wait)
        if attack in ("symlink write", "hard link write"):
            refused += command(link if attack.startswith("symlink") else hard, "officials", "g001", "--number",
                               "W-1").returncode == 1
        elif attack == "lock deleted, backup, write":
            lock_path(db).unlink()
            command(db, "backup", str(folder / "b.db"))
            refused += command(db, "officials", "g001", "--number", "W-1").returncode == 1
        elif attack == "restore, lock deleted":
            lock_path(db).unlink()
            refused += command(db, "restore", str(copy)).returncode == 1
        elif attack == "second window, each spelling":
            for name in (str(link), str(hard), str(other / ".." / db.name), os.path.relpath(db), f"sqlite:///{db}"):
                done = subprocess.run([sys.executable, "-c", SECOND_WINDOW, name], capture_output=True, text=True,
                                      env=env(), timeout=120)
                refused += done.stdout.startswith("refused")
        else:
            ident = identity_lock_path(db)
            lock_path(db).unlink()
            if ident is not None:
                ident.unlink()
            command(db, "officials", "g001", "--number", "W-1")
        window.wait_for(window.acked + 40)
    finally:
        window.kill()
    texts = stored_notes(db)
    acked = {f"n{i}" for i in range(window.acked)}
    return {"acknowledged": window.acked, "stored": len(texts), "lost": len(acked - set(texts)),
            "duplicated": len(texts) - len(set(texts)), "refused": refused,
            "owner stopped": int(bool(window.refusal))}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=10, help="rounds per other program (default 10)")
    parser.add_argument("--table", choices=["both", "others", "links"], default="both",
                        help="run only the first table (other programs) or the second (reached another way)")
    args = parser.parse_args()
    print(f"{'other program':<14} {'rounds':>6} {'acked':>6} {'stored':>6} {'lost':>5} {'dup':>4} {'backup short':>12}")
    for other in OTHERS if args.table != "links" else ():
        totals = {"acknowledged": 0, "stored": 0, "lost": 0, "duplicated": 0, "backup_short": 0}
        for n in range(args.rounds):
            with tempfile.TemporaryDirectory() as tmp:
                for key, value in one_round(Path(tmp), other, 10 + 7 * n).items():
                    totals[key] += value
        print(f"{other:<14} {args.rounds:>6} {totals['acknowledged']:>6} {totals['stored']:>6} {totals['lost']:>5} "
              f"{totals['duplicated']:>4} {totals['backup_short']:>12}")
    print()
    print(f"{'reached another way':<30} {'rounds':>6} {'acked':>6} {'stored':>6} {'lost':>5} {'dup':>4} "
          f"{'refused':>7} {'owner stopped':>13}")
    for attack in LINKS if args.table != "others" else ():
        sums = {"acknowledged": 0, "stored": 0, "lost": 0, "duplicated": 0, "refused": 0, "owner stopped": 0}
        for n in range(args.rounds):
            with tempfile.TemporaryDirectory() as tmp:
                for key, value in link_round(Path(tmp), attack, 10 + 7 * n).items():
                    sums[key] += value
        print(f"{attack:<30} {args.rounds:>6} {sums['acknowledged']:>6} {sums['stored']:>6} {sums['lost']:>5} "
              f"{sums['duplicated']:>4} {sums['refused']:>7} {sums['owner stopped']:>13}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
