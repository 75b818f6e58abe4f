"""Regression: PySide6 6.12.0 on CPython 3.11 aborts after a few thousand Qt calls that return None.

ARCHITECTURE.md, known hazards: `Fatal Python error: none_dealloc`. The calls run in a child process so that
an abort fails this test instead of killing pytest.
"""

from __future__ import annotations

import os
import subprocess
import sys

CALLS = 50_000

SCRIPT = f"""
from PySide6.QtWidgets import QApplication, QLabel, QWidget
app = QApplication([])
window = QWidget()
label = QLabel(window)
for n in range({CALLS} // 2):
    window.setWindowTitle("Scorekeeper")  # returns None
    label.setText(str(n))  # returns None
print("survived", label.text())
"""


def test_fifty_thousand_none_returning_qt_calls_survive() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == f"survived {CALLS // 2 - 1}"
