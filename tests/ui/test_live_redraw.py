"""The window listens to `Changes` (issue 16): a goal recorded by keys redraws the game's event list, score and
live panel from one facade query, and nothing else; a roster change leaves the Live Game tab's event list alone;
a goal costs one facade call (`add_event` carries the game's screen, the same as a fresh `game_screen`)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot
from ui_helpers import column, open_window, press, type_text

from scorekeeper.services import Services
from ui.live_game_tab import LiveGameTab
from ui.main_window import MainWindow
from ui.models import RecordTableModel

SEASON = "2015-16"


def lineup(prefix: str) -> list[dict[str, Any]]:
    players = [f"{prefix}{n:02d}" for n in range(1, 11)]
    return [{"player": players[0], "goalie": True}, *({"player": p} for p in players[1:])]


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    assert demo_svc.set_lineup("g016", "home", lineup("ly"), season=SEASON).ok
    assert demo_svc.set_lineup("g016", "away", lineup("ow"), season=SEASON).ok
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    tab = window.live_game_tab
    tab.select_game("g016")
    tab.events_view.setFocus()
    return window


def typed_goal(qtbot: QtBot, tab: LiveGameTab, side: str, number: str) -> None:
    """G, the side's letter, Tab, the scorer's number: as the scorekeeper types a goal, Enter not pressed yet."""
    tab.events_view.setFocus()
    press(qtbot, Qt.Key.Key_G)
    type_text(qtbot, side)
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, number)


def goal_by_keys(qtbot: QtBot, tab: LiveGameTab, side: str, number: str) -> None:
    """G, the side's letter, Tab, the scorer's number, Enter: as the scorekeeper types it."""
    typed_goal(qtbot, tab, side, number)
    press(qtbot, Qt.Key.Key_Return)


class Signals:
    """Every reset, insertion, removal and change a model signals (and the column resizes of its views)."""

    def __init__(self, model: RecordTableModel, *views: Any) -> None:
        self.seen: list[tuple[str, Any]] = []

        def note(name: str) -> Callable[..., None]:
            return lambda *args: self.seen.append((name, args[:2]))

        model.modelReset.connect(note("reset"))
        model.rowsInserted.connect(lambda parent, first, last: self.seen.append(("inserted", (first, last))))
        model.rowsRemoved.connect(note("removed"))
        model.dataChanged.connect(lambda top, bottom: self.seen.append(("changed", (top.row(), bottom.row()))))
        for view in views:
            view.horizontalHeader().sectionResized.connect(note("resized"))


@pytest.fixture
def facade_calls(demo_svc: Services, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The name of every public facade method the window calls (the facade's calls of itself not counted)."""
    calls: list[str] = []
    depth = [0]

    def counting(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            if depth[0] == 0:
                calls.append(name)
            depth[0] += 1
            try:
                return method(*args, **kwargs)
            finally:
                depth[0] -= 1

        return counted

    for name in dir(type(demo_svc)):
        if name.startswith("_") or isinstance(inspect.getattr_static(type(demo_svc), name), property | type):
            continue
        method = getattr(demo_svc, name)
        if callable(method):
            monkeypatch.setattr(demo_svc, name, counting(name, method), raising=False)

    yield calls


def test_a_goal_recorded_by_keys_updates_the_event_list_the_score_and_the_live_panel(
    qtbot: QtBot, window: MainWindow, demo_svc: Services
) -> None:
    tab = window.live_game_tab
    tab.clock.set_position(1, 5 * 60)
    goal_by_keys(qtbot, tab, "h", "16")
    assert "Goal recorded" in tab.messages.text()
    assert column(tab.events, "Entry") == ["Goal\nLynx"] and "#16" in column(tab.events, "Details")[0]
    assert "Lynx 1 – 0 Owls" in tab.score.text()
    assert "Strength <b>" in tab.strength.text() and "Lynx (home)" in tab.home_panel.label.text()
    assert tab.undo_button.isEnabled()
    row = [tab.model.row(n) for n in range(tab.model.rowCount())]
    assert next(r for r in row if r["id"] == "g016")["score"] == {"home": 1, "away": 0}  # the games list's row
    goal_by_keys(qtbot, tab, "a", "7")
    assert column(tab.events, "Entry", 1) == ["Lynx", "Owls"]
    assert "Lynx 1 – 1 Owls" in tab.score.text()
    assert [e["scorer"] for e in demo_svc.view(SEASON).games["g016"]["events"]] == ["ly02", "ow03"]


def test_a_goal_appends_its_row_and_neither_reloads_nor_refits_the_games_list(
    qtbot: QtBot, window: MainWindow
) -> None:
    tab = window.live_game_tab
    tab.clock.set_position(1, 5 * 60)
    goal_by_keys(qtbot, tab, "h", "16")
    games, events = Signals(tab.model, tab.view), Signals(tab.events, tab.events_view)
    tab.clock.set_position(1, 6 * 60)
    goal_by_keys(qtbot, tab, "a", "7")
    game_row = [tab.model.row(n)["id"] for n in range(tab.model.rowCount())].index("g016")
    assert games.seen == [("changed", (game_row, game_row))]  # that game's row (its score), nothing else
    assert events.seen == [("inserted", (1, 1))]  # the new entry's row; no reset, no column refit


def test_a_roster_change_does_not_redraw_the_live_game_event_list(
    qtbot: QtBot, window: MainWindow, demo_svc: Services
) -> None:
    tab = window.live_game_tab
    tab.clock.set_position(1, 5 * 60)
    goal_by_keys(qtbot, tab, "h", "16")
    events = Signals(tab.events, tab.events_view)
    roster = window.roster_tab
    window.tabs.setCurrentWidget(roster)
    herons = next(t for t in demo_svc.teams(SEASON) if t["id"] == "herons")
    team = {"id": "herons", "name": "Herons", "division": herons["division"], "colour": "navy"}
    assert roster.apply(lambda confirm: demo_svc.save_team(team, confirm, season=SEASON), "Herons saved."), (
        roster.messages.text())
    window.tabs.setCurrentWidget(tab)
    assert events.seen == []
    assert column(tab.events, "Entry", 0) == ["Goal"]


def test_a_goal_makes_one_facade_call_and_shows_the_screen_a_fresh_call_gives(
    qtbot: QtBot, window: MainWindow, facade_calls: list[str], demo_svc: Services
) -> None:
    tab = window.live_game_tab
    tab.clock.set_position(1, 5 * 60)  # the clock moved: the live panel asks the facade (not the goal's cost)
    goal_by_keys(qtbot, tab, "h", "16")
    tab.clock.set_position(1, 6 * 60)
    facade_calls.clear()
    goal_by_keys(qtbot, tab, "a", "7")
    assert "Goal recorded" in tab.messages.text()
    assert facade_calls == ["add_event"]
    assert tab.entry_screen is None  # taken by the redraw, not kept for a later one
    fresh = demo_svc.game_screen("g016", 1, "06:00", season=SEASON)
    assert tab.game_shown == fresh and len(fresh.events) == 2


def test_a_goal_leaves_the_roster_and_season_tabs_alone_a_final_game_redraws_the_season_tab_when_shown(
    qtbot: QtBot, window: MainWindow, demo_svc: Services
) -> None:
    tab, season = window.live_game_tab, window.season_tab
    resets = Signals(season.model)
    roster_resets = Signals(window.roster_tab.players)
    tab.clock.set_position(1, 5 * 60)
    goal_by_keys(qtbot, tab, "h", "16")
    assert season.pending is None and window.roster_tab.pending is None  # a game not final: no season result
    assert resets.seen == [] and roster_resets.seen == []
    lynx_before = next(r for r in season.model.rows() if r.get("team") == "lynx")
    tab.clock.set_position(2, 20 * 60)  # the game played to its end (GAME-1)
    assert tab.finish(), tab.messages.text()
    assert season.pending is not None and resets.seen == []  # heard, not redrawn while out of sight
    window.tabs.setCurrentWidget(season)
    assert season.pending is None and ("reset", ()) in resets.seen
    lynx = next(r for r in season.model.rows() if r.get("team") == "lynx")
    assert lynx["gp"] == lynx_before["gp"] + 1 and lynx["w"] == lynx_before["w"] + 1
