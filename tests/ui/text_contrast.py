"""The contrast of every text a window shows, measured from what Qt resolved and drew (issue 31.3).

For each visible, enabled widget that shows text: its text colours as Qt resolved them (the widget's palette
after its style sheet is applied, `ensurePolished`; every colour of a rich-text label's HTML; a table cell's
ForegroundRole, or HighlightedText when the cell is selected), against the background actually painted under
it: the most frequent colour of the window's picture (`QWidget.grab`) in the widget's (or the cell's) rectangle,
which is whatever painted it (the palette, a style sheet of the widget or of a parent, a banner, a selection).
The points chart, painted, is read as its code paints it (the palette's text on the ground it fills). Disabled
widgets are left out (WCAG 2 exempts inactive controls), as are placeholder texts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from PySide6 import QtGui
from PySide6.QtCore import QModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPalette, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)

from ui.chart import PointsChart
from ui.theme import contrast

ROLE = QPalette.ColorRole
GROUPS = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive)


@dataclass(frozen=True)
class Reading:
    """One text measured: where, what it says, its colour, the ground under it, their contrast."""

    where: str
    text: str
    colour: str
    ground: str
    ratio: float

    def __str__(self) -> str:
        return f"{self.where} {self.text[:40]!r}: {self.colour} on {self.ground} = {self.ratio:.2f}"


def ground(image: QImage, rect: QRect) -> QColor:
    """The most frequent colour of `image` in `rect` (about 600 pixels sampled): the ground the text is on."""
    rect = rect.intersected(image.rect())
    if rect.isEmpty():
        return QColor()
    step_x, step_y = max(1, rect.width() // 40), max(1, rect.height() // 15)
    counts = Counter(image.pixel(x, y) for y in range(rect.top(), rect.bottom() + 1, step_y)
                     for x in range(rect.left(), rect.right() + 1, step_x))
    return QColor.fromRgb(counts.most_common(1)[0][0])


def document_colours(document: QTextDocument, default: QColor, link: QColor) -> Iterator[tuple[str, QColor]]:
    """Each run of text of a rich text and its colour (its own, a link's, else `default`)."""
    block = document.begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            fragment = fragments.fragment()
            text = fragment.text().strip()
            if fragment.isValid() and text:
                form = fragment.charFormat()
                if form.isAnchor():
                    yield text, link
                elif form.foreground().style() != Qt.BrushStyle.NoBrush:
                    yield text, form.foreground().color()
                else:
                    yield text, default
            fragments += 1
        block = block.next()


def label_colours(label: QLabel) -> Iterator[tuple[str, QColor]]:
    palette = label.palette()
    default = palette.color(label.foregroundRole())
    text = label.text()
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(text))
    if not rich:
        if text.strip():
            yield text, default
        return
    document = QTextDocument()
    document.setDefaultFont(label.font())
    document.setHtml(text)
    yield from document_colours(document, default, palette.color(ROLE.Link))


def _colour(value: object) -> QColor | None:
    if isinstance(value, QBrush):
        return value.color()
    if isinstance(value, QColor):
        return value
    return None


def _where(widget: QWidget) -> str:
    names = []
    while widget is not None and len(names) < 3:
        names.append(widget.objectName() or type(widget).__name__)
        widget = widget.parentWidget()
    return "/".join(reversed(names))


