"""Signatures at the boards in the window (issue 20, point 2): the pad signed by mouse drags, the name typed,
Enter signs; the signature is stored with the game through the facade and printed on the game sheet; Esc
cancels; the referee's signature locks a game as final; the pad takes touch and pen strokes too."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper.reports.data import game_sheet_data
from scorekeeper.services import Services
from ui import dialogs
from ui.main_window import MainWindow
from ui.signature_pad import SignatureDialog, SignaturePad

LEFT = Qt.MouseButton.LeftButton
NO = Qt.KeyboardModifier.NoModifier


def drag(pad: SignaturePad, points: list[tuple[int, int]]) -> None:
    """One stroke across the pad: press at the first point, move through the others, release at the last."""
    QTest.mousePress(pad, LEFT, NO, QPoint(*points[0]))
    for x, y in points[1:]:
        QTest.mouseMove(pad, QPoint(x, y))
    QTest.mouseRelease(pad, LEFT, NO, QPoint(*points[-1]))


def scribble(pad: SignaturePad) -> None:
    drag(pad, [(30 + 12 * i, 60 + (25 if i % 2 else -15)) for i in range(20)])
    drag(pad, [(60, 100), (140, 95), (260, 105)])


def ink(png: bytes) -> int:
    """How many dark pixels a signature's picture holds."""
    image = QImage.fromData(png)
    return sum(1 for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)
               if QColorValue(image.pixel(x, y)) < 128)


def QColorValue(rgb: int) -> int:  # noqa: N802 - the grey level of a QRgb
    return ((rgb >> 16 & 0xFF) + (rgb >> 8 & 0xFF) + (rgb & 0xFF)) // 3


def key(qtbot: QtBot, dialog: QDialog, which: Qt.Key) -> None:
    """Press `which` where the dialog's keyboard focus is."""
    qtbot.keyClick(dialog.focusWidget() or dialog, which)


def signing_dialogs(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, act: Any) -> list[QDialog]:
    """Run each modal dialog for real and let `act(dialog)` sign it as the referee would."""
    seen: list[QDialog] = []

    def run(dialog: QDialog) -> int:
        seen.append(dialog)

        def answer() -> None:
            dialog.activateWindow()
            qtbot.waitUntil(dialog.isActiveWindow)  # the keys go to the dialog, as the signer's do
            try:
                act(dialog)
            finally:  # a failed check never leaves the test waiting on an open dialog
                if dialog.isVisible():
                    dialog.done(-1)

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


