"""The Roster tab: teams and players with their figures, search, add a player, sign, release; refusals shown
beside the form with the rule ID."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper.services import Services
from ui import dialogs
from ui.roster_tab import RosterTab, slug

SEASON = "2015-16"


@pytest.fixture
def tab(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> RosterTab:
    window = open_window(qtbot, demo_svc, settings)
    return window.roster_tab


def shown_players(tab: RosterTab) -> list[str]:
    proxy = tab.proxy
    return [tab.players.row(proxy.mapToSource(proxy.index(n, 0)).row())["player"] for n in range(proxy.rowCount())]


def test_a_team_shows_its_players_with_their_figures(tab: RosterTab, demo_svc: Services) -> None:
    tab.select_team("herons")
    assert len(shown_players(tab)) == 10
    assert "Herons" in tab.roster_title.text()
    stats = {row["player"]: row for row in demo_svc.stats(SEASON)["players"] if row["team"] == "herons"}
    he04 = tab.players.row(next(n for n in range(tab.players.rowCount())
                                if tab.players.row(n)["player"] == "he04" and tab.players.row(n)["team"] == "herons"))
    assert (he04["gp"], he04["g"], he04["a"], he04["pim"]) == tuple(stats["he04"][k] for k in ("gp", "g", "a", "pim"))
    assert he04["suspension"] == "PEN-FIGHT-1 games 0/5"  # as Services.roster() words it
    assert he04["fines"] == "50.00"


def test_all_teams_and_search(tab: RosterTab) -> None:
    tab.show_all_teams()
    assert len(shown_players(tab)) == 60
    tab.search.setText("he04")
    assert shown_players(tab) == ["he04"]
    tab.search.setText("")
    name = tab.players.row(0)["name"]
    tab.search.setText(name.split()[1].lower())
    assert tab.players.row(0)["player"] in shown_players(tab)


def test_the_roster_sorts_by_number(tab: RosterTab) -> None:
    tab.select_team("otters")
    tab.roster_view.sortByColumn(0, tab.roster_view.horizontalHeader().sortIndicatorOrder().AscendingOrder)
    numbers = [int(tab.proxy.index(n, 0).data()) for n in range(tab.proxy.rowCount())]
    assert numbers == sorted(numbers)


def test_add_a_player_then_sign_and_release(
    tab: RosterTab, demo_svc: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    tab.first.setText("Zoë")
    tab.last.setText("Côté")
    tab.gender.setCurrentIndex(tab.gender.findData("F"))
    tab.birthdate.setText("1990-04-02")
    assert tab.add_player(), tab.messages.text()
    assert demo_svc.view(SEASON).players["zoe-cote"]["first"] == "Zoë"
    assert tab.sign_player.currentData() == "zoe-cote"

    tab.sign_team.setCurrentIndex(tab.sign_team.findData("owls"))
    tab.sign_number.setText("61")
    assert tab.sign(), tab.messages.text()
    assert demo_svc.view(SEASON).signing("owls", "zoe-cote")["number"] == 61
    assert "signed to Owls" in tab.messages.text()
    assert demo_svc.teams(SEASON)[4]["players"] == 11

    tab.select_team("owls")
    row = shown_players(tab).index("zoe-cote")
    tab.roster_view.selectRow(row)
    monkeypatch.setattr(dialogs, "ask_date", lambda parent, title, label, default: "2015-12-01")
    assert tab.release(), tab.messages.text()
    assert demo_svc.view(SEASON).signing("owls", "zoe-cote")["released"] == "2015-12-01"


def test_a_number_already_worn_is_refused_with_data_1(tab: RosterTab, demo_svc: Services) -> None:
    tab.first.setText("Sam")
    tab.last.setText("Reyes")
    assert tab.add_player()
    tab.sign_team.setCurrentIndex(tab.sign_team.findData("otters"))
    tab.sign_number.setText("30")
    assert not tab.sign()
    text = tab.messages.text()
    assert "Not saved" in text and "DATA-1" in text
    assert demo_svc.view(SEASON).signing("otters", "sam-reyes") is None


def test_a_new_player_needs_a_name(tab: RosterTab, demo_svc: Services) -> None:
    before = len(demo_svc.view(SEASON).players)
    assert not tab.add_player()
    assert "first and last name" in tab.messages.text()
    assert len(demo_svc.view(SEASON).players) == before


def test_slug_makes_readable_ids() -> None:
    assert slug("Zoë", "Côté") == "zoe-cote"
    assert slug("Co-ed Division 1") == "co-ed-division-1"
