"""The game sheet's details in the window (issue 18, point 7): the league's game number and the officials are
typed in a dialog opened from the Live Game tab, by keyboard, and printed on the sheet; PDFs are offered in the
user's Documents folder, never the program's own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QDialog, QFileDialog, QLabel
from pytestqt.qtbot import QtBot
from ui_helpers import open_window, press

from scorekeeper.reports.data import game_sheet_data
from scorekeeper.services import Services
from ui import dialogs
from ui.game_details_dialog import GameDetailsDialog
from ui.main_window import MainWindow


def keyed_dialogs(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, script: list[Any]) -> list[QDialog]:
    """Run each modal dialog for real and answer it from `script`: a text is typed into the focused field,
    a key is pressed there, as the office would."""
    seen: list[QDialog] = []

    def run(dialog: QDialog) -> int:
        seen.append(dialog)

        def answer() -> None:
            dialog.activateWindow()
            for step in script:
                target = dialog.focusWidget() or dialog  # the field the dialog's keyboard focus is in
                if isinstance(step, str):
                    qtbot.keyClicks(target, step)
                else:
                    qtbot.keyClick(target, step)

        QTimer.singleShot(0, answer)
        return dialog.exec()

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


@pytest.fixture
def window(qtbot: QtBot, svc: Services, settings: QSettings) -> MainWindow:
    window = open_window(qtbot, svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game("g001")
    window.live_game_tab.refresh_game()
    return window


TAB = Qt.Key.Key_Tab


def test_officials_and_number_typed_by_keyboard_print_on_the_sheet_of_a_final_game(
        qtbot: QtBot, window: MainWindow, svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab
    assert svc.game("g001")["status"] == "final"
    # the season file's referee (Pat Quinn) is there already: Tab past him, add the second referee, a linesman
    # and the scorekeeper, Enter saves
    seen = keyed_dialogs(monkeypatch, qtbot, ["W-001", TAB, TAB, "Sam Stripes", TAB, "Lee Lines", TAB, TAB,
                                              "Kim Count", Qt.Key.Key_Return])
    tab.details_button.setFocus()
    press(qtbot, Qt.Key.Key_Space)
    assert len(seen) == 1 and isinstance(seen[0], GameDetailsDialog)
    assert seen[0].windowTitle() == "Game sheet details — Otters vs Herons"
    assert "Game sheet details saved: game no. W-001, 4 official(s)" in tab.messages.text()
    d = game_sheet_data(svc, "g001")
    assert (d.game_number, d.referees, d.linesmen, d.scorekeeper) == (
        "W-001", ["Pat Quinn", "Sam Stripes"], ["Lee Lines"], "Kim Count")
    assert svc.game("g001")["status"] == "final"
    assert [e for e in svc.audit(game="g001") if e["action"] == "game details"]
    document = tab.sheet_document()  # previewed, printed and saved under the league's number
    assert document is not None and document.title == "Game sheet — game W-001"
    assert document.filename == "game-sheet-W-001.pdf"
    # opened again, the dialog shows what was saved; Esc leaves everything as it is
    seen = keyed_dialogs(monkeypatch, qtbot, [Qt.Key.Key_Escape])
    qtbot.keyClick(tab.details_button, Qt.Key.Key_Space)
    dialog = seen[0]
    assert isinstance(dialog, GameDetailsDialog)
    assert dialog.number.text() == "W-001" and [x.text() for x in dialog.referees] == ["Pat Quinn", "Sam Stripes"]
    assert [x.text() for x in dialog.linesmen] == ["Lee Lines", ""] and dialog.scorekeeper.text() == "Kim Count"
    assert game_sheet_data(svc, "g001").game_number == "W-001"


def test_dialog_tab_order_follows_the_form_and_blank_lines_are_no_one(qtbot: QtBot, svc: Services) -> None:
    svc.operator = "Dana Desk"
    details = svc.game_details("g004")
    dialog = GameDetailsDialog(details, f"{details['home_name']} vs {details['away_name']}")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    dialog.number.setFocus()
    order = [dialog.number, *dialog.referees, *dialog.linesmen, dialog.scorekeeper]
    for widget in order:
        assert dialog.focusWidget() is widget
        qtbot.keyClick(widget, TAB)
    assert dialog.number.placeholderText() == "g004"
    assert dialog.scorekeeper.placeholderText() == "Dana Desk (the operator who finishes the game)"
    dialog.referees[1].setFocus()
    qtbot.keyClicks(dialog.referees[1], "  Ana   Ice ")
    assert dialog.answer() == (None, [{"name": "Ana   Ice", "role": "referee"}])


def test_a_pdf_is_offered_in_the_documents_folder(window: MainWindow, monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    documents = dialogs.documents_folder()
    assert documents and Path(documents).is_absolute() and Path(documents) != Path.cwd()
    offered: list[str] = []

    def save_dialog(parent: Any, title: str, suggested: str, filters: str) -> tuple[str, str]:
        offered.append(suggested)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    assert dialogs.ask_pdf_file(window, "game-sheet-g001.pdf") is None
    assert offered == [str(Path(documents) / "game-sheet-g001.pdf")]
    assert dialogs.ask_pdf_file(window, str(tmp_path / "x.pdf")) is None  # a folder chosen already stays
    assert offered[-1] == str(tmp_path / "x.pdf")
    monkeypatch.setattr(dialogs, "run_dialog", lambda dialog: QDialog.DialogCode.Rejected)
    preview = window.live_game_tab.print_sheet()
    assert preview is not None
    preview.save_document()
    assert offered[-1] == str(Path(documents) / "game-sheet-g001.pdf")


def test_the_number_of_a_signed_final_game_is_changed_only_with_the_office_password(
        qtbot: QtBot, window: MainWindow, svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27.14: with the office locked, Officials… on a signed final game asks the office password; without
    it nothing changes under the referee's signature; with it the change is made and audited as the office's."""
    from tests.data.signature_pictures import signature_png

    assert svc.sign_game("g001", "referee", "Pat Quinn", signature_png(1)).ok
    svc.set_office_password("sharks-2016")
    svc.lock_office()
    tab = window.live_game_tab
    tab.refresh_game()
    answers: list[str | None] = [None, "sharks-2016"]  # Esc in the password dialog first, then the password
    asked: list[str] = []

    def ask_password(parent: Any, title: str, label: str) -> str | None:
        asked.append(label)
        return answers.pop(0)

    monkeypatch.setattr(dialogs, "ask_password", ask_password)
    seen = keyed_dialogs(monkeypatch, qtbot, ["W-001", Qt.Key.Key_Return])
    tab.details_button.setFocus()
    press(qtbot, Qt.Key.Key_Space)
    assert len(seen) == 1 and "signed" in " ".join(w.text() for w in seen[0].findChildren(QLabel))
    assert len(asked) == 1 and "final and signed" in asked[0] and "office password" in asked[0]
    assert svc.game_details("g001")["number"] == "" and "OFFICE" in tab.messages.text()
    seen = keyed_dialogs(monkeypatch, qtbot, ["W-001", Qt.Key.Key_Return])
    qtbot.keyClick(tab.details_button, Qt.Key.Key_Space)  # Officials… again
    assert len(seen) == 1 and len(asked) == 2 and svc.game_details("g001")["number"] == "W-001", tab.messages.text()
    assert [e for e in svc.audit(game="g001") if e["action"] == "game details of a signed game"]


