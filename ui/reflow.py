"""A row of parts that wraps onto more lines when the window is too narrow for it (1024 pixels, say).

Laid out side by side when all of them fit at the width they ask, one under the other otherwise: the row asks for the
width of its widest part only, so a narrow window never scrolls sideways to show it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QLayout, QSplitter, QWidget

ACROSS, DOWN = QBoxLayout.Direction.LeftToRight, QBoxLayout.Direction.TopToBottom


class Reflow(QWidget):
    """Parts side by side while they fit, else one under the other (`stretches` as in a box layout)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 8) -> None:
        super().__init__(parent)
        self.box = QBoxLayout(ACROSS, self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(spacing)
        self.box.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)  # the width is ours to give
        self._parts: list[QWidget] = []

    def add(self, part: QWidget, stretch: int = 0) -> QWidget:
        """Put `part` at the end of the row."""
        self._parts.append(part)
        self.box.addWidget(part, stretch)
        return part

    def add_layout(self, layout: QLayout, stretch: int = 0) -> QWidget:
        """Put the widgets of `layout`, kept together as one part, at the end of the row."""
        holder = QWidget(self)
        layout.setContentsMargins(0, 0, 0, 0)
        holder.setLayout(layout)
        return self.add(holder, stretch)

    def across_width(self) -> int:
        """The width the parts need side by side (each as wide as it asks: a squeezed score line overlaps)."""
        widths = self._widths()
        return sum(widths) + self.box.spacing() * max(len(widths) - 1, 0)

    def is_across(self) -> bool:
        """Whether the parts are side by side now."""
        return self.box.direction() == ACROSS

    def _flow(self, width: int) -> None:
        direction = ACROSS if width >= self.across_width() else DOWN
        if direction != self.box.direction():
            self.box.setDirection(direction)
            self.updateGeometry()  # one line or more: the height asked of the parent changes

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # a part asks for another width (new names in it)
            self._flow(self.width())
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._flow(event.size().width())
        super().resizeEvent(event)

    def _widths(self) -> list[int]:
        return [max(part.sizeHint().width(), part.minimumSizeHint().width())
                for part in self._parts if not part.isHidden()]

    def minimumSizeHint(self) -> QSize:
        return QSize(max(self._widths(), default=0), self.box.minimumSize().height())

    def sizeHint(self) -> QSize:
        return QSize(self.across_width(), self.box.sizeHint().height())


class BesideOrUnder(QSplitter):
    """Two parts side by side while the first keeps at least `room` pixels beside the second, else the second under
    the first (a splitter either way: the person may move the handle). `room` may be a function asked at each
    resize (the width the first part's content asks now); `beside` is the width the second part needs beside the
    first (by default its least width as it is laid out now). `turned(vertical)` is told each change."""

    def __init__(self, first: QWidget, second: QWidget, room: int | Callable[[], int],
                 turned: Callable[[bool], None] | None = None, parent: QWidget | None = None,
                 beside: int | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.room = room
        self.beside = beside
        self.turned = turned
        self.setChildrenCollapsible(False)
        self.addWidget(first)
        self.addWidget(second)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 1)

    def fits_beside(self, width: int) -> bool:
        """Whether `width` pixels hold the first part's room and the second part beside it."""
        second = self.widget(1)
        need = self.beside if self.beside is not None else (
            second.minimumSizeHint().width() if second is not None else 0)
        room = self.room() if callable(self.room) else self.room
        return width >= room + self.handleWidth() + need

    def reflow(self) -> None:
        """Beside or under for the width the splitter has now (the first part's room may have changed)."""
        self._turn(self.width())

    def _turn(self, width: int) -> None:
        wanted = Qt.Orientation.Horizontal if self.fits_beside(width) else Qt.Orientation.Vertical
        if wanted != self.orientation():
            self.setOrientation(wanted)
            if self.turned is not None:
                self.turned(wanted == Qt.Orientation.Vertical)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._turn(event.size().width())
        super().resizeEvent(event)
