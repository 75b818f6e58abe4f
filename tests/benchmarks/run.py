"""Scorekeeper's benchmarks: each figure a ratio against the fastest thing the machine does in the same run, or a
scaling figure (the worst time ratio over a 4x step in size, over three sizes), along the path a person takes.

    python tests/benchmarks/run.py            # a readable table (about 5 minutes on 2 cores)
    python tests/benchmarks/run.py --json     # one JSON object
    python tests/benchmarks/run.py --quick    # smaller sizes, fewer runs (about 2 minutes)

Not collected by pytest. The leagues are those of tests/benchmarks/league.py (40 teams, consecutive seasons with
real dates, ~3% of games with a fight, suspensions served and carried over, fines and payments, playoffs),
written as season files and imported with the installed `scorekeeper` command:

- single seasons of N, 4N and 16N games (1,000 / 4,000 / 16,000; --quick: 250 / 1,000 / 4,000): import, the
  command-line figures, the window's entry and standings at each size;
- ten consecutive 300-game seasons and its first season alone: start-up, Live Game ready, memory, the facade's
  entry, validation, the window's entry on a 150-event game, the game sheet and the fine statements;
- one 1,230-game season: import from the file against raw `executemany` of the same rows.

Start-up and every command-line figure time the whole process of the venv's `scorekeeper` console script (its
window is watched through a `sitecustomize` hook that only prints when the shell is shown and the Live Game tab
is ready). Nothing is timed with the garbage collector off or with the season read outside the timer.
"""

from __future__ import annotations

import argparse
import compileall
import json
import math
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper import collector  # noqa: E402
from scorekeeper.services import Services  # noqa: E402
from tests.benchmarks.league import LeagueGenerator, Season  # noqa: E402

TARGETS: dict[str, float] = {
    # issue 16's and the earlier figures
    "startup_ratio": 1.5, "entry_ratio": 3.0, "standings_scaling": 4.5, "game_sheet_ratio": 2.0,
    "validation_p99_ms": 16.0, "window_memory_mb": 250.0, "window_entry_ms": 16.0, "window_entry_ratio": 2.0,
    "facade_calls_per_entry": 3,
    # issue 17's
    "import_scaling": 4.5, "import_vs_raw": 10.0, "cli_scaling": 4.5, "history_ready_ratio": 1.3,
    "window_entry_ms_4000": 16.0, "window_entry_scaling": 1.5, "first_entry_ratio": 1.5,
    "window_memory_mb_10": 150.0}
COMMAND = Path(sys.executable).with_name("scorekeeper")  # the console script installed beside this Python
HISTORY_SEASONS, HISTORY_GAMES, RAW_GAMES = 10, 300, 1230

BARE_WINDOW = """
import os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
w = QMainWindow()
w.show()
app.processEvents()
print("shown", flush=True)
"""

# Put in a folder on PYTHONPATH for the `scorekeeper` command: when `ui.app` is imported (by `scorekeeper gui`),
# its `show_window` is wrapped to print "shown" when the shell is painted and "ready" when the tab in front is
# filled, with the peak RSS. It writes and imports nothing: the window's settings (an operator, so nothing modal
# blocks 'ready'; Live Game in front) are written before the command starts, in a settings folder of its own.
HOOK = '''
import os, sys


def _peak_kib():
    # the peak RSS of this process's own memory: ru_maxrss would also hold the parent's peak, which Linux
    # carries over into a child started by vfork and exec
    try:
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _patch(app_module):
    original = app_module.show_window

    def show_window(db, settings=None, **given):
        window = original(db, settings, **given)
        print("shown", _peak_kib(), flush=True)
        window.loaded.connect(lambda: print("ready", _peak_kib(), flush=True))
        return window

    app_module.show_window = show_window


class _Hook:
    def find_spec(self, name, path=None, target=None):
        if name != "ui.app":
            return None
        sys.meta_path.remove(self)
        import importlib.util
        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            _patch(module)

        spec.loader.exec_module = exec_module
        return spec


if os.environ.get("SCOREKEEPER_BENCH_HOOK"):
    sys.meta_path.insert(0, _Hook())
'''

T = TypeVar("T")
U = TypeVar("U")


