"""A table view for a list the keyboard comes back to after every entry (the Live Game tab's event list): focus
coming or going, a row added and the scroll bar's new range repaint what they change, not every row in sight."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QRect, Qt
from PySide6.QtGui import QFocusEvent, QImage, QPainter, QPaintEvent, QRegion
from PySide6.QtWidgets import QAbstractSlider, QScrollBar, QStyle, QStyleOptionSlider, QTableView, QWidget

QUIET = Qt.WidgetAttribute.WA_UpdatesDisabled


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

    def _look(self) -> tuple[object, ...]:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        slider = self.style().subControlRect(QStyle.ComplexControl.CC_ScrollBar, option,
                                             QStyle.SubControl.SC_ScrollBarSlider, self)
        return (slider, self.value() == self.minimum(), self.value() == self.maximum(), self.size(),
                self.isEnabled())

    def sliderChange(self, change: QAbstractSlider.SliderChange) -> None:
        if change in _LOOK_ONLY and self._drawn == self._look():
            return  # the same slider in the same place: nothing to repaint (a view sets its steps at every layout)
        super().sliderChange(change)

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
        self._added_from: int | None = None
        """The first row added since the rows were last laid out, while nothing else changed."""
        self._anything_else = False

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
        self._quietly(super().doItemsLayout, viewport)
        top = max(self.rowViewportPosition(first), 0) if first < self.model().rowCount() else viewport.height()
        if top < viewport.height():
            viewport.update(QRect(0, top, viewport.width(), viewport.height() - top))

    def focusInEvent(self, event: QFocusEvent) -> None:
        self._focus_changed(lambda: super(FocusQuietView, self).focusInEvent(event))

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._focus_changed(lambda: super(FocusQuietView, self).focusOutEvent(event))

    def _focus_changed(self, handle: Callable[[], None]) -> None:
        viewport = self.viewport()
        self._quietly(handle, self, viewport)
        self.update(QRegion(self.rect()) - QRegion(self.contentsRect()))  # the frame (header, scroll bars stay)
        selection = self.selectionModel()
        rows = {index.row() for index in selection.selectedIndexes()} if selection is not None else set()
        if self.currentIndex().isValid():
            rows.add(self.currentIndex().row())
        for row in rows:
            viewport.update(QRect(0, self.rowViewportPosition(row), viewport.width(), self.rowHeight(row)))

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
