"""One entry at the boards against the bare commit it makes (issue 29.5): the CPU of the facade call the window's
entry form makes (`Services.add_event`, goals and penalties in turn) against a bare SQLite INSERT + COMMIT with the
project's pragmas (WAL, synchronous=FULL: one fdatasync), taken in turn in the same run.

    python tests/benchmarks/entry_profile.py                 # medians, spread, the ratio
    python tests/benchmarks/entry_profile.py --profile       # cProfile (CPU timer) of the entries, top functions
    python tests/benchmarks/entry_profile.py --window        # goals keyed into the window, Enter to idle
    python tests/benchmarks/entry_profile.py --games 2000    # a bigger current season

Not collected by pytest. A league of `tests/benchmarks/league.py` (a previous season and a current one of
`--games` games) imported with `Services.import_file`; the entry game is a real one of the current season, its
events taken off and made `scheduled` (its line-ups kept) before the import.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper.db.connect import SQLITE_PRAGMAS  # noqa: E402
from scorekeeper.services import Services  # noqa: E402
from tests.benchmarks.league import write_league  # noqa: E402


def open_entry_game(paths: list[Path]) -> str:
    """Make one game of the last season file scheduled (no events, line-ups kept): the latest regular-season game
    whose log sets off nothing beyond minors, so no appeal or payment names it. Its id."""
    data = json.loads(paths[-1].read_text(encoding="utf-8"))
    quiet = [g for g in data["games"] if g["stage"] == "regular"
             and all(e["type"] == "goal" or (e["type"] == "penalty" and e.get("class", "minor") == "minor")
                     for e in g["events"])]
    game = quiet[-1]
    game["status"] = "scheduled"
    game["events"] = []
    paths[-1].write_text(json.dumps(data), encoding="utf-8")
    return str(game["id"])


def entries(svc: Services, gid: str) -> Callable[[], float]:
    """Goals and penalties (minors, spread over both sides' skaters) into game `gid`, one a call: its CPU."""
    game = svc.view().games[gid]
    skaters = {side: [x["player"] for x in game["lineups"][side] if not x.get("goalie")] for side in ("home", "away")}
    runs = iter(range(100_000))

    def one() -> float:
        i = next(runs)
        side = ("home", "away")[i % 2]
        player = skaters[side][i // 2 % len(skaters[side])]
        t = 5 + i * 23  # seconds into the game; two periods of 20 minutes hold 52 entries
        period, rest = divmod(t, 1200)
        elapsed = f"{rest // 60:02d}:{rest % 60:02d}"
        if i % 3 == 2:
            event = {"type": "penalty", "team": side, "period": period + 1, "elapsed": elapsed, "player": player,
                     "infraction": "tripping"}
        else:
            event = {"type": "goal", "team": side, "period": period + 1, "elapsed": elapsed, "scorer": player,
                     "assists": []}
        t0 = time.process_time()
        res = svc.add_event(gid, event, False)  # as the window's operation runner: warnings asked, then again
        if res.needs_confirmation:
            res = svc.add_event(gid, event, True)
        spent = time.process_time() - t0
        if not res.ok:
            raise RuntimeError([v.line() for v in res.violations])
        return spent

    return one


def window_goals(svc: Services, folder: Path, gid: str, season_file: Path) -> Callable[[], float]:
    """Goals keyed into the window's Live Game tab (`window_entry.Entries`; `season_file` holds game `gid`, its
    line-ups name the scorers): the CPU from Enter to idle."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from tests.benchmarks.window_entry import Entries

    window = Entries(svc, folder, gid, json.loads(season_file.read_text(encoding="utf-8")))

    def one() -> float:
        window.type_goal()
        t0 = time.process_time()
        window.enter()
        return time.process_time() - t0

    return one


def bare_commit(folder: Path) -> Callable[[], float]:
    """A bare sqlite3 INSERT + COMMIT of one row with the project's pragmas: its CPU."""
    con = sqlite3.connect(folder / "bare.sqlite", isolation_level=None)
    for name, value in SQLITE_PRAGMAS.items():
        con.execute(f"pragma {name} = {value}")
    con.execute("create table if not exists event (id integer primary key, game text, body text)")

    def one() -> float:
        t0 = time.process_time()
        con.execute("begin")
        con.execute("insert into event (game, body) values (?, ?)", ("g", '{"type": "goal"}'))
        con.execute("commit")
        return time.process_time() - t0

    return one


def summary(name: str, xs: list[float]) -> str:
    q = statistics.quantiles(xs, n=4)
    return (f"{name:<12} median {statistics.median(xs) * 1000:7.3f} ms  quartiles {q[0] * 1000:.3f}-"
            f"{q[2] * 1000:.3f}  min {min(xs) * 1000:.3f}  max {max(xs) * 1000:.3f}  n={len(xs)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--window", action="store_true", help="goals keyed into the window, Enter to idle")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        paths = write_league(folder / "files", 2, args.games)
        gid = open_entry_game(paths)
        svc = Services.open(str(folder / "league.sqlite"), exclusive=True, operator="Benchmark")
        for path in paths:
            report = svc.import_file(path)
            if not report.ok:
                raise RuntimeError([v.line() for v in report.violations])
        svc.prepare_entries(gid)
        entry = window_goals(svc, folder, gid, paths[-1]) if args.window else entries(svc, gid)
        bare = bare_commit(folder)
        entry()
        bare()
        if args.profile:
            prof = cProfile.Profile(time.process_time)
            prof.enable()
            for _ in range(args.runs):
                entry()
            prof.disable()
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(70)
            print(out.getvalue())
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(25)
            print(out.getvalue())
            return 0
        a: list[float] = []
        b: list[float] = []
        for _ in range(args.runs):
            a.append(entry())
            b.append(bare())
        print(f"entry game {gid}; {args.games}-game current season after a previous one")
        print(summary("entry", a))
        print(summary("bare commit", b))
        ratios = sorted(x / y for x, y in zip(a, b, strict=True) if y > 0)
        print(f"ratio of medians {statistics.median(a) / statistics.median(b):.1f}x; paired ratios median "
              f"{statistics.median(ratios):.1f}x (quartiles {statistics.quantiles(ratios, n=4)[0]:.1f}-"
              f"{statistics.quantiles(ratios, n=4)[2]:.1f})")
        svc.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
