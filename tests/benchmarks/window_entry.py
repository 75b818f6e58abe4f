"""One goal recorded in the window's Live Game tab, key press to idle, against the facade's own `add_event` of
the same goal: a quick measure of the window's share of an entry (issue 16's window_entry_* figures).

    python tests/benchmarks/window_entry.py                 # window ms, facade ms, ratio, facade calls
    python tests/benchmarks/window_entry.py --games 4000    # on a bigger season
    python tests/benchmarks/window_entry.py --profile       # cProfile of the window's entries, top functions
    python tests/benchmarks/window_entry.py --paints        # which widgets repaint after one goal, and how much
    python tests/benchmarks/window_entry.py --first         # the first entry after opening against the next ones

Not collected by pytest. The benchmark's league (league.py: 40 teams, `--games` games a season) in a temporary
folder, a season and the next on its last regular-season day (tonight.py); the goals are typed into one of
that day's scheduled games and entered on the facade into another, `--runs` entries of each taken in turn
(medians).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper.services import Services  # noqa: E402
from tests.benchmarks.league import LeagueGenerator  # noqa: E402
from tests.benchmarks.live_window import CallCounter  # noqa: E402
from tests.benchmarks.paired import interleave  # noqa: E402
from tests.benchmarks.tonight import dressed, in_progress  # noqa: E402


class Entries:
    """The window on `svc` with game `gid` at the boards, and a goal recorded by keys (G, H or A, Tab, the
    scorer's number, Enter) timed from Enter until the window is idle and its widgets read back."""

    def __init__(self, svc: Services, folder: Path, gid: str, data: dict[str, Any]) -> None:
        from PySide6.QtCore import QEventLoop, QSettings
        from PySide6.QtWidgets import QApplication

        from ui.app import application
        from ui.main_window import OPERATOR, TAB, MainWindow

        self.app = application()
        self.flags = QEventLoop.ProcessEventsFlag.AllEvents
        settings = QSettings(str(folder / "window.ini"), QSettings.Format.IniFormat)
        settings.setValue(OPERATOR, "Benchmark")
        settings.setValue(TAB, 1)
        self.window = MainWindow(svc, settings)
        self.window.resize(1366, 768)
        self.window.show()
        self.tab = self.window.live_game_tab
        self.tab.select_game(gid)
        self.tab.pages.setCurrentIndex(0)
        self.numbers = {key: [n for n, _ in dressed(data, gid)[side]][:6] for key, side in (("h", "home"),
                                                                                          ("a", "away"))}
        self.counter = CallCounter(svc)
        self.calls: list[int] = []
        self.runs = iter(range(100_000))
        self.focus_widget = QApplication.focusWidget
        self.idle()

    def idle(self) -> None:
        for _ in range(3):
            self.app.sendPostedEvents()
            self.app.processEvents(self.flags)

    def focus(self) -> Any:
        widget = self.focus_widget()
        return widget if widget is not None else self.tab.events_view

    def type_goal(self) -> None:
        """Everything but the Enter: the clock moved, the form filled."""
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        i = next(self.runs)
        self.i = i
        self.tab.clock.set_position(2, 19 * 60 + i % 50)
        self.tab.events_view.setFocus()
        self.idle()
        QTest.keyClick(self.focus(), Qt.Key.Key_G)
        key = "ha"[i % 2]
        QTest.keyClicks(self.focus(), key)
        QTest.keyClick(self.focus(), Qt.Key.Key_Tab)
        QTest.keyClicks(self.focus(), str(self.numbers[key][i % len(self.numbers[key])]))
        self.idle()

    def enter(self) -> float:
        """Enter, then idle, then every visible widget read back: the seconds it took."""
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        tab = self.tab
        rows = tab.events.rowCount()
        before = len(self.counter.calls)
        t0 = time.perf_counter()
        QTest.keyClick(self.focus(), Qt.Key.Key_Return)
        self.idle()
        shown = (tab.events.rowCount(), tab.score.text(), tab.home_panel.label.text(), tab.messages.text(),
                 tab.undo_button.isEnabled(), tab.model.rowCount())
        elapsed = time.perf_counter() - t0
        self.calls.append(len(self.counter.calls) - before)
        if shown[0] != rows + 1 or "Goal recorded" not in shown[3]:
            raise RuntimeError(f"the window did not record the goal: {shown[3]}")
        return elapsed

    def goal(self) -> float:
        self.type_goal()
        return self.enter()


def facade_goal(svc: Services, twin: str, data: dict[str, Any]) -> Callable[[], float]:
    runs = iter(range(100_000))
    skaters = dressed(data, twin)

    def goal() -> float:
        i = next(runs)
        side = ("home", "away")[i % 2]
        event = {"type": "goal", "team": side, "period": 2, "elapsed": f"19:{i % 50:02d}",
                 "scorer": skaters[side][i % min(6, len(skaters[side]))][1], "assists": []}
        t0 = time.perf_counter()
        res = svc.add_event(twin, event)
        elapsed = time.perf_counter() - t0
        if not res.ok:
            raise RuntimeError([v.line() for v in res.violations])
        return elapsed

    return goal


def paints(entries: Entries, goals: int) -> None:
    """Each widget's paint events (and the area painted) and layout requests during `goals` entries."""
    from PySide6.QtCore import QEvent, QObject

    counts: Counter[str] = Counter()
    area: Counter[str] = Counter()
    layouts: Counter[str] = Counter()

    def name(obj: QObject) -> str:
        parent = obj.parent()
        chain = []
        while obj is not None and len(chain) < 3:
            chain.append(obj.objectName() or type(obj).__name__)
            obj = obj.parent()
        del parent
        return "<".join(chain)

    class Filter(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            kind = event.type()
            if kind == QEvent.Type.Paint:
                counts[name(watched)] += 1
                rect = event.rect()  # type: ignore[attr-defined]
                area[name(watched)] += rect.width() * rect.height()
            elif kind in (QEvent.Type.LayoutRequest, QEvent.Type.Resize):
                layouts[f"{kind.name}:{name(watched)}"] += 1
            return False

    spy = Filter()
    for _ in range(goals):
        entries.type_goal()
        entries.app.installEventFilter(spy)
        entries.enter()
        entries.app.removeEventFilter(spy)
    print(f"paint events per goal (of {goals}): widget, paints, pixels")
    for key, n in counts.most_common(40):
        print(f"  {key:<60}{n / goals:6.1f}{area[key] / goals:10.0f}")
    print("layout requests and resizes per goal:")
    for key, n in layouts.most_common(30):
        print(f"  {key:<60}{n / goals:6.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--teams", type=int, default=40)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--paints", action="store_true")
    parser.add_argument("--first", action="store_true", help="the first entry after opening / the next ones")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        svc = Services.open(str(folder / "league.db"))
        gen = LeagueGenerator(seed=args.games, teams=args.teams)
        previous, measured = gen.season(args.games), gen.season(args.games)
        data, tonight = in_progress(measured)
        for season in (previous.data, data):
            imported = svc.import_data(season)
            if not imported.ok:
                raise RuntimeError([v.line() for v in imported.violations if v.blocks][:5])
        gid, twin = tonight[:2]
        if args.first:
            svc.close()
            svc = Services.open(str(folder / "league.db"))  # opened afresh, as a person opens the window
        entries = Entries(svc, folder, gid, data)
        if args.first:
            first = entries.goal()
            nexts = [entries.goal() for _ in range(args.runs)]
            print(f"first_entry_ms {first * 1000:.2f}  next_entry_ms {statistics.median(nexts) * 1000:.2f}  "
                  f"first_entry_ratio {first / statistics.median(nexts):.2f}  (games {args.games})")
        elif args.paints:
            entries.goal()
            paints(entries, 10)
        elif args.profile:
            entries.goal()
            profile = cProfile.Profile()
            twin_goal = facade_goal(svc, twin, data)
            for _ in range(args.runs):
                twin_goal()  # as in the measure: the facade's entry into the twin between the window's
                entries.type_goal()
                profile.enable()
                entries.enter()
                profile.disable()
            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(45)
            print(out.getvalue())
            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(25)
            print(out.getvalue())
        else:
            window_t, facade_t = interleave([entries.goal, facade_goal(svc, twin, data)], args.runs)
            window_ms = statistics.median(window_t) * 1000
            facade_ms = statistics.median(facade_t) * 1000
            print(f"window_entry_ms {window_ms:.2f}  facade_ms {facade_ms:.2f}  "
                  f"window_entry_ratio {window_ms / facade_ms:.2f}  "
                  f"facade_calls_per_entry {statistics.median(entries.calls[1:])}  "
                  f"(runs {args.runs}, games {args.games})")
        entries.counter.remove(svc)
        entries.window.hide()
        svc.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