class Measure:
    """The readings of one window's picture."""

    def __init__(self, window: QWidget) -> None:
        self.window = window
        self.image = window.grab().toImage()
        self.readings: list[Reading] = []

    def box(self, widget: QWidget, rect: QRect | None = None) -> QRect:
        """`rect` (in `widget`'s coordinates; None: what of the widget is visible) in the picture's."""
        area = widget.visibleRegion().boundingRect() if rect is None else rect
        return area.translated(widget.mapTo(self.window, QPoint(0, 0)))

    def read(self, where: str, text: str, colour: QColor, rect: QRect, inset: int = 0) -> None:
        under = ground(self.image, rect.adjusted(inset, inset, -inset, -inset) if inset else rect)
        if not under.isValid():
            return
        self.readings.append(Reading(where, text, colour.name(), under.name(), contrast(colour, under)))

    def walk(self) -> list[Reading]:
        for widget in [self.window, *self.window.findChildren(QWidget)]:
            if not widget.isVisible() or not widget.isEnabled() or widget.visibleRegion().isEmpty():
                continue
            widget.ensurePolished()
            self.widget(widget)
        return self.readings

    def widget(self, widget: QWidget) -> None:
        palette, where = widget.palette(), _where(widget)
        if isinstance(widget, QLabel):
            for text, colour in label_colours(widget):
                self.read(where, text, colour, self.box(widget))
        elif isinstance(widget, QAbstractButton) and widget.text().strip():
            self.read(where, widget.text(), palette.color(widget.foregroundRole()), self.box(widget), inset=3)
        elif isinstance(widget, QLineEdit) and widget.text().strip():
            self.read(where, widget.text(), palette.color(ROLE.Text), self.box(widget), inset=2)
        elif isinstance(widget, QComboBox) and not widget.isEditable() and widget.currentText().strip():
            self.read(where, widget.currentText(), palette.color(ROLE.ButtonText), self.box(widget), inset=3)
        elif isinstance(widget, QTabBar):
            self.tabs(widget)
        elif isinstance(widget, QHeaderView):
            self.header(widget)
        elif isinstance(widget, QAbstractItemView):
            self.cells(widget)
        elif isinstance(widget, PointsChart):  # painted: its title, axes and legend in the palette's text
            for text in (widget.title, "games played", *(series.name for series in widget.series)):
                self.read(where, text, palette.color(ROLE.Text), self.box(widget))
        elif isinstance(widget, QTextEdit):
            default = palette.color(ROLE.Text)
            for text, colour in document_colours(widget.document(), default, palette.color(ROLE.Link)):
                self.read(where, text, colour, self.box(widget.viewport()))

    def tabs(self, bar: QTabBar) -> None:
        for index in range(bar.count()):
            if bar.isTabVisible(index) and bar.isTabEnabled(index):
                own = bar.tabTextColor(index)
                colour = own if own.isValid() else bar.palette().color(bar.foregroundRole())
                self.read(_where(bar), bar.tabText(index), colour, self.box(bar, bar.tabRect(index)), inset=4)

    def header(self, header: QHeaderView) -> None:
        model = header.model()
        if model is None:
            return
        for section in range(header.count()):
            if header.isSectionHidden(section) or header.sectionSize(section) < 8:
                continue
            text = str(model.headerData(section, header.orientation()) or "").strip()
            if not text:
                continue
            start = header.sectionViewportPosition(section)
            size = header.sectionSize(section)
            rect = (QRect(start, 0, size, header.height()) if header.orientation() == Qt.Orientation.Horizontal
                    else QRect(0, start, header.width(), size))
            rect = rect.intersected(header.viewport().rect())
            if rect.width() > 4 and rect.height() > 4:
                own = _colour(model.headerData(section, header.orientation(), Qt.ItemDataRole.ForegroundRole))
                colour = own or header.palette().color(ROLE.ButtonText)
                self.read(_where(header), text, colour, self.box(header.viewport(), rect), inset=2)

    def cells(self, view: QAbstractItemView) -> None:
        model, viewport = view.model(), view.viewport()
        if model is None:
            return
        root = view.rootIndex()
        selection = view.selectionModel()
        for row in range(model.rowCount(root)):
            for column in range(model.columnCount(root)):
                index = model.index(row, column, root)
                rect = view.visualRect(index).intersected(viewport.rect())
                text = str(index.data() or "").strip()
                if rect.width() < 6 or rect.height() < 6 or not text:
                    continue
                self.cell(view, index, text, rect, selection is not None and selection.isSelected(index))

    def cell(self, view: QAbstractItemView, index: QModelIndex, text: str, rect: QRect, selected: bool) -> None:
        palette = view.palette()
        where = f"{_where(view)}[{index.row()},{index.column()}]"
        box = self.box(view.viewport(), rect)
        if selected:  # the style draws a selected cell's text in HighlightedText, whatever its ForegroundRole
            for group in GROUPS:
                self.read(where, text, palette.color(group, ROLE.HighlightedText), box, inset=1)
            return
        colour = _colour(index.data(Qt.ItemDataRole.ForegroundRole)) or palette.color(ROLE.Text)
        fill = _colour(index.data(Qt.ItemDataRole.BackgroundRole))
        if fill is not None:
            self.readings.append(Reading(where, text, colour.name(), fill.name(), contrast(colour, fill)))
        else:
            self.read(where, text, colour, box, inset=1)


def readings(window: QWidget) -> list[Reading]:
    """Every text `window` shows now, measured."""
    return Measure(window).walk()
