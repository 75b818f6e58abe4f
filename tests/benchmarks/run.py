"""Scorekeeper's benchmarks: each figure a ratio against the fastest thing the machine does in the same run, or a
scaling figure (the worst ratio over a 4x step in size, over three sizes), along the path a person takes.

    nice -n 10 python tests/benchmarks/run.py # a readable table (15-17 minutes on 2 shared cores)
    python tests/benchmarks/run.py --json     # one JSON object
    python tests/benchmarks/run.py --quick    # smaller sizes (125 / 500 / 2,000 games), n=5 (about 6 minutes)

Not collected by pytest. The leagues are those of tests/benchmarks/league.py (40 teams, consecutive seasons with
real dates, ~3% of games with a fight, suspensions served and carried over, fines and payments, playoffs),
written as season files and imported with the installed `scorekeeper` command:

- at each of three sizes N, 4N, 16N (500 / 2,000 / 8,000 games; --quick: 125 / 500 / 2,000), a database holding
  the previous season (as many games; its unserved suspensions carried into the next) and the measured season
  on its last regular-season day, that day's games scheduled with their line-ups (tonight.py, scaling.py):
  import, the command-line figures, the usable window and the window's entry at each size;
- ten consecutive 500-game seasons (--quick: 150) and its first season alone, the tenth in progress likewise:
  start-up, Live Game ready, memory, the facade's entry, validation, the window's entry into one of tonight's
  games (live_window.py), the game sheet and the fine statements;
- one 1,230-game season: import from the file against raw `executemany` of the same rows.

Pairing: every ratio's sides, and every scaling figure's sizes, are measured in turn in one run (A, B, A, B...,
after one unmeasured call of each; paired.py), n = the plan's runs (5), or more where a round is short
(start-up 9; the window's entry and the game sheet 15; the facade's entry 20). Each measure is a CPU and a wall
time: a child process's user + sys from `os.wait4` (the window's own `time.process_time()` at its marks:
process.py), `time.process_time` in this process. Start-up and every command-line figure are the whole process
of the venv's `scorekeeper` console script. Nothing is timed with the garbage collector off or with the season
read outside the timer. The log is on, as in the program (a line for each write: `scorekeeper/logs.py`), in a
folder of the run's own, for the commands and this process alike.

Output: each key keeps its flat value (the number judged against TARGETS) and the paired figures also have an
entry in the `details` object: {"value", "by" ("cpu" or "wall": what the value compares), "cpu" and "wall" (the
ratios of the sides' medians), "spread" ([min, max] of the n per-round ratios of `by`), "iqr" (their first and
third quartiles), "n", "a" and "b" (each side's median CPU and wall seconds, with their min-max)}. A scaling
figure's details are those of its worst step. Issue 29's keys and the whole-process scaling figures compare CPU;
issue 16's and 17's in-process ratios and the window's start-up figures compare wall time, as they were set.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper import collector, logs  # noqa: E402
from scorekeeper.services import Services  # noqa: E402
from tests.benchmarks.league import LeagueGenerator, Season  # noqa: E402
from tests.benchmarks.live_window import (  # noqa: E402
    bare_commit,
    entry_scaling_figures,
    first_entry_figures,
    window_entry_figures,
)
from tests.benchmarks.paired import Cost, cost_of, interleave, ratio_details  # noqa: E402
from tests.benchmarks.process import Command, Marks, bare_window  # noqa: E402
from tests.benchmarks.scaling import scaling_figures  # noqa: E402
from tests.benchmarks.tonight import dressed, fill, in_progress  # noqa: E402

TARGETS: dict[str, float] = {
    # issue 16's and the earlier figures
    "startup_ratio": 1.5, "entry_ratio": 3.0, "standings_scaling": 4.5, "game_sheet_ratio": 2.0,
    "validation_p99_ms": 16.0, "window_memory_mb": 250.0, "window_entry_ms": 16.0, "window_entry_ratio": 2.0,
    "facade_calls_per_entry": 3,
    # issue 17's
    "import_scaling": 4.5, "import_vs_raw": 10.0, "cli_scaling": 4.5, "history_ready_ratio": 1.3,
    "window_entry_ms_4000": 16.0, "window_entry_scaling": 1.5, "first_entry_ratio": 1.5,
    "window_memory_mb_10": 150.0,
    # issue 29's (CPU)
    "ready_ratio_10": 3.0, "ready_scaling_season": 1.5, "entry_cpu_ratio": 10.0, "game_sheet_scaling": 1.5,
    "standings_vs_floor": 6.0}
HISTORY_SEASONS, RAW_GAMES = 10, 1230


@dataclass
class Plan:
    """What one run measures: the sizes of the scaling figures, the ten seasons' size, and how often each figure
    is taken (every paired figure `runs` times, at least 5)."""

    sizes: tuple[int, int, int]
    history_games: int
    runs: int
    startup_runs: int
    import_cap_s: float  # an import or command slower than this is stopped: its figure is a lower bound


FULL = Plan((500, 2000, 8000), 500, runs=5, startup_runs=9, import_cap_s=900)
QUICK = Plan((125, 500, 2000), 150, runs=5, startup_runs=5, import_cap_s=300)


def timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


# -- the ten seasons --------------------------------------------------------------------------------------------------
@dataclass
class League:
    """A database built from season files with the command; the last season's file (in progress when asked)
    and its scheduled games."""

    db: Path
    data: dict[str, Any]
    tonight: list[str]
    import_s: list[float]
    capped: bool = False


def build(cmd: Command, folder: Path, name: str, seasons: list[Season], cap: float, live: bool) -> League:
    """Write each season's file and import it with `scorekeeper import`, timed (whole process); `live`: the
    last season on its last regular-season day (tonight.py)."""
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / f"{name}.db"
    times, capped = [], False
    data, tonight = seasons[-1].data, list[str]()
    for n, season in enumerate(seasons, 1):
        path = folder / f"{name}-{n}.json"
        if live and n == len(seasons):
            data, tonight = in_progress(season)
        path.write_text(json.dumps(data if n == len(seasons) else season.data), encoding="utf-8")
        elapsed, capped = cmd.run(db, "import", str(path), cap=cap)
        times.append(elapsed)
        if capped:
            break
    return League(db, data, tonight, times, capped)


# -- import ---------------------------------------------------------------------------------------------------------
RAW_TABLES = {
    "division": "id, name, coed, tier", "team": "id, name, division, captain, email",
    "player": "id, first, last, gender", "roster": "team, player, number, position",
    "game": "id, date, time, rink, stage, home, away, status", "lineup": "game, side, player, goalie",
    "event": "game, seq, type, team, period, elapsed, body", "appeal": "player, game, filed, form, decision",
    "payment": "payer, amount, date, memo"}


def raw_rows(data: dict[str, Any]) -> dict[str, list[tuple[Any, ...]]]:
    """The season file's rows, one tuple per row of each table."""
    return {
        "division": [(d["id"], d["name"], d.get("coed"), d.get("tier")) for d in data["divisions"]],
        "team": [(t["id"], t["name"], t["division"], t.get("captain"), t.get("captain_email")) for t in data["teams"]],
        "player": [(p["id"], p["first"], p["last"], p.get("gender")) for p in data["players"]],
        "roster": [(r["team"], r["player"], r["number"], r.get("position")) for r in data["roster"]],
        "game": [(g["id"], g["date"], g["time"], g.get("rink"), g.get("stage"), g["home"], g["away"],
                  g.get("status")) for g in data["games"]],
        "lineup": [(g["id"], side, x["player"], x.get("goalie", False)) for g in data["games"]
                   for side in ("home", "away") for x in g["lineups"][side]],
        "event": [(g["id"], n, e["type"], e.get("team"), e.get("period"), e.get("elapsed"), json.dumps(e))
                  for g in data["games"] for n, e in enumerate(g["events"])],
        "appeal": [(a["player"], a["game"], a["filed"], a["form"], a["decision"]) for a in data["appeals"]],
        "payment": [(json.dumps(p["payer"]), p["amount"], p["date"], p.get("memo")) for p in data["payments"]]}


