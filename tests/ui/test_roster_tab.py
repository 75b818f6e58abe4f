"""The Roster tab: teams and players with their figures, search, add or edit a player, sign, release, edit a
team's captain, add a division and a team; refusals shown beside the form with the rule ID and section."""

from __future__ import annotations

from typing import Any

import pytest
from date_keys import type_date
from PySide6.QtCore import QModelIndex, QSettings, Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from ui_helpers import focus, open_window, press, type_text

from scorekeeper.naming import slug
from scorekeeper.rules.violation import Violation
from scorekeeper.services import EntryResult, Services
from ui import dialogs
from ui.roster_tab import RosterTab

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
    assert he04["suspension"] == "PEN-FIGHT-1 0/5"  # as Services.roster() words it: served of 5 games
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
    qtbot: QtBot, tab: RosterTab, demo_svc: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    tab.first.setText("Zoë")
    tab.last.setText("Côté")
    tab.gender.setCurrentIndex(tab.gender.findData("F"))
    tab.birthdate.check.setFocus()
    press(qtbot, Qt.Key.Key_Space)  # the birthdate is known
    press(qtbot, Qt.Key.Key_Tab)
    type_date(qtbot, tab.birthdate.edit, "1990-04-02")
    assert tab.add_player(), tab.messages.text()
    assert demo_svc.view(SEASON).players["zoe-cote"]["first"] == "Zoë"
    assert demo_svc.view(SEASON).players["zoe-cote"]["birthdate"] == "1990-04-02"
    assert tab.birthdate.value() is None  # the form cleared for the next player
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


def select_player(qtbot: QtBot, tab: RosterTab, player: str) -> None:
    row = shown_players(tab).index(player)
    tab.roster_view.setFocus()
    tab.roster_view.setCurrentIndex(tab.proxy.index(row, 0))


def test_edit_a_player_from_the_keyboard(qtbot: QtBot, tab: RosterTab, demo_svc: Services) -> None:
    tab.select_team("herons")
    select_player(qtbot, tab, "he04")
    press(qtbot, Qt.Key.Key_Return)  # Enter on a player loads them into the player form
    assert tab.editing_player == "he04" and tab.forms.currentWidget() is tab.player_page
    assert focus() is tab.first and tab.first.text() == "Ryan" and tab.birthdate.value() == "1984-05-02"
    assert tab.birthdate.check.isChecked() and tab.birthdate.edit.date().year() == 1984
    assert tab.save_player_button.isEnabled()
    tab.last.setText("Côté")
    tab.email.setText("ryan@example.org")
    tab.birthdate.check.setFocus()
    press(qtbot, Qt.Key.Key_Space)  # the birthdate unticked: none
    assert not tab.birthdate.edit.isEnabled() and tab.birthdate.edit.text() == "none"
    assert tab.save_player(), tab.messages.text()
    player = demo_svc.view(SEASON).players["he04"]
    assert (player["last"], player["email"], player.get("birthdate")) == ("Côté", "ryan@example.org", None)
    assert "Ryan Côté saved." in tab.messages.text()  # by name, not id (issue 18.6)
    assert tab.editing_player is None and not tab.save_player_button.isEnabled() and tab.first.text() == ""
    assert "Ryan Côté" in [row["name"] for row in tab.players.rows()]  # the roster redrew


def test_a_birthdate_that_is_no_date_cannot_be_typed_and_a_refusal_is_shown_beside_the_form(
    qtbot: QtBot, tab: RosterTab, demo_svc: Services
) -> None:
    tab.select_team("herons")
    tab.roster_view.setCurrentIndex(tab.proxy.index(shown_players(tab).index("he04"), 0))
    assert tab.edit_player()
    tab.birthdate.edit.setFocus()
    for char in "19841340":  # month 13, day 40, in whichever order the locale writes them
        qtbot.keyClick(tab.birthdate.edit, char)
    typed = tab.birthdate.value()
    assert typed is not None and typed[5:7] != "13" and typed[8:] != "40"  # the field holds a real date
    tab.email.setText("not an address")
    assert not tab.save_player()
    text = tab.messages.text()
    assert "Not saved" in text and "FILE" in text and "(season file)" in text and "email" in text
    assert demo_svc.view(SEASON).players["he04"]["birthdate"] == "1984-05-02"
    assert tab.editing_player == "he04"  # the form keeps what was typed, to be corrected


