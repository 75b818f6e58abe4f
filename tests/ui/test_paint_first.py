"""Paint first, always; then be usable (issue 29.4): the season is read only after the shell's first paint, however
late that paint comes on a busy machine; the Live Game tab takes entries before the tabs out of sight (standings,
statistics, rosters) are filled, one per turn of the event loop, with a note in the status bar when that takes
over a second; closing the window meanwhile is clean."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer
from pytestqt.qtbot import QtBot
from test_live_redraw import lineup
from ui_helpers import press

from scorekeeper.services import Services
from ui import app as ui_app
from ui.main_window import OPERATOR, TAB, MainWindow

SEASON, GAME = "2015-16", "g016"
WAIT = 60_000
"""Generous: a machine busy with other work must not fail these."""


class Paints(QObject):
    """Notes in `order` each paint of the window it watches."""

    def __init__(self, order: list[str]) -> None:
        super().__init__()
        self.order = order

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.order.append("paint")
        return False


def recording(monkeypatch: pytest.MonkeyPatch, order: list[str], name: str, pause: float = 0.0) -> None:
    """`Services.<name>` notes its calls in `order` (and takes `pause` seconds more, as on a long season)."""
    real = getattr(Services, name)  # a method, or the facade's delegating descriptor

    def call(self: Services, *args: Any, **kwargs: Any) -> Any:
        order.append(name)
        time.sleep(pause)
        return bound(real, self)(*args, **kwargs)

    monkeypatch.setattr(Services, name, call)


def bound(method: Any, svc: Services) -> Callable[..., Any]:
    """`method` (as the class holds it) bound to `svc`."""
    bind: Callable[..., Callable[..., Any]] = method.__get__
    return bind(svc, Services)


@pytest.fixture
def league(demo_db: Path, tmp_path: Path) -> Path:
    """A copy of the demo season's database, game g016's line-ups in (its goals can be entered), closed."""
    copy = tmp_path / "league.db"
    shutil.copy(demo_db, copy)
    svc = Services.open(str(copy))
    assert svc.set_lineup(GAME, "home", lineup("ly"), season=SEASON).ok
    assert svc.set_lineup(GAME, "away", lineup("ow"), season=SEASON).ok
    svc.close()
    return copy


@pytest.fixture
def at_the_boards(settings: QSettings) -> QSettings:
    """The window left with the Live Game tab in front, at game g016, an operator known."""
    settings.setValue(TAB, 1)
    settings.setValue(OPERATOR, "Dana")
    settings.setValue(f"live/game/{SEASON}", GAME)
    return settings


def test_the_season_is_read_after_the_shell_is_painted(
    qtbot: QtBot, league: Path, at_the_boards: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    order: list[str] = []
    for name in ("seasons", "game_list", "standings"):
        recording(monkeypatch, order, name)
    real_show = MainWindow.show
    paints = Paints(order)

    def show(window: MainWindow) -> None:  # watched from its very first paint on
        window.installEventFilter(paints)
        real_show(window)

    monkeypatch.setattr(MainWindow, "show", show)
    window = ui_app.show_window(str(league), at_the_boards, season=SEASON)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.ready, timeout=WAIT)
    reads = [n for n, what in enumerate(order) if what != "paint"]
    assert reads and "paint" in order[: reads[0]]  # painted first, then the first read
    qtbot.waitUntil(lambda: "standings" in order, timeout=WAIT)
    assert order.index("game_list") < order.index("standings")  # the games at the boards before the standings


def test_a_shown_window_waits_for_its_first_paint_however_late(qtbot: QtBot, settings: QSettings) -> None:
    window = MainWindow.opening("league.db", settings)
    qtbot.addWidget(window)
    calls: list[bool] = []
    window.setUpdatesEnabled(False)  # as on a machine too busy to paint: shown, not painted yet
    window.when_painted(lambda: calls.append(True), fallback_ms=10)
    window.show()
    qtbot.wait(400)  # far past the fallback: no clock starts the work while a paint is to come
    assert calls == []
    window.setUpdatesEnabled(True)
    window.update()
    qtbot.waitUntil(lambda: calls == [True], timeout=WAIT)


def test_a_window_minimised_before_its_first_paint_still_opens(qtbot: QtBot, settings: QSettings) -> None:
    window = MainWindow.opening("league.db", settings)
    qtbot.addWidget(window)
    calls: list[bool] = []
    window.setUpdatesEnabled(False)
    window.when_painted(lambda: calls.append(True), fallback_ms=10_000)
    window.showMinimized()
    qtbot.waitUntil(lambda: calls == [True], timeout=WAIT)


def test_the_live_game_tab_takes_a_goal_before_the_standings_are_filled(
    qtbot: QtBot, league: Path, at_the_boards: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    order: list[str] = []
    recording(monkeypatch, order, "standings", pause=0.5)
    recording(monkeypatch, order, "roster", pause=1.2)  # the filling takes over a second: the status bar says so
    recording(monkeypatch, order, "add_event")
    notes: list[str] = []
    real_standings = Services.standings

    def standings(self: Services, *args: Any, **kwargs: Any) -> Any:
        window = next(iter(windows))
        notes.append(window.fill.note.text().strip() if window.fill.note.isVisible() else "")
        return bound(real_standings, self)(*args, **kwargs)

    monkeypatch.setattr(Services, "standings", standings)
    windows: list[MainWindow] = []
    window = ui_app.show_window(str(league), at_the_boards, season=SEASON)
    windows.append(window)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.loaded, timeout=WAIT):
        pass
    tab = window.live_game_tab
    assert window.tabs.currentWidget() is tab and tab.game_pending == GAME  # listed; drawn once the season is read
    with qtbot.waitSignal(window.reader.arrived, timeout=WAIT):  # read on the worker: the game is drawn
        pass
    assert tab.game_id == GAME
    assert "standings" not in order and window.season_tab in window._stale  # (the roster may be read by now)
    rows = tab.events.rowCount()
    tab.events_view.setFocus()
    for key in (Qt.Key.Key_G, Qt.Key.Key_H, Qt.Key.Key_Tab, Qt.Key.Key_1, Qt.Key.Key_6, Qt.Key.Key_Return):
        press(qtbot, key)  # G, home, Tab, #16, Enter: as they arrive, before the next table loads
    assert tab.events.rowCount() == rows + 1 and "Goal recorded" in tab.messages.text()
    qtbot.waitUntil(lambda: not window.fill.busy, timeout=WAIT)
    assert order.index("add_event") < order.index("standings") and order.index("roster") < order.index("standings")
    assert notes == ["Loading standings and statistics…"]
    assert not window.fill.note.isVisible()
    assert not window._stale  # every table filled in the end
    assert window.season_tab.model.rowCount() > 0 and window.roster_tab.model.rowCount() > 0
    assert tab.events.rowCount() == rows + 1


def test_closing_the_window_while_the_tabs_fill(
    qtbot: QtBot, league: Path, at_the_boards: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    order: list[str] = []
    recording(monkeypatch, order, "standings")
    real_roster = Services.roster
    windows: list[MainWindow] = []

    def roster(self: Services, *args: Any, **kwargs: Any) -> Any:  # the person closes the window meanwhile
        order.append("roster")
        QTimer.singleShot(0, windows[0].close)
        return bound(real_roster, self)(*args, **kwargs)

    monkeypatch.setattr(Services, "roster", roster)
    window = ui_app.show_window(str(league), at_the_boards, season=SEASON)
    windows.append(window)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.loaded, timeout=WAIT):
        pass
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=WAIT)  # closed after the Roster tab filled
    assert not window.fill.busy and not window.fill.note.isVisible()
    qtbot.wait(300)
    assert order == ["roster"] and window.season_tab in window._stale  # nothing read once closed


def test_the_season_tab_fills_a_table_a_turn(
    qtbot: QtBot, league: Path, at_the_boards: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    order: list[str] = []
    for name in ("stats", "fines", "eligibility", "points_progression", "office_list"):
        recording(monkeypatch, order, name)
    real_standings = Services.standings

    def standings(self: Services, *args: Any, **kwargs: Any) -> Any:  # a key pressed meanwhile waits a turn
        order.append("standings")
        QTimer.singleShot(0, lambda: order.append("turn"))
        return bound(real_standings, self)(*args, **kwargs)

    monkeypatch.setattr(Services, "standings", standings)
    window = ui_app.show_window(str(league), at_the_boards, season=SEASON)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.ready and not window.loading, timeout=WAIT)
    season_tab = order[order.index("standings"):]  # (the Live Game tab's reads before it)
    assert season_tab[:3] == ["standings", "turn", "stats"]  # the event loop turned between two tables
    assert season_tab[3:] == ["fines", "eligibility", "points_progression", "office_list"]
    assert window.season_tab.stats.rowCount() > 0 and not window._stale
    reads = len(order)
    window.tabs.setCurrentWidget(window.season_tab)  # filled: nothing read again as it comes to the front
    assert len(order) == reads


def test_a_tab_brought_to_the_front_while_it_fills_loads_at_once_and_once(
    qtbot: QtBot, league: Path, at_the_boards: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    order: list[str] = []
    for name in ("stats", "office_list"):
        recording(monkeypatch, order, name)
    real_standings = Services.standings
    windows: list[MainWindow] = []

    def standings(self: Services, *args: Any, **kwargs: Any) -> Any:  # the Season tab clicked meanwhile
        order.append("standings")
        QTimer.singleShot(0, lambda: windows[0].tabs.setCurrentWidget(windows[0].season_tab))
        return bound(real_standings, self)(*args, **kwargs)

    monkeypatch.setattr(Services, "standings", standings)
    window = ui_app.show_window(str(league), at_the_boards, season=SEASON)
    windows.append(window)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.ready and window.tabs.currentWidget() is window.season_tab, timeout=WAIT)
    qtbot.waitUntil(lambda: not window.fill.busy, timeout=WAIT)
    qtbot.wait(100)
    season_tab = order[order.index("standings"):]
    assert season_tab == ["standings", "standings", "stats", "office_list"]  # the fill left it to the front's load
    assert window.season_tab.model.rowCount() > 0 and not window._stale