@dataclass
class Plan:
    """What one run measures: the sizes of the scaling figures and how often each figure is taken."""

    sizes: tuple[int, int, int]
    runs: int
    startup_runs: int
    cli_runs: int
    import_cap_s: float  # an import or command slower than this is stopped: its figure is a lower bound


FULL = Plan((1000, 4000, 16000), runs=7, startup_runs=9, cli_runs=3, import_cap_s=900)
QUICK = Plan((250, 1000, 4000), runs=3, startup_runs=5, cli_runs=2, import_cap_s=300)


def side_by_side(first: Callable[[], T], second: Callable[[], U], runs: int) -> tuple[list[T], list[U]]:
    """`runs` measurements of each, taken in turn (first, second, first, ...) after one unmeasured call of each:
    a burst of load on this shared machine falls on both figures of a ratio rather than on one."""
    first()
    second()
    a: list[T] = []
    b: list[U] = []
    for _ in range(runs):
        a.append(first())
        b.append(second())
    return a, b


def timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def worst_step(times: Sequence[float]) -> float:
    """The worst ratio between consecutive sizes (each 4 times the one before)."""
    return max(b / a for a, b in zip(times, times[1:], strict=False))


def exponent(times: Sequence[float]) -> float:
    """The growth exponent of the last 4x step: time ~ size ** exponent."""
    return math.log(times[-1] / times[-2]) / math.log(4)


