"""Issue 18.6 in the window: a game with entries that is not final reads "In progress" (list and title), the
players to sign are listed by name (namesakes told apart by birth date), a refusal names the team."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from ui_helpers import column, open_window

from scorekeeper.services import Services

SEASON = "2015-16"


def test_a_game_with_entries_reads_in_progress(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> None:
    lineup = [{"player": f"ly{n:02d}", "goalie": n == 1} for n in range(1, 11)]
    assert demo_svc.set_lineup("g016", "home", lineup).ok
    assert demo_svc.set_lineup("g016", "away", [{"player": f"ow{n:02d}", "goalie": n == 1}
                                                 for n in range(1, 11)]).ok
    assert demo_svc.add_event("g016", {"type": "goal", "team": "home", "period": 1, "elapsed": "02:00",
                                       "scorer": "ly02"}).ok
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentIndex(1)
    tab = window.live_game_tab
    tab.select_game("g016")
    statuses = {tab.model.row(n)["id"]: text.split("\n")[-1] for n, text in enumerate(column(tab.model, "Result"))}
    assert (statuses["g016"], statuses["g017"], statuses["g001"]) == ("In progress", "Scheduled", "Final")
    assert "In progress" in tab.title.text() and "scheduled" not in tab.title.text().lower()


def test_players_to_sign_are_listed_by_name(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> None:
    for pid, born in (("jo-smith", "1990-01-02"), ("jo-smith-2", "1985-06-07")):
        assert demo_svc.save_player({"id": pid, "first": "Jo", "last": "Smith", "gender": "F", "birthdate": born},
                                    True, season=SEASON).ok
    window = open_window(qtbot, demo_svc, settings)
    combo = window.roster_tab.sign_player
    texts = [combo.itemText(n) for n in range(combo.count())]
    ids = {str(combo.itemData(n)) for n in range(combo.count())}
    assert not [text for text in texts if any(f"({pid})" in text for pid in ids)]
    assert {"Jo Smith (born 1990-01-02)", "Jo Smith (born 1985-06-07)", "Ryan Cote"} <= set(texts)


def test_the_audit_trail_names_players_and_teams(demo_svc: Services) -> None:
    from ui.office import audit_rows

    assert demo_svc.lift_suspension("he04", "g006", "2015-11-20", "reviewed", season=SEASON).ok
    subjects = [row["subject"] for row in audit_rows(demo_svc, SEASON, game="g006")]
    assert "Ryan Cote/g006" in subjects and not [s for s in subjects if "he04" in s]


def test_the_games_list_and_the_title_show_the_leagues_game_number(qtbot: QtBot, demo_svc: Services,
                                                                  settings: QSettings) -> None:
    """The number the office set (Officials…) is the game's name in the window; the id until one is set."""
    assert demo_svc.set_game_details("g016", "WS-042", []).ok
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentIndex(1)
    tab = window.live_game_tab
    tab.select_game("g016")
    numbers = {tab.model.row(n)["id"]: line for n, line in enumerate(column(tab.model, "Game", 1))}
    assert numbers["g016"].endswith(" · WS-042") and numbers["g017"].endswith(" · g017")
    assert "game WS-042 ·" in tab.title.text()