def test_saving_a_player_needs_one_loaded(tab: RosterTab) -> None:
    assert not tab.save_player()
    assert "Edit selected" in tab.messages.text()
    tab.roster_view.setCurrentIndex(QModelIndex())
    assert not tab.edit_player()
    assert "Select a player" in tab.messages.text()


def test_change_a_teams_captain_colour_and_name(tab: RosterTab, demo_svc: Services) -> None:
    tab.select_team("herons")
    assert tab.team_name.text() == "Herons" and tab.save_team_button.isEnabled()
    captains = [tab.team_captain.itemData(n) for n in range(tab.team_captain.count())]
    assert captains[0] is None and set(captains[1:]) == {f"he{n:02d}" for n in range(1, 11)}
    tab.team_captain.setCurrentIndex(tab.team_captain.findData("he04"))
    assert tab.team_email.text() == demo_svc.view(SEASON).players["he04"]["email"]  # the captain's own
    tab.team_email.setText("captain.herons@example.org")
    tab.team_colour.setText("#2e7d32")
    tab.team_name.setText("Grey Herons")
    assert tab.save_team(), tab.messages.text()
    team = next(t for t in demo_svc.teams(SEASON) if t["id"] == "herons")
    assert (team["name"], team["captain"], team["captain_email"], team["colour"]) == (
        "Grey Herons", "he04", "captain.herons@example.org", "#2e7d32")
    assert "Team Grey Herons saved" in tab.messages.text()
    assert "captain Ryan Cote" in tab.roster_title.text() and "Grey Herons" in tab.roster_title.text()


def test_a_team_without_a_name_is_not_saved(tab: RosterTab, demo_svc: Services) -> None:
    tab.select_team("owls")
    tab.team_name.setText("  ")
    assert not tab.save_team()
    assert "name" in tab.messages.text()
    assert next(t for t in demo_svc.teams(SEASON) if t["id"] == "owls")["name"] == "Owls"


