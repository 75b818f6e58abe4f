"""The least a Qt window does for an entry, for scale beside the window's own (issue 29's `entry_cpu_ratio`): a bare
PySide6 window with a line edit, a table of the game's events, a score and a message line, whose Enter commits one
row into the same file (the bare commit's pragmas) and then shows it: the row appended in view (no scrolling),
the score and the message set, the field cleared. The table is set up as a fast one is (no row numbers, fixed
row heights and column widths, an opaque viewport); Qt's table still lays out and repaints its whole viewport for
a row added, which the window's own list avoids (ui/focus_quiet_view.py), so the same window without the table
(`table=False`: the field, the score, the message and the commit) is measured too. No rule is checked and nothing
else is drawn: their ratios to the bare commit are for scale beside the window's `entry_cpu_ratio`, not targets."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from tests.benchmarks.paired import Cost

COLUMNS = 7  # period, time, kind, team, player, assists, note: the columns of the window's event list
FIRST_ROWS = 4  # rows shown before the first entry; the window is tall enough that no entry scrolls


class BareEntry:
    """The bare window (offscreen, in this process: the application must exist) over its own connection to `db`;
    `goal()` types a number, idles, presses Enter and returns the CPU and wall seconds from Enter to idle. Without
    `table`, the entry's row is kept in the model only (no view shows it)."""

    def __init__(self, db: Path, pragmas: tuple[str, ...], table: bool = True) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QStandardItem, QStandardItemModel
        from PySide6.QtWidgets import QApplication, QHeaderView, QLabel, QLineEdit, QTableView, QVBoxLayout, QWidget

        app = QApplication.instance()
        assert app is not None, "the window's application first"
        self.app = app
        self.con = sqlite3.connect(db, isolation_level=None)
        for pragma in pragmas:
            self.con.execute(f"pragma {pragma}")
        self.con.execute("create table if not exists bench_entry (id integer primary key, seq integer, data text)")
        self.window = QWidget()
        layout = QVBoxLayout(self.window)
        self.score, self.message, self.field = QLabel("0 - 0"), QLabel(""), QLineEdit()
        self.model = QStandardItemModel(0, COLUMNS)
        layout.addWidget(self.score)
        if table:
            view = QTableView()
            view.setModel(self.model)
            rows, columns = view.verticalHeader(), view.horizontalHeader()
            rows.hide()
            rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            columns.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            view.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
            layout.addWidget(view)
        layout.addWidget(self.field)
        layout.addWidget(self.message)
        self.item = QStandardItem
        self.goals = 0
        for _ in range(FIRST_ROWS):
            self._row("1")
        self.field.returnPressed.connect(self._enter)
        self.window.resize(1366, 768)
        self.window.show()
        self.idle()

    def _row(self, scorer: str) -> None:
        n = self.goals
        self.model.appendRow([self.item(text) for text in
                              ("2", f"19:{n % 60:02d}", "Goal", "Home", f"#{scorer} A Player", "", "")])
        self.goals += 1

    def _enter(self) -> None:
        scorer = self.field.text()
        self.con.execute("begin immediate")
        self.con.execute("insert into bench_entry (seq, data) values (?, ?)", (self.goals, scorer))
        self.con.execute("commit")
        self._row(scorer)
        self.score.setText(f"{self.goals} - 0")
        self.message.setText(f"Goal recorded: #{scorer}")
        self.field.clear()

    def idle(self) -> None:
        from PySide6.QtCore import QEventLoop

        for _ in range(3):
            self.app.sendPostedEvents()
            self.app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)

    def goal(self) -> Cost:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        self.window.activateWindow()
        self.field.setFocus()
        QTest.keyClicks(self.field, str(10 + self.goals % 80))
        self.idle()
        rows = self.model.rowCount()
        c0, t0 = time.process_time(), time.perf_counter()
        QTest.keyClick(self.field, Qt.Key.Key_Return)
        self.idle()
        shown: Any = (self.model.rowCount(), self.score.text(), self.message.text(), self.field.text())
        elapsed = Cost(time.process_time() - c0, time.perf_counter() - t0)
        if shown[0] != rows + 1 or shown[3]:
            raise RuntimeError("the bare window did not show its entry")
        return elapsed

    def close(self) -> None:
        self.window.hide()
        self.window.deleteLater()
        self.idle()
        self.con.close()