def raw_import(path: Path, db: Path) -> Cost:
    """The floor: read and parse the file, write its rows with `executemany` in one transaction (same pragmas
    as the project's database)."""
    db.unlink(missing_ok=True)
    con = sqlite3.connect(db, isolation_level=None)
    for pragma in ("journal_mode=wal", "synchronous=full", "foreign_keys=1"):
        con.execute(f"pragma {pragma}")
    for table, columns in RAW_TABLES.items():
        con.execute(f"create table {table} (rowid integer primary key, {columns})")
    c0, t0 = time.process_time(), time.perf_counter()
    rows = raw_rows(json.loads(path.read_text(encoding="utf-8")))
    con.execute("begin")
    for table, columns in RAW_TABLES.items():
        marks = ", ".join("?" * len(columns.split(", ")))
        con.executemany(f"insert into {table} ({columns}) values ({marks})", rows[table])
    con.execute("commit")
    spent = Cost(time.process_time() - c0, time.perf_counter() - t0)
    con.close()
    return spent


def facade_import(path: Path, db: Path) -> Cost:
    """`Services.import_file` of the season file into an empty database (opened before the timer)."""
    for leftover in db.parent.glob(db.name + "*"):
        leftover.unlink()
    svc = Services.open(str(db))
    try:
        c0, t0 = time.process_time(), time.perf_counter()
        report = svc.import_file(path)
        spent = Cost(time.process_time() - c0, time.perf_counter() - t0)
        if not report.ok:
            raise RuntimeError([v.line() for v in report.violations if v.blocks][:5])
        return spent
    finally:
        svc.close()



