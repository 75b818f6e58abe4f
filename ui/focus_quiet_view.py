"""A table view for a list the keyboard comes back to after every entry (the Live Game tab's event list): focus
coming or going, a row added and the scroll bar's new range repaint what they change, not every row in sight."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QRect, Qt
from PySide6.QtGui import QFocusEvent, QImage, QPainter, QPaintEvent, QRegion
from PySide6.QtWidgets import (
    QAbstractSlider,
    QScrollBar,
    QStyle,
    QStyleOptionFrame,
    QStyleOptionSlider,
    QTableView,
    QWidget,
)

QUIET = Qt.WidgetAttribute.WA_UpdatesDisabled


_NOT_FOCUS = ~QStyle.StateFlag.State_HasFocus.value
"""Every state bit but the focus's."""
_LOOK_ONLY = (QAbstractSlider.SliderChange.SliderRangeChange, QAbstractSlider.SliderChange.SliderStepsChange)
"""The changes that repaint a scroll bar only when it then looks different."""


class QuietScrollBar(QScrollBar):
    """A scroll bar that repaints on a new range only when it then looks different (the slider moved or
    resized, an arrow at its end or not): a row added to a long list leaves most scroll bars as they were, and
    painting one costs the Fusion style about a millisecond."""

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        self._drawn: tuple[object, ...] | None = None
        """How the scroll bar looked when last painted."""
        self._picture: tuple[tuple[object, ...], QImage] | None = None
        """The scroll bar as last drawn at rest, and what it showed: painted again as it was (its container is
        raised at every layout of the view's children, a row added, which repaints the bar) it is copied."""
        self._held: bool | None = None
        """While a caller holds the looks (`looks_held`): whether a new range or steps are still to be judged
        (None: not held)."""

    def _look(self) -> tuple[object, ...]:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        slider = self.style().subControlRect(QStyle.ComplexControl.CC_ScrollBar, option,
                                             QStyle.SubControl.SC_ScrollBarSlider, self)
        return (slider, self.value() == self.minimum(), self.value() == self.maximum(), self.size(),
                self.isEnabled())

    def sliderChange(self, change: QAbstractSlider.SliderChange) -> None:
        if change in _LOOK_ONLY:
            if self._held is not None:
                self._held = True  # judged when let go: a value change before then repaints the bar anyway
                return
            if self._drawn == self._look():
                return  # the same slider in the same place: nothing to repaint (a view sets its steps at every layout)
        elif self._held:
            self._held = False  # repainted for the value: the new range with it
        super().sliderChange(change)

    @contextlib.contextmanager
    def looks_held(self) -> Iterator[None]:
        """A new range or steps judged once, when the block ends, and not at all where the value changes in it
        (a row added and scrolled to: the bar is repainted for its value); repainted then as it would have
        been at once."""
        self._held = False
        try:
            yield
        finally:
            held, self._held = self._held, None
            if held and self._drawn != self._look():
                super().sliderChange(QAbstractSlider.SliderChange.SliderRangeChange)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._drawn = self._look()
        style = self.style()
        if (self.underMouse() or self.isSliderDown()
                or style.styleHint(QStyle.StyleHint.SH_ScrollBar_Transient, None, self)):
            super().paintEvent(event)  # hovered, dragged or fading: as Qt paints it
            return
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        option.subControls = QStyle.SubControl.SC_All
        option.activeSubControls = QStyle.SubControl.SC_None  # at rest, as QScrollBar paints it unhovered
        ratio = self.devicePixelRatioF()
        key = (option.rect.getRect(), option.state, option.minimum, option.maximum, option.sliderPosition,
               option.sliderValue, option.pageStep, option.singleStep, option.upsideDown, option.orientation,
               self.palette().cacheKey(), ratio, id(style))
        if self._picture is None or self._picture[0] != key:
            picture = QImage(round(self.width() * ratio), round(self.height() * ratio),
                             QImage.Format.Format_ARGB32_Premultiplied)  # as the window's backing store
            picture.setDevicePixelRatio(ratio)
            picture.fill(self.palette().color(self.backgroundRole()))  # what the bar is painted over
            painter = QPainter(picture)
            style.drawComplexControl(QStyle.ComplexControl.CC_ScrollBar, option, painter, self)
            painter.end()
            self._picture = (key, picture)
        painter = QPainter(self)
        painter.drawImage(0, 0, self._picture[1])
        painter.end()


