"""The main window over the example season: tabs, season picker, tables, settings, closing."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from scorekeeper.season.standings import readable as standings_texts
from scorekeeper.services import ServiceError, Services
from ui import dialogs
from ui.main_window import MainWindow
from ui.models import RecordTableModel


def open_window(qtbot: QtBot, svc: Services, settings: QSettings) -> MainWindow:
    window = MainWindow(svc, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def column(model: RecordTableModel, header: str, line: int | None = None) -> list[str]:
    """The text of every row in the column named `header` (`line`: that line of each cell, "" where it has
    fewer)."""
    number = [c.header for c in model.columns].index(header)
    texts = [model.index(row, number).data() for row in range(model.rowCount())]
    if line is None:
        return texts
    return [(text.split("\n") + [""] * (line + 1))[line] for text in texts]


@pytest.fixture
def window(qtbot: QtBot, svc: Services, settings: QSettings) -> MainWindow:
    return open_window(qtbot, svc, settings)


def test_three_tabs_in_order(window: MainWindow) -> None:
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == ["Roster", "Live Game", "Season"]


def test_title_names_league_and_season(window: MainWindow) -> None:
    assert window.windowTitle() == "Scorekeeper — Westridge Sponge Hockey League 2015-16"


def test_status_bar_shows_the_database(window: MainWindow, svc: Services) -> None:
    assert svc.database_label in window.database_label.full_text()


def test_season_picker_shows_the_example_season(window: MainWindow) -> None:
    picker = window.findChild(QComboBox, "seasonPicker")
    assert picker is window.season_picker
    assert picker.isEnabled()
    assert [picker.itemText(i) for i in range(picker.count())] == ["2015-16"]
    assert window.current_season() == "2015-16"


def test_roster_lists_the_four_teams(window: MainWindow, svc: Services) -> None:
    model = window.roster_tab.model
    assert not window.roster_tab.showing_message()
    assert model.rowCount() == 4
    assert sorted(column(model, "Team")) == ["Herons", "Lynx", "Otters", "Owls"]
    teams = {team["name"]: team for team in svc.teams("2015-16")}
    for name, division, colour, captain, email, players in zip(
        *(column(model, c.header) for c in model.columns), strict=True
    ):
        team = teams[name]
        assert division == team["division_name"]
        assert colour == (team["colour"] or "")
        assert captain == (team["captain_name"] or "")
        assert email == (team["captain_email"] or "")
        assert players == str(team["players"])
    assert column(model, "Captain e-mail").count("otters.captain@example.org") == 1


def test_standings_show_every_division_and_team(window: MainWindow, svc: Services) -> None:
    tab = window.season_tab
    model = tab.model
    standings = svc.standings("2015-16")
    rows = [row for division in standings["divisions"] for row in division["rows"]]
    assert len(rows) == 4
    headings = model.heading_rows()
    assert len(headings) == len(standings["divisions"]) == 2
    assert model.rowCount() == len(rows) + len(headings)
    assert [model.index(r, 0).data() for r in headings] == ["Co-ed Division 1", "Co-ed Division 2"]
    for heading in headings:
        assert tab.view.columnSpan(heading, 0) == model.columnCount()
    team_rows = [r for r in range(model.rowCount()) if r not in headings]
    headers = [c.header for c in model.columns]
    assert headers == ["#", "Team", "GP", "W", "L", "T", "OTW", "OTL", "SOW", "SOL", "PTS", "GF", "GA", "DIFF",
                       "PIM", "P%", "GF%", "L10", "STRK", "HOME", "AWAY"]  # the league columns (issue 30.4)
    # the Westridge rulebook has no shootout: its columns are hidden (and empty)
    assert [tab.view.isColumnHidden(c) for c in range(model.columnCount())] == [False] * 8 + [True] * 2 + [False] * 11
    keys = ["rank", None, "gp", "w", "l", "t", "otw", "otl", "sow", "sol", "pts", "gf", "ga", "diff", "pim",
            "pts_pct", "gf_pct", "l10", "streak", "home", "away"]
    for table_row, row in zip(team_rows, rows, strict=True):
        shown = [model.index(table_row, c).data() for c in range(model.columnCount())]
        printed = standings_texts(row)  # as a league prints them: .500, 1-1-0-0, L1
        for text, key in zip(shown, keys, strict=True):
            if key in printed:
                assert text == printed[key]
            elif key == "diff":
                assert int(text) == row["diff"]
            elif key in ("sow", "sol"):
                assert text == ""
            elif key is not None:
                assert text == str(row[key])
    names = {team["id"]: team["name"] for team in svc.teams("2015-16")}
    assert [model.index(r, 1).data() for r in team_rows] == [names[row["team"]] for row in rows]


def test_games_list_the_season(window: MainWindow, svc: Services) -> None:
    model = window.live_game_tab.model
    games = svc.games("2015-16")
    assert model.rowCount() == len(games) == 4
    assert column(model, "Game", 0) == [f"{game['home_name']} – {game['away_name']}" for game in games]
    assert column(model, "Game", 1) == [f"{game['date']} · {game['id']}" for game in games]
    for text, game in zip(column(model, "Result"), games, strict=True):
        score = game["score"]
        assert text == (game["status_text"] if score is None else
                        f"{score['home']} – {score['away']}\n{game['status_text']}")
    scheduled = [game["id"] for game in games].index("g004")
    assert column(model, "Result")[scheduled] == "Scheduled"  # no score: one line


def test_picking_a_season_redraws_every_tab(
    qtbot: QtBot, svc: Services, settings: QSettings, example_file: Path, tmp_path: Path
) -> None:
    later = json.loads(example_file.read_text(encoding="utf-8"))
    later = {key: later[key] for key in ("format", "league", "rulebook", "divisions")}
    later["season"] = "2016-17"
    later["teams"] = [{"id": "otters", "name": "Otters", "division": "coed1"}]
    (tmp_path / "later.json").write_text(json.dumps(later), encoding="utf-8")
    svc.import_file(str(tmp_path / "later.json"))

    window = open_window(qtbot, svc, settings)
    picker = window.season_picker
    assert [picker.itemText(i) for i in range(picker.count())] == ["2016-17", "2015-16"]
    assert window.current_season() == "2016-17"
    assert window.roster_tab.model.rowCount() == 1
    assert window.live_game_tab.showing_message()
    assert "2016-17" in window.live_game_tab.message.text()

    window.select_season("2015-16")
    assert window.windowTitle().endswith(" 2015-16")
    assert window.roster_tab.model.rowCount() == 4
    assert window.live_game_tab.model.rowCount() == 4
    assert not window.live_game_tab.showing_message()


def test_settings_saved_on_close_and_restored(qtbot: QtBot, svc: Services, settings: QSettings) -> None:
    window = open_window(qtbot, svc, settings)
    window.resize(720, 460)
    window.tabs.setCurrentIndex(2)
    window.close()
    settings.sync()
    assert settings.value("window/tab", type=int) == 2
    assert settings.value("window/season") == "2015-16"
    assert not settings.value("window/geometry").isEmpty()

    again = open_window(qtbot, svc, QSettings(settings.fileName(), QSettings.Format.IniFormat))
    assert again.tabs.currentIndex() == 2
    assert (again.width(), again.height()) == (720, 460)


def test_default_settings_location_is_private(
    qtbot: QtBot, svc: Services, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A window made without settings uses QSettings(), which the test run points away from the user's."""
    window = MainWindow(svc)
    qtbot.addWidget(window)
    assert str(tmp_path_factory.getbasetemp()) in window.settings.fileName()


