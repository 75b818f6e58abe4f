"""Issue 18 point 8: the create-season and operator dialogs, driven by key events as a person would."""

from __future__ import annotations

from typing import TypeVar

import pytest
from PySide6.QtCore import QSettings, QSortFilterProxyModel, Qt
from PySide6.QtWidgets import QDialog, QFormLayout
from pytestqt.qtbot import QtBot

from scorekeeper.services import Services
from tests.ui.ui_helpers import focus, open_window, press, replace_text, type_text
from ui import dialogs
from ui.dialogs import NewSeasonDialog, OperatorDialog, PaymentDialog

D = TypeVar("D", bound=QDialog)


def shown(qtbot: QtBot, dialog: D) -> D:
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: dialog.isActiveWindow())
    return dialog


def test_one_rulebook_is_not_drawn_over_the_league_label_nor_a_tab_stop(qtbot: QtBot) -> None:
    dialog = shown(qtbot, NewSeasonDialog(None, "Westridge Sponge Hockey League", ["westridge-2015-16"]))
    assert not dialog.rulebook.isVisible()
    dialog.league.setFocus()
    order = []
    for _ in range(4):
        order.append(focus())
        press(qtbot, Qt.Key.Key_Tab)
    assert order == [dialog.league, dialog.season, dialog.division, dialog.coed]
    dialog.grab().save("/tmp/p6/new-season-one-rulebook.png")


def test_tab_follows_the_form_with_a_choice_of_rulebooks(qtbot: QtBot) -> None:
    dialog = shown(qtbot, NewSeasonDialog(None, "League", ["westridge-2015-16", "other-league"]))
    assert dialog.rulebook.isVisible()
    form = dialog.layout()
    assert isinstance(form, QFormLayout)
    label = form.labelForField(dialog.league)
    assert label is not None
    assert not label.geometry().intersects(dialog.rulebook.geometry())
    dialog.league.setFocus()
    order = []
    for _ in range(5):
        order.append(focus())
        press(qtbot, Qt.Key.Key_Tab)
    assert order == [dialog.league, dialog.season, dialog.rulebook, dialog.division, dialog.coed]
    dialog.grab().save("/tmp/p6/new-season-two-rulebooks.png")


def test_enter_in_a_field_creates_when_every_name_is_typed(qtbot: QtBot) -> None:
    dialog = shown(qtbot, NewSeasonDialog(None, "Westridge Sponge Hockey League", ["a", "b"]))
    dialog.season.setFocus()
    type_text(qtbot, "2016-17")
    press(qtbot, Qt.Key.Key_Tab)  # the rulebook list: Enter there presses OK too, it does not swallow it
    press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted and not dialog.isVisible()
    assert dialog.answer() == {"league": "Westridge Sponge Hockey League", "season": "2016-17",
                               "division": "Co-ed Division 1", "coed": True, "rulebook": "b"}


def test_a_blank_season_name_is_refused_with_a_message_and_the_dialog_stays_open(qtbot: QtBot) -> None:
    dialog = shown(qtbot, NewSeasonDialog(None, "Westridge Sponge Hockey League", ["westridge-2015-16"]))
    dialog.league.setFocus()
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.problem.isVisible() and "the season's name" in dialog.problem.text()
    assert focus() is dialog.season  # on the blank field, to type it
    dialog.grab().save("/tmp/p6/new-season-refused.png")
    type_text(qtbot, "2016-17")
    press(qtbot, Qt.Key.Key_Enter)
    assert dialog.result() == QDialog.DialogCode.Accepted
    answer = dialog.answer()
    assert answer is not None and answer["season"] == "2016-17"


def test_an_empty_operator_name_is_refused_where_it_is_asked(qtbot: QtBot) -> None:
    dialog = shown(qtbot, OperatorDialog(""))
    dialog.name.setFocus()
    type_text(qtbot, "   ")
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.problem.isVisible()
    assert "name" in dialog.problem.text()
    replace_text(qtbot, "Pat Lee")
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.name.text().strip() == "Pat Lee"


FINES = [{"payer": {"player": "fa05"}, "team": "falcons", "amount": "50.00", "rule": "R-1", "game": "g006",
          "player": "fa05", "label": "Sam Falco, game g006 (R-1), 50.00"},
         {"payer": {"team": "falcons"}, "team": "falcons", "amount": "25.00", "rule": "R-2", "game": "g007",
          "player": "fa05", "label": "Falcons (team), game g007 (R-2), 25.00"}]
TEAMS = [("falcons", "Falcons"), ("herons", "Herons")]


def test_the_payment_dialog_offers_the_balance_or_one_fine(qtbot: QtBot) -> None:
    dialog = shown(qtbot, PaymentDialog(TEAMS, "2015-12-01", None, FINES))
    assert [dialog.toward.itemText(n) for n in range(dialog.toward.count())] == [
        "Falcons's balance", "the fine of Sam Falco, game g006 (R-1), 50.00",
        "the fine of Falcons (team), game g007 (R-2), 25.00"]
    dialog.team.setFocus()
    press(qtbot, Qt.Key.Key_Tab)
    assert focus() is dialog.toward
    press(qtbot, Qt.Key.Key_Down)
    assert dialog.amount.text() == "50.00"  # the fine's amount offered
    press(qtbot, Qt.Key.Key_Tab)
    replace_text(qtbot, "20")
    dialog.grab().save("/tmp/p6/payment-on-a-fine.png")
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.answer() == {"payer": {"player": "fa05"}, "amount": "20.00", "date": "2015-12-01",
                               "fine": {"game": "g006", "rule": "R-1"}}


def test_the_payment_dialog_pays_a_balance_and_refuses_no_amount(qtbot: QtBot) -> None:
    dialog = shown(qtbot, PaymentDialog(TEAMS, "2015-12-01", None, FINES, team="herons"))
    assert dialog.toward.count() == 1 and dialog.toward.currentText() == "Herons's balance"
    dialog.amount.setFocus()
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.problem.isVisible() and focus() is dialog.amount
    type_text(qtbot, "15.5")
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.answer() == {"payer": {"team": "herons"}, "amount": "15.50", "date": "2015-12-01"}


def test_a_fine_chosen_in_the_fines_table_is_paid_from_the_season_tab(
    qtbot: QtBot, demo_svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = open_window(qtbot, demo_svc, settings)
    tab = window.season_tab
    window.tabs.setCurrentWidget(tab)
    fine = next(f for f in demo_svc.fines()["fines"] if "player" in f["payer"])
    row = next(n for n in range(tab.fines.rowCount()) if tab.fines.row(n)["game"] == fine["game"]
               and tab.fines.row(n)["payer"] == fine["payer"])
    proxy = tab.fines_view.model()
    assert isinstance(proxy, QSortFilterProxyModel)
    tab.fines_view.setCurrentIndex(proxy.mapFromSource(tab.fines.index(row, 0)))

    def answer(dialog: QDialog) -> int:
        assert isinstance(dialog, PaymentDialog)
        assert isinstance(dialog.toward.currentData(), dict)  # the fine chosen in the table is preselected
        dialog.amount.setText("30.00")  # the dialog's keys are driven above; here it is answered unseen
        dialog.accept()
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(dialogs, "run_dialog", answer)
    assert tab.record_payment()
    assert f"on the fine of game {fine['game']}" in tab.fines_messages.text()
    paid = [p for p in demo_svc.view().data["payments"] if p.get("fine")]
    assert paid == [{"payer": fine["payer"], "amount": "30.00", "date": paid[0]["date"],
                     "fine": {"game": fine["game"], "rule": fine["rule"]}}]
