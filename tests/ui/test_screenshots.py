"""Each tab at 1024x768 and at 1366x768 over the demo season grabs to a picture (set
SCOREKEEPER_SCREENSHOTS=DIR to keep them, e.g. docs/screenshots for the README); a tab that fails to paint
fails here."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, QSize
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper.services import Services
from ui import screen_fit

SIZES = ((1024, 768), (1366, 768))


def _folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SCOREKEEPER_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _play_some(svc: Services) -> None:
    lineup = [{"player": f"ly{n:02d}", "goalie": n == 1} for n in range(1, 11)]
    assert svc.set_lineup("g016", "home", lineup).ok
    assert svc.set_lineup("g016", "away", [{"player": f"ow{n:02d}", "goalie": n == 1}
                                            for n in range(1, 11)]).ok
    for event in ({"type": "goal", "team": "home", "period": 1, "elapsed": "02:00", "scorer": "ly02",
                   "assists": ["ly05", "ly09"]},
                  {"type": "penalty", "team": "away", "period": 1, "elapsed": "09:00", "player": "ow03",
                   "infraction": "tripping"}):
        assert svc.add_event("g016", event).ok


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_screenshots_of_every_tab(qtbot: QtBot, demo_svc: Services, settings: QSettings, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch, width: int, height: int) -> None:
    """The window on a screen of `width` x `height` (its whole free area: no task bar), first started."""
    folder = _folder(tmp_path)
    _play_some(demo_svc)
    monkeypatch.setattr(screen_fit, "free_area", lambda window: QRect(0, 0, width, height))
    monkeypatch.setattr(screen_fit, "FRAME_GUESS", QSize(0, 0))
    monkeypatch.setattr(screen_fit, "frame_extra", lambda window: QSize(0, 0))  # the pictures: the window alone
    window = open_window(qtbot, demo_svc, settings)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (width, height))
    window.roster_tab.select_team("herons")
    window.live_game_tab.select_game("g016")
    window.live_game_tab.clock.set_position(1, 10 * 60 + 12)
    suffix = "" if width == 1366 else f"-{width}"
    shots = []
    pages = [(0, None, "roster"), (1, 0, "live-game"), (1, 1, "line-ups"), (2, 0, "season"),
             (2, 1, "scoring"), (2, 2, "suspensions"), (2, 3, "fines"),
             (2, 4, "eligibility"), (2, 5, "points-chart")]
    for tab, page, name in pages:
        window.tabs.setCurrentIndex(tab)
        if page is not None:
            front = window.tabs.currentWidget()
            front.pages.setCurrentIndex(page)  # type: ignore[attr-defined]
        qtbot.wait(10)
        path = folder / f"{name}{suffix}.png"
        assert window.grab().save(str(path))
        shots.append(path)
    assert all(path.stat().st_size > 10_000 for path in shots)


def test_screenshots_of_the_office_dialogs(qtbot: QtBot, demo_svc: Services, settings: QSettings,
                                           tmp_path: Path) -> None:
    """The line-up of a game with a suspended player, and the dialogs of printing, the office and backups."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter
    from PySide6.QtWidgets import QMessageBox

    from ui import office
    from ui.dialogs import LiftDialog

    folder = Path(os.environ.get("SCOREKEEPER_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    window = open_window(qtbot, demo_svc, settings)
    window.resize(1366, 768)
    window.tabs.setCurrentIndex(1)
    window.live_game_tab.select_game("g008")
    window.live_game_tab.pages.setCurrentIndex(1)
    qtbot.wait(10)
    assert window.grab().save(str(folder / "line-ups-suspended.png"))
    assert demo_svc.reopen_game("g006", "score corrected").ok
    box = QMessageBox(window)
    box.setText("Scorekeeper could not open league.db.\n\nleague.db is damaged: database disk image is malformed")
    box.setInformativeText("The file was not changed. Open another database, or restore this one from a backup.")
    box.addButton("&Open another database…", QMessageBox.ButtonRole.AcceptRole)
    box.addButton("&Restore from backup…", QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Close)
    printer = QPrinter()  # the system's print dialog the Print… buttons open; the printer outlives it
    dialogs = {
        "printer": QPrintDialog(printer, window),
        "password": office.PasswordDialog(True, window),
        "lift": LiftDialog("Wes Boyd", "2015-11-12", window),
        "audit": office.AuditDialog("game g006", office.audit_rows(demo_svc, "2015-16", game="g006"), window),
        "open-failed": box,
    }
    for name, dialog in dialogs.items():
        dialog.show()
        qtbot.wait(5)
        assert dialog.grab().save(str(folder / f"dialog-{name}.png"))
        dialog.close()
    window.tabs.setCurrentIndex(2)
    window.season_tab.pages.setCurrentIndex(2)
    qtbot.wait(10)
    assert window.grab().save(str(folder / "season-suspensions.png"))
