"""The window in this process (offscreen): a goal typed in the Live Game tab of a real game of the league (one
of tonight's, tonight.py), against the facade's `add_event` of the same goal into another of tonight's games and
against a bare SQLite INSERT+COMMIT into the same file (the project's pragmas: WAL, `synchronous=full`, so one
`fdatasync` on Linux), taken in turn; the entry at each size, the windows open side by side and their goals
taken in turn; the first entry after opening against the next ones.
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorekeeper.services import Services
from tests.benchmarks.bare_entry import BareEntry
from tests.benchmarks.paired import Cost, interleave, ratio_details
from tests.benchmarks.tonight import dressed

# the project's pragmas (scorekeeper/db/connect.py's SQLITE_PRAGMAS): a bare commit costs what the program's does
BARE_PRAGMAS = ("journal_mode=wal", "foreign_keys=1", "synchronous=full", "busy_timeout=5000")


def bare_commit(db: Path) -> tuple[sqlite3.Connection, Callable[[], Cost]]:
    """A connection of its own to `db` and one INSERT+COMMIT of a row into a table of the benchmark's there."""
    con = sqlite3.connect(db, isolation_level=None)
    for pragma in BARE_PRAGMAS:
        con.execute(f"pragma {pragma}")
    con.execute("create table if not exists bench_row (id integer primary key, v text)")

    def commit() -> Cost:
        c0, t0 = time.process_time(), time.perf_counter()
        con.execute("begin")
        con.execute("insert into bench_row (v) values ('x')")
        con.execute("commit")
        return Cost(time.process_time() - c0, time.perf_counter() - t0)

    return con, commit


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
    records a goal by the keys a person presses (G, H or A, Tab, the scorer's number, Enter) and returns the CPU
    and wall seconds from Enter until the window is idle with every visible widget redrawn and read back. The
    window is idle before Enter, with the typed number drawn: between two of a person's keys it always is. `data`
    is the season file that holds game `gid` (its line-ups name the scorers)."""

    def __init__(self, svc: Services, folder: Path, gid: str, data: dict[str, Any]) -> None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        skaters = dressed(data, gid)
        self.numbers = {key: [n for n, _ in skaters[side]][:6] for key, side in (("h", "home"), ("a", "away"))}
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

    def goal(self) -> Cost:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        tab, i = self.tab, next(self.runs)
        self.window.activateWindow()  # the keys go to this window when others are open beside it
        tab.clock.set_position(2, 19 * 60 + i % 50)
        tab.events_view.setFocus()
        self.idle()
        QTest.keyClick(self.focus(), Qt.Key.Key_G)
        key = "ha"[i % 2]  # home and away in turn: no mercy rule ends the game
        QTest.keyClicks(self.focus(), key)
        QTest.keyClick(self.focus(), Qt.Key.Key_Tab)
        QTest.keyClicks(self.focus(), str(self.numbers[key][i % len(self.numbers[key])]))
        self.idle()  # the typed number drawn, as it is before a person's next key
        rows = tab.events.rowCount()
        c0, t0 = time.process_time(), time.perf_counter()
        QTest.keyClick(self.focus(), Qt.Key.Key_Return)
        self.idle()
        shown = (tab.events.rowCount(), tab.score.text(), tab.home_panel.label.text(), tab.messages.text(),
                 tab.undo_button.isEnabled(), tab.model.rowCount())
        elapsed = Cost(time.process_time() - c0, time.perf_counter() - t0)
        if shown[0] != rows + 1 or "Goal recorded" not in shown[3]:
            raise RuntimeError(f"the window did not record the goal: {shown[3]}")
        return elapsed

    def close(self) -> None:
        """Hide the window and let it go (not closed: closing would close the facade)."""
        self.window.hide()
        self.window.deleteLater()
        self.idle()



def window_entry_figures(svc: Services, db: Path, folder: Path, data: dict[str, Any], gid: str, twin: str,
                         runs: int) -> dict[str, Any]:
    """A goal recorded by keys in the Live Game tab into tonight's game `gid`, key press to idle, against
    `add_event` of a goal on the facade directly into `twin` (another of tonight's games) and against a bare
    commit into the same file and against a bare Qt window's entry (bare_entry.py), the four in turn; with the
    facade calls one entry makes. `window_entry_ratio` is by the clock (as issue 16 set it), `entry_cpu_ratio`
    by CPU; both in `details`, with the bare window's beside them, for scale and with no target:
    `bare_window_entry_ratio` (its entry / the facade's, by the clock), `bare_entry_cpu_ratio` (its entry / the
    bare commit, by CPU) and `bare_form_entry_cpu_ratio` (likewise, the bare window without its table)."""
    live = LiveWindow(svc, folder, gid, data)
    counter = CallCounter(svc)  # the window's calls from here on
    per_entry: list[int] = []
    skaters = dressed(data, twin)
    con, commit = bare_commit(db)  # the file `svc` has open

    def window_goal() -> Cost:
        before = len(counter.calls)
        spent = live.goal()
        per_entry.append(len(counter.calls) - before)
        return spent

    facade_runs = iter(range(10_000))

    def facade_goal() -> Cost:
        i = next(facade_runs)
        side = ("home", "away")[i % 2]
        event = {"type": "goal", "team": side, "period": 2, "elapsed": f"19:{i % 50:02d}",
                 "scorer": skaters[side][i % min(6, len(skaters[side]))][1], "assists": []}
        c0, t0 = time.process_time(), time.perf_counter()
        res = svc.add_event(twin, event)
        spent = Cost(time.process_time() - c0, time.perf_counter() - t0)
        if not res.ok:
            raise RuntimeError([v.line() for v in res.violations])
        return spent

    bare, form = BareEntry(db, BARE_PRAGMAS), BareEntry(db, BARE_PRAGMAS, table=False)  # the same application
    window_t, facade_t, commit_t, bare_t, form_t = interleave([window_goal, facade_goal, commit, bare.goal, form.goal],
                                                              runs)
    bare.close()
    form.close()
    con.close()
    counter.remove(svc)
    live.close()
    details = {"window_entry_ratio": ratio_details(window_t, facade_t, "wall"),
               "entry_cpu_ratio": ratio_details(window_t, commit_t, "cpu"),
               "bare_entry_cpu_ratio": ratio_details(bare_t, commit_t, "cpu"),
               "bare_window_entry_ratio": ratio_details(bare_t, facade_t, "wall"),
               "bare_form_entry_cpu_ratio": ratio_details(form_t, commit_t, "cpu")}
    return {"window_entry_ms": details["window_entry_ratio"]["a"]["wall"] * 1000,
            "window_entry_cpu_ms": details["window_entry_ratio"]["a"]["cpu"] * 1000,
            "bare_commit_cpu_ms": details["entry_cpu_ratio"]["b"]["cpu"] * 1000,
            "bare_window_entry_cpu_ms": details["bare_entry_cpu_ratio"]["a"]["cpu"] * 1000,
            **{key: d["value"] for key, d in details.items()},
            "facade_calls_per_entry": statistics.median(per_entry[1:]), "details": details}


def entry_scaling_figures(sized: list[tuple[int, Path, dict[str, Any], str]], folder: Path,
                          runs: int) -> dict[str, Any]:
    """The window's entry at each size, (size, database, season file, tonight's game) each, the windows open
    side by side in this process and their goals taken in turn: each size's median (wall) and the largest's
    over the smallest's (`window_entry_scaling`, by the clock, in `details`)."""
    opened = [(size, Services.open(str(db))) for size, db, _, _ in sized]
    lives = [LiveWindow(svc, folder, gid, data) for (_, svc), (_, _, data, gid) in zip(opened, sized, strict=True)]
    taken = interleave([live.goal for live in lives], runs)
    for live, (_, svc) in zip(lives, opened, strict=True):
        live.close()
        svc.close()
    out: dict[str, Any] = {f"window_entry_ms_{size}": statistics.median(c.wall for c in costs) * 1000
                           for (size, _), costs in zip(opened, taken, strict=True)}
    details = ratio_details(taken[-1], taken[0], "wall")
    return {**out, "window_entry_scaling": details["value"], "details": {"window_entry_scaling": details}}


def first_entry_figures(db: Path, data: dict[str, Any], folder: Path, gid: str, opens: int) -> dict[str, Any]:
    """The first goal recorded after the window opens the database (a new facade, game `gid` picked) against
    the next five, over `opens` openings: ratio of the medians (by the clock)."""
    first: list[float] = []
    later: list[float] = []
    for _ in range(opens):
        svc = Services.open(str(db))
        live = LiveWindow(svc, folder, gid, data)
        first.append(live.goal().wall)
        later.extend(live.goal().wall for _ in range(5))
        live.close()
        svc.close()
    return {"first_entry_ms": statistics.median(first) * 1000,
            "first_entry_ratio": statistics.median(first) / statistics.median(later)}
