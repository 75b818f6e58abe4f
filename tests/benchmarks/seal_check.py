"""What the keyed seals cost at open (issue 26.4): target well under 100 ms on 2,000 final games.

    python tests/benchmarks/seal_check.py [--games 2000] [--runs 5]

Writes a league of that many final games (tests/benchmarks/league.py, seasons of 500) into a fresh database,
then times, in CPU time of this process (the median of the runs): `game_seals.check()` (what every open adds:
the head, the back-off counter, the seals table and every final game's shape, the whole content of at most
`game_seals.SAMPLE` games) beside `audit_chain.problems()` (the unkeyed chain, checked before), and one write
that touches no final game; and `check()` on a file as Scorekeeper left it (issue 29.2: the head, the office
password and the back-off counter only). Not collected by pytest; keys go to a temporary SCOREKEEPER_SEAL_DIR.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def cpu_ms(work: object, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()  # type: ignore[operator]
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="seal-bench-"))
    os.environ.setdefault("SCOREKEEPER_SEAL_DIR", str(folder / "keys"))

    from scorekeeper.db import audit_chain, game_seals
    from scorekeeper.services import Services
    from tests.benchmarks.league import write_league

    seasons = max(1, args.games // 500)
    files = write_league(folder, seasons, args.games // seasons)
    svc = Services.open(str(folder / "league.db"))
    for f in files:
        report = svc.import_file(str(f))
        assert report.ok, [v.line() for v in report.blocks][:3]
    finals = svc.db.execute_sql("select count(*) from game where status = 'final'").fetchone()[0]
    found, checkable = game_seals.check()
    assert not found and checkable, found
    seals = cpu_ms(lambda: game_seals.check(whole=True), args.runs)  # as after a change outside Scorekeeper
    constant = cpu_ms(game_seals.check, args.runs)  # the file as Scorekeeper left it (issue 29.2)
    chain = cpu_ms(audit_chain.problems, args.runs)

    def quiet_write() -> None:
        with svc.write_transaction():
            svc.db.execute_sql("update meta set value = value where key = 'schema_version'")

    write = cpu_ms(quiet_write, args.runs * 20)
    svc.close()
    print(f"{finals} final games: keyed check {seals:.1f} ms CPU (as left by Scorekeeper {constant:.1f} ms), "
          f"chain {chain:.1f} ms, "
          f"a write touching no final game {write:.2f} ms (median of {args.runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
