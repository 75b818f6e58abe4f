"""Issue 6 in the window: one writer per database file, bad files (another database or a backup offered),
automatic backups (game finished, window closed; the last N kept), backup now and restore, the office
password guarding reopen and lift, and the audit trail per game and per player."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot
from ui_helpers import column, open_window

from scorekeeper.db import backup as core_backup
from scorekeeper.services import Services
from ui import dialogs, office
from ui.main_window import MainWindow

SEASON = "2015-16"


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text of every message box (and the title of every other dialog), each accepted at once."""
    seen: list[str] = []

    def run(dialog: QDialog) -> int:
        seen.append(dialog.text() if isinstance(dialog, QMessageBox) else dialog.windowTitle())
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    return open_window(qtbot, demo_svc, settings)


def backups(svc: Services) -> list[Path]:
    folder = office.backup_folder(svc)
    assert folder is not None
    return sorted(folder.glob("*.backup-*.db")) if folder.is_dir() else []


def test_a_second_window_on_the_same_file_is_refused_naming_the_first(
    window: MainWindow, demo_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "shared.db"
    shutil.copy(demo_db, shared)
    first = Services.open(str(shared), exclusive=True, operator="Dana at rink 2")
    offers: list[tuple[str, bool]] = []
    monkeypatch.setattr(dialogs, "ask_open_failed",
                        lambda parent, target, message, locked: offers.append((message, locked)))
    try:
        assert not window.open_database(str(shared))
    finally:
        first.close()
    ((message, locked),) = offers
    assert locked and "Dana at rink 2" in message and "already open" in message
    assert window.svc.target != str(shared) and window.current_season() == SEASON
    assert window.open_database(str(shared))  # once the other window is closed
    window.svc.close()


def test_a_bad_file_offers_another_database_or_a_backup(
    window: MainWindow, tmp_path: Path, told: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "notes.db"
    bad.write_bytes(b"not a database at all\n" * 100)
    before = bad.read_bytes()
    offers: list[bool] = []

    def offer(parent: Any, target: str, message: str, locked: bool) -> str:
        offers.append(locked)
        return "restore"

    monkeypatch.setattr(dialogs, "ask_open_failed", offer)
    not_a_backup = tmp_path / "photo.db"
    not_a_backup.write_bytes(b"\x89PNG not a database\n" * 10)
    monkeypatch.setattr(dialogs, "ask_backup_file", lambda parent, folder="": str(not_a_backup))
    assert not window.open_database(str(bad))
    assert offers == [False] and "Nothing was restored" in told[-1] and bad.read_bytes() == before  # untouched
    backup = window.svc.backup(tmp_path / "good.db")
    monkeypatch.setattr(dialogs, "ask_backup_file", lambda parent, folder="": str(backup))
    assert not window.open_database(str(bad))  # the window carries on with its database; the file is restored
    assert "restored from" in told[-1] and "damaged" in told[-1]
    assert core_backup.verify_copy(bad) >= 1 and bad.read_bytes() != before
    assert [p.read_bytes() for p in tmp_path.glob("notes.damaged-*")] == [before]


def test_the_real_dialog_offers_both_for_a_damaged_file_and_only_another_for_a_locked_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    boxes: list[QMessageBox] = []

    def click_restore(box: QMessageBox) -> int:
        boxes.append(box)
        restore = [b for b in box.buttons() if b.text() == "&Restore from backup…"]
        (restore or [box.defaultButton()])[0].click()
        return 0

    monkeypatch.setattr(dialogs, "run_dialog", click_restore)
    assert dialogs.ask_open_failed(None, "league.db", "league.db is damaged", locked=False) == "restore"
    assert dialogs.ask_open_failed(None, "league.db", "already open in …", locked=True) == "open"
    assert len(boxes[1].buttons()) == 2 and "could not open league.db" in boxes[0].text()


def test_finishing_a_game_backs_up_and_keeps_the_last_n(
    window: MainWindow, demo_svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.setValue(office.KEEP, 2)
    folder = office.backup_folder(demo_svc)
    assert folder is not None
    folder.mkdir()
    for stamp in ("20150101-000000", "20150102-000000", "20150103-000000"):
        (folder / f"demo.backup-{stamp}.db").write_bytes(b"old")
    monkeypatch.setattr(dialogs, "ask_reason", lambda parent, game: "wrong scorer")
    tab = window.live_game_tab
    tab.select_game("g006")
    assert tab.reopen() and tab.finish(), tab.messages.text()
    kept = backups(demo_svc)
    assert len(kept) == 2 and kept[0].name == "demo.backup-20150103-000000.db"
    assert core_backup.verify_copy(kept[1]) >= 1
    assert "Backed up to" in window.statusBar().currentMessage()


def test_closing_the_window_backs_up(window: MainWindow, demo_svc: Services) -> None:
    assert backups(demo_svc) == []
    window.close()
    assert len(backups(demo_svc)) == 1


def test_backup_now_then_restore_brings_the_database_back(
    window: MainWindow, demo_svc: Services, told: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    written = window.backup_now()
    assert written is not None and "verified" in told[-1]
    events = len(demo_svc.view(SEASON).games["g016"].get("events", []))
    assert demo_svc.add_event("g016", {"type": "note",
                                       "text": "after the backup"}).ok
    monkeypatch.setattr(dialogs, "ask_backup_file", lambda parent, folder="": str(written))
    monkeypatch.setattr(dialogs, "ask_yes", lambda parent, title, text, informative="": True)
    assert window.restore_backup()
    assert len(window.svc.view(SEASON).games["g016"].get("events", [])) == events
    assert "kept as" in told[-1]
    assert window.current_season() == SEASON


def test_office_password_guards_reopening_and_wrong_attempts_are_refused(
    window: MainWindow, demo_svc: Services, told: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(office, "ask_new_password", lambda parent, has: ("rink-office-1", None))
    assert window.change_password()
    assert demo_svc.has_office_password() and not demo_svc.office_unlocked
    assert window.office_label.text() == "Office: locked"
    typed = iter(["guess", "rink-office-1"])
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: asked.append(label) or next(typed))
    monkeypatch.setattr(dialogs, "ask_reason", lambda parent, game: "wrong scorer")
    tab = window.live_game_tab
    tab.select_game("g006")
    assert not tab.reopen()
    assert "Wrong office password" in told[-1] and "needs the office password" in asked[0]
    assert demo_svc.view(SEASON).games["g006"]["status"] == "final"
    assert tab.reopen(), tab.messages.text()
    assert demo_svc.view(SEASON).games["g006"]["status"] != "final"
    assert window.office_label.text() == "Office: unlocked"
    window.lock_office()
    assert not demo_svc.office_unlocked and window.office_label.text() == "Office: locked"
    dialog = window.show_audit()
    assert dialog is not None
    actions = column(dialog.model, "Action")
    assert "office password refused" in actions and "reopen game" in actions


def test_lift_a_suspension_then_see_it_in_the_players_audit_trail(
    window: MainWindow, demo_svc: Services, told: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    demo_svc.set_office_password("rink-office-1")
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: "rink-office-1")
    monkeypatch.setattr(dialogs, "ask_lift", lambda parent, who, today: ("2015-11-12", "Director's review"))
    tab = window.season_tab
    window.tabs.setCurrentWidget(tab)
    tab.pages.setCurrentIndex(2)
    proxy = tab.suspensions_view.model()
    row = next(n for n in range(proxy.rowCount())
               if tab.suspensions.row(proxy.mapToSource(proxy.index(n, 0)).row())["player"] == "he04")
    tab.suspensions_view.setCurrentIndex(proxy.index(row, 0))
    assert tab.lift_suspension(), tab.messages.text()
    assert "lifted" in tab.messages.text()
    he04 = next(s for s in demo_svc.suspensions(SEASON)["suspensions"] if s["player"] == "he04")
    assert he04["status"] != "active"
    roster = window.roster_tab
    window.tabs.setCurrentWidget(roster)
    roster.search.setText("he04")
    roster.roster_view.setCurrentIndex(roster.proxy.index(0, 0))
    dialog = roster.show_audit()
    assert dialog is not None and "suspension lifted" in column(dialog.model, "Action")
    assert all("Ryan Cote" in subject for subject in column(dialog.model, "Subject"))  # by name (issue 18.6)


def test_the_audit_trail_of_a_game(window: MainWindow, monkeypatch: pytest.MonkeyPatch, told: list[str]) -> None:
    monkeypatch.setattr(dialogs, "ask_reason", lambda parent, game: "score corrected")
    tab = window.live_game_tab
    tab.select_game("g006")
    assert tab.reopen()
    dialog = tab.show_audit()
    assert dialog is not None and told[-1] == "Audit trail — game g006"
    assert column(dialog.model, "Action")[-1] == "reopen game"
    assert "score corrected" in column(dialog.model, "Before")[-1]
    assert set(column(dialog.model, "Subject")) == {"g006"}


def test_how_many_backups_to_keep(window: MainWindow, settings: QSettings, monkeypatch: pytest.MonkeyPatch) -> None:
    assert office.keep_count(settings) == office.DEFAULT_KEEP == 10
    asked: list[int] = []
    monkeypatch.setattr(dialogs, "ask_number",
                        lambda parent, title, label, value, low, high: asked.append(value) or 3)
    window.keep_action.trigger()
    assert asked == [10] and office.keep_count(settings) == 3
