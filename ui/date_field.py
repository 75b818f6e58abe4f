"""Dates as the window takes them (issue 31.5): a `QDateEdit` with a calendar popup, shown in the locale's short
date format (with a four-digit year and two-digit day and month, so typing the digits fills each part and moves
on to the next), or picked from the calendar (Alt+Down or F4 opens it). The facade still gets ISO "YYYY-MM-DD".

An optional date (a player's birthdate, an appeal's decision) is a check box and the date beside it: unticked, the
date is absent (the field shows "none", greyed, and Tab skips it); ticked, it is typed or picked as any other.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QDate, QEvent, QLocale, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QStyle,
    QStyleOptionComboBox,
    QWidget,
)

ISO = "yyyy-MM-dd"
EARLIEST, LATEST = QDate(1900, 1, 1), QDate(2099, 12, 31)
"""The dates a field takes unless it says otherwise (a birthdate ends today)."""
NONE = "none"
"""What an optional date shows while it is absent."""


def display_format(locale: QLocale | None = None) -> str:
    """The locale's short date format with a four-digit year and two-digit day and month ('dd.MM.yyyy',
    'MM/dd/yyyy', 'yyyy-MM-dd'); ISO where the locale is C or its short format names the month or the day."""
    locale = locale or QLocale()
    shown = locale.dateFormat(QLocale.FormatType.ShortFormat)
    if locale.language() == QLocale.Language.C or "MMM" in shown or "ddd" in shown or "'" in shown or not all(
            part in shown for part in "yMd"):
        return ISO
    shown = re.sub("y+", "yyyy", shown)
    shown = re.sub("(?<!M)M(?!M)", "MM", shown)
    return re.sub("(?<!d)d(?!d)", "dd", shown)


def today() -> QDate:
    """Today's date (the latest a birthdate takes)."""
    return QDate.currentDate()


def qdate(text: str | None) -> QDate:
    """'2016-02-20' as a QDate (an invalid one for anything else)."""
    return QDate.fromString((text or "").strip(), Qt.DateFormat.ISODate)


def iso(date: QDate) -> str:
    """A QDate as the facade takes it: '2016-02-20'."""
    return date.toString(Qt.DateFormat.ISODate)


class DateField(QDateEdit):
    """A date typed in the locale's short format or picked from its calendar (Alt+Down, F4); `value()` is ISO."""

    def __init__(self, value: str | None = None, parent: QWidget | None = None,
                 earliest: QDate = EARLIEST, latest: QDate = LATEST) -> None:
        super().__init__(parent)
        self.setCalendarPopup(True)
        self.setDisplayFormat(display_format())
        self.setDateRange(earliest, latest)
        self.setCorrectionMode(QDateEdit.CorrectionMode.CorrectToNearestValue)
        self.set_value(value)
        example = QDate(2016, 2, 20).toString(self.displayFormat())
        self.setToolTip(f"Type the date ({example} is 20 February 2016), or press Alt+Down for the calendar")

    def value(self) -> str:
        """The date as the facade takes it: '2016-02-20'."""
        return iso(self.date())

    def set_value(self, text: str | None) -> None:
        """Show the ISO date `text` (today when it is none or no date)."""
        date = qdate(text)
        self.setDate(date if date.isValid() else QDate.currentDate())

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """Alt+Down (as in a drop-down list) or F4 opens the calendar; every other key edits as Qt does."""
        alt_down = event.key() == Qt.Key.Key_Down and event.modifiers() & Qt.KeyboardModifier.AltModifier
        if alt_down or (event.key() == Qt.Key.Key_F4 and not event.modifiers()):
            self.open_calendar()
            event.accept()
            return
        super().keyPressEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 (Qt's names)
        """Tab leaves the field, as it leaves any other of a form (the parts fill in turn as digits are typed;
        the separator or Left and Right move between them), instead of walking its day, month and year."""
        return QWidget.focusNextPrevChild(self, next)

    def open_calendar(self) -> None:
        """Open the calendar popup, as a click on the field's arrow does (Qt has no call for it)."""
        if not self.isEnabled() or self.isReadOnly():
            return
        option = QStyleOptionComboBox()
        option.initFrom(self)
        option.editable = True
        option.frame = True
        option.subControls = QStyle.SubControl.SC_All
        arrow = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                            QStyle.SubControl.SC_ComboBoxArrow, self)
        at = QPointF(arrow.center()) if arrow.isValid() and self.rect().contains(arrow.center()) else QPointF(
            self.width() - 6 if self.layoutDirection() == Qt.LayoutDirection.LeftToRight else 6, self.height() / 2)
        self.mousePressEvent(QMouseEvent(QEvent.Type.MouseButtonPress, at, self.mapToGlobal(at),
                                         Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton,
                                         Qt.KeyboardModifier.NoModifier))


class OptionalDateField(QWidget):
    """A date that may be absent: a check box (`check`, labelled `ticked`) and the date (`edit`) beside it; `name`
    is what a screen reader calls the date."""

    def __init__(self, value: str | None = None, parent: QWidget | None = None, ticked: str = "known",
                 earliest: QDate = EARLIEST, latest: QDate = LATEST, name: str = "Date") -> None:
        super().__init__(parent)
        self.check = QCheckBox(ticked, self)
        self.edit = DateField(None, self, earliest, latest)
        self.check.setAccessibleName(f"{name} {ticked}")
        self.edit.setAccessibleName(name)
        self._kept = self.edit.date()  # the date shown again when the box is ticked
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.check)
        layout.addWidget(self.edit, 1)
        self.setFocusProxy(self.check)  # a label's Alt key lands on the box (Tab then goes to the date)
        self.check.toggled.connect(self._ticked)
        self.set_value(value)
        self.check.setToolTip("Ticked: the date beside it is given; unticked: none")

    def _ticked(self, on: bool) -> None:
        if on:
            self.edit.setSpecialValueText("")
            self.edit.setDate(self._kept)
        else:
            if self.edit.date() != self.edit.minimumDate():
                self._kept = self.edit.date()
            self.edit.setSpecialValueText(NONE)
            self.edit.setDate(self.edit.minimumDate())
        self.edit.setEnabled(on)

    def value(self) -> str | None:
        """The ISO date, or None while the box is unticked."""
        return self.edit.value() if self.check.isChecked() else None

    def set_value(self, text: str | None) -> None:
        """Show the ISO date `text`, or none (unticked) when it is None or no date."""
        date = qdate(text)
        if date.isValid():
            self._kept = date
        self.check.setChecked(date.isValid())
        self._ticked(date.isValid())  # also when the box was already so

    def clear(self) -> None:
        """No date (the box unticked; the date last shown comes back when it is ticked)."""
        self.set_value(None)


def chain_tab(*widgets: QWidget) -> None:
    """Tab goes through `widgets` in order, an optional date's box and then its date in its place."""
    chain: list[QWidget] = []
    for widget in widgets:
        chain += [widget, widget.check, widget.edit] if isinstance(widget, OptionalDateField) else [widget]
    for first, second in zip(chain, chain[1:], strict=False):
        QWidget.setTabOrder(first, second)


class DateDialog(QDialog):
    """One date asked (releasing a player): `label` and the date (`field`), OK and Cancel."""

    def __init__(self, title: str, label: str, default: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.field = DateField(default, self)
        form = QFormLayout(self)
        form.addRow(label, self.field)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
