"""What a screen reader hears: every field named after its label, and the widgets the window draws itself (the
score, the clock, each side's penalty box, the banner, the arena display, the points chart) telling their text.

`name_from_labels(root)` walks a widget tree once it is built and names each field that has no accessible name:
from the label that leads to it (a QLabel's buddy, a QFormLayout row's label, without its '&' and ':'), else its
placeholder, else the first sentence of its tooltip, else the tab it is the page of; a new form gets its names for
free. `say(widget, name, description)` keeps a self-drawn widget's name and description at what it shows, and tells
assistive technology when they change (only while one listens: a running clock costs a string comparison).
"""

from __future__ import annotations

import html
import re

from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QBoxLayout,
    QComboBox,
    QDialog,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSlider,
    QStackedWidget,
    QTabWidget,
    QWidget,
)

FIELDS = (QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox, QAbstractItemView, QAbstractScrollArea, QSlider,
          QTabWidget)
"""What a person acts on (text and list views are scroll areas); a header is part of its table."""

TAGS = re.compile(r"<[^>]*>")
BREAKS = re.compile(r"<br\s*/?>|</p>|</tr>|</div>", re.IGNORECASE)


def label_text(text: str) -> str:
    """A label's text as it is read: '&&' an ampersand, a single '&' (the Alt key's letter) dropped, the closing
    ':' and any markup gone ('&Home team:' -> 'Home team')."""
    text = plain(text) if "<" in text else text
    text = re.sub(r"&(&?)", lambda m: m.group(1), text)
    return text.strip().rstrip(":").strip()


def plain(rich: str) -> str:
    """Rich text as one line of plain text, each line break a '; '."""
    text = TAGS.sub("", BREAKS.sub("; ", rich))
    text = html.unescape(text).replace("\xa0", " ")
    parts = [" ".join(part.split()) for part in text.split("; ")]
    return "; ".join(part for part in parts if part)


def _labels(root: QWidget) -> dict[QWidget, str]:
    """Each field under `root` that a label leads to, with the label's text."""
    found: dict[QWidget, str] = {}
    for label in root.findChildren(QLabel):
        buddy = label.buddy()
        if buddy is not None and label.text():
            found.setdefault(buddy, label_text(label.text()))
    for form in root.findChildren(QFormLayout):
        for row in range(form.rowCount()):
            label_item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            field_item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            text = label_item.widget() if label_item is not None else None
            widget = field_item.widget() if field_item is not None else None
            if widget is not None and isinstance(text, QLabel) and text.text():
                found.setdefault(widget, label_text(text.text()))
    return found


def _headings(root: QWidget, labelled: dict[QWidget, str]) -> set[QWidget]:
    """A label just before a nameless field in a row or a column ('Stage:' then its box, a heading over a
    table) leads to it: made its buddy, Qt names the field by the label's text as it changes."""
    led: set[QWidget] = set()
    for layout in root.findChildren(QBoxLayout):
        items = [layout.itemAt(n) for n in range(layout.count())]
        widgets = [item.widget() if item is not None else None for item in items]
        for label, field in zip(widgets, widgets[1:], strict=False):
            if (isinstance(label, QLabel) and label.buddy() is None and isinstance(field, FIELDS)
                    and not isinstance(field, QHeaderView) and not field.accessibleName() and field not in labelled
                    and not isinstance(field, QAbstractButton)):
                if "<" in label.text() or not label.text():  # rich text: Qt would read its markup
                    labelled[field] = heading(label.text())
                    continue
                label.setBuddy(field)
                if isinstance(field, QComboBox):  # on Linux Qt reads a combo box's current text, not its label
                    labelled[field] = label_text(label.text())
                else:
                    led.add(field)
    return led


def heading(rich: str) -> str:
    """What a rich-text heading names: its bold words where it has some ('<b>Teams</b>' -> 'Teams'), else its
    text up to a dash or a colon."""
    bold = re.search(r"<b>(.*?)</b>", rich, re.IGNORECASE | re.DOTALL)
    text = plain(bold.group(1)) if bold else plain(rich)
    return re.split(r" — |: ", text, maxsplit=1)[0].strip()


