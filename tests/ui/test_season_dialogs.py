"""Issue 18 point 8: the create-season and operator dialogs, driven by key events as a person would."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFormLayout
from pytestqt.qtbot import QtBot

from tests.ui.ui_helpers import focus, press, replace_text, type_text
from ui.dialogs import NewSeasonDialog, OperatorDialog

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
