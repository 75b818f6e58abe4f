"""Scorekeeper's benchmarks, measured as ratios against the fastest thing the machine does in the same run.

    python tests/benchmarks/run.py            # a readable table
    python tests/benchmarks/run.py --json     # one JSON object

Not collected by pytest. Builds a synthetic league (10 seasons of 40 teams, 300 games each, with goals and
penalties) in a temporary folder, then measures each figure over at least 5 runs (medians).
"""

from __future__ import annotations

import argparse
import compileall
import gc
import inspect
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper.services import Services  # noqa: E402
from tests.scorekeeper.synthetic import synthetic_season  # noqa: E402

TARGETS = {"startup_ratio": 1.5, "entry_ratio": 3.0, "standings_scaling": 4.5, "game_sheet_ratio": 2.0,
           "validation_p99_ms": 16.0, "window_memory_mb": 250.0, "window_entry_ms": 16.0, "window_entry_ratio": 2.0,
           "facade_calls_per_entry": 3}
RUNS = 7

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

APP_WINDOW = """
import os, sys, resource, tempfile
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import QSettings
from ui.app import application, show_window
from ui.main_window import OPERATOR, TAB
for fmt in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
    QSettings.setPath(fmt, QSettings.Scope.UserScope, tempfile.mkdtemp())
app = application()
QSettings().setValue(OPERATOR, "Benchmark")  # start() asks for none: nothing modal blocks 'ready'
QSettings().setValue(TAB, 1)  # Live Game in front: 'ready' once it lists the season's games
window = show_window(sys.argv[1])  # as run_gui: the shell shown and painted, the database opens next
print("shown", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
window.loaded.connect(lambda: print("ready", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True))
sys.exit(app.exec())
"""


T = TypeVar("T")
U = TypeVar("U")


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


