"""Issue 18 point 8: the demo season from the Help menu at any time, in a database of its own (the window says
so, and goes back); seasons archived, restored and deleted from the window (office password, a backup first)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialog, QMenu
from pytestqt.qtbot import QtBot

from scorekeeper.services import Services
from tests.ui.ui_helpers import open_window
from ui import dialogs
from ui.dialogs import SeasonsDialog
from ui.window_files import DEMO_FILE


def seasons_in(path: Path) -> list[str]:
    with sqlite3.connect(path) as con:
        return [row[0] for row in con.execute("select name from season order by id")]


def test_the_demo_after_later_goes_into_its_own_database_and_back(
    qtbot: QtBot, empty_svc: Services, settings: QSettings, no_modal_dialogs: list[str],
) -> None:
    league = empty_svc.sqlite_path
    assert league is not None
    window = open_window(qtbot, empty_svc, settings)
    window.start()  # the operator asked, the first start's offer answered "Later"
    assert no_modal_dialogs == ["operator", "first start"] and window.current_season() is None
    help_menu = next(m for m in window.menuBar().findChildren(QMenu) if m.title() == "&Help")
    assert window.demo_action.isEnabled() and window.demo_action in help_menu.actions()
    window.demo_action.trigger()
    assert window.in_demo and window.svc.sqlite_path == league.parent / DEMO_FILE
    assert window.current_season() == "2015-16"
    assert window.windowTitle().endswith("— DEMO database")
    assert not window.demo_label.isHidden() and "DEMO" in window.demo_label.text()
    assert "not the league's" in window.demo_label.toolTip()
    assert window.leave_demo_action.isVisible()
    assert seasons_in(league) == []  # the league's own database is not touched
    window.grab().save("/tmp/p6/demo-window.png")
    assert window.leave_demo()
    assert not window.in_demo and window.svc.sqlite_path == league and window.current_season() is None
    assert window.demo_label.isHidden() and not window.leave_demo_action.isVisible()
    assert window.open_demo() and window.current_season() == "2015-16"  # again: the demo's database as it was
    assert seasons_in(league.parent / DEMO_FILE) == ["2015-16"]
    window.leave_demo()


@pytest.fixture
def two_seasons(svc: Services) -> Services:
    svc.create_season("Westridge Sponge Hockey League", "2016-17")
    svc.operator = "Test Operator"
    return svc


def drive(monkeypatch: pytest.MonkeyPatch, steps: list[tuple[str, str]]) -> list[list[str]]:
    """Answer File ▸ Seasons by selecting each season and pressing each button; the states seen after each."""
    seen: list[list[str]] = []

    def run(dialog: QDialog) -> int:
        assert isinstance(dialog, SeasonsDialog)
        for button, name in steps:
            dialog.table.selectRow([s["name"] for s in dialog.seasons].index(name))
            getattr(dialog, button).click()
            seen.append([f"{s['name']} {'archived' if s['archived'] else 'open'}" for s in dialog.seasons])
        return 0

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


def test_a_season_is_archived_and_restored_from_the_window(
    qtbot: QtBot, two_seasons: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = open_window(qtbot, two_seasons, settings)
    window.select_season("2015-16")
    seen = drive(monkeypatch, [("archive", "2015-16")])
    window.seasons_action.trigger()
    assert seen == [["2015-16 archived", "2016-17 open"]]
    picker = [window.season_picker.itemData(n) for n in range(window.season_picker.count())]
    assert picker == ["2016-17"] and window.current_season() == "2016-17"
    seen = drive(monkeypatch, [("unarchive", "2015-16")])
    window.seasons_action.trigger()
    assert seen == [["2015-16 open", "2016-17 open"]]
    assert window.season_picker.findData("2015-16") >= 0
    actions = [a["action"] for a in two_seasons.audit("2015-16")]
    assert "season archived" in actions and "season restored from the archive" in actions


def test_a_season_is_deleted_from_the_window_with_the_office_password_and_a_backup(
    qtbot: QtBot, two_seasons: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch,
) -> None:
    two_seasons.set_office_password("rink-office-1")
    two_seasons.lock_office()
    window = open_window(qtbot, two_seasons, settings)
    told: list[str] = []
    monkeypatch.setattr(dialogs, "ask_yes", lambda parent, title, text, informative="": True)
    monkeypatch.setattr(dialogs, "tell", lambda parent, title, text, error=False: told.append(text))
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: None)  # cancelled
    seen = drive(monkeypatch, [("delete", "2015-16")])
    window.seasons_action.trigger()
    assert seen == [["2015-16 open", "2016-17 open"]] and told == []  # nothing done without the password
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: "rink-office-1")
    seen = drive(monkeypatch, [("delete", "2015-16")])
    window.seasons_action.trigger()
    assert seen == [["2016-17 open"]]
    assert [window.season_picker.itemData(n) for n in range(window.season_picker.count())] == ["2016-17"]
    backup = Path(told[0].split("The backup made first is ", 1)[1].rstrip("."))
    assert backup.is_file() and seasons_in(backup) == ["2015-16", "2016-17"]
    assert any(a["action"] == "season deleted" and a["operator"] == "Test Operator" for a in two_seasons.audit())


def test_an_operator_not_given_is_shown_as_not_set(
    qtbot: QtBot, empty_svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(dialogs, "ask_operator", lambda parent, current: None)  # cancelled: no name
    window = open_window(qtbot, empty_svc, settings)
    window.ask_operator()
    assert empty_svc.operator == "" and "not set" in window.operator_label.text()
    monkeypatch.setattr(dialogs, "ask_operator", lambda parent, current: "Pat Lee")
    window.operator_action.trigger()
    assert "Operator: Pat Lee" in window.operator_label.text() and settings.value("operator") == "Pat Lee"


def test_archiving_the_only_open_season_asks_first(
    qtbot: QtBot, svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 27.21: archiving the only open season (the picker then has none to show) asks first; Enter takes
    No, the default, and nothing is archived; Y archives it. File ▸ Seasons… answered from the keyboard."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    window = open_window(qtbot, svc, settings)
    asked: list[str] = []
    answers = [Qt.Key.Key_Return, Qt.Key.Key_Y]  # the two questions: No (Enter), then Yes
    states: list[list[str]] = []

    def keys(dialog: QDialog, *pressed: tuple[Qt.Key, Qt.KeyboardModifier]) -> None:
        dialog.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
        for key, modifier in pressed:
            qtbot.keyClick(QApplication.focusWidget() or dialog, key, modifier)
            qtbot.wait(300)  # a mnemonic's click comes after its pressed look

    def run(dialog: QDialog) -> int:
        if isinstance(dialog, QMessageBox):
            asked.append(dialog.text())
            QTimer.singleShot(0, lambda: keys(dialog, (answers.pop(0), Qt.KeyboardModifier.NoModifier)))
            return dialog.exec()
        assert isinstance(dialog, SeasonsDialog)

        def archive_twice() -> None:
            alt_a = (Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)  # &Archive
            keys(dialog, alt_a)
            states.append([f"{s['name']} {'archived' if s['archived'] else 'open'}" for s in dialog.seasons])
            keys(dialog, alt_a)
            states.append([f"{s['name']} {'archived' if s['archived'] else 'open'}" for s in dialog.seasons])
            dialog.reject()

        QTimer.singleShot(0, archive_twice)
        return dialog.exec()

    monkeypatch.setattr(dialogs, "run_dialog", run)
    window.seasons_action.trigger()
    assert asked == ["Archive 2015-16, the only open season?"] * 2
    assert states == [["2015-16 open"], ["2015-16 archived"]]
    assert "season archived" in [a["action"] for a in svc.audit("2015-16")]
