"""The Live Game tab's event list: every entry of the game in words, in game order, with Edit, Delete, Undo and
Redo above it. Rows are described once per entry and kept while the names they show stay the same; after an
entry only the rows that differ are redrawn and the columns only ever widen."""

from __future__ import annotations

import bisect
import contextlib
import operator
from collections.abc import Iterable, Mapping
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QRect, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QHeaderView, QLabel, QTableView, QToolButton, QVBoxLayout, QWidget

from ui.event_rows import EventRow, RowWords, event_row
from ui.focus_quiet_view import FocusQuietView, QuietScrollBar
from ui.live_keys import key_text
from ui.models import EventsModel
from ui.table_tab import fit_columns, make_table_view, two_lines, whole_width, widen_columns

if TYPE_CHECKING:
    from scorekeeper.screens import EventFigures

EVENT_ROWS_KEPT = 3.5
"""The event list's rows kept in sight whatever else the page shows (a banner, the rules panel under the list)."""
EVENT_PADDING = 8
"""The air beside the text of each event list column (the list fits beside the form at 1024 pixels)."""
_RESIZE, _FONT_CHANGE = QEvent.Type.Resize, QEvent.Type.FontChange
_TIME = "0123456789:"
"""What a time is made of (05:40): as wide as its digits read as 0 where the font's digits are all as wide."""
_GAME_ORDER = itemgetter("after_play", "period", "elapsed", "index")
"""A row's place in the list: untimed entries first (lateness, forfeits, notes: before the game), but a shootout
after everything (a key read in C, not a Python function called per row)."""


def _tool(parent: QWidget, text: str, tip: str) -> QToolButton:
    button = QToolButton(parent)
    button.setText(text)
    button.setToolTip(tip)
    return button