def _alone(widget: QWidget, within: QWidget) -> bool:
    """Whether `widget` is the only one of its kind (a list or table, a scroll area) in sight in `within`."""
    kind = QAbstractItemView if isinstance(widget, QAbstractItemView) else type(widget)
    return not [w for w in within.findChildren(kind) if w is not widget and w.isVisibleTo(within)
                and not widget.isAncestorOf(w)  # a scroll area holding the rest of the page
                and not isinstance(w, QHeaderView) and not isinstance(w.parentWidget(), QComboBox)]


def _page_title(widget: QWidget) -> str:
    """The title of the tab `widget` is the page of (directly, or as its page's only field), else ''."""
    page: QWidget | None = widget
    while page is not None:
        stack = page.parentWidget()
        tabs = stack.parentWidget() if isinstance(stack, QStackedWidget) else None
        if isinstance(tabs, QTabWidget):
            index = tabs.indexOf(page)
            return label_text(tabs.tabText(index)) if index >= 0 and (page is widget or _alone(widget, page)) else ""
        page = stack
    return ""


def guessed_name(widget: QWidget) -> str:
    """A name for a field no label leads to: its placeholder, its tooltip's first sentence, its tab's title."""
    if isinstance(widget, QLineEdit) and widget.placeholderText():
        return widget.placeholderText().removeprefix("e.g. ").strip()
    if isinstance(widget, QTabWidget):
        return "Pages: " + ", ".join(label_text(widget.tabText(n)) for n in range(widget.count()))
    tip = plain(widget.toolTip()) if widget.toolTip() else ""
    if tip:
        return re.split(r"[.;:] | \(", tip, maxsplit=1)[0].strip() or tip
    window = widget.window()
    if isinstance(widget, QAbstractScrollArea) and isinstance(window, QDialog) and _alone(widget, window):
        return window.windowTitle()  # the dialog's one list, table or preview: named as the dialog is
    return _page_title(widget)


def name_from_labels(root: QWidget) -> int:
    """Give each field under `root` (and `root`) without an accessible name one: its label's text, else
    `guessed_name`. Returns how many were named."""
    labelled = _labels(root)
    led = _headings(root, labelled)
    named = 0
    for widget in [root, *root.findChildren(QWidget)]:
        if not isinstance(widget, FIELDS) or isinstance(widget, QHeaderView) or widget.accessibleName():
            continue
        inner = isinstance(widget, QLineEdit) and isinstance(widget.parentWidget(), (QComboBox, QAbstractSpinBox))
        if widget in led or inner or (isinstance(widget, QAbstractButton) and widget.text()):
            continue  # Qt reads its label or its own text; a combo box's or spin box's line edit: the box is named
        name = labelled.get(widget) or guessed_name(widget)
        if name:
            widget.setAccessibleName(name)
            named += 1
    return named


def say(widget: QWidget, name: str, description: str | None = None) -> None:
    """`widget`'s accessible name (and description) now `name` (and `description`); assistive technology told of
    a change while one is listening."""
    changed: list[QAccessible.Event] = []
    if widget.accessibleName() != name:
        widget.setAccessibleName(name)
        changed.append(QAccessible.Event.NameChanged)
    if description is not None and widget.accessibleDescription() != description:
        widget.setAccessibleDescription(description)
        changed.append(QAccessible.Event.DescriptionChanged)
    if changed and QAccessible.isActive():
        for kind in changed:
            QAccessible.updateAccessibility(QAccessibleEvent(widget, kind))


def alert(widget: QWidget) -> None:
    """Tell assistive technology that `widget` (its name: what it says) wants to be heard now."""
    if QAccessible.isActive():
        QAccessible.updateAccessibility(QAccessibleEvent(widget, QAccessible.Event.Alert))
