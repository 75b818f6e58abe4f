"""The menus: import with a progress dialog and a report of every violation, export, other databases, the
rulebook in force, the operator's name, and the first start on an empty database."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot
from ui_helpers import column, open_window

from scorekeeper.services import Services
from ui import dialogs
from ui.dialogs import ImportReportDialog
from ui.main_window import MainWindow
from ui.rulebook_dialog import RulebookDialog


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[QDialog]:
    """Every modal dialog the window runs, answered with Accepted instead of waiting for a click."""
    seen: list[QDialog] = []

    def run(dialog: QDialog) -> int:
        seen.append(dialog)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


def bad_season(example_file: Path, tmp_path: Path) -> Path:
    data = json.loads(example_file.read_text(encoding="utf-8"))
    data["season"] = "2016-17"
    game = data["games"][0]
    game["events"].append({"type": "penalty", "team": "home", "period": 1, "elapsed": "01:00",
                           "player": "ot02", "infraction": "triping"})
    game["events"].append({"type": "timeout", "team": "away", "period": 2, "elapsed": "01:00"})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_import_refused_shows_every_violation_with_rule_and_section(
    qtbot: QtBot, svc: Services, settings: QSettings, example_file: Path, tmp_path: Path,
    shown: list[QDialog], monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = open_window(qtbot, svc, settings)
    path = bad_season(example_file, tmp_path)
    monkeypatch.setattr(dialogs, "ask_import_file", lambda parent, folder: str(path))
    window.import_action.trigger()
    (report,) = shown
    assert isinstance(report, ImportReportDialog)
    assert "Nothing was imported from bad.json" in report.summary.text()
    rules = column(report.model, "Rule")
    assert "PEN-GEN-1" in rules and "GAME-3" in rules
    row = rules.index("GAME-3")
    assert column(report.model, "Section")[row] == "§2 II a"
    assert column(report.model, "")[row] == "Refused"
    assert all(line.startswith(("BLOCK", "WARN")) for line in report.lines())
    assert [window.season_picker.itemText(i) for i in range(window.season_picker.count())] == ["2015-16"]


def test_import_of_the_demo_season_reports_warnings_and_shows_it(
    qtbot: QtBot, empty_svc: Services, settings: QSettings, shown: list[QDialog]
) -> None:
    window = open_window(qtbot, empty_svc, settings)
    report = window.import_path(empty_svc.demo_season_path())
    assert report.ok
    (dialog,) = shown
    assert isinstance(dialog, ImportReportDialog)
    assert "Imported demo-season.json into season 2015-16" in dialog.summary.text()
    assert dialog.model.rowCount() == 0 and not dialog.view.isVisibleTo(dialog)  # the demo imports cleanly
    assert window.current_season() == "2015-16"
    assert window.roster_tab.model.rowCount() == 6
    assert window.live_game_tab.model.rowCount() == 18


def test_first_start_offers_the_demo_season(
    qtbot: QtBot, empty_svc: Services, settings: QSettings, shown: list[QDialog],
    monkeypatch: pytest.MonkeyPatch, no_modal_dialogs: list[str],
) -> None:
    monkeypatch.setattr(dialogs, "ask_first_start", lambda parent: no_modal_dialogs.append("offer") or "demo")
    window = open_window(qtbot, empty_svc, settings)
    window.start()
    assert no_modal_dialogs == ["operator", "offer"]
    assert empty_svc.operator == "Test Operator" and settings.value("operator") == "Test Operator"
    assert "Test Operator" in window.operator_label.text()
    assert window.current_season() == "2015-16"
    # issue 18: the demo goes into a database of its own, and the window says so
    assert window.windowTitle() == "Scorekeeper — Westridge Sponge Hockey League 2015-16 — DEMO database"
    assert window.svc is not empty_svc and window.in_demo and empty_svc.db.is_closed()


def test_the_first_start_box_has_three_answers(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.dialogs as real

    monkeypatch.undo()  # the real ask_first_start, with run_dialog answered below
    boxes: list[QMessageBox] = []

    def click_default(box: QMessageBox) -> int:
        boxes.append(box)
        box.defaultButton().click()
        return 0

    monkeypatch.setattr(real, "run_dialog", click_default)
    assert real.ask_first_start(None) == "demo"
    assert {b.text() for b in boxes[0].buttons()} == {"Load the &demo season", "&Create a season…", "&Later"}


def test_first_start_can_create_a_season(
    qtbot: QtBot, empty_svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.setValue("operator", "Dana")
    monkeypatch.setattr(dialogs, "ask_first_start", lambda parent: "create")
    monkeypatch.setattr(dialogs, "ask_new_season", lambda parent, rulebooks=(): {
        "league": "Westridge Sponge Hockey League", "season": "2016-17", "division": "Co-ed Division 1",
        "coed": True})
    window = open_window(qtbot, empty_svc, settings)
    assert empty_svc.operator == "Dana"
    window.start()
    assert window.current_season() == "2016-17"
    assert empty_svc.seasons()[0]["rulebook"] == "westridge-2015-16"
    assert not window.roster_tab.showing_message()  # no team yet: the Team form adds the first one
    assert window.roster_tab.model.rowCount() == 0
    assert empty_svc.view("2016-17").divisions == {"co-ed-division-1": {
        "id": "co-ed-division-1", "name": "Co-ed Division 1", "coed": True}}


def test_open_another_database(
    qtbot: QtBot, svc: Services, settings: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    no_modal_dialogs: list[str],
) -> None:
    window = open_window(qtbot, svc, settings)
    target = tmp_path / "other.db"
    monkeypatch.setattr(dialogs, "ask_database", lambda parent, new, folder: str(target))
    window.new_db_action.trigger()
    try:
        assert window.svc is not svc and window.svc.target.endswith("other.db")
        assert "other.db" in window.database_label.full_text()
        assert window.current_season() is None and window.roster_tab.showing_message()
        assert no_modal_dialogs[-1] == "first start"
        assert window.live_game_tab.svc is window.svc
    finally:
        window.svc.close()


def test_a_database_that_cannot_open_keeps_the_one_in_use(
    qtbot: QtBot, svc: Services, settings: QSettings, tmp_path: Path, shown: list[QDialog]
) -> None:
    window = open_window(qtbot, svc, settings)
    bad = tmp_path / "notes.db"
    bad.write_bytes(b"not a database at all\n" * 100)
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as db:
        db.execute("create table recipes (name text)")
    for path in (bad, foreign):
        assert not window.open_database(str(path))
        assert "could not open" in shown[-1].text()
        assert window.current_season() == "2015-16"
        assert window.svc.target == svc.target
        assert window.svc.teams("2015-16")
        window.live_game_tab.select_game("g004")
        window.live_game_tab.begin("note")
        window.live_game_tab.entry.text.setText(f"after trying {path.name}")
        assert window.live_game_tab.submit(), window.live_game_tab.messages.text()
    assert len(window.svc.view("2015-16").games["g004"]["events"]) == 2
    window.svc.close()


def test_export_writes_the_season_file(
    qtbot: QtBot, svc: Services, settings: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = open_window(qtbot, svc, settings)
    target = tmp_path / "out.json"
    monkeypatch.setattr(dialogs, "ask_export_file", lambda parent, suggested: str(target))
    window.export_action.trigger()
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["season"] == "2015-16" and "computed" in data
    assert len(data["games"]) == 4


def test_the_rulebook_in_force(qtbot: QtBot, svc: Services, settings: QSettings, shown: list[QDialog]) -> None:
    window = open_window(qtbot, svc, settings)
    window.rulebook_action.trigger()
    (dialog,) = shown
    assert isinstance(dialog, RulebookDialog)
    assert dialog.infractions.rowCount() == len(svc.infractions("2015-16"))
    assert dialog.rules.rowCount() == len(svc.rules("2015-16"))
    codes = column(dialog.infractions, "Code")
    tripping = codes.index("tripping")
    assert column(dialog.infractions, "Class")[tripping] == "minor, major"
    assert column(dialog.infractions, "Min.")[tripping] == "2 / 5"
    assert column(dialog.infractions, "Section")[tripping] == "§6 XIX"
    assert svc.seasons()[0]["rulebook"] in dialog.windowTitle()
    dialog.search.setText("trip")
    assert dialog.proxies[0].rowCount() == 1
    assert "§2 II a" in column(dialog.rules, "Section")


def test_print_is_enabled_with_a_season(window_with_demo: MainWindow) -> None:
    assert window_with_demo.print_action.isEnabled()


def test_shortcuts_are_listed_in_help(window_with_demo: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    monkeypatch.setattr(QMessageBox, "information", lambda *args: seen.append(args[2]))
    window_with_demo.shortcuts_action.trigger()
    assert "Penalty" in seen[0] and "Ctrl+Z" in seen[0]


@pytest.fixture
def window_with_demo(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    return open_window(qtbot, demo_svc, settings)


def test_game_1_another_leagues_rulebook_loaded_from_the_menu_then_a_season_under_it(
    qtbot: QtBot, svc: Services, settings: QSettings, shown: list[QDialog], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    book = tmp_path / "three.toml"
    root = Path(__file__).resolve().parents[2]
    book.write_text((root / "scorekeeper/resources/rulebooks/westridge-2015-16.toml").read_text(encoding="utf-8")
                    .replace('id = "westridge-2015-16"', 'id = "three-periods"')
                    .replace("periods = 2 ", "periods = 3 "), encoding="utf-8")
    monkeypatch.setattr(dialogs, "ask_rulebook_file", lambda parent, folder: str(book))
    window = open_window(qtbot, svc, settings)
    assert window.load_rulebook_action.isEnabled()
    window.load_rulebook_action.trigger()
    (box,) = shown
    assert isinstance(box, QMessageBox) and "is loaded" in box.text()
    assert "three-periods" in [r["name"] for r in svc.rulebooks()]

    def fill(dialog: QDialog) -> int:  # the new-season dialog: the loaded rulebook is offered, pick it
        shown.append(dialog)
        assert isinstance(dialog, dialogs.NewSeasonDialog)
        assert [dialog.rulebook.itemData(i) for i in range(dialog.rulebook.count())] == [
            "three-periods", "westridge-2015-16"]
        dialog.season.setText("2026-27")
        dialog.rulebook.setCurrentIndex(dialog.rulebook.findData("three-periods"))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs, "run_dialog", fill)
    window.create_season()
    assert {"name": "2026-27", "league": "Westridge Sponge Hockey League", "rulebook": "three-periods"} in (
        svc.seasons())


def test_office_loading_a_rulebook_from_the_menu_asks_the_office_password(
    qtbot: QtBot, svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ui import office

    svc.set_office_password("s3cret")
    svc.lock_office()
    asked: list[str] = []
    monkeypatch.setattr(office, "unlock", lambda parent, s: asked.append("unlock") or False)
    monkeypatch.setattr(dialogs, "ask_rulebook_file", lambda parent, folder: pytest.fail("no file is asked"))
    window = open_window(qtbot, svc, settings)
    assert window.load_rulebook() is False and asked == ["unlock"]