class EventList(QObject):
    """The list and its buttons (`box`: both, the tab's child), made in the order the tab's keys move through."""

    def __init__(self, tab: QWidget) -> None:
        super().__init__(tab)
        self.model = EventsModel()
        self.view: QTableView = make_table_view(self.model, tab, kind=FocusQuietView)
        self.view.setObjectName("eventList")
        self.view.setAccessibleName("Events of the game")
        two_lines(self.view, EventsModel.LINES)
        self.view.horizontalHeader().setMinimumSectionSize(24)  # Str. as narrow as it reads
        self.undo_button = _tool(tab, "Undo", f"Undo the last change to this game ({key_text('std:Undo')})")
        self.redo_button = _tool(tab, "Redo", f"Redo ({key_text('std:Redo')})")
        self.edit_button = _tool(tab, "Edit", "Load the selected entry into the form (Enter)")
        self.delete_button = _tool(tab, "Delete", "Delete the selected entry (Del)")
        bar = QHBoxLayout()
        bar.addWidget(QLabel("<b>Events</b>", tab))
        bar.addStretch(1)
        for button in (self.edit_button, self.delete_button, self.undo_button, self.redo_button):
            bar.addWidget(button)
        self.box = QWidget(tab)
        layout = QVBoxLayout(self.box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.view)
        self._rows_cache: dict[int, tuple[Mapping[str, Any], EventRow, EventFigures | None]] = {}
        """The rows by entry, while the names they show stay the same."""
        self._rows_drawn: tuple[list[Mapping[str, Any]], list[EventFigures | None], list[EventRow]] | None = None
        """The entries last drawn, their figures by index and their rows in order (`rows`)."""
        self.at_bottom = True
        """Whether the list shows its latest entry: a list made shorter (a banner, a smaller window) keeps it in
        sight."""
        self._widths: dict[str, int] = {}
        """Each line's width in the list's font (`_widths_font`), as measured."""
        self._widths_font: QFont | None = None
        self._zeros: dict[int, int] | None = None
        """Every digit read as 0 where the list's font has all its digits as wide (a time is as wide as 00:00:
        measured once, not at every entry), else None; found per font."""
        self._font_heard = False
        """Whether the list's font changes are heard (`follow_the_bottom`): its font is then not compared at
        every entry."""
        self._sizes: list[int] | None = None
        """Each column's width as the header has it, kept as it resizes (None: read afresh when next asked): a row
        whose lines are no wider than their columns asks the header nothing."""
        header = self.view.horizontalHeader()
        header.sectionResized.connect(self._resized)
        header.sectionCountChanged.connect(self._forget_sizes)
        self.model.modelReset.connect(self._forget_sizes)

    def follow_the_bottom(self) -> None:
        """From now on a list made shorter while its latest entry was in sight keeps it in sight."""
        bar = self.view.verticalScrollBar()

        def scrolled(value: int) -> None:
            self.at_bottom = value >= bar.maximum()

        bar.valueChanged.connect(scrolled)
        self.view.viewport().installEventFilter(self)
        self._font_heard = True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The list made shorter while its latest entry was in sight: it stays in sight (the list is drawn afresh
        on a resize anyway). A new font (the view's passes to its rows' viewport): each line measured again."""
        kind = event.type()
        if kind == _RESIZE and watched is self.view.viewport() and self.at_bottom:
            QTimer.singleShot(0, self.view.scrollToBottom)
        elif kind == _FONT_CHANGE:
            self._widths_font = None
        return False  # as QObject.eventFilter answers, without the call (every event of the rows' viewport)

    # -- rows ------------------------------------------------------------------------------------------------
    def forget_rows(self) -> None:
        """The rows name the players and teams afresh (a line-up or a name changed)."""
        self._rows_cache = {}
        self._rows_drawn = None

    def rows(self, events: Iterable[Mapping[str, Any]], figures: Mapping[int, EventFigures] | None,
             words: RowWords) -> list[EventRow]:
        """The list's rows, in game order, each entry in full: who (the scorer, the penalised player by number and
        name), the assists, a goal's strength (EV, PP, SH, EN, PS), the infraction and its minutes (`figures`:
        what the game's computation says of each entry). A row already described for the same entry (the facade
        hands back the same read-only entry while it is unchanged) is reused while the names and its figures stay
        the same. Where the entries drawn last are all there as they were, first and with the same figures (an
        entry added: the usual case at the boards), their rows are taken as they were put in order, without a
        walk through them in Python."""
        figures = figures or {}
        events = list(events)
        fast = self._rows_added(events, figures, words)
        if fast is not None:
            return fast
        rows = []
        cache, self._rows_cache = self._rows_cache, {}
        for index, event in enumerate(events):
            figure = figures.get(index)
            known = cache.get(id(event))
            if known is not None and known[0] is event and known[1]["index"] == index and (
                    known[2] is figure or known[2] == figure):
                self._rows_cache[id(event)] = known
                rows.append(known[1])
                continue
            row = event_row(index, event, figure, words)
            self._rows_cache[id(event)] = (event, row, figure)
            rows.append(row)
        rows.sort(key=_GAME_ORDER)
        self._rows_drawn = (events, list(map(figures.get, range(len(events)))), rows)
        return list(rows)

    def _rows_added(self, events: list[Mapping[str, Any]], figures: Mapping[int, EventFigures],
                    words: RowWords) -> list[EventRow] | None:
        """`rows` where the entries drawn last lead `events` unchanged (the same entries at the same places, the
        same figures): their rows in order, the rows of the entries after them put among them; None otherwise."""
        if self._rows_drawn is None:
            return None
        drawn, drawn_figures, drawn_rows = self._rows_drawn
        count, figure_of = len(drawn), figures.get
        if len(events) < count or not all(map(operator.is_, drawn, events)) or (
                drawn_figures != list(map(figure_of, range(count)))):
            return None
        rows = list(drawn_rows)
        for index in range(count, len(events)):
            event, figure = events[index], figure_of(index)
            row = event_row(index, event, figure, words)
            self._rows_cache[id(event)] = (event, row, figure)
            bisect.insort(rows, row, key=_GAME_ORDER)  # among rows in order: where a sort puts it, a few keys read
        self._rows_drawn = (events, drawn_figures + list(map(figures.get, range(count, len(events)))), rows)
        return list(rows)

    def show_all(self, rows: list[EventRow]) -> None:
        """Every row afresh, the columns fitted to them, the latest play in sight."""
        self.model.set_rows(rows)
        self._take_font()  # (measured on opening the game, not by its first entry)
        fit_columns(self.view, padding=EVENT_PADDING)
        if rows:  # fit_columns measures the first rows only: wide enough for every row, the first entry after
            # opening a long game does not widen a column (and repaint the whole list) where the next do not
            widen_columns(self.view, self.model, 0, len(rows) - 1, padding=EVENT_PADDING)
            self.view.scrollToBottom()  # the latest play in sight

    def show_changed(self, rows: list[EventRow]) -> None:
        """Only the rows that differ redrawn; an entry added: its row in sight."""
        model = self.model
        count = model.count()
        rows_header = self.view.verticalHeader()
        shown_offset = rows_header.offset()  # where the rows are on screen now
        changed = model.update_rows(rows)
        if changed is not None:
            self._widen(*changed)
        now = model.count()
        bar = self.view.verticalScrollBar()
        with bar.looks_held() if isinstance(bar, QuietScrollBar) else contextlib.nullcontext():
            # (its new range judged once, not at all where it scrolls: repainted for that anyway)
            if now != count:
                # rows in or out: the list lays out its rows and scroll bar now, not at its next timer, so the
                # window paints the entry once rather than twice
                self.view.executeDelayedItemsLayout()
            newest = None
            if now > count and changed is not None:  # an entry added: its row in sight
                newest = next((n for n in range(changed[0], changed[1] + 1)
                               if model.event_index(n) == len(rows) - 1), None)
                if newest is not None:
                    self._scroll_to(newest, changed[0], shown_offset)
        if newest is None and isinstance(self.view, FocusQuietView):  # the rows where they are laid out
            laid_out = self.view.take_laid_out_offset()
            if laid_out != rows_header.offset():
                rows_header.setOffset(laid_out)
                self.view.viewport().update()

    def _resized(self, number: int, old: int, size: int) -> None:
        if self._sizes is not None and 0 <= number < len(self._sizes):
            self._sizes[number] = size

    def _forget_sizes(self, *args: object) -> None:
        self._sizes = None

    def _widen(self, first: int, last: int) -> None:
        """As `widen_columns`: a column that does not stretch widened where rows `first`..`last` hold longer text
        than it shows; each line's width measured once in the list's font (a game's entries name the same players
        again and again), and the header asked only about a column the rows' lines are wider than."""
        view, model = self.view, self.model
        if self._widths_font is None or not self._font_heard:
            self._take_font()
        widths, metrics, zeros = self._widths, None, self._zeros
        sizes = self._sizes
        if sizes is None:
            header = view.horizontalHeader()
            sizes = self._sizes = [header.sectionSize(number) for number in range(len(model.columns))]
        for number, column in enumerate(model.columns):
            wanted = 0
            for row in range(first, last + 1):
                for line in column.text(model.row(row)).split("\n"):
                    width = widths.get(line)
                    if width is None:
                        shape = line.translate(zeros) if zeros is not None and not line.strip(_TIME) else line
                        width = widths.get(shape)
                        if width is None:
                            metrics = metrics or view.fontMetrics()
                            width = widths[shape] = metrics.horizontalAdvance(shape)
                        widths[line] = width
                    if width > wanted:
                        wanted = width
            wanted += EVENT_PADDING + 12  # as `widen_columns` pads
            if wanted > sizes[number]:
                self._widen_column(number, wanted)

    def _take_font(self) -> None:
        """The lines' widths measured afresh in the list's font, if it is another (are its digits all as wide?)."""
        view = self.view
        font = view.font()
        if font != self._widths_font:  # compared as Qt compares fonts (cheaper than their keys, built as text)
            digits = view.fontMetrics()
            same = len({digits.horizontalAdvance(digit) for digit in "0123456789"}) == 1
            self._widths, self._widths_font = {}, font
            self._zeros = str.maketrans("123456789", "000000000") if same else None

    def _widen_column(self, number: int, wanted: int) -> None:
        """Column `number` `wanted` pixels wide, unless it stretches or is hidden."""
        view, header = self.view, self.view.horizontalHeader()
        if header.sectionResizeMode(number) == QHeaderView.ResizeMode.Stretch or view.isColumnHidden(number):
            return
        if wanted > header.sectionSize(number):
            header.resizeSection(number, wanted)

    def _scroll_to(self, newest: int, first: int, shown_offset: int) -> None:
        """Row `newest` (just added) in sight. Scrolled, the rows in sight move: Qt moves their pixels from where
        they are on screen (`shown_offset`: the layout of the new row may have moved the rows' offset without
        drawing them) and only the rows from `first` (the first that changed) down are drawn again."""
        view, bar, rows_header = self.view, self.view.verticalScrollBar(), self.view.verticalHeader()
        laid_out = view.take_laid_out_offset() if isinstance(view, FocusQuietView) else rows_header.offset()
        before = bar.value()
        if laid_out != shown_offset:  # (the same offset set again changes nothing)
            rows_header.setOffset(shown_offset)
        view.scrollTo(self.model.index(newest, 0))
        viewport = view.viewport()
        if bar.value() == before:  # not scrolled: the rows as laid out
            if laid_out != shown_offset:
                rows_header.setOffset(laid_out)
                viewport.update()
            return
        top = max(view.rowViewportPosition(first), 0)
        height = viewport.height()
        if top < height:
            viewport.update(QRect(0, top, viewport.width(), height - top))

    def reserve_columns(self, labels: Iterable[str], names: Iterable[str]) -> None:
        """The Details column as wide as the widest dressed player's number and name (`labels`), and as a goal
        with the two widest assists; the Entry column as wide as a team's name: a goal or a penalty then widens
        no column (a refit costs a repaint of the whole list), and no name is cut short."""
        header = self.view.horizontalHeader()
        metrics = self.view.fontMetrics()
        widths = sorted((metrics.horizontalAdvance(text) for text in labels), reverse=True)
        assisted = metrics.horizontalAdvance("A: , ") + sum(widths[:2]) if widths else 0
        wanted = {"Details": max([*widths[:1], assisted, metrics.horizontalAdvance("unassisted")]),
                  "Entry": max(metrics.horizontalAdvance(text) for text in (*names, "Penalty"))}
        headers = [column.header for column in self.model.columns]
        for name, width in wanted.items():
            number = headers.index(name)
            if header.sectionSize(number) < width + EVENT_PADDING + 12:  # as `widen_columns` pads
                header.resizeSection(number, width + EVENT_PADDING + 12)

    # -- the list and the rules panel ------------------------------------------------------------------------
    def room(self) -> int:
        """The width the list needs to show every column whole, a scroll bar beside them."""
        return max(whole_width(self.view), self.box.minimumSizeHint().width())

    def keep_rows(self, under: bool) -> None:
        """Under the rules panel's list (a 1024-pixel screen) the list keeps its last rows in sight, the entry
        just recorded among them, when a banner takes the page's height (issue 27.7); beside it, no least."""
        view = self.view
        rows = round(view.verticalHeader().defaultSectionSize() * EVENT_ROWS_KEPT)
        view.setMinimumHeight(rows + view.horizontalHeader().sizeHint().height() + 2 * view.frameWidth()
                              if under else 0)

    def selected_event(self) -> int | None:
        """The entry under the list's cursor (its index in the game), if any."""
        index = self.view.currentIndex()
        return self.model.event_index(index.row()) if index.isValid() else None
