"""The Roster tab keeps teams without duplicates (issue 18, point 3): a second team of a division under a name it
has is refused naming the first; a team is renamed (Alt+R), merged into another (Alt+E) or deleted (Alt+D), each
asked in a dialog answered from the keyboard; a roster CSV row whose name two players share asks which one."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLabel
from pytestqt.qtbot import QtBot
from ui_helpers import column, open_window, press, replace_text, type_text

from scorekeeper.services import Services
from ui import dialogs
from ui.main_window import MainWindow
from ui.roster_csv import RosterCsvDialog
from ui.roster_tab import RosterTab

SEASON = "2015-16"
ALT = Qt.KeyboardModifier.AltModifier
Step = str | Qt.Key


def answer_with(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, *answers: Sequence[Step]) -> list[QDialog]:
    """Let each modal dialog open for real and answer it with its steps (text typed, or keys), pressed where its
    focus is once it is on the screen; the dialogs answered are returned."""
    seen: list[QDialog] = []
    queue = list(answers)

    def run(dialog: QDialog) -> int:
        seen.append(dialog)
        steps = queue.pop(0)

        def answer() -> None:
            qtbot.waitUntil(lambda: dialog.isAncestorOf(QApplication.focusWidget()), timeout=3000)
            for step in steps:
                if isinstance(step, str):
                    type_text(qtbot, step)
                else:
                    current = QApplication.focusWidget()
                    qtbot.keyClick(current if current is not None and dialog.isAncestorOf(current) else dialog, step)

        QTimer.singleShot(0, answer)
        QTimer.singleShot(8000, dialog.reject)  # a dialog the steps leave open fails the test, never hangs it
        return dialog.exec()

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.roster_tab)
    return window


def alt(qtbot: QtBot, key: Qt.Key) -> None:
    """Alt+`key` where the focus is: a button's mnemonic clicks it after its pressed look (Qt's animateClick)."""
    if QApplication.activeWindow() is None:  # a closed dialog hands the window back (the window manager's part)
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=2000)
    press(qtbot, key, ALT)
    qtbot.wait(250)


def on_team_page(tab: RosterTab, team: str) -> None:
    """The team picked in the list (which keeps the focus, as after a click there) and the Team form shown."""
    tab.select_team(team)
    tab.forms.setCurrentWidget(tab.team_page)
    tab.window().activateWindow()
    tab.view.setFocus()
    QApplication.processEvents()
    assert QApplication.focusWidget() is tab.view


def team_names(svc: Services) -> dict[str, str]:
    return {t["id"]: t["name"] for t in svc.teams(SEASON)}


def test_add_as_new_team_with_a_name_its_division_has_is_refused_naming_the_team(
        qtbot: QtBot, window: MainWindow, demo_svc: Services) -> None:
    tab = window.roster_tab
    on_team_page(tab, "otters")
    alt(qtbot, Qt.Key.Key_N)  # &New team (issue 27.5): the form adds, in Otters' division
    type_text(qtbot, "  OTTERS ")
    press(qtbot, Qt.Key.Key_Return)
    assert "already has a team called" in tab.messages.text() and "(otters)" in tab.messages.text()
    assert sorted(team_names(demo_svc)) == ["badgers", "falcons", "herons", "lynx", "otters", "owls"]


def test_alt_r_renames_the_picked_team(qtbot: QtBot, window: MainWindow, demo_svc: Services,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.roster_tab
    on_team_page(tab, "otters")
    seen = answer_with(monkeypatch, qtbot, ["River Otters", Qt.Key.Key_Return])
    alt(qtbot, Qt.Key.Key_R)
    assert [d.windowTitle() for d in seen] == ["Rename Otters"]
    assert team_names(demo_svc)["otters"] == "River Otters"
    assert "Otters renamed River Otters" in tab.messages.text()
    assert any(r["name"] == "River Otters" for r in tab.model.rows())  # the list redrew from the change
    answer_with(monkeypatch, qtbot, ["herons", Qt.Key.Key_Return])
    alt(qtbot, Qt.Key.Key_R)
    assert "already has a team called" in tab.messages.text() and "(herons)" in tab.messages.text()


def test_alt_e_merges_the_picked_team_into_another_after_the_office_password(
        qtbot: QtBot, window: MainWindow, demo_svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    assert demo_svc.save_team({"id": "otters-b", "name": "Otters B", "division": "div1"}, season=SEASON).ok
    assert demo_svc.save_player({"id": "nb01", "first": "Nora", "last": "Banks", "gender": "F"}, season=SEASON).ok
    assert demo_svc.sign_player("otters-b", "nb01", 77, confirm=True, season=SEASON).ok
    demo_svc.set_office_password("sharks-2016")
    demo_svc.lock_office()
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: asked.append(label) or "sharks-2016")
    tab = window.roster_tab
    tab.load(SEASON)
    on_team_page(tab, "otters-b")
    seen = answer_with(monkeypatch, qtbot, [Qt.Key.Key_Return])  # the first team of the division: Otters
    alt(qtbot, Qt.Key.Key_E)
    assert [d.windowTitle() for d in seen] == ["Merge Otters B into another team"]
    assert asked and "office password" in asked[0]
    assert "otters-b" not in team_names(demo_svc)
    assert ("otters", 77) in {(r["team"], r["number"]) for r in demo_svc.roster(SEASON) if r["player"] == "nb01"}
    assert "Otters B merged into Otters" in tab.messages.text()
    assert tab.team == "otters"


def test_alt_d_deletes_an_empty_team_and_refuses_one_with_games(
        qtbot: QtBot, window: MainWindow, demo_svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    assert demo_svc.save_team({"id": "puffins", "name": "Puffins", "division": "div2"}, season=SEASON).ok
    tab = window.roster_tab
    tab.load(SEASON)
    on_team_page(tab, "puffins")
    seen = answer_with(monkeypatch, qtbot, [Qt.Key.Key_Return], [Qt.Key.Key_Y])
    alt(qtbot, Qt.Key.Key_D)  # Enter: No, the default, keeps the team
    assert "puffins" in team_names(demo_svc)
    alt(qtbot, Qt.Key.Key_D)
    assert [d.windowTitle() for d in seen] == ["Delete Puffins", "Delete Puffins"]
    assert "puffins" not in team_names(demo_svc) and "Team Puffins deleted" in tab.messages.text()
    on_team_page(tab, "herons")
    answer_with(monkeypatch, qtbot, [Qt.Key.Key_Y])
    alt(qtbot, Qt.Key.Key_D)
    assert "herons" in team_names(demo_svc)
    assert "Herons has" in tab.messages.text() and "merge it into another team instead" in tab.messages.text()


def test_a_csv_name_two_players_share_asks_which_and_a_second_import_signs_nobody_again(
        qtbot: QtBot, window: MainWindow, demo_svc: Services, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    for pid in ("sam-lee", "sam-lee-2"):
        assert demo_svc.save_player({"id": pid, "first": "Sam", "last": "Lee", "gender": "M"}, season=SEASON).ok
    path = tmp_path / "roster.csv"
    path.write_text("team,number,first,last,gender\nHerons,61,Sam,Lee,M\nHerons,62,Ann,Ode,F\n", encoding="utf-8")
    tab = window.roster_tab
    # which Sam Lee: Down picks the second; then the preview's Import (the default button) with Enter
    seen = answer_with(monkeypatch, qtbot, [Qt.Key.Key_Down, Qt.Key.Key_Return], [Qt.Key.Key_Return])
    assert tab.import_csv(str(path))
    assert [d.windowTitle() for d in seen] == ["Which Sam Lee?", "Import roster — roster.csv"]
    assert {r["player"] for r in demo_svc.roster(SEASON) if r["team"] == "herons" and r["number"] == 61} == {
        "sam-lee-2"}
    before = len(demo_svc.roster(SEASON))
    seen = answer_with(monkeypatch, qtbot, [Qt.Key.Key_Escape])
    assert not tab.import_csv(str(path))  # nothing new: Import is not even offered
    (preview,) = seen
    assert isinstance(preview, RosterCsvDialog)
    assert column(preview.model, "Verdict") == ["Already on the roster"] * 2
    assert "0 new" in preview.summary.text() and "2 already on the roster" in preview.summary.text()
    assert not preview.import_button.isEnabled()
    assert len(demo_svc.roster(SEASON)) == before


def test_adding_a_second_team_adds_it_and_renames_nothing(qtbot: QtBot, window: MainWindow,
                                                          demo_svc: Services) -> None:
    """Issue 27.5: after Alt+N and a team added with Enter the form stays on adding (it says so), so the next name
    typed and Enter add a second team; Add team and Save changes are the same Tab distance from the name; a
    rename happens only once a team picked in the list is being edited."""
    tab = window.roster_tab
    on_team_page(tab, "otters")
    assert "Editing Otters" in tab.team_title.text()
    alt(qtbot, Qt.Key.Key_N)  # &New team
    assert tab.team_name.hasFocus() and tab.team_name.text() == "" and "New team" in tab.team_title.text()
    type_text(qtbot, "Puffins")
    press(qtbot, Qt.Key.Key_Return)
    assert team_names(demo_svc)["puffins"] == "Puffins", tab.messages.text()
    assert "New team" in tab.team_title.text() and "Puffins added" in tab.team_title.text()
    assert tab.team_name.text() == "" and tab.team_name.hasFocus()
    type_text(qtbot, "Gulls")
    press(qtbot, Qt.Key.Key_Return)
    names = team_names(demo_svc)
    assert (names["puffins"], names["gulls"]) == ("Puffins", "Gulls"), tab.messages.text()
    press(qtbot, Qt.Key.Key_Tab, times=5)  # name, division, colour, captain, e-mail: the button that adds
    assert tab.focusWidget() is tab.add_team_button
    on_team_page(tab, "herons")  # picked in the list: the form edits Herons, and says so
    assert "Editing Herons" in tab.team_title.text()
    press(qtbot, Qt.Key.Key_M, ALT)  # Na&me
    press(qtbot, Qt.Key.Key_Tab, times=5)
    assert tab.focusWidget() is tab.save_team_button
    press(qtbot, Qt.Key.Key_M, ALT)
    replace_text(qtbot, "Grey Herons")
    press(qtbot, Qt.Key.Key_Return)
    assert team_names(demo_svc)["herons"] == "Grey Herons", tab.messages.text()
    assert "Editing Grey Herons" in tab.team_title.text()


def test_after_a_merge_every_roster_column_fits_what_it_shows(
        qtbot: QtBot, window: MainWindow, demo_svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27.20: the roster's columns are sized to the team shown after a merge (not to the merged team's one
    short name): no name is cut ("Ken Dry...")."""
    assert demo_svc.save_team({"id": "otters-b", "name": "Otters B", "division": "div1"}, season=SEASON).ok
    assert demo_svc.save_player({"id": "nb01", "first": "Al", "last": "Li", "gender": "F"}, season=SEASON).ok
    assert demo_svc.sign_player("otters-b", "nb01", 7, confirm=True, season=SEASON).ok
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: "")
    tab = window.roster_tab
    tab.load(SEASON)
    on_team_page(tab, "otters-b")
    answer_with(monkeypatch, qtbot, [Qt.Key.Key_Return])  # into the first team of the division: Otters
    alt(qtbot, Qt.Key.Key_E)
    assert tab.team == "otters" and "Otters B merged into Otters" in tab.messages.text()
    qtbot.wait(50)
    view, proxy = tab.roster_view, tab.proxy
    metrics = view.fontMetrics()
    headers = [c.header for c in tab.players.columns]
    for header in ("Player", "PIM", "Susp."):
        number = headers.index(header)
        texts = [str(proxy.index(row, number).data() or "") for row in range(proxy.rowCount())]
        widest = max(metrics.horizontalAdvance(text) for text in texts)
        assert view.columnWidth(number) >= widest + 6, (header, view.columnWidth(number), widest)