def test_a_warning_on_a_team_is_confirmed_with_one_keystroke(
    tab: RosterTab, demo_svc: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the core warns about is shown with its rule; Enter (the default Yes) saves, Esc would not."""
    real = demo_svc.save_team
    warning = Violation("SUSP-2", "warn", "the captain has no e-mail", "§8 II", "team herons")

    def save_team(team: dict[str, Any], confirm: bool = False, season: str | None = None) -> EntryResult:
        return real(team, True, season=season) if confirm else EntryResult(False, [warning], True)

    monkeypatch.setattr(demo_svc, "save_team", save_team)
    asked: list[str] = []

    def run(box: Any) -> int:
        assert isinstance(box, QMessageBox) and box.defaultButton() is box.button(QMessageBox.StandardButton.Yes)
        asked.append(box.informativeText())
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(dialogs, "run_dialog", run)
    tab.select_team("herons")
    tab.team_email.clear()
    assert tab.save_team()
    assert "SUSP-2" in asked[0] and "§8 II" in asked[0]
    monkeypatch.setattr(dialogs, "confirm_warnings", lambda parent, violations: False)
    tab.team_name.setText("Heron Bay")
    assert not tab.save_team()
    assert "warning not confirmed" in tab.messages.text() and "SUSP-2" in tab.messages.text()
    assert next(t for t in demo_svc.teams(SEASON) if t["id"] == "herons")["name"] == "Herons"


def test_a_new_division_then_a_new_team_in_it(tab: RosterTab, demo_svc: Services) -> None:
    tab.forms.setCurrentWidget(tab.division_page)
    tab.division_name.setText("Recreational")
    tab.division_coed.setChecked(False)
    assert tab.add_division(), tab.messages.text()
    assert demo_svc.view(SEASON).divisions["recreational"] == {"id": "recreational", "name": "Recreational",
                                                               "coed": False}
    assert tab.team_division.currentData() == "recreational"
    tab.division_name.setText("Co-ed Division 3")
    tab.division_tier.setCurrentIndex(tab.division_tier.findData(2))
    assert tab.add_division()
    assert demo_svc.view(SEASON).divisions["co-ed-division-3"]["tier"] == 2

    tab.team_division.setCurrentIndex(tab.team_division.findData("recreational"))
    tab.team_name.setText("Loons")
    tab.team_colour.setText("7b1fa2")
    assert tab.add_team(), tab.messages.text()
    loons = next(t for t in demo_svc.teams(SEASON) if t["id"] == "loons")
    assert (loons["division"], loons["colour"], loons["players"]) == ("recreational", "#7b1fa2", 0)
    assert tab.team == "loons" and "Loons" in tab.roster_title.text()
    assert tab.sign_team.findData("loons") >= 0
    tab.team_name.setText("Loons")
    assert not tab.add_team()  # the same name in its division is refused, naming the team (issue 18)
    assert "Recreational already has a team called" in tab.messages.text() and "(loons)" in tab.messages.text()
    tab.team_division.setCurrentIndex(tab.team_division.findData("co-ed-division-3"))
    assert tab.add_team()  # the same name in another division gets an id of its own
    assert "loons-2" in {t["id"] for t in demo_svc.teams(SEASON)}


def test_the_first_team_of_a_new_season(qtbot: QtBot, empty_svc: Services, settings: QSettings) -> None:
    empty_svc.create_season("Westridge Sponge Hockey League", "2016-17")
    assert empty_svc.save_division({"id": "coed1", "name": "Co-ed Division 1", "coed": True, "tier": 1},
                                   True, season="2016-17").ok
    window = open_window(qtbot, empty_svc, settings)
    tab = window.roster_tab
    assert not tab.showing_message() and tab.model.rowCount() == 0
    assert not tab.save_team_button.isEnabled() and "New team" in tab.team_title.text()
    tab.team_name.setText("Otters")
    assert tab.add_team(), tab.messages.text()
    assert [t["id"] for t in empty_svc.teams("2016-17")] == ["otters"]
    tab.first.setText("Laura")
    tab.last.setText("Klassen")
    tab.email.setText("laura@example.org")
    assert tab.add_player()
    assert tab.forms.currentWidget() is tab.sign_page
    tab.sign_number.setText("9")
    assert tab.sign(), tab.messages.text()
    tab.select_team("otters")
    tab.team_captain.setCurrentIndex(tab.team_captain.findData("laura-klassen"))
    assert tab.save_team(), tab.messages.text()
    team = empty_svc.teams("2016-17")[0]
    assert (team["captain"], team["captain_email"]) == ("laura-klassen", "laura@example.org")


def test_a_second_division_with_a_name_the_season_has_is_refused(qtbot: QtBot, tab: RosterTab,
                                                                 demo_svc: Services) -> None:
    """Issue 27.9: a division name the season has (case and spaces not counting) is refused with the TEAM rule,
    naming the division, as a team name its division has is."""
    before = [d["id"] for d in demo_svc.divisions(SEASON)]
    name = demo_svc.divisions(SEASON)[0]["name"]
    tab.window().activateWindow()
    tab.forms.setCurrentWidget(tab.division_page)
    tab.division_name.setFocus()
    type_text(qtbot, f" {name.upper()} ")
    press(qtbot, Qt.Key.Key_Return)
    assert [d["id"] for d in demo_svc.divisions(SEASON)] == before
    text = tab.messages.text()
    assert "TEAM" in text and f"already has a division called {name!r}" in text.replace("&#x27;", "'"), text
    assert tab.division_name.text().strip() == name.upper()  # kept, to be corrected
