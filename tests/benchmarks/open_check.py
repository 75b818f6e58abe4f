"""What opening a league database costs in integrity work (issue 29.2): one season and ten seasons side by side.

    python tests/benchmarks/open_check.py [--games 500] [--runs 7] [--json]

Builds a one-season and a ten-season league (tests/benchmarks/league.py, `--games` games a season), then times
`Services.open`, the integrity check at open (`integrity_warnings`: the audit trail and the keyed seals, as every
command and the window run it) and `close` on each, interleaved (one, ten, one, ten...), `--runs` times, in this
process: CPU (`process_time`) and wall (`perf_counter`), medians with their spread (min-max). Two ways: as it is
now (a file Scorekeeper closed cleanly: the constant-cost checks), and with every page and every final game's
seal checked (its record dropped, as after a change made outside Scorekeeper). Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper.db import checked  # noqa: E402
from scorekeeper.services import Services  # noqa: E402
from tests.benchmarks.league import league  # noqa: E402


def build(db: Path, seasons: int, games: int) -> Path:
    svc = Services.open(str(db))
    for season in league(seasons, games):
        report = svc.import_data(season.data)
        assert report.ok, [v.line() for v in report.blocks[:3]]
    svc.close()
    return db


def one_open(db: Path, full: bool) -> tuple[float, float]:
    if full:
        checked.forget(db)
    cpu, wall = time.process_time(), time.perf_counter()
    svc = Services.open(str(db))
    assert svc.integrity_warnings() == []
    svc.close()
    return (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000


def summary(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 1), "min": round(min(values), 1),
            "max": round(max(values), 1)}


def measure(games: int, runs: int) -> dict[str, Any]:
    os.environ.setdefault(checked.STATE_ENV, tempfile.mkdtemp(prefix="scorekeeper-bench-state-"))
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-open-check-"))
    dbs = {n: build(folder / f"league-{n}.db", n, games) for n in (1, 10)}
    out: dict[str, Any] = {"games_a_season": games, "runs": runs,
                           "size_mb": {str(n): round(db.stat().st_size / 2**20, 1) for n, db in dbs.items()}}
    for way, full in (("known", False), ("full", True)):
        for db in dbs.values():
            one_open(db, full)  # warm: Python's imports and the file in the page cache
        cpu: dict[int, list[float]] = {1: [], 10: []}
        wall: dict[int, list[float]] = {1: [], 10: []}
        for _ in range(runs):
            for n, db in dbs.items():
                c, w = one_open(db, full)
                cpu[n].append(c)
                wall[n].append(w)
        out[way] = {f"{kind}_{n}": summary(values[n]) for kind, values in (("cpu_ms", cpu), ("wall_ms", wall))
                    for n in (1, 10)}
        out[way]["cpu_ratio_10_to_1"] = round(statistics.median(cpu[10]) / statistics.median(cpu[1]), 2)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.games, max(5, args.runs))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"open + close, {args.games} games a season, n={result['runs']} interleaved, medians (min-max), ms; "
          f"files {result['size_mb']['1']} MB and {result['size_mb']['10']} MB")
    for way, label in (("known", "as left by Scorekeeper (constant-cost check)"),
                       ("full", "every page checked (record dropped)")):
        r = result[way]
        cells = [f"{k} {r[k]['median']} ({r[k]['min']}-{r[k]['max']})"
                 for k in ("cpu_ms_1", "cpu_ms_10", "wall_ms_1", "wall_ms_10")]
        print(f"{label}: " + ", ".join(cells) + f"; CPU 10/1 {r['cpu_ratio_10_to_1']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