def child_until_shown(code: str, *args: str, until_ready: bool = False) -> tuple[float, int, float, int]:
    """Seconds from process start until the child prints 'shown' and its peak RSS in KiB then; `until_ready`:
    also until it prints 'ready' (the front tab filled) and its RSS then (else those repeat 'shown')."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    try:
        marks = []
        for word in ("shown", "ready") if until_ready else ("shown",):
            parts = proc.stdout.readline().split()
            if not parts or parts[0] != word:
                raise RuntimeError(f"the window did not print {word!r}: {' '.join(parts)!r}")
            marks.append((time.perf_counter() - t0, int(parts[1]) if len(parts) > 1 else 0))
    finally:
        proc.kill()
        proc.wait()
    (shown, shown_rss), (ready, ready_rss) = marks[0], marks[-1]
    return shown, shown_rss, ready, ready_rss


def build_league(folder: Path, seasons: int, teams: int, games: int) -> tuple[Path, float]:
    db = folder / "league.db"
    svc = Services.open(str(db))
    total_games, t_import = 0, 0.0
    for n in range(seasons):
        data = synthetic_season(teams=teams, games=games, seed=n, season=f"{2010 + n}-{11 + n}")
        t_import += timed(partial(svc.import_data, data))
        total_games += games
    svc.close()
    return db, total_games / t_import


def live_game(svc: Services, events: int) -> str:
    """A scheduled game of the latest season with `events` entries, to enter more into."""
    view = svc.view()
    home, away = list(view.teams)[:2]
    lineups = {side: [{"player": f"{t}p01", "goalie": True}] + [{"player": f"{t}p{n:02d}"} for n in range(2, 11)]
               for side, t in (("home", home), ("away", away))}
    evs = []
    for i in range(events):
        side, team = ("home", home) if i % 2 else ("away", away)
        minute, second = divmod(i * 7, 60)
        evs.append({"type": "goal", "team": side, "period": 1 + (minute >= 20), "elapsed":
                    f"{minute % 20:02d}:{second:02d}", "scorer": f"{team}p{2 + i % 6:02d}", "assists": []})
    gid = "bench-live"
    res = svc.save_game({"id": gid, "date": "2099-01-01", "time": "19:00", "stage": "regular", "home": home,
                         "away": away, "status": "scheduled", "lineups": lineups, "events": evs}, confirm=True)
    if not res.ok:
        raise RuntimeError([v.line() for v in res.violations])
    return gid


def measure(folder: Path, seasons: int, teams: int, games: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    db, out["import_games_per_s"] = build_league(folder, seasons, teams, games)

    # startup: the window on the 10-season database against a bare PySide6 window. The project's modules are
    # compiled first, as an installed copy has them (pip and PyInstaller compile; PySide6's came compiled).
    for package in ("scorekeeper", "ui"):
        compileall.compile_dir(ROOT / package, quiet=1)
    os.sync()  # the league just written is on disk: its write-back does not land on one start-up and not another
    bare, app_runs = side_by_side(lambda: child_until_shown(BARE_WINDOW)[0],
                                  lambda: child_until_shown(APP_WINDOW, str(db), until_ready=True), RUNS + 4)
    out["startup_ratio"] = statistics.median(run[0] for run in app_runs) / statistics.median(bare)
    out["ready_ratio"] = statistics.median(run[2] for run in app_runs) / statistics.median(bare)  # informational
    out["window_memory_mb"] = max(run[3] for run in app_runs) / 1024

    # one goal through the service layer against a bare INSERT and COMMIT in the same file, same pragmas
    svc = Services.open(str(db))
    gid = live_game(svc, 20)
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
                 "scorer": f"{live[side]}p02", "assists": []}
        t0 = time.perf_counter()
        res = svc.add_event(gid, event, confirm=True)
        elapsed = time.perf_counter() - t0
        if not res.ok:
            raise RuntimeError([v.line() for v in res.violations])
        return elapsed

    svc.view()  # warm the season cache, as the open window has it
    bare_t, entry_t = side_by_side(bare_insert, one_goal, RUNS * 4)
    out["entry_ratio"] = statistics.median(entry_t) / statistics.median(bare_t)

    # validation latency for an entry in a game with 150 events
    gid150 = live_game_named(svc, 150)
    lat = []
    view = svc.view()
    for i in range(60):
        event = {"type": "goal", "team": "away", "period": 2, "elapsed": f"19:{i % 60:02d}",
                 "scorer": f"{view.games[gid150]['away']}p03", "assists": []}
        lat.append(timed(partial(svc.validate_event, gid150, event)) * 1000)
    lat.sort()
    out["validation_p50_ms"] = statistics.median(lat)
    out["validation_p99_ms"] = lat[int(len(lat) * 0.99) - 1]

    # a goal recorded by keys in the window's Live Game tab against the same entry on the facade alone
    out.update(window_entry_figures(svc, folder, gid150, live_game_named(svc, 150, "bench-150-twin")))

    # standings of a season of 4N games over one of N games
    small = Services.open(str(folder / "small.db"))
    small.import_data(synthetic_season(teams=teams, games=games // 4, seed=99, season="n"))
    big = Services.open(str(folder / "big.db"))
    big.import_data(synthetic_season(teams=teams, games=games, seed=99, season="4n"))

    def standings_fresh(s: Services) -> float:
        s._changed()
        view = s.view()
        gc.collect()  # the collector's pauses are not what this figure measures
        gc.disable()
        try:
            return timed(lambda: s.standings(view.name))
        finally:
            gc.enable()

    big_t, small_t = side_by_side(lambda: standings_fresh(big), lambda: standings_fresh(small), RUNS)
    out["standings_scaling"] = statistics.median(big_t) / statistics.median(small_t)

    # the game sheet against a bare ReportLab document with a table of the same number of cells
    try:
        from scorekeeper.reports import data as report_data  # noqa: F401
        out.update(game_sheet_figures(svc))
    except ImportError:
        out["game_sheet_ratio"] = None
    svc.close()
    small.close()
    big.close()
    con.close()
    return out


def live_game_named(svc: Services, events: int, gid: str = "bench-150") -> str:
    view = svc.view()
    home, away = list(view.teams)[2:4]
    lineups = {side: [{"player": f"{t}p01", "goalie": True}] + [{"player": f"{t}p{n:02d}"} for n in range(2, 11)]
               for side, t in (("home", home), ("away", away))}
    evs = []
    for i in range(events):
        side, team = ("home", home) if i % 2 else ("away", away)
        t = i * 14
        period, rest = (1, t) if t < 1200 else (2, t - 1200)
        evs.append({"type": "goal", "team": side, "period": period, "elapsed": f"{rest // 60:02d}:{rest % 60:02d}",
                    "scorer": f"{team}p{2 + i % 6:02d}", "assists": []})
    res = svc.save_game({"id": gid, "date": "2099-01-02", "time": "19:00", "stage": "regular", "home": home,
                         "away": away, "status": "scheduled", "lineups": lineups, "events": evs}, confirm=True)
    if not res.ok:
        raise RuntimeError([v.line() for v in res.violations])
    return gid


class CallCounter:
    """Counts the window's calls of the facade's public methods (calls the facade makes of itself inside one
    call are not counted): each public method of `svc` is wrapped on the instance."""

    def __init__(self, svc: Services) -> None:
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


def window_entry_figures(svc: Services, folder: Path, gid: str, twin: str) -> dict[str, Any]:
    """A goal recorded in the Live Game tab of the window (offscreen, in this process) by the keys a person
    presses (G, H, Tab, the scorer's number, Enter), timed from Enter until the window is idle with every
    visible widget redrawn and read back; against `add_event` of the same goal on the facade directly, into
    `twin`, a game identical to `gid`, measured side by side; and the facade calls one entry makes."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from ui.app import application
    from ui.main_window import OPERATOR, TAB, MainWindow

    app = application()
    settings = QSettings(str(folder / "window.ini"), QSettings.Format.IniFormat)
    settings.setValue(OPERATOR, "Benchmark")
    settings.setValue(TAB, 1)
    window = MainWindow(svc, settings)
    window.resize(1366, 768)
    window.show()
    tab = window.live_game_tab
    tab.select_game(gid)
    tab.pages.setCurrentIndex(0)
    counter = CallCounter(svc)  # the window's calls from here on

    def idle() -> None:
        for _ in range(3):
            app.sendPostedEvents()
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)

    idle()
    runs = iter(range(10_000))
    per_entry: list[int] = []

    def focus() -> Any:
        widget = QApplication.focusWidget()
        return widget if widget is not None else tab.events_view

    def window_goal() -> float:
        i = next(runs)
        tab.clock.set_position(2, 19 * 60 + i % 50)
        tab.events_view.setFocus()
        idle()
        before = len(counter.calls)
        QTest.keyClick(focus(), Qt.Key.Key_G)
        QTest.keyClicks(focus(), "ha"[i % 2])  # home and away in turn: no mercy rule ends the game
        QTest.keyClick(focus(), Qt.Key.Key_Tab)
        QTest.keyClicks(focus(), str(2 + i % 6))
        rows = tab.events.rowCount()
        t0 = time.perf_counter()
        QTest.keyClick(focus(), Qt.Key.Key_Return)
        idle()
        shown = (tab.events.rowCount(), tab.score.text(), tab.home_panel.label.text(), tab.messages.text(),
                 tab.undo_button.isEnabled(), tab.model.rowCount())
        elapsed = time.perf_counter() - t0
        per_entry.append(len(counter.calls) - before)
        if shown[0] != rows + 1 or "Goal recorded" not in shown[3]:
            raise RuntimeError(f"the window did not record the goal: {shown[3]}")
        return elapsed

    facade_runs = iter(range(10_000))

    def facade_goal() -> float:
        i = next(facade_runs)
        side = ("home", "away")[i % 2]
        team = svc.view().games[twin][side]
        event = {"type": "goal", "team": side, "period": 2, "elapsed": f"19:{i % 50:02d}",
                 "scorer": f"{team}p{2 + i % 6:02d}", "assists": []}
        t0 = time.perf_counter()
        res = svc.add_event(twin, event)
        elapsed = time.perf_counter() - t0
        if not res.ok:
            raise RuntimeError([v.line() for v in res.violations])
        return elapsed

    window_t, facade_t = side_by_side(window_goal, facade_goal, RUNS * 3)
    counter.remove(svc)
    window.hide()  # not closed: closing would close the facade the next figures use
    window.deleteLater()
    idle()
    return {"window_entry_ms": statistics.median(window_t) * 1000,
            "window_entry_ratio": statistics.median(window_t) / statistics.median(facade_t),
            "facade_calls_per_entry": statistics.median(per_entry[1:])}


