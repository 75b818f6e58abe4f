"""The Roster tab's forms from the keyboard (issue 18, point 2): Tab follows the form as it reads (First name,
Last name, Gender, Born, E-mail, then its button), Enter presses the form's button (Add player, Save changes,
Add as new team, Add division, Sign to team), and no Alt key of a form is a menu's."""

from __future__ import annotations

import pytest
from keyboard_helpers import key, write
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractButton, QLabel
from pytestqt.qtbot import QtBot
from ui_helpers import focus, open_window

from scorekeeper.services import Services
from ui.main_window import MainWindow
from ui.roster_tab import RosterTab

SEASON = "2015-16"


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.roster_tab)
    return window


def test_tab_follows_the_player_form_as_it_reads(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.roster_tab
    tab.forms.setCurrentWidget(tab.player_page)
    tab.first.setFocus()
    seen = [focus()]
    for _ in range(5):
        key(qtbot, Qt.Key.Key_Tab)
        seen.append(focus())
    assert seen == [tab.first, tab.last, tab.gender, tab.birthdate.check, tab.email, tab.add_button]
    tab.first.setFocus()
    key(qtbot, Qt.Key.Key_Tab, times=3)
    key(qtbot, Qt.Key.Key_Space)  # the birthdate is known: its date follows the box in the Tab order
    seen = [focus()]
    for _ in range(3):
        key(qtbot, Qt.Key.Key_Tab)
        seen.append(focus())
    assert seen == [tab.birthdate.check, tab.birthdate.edit, tab.email, tab.add_button]


def test_enter_adds_the_player_typed(qtbot: QtBot, window: MainWindow, demo_svc: Services) -> None:
    tab = window.roster_tab
    tab.forms.setCurrentWidget(tab.player_page)
    tab.first.setFocus()
    write(qtbot, "Zoe")
    key(qtbot, Qt.Key.Key_Tab)
    write(qtbot, "Keys")
    key(qtbot, Qt.Key.Key_Return)
    assert demo_svc.view(SEASON).players["zoe-keys"]["last"] == "Keys", tab.messages.text()


def test_enter_signs_the_player_picked(qtbot: QtBot, window: MainWindow, demo_svc: Services) -> None:
    tab: RosterTab = window.roster_tab
    tab.first.setText("Zoe")
    tab.last.setText("Keys")
    assert tab.add_player(), tab.messages.text()
    tab.forms.setCurrentWidget(tab.sign_page)
    tab.sign_team.setCurrentIndex(tab.sign_team.findData("owls"))
    tab.sign_number.setFocus()
    write(qtbot, "66")
    key(qtbot, Qt.Key.Key_Return)
    signed = [(r["team"], r["number"]) for r in demo_svc.roster(season=SEASON) if r["player"] == "zoe-keys"]
    assert signed == [("owls", 66)], tab.messages.text()


def test_enter_adds_a_division_and_a_new_team(qtbot: QtBot, window: MainWindow, demo_svc: Services) -> None:
    tab = window.roster_tab
    tab.forms.setCurrentWidget(tab.division_page)
    tab.division_name.setFocus()
    write(qtbot, "Rec league")
    key(qtbot, Qt.Key.Key_Return)
    divisions = [d["name"] for d in demo_svc.divisions(season=SEASON)]
    assert "Rec league" in divisions, tab.messages.text()
    tab.show_all_teams()
    tab.forms.setCurrentWidget(tab.team_page)
    assert not tab.save_team_button.isEnabled()  # no team picked: Enter adds a new one
    tab.team_name.setFocus()
    write(qtbot, "Keyboard Kings")
    key(qtbot, Qt.Key.Key_Return)
    assert "Keyboard Kings" in {t["name"] for t in demo_svc.teams(SEASON)}, tab.messages.text()


def test_no_alt_key_of_a_form_is_a_menus(window: MainWindow) -> None:
    tab = window.roster_tab
    menus = {a.text()[a.text().index("&") + 1].upper() for a in window.menuBar().actions() if "&" in a.text()}
    for number in range(tab.forms.count()):
        page = tab.forms.widget(number)
        assert page is not None
        texts = [*(w.text() for w in page.findChildren(QLabel)),
                 *(w.text() for w in page.findChildren(QAbstractButton))]
        letters = [t[t.index("&") + 1].upper() for t in texts if "&" in t and "&nbsp" not in t
                   and "&amp" not in t]
        assert len(letters) == len(set(letters)), (tab.forms.tabText(number), letters)
        assert not set(letters) & menus, (tab.forms.tabText(number), set(letters) & menus)
