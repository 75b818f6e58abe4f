"""Issue 19.6 in the window: the Season tab's suspensions list shows the season suspension the sixth incident
proposes (PEN-GM-2) as "proposed", and Confirm (office password, date and note asked) makes it bar the player;
Decline drops it. Driven from the keyboard."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot
from ui_helpers import column, open_window

from scorekeeper.db.models import AuditEntry
from scorekeeper.services import Services
from tests.scorekeeper.rules.test_catalogue_examples import game
from tests.scorekeeper.rules.test_season_suspension_proposal import six_incidents
from ui import dialogs, proposal_dialog
from ui.main_window import MainWindow
from ui.season_tab import SeasonTab

PASSWORD = "rink-office-1"


@pytest.fixture
def window(qtbot: QtBot, empty_svc: Services, settings: QSettings) -> MainWindow:
    later = [game("g7", "a", "b", "2099-01-07", status="scheduled", dressed={"a": []})]
    report = empty_svc.import_data(six_incidents(later))
    assert report.ok, [v.line() for v in report.blocks]
    empty_svc.set_office_password(PASSWORD)
    empty_svc.lock_office()
    empty_svc.operator = "Dana"
    win = open_window(qtbot, empty_svc, settings)
    win.tabs.setCurrentWidget(win.season_tab)
    return win


def _select_the_proposal(qtbot: QtBot, tab: SeasonTab) -> None:
    tab.pages.setCurrentIndex([tab.pages.tabText(n) for n in range(tab.pages.count())].index("Suspensions"))
    tab.suspensions_view.setFocus()
    qtbot.keyClick(tab.suspensions_view, Qt.Key.Key_Home)
    qtbot.keyClick(tab.suspensions_view, Qt.Key.Key_Down)
    qtbot.keyClick(tab.suspensions_view, Qt.Key.Key_Up)


def _answer(qtbot: QtBot, note: str, asked: list[str]):
    def run(dialog: QDialog) -> int:
        assert isinstance(dialog, proposal_dialog.DecisionDialog)
        asked.append(dialog.windowTitle())
        dialog.show()  # as exec() shows it, without blocking
        qtbot.waitExposed(dialog)
        qtbot.keyClicks(dialog.note, note)
        qtbot.keyClick(dialog.note, Qt.Key.Key_Return)  # the default button: Confirm / Decline
        return dialog.result()
    return run


def test_confirm_in_the_season_tab_bars_the_player(qtbot: QtBot, window: MainWindow, empty_svc: Services,
                                                   monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    tab = window.season_tab
    assert column(tab.suspensions, "Status") == ["proposed"] and column(tab.suspensions, "Rule") == ["PEN-GM-2"]
    assert not tab.confirm_button.isEnabled()  # nothing selected yet
    _select_the_proposal(qtbot, tab)
    assert tab.confirm_button.isEnabled() and tab.decline_button.isEnabled()
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "run_dialog", _answer(qtbot, "Director's letter", asked))
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: asked.append(label) or PASSWORD)
    tab.confirm_button.setFocus()
    qtbot.keyClick(tab.confirm_button, Qt.Key.Key_Space)
    assert asked[0] == "Confirm proposed suspension — A3 Player"
    assert len(asked) == 2 and "needs the office password" in asked[1], (asked, tab.messages.text())
    assert "confirmed" in tab.messages.text(), tab.messages.text()
    assert column(tab.suspensions, "Status") == ["active"]
    assert not tab.confirm_button.isEnabled()
    a3 = next(c for c in empty_svc.lineup_candidates("g7", "home") if c["player"] == "a3")
    assert a3["status"] == "suspended"
    entry = AuditEntry.select().where(AuditEntry.action == "season suspension confirmed").get()
    assert entry.operator == "Dana" and "Director's letter" in entry.after
    assert tab.grab().save(str(tmp_path / "season-tab-proposal-confirmed.png"))  # to look at


def test_decline_in_the_season_tab_drops_the_proposal(qtbot: QtBot, window: MainWindow, empty_svc: Services,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.season_tab
    _select_the_proposal(qtbot, tab)
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "run_dialog", _answer(qtbot, "", asked))
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: PASSWORD)
    tab.decline_button.setFocus()
    qtbot.keyClick(tab.decline_button, Qt.Key.Key_Space)
    assert asked == ["Decline proposed suspension — A3 Player"]
    assert column(tab.suspensions, "Status") == ["declined"]
    a3 = next(c for c in empty_svc.lineup_candidates("g7", "home") if c["player"] == "a3")
    assert a3["status"] == "ok"


def test_a_proposal_to_confirm_is_on_the_office_list(qtbot: QtBot, window: MainWindow, empty_svc: Services) -> None:
    """Issue 27.11: the season suspension the sixth incident proposes waits on the office list until decided."""
    tab = window.season_tab
    items = empty_svc.office_list()
    assert [(i["kind"], i["rule"], i["player"]) for i in items] == [("notice", "SUSP-2", "a3"),
                                                                     ("proposal", "PEN-GM-2", "a3")]
    titles = [tab.pages.tabText(n) for n in range(tab.pages.count())]
    assert "Office list (2)" in titles
    assert column(tab.office, "To do") == [i["what"] for i in items] and "Confirm or decline" in items[1]["what"]
    tab.pages.setCurrentIndex(titles.index("Office list (2)"))
    tab.office_view.setFocus()
    qtbot.keyClick(tab.office_view, Qt.Key.Key_End)  # the proposal
    qtbot.keyClick(tab.office_view, Qt.Key.Key_Return)
    assert tab.pages.tabText(tab.pages.currentIndex()) == "Suspensions"
    assert tab.confirm_button.isEnabled() and tab.decline_button.isEnabled()  # the proposal is selected