def game_sheet_figures(svc: Services) -> dict[str, Any]:
    """Game sheet build time over a bare ReportLab table of as many cells; statements for every team."""
    import io

    from reportlab.lib.pagesizes import letter
    from reportlab.platypus import SimpleDocTemplate, Table
    from reportlab.platypus import Table as RLTable

    from scorekeeper.reports import commands, styles  # noqa: F401
    from scorekeeper.reports.data import game_sheet_data
    from scorekeeper.reports.game_sheet import build_game_sheet, game_sheet_story

    view = svc.view()
    gid = next(g for g, x in view.games.items() if x.get("status") == "final")
    sheet = game_sheet_data(svc, gid)

    def count_cells(flowables: list[Any]) -> int:
        """Every table cell of the sheet, those of tables inside cells included (a cell holding a table counts
        as the table's cells)."""
        total = 0
        for f in flowables:
            if isinstance(f, RLTable):
                for row in f._cellvalues:
                    for cell in row:
                        if isinstance(cell, list | tuple):
                            total += count_cells(list(cell))
                        elif isinstance(cell, RLTable):
                            total += count_cells([cell])
                        else:
                            total += 1
        return total

    styles.register_fonts()
    cells = max(8, count_cells(game_sheet_story(sheet)))

    def bare() -> float:
        def build() -> None:
            buf = io.BytesIO()
            rows = [[f"c{r}{c}" for c in range(8)] for r in range(cells // 8)]
            SimpleDocTemplate(buf, pagesize=letter, invariant=1).build([Table(rows)])
        return timed(build)

    sheet_t, bare_t = side_by_side(lambda: timed(lambda: build_game_sheet(game_sheet_data(svc, gid))), bare,
                                   RUNS * 3)
    out: dict[str, Any] = {"game_sheet_ratio": statistics.median(sheet_t) / statistics.median(bare_t)}
    try:
        from scorekeeper.reports.data import fine_statements_data
        from scorekeeper.reports.fine_statements import build_fine_statements

        out["statements_s"] = timed(lambda: build_fine_statements(fine_statements_data(svc)))
    except ImportError:
        out["statements_s"] = None
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seasons", type=int, default=10)
    parser.add_argument("--teams", type=int, default=40)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        figures = measure(Path(tmp), args.seasons, args.teams, args.games)
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    print(f"{'figure':<22}{'measured':>12}{'target':>10}")
    for key, value in figures.items():
        target = TARGETS.get(key)
        shown = "n/a" if value is None else f"{value:.2f}"
        mark = "" if target is None or value is None else ("  ok" if value <= target else "  MISSED")
        print(f"{key:<22}{shown:>12}{'' if target is None else f'<= {target}':>10}{mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