# -- the facade -----------------------------------------------------------------------------------------------------
def facade_figures(db: Path, league: League, runs: int) -> dict[str, Any]:
    """One goal through the facade into tonight's third game (20 goals in) against a bare INSERT and COMMIT in
    the same file, in turn (by the clock); validation latency for an entry in tonight's fourth game, 150 goals
    in."""
    out: dict[str, Any] = {}
    svc = Services.open(str(db))
    gid = fill(svc, league.data, league.tonight[2], 20)
    scorer = {side: players[0][1] for side, players in dressed(league.data, gid).items()}
    con, bare = bare_commit(db)
    counter = iter(range(10_000))

    def one_goal() -> Cost:
        i = next(counter)
        side = "home" if i % 2 else "away"
        minute, second = divmod(180 + i, 60)
        event = {"type": "goal", "team": side, "period": 1, "elapsed": f"{minute:02d}:{second:02d}",
                 "scorer": scorer[side], "assists": []}
        c0, t0 = time.process_time(), time.perf_counter()
        res = svc.add_event(gid, event, confirm=True)
        spent = Cost(time.process_time() - c0, time.perf_counter() - t0)
        if not res.ok:
            raise RuntimeError([v.line() for v in res.violations])
        return spent

    svc.view()  # the season as the open window has it
    entry_t, bare_t = interleave([one_goal, bare], runs * 4)
    out["details"] = {"entry_ratio": ratio_details(entry_t, bare_t, "wall")}
    out["entry_ratio"] = out["details"]["entry_ratio"]["value"]

    gid150 = fill(svc, league.data, league.tonight[3], 150)
    lat = []
    away = dressed(league.data, gid150)["away"][1][1]
    for i in range(60):
        event = {"type": "goal", "team": "away", "period": 2, "elapsed": f"19:{i % 60:02d}", "scorer": away,
                 "assists": []}
        lat.append(timed(partial(svc.validate_event, gid150, event)) * 1000)
    lat.sort()
    out["validation_p50_ms"] = statistics.median(lat)
    out["validation_p99_ms"] = lat[int(len(lat) * 0.99) - 1]
    con.close()
    svc.close()
    return out


def standings_scaling(small: Path, big: Path, runs: int) -> dict[str, Any]:
    """Standings of a 4N-game season over an N-game one in this process, in turn, the season read inside the
    timer, the collector on (by the clock, as issue 16 set it)."""
    svcs = Services.open(str(small)), Services.open(str(big))

    def fresh(svc: Services) -> Cost:
        svc.forget()
        return cost_of(svc.standings)

    small_t, big_t = interleave([partial(fresh, svcs[0]), partial(fresh, svcs[1])], runs)
    for svc in svcs:
        svc.close()
    return ratio_details(big_t, small_t, "wall")


