"""Dates and amounts typed as a person types them (issue 31.5): a date's digits in the order the locale writes
them (Qt's date field moves on to the next part as each fills), the calendar opened with Alt+Down."""

from __future__ import annotations

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QApplication, QTableView
from pytestqt.qtbot import QtBot

from ui.date_field import DateField


def digits_of(field: DateField, iso: str) -> str:
    """The digits a person types for the date `iso` in `field`'s format ('20.02.2016' -> '20022016')."""
    date = QDate.fromString(iso, Qt.DateFormat.ISODate)
    assert date.isValid(), iso
    return "".join(char for char in date.toString(field.displayFormat()) if char.isdigit())


def type_date(qtbot: QtBot, field: DateField, iso: str) -> None:
    """Type the date `iso` into `field`, which has just taken the focus (its first part selected), digit by
    digit."""
    assert QApplication.focusWidget() is field, QApplication.focusWidget()
    for digit in digits_of(field, iso):
        qtbot.keyClick(field, digit)


def calendar_view(qtbot: QtBot, field: DateField) -> QTableView:
    """Open `field`'s calendar with Alt+Down and return the calendar's grid (which has the keys)."""
    qtbot.keyClick(field, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    calendar = field.calendarWidget()
    qtbot.waitUntil(calendar.isVisible)
    view = calendar.findChild(QTableView)
    assert view is not None
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view)
    return view
