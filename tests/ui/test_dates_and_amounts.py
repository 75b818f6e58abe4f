"""Dates and amounts as Qt does them (issue 31.5): in a German locale a payment typed "12,50" with the keys is
recorded as the core's "12.50" and the tables show "12,50"; a date typed in the locale's format, or picked from
the calendar (Alt+Down), reaches the facade as ISO; an optional date left unticked stays absent."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from date_keys import calendar_view, type_date
from PySide6.QtCore import QDate, QLocale, QSettings, Qt
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QApplication, QDialog, QTableView
from pytestqt.qtbot import QtBot
from ui_helpers import column, focus, open_window, press

from scorekeeper.services import Services
from ui import dialogs
from ui.date_field import DateDialog, DateField, OptionalDateField, display_format
from ui.main_window import MainWindow
from ui.models import SORT_ROLE, FineTotalsModel
from ui.money_field import MoneyValidator, format_cents, format_money, parse_cents

SEASON = "2015-16"
GERMAN = QLocale(QLocale.Language.German, QLocale.Country.Germany)
ENGLISH = QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)


@pytest.fixture
def german() -> Iterator[QLocale]:
    """The window run in a German locale (decimal comma, dates as 20.02.2016); the default locale back after."""
    before = QLocale()
    QLocale.setDefault(GERMAN)
    try:
        yield GERMAN
    finally:
        QLocale.setDefault(before)


@pytest.fixture
def window(qtbot: QtBot, german: QLocale, demo_svc: Services, settings: QSettings) -> MainWindow:
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.season_tab)
    return window


def answered(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, answer: Callable[[QDialog], None]) -> list[QDialog]:
    """The next dialogs shown as exec() shows them, active, then answered by `answer` with keys."""
    seen: list[QDialog] = []

    def run(dialog: QDialog) -> int:
        seen.append(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
        answer(dialog)
        return dialog.result()

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


def cents(text: str) -> int:
    whole, _, part = text.partition(".")
    return int(whole) * 100 + int(part)


def test_a_payment_typed_with_a_decimal_comma_is_recorded_as_the_cores_money_and_shown_with_the_comma(
    qtbot: QtBot, window: MainWindow, demo_svc: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    tab = window.season_tab
    before = {row["team"]: row for row in demo_svc.fines(SEASON)["totals"]}
    team = tab.selected_team() or sorted(tab.team_names.items(), key=lambda item: item[1])[0][0]

    def pay(dialog: QDialog) -> None:
        assert isinstance(dialog, dialogs.PaymentDialog)
        assert dialog.amount.placeholderText() == "e.g. 50,00" and dialog.date.displayFormat() == "dd.MM.yyyy"
        dialog.team.setCurrentIndex(dialog.team.findData(team))
        dialog.toward.setCurrentIndex(0)  # the team's balance
        dialog.amount.setFocus()
        qtbot.keyClicks(dialog.amount, "12,505")  # a third decimal is refused as it is typed
        assert dialog.amount.text() == "12,50"
        press(qtbot, Qt.Key.Key_Tab)
        assert focus() is dialog.date
        type_date(qtbot, dialog.date, "2015-12-03")
        assert dialog.date.text() == "03.12.2015"
        press(qtbot, Qt.Key.Key_Return)  # the dialog's OK

    shown = answered(qtbot, monkeypatch, pay)
    assert tab.record_payment(), tab.fines_messages.text()
    assert len(shown) == 1 and shown[0].result() == QDialog.DialogCode.Accepted
    paid = [p for p in demo_svc.view(SEASON).data["payments"] if p.get("date") == "2015-12-03"]
    assert paid == [{"payer": {"team": team}, "amount": "12.50", "date": "2015-12-03"}]
    after = {row["team"]: row for row in demo_svc.fines(SEASON)["totals"]}
    assert cents(after[team]["paid"]) == cents(before[team]["paid"]) + 1250
    assert "Payment of 12,50 by" in tab.fines_messages.text()
    row = next(n for n in range(tab.totals.rowCount()) if tab.totals.row(n)["team"] == team)
    assert column(tab.totals, "Paid")[row] == format_cents(cents(after[team]["paid"]), GERMAN)
    assert "," in column(tab.totals, "Paid")[row]
    amounts = column(tab.fines, "Amount")
    assert amounts and all(text.endswith((",00", ",50")) for text in amounts)  # the fines, as 50,00


def test_a_payment_of_twelve_fifty_shows_as_12_50_in_the_tables(qtbot: QtBot, german: QLocale) -> None:
    model = FineTotalsModel([{"team_name": "Herons", "fines": "100.00", "paid": "12.50", "balance": "87.50"},
                             {"team_name": "Lynx", "fines": "1234.50", "paid": "0.00", "balance": "1234.50"}])
    assert column(model, "Paid") == ["12,50", "0,00"]
    assert column(model, "Fines") == ["100,00", "1.234,50"]
    balance = [c.header for c in model.columns].index("Balance")
    assert [model.index(n, balance).data(SORT_ROLE) for n in range(2)] == [8750, 123450]  # sorted as numbers


def test_amounts_are_read_with_the_locales_separator_or_a_point_and_never_through_a_float() -> None:
    assert [parse_cents(text, GERMAN) for text in ("12,50", "12.50", "12,5", "1.234,50", "1.234", ",75", "7")] == [
        1250, 1250, 1250, 123450, 123400, 75, 700]
    assert [parse_cents(text, ENGLISH) for text in ("12.50", "1,234.50", "0.10", "12,50", "", "abc")] == [
        1250, 123450, 10, None, None, None]
    french = QLocale(QLocale.Language.French, QLocale.Country.France)
    assert parse_cents(f"1{french.groupSeparator()}234,56", french) == 123456
    assert format_cents(123456, GERMAN) == "1.234,56" and format_cents(-50, GERMAN) == "-0,50"
    assert format_cents(123456, ENGLISH) == "1,234.56" and format_money("20.10", GERMAN) == "20,10"
    validator = MoneyValidator()
    validator.setLocale(GERMAN)
    states = {text: validator.validate(text, len(text))[0] for text in ("12,50", "12,505", "10000,00", "10000,01",
                                                                        "12x", "")}
    assert states == {"12,50": QValidator.State.Acceptable, "12,505": QValidator.State.Invalid,
                      "10000,00": QValidator.State.Acceptable, "10000,01": QValidator.State.Invalid,
                      "12x": QValidator.State.Invalid, "": QValidator.State.Intermediate}


def test_dates_show_in_the_locales_short_format_with_four_digit_years() -> None:
    assert display_format(GERMAN) == "dd.MM.yyyy"
    assert display_format(ENGLISH) == "MM/dd/yyyy"
    assert display_format(QLocale.c()) == "yyyy-MM-dd"
    assert display_format(QLocale(QLocale.Language.Swedish, QLocale.Country.Sweden)) == "yyyy-MM-dd"


def test_an_appeal_filed_on_a_date_picked_from_the_calendar_reaches_the_facade_as_iso_and_no_decision_date(
    qtbot: QtBot, window: MainWindow, demo_svc: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    tab = window.season_tab
    tab.suspensions_view.selectRow(0)
    row = tab.suspensions.row(0)
    picked: list[QDate] = []

    def appeal(dialog: QDialog) -> None:
        assert isinstance(dialog, dialogs.AppealDialog)
        dialog.form_number.setFocus()
        qtbot.keyClicks(dialog.form_number, "A-2015-07")
        press(qtbot, Qt.Key.Key_Tab)
        assert focus() is dialog.filed
        qtbot.keyClick(dialog.filed, Qt.Key.Key_Tab)
        assert focus() is dialog.fee_paid
        press(qtbot, Qt.Key.Key_Space)  # the form's fee paid
        dialog.filed.setFocus()
        start = dialog.filed.date()
        view = calendar_view(qtbot, dialog.filed)  # Alt+Down
        qtbot.keyClick(view, Qt.Key.Key_Up)  # a week earlier
        qtbot.keyClick(view, Qt.Key.Key_Left)  # and a day
        qtbot.keyClick(view, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: not dialog.filed.calendarWidget().isVisible())
        picked.append(start.addDays(-8))
        assert dialog.filed.date() == picked[0]
        assert not dialog.decided.check.isChecked() and not dialog.decided.edit.isEnabled()  # none
        dialog.accept()

    answered(qtbot, monkeypatch, appeal)
    assert tab.record_appeal(), tab.messages.text()
    recorded = demo_svc.view(SEASON).data["appeals"]
    assert [(a["player"], a["filed"], a["form"]) for a in recorded] == [
        (row["player"], picked[0].toString(Qt.DateFormat.ISODate), "A-2015-07")]
    assert "decided" not in recorded[0]


def test_an_optional_date_ticked_and_typed_is_given_and_unticked_is_absent(qtbot: QtBot, german: QLocale) -> None:
    field = OptionalDateField(None, None, "decided on")
    qtbot.addWidget(field)
    field.show()
    qtbot.waitExposed(field)
    field.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is field)
    assert field.value() is None and field.edit.text() == "none"
    field.check.setFocus()
    press(qtbot, Qt.Key.Key_Space)
    press(qtbot, Qt.Key.Key_Tab)
    type_date(qtbot, field.edit, "2015-11-20")
    assert field.edit.text() == "20.11.2015" and field.value() == "2015-11-20"
    field.check.setFocus()
    press(qtbot, Qt.Key.Key_Space)
    assert field.value() is None and field.edit.text() == "none"
    press(qtbot, Qt.Key.Key_Space)  # ticked again: the date typed comes back
    assert field.value() == "2015-11-20"


def test_a_player_released_on_a_date_typed_in_the_release_dialog_is_released_on_that_iso_date(
    qtbot: QtBot, german: QLocale, demo_svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = open_window(qtbot, demo_svc, settings)
    tab = window.roster_tab
    window.tabs.setCurrentWidget(tab)
    tab.select_team("herons")
    proxy = tab.proxy
    rows = [tab.players.row(proxy.mapToSource(proxy.index(n, 0)).row()) for n in range(proxy.rowCount())]
    player = next(row["player"] for row in rows if row.get("status") == "active")
    tab.roster_view.setCurrentIndex(proxy.index([row["player"] for row in rows].index(player), 0))

    def release(dialog: QDialog) -> None:
        assert isinstance(dialog, DateDialog) and focus() is dialog.field
        type_date(qtbot, dialog.field, "2016-01-15")
        assert dialog.field.text() == "15.01.2016"
        press(qtbot, Qt.Key.Key_Return)

    answered(qtbot, monkeypatch, release)
    assert tab.release(), tab.messages.text()
    assert demo_svc.view(SEASON).signing("herons", player)["released"] == "2016-01-15"


def test_alt_down_or_f4_opens_the_calendar_where_the_arrows_pick_a_day(qtbot: QtBot) -> None:
    field = DateField("2016-02-20")
    qtbot.addWidget(field)
    field.show()
    qtbot.waitExposed(field)
    field.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is field)
    field.setFocus()
    view = calendar_view(qtbot, field)
    assert view.window() is not field.window()  # a popup of its own, over the form
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not field.calendarWidget().isVisible())
    assert field.value() == "2016-02-21" and QApplication.focusWidget() is field
    qtbot.keyClick(field, Qt.Key.Key_F4)  # F4 opens it too; Escape closes it with the day as it was
    qtbot.waitUntil(field.calendarWidget().isVisible)
    qtbot.keyClick(field.calendarWidget().findChild(QTableView), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not field.calendarWidget().isVisible())
    assert field.value() == "2016-02-21"