def test_the_rename_question_is_read_whole(qtbot: QtBot, window: MainWindow, demo_svc: Services,
                                           monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 27.17: the rename dialog read "...the audit trail records the chang": its explanation wraps within
    the dialog, every line of it in sight; the dialog is answered from the keyboard."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QFontMetrics

    from ui.team_dialogs import RenameTeamDialog

    tab = window.roster_tab
    on_team_page(tab, "herons")
    checked: list[str] = []

    def run(dialog: QDialog) -> int:
        assert isinstance(dialog, RenameTeamDialog)

        def look() -> None:
            qtbot.waitUntil(lambda: dialog.isAncestorOf(QApplication.focusWidget()), timeout=3000)
            dialog.grab().save(str(tmp_path / "rename.png"))
            label = next(x for x in dialog.findChildren(QLabel) if x.text().startswith("The new name"))
            room = label.contentsRect()
            needed = QFontMetrics(label.font()).boundingRect(
                QRect(0, 0, room.width(), 10_000), int(Qt.TextFlag.TextWordWrap), label.text())
            assert label.wordWrap() and needed.height() <= room.height() and needed.width() <= room.width()
            assert label.geometry().right() < dialog.width() and label.text().endswith("records the change.")
            checked.append(label.text())
            type_text(qtbot, "Grey Herons")
            qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Return)

        QTimer.singleShot(0, look)
        QTimer.singleShot(8000, dialog.reject)
        return dialog.exec()

    monkeypatch.setattr(dialogs, "run_dialog", run)
    alt(qtbot, Qt.Key.Key_R)
    assert checked and team_names(demo_svc)["herons"] == "Grey Herons"
