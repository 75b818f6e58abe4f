"""The schema upgrade of a last-release database (issue 26, part 5): target at most 5 s for 60,000 audit entries.

    python tests/benchmarks/upgrade.py [--entries 60000] [--runs 3] [--json]

A schema 3 database (the example season and N audit entries, built as tests/scorekeeper/db/old_databases.py
builds it for the upgrade's tests) is copied afresh for each run, then timed two ways, the median of the runs
reported: `migrate()` alone in this process (the upgrade), and the first command a person runs on it,
`python -m scorekeeper --db FILE standings` of this tree as a whole process (start-up, the file's check, the
upgrade, the audit trail's check, the standings). Not collected by pytest; the machine's load counts.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from peewee import SqliteDatabase  # noqa: E402

from scorekeeper.db.migrations import migrate  # noqa: E402
from scorekeeper.db.models import database_proxy  # noqa: E402
from tests.scorekeeper.db.old_databases import schema_3_database  # noqa: E402

TARGET_SECONDS = 5.0


def fresh(old: Path, folder: Path, run: int) -> Path:
    target = folder / f"run-{run}.db"
    shutil.copyfile(old, target)
    return target


def time_migrate(path: Path) -> float:
    db = SqliteDatabase(str(path), pragmas={"journal_mode": "wal", "foreign_keys": 1, "synchronous": "full"})
    db.connect()
    previous = database_proxy.obj
    database_proxy.initialize(db)
    try:
        start = time.perf_counter()
        migrate(db)
        return time.perf_counter() - start
    finally:
        db.close()
        database_proxy.initialize(previous)


def time_command(path: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(path), "standings"], check=True,
                   capture_output=True, cwd=ROOT)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=60_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sk-upgrade-") as tmp:
        folder = Path(tmp)
        old = folder / "schema-3.db"
        schema_3_database(old, args.entries)
        upgrade = [time_migrate(fresh(old, folder, n)) for n in range(args.runs)]
        command = [time_command(fresh(old, folder, args.runs + n)) for n in range(args.runs)]
    figures = {"entries": args.entries, "runs": args.runs, "upgrade_s": round(statistics.median(upgrade), 2),
               "first_command_s": round(statistics.median(command), 2), "target_s": TARGET_SECONDS,
               "upgrade_runs_s": [round(t, 2) for t in upgrade], "first_command_runs_s": [round(t, 2) for t in command]}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"upgrade of a schema 3 database with {args.entries:,} audit entries (median of {args.runs}):")
        print(f"  migrate()                        {figures['upgrade_s']:6.2f} s   (target <= {TARGET_SECONDS:.0f} s)")
        print(f"  first `scorekeeper ... standings` {figures['first_command_s']:6.2f} s")
    return 0 if figures["upgrade_s"] <= TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