# -- the command as installed -----------------------------------------------------------------------------------
class Command:
    """The venv's `scorekeeper` console script, run as a person runs it (whole process)."""

    def __init__(self, folder: Path) -> None:
        self.hook = folder / "hook"
        self.hook.mkdir()
        (self.hook / "sitecustomize.py").write_text(HOOK, encoding="utf-8")
        self.settings = folder / "settings"  # the window's QSettings (XDG_CONFIG_HOME): written here, not timed
        from ui import APP_NAME, ORGANIZATION
        from ui.main_window import OPERATOR, TAB

        ini = self.settings / ORGANIZATION / f"{APP_NAME}.conf"
        ini.parent.mkdir(parents=True)
        group, key = TAB.split("/")
        ini.write_text(f"[General]\n{OPERATOR}=Benchmark\n\n[{group}]\n{key}=1\n", encoding="utf-8")
        self.env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        self.env.pop("PYTHONPATH", None)

    def run(self, db: Path, *args: str, cap: float = 900) -> tuple[float, bool]:
        """Seconds the command takes, and whether it was stopped at `cap` seconds (then the time is the cap)."""
        t0 = time.perf_counter()
        try:
            done = subprocess.run([str(COMMAND), "--db", str(db), *args], env=self.env, timeout=cap,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        except subprocess.TimeoutExpired:
            return cap, True
        elapsed = time.perf_counter() - t0
        if done.returncode != 0:
            raise RuntimeError(f"scorekeeper {' '.join(args)} failed ({done.returncode}): {done.stderr[-2000:]}")
        return elapsed, False

    def window(self, db: Path) -> tuple[float, int, float, int]:
        """`scorekeeper --db DB` (the window): seconds from process start to the shell shown and to the Live Game
        tab ready, with the peak RSS (KiB) at each."""
        env = {**self.env, "PYTHONPATH": str(self.hook), "SCOREKEEPER_BENCH_HOOK": "1",
               "XDG_CONFIG_HOME": str(self.settings)}
        return until_marks([str(COMMAND), "--db", str(db)], env, ("shown", "ready"))


def bare_window() -> float:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return until_marks([sys.executable, "-c", BARE_WINDOW], env, ("shown",))[0]


def until_marks(cmd: list[str], env: dict[str, str], words: tuple[str, ...]) -> tuple[float, int, float, int]:
    """Seconds from process start until the child prints each of `words` and its peak RSS (KiB) then (the last
    word's repeat the first's when only one is awaited); the child is then stopped."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    try:
        marks = []
        for word in words:
            parts = proc.stdout.readline().split()
            if not parts or parts[0] != word:
                raise RuntimeError(f"the window did not print {word!r}: {' '.join(parts)!r}")
            marks.append((time.perf_counter() - t0, int(parts[1]) if len(parts) > 1 else 0))
    finally:
        proc.kill()
        proc.wait()
    (shown, shown_rss), (ready, ready_rss) = marks[0], marks[-1]
    return shown, shown_rss, ready, ready_rss


# -- the leagues --------------------------------------------------------------------------------------------------
@dataclass
class League:
    """A database built from season files with the command, and what the generator knows of its last season."""

    db: Path
    last: Season
    import_s: list[float]
    capped: bool = False


def build(cmd: Command, folder: Path, name: str, seasons: list[Season], cap: float) -> League:
    """Write each season's file and import it with `scorekeeper import`, timed (whole process)."""
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / f"{name}.db"
    times, capped = [], False
    for n, season in enumerate(seasons, 1):
        path = folder / f"{name}-{n}.json"
        path.write_text(json.dumps(season.data), encoding="utf-8")
        elapsed, capped = cmd.run(db, "import", str(path), cap=cap)
        times.append(elapsed)
        if capped:
            break
    return League(db, seasons[-1], times, capped)


def shooters(svc: Services, last: Season) -> dict[str, list[tuple[int, str]]]:
    """Each team's skaters of the latest season no suspension bars after its last game, as (jersey number,
    player), for the teams with at least six of them and a goalie free: the players the benchmark's goals name."""
    squads: dict[str, dict[int, str]] = {}
    for row in svc.view().data["roster"]:
        if row["player"] not in last.barred_at_end:
            squads.setdefault(row["team"], {})[int(row["number"])] = row["player"]
    out = {team: [(n, p) for n, p in sorted(numbers.items()) if n not in (1, 31)]
           for team, numbers in squads.items() if 1 in numbers}
    return {team: free for team, free in sorted(out.items()) if len(free) >= 6}


def live_game(svc: Services, last: Season, events: int, gid: str, pair: int) -> str:
    """A scheduled game of the latest season after its last game, with `events` goals, home and away in turn,
    between two teams with six skaters and a goalie free (the open divisions first); `pair` picks another pair
    of teams."""
    free = shooters(svc, last)
    divisions = {t["id"]: t["division"] for t in last.data["teams"]}
    teams = sorted(free, key=lambda t: (not divisions[t].startswith("open"), t))
    home, away = teams[2 * pair], teams[2 * pair + 1]
    goalie = {r["team"]: r["player"] for r in svc.view().data["roster"] if int(r["number"]) == 1}
    lineups = {side: [{"player": goalie[t], "goalie": True}] + [{"player": p} for _, p in free[t]]
               for side, t in (("home", home), ("away", away))}
    evs = []
    for i in range(events):
        side, team = ("home", home) if i % 2 else ("away", away)
        t = i * 14
        period, rest = (1, t) if t < 1200 else (2, t - 1200)
        evs.append({"type": "goal", "team": side, "period": period, "elapsed": f"{rest // 60:02d}:{rest % 60:02d}",
                    "scorer": free[team][i % 6][1], "assists": []})
    res = svc.save_game({"id": gid, "date": "2099-01-02", "time": "19:00", "stage": "regular", "home": home,
                         "away": away, "status": "scheduled", "lineups": lineups, "events": evs}, confirm=True)
    if not res.ok:
        raise RuntimeError([v.line() for v in res.violations])
    return gid


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


def raw_import(path: Path, db: Path) -> float:
    """The floor: read and parse the file, write its rows with `executemany` in one transaction (same pragmas
    as the project's database)."""
    db.unlink(missing_ok=True)
    con = sqlite3.connect(db, isolation_level=None)
    for pragma in ("journal_mode=wal", "synchronous=full", "foreign_keys=1"):
        con.execute(f"pragma {pragma}")
    for table, columns in RAW_TABLES.items():
        con.execute(f"create table {table} (rowid integer primary key, {columns})")
    t0 = time.perf_counter()
    rows = raw_rows(json.loads(path.read_text(encoding="utf-8")))
    con.execute("begin")
    for table, columns in RAW_TABLES.items():
        marks = ", ".join("?" * len(columns.split(", ")))
        con.executemany(f"insert into {table} ({columns}) values ({marks})", rows[table])
    con.execute("commit")
    elapsed = time.perf_counter() - t0
    con.close()
    return elapsed


def facade_import(path: Path, db: Path) -> float:
    """`Services.import_file` of the season file into an empty database (opened before the timer)."""
    for leftover in db.parent.glob(db.name + "*"):
        leftover.unlink()
    svc = Services.open(str(db))
    try:
        t0 = time.perf_counter()
        report = svc.import_file(path)
        elapsed = time.perf_counter() - t0
        if not report.ok:
            raise RuntimeError([v.line() for v in report.violations if v.blocks][:5])
        return elapsed
    finally:
        svc.close()


# -- the facade -----------------------------------------------------------------------------------------------------
def facade_figures(db: Path, last: Season, runs: int) -> dict[str, Any]:
    """One goal through the facade against a bare INSERT and COMMIT in the same file; validation latency for
    an entry in a game with 150 events."""
    out: dict[str, Any] = {}
    svc = Services.open(str(db))
    gid = live_game(svc, last, 20, "bench-live", 0)
    free = shooters(svc, last)
    con = sqlite3.connect(db, isolation_level=None)
    for pragma in ("journal_mode=wal", "synchronous=full", "foreign_keys=1"):
        con.execute(f"pragma {pragma}")
    con.execute("create table if not exists bench_row (id integer primary key, v text)")

    def bare_insert() -> float:
        t0 = time.perf_counter()
        con.execute("begin")
        con.execute("insert into bench_row (v) values ('x')")
        con.execute("commit")
        return time.perf_counter() - t0

    counter = iter(range(10_000))
    live = svc.view().games[gid]

    def one_goal() -> float:
        i = next(counter)
        side = "home" if i % 2 else "away"
        minute, second = divmod(180 + i, 60)
        event = {"type": "goal", "team": side, "period": 1, "elapsed": f"{minute:02d}:{second:02d}",
                 "scorer": free[live[side]][0][1], "assists": []}
        t0 = time.perf_counter()
        res = svc.add_event(gid, event, confirm=True)
        elapsed = time.perf_counter() - t0
        if not res.ok:
            raise RuntimeError([v.line() for v in res.violations])
        return elapsed

    svc.view()  # the season as the open window has it
    bare_t, entry_t = side_by_side(bare_insert, one_goal, runs * 4)
    out["entry_ratio"] = statistics.median(entry_t) / statistics.median(bare_t)

    gid150 = live_game(svc, last, 150, "bench-150", 1)
    lat = []
    away = free[svc.view().games[gid150]["away"]][1][1]
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


def standings_scaling(small: Path, big: Path, runs: int) -> float:
    """Standings of a 4N-game season over an N-game one, the season read inside the timer, the collector on."""
    svcs = Services.open(str(small)), Services.open(str(big))

    def fresh(svc: Services) -> float:
        svc.forget()
        return timed(svc.standings)

    small_t, big_t = side_by_side(lambda: fresh(svcs[0]), lambda: fresh(svcs[1]), runs)
    for svc in svcs:
        svc.close()
    return statistics.median(big_t) / statistics.median(small_t)


# -- the window in this process -------------------------------------------------------------------------------------
class CallCounter:
    """Counts the window's calls of the facade's public methods (calls the facade makes of itself inside one
    call are not counted): each public method of `svc` is wrapped on the instance."""

    def __init__(self, svc: Services) -> None:
        import inspect

        self.calls: list[str] = []
        self._depth = 0
        self._wrapped: list[str] = []
        for name in dir(type(svc)):
            if name.startswith("_") or isinstance(inspect.getattr_static(type(svc), name), property | type):
                continue
            method = getattr(svc, name)
            if not callable(method):
                continue
            setattr(svc, name, self._wrap(name, method))
            self._wrapped.append(name)

    def remove(self, svc: Services) -> None:
        """The facade's own methods again."""
        for name in self._wrapped:
            delattr(svc, name)

    def _wrap(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            if self._depth == 0:
                self.calls.append(name)
            self._depth += 1
            try:
                return method(*args, **kwargs)
            finally:
                self._depth -= 1

        return counted


class LiveWindow:
    """The main window (offscreen, in this process) over `svc`, Live Game in front showing game `gid`; `goal()`
    records a goal by the keys a person presses (G, H or A, Tab, the scorer's number, Enter) and returns the
    seconds from Enter until the window is idle with every visible widget redrawn and read back."""

    def __init__(self, svc: Services, folder: Path, gid: str, last: Season) -> None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        free = shooters(svc, last)
        game = svc.view().games[gid]
        self.numbers = {key: [n for n, _ in free[game[side]]] for key, side in (("h", "home"), ("a", "away"))}
        from PySide6.QtCore import QSettings

        from ui.app import application
        from ui.main_window import OPERATOR, TAB, MainWindow

        self.app = application()
        settings = QSettings(str(folder / "window.ini"), QSettings.Format.IniFormat)
        settings.setValue(OPERATOR, "Benchmark")
        settings.setValue(TAB, 1)
        self.window = MainWindow(svc, settings)
        self.window.resize(1366, 768)
        self.window.show()
        self.tab = self.window.live_game_tab
        self.tab.select_game(gid)
        self.tab.pages.setCurrentIndex(0)
        self.idle()
        self.runs = iter(range(10_000))

    def idle(self) -> None:
        from PySide6.QtCore import QEventLoop

        for _ in range(3):
            self.app.sendPostedEvents()
            self.app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)

    def focus(self) -> Any:
        from PySide6.QtWidgets import QApplication

        widget = QApplication.focusWidget()
        return widget if widget is not None else self.tab.events_view

    def goal(self, before_enter: Callable[[], None] = lambda: None) -> float:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        tab, i = self.tab, next(self.runs)
        tab.clock.set_position(2, 19 * 60 + i % 50)
        tab.events_view.setFocus()
        self.idle()
        before_enter()
        QTest.keyClick(self.focus(), Qt.Key.Key_G)
        key = "ha"[i % 2]  # home and away in turn: no mercy rule ends the game
        QTest.keyClicks(self.focus(), key)
        QTest.keyClick(self.focus(), Qt.Key.Key_Tab)
        QTest.keyClicks(self.focus(), str(self.numbers[key][i % 6]))
        rows = tab.events.rowCount()
        t0 = time.perf_counter()
        QTest.keyClick(self.focus(), Qt.Key.Key_Return)
        self.idle()
        shown = (tab.events.rowCount(), tab.score.text(), tab.home_panel.label.text(), tab.messages.text(),
                 tab.undo_button.isEnabled(), tab.model.rowCount())
        elapsed = time.perf_counter() - t0
        if shown[0] != rows + 1 or "Goal recorded" not in shown[3]:
            raise RuntimeError(f"the window did not record the goal: {shown[3]}")
        return elapsed

    def close(self) -> None:
        """Hide the window and let it go (not closed: closing would close the facade)."""
        self.window.hide()
        self.window.deleteLater()
        self.idle()


def window_entry_figures(svc: Services, folder: Path, gid: str, twin: str, last: Season,
                         runs: int) -> dict[str, Any]:
    """A goal recorded by keys in the Live Game tab, key press to idle (median), against `add_event` of the
    same goal on the facade directly into `twin`, a game identical to `gid`, measured side by side; and the
    facade calls one entry makes."""
    live = LiveWindow(svc, folder, gid, last)
    counter = CallCounter(svc)  # the window's calls from here on
    per_entry: list[int] = []
    free = shooters(svc, last)

    def window_goal() -> float:
        before = len(counter.calls)
        elapsed = live.goal()
        per_entry.append(len(counter.calls) - before)
        return elapsed

    facade_runs = iter(range(10_000))

    def facade_goal() -> float:
        i = next(facade_runs)
        side = ("home", "away")[i % 2]
        team = svc.view().games[twin][side]
        event = {"type": "goal", "team": side, "period": 2, "elapsed": f"19:{i % 50:02d}",
                 "scorer": free[team][i % 6][1], "assists": []}
        t0 = time.perf_counter()
        res = svc.add_event(twin, event)
        elapsed = time.perf_counter() - t0
        if not res.ok:
            raise RuntimeError([v.line() for v in res.violations])
        return elapsed

    window_t, facade_t = side_by_side(window_goal, facade_goal, runs)
    counter.remove(svc)
    live.close()
    return {"window_entry_ms": statistics.median(window_t) * 1000,
            "window_entry_ratio": statistics.median(window_t) / statistics.median(facade_t),
            "facade_calls_per_entry": statistics.median(per_entry[1:])}


def window_at_size(db: Path, last: Season, folder: Path, runs: int) -> dict[str, Any]:
    """The window's entry on a season of this size: a 150-event game and its twin added, then measured."""
    svc = Services.open(str(db))
    gid = live_game(svc, last, 150, "bench-150", 0)
    twin = live_game(svc, last, 150, "bench-150-twin", 1)
    out = window_entry_figures(svc, folder, gid, twin, last, runs)
    svc.close()
    return out


def first_entry_figures(db: Path, last: Season, folder: Path, gid: str, opens: int) -> dict[str, Any]:
    """The first goal recorded after the window opens the database (a new facade, game `gid` picked) against
    the next five, over `opens` openings: ratio of the medians."""
    first: list[float] = []
    later: list[float] = []
    for _ in range(opens):
        svc = Services.open(str(db))
        live = LiveWindow(svc, folder, gid, last)
        first.append(live.goal())
        later.extend(live.goal() for _ in range(5))
        live.close()
        svc.close()
    return {"first_entry_ms": statistics.median(first) * 1000,
            "first_entry_ratio": statistics.median(first) / statistics.median(later)}


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

    def bare() -> float:
        def make() -> None:
            buf = io.BytesIO()
            rows = [[f"c{r}{c}" for c in range(8)] for r in range(cells // 8)]
            SimpleDocTemplate(buf, pagesize=letter, invariant=1).build([Table(rows)])
        return timed(make)

    sheet_t, bare_t = side_by_side(lambda: timed(lambda: build_game_sheet(game_sheet_data(svc, gid))), bare,
                                   runs * 3)
    svc.forget()  # the statements read the season inside the timer
    return {"game_sheet_ratio": statistics.median(sheet_t) / statistics.median(bare_t),
            "statements_s": timed(lambda: build_fine_statements(fine_statements_data(svc)))}


# -- the run ------------------------------------------------------------------------------------------------------
CLI = {"standings": ("standings", "--json"), "stats": ("stats", "--json"), "export": ("export", "-o", "{out}.json"),
       "game_sheet": ("print", "game-sheet", "{game}", "-o", "{out}.pdf"),
       "fine_statements": ("print", "fine-statements", "-o", "{out}.pdf")}


def say(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def measure(folder: Path, plan: Plan) -> dict[str, Any]:
    out: dict[str, Any] = {"sizes": list(plan.sizes)}
    for package in ("scorekeeper", "ui"):  # compiled, as an installed copy has them
        compileall.compile_dir(ROOT / package, quiet=1)
    cmd = Command(folder)

    # the leagues, imported with the command: single seasons of N, 4N, 16N games, and ten seasons of 300
    say("importing the leagues")
    sized: list[League] = []
    for size in plan.sizes:
        season = LeagueGenerator(seed=size).season(size)
        first = build(cmd, folder / f"n{size}", "league", [season], plan.import_cap_s)
        if size == plan.sizes[0]:  # the smallest is the quickest and the noisiest: the median of three
            again = [build(cmd, folder / f"n{size}-{k}", "league", [season], plan.import_cap_s).import_s[0]
                     for k in range(2)]
            first.import_s = [statistics.median(first.import_s + again)]
        sized.append(first)
        say(f"  {size} games: {first.import_s[0]:.1f} s{' (stopped)' if first.capped else ''}")
    imports = [league.import_s[0] for league in sized]
    out.update({f"import_s_{size}": t for size, t in zip(plan.sizes, imports, strict=True)})
    out["import_scaling"] = worst_step(imports)
    out["import_exponent"] = exponent(imports)
    out["import_scaling_lower_bound"] = sized[-1].capped
    gen = LeagueGenerator(seed=2015)
    history_seasons = [gen.season(HISTORY_GAMES) for _ in range(HISTORY_SEASONS)]
    history = build(cmd, folder / "history", "league", history_seasons, plan.import_cap_s)
    one = build(cmd, folder / "history-1", "league", history_seasons[:1], plan.import_cap_s)
    out["import_games_per_s"] = HISTORY_SEASONS * HISTORY_GAMES / sum(history.import_s)
    out["import_last_vs_first"] = history.import_s[-1] / history.import_s[0]  # informational

    # import from the file against raw executemany of the same rows
    say("import against raw executemany")
    raw_file = folder / "raw.json"
    raw_file.write_text(json.dumps(LeagueGenerator(seed=RAW_GAMES).season(RAW_GAMES).data), encoding="utf-8")
    imp_t, raw_t = side_by_side(lambda: facade_import(raw_file, folder / "raw-import.db"),
                                lambda: raw_import(raw_file, folder / "raw-floor.db"), 3)
    out["import_vs_raw"] = statistics.median(imp_t) / statistics.median(raw_t)

    # start-up through the command: the window on ten seasons and on one, against a bare PySide6 window
    say("start-up")
    os.sync()  # the leagues just written are on disk: no write-back lands on one start-up and not another
    bare, ten, single = [], [], []
    bare_window()
    for _ in range(plan.startup_runs):
        bare.append(bare_window())
        ten.append(cmd.window(history.db))
        single.append(cmd.window(one.db))
    out["startup_ratio"] = statistics.median(r[0] for r in ten) / statistics.median(bare)
    out["ready_ratio"] = statistics.median(r[2] for r in ten) / statistics.median(bare)  # informational
    out["ready_s_1"] = statistics.median(r[2] for r in single)
    out["ready_s_10"] = statistics.median(r[2] for r in ten)
    out["history_ready_ratio"] = out["ready_s_10"] / out["ready_s_1"]
    out["window_memory_mb_10"] = out["window_memory_mb"] = max(r[3] for r in ten) / 1024

    # the command-line figures at each size (whole process)
    say("command line")
    steps = []
    for name, args in CLI.items():
        times = []
        for size, league in zip(plan.sizes, sized, strict=True):
            if league.capped:
                break
            game = league.last.data["games"][0]["id"]
            argv = [a.format(out=folder / f"cli-{name}-{size}", game=game) for a in args]
            runs = [cmd.run(league.db, *argv, cap=plan.import_cap_s) for _ in range(1 if size == plan.sizes[-1]
                                                                                    else plan.cli_runs)]
            times.append(statistics.median(t for t, _ in runs))
            out[f"cli_{name}_s_{size}"] = times[-1]
        if len(times) >= 2:
            out[f"cli_{name}_scaling"] = worst_step(times)
            steps.append(out[f"cli_{name}_scaling"])
    out["cli_scaling"] = max(steps) if steps else None

    # the facade and the window in this process, on the ten seasons
    say("facade and window on ten seasons")
    out.update(facade_figures(history.db, history.last, plan.runs))
    svc = Services.open(str(history.db))
    twin = live_game(svc, history.last, 150, "bench-150-tw", 2)
    out.update(window_entry_figures(svc, folder, "bench-150", twin, history.last, plan.runs * 3))
    out.update(game_sheet_figures(svc, plan.runs))
    svc.close()
    out["standings_scaling"] = standings_scaling(sized[0].db, sized[1].db, plan.runs)

    # the window's entry at each size, and the first entry after opening a 4,000-game season
    say("window at each size")
    for size, league in zip(plan.sizes, sized, strict=True):
        if league.capped:
            continue
        figures = window_at_size(league.db, league.last, folder, max(plan.runs * 3, 15))
        out[f"window_entry_ms_{size}"] = figures["window_entry_ms"]
        say(f"  {size} games: {figures['window_entry_ms']:.1f} ms")
    small, big = f"window_entry_ms_{plan.sizes[0]}", f"window_entry_ms_{plan.sizes[-1]}"
    out["window_entry_scaling"] = out[big] / out[small] if big in out else None
    four = sized[plan.sizes.index(4000)]
    out.update(first_entry_figures(four.db, four.last, folder, "bench-150", 3))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="sizes 250/1,000/4,000 and fewer runs (minutes)")
    args = parser.parse_args()
    collector.tune()  # the figures taken in this process run under the collector the program sets
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        figures = measure(Path(tmp), QUICK if args.quick else FULL)
    figures["benchmark_minutes"] = (time.perf_counter() - t0) / 60
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    print(f"{'figure':<28}{'measured':>12}{'target':>10}")
    for key, value in figures.items():
        if isinstance(value, list):
            continue
        target = TARGETS.get(key)
        shown = "n/a" if value is None else str(value).lower() if isinstance(value, bool) else f"{value:.2f}"
        mark = "" if target is None or value is None else ("  ok" if value <= target else "  MISSED")
        print(f"{key:<28}{shown:>12}{'' if target is None else f'<= {target}':>10}{mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