def test_closing_closes_the_database_once(
    qtbot: QtBot, svc: Services, settings: QSettings, close_calls: list[int]
) -> None:
    window = open_window(qtbot, svc, settings)
    assert window.close()
    window.shutdown()
    assert close_calls == [1]


def test_quit_is_ctrl_q_and_closes_the_window(window: MainWindow, qtbot: QtBot) -> None:
    assert window.quit_action.shortcut() == QKeySequence("Ctrl+Q")
    window.quit_action.trigger()
    qtbot.waitUntil(lambda: not window.isVisible())


def test_about_names_the_program(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(dialogs, "run_dialog", lambda box: shown.append(box.windowTitle() + box.text()) or 0)
    window.about_action.trigger()
    assert len(shown) == 1 and "Scorekeeper" in shown[0]
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&File", "R&ulebook", "&Office", "Vie&w", "&Help"]  # View: the arena display (issue 20.1)


def test_empty_database_shows_an_empty_state(qtbot: QtBot, empty_svc: Services, settings: QSettings) -> None:
    window = open_window(qtbot, empty_svc, settings)
    assert window.current_season() is None
    assert not window.season_picker.isEnabled()
    assert window.windowTitle() == "Scorekeeper — no season"
    for tab in window.season_tabs():
        assert tab.showing_message()
        assert "No season in this database" in tab.message.text()
        assert tab.model.rowCount() == 0
    assert window.close()


def test_a_season_the_core_refuses_shows_the_reason(
    qtbot: QtBot, svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(season: str | None = None) -> dict:
        raise ServiceError("rulebook westridge-2015-16: <points.win> must be a number")

    monkeypatch.setattr(svc, "standings", refuse)
    window = open_window(qtbot, svc, settings)
    assert window.season_tab.showing_message()
    assert "<points.win> must be a number" in html.unescape(window.season_tab.message.text())
    assert not window.roster_tab.showing_message()


def test_about_box_names_the_database_and_the_rulebook_in_force(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(dialogs, "run_dialog", lambda box: shown.append(box.text()) or 0)
    window.about_action.trigger()
    (text,) = shown
    assert "Rulebook in force" in text and "westridge-2015-16" in text
    assert window.svc.database_label.split("/")[-1] in text and "Qt" in text


def test_the_application_icon(qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import app as ui_app

    path = ui_app.icon_path()
    if path is not None:  # resources/icons/scorekeeper.png, when the build has it
        assert ui_app.set_window_icon(qapp)
        assert not qapp.windowIcon().isNull()
    monkeypatch.setattr(ui_app, "icon_path", lambda: None)
    assert not ui_app.set_window_icon(qapp)  # absent: skipped silently