def test_a_pdf_is_offered_in_the_home_folder_where_there_is_no_documents_folder(
        qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 27.21: a user without a Documents folder was offered the program's own folder (the file dialog's
    fallback for a folder that does not exist): the home folder is offered then. Ctrl+P's preview, Save as PDF."""
    from PySide6.QtCore import QStandardPaths

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: home))
    monkeypatch.setattr(QStandardPaths, "writableLocation", lambda location: str(home / "Documents"))  # none
    offered: list[str] = []

    def save_dialog(parent: Any, title: str, suggested: str, filters: str) -> tuple[str, str]:
        offered.append(suggested)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    assert dialogs.documents_folder() == str(home)
    monkeypatch.setattr(dialogs, "run_dialog", lambda dialog: QDialog.DialogCode.Rejected)
    preview = window.live_game_tab.print_sheet()
    assert preview is not None
    preview.save_document()
    assert offered == [str(home / "game-sheet-g001.pdf")]
    (home / "Documents").mkdir()  # once there is one, documents go there
    preview.save_document()
    assert offered[-1] == str(home / "Documents" / "game-sheet-g001.pdf")


def saved_goalie_shots(svc: Services) -> Any:
    """g001's `goalie_shots` as `export` writes them."""
    return next(g for g in json.loads(svc.export_text())["games"] if g["id"] == "g001").get("goalie_shots")


def test_each_goalies_shots_by_period_typed_by_keyboard_print_on_the_sheet(
        qtbot: QtBot, window: MainWindow, svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30.3: after the scorekeeper's line, a box per goalie and period (a goalie a row), as the paper sheet
    has them; Enter saves them into the game's `goalie_shots`, and the sheet prints them."""
    tab = window.live_game_tab
    # the example league plays two halves: Otters' goalie, then Herons', each a box per half
    script: list[Any] = [TAB] * 6 + ["10", TAB, "8", TAB, "7", TAB, "9", Qt.Key.Key_Return]
    seen = keyed_dialogs(monkeypatch, qtbot, script)
    qtbot.keyClick(tab.details_button, Qt.Key.Key_Space)
    assert len(seen) == 1 and isinstance(seen[0], GameDetailsDialog)
    names = [box.accessibleName() for box in seen[0].goalie_shot_boxes.values()]
    assert names == ["Shots against OT1 Otters, 1st half", "Shots against OT1 Otters, 2nd half",
                     "Shots against HE1 Herons, 1st half", "Shots against HE1 Herons, 2nd half"]
    assert saved_goalie_shots(svc) == [
        {"goalie": "ot01", "period": 1, "shots": 10}, {"goalie": "ot01", "period": 2, "shots": 8},
        {"goalie": "he01", "period": 1, "shots": 7}, {"goalie": "he01", "period": 2, "shots": 9}]
    goalies = {g.name: g for t in (game_sheet_data(svc, "g001").home, game_sheet_data(svc, "g001").away)
               for g in t.goalies}
    # Herons' goal in the 2nd half beat Otters' goalie; Otters' two in the 1st beat Herons' (their third, into
    # the net he had left, is nobody's)
    assert (goalies["OT1 Otters"].shots_against, goalies["OT1 Otters"].saves) == (18, 17)
    assert (goalies["HE1 Herons"].shots_against, goalies["HE1 Herons"].saves) == (16, 14)
    assert goalies["OT1 Otters"].by_period == [("1st", 10, 10), ("2nd", 8, 7)]
    assert goalies["HE1 Herons"].by_period == [("1st", 7, 5), ("2nd", 9, 9)]
    # opened again, the boxes show what was saved; Esc leaves it as it is
    seen = keyed_dialogs(monkeypatch, qtbot, [Qt.Key.Key_Escape])
    qtbot.keyClick(tab.details_button, Qt.Key.Key_Space)
    assert [box.text() for box in seen[0].goalie_shot_boxes.values()] == ["10", "8", "7", "9"]
    assert len(saved_goalie_shots(svc)) == 4