# -- printed documents in this process --------------------------------------------------------------------------------
def game_sheet_figures(svc: Services, runs: int) -> dict[str, Any]:
    """Game sheet build time over a bare ReportLab table of as many cells; statements for every team."""
    import io

    from reportlab.lib.pagesizes import letter
    from reportlab.platypus import SimpleDocTemplate, Table

    from scorekeeper.reports import styles
    from scorekeeper.reports.data import fine_statements_data, game_sheet_data
    from scorekeeper.reports.fine_statements import build_fine_statements
    from scorekeeper.reports.game_sheet import build_game_sheet, game_sheet_story

    view = svc.view()
    gid = next(g for g, x in view.games.items() if x.get("status") == "final"
               and any(e.get("infraction") == "fighting" for e in x.get("events", [])))
    sheet = game_sheet_data(svc, gid)

    def count_cells(flowables: list[Any]) -> int:
        """Every table cell of the sheet, those of tables inside cells included."""
        total = 0
        for f in flowables:
            if isinstance(f, Table):
                for row in f._cellvalues:
                    for cell in row:
                        if isinstance(cell, list | tuple):
                            total += count_cells(list(cell))
                        elif isinstance(cell, Table):
                            total += count_cells([cell])
                        else:
                            total += 1
        return total

    styles.register_fonts()
    cells = max(8, count_cells(game_sheet_story(sheet)))

    def bare() -> Cost:
        def make() -> None:
            buf = io.BytesIO()
            rows = [[f"c{r}{c}" for c in range(8)] for r in range(cells // 8)]
            SimpleDocTemplate(buf, pagesize=letter, invariant=1).build([Table(rows)])
        return cost_of(make)

    sheet_t, bare_t = interleave([lambda: cost_of(lambda: build_game_sheet(game_sheet_data(svc, gid))), bare],
                                 runs * 3)
    svc.forget()  # the statements read the season inside the timer
    details = ratio_details(sheet_t, bare_t, "wall")
    return {"game_sheet_ratio": details["value"], "details": {"game_sheet_ratio": details},
            "statements_s": timed(lambda: build_fine_statements(fine_statements_data(svc)))}



# -- the run ------------------------------------------------------------------------------------------------------
def say(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def merge(out: dict[str, Any], figures: dict[str, Any]) -> None:
    """`figures` into `out`, their `details` into `out`'s."""
    details = figures.pop("details", {})
    out.update(figures)
    out.setdefault("details", {}).update(details)


def startup_figures(cmd: Command, history: League, one: League, runs: int) -> dict[str, Any]:
    """The window through the command on the ten seasons and on the first alone, against a bare PySide6 window,
    the three in turn."""
    os.sync()  # the leagues just written are on disk: no write-back lands on one start-up and not another
    sides: list[Callable[[], Marks]] = [bare_window, partial(cmd.window, history.db), partial(cmd.window, one.db)]
    bare, ten, single = interleave(sides, runs)
    details = {"startup_ratio": ratio_details([m.shown_cost for m in ten], [m.shown_cost for m in bare], "wall"),
               "ready_ratio_10": ratio_details([m.ready_cost for m in ten], [m.shown_cost for m in bare], "cpu"),
               "history_ready_ratio": ratio_details([m.ready_cost for m in ten], [m.ready_cost for m in single],
                                                    "wall")}
    out: dict[str, Any] = {key: d["value"] for key, d in details.items()}
    out["ready_ratio"] = details["ready_ratio_10"]["wall"]  # informational: by the clock
    out["ready_s_1"] = details["history_ready_ratio"]["b"]["wall"]
    out["ready_s_10"] = details["history_ready_ratio"]["a"]["wall"]
    out["ready_cpu_s_10"] = details["ready_ratio_10"]["a"]["cpu"]
    out["bare_window_cpu_s"] = details["ready_ratio_10"]["b"]["cpu"]
    out["window_memory_mb_10"] = out["window_memory_mb"] = max(m.ready_kib for m in ten) / 1024
    out["details"] = details
    return out


def measure(folder: Path, plan: Plan) -> dict[str, Any]:
    out: dict[str, Any] = {"runs": plan.runs, "details": {}}
    for package in ("scorekeeper", "ui"):  # compiled, as an installed copy has them
        compileall.compile_dir(ROOT / package, quiet=1)
    cmd = Command(folder)

    say(f"the leagues at {', '.join(map(str, plan.sizes))} games (and the season before each): scaling figures")
    scaled, sized = scaling_figures(cmd, folder, plan.sizes, plan.runs, plan.import_cap_s)
    merge(out, scaled)
    if out.get("scaling_lower_bound"):
        say("  an import or command was stopped: its figures are lower bounds")

    say(f"ten seasons of {plan.history_games} games")
    gen = LeagueGenerator(seed=2015)
    seasons = [gen.season(plan.history_games) for _ in range(HISTORY_SEASONS)]
    history = build(cmd, folder / "history", "league", seasons, plan.import_cap_s, live=True)
    one = build(cmd, folder / "history-1", "league", seasons[:1], plan.import_cap_s, live=False)
    out["import_games_per_s"] = HISTORY_SEASONS * plan.history_games / sum(history.import_s)
    out["import_last_vs_first"] = history.import_s[-1] / history.import_s[0]  # informational

    say("import against raw executemany")
    raw_file = folder / "raw.json"
    raw_file.write_text(json.dumps(LeagueGenerator(seed=RAW_GAMES).season(RAW_GAMES).data), encoding="utf-8")
    imp_t, raw_t = interleave([lambda: facade_import(raw_file, folder / "raw-import.db"),
                               lambda: raw_import(raw_file, folder / "raw-floor.db")], plan.runs)
    details = ratio_details(imp_t, raw_t, "wall")
    merge(out, {"import_vs_raw": details["value"], "details": {"import_vs_raw": details}})

    say("start-up")
    merge(out, startup_figures(cmd, history, one, plan.startup_runs))

    say("facade and window on ten seasons")
    merge(out, facade_figures(history.db, history, plan.runs))
    svc = Services.open(str(history.db))
    merge(out, window_entry_figures(svc, history.db, folder, history.data, history.tonight[0], history.tonight[1],
                                    plan.runs * 3))
    merge(out, game_sheet_figures(svc, plan.runs))
    svc.close()
    details = standings_scaling(sized[0].db, sized[1].db, plan.runs)
    merge(out, {"standings_scaling": details["value"], "details": {"standings_scaling": details}})

    say("the window's entry at each size, the three windows side by side")
    if not any(league.capped for league in sized):
        merge(out, entry_scaling_figures([(s.size, s.db, s.data, s.tonight[0]) for s in sized], folder,
                                         max(plan.runs * 3, 15)))
        out["window_entry_ms_4000"] = out[f"window_entry_ms_{plan.sizes[-1]}"]  # issue 17's key, on 16N games
    middle = sized[1]
    out.update(first_entry_figures(middle.db, middle.data, folder, middle.tonight[0], 5))  # n >= 5, as every figure
    return out


def table(figures: dict[str, Any]) -> str:
    """The figures as a table: measured, the spread of the paired ones (n, and CPU or wall), the target."""
    details = figures.get("details", {})
    lines = [f"{'figure':<28}{'measured':>10}  {'spread (n, by)':<24}{'target':>10}"]
    for key, value in figures.items():
        if isinstance(value, list | dict):
            continue
        target = TARGETS.get(key)
        shown = "n/a" if value is None else str(value).lower() if isinstance(value, bool) else f"{value:.2f}"
        d = details.get(key)
        paired = f"{d['spread'][0]:.2f}-{d['spread'][1]:.2f} ({d['n']}, {d['by']})" if d else ""
        ok = isinstance(value, int | float) and not isinstance(value, bool) and target is not None
        mark = ("  ok" if value <= target else "  MISSED") if ok else ""
        lines.append(f"{key:<28}{shown:>10}  {paired:<24}{'' if target is None else f'<= {target}':>10}{mark}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="sizes 125/500/2,000 (a few minutes)")
    args = parser.parse_args()
    collector.tune()  # the figures taken in this process run under the collector the program sets
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        # the log on, as in the program (each write's line), in a folder of the run's own: the commands' too
        os.environ[logs.LOG_ENV] = str(Path(tmp) / "log")
        logs.start("the benchmark")
        try:
            figures = measure(Path(tmp), QUICK if args.quick else FULL)
        finally:
            logs.stop()
    figures["benchmark_minutes"] = (time.perf_counter() - t0) / 60
    print(json.dumps(figures, indent=1) if args.json else table(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
