"""The installed `scorekeeper` command run as a person runs it (whole process), with its CPU and wall time.

A command's CPU is the child's user + sys time from `os.wait4` (every thread of it); the window's is its own
`time.process_time()` (the same quantity, up to that moment) printed by a `sitecustomize` hook when the shell is
painted and when the Live Game tab is ready, since the window is stopped after those marks.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tests.benchmarks.paired import Cost

COMMAND = Path(sys.executable).with_name("scorekeeper")  # the console script installed beside this Python

BARE_WINDOW = """
import os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
w = QMainWindow()
w.show()
app.processEvents()
print("shown", 0, time.process_time(), flush=True)
"""

# Put in a folder on PYTHONPATH for the `scorekeeper` command: when `ui.app` is imported (by `scorekeeper gui`),
# its `show_window` is wrapped to print "shown" when the shell is painted and "ready" when the tab in front is
# filled, with the peak RSS and its CPU seconds so far. It writes and imports nothing: the window's settings (an
# operator, so nothing modal blocks 'ready'; Live Game in front) are written before the command starts, in a
# settings folder of its own.
HOOK = '''
import os, sys, time


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
        print("shown", _peak_kib(), time.process_time(), flush=True)
        window.loaded.connect(lambda: print("ready", _peak_kib(), time.process_time(), flush=True))
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



@dataclass(frozen=True)
class Marks:
    """The window's start: wall seconds from process start, peak RSS (KiB) and CPU seconds at the shell painted
    and at the Live Game tab ready (the same as shown when only one mark is awaited)."""

    shown: float
    shown_kib: int
    shown_cpu: float
    ready: float
    ready_kib: int
    ready_cpu: float

    @property
    def shown_cost(self) -> Cost:
        return Cost(self.shown_cpu, self.shown)

    @property
    def ready_cost(self) -> Cost:
        return Cost(self.ready_cpu, self.ready)


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

    def cost(self, db: Path | None, *args: str, cap: float = 900) -> tuple[Cost, bool]:
        """The command's CPU (user + sys, `os.wait4`) and wall seconds, and whether it was stopped at `cap`
        seconds (then its wall time is the cap). `db` None: no `--db` option (as `scorekeeper --version`)."""
        argv = [str(COMMAND), *(("--db", str(db)) if db is not None else ()), *args]
        with tempfile.TemporaryFile() as err:
            t0 = time.perf_counter()
            proc = subprocess.Popen(argv, env=self.env, stdout=subprocess.DEVNULL, stderr=err)
            timer = threading.Timer(cap, proc.kill)
            timer.start()
            _, status, usage = os.wait4(proc.pid, 0)
            elapsed = time.perf_counter() - t0
            timer.cancel()
            proc.returncode = code = os.waitstatus_to_exitcode(status)
            if code < 0 and elapsed >= cap:
                return Cost(usage.ru_utime + usage.ru_stime, cap), True
            if code != 0:
                err.seek(0)
                text = err.read().decode(errors="replace")[-2000:]
                raise RuntimeError(f"scorekeeper {' '.join(args)} failed ({code}): {text}")
        return Cost(usage.ru_utime + usage.ru_stime, elapsed), False

    def run(self, db: Path, *args: str, cap: float = 900) -> tuple[float, bool]:
        """Wall seconds the command takes, and whether it was stopped at `cap` seconds."""
        spent, capped = self.cost(db, *args, cap=cap)
        return spent.wall, capped

    def window(self, db: Path) -> Marks:
        """`scorekeeper --db DB` (the window) until the shell is shown and the Live Game tab ready."""
        env = {**self.env, "PYTHONPATH": str(self.hook), "SCOREKEEPER_BENCH_HOOK": "1",
               "XDG_CONFIG_HOME": str(self.settings)}
        return until_marks([str(COMMAND), "--db", str(db)], env, ("shown", "ready"))


def bare_window() -> Marks:
    """A bare PySide6 window (QApplication, an empty QMainWindow shown) until it is painted."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return until_marks([sys.executable, "-c", BARE_WINDOW], env, ("shown",))


def until_marks(cmd: list[str], env: dict[str, str], words: tuple[str, ...]) -> Marks:
    """Wall seconds from process start until the child prints each of `words`, with the peak RSS (KiB) and CPU
    seconds it prints (the last word's repeat the first's when only one is awaited); the child is then stopped."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    try:
        marks = []
        for word in words:
            parts = proc.stdout.readline().split()
            if len(parts) < 3 or parts[0] != word:
                raise RuntimeError(f"the window did not print {word!r}: {' '.join(parts)!r}")
            marks.append((time.perf_counter() - t0, int(parts[1]), float(parts[2])))
    finally:
        proc.kill()
        proc.wait()
    return Marks(*marks[0], *marks[-1])
