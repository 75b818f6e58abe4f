"""The building block of every tab: one table for the selected season, or a message in its place."""

from __future__ import annotations

import html
from collections.abc import Generator
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.services import ServiceError
from ui import theme
from ui.hub import ChangeHub
from ui.models import RecordTableModel, TableModel

if TYPE_CHECKING:
    from scorekeeper.changes import Changes
    from scorekeeper.services import Services

NO_SEASON = (
    "<h3>No season in this database yet</h3>"
    "<p>Import a season file (<b>File ▸ Import season file…</b>), load the demo season or create a season "
    "(<b>File ▸ New season…</b>).</p>"
    "<p style='color: {muted}'>Database: {database}</p>"
)


def make_table_view(
    model: TableModel, parent: QWidget | None = None, shown: QAbstractItemModel | None = None,
    kind: type[QTableView] = QTableView,
) -> QTableView:
    """A read-only, row-selecting table over `model` (or `shown`, a proxy of it), sized from its `Column`s; a
    `kind` of table view may be asked for."""
    view = kind(parent)
    view.setModel(shown if shown is not None else model)
    view.setAlternatingRowColors(True)
    view.setShowGrid(False)
    view.setWordWrap(False)
    view.setCornerButtonEnabled(False)
    view.setTabKeyNavigation(False)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.verticalHeader().hide()
    header = view.horizontalHeader()
    header.setHighlightSections(False)
    header.setMinimumSectionSize(44)
    for number, column in enumerate(model.columns):
        if column.stretch:
            header.setSectionResizeMode(number, QHeaderView.ResizeMode.Stretch)
    return view


def scrolling(page: QWidget) -> QScrollArea:
    """`page` in a frameless scroll area: a small window scrolls instead of squeezing the forms."""
    area = QScrollArea()
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setWidget(page)
    return area


def two_lines(view: QTableView, lines: int) -> None:
    """Rows `lines` text lines high, all one height (a cell's text breaks at its newlines): no row is measured."""
    rows = view.verticalHeader()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    rows.setDefaultSectionSize(lines * view.fontMetrics().lineSpacing() + 10)


def whole_width(view: QTableView) -> int:
    """The width `view` needs to show every column whole, with a vertical scroll bar beside them."""
    return view.horizontalHeader().length() + view.verticalScrollBar().sizeHint().width() + 2 * view.frameWidth()


def widen_columns(view: QTableView, model: TableModel, first: int, last: int, padding: int = 18) -> None:
    """Widen a column that does not stretch where rows `first`..`last` (new or changed) hold longer text than it
    shows; the others keep their width (no refit of the whole table)."""
    header = view.horizontalHeader()
    metrics = view.fontMetrics()
    for number, column in enumerate(model.columns):
        if header.sectionResizeMode(number) == QHeaderView.ResizeMode.Stretch or view.isColumnHidden(number):
            continue
        wanted = max((metrics.horizontalAdvance(line) for r in range(first, last + 1)
                      for line in column.text(model.row(r)).split("\n")), default=0) + padding + 12
        if wanted > header.sectionSize(number):
            header.resizeSection(number, wanted)


def fit_columns(view: QTableView, padding: int = 18) -> None:
    """Size each column that does not stretch to its contents plus some air; the user may still drag it."""
    header = view.horizontalHeader()
    header.setResizeContentsPrecision(80)  # measure the first rows only: long rosters size in a blink
    for number in range(header.count()):
        if header.sectionResizeMode(number) != QHeaderView.ResizeMode.Stretch:
            view.resizeColumnToContents(number)
            header.resizeSection(number, header.sectionSize(number) + padding)


class TableTab(QWidget):
    """A tab showing one table for a season; subclasses fill the model in `load()`.

    Every write of the window is announced on the `hub` (`ui.operation`); the tab redraws what the `Changes`
    touch (`redraw`) at once when it is in sight, else when it is next shown."""

    empty_text = "Nothing to show for {season} yet."

    def __init__(self, svc: Services, model: RecordTableModel, parent: QWidget | None = None,
                 hub: ChangeHub | None = None) -> None:
        super().__init__(parent)
        self.svc = svc
        self.hub = hub if hub is not None else ChangeHub(self)
        self.hub.changed.connect(self._heard)
        self.pending: Changes | None = None
        self.season: str | None = None
        self.model = model
        self.view = make_table_view(model, self)
        self.message = QLabel(self)
        self.message.setObjectName("emptyState")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.stack = QStackedWidget(self)
        self.page = self.build_page()
        self.stack.addWidget(self.page)
        self.stack.addWidget(self.message)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.stack)

    def show_season(self, season: str | None) -> None:
        """Show `season` (None: the database holds no season), or say why there is nothing to show."""
        for _ in self.show_season_steps(season):
            pass

    def show_season_steps(self, season: str | None) -> Generator[None, None, None]:
        """`show_season` a table at a time (`load_steps`): a turn of the event loop may come at each `yield`
        (issue 29.4: the tabs out of sight fill in between two keys pressed at the boards)."""
        if season is None:
            self.show_message(NO_SEASON.format(database=html.escape(self.svc.database_label), muted=theme.css("muted")))
            return
        try:
            filled = yield from self.load_steps(season)
        except ServiceError as exc:
            self.show_message(f"<h3>Could not load {html.escape(season)}</h3><p>{html.escape(str(exc))}</p>")
            return
        if filled:
            self.fit_columns()
            self.stack.setCurrentWidget(self.page)
        else:
            self.show_message(f"<h3>{html.escape(self.empty_text.format(season=season))}</h3>")

    def build_page(self) -> QWidget:
        """The widget shown when there is something to show (by default the table alone)."""
        return self.view

    def fit_columns(self) -> None:
        """Size the columns to what the table now holds (a little air: every column in sight at 1024 pixels)."""
        fit_columns(self.view, padding=12)

    def show_message(self, html: str) -> None:
        """Put a message where the table was (the empty state)."""
        self.message.setText(html)
        self.stack.setCurrentWidget(self.message)

    def showing_message(self) -> bool:
        """True while the tab shows its empty state instead of the table."""
        return self.stack.currentWidget() is self.message

    def load(self, season: str) -> bool:
        """Fill the model for `season` from the facade; return False when there is nothing to show."""
        raise NotImplementedError

    def load_steps(self, season: str) -> Generator[None, None, bool]:
        """`load` with a `yield` between its tables (by default: all of it in one step)."""
        filled = self.load(season)
        yield from ()
        return filled

    # -- changes -------------------------------------------------------------------------------------------
    def _heard(self, changes: Changes) -> None:
        if changes.season and self.season is not None and changes.season != self.season:
            return  # another season's tables: this tab does not show them
        if not self.concerns(changes):
            return
        self.pending = changes if self.pending is None else self.pending.merged(changes)
        if self.isVisibleTo(self.window()):
            self.catch_up()

    def catch_up(self) -> None:
        """Redraw what the changes heard while out of sight touch."""
        changes, self.pending = self.pending, None
        if changes is not None and self.season is not None:
            self.redraw(changes)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.pending is not None:
            self.catch_up()

    def concerns(self, changes: Changes) -> bool:
        """Whether `changes` touch what this tab shows (by default: anything)."""
        return bool(changes)

    def redraw(self, changes: Changes) -> None:
        """Redraw after `changes` (by default: the whole season again)."""
        self.show_season(self.season)