class FocusQuietView(QTableView):
    """Qt repaints a whole item view when it gains or loses focus and when it lays out rows added. What focus
    changes is the frame around the header and rows, the current row's focus mark and the selected rows'
    colour; what rows added change is the rows from the first one added down (the others stay where they are).
    Only those are repainted: an entry at the boards, which adds a row and brings the focus back here, costs
    the window about half as much. Any other change to the model (reset, rows removed or moved, columns, a
    new layout) repaints every row, as Qt does."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setVerticalScrollBar(QuietScrollBar(Qt.Orientation.Vertical, self))
        self.setHorizontalScrollBar(QuietScrollBar(Qt.Orientation.Horizontal, self))
        self._bars = (self.horizontalScrollBar(), self.verticalScrollBar())
        self._containers = [c for c in (bar.parentWidget() for bar in self._bars) if c is not None and c is not self]
        """The scroll bars and the containers Qt keeps them in (made with the view, kept for its life)."""
        self._added_from: int | None = None
        """The first row added since the rows were last laid out, while nothing else changed."""
        self._anything_else = False
        self._laid_out_offset: int | None = None
        """Where the last rows added put the rows (by scroll bar value), while they stay where they are drawn."""
        self._frame_looks: tuple[tuple[object, ...], bool] | None = None
        """Whether the frame looks different with focus, and for which style, palette, size and shape."""

    def setModel(self, model: QAbstractItemModel | None) -> None:
        super().setModel(model)
        if model is None:
            return
        model.rowsInserted.connect(self._rows_added)
        for signal in (model.modelReset, model.layoutChanged, model.rowsRemoved, model.rowsMoved,
                       model.columnsInserted, model.columnsRemoved, model.columnsMoved):
            signal.connect(self._changed_otherwise)

    def _rows_added(self, parent: QModelIndex, first: int, last: int) -> None:
        self._added_from = first if self._added_from is None else min(self._added_from, first)

    def _changed_otherwise(self, *args: object) -> None:
        self._anything_else = True

    def doItemsLayout(self) -> None:
        first, everything = self._added_from, self._anything_else
        self._added_from, self._anything_else = None, False
        if first is None or everything:
            super().doItemsLayout()
            return
        viewport = self.viewport()
        header = self.verticalHeader()
        shown = header.offset()
        self._lay_out_rows_added(viewport)
        if header.offset() != shown:  # the rows moved (a list scrolled to its end, by item): not drawn there
            self._laid_out_offset = header.offset()
            header.setOffset(shown)  # where they are drawn, until scrolled (`take_laid_out_offset`)
        height = viewport.height()
        top = max(self.rowViewportPosition(first), 0) if first < self.model().rowCount() else height
        if top < height:
            viewport.update(QRect(0, top, viewport.width(), height - top))

    def take_laid_out_offset(self) -> int:
        """Where the layout of the rows last added put the rows (the rows' offset as laid out); until now they
        stayed where they are drawn."""
        laid_out, self._laid_out_offset = self._laid_out_offset, None
        return self.verticalHeader().offset() if laid_out is None else laid_out

    def _lay_out_rows_added(self, viewport: QWidget) -> None:
        """The rows laid out, the viewport and the scroll bars' containers left unpainted: Qt raises both
        containers at each layout of the view's children, once at once and once more when a scroll bar's new
        range is heard (queued), and a raised widget is repainted. The children are laid out here, once, with
        the range heard at once; a container moved, resized, shown or hidden by it is repainted."""
        bars, quiet = self._bars, self._containers
        before = [(container.geometry(), container.isVisible()) for container in quiet]
        values = [bar.value() for bar in bars]
        blocked = [bar.blockSignals(True) for bar in bars]  # the range heard here, not later (queued)

        def lay_out() -> None:
            super(FocusQuietView, self).doItemsLayout()
            self.setViewportMargins(self.viewportMargins())  # the scroll bars shown or hidden for their range

        try:
            self._quietly(lay_out, viewport, *quiet)
        finally:
            for bar, was in zip(bars, blocked, strict=True):
                bar.blockSignals(was)
        for container, (geometry, visible) in zip(quiet, before, strict=True):
            if (container.geometry(), container.isVisible()) != (geometry, visible):
                container.update()
                self.update(geometry)  # where it was
        for bar, value in zip(bars, values, strict=True):
            if bar.value() != value:
                bar.valueChanged.emit(bar.value())  # as blocked: heard now

    def focusInEvent(self, event: QFocusEvent) -> None:
        self._focus_changed(lambda: super(FocusQuietView, self).focusInEvent(event))

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._focus_changed(lambda: super(FocusQuietView, self).focusOutEvent(event))

    def _focus_changed(self, handle: Callable[[], None]) -> None:
        viewport = self.viewport()
        self._quietly(handle, self, viewport)
        if self._focus_shows_in_frame():  # the frame (what the style draws under the scroll bars too)
            self.update(QRegion(self.rect()) - QRegion(self.contentsRect()))
        selection = self.selectionModel()
        rows = {index.row() for index in selection.selectedIndexes()} if selection is not None else set()
        current = self.currentIndex()
        if current.isValid():
            rows.add(current.row())
        for row in rows:
            viewport.update(QRect(0, self.rowViewportPosition(row), viewport.width(), self.rowHeight(row)))

    def _focus_shows_in_frame(self) -> bool:
        """Whether the style draws the frame differently with focus (Fusion does not; some desktop styles do),
        found once for each style, palette, size and shape by drawing it both ways."""
        option = QStyleOptionFrame()
        self.initStyleOption(option)
        style = self.style()
        key = (id(style), self.palette().cacheKey(), self.size(), option.frameShape, option.lineWidth,
               option.midLineWidth, option.state.value & _NOT_FOCUS)  # bits: no flag made per call
        if self._frame_looks is not None and self._frame_looks[0] == key:
            return self._frame_looks[1]
        drawn = []
        for focused in (False, True):
            option.state = (option.state | QStyle.StateFlag.State_HasFocus if focused
                            else option.state & ~QStyle.StateFlag.State_HasFocus)
            picture = QImage(self.size(), QImage.Format.Format_ARGB32_Premultiplied)
            picture.fill(Qt.GlobalColor.transparent)
            painter = QPainter(picture)
            style.drawControl(QStyle.ControlElement.CE_ShapedFrame, option, painter, self)
            painter.end()
            drawn.append(picture)
        self._frame_looks = (key, drawn[0] != drawn[1])
        return self._frame_looks[1]

    @staticmethod
    def _quietly(handle: Callable[[], None], *widgets: QWidget) -> None:
        """`handle()` with the repaints it asks of `widgets` left out (the caller repaints what changed)."""
        quiet = [widget for widget in widgets if not widget.testAttribute(QUIET)]
        for widget in quiet:
            widget.setAttribute(QUIET, True)
        try:
            handle()
        finally:
            for widget in quiet:
                widget.setAttribute(QUIET, False)