def test_referee_signs_by_mouse_and_enter_and_the_sheet_prints_it(
        qtbot: QtBot, window: MainWindow, svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab

    def act(dialog: SignatureDialog) -> None:
        assert dialog.role_code() == "referee" and dialog.name.text() == "Pat Quinn"  # the game's referee
        assert dialog.focusWidget() is dialog.name
        key(qtbot, dialog, Qt.Key.Key_Tab)  # to the pad
        assert dialog.focusWidget() is dialog.pad
        scribble(dialog.pad)
        key(qtbot, dialog, Qt.Key.Key_Return)

    seen = signing_dialogs(monkeypatch, qtbot, act)
    qtbot.keyClick(tab.sign_button, Qt.Key.Key_Space)
    assert len(seen) == 1 and seen[0].result() == QDialog.DialogCode.Accepted
    assert "Signed by Pat Quinn as referee" in tab.messages.text()
    [signed] = svc.signatures("g001")
    assert (signed["role"], signed["name"]) == ("referee", "Pat Quinn") and ink(signed["png"]) > 100
    assert game_sheet_data(svc, "g001").signatures[0].png == signed["png"]
    assert [e for e in svc.audit(game="g001") if e["action"] == "sign game"]


def test_enter_without_a_signature_says_so_and_esc_cancels(
        qtbot: QtBot, window: MainWindow, svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []

    def act(dialog: SignatureDialog) -> None:
        key(qtbot, dialog, Qt.Key.Key_Return)  # the pad is empty: nothing signed, the keys go to the pad
        said.append(dialog.message.text())
        assert dialog.focusWidget() is dialog.pad and dialog.isVisible()
        key(qtbot, dialog, Qt.Key.Key_Escape)

    seen = signing_dialogs(monkeypatch, qtbot, act)
    qtbot.keyClick(window.live_game_tab.sign_button, Qt.Key.Key_Space)
    assert seen[0].result() == QDialog.DialogCode.Rejected.value
    assert "Sign in the box first" in said[0] and svc.signatures("g001") == []


def test_clear_starts_again_and_tab_goes_role_name_pad_clear_sign_cancel(qtbot: QtBot, svc: Services) -> None:
    dialog = SignatureDialog(svc.game_details("g001"), [])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    dialog.role.setFocus()
    for widget in (dialog.role, dialog.name, dialog.pad, dialog.clear_button, dialog.sign_button,
                   dialog.cancel_button):
        assert dialog.focusWidget() is widget
        qtbot.keyClick(widget, Qt.Key.Key_Tab)
    scribble(dialog.pad)
    assert len(dialog.pad.strokes) == 2
    qtbot.mouseClick(dialog.clear_button, LEFT)
    assert dialog.pad.is_empty()
    drag(dialog.pad, [(20, 20), (200, 90)])
    qtbot.keyClick(dialog.pad, Qt.Key.Key_Delete)
    assert dialog.pad.is_empty()
    # a final game: every role offered, with the teams' names
    assert [dialog.role.itemText(i) for i in range(dialog.role.count())][2:4] == [
        "Captain — Otters (home)", "Captain — Herons (away)"]


def test_touch_and_pen_strokes_draw_on_the_pad(qtbot: QtBot) -> None:
    pad = SignaturePad()
    qtbot.addWidget(pad)
    pad.show()
    qtbot.waitExposed(pad)
    touch = QTest.touchEvent(pad, QTest.createTouchDevice())
    touch.press(0, QPoint(20, 40)).commit()
    touch.move(0, QPoint(120, 80)).commit()
    touch.move(0, QPoint(220, 50)).commit()
    touch.release(0, QPoint(240, 60)).commit()
    assert len(pad.strokes) == 1 and len(pad.strokes[0]) >= 3
    assert ink(pad.png()) > 20


def test_the_referee_signature_finishes_a_game_not_yet_final(
        qtbot: QtBot, window: MainWindow, svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    lineups = svc.export()["games"][1]["lineups"]
    assert svc.set_lineup("g004", "home", lineups["away"], confirm=True).ok
    assert svc.set_lineup("g004", "away", lineups["home"], confirm=True).ok
    tab = window.live_game_tab
    tab.select_game("g004")
    tab.refresh_game()

    def act(dialog: SignatureDialog) -> None:
        assert dialog.role.count() == 1 and dialog.role_code() == "referee"  # only the referee, before final
        QTest.keyClicks(dialog.name, "Ana Ice")
        scribble(dialog.pad)
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)

    def confirm_all(parent: Any, violations: Any) -> bool:
        return True

    monkeypatch.setattr(dialogs, "confirm_warnings", confirm_all)
    signing_dialogs(monkeypatch, qtbot, act)
    qtbot.keyClick(tab.sign_button, Qt.Key.Key_Space)
    assert svc.game("g004")["status"] == "final"
    assert "the game is final" in tab.messages.text()
    assert not tab.finish_button.isEnabled() and tab.reopen_button.isEnabled()


def test_screenshot_of_the_signature_pad(qtbot: QtBot, svc: Services, tmp_path: Path) -> None:
    """The README's picture (SCOREKEEPER_SCREENSHOTS=docs/screenshots keeps it): the dialog as the referee
    signs, a captain's signature given already."""
    assert svc.sign_game("g001", "captain-home", "Olive Otter", _png()).ok
    dialog = SignatureDialog(svc.game_details("g001"), svc.signatures("g001"))
    qtbot.addWidget(dialog)
    dialog.resize(640, 420)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.role.setCurrentIndex(0)
    dialog.name.deselect()
    base = dialog.pad.height() * 0.7
    loops = [(40 + 7 * t - 16 * math.sin(t), base - 20 - 22 * math.cos(t) - 18 * math.sin(t / 5))
             for t in (i / 4 for i in range(0, 150))]  # a looping hand, as a referee signs
    drag(dialog.pad, [(round(x), round(y)) for x, y in loops])
    drag(dialog.pad, [(60, round(base - 8)), (200, round(base - 4)), (330, round(base - 10))])
    folder = Path(os.environ.get("SCOREKEEPER_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "signature-pad.png"
    assert dialog.grab().save(str(target))
    assert QImage(str(target)).width() >= 600


def _png() -> bytes:
    from tests.data.signature_pictures import signature_png

    return signature_png(4)


def test_pad_point_helper_is_the_widget_coordinates(qtbot: QtBot) -> None:
    pad = SignaturePad()
    qtbot.addWidget(pad)
    pad.show()
    qtbot.waitExposed(pad)
    drag(pad, [(10, 10), (50, 30)])
    assert pad.strokes[0][0] == QPointF(10, 10) and pad.strokes[0][-1] == QPointF(50, 30)
