"""A usable window at once, on any history (issue 29.4): the Live Game tab lists the season's games from a narrow
read (no event read, nothing replayed) and the whole season is read on a worker thread with its own connection,
handed to the window by a signal. The window stays right when the person acts first: picks a game and types a
goal, switches season or closes the window while the worker reads (held here until the test lets it go: nothing
depends on timing)."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot
from test_live_redraw import lineup
from ui_helpers import press

from scorekeeper.services import Services
from ui import app as ui_app
from ui.main_window import OPERATOR, TAB, MainWindow

SEASON, GAME = "2015-16", "g016"
WAIT = 60_000


@pytest.fixture
def league(demo_db: Path, tmp_path: Path) -> Path:
    """A copy of the demo season's database, game g016's line-ups in, its results stored (closed as the window
    closes: what it computed is stored, summarised for the games list)."""
    copy = tmp_path / "league.db"
    shutil.copy(demo_db, copy)
    svc = Services.open(str(copy), exclusive=True)
    assert svc.set_lineup(GAME, "home", lineup("ly"), season=SEASON).ok
    assert svc.set_lineup(GAME, "away", lineup("ow"), season=SEASON).ok
    for season in svc.seasons():
        svc.games(season["name"])
    svc.close()
    return copy


@pytest.fixture
def at_the_boards(settings: QSettings) -> QSettings:
    settings.setValue(TAB, 1)
    settings.setValue(OPERATOR, "Dana")
    settings.setValue(f"live/game/{SEASON}", GAME)
    return settings


class Gate:
    """Holds every season read on the worker until `open()` (or until the read is stopped)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.opened = threading.Event()
        self.reads: list[Any] = []
        self.threads: list[threading.Thread] = []
        real = Services.read_view

        def read_view(svc: Services, season: Any) -> Any:
            self.threads.append(threading.current_thread())
            read = self.reads[-1]
            while not self.opened.is_set() and not read.cancelled.is_set():
                self.opened.wait(0.01)
            return real(svc, season)

        real_read = Services.season_read

        def season_read(svc: Services, season: str | None = None) -> Any:
            read = real_read(svc, season)
            self.reads.append(read)
            return read

        monkeypatch.setattr(Services, "read_view", read_view)
        monkeypatch.setattr(Services, "season_read", season_read)

    def open(self) -> None:
        self.opened.set()


def by_id(rows: list[Any]) -> list[Any]:
    return sorted(rows, key=lambda row: row["id"])


def started(qtbot: QtBot, league: Path, settings: QSettings, season: str = SEASON) -> MainWindow:
    window = ui_app.show_window(str(league), settings, season=season)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.loaded, timeout=WAIT):
        pass
    return window


def test_the_games_are_listed_before_the_season_is_read_and_the_game_drawn_once_it_is(
    qtbot: QtBot, league: Path, at_the_boards: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = Gate(monkeypatch)
    window = started(qtbot, league, at_the_boards)
    tab, svc = window.live_game_tab, window.svc
    season_id = svc.season_row(SEASON).id
    assert not svc.has_view(season_id)  # listed without reading the season
    listed = [tab.model.row(n) for n in range(tab.model.rowCount())]
    assert tab.game_pending == GAME and tab.game_id is None and not tab.game_page.isEnabled()
    assert tab.model.row(tab.view.currentIndex().row())["id"] == GAME  # the game to be at the boards, picked
    qtbot.waitUntil(lambda: bool(gate.reads) and window.reader.busy, timeout=WAIT)
    with qtbot.waitSignal(window.reader.arrived, timeout=WAIT) as arrived:
        gate.open()
    assert arrived.args == [SEASON, True]  # the worker's view taken over
    assert gate.threads and all(t is not threading.main_thread() for t in gate.threads)
    assert svc.has_view(season_id) and tab.game_id == GAME and tab.game_page.isEnabled()
    assert by_id(listed) == by_id(svc.games(SEASON))  # the narrow list is the whole season's
    qtbot.waitUntil(lambda: not window.loading, timeout=WAIT)
    assert not window._stale and window.season_tab.model.rowCount() > 0


def test_a_goal_typed_while_the_worker_reads_is_kept_and_its_view_dropped(
    qtbot: QtBot, league: Path, at_the_boards: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = Gate(monkeypatch)
    window = started(qtbot, league, at_the_boards)
    tab = window.live_game_tab
    qtbot.waitUntil(lambda: window.reader.busy, timeout=WAIT)
    tab.view.setFocus()
    row = tab.view.currentIndex().row()
    press(qtbot, Qt.Key.Key_Down)  # the person picks the next game and back: read here, not waited for
    press(qtbot, Qt.Key.Key_Up)
    assert tab.game_id == tab.model.row(row)["id"] == GAME and tab.game_page.isEnabled()
    rows = tab.events.rowCount()
    tab.events_view.setFocus()
    for key in (Qt.Key.Key_G, Qt.Key.Key_H, Qt.Key.Key_Tab, Qt.Key.Key_1, Qt.Key.Key_6, Qt.Key.Key_Return):
        press(qtbot, key)
    assert tab.events.rowCount() == rows + 1
    with qtbot.waitSignal(window.reader.arrived, timeout=WAIT) as arrived:
        gate.open()
    assert arrived.args == [SEASON, False]  # read before the goal: not taken over
    assert tab.events.rowCount() == rows + 1 and tab.game_id == GAME
    qtbot.waitUntil(lambda: not window.loading, timeout=WAIT)
    window.close()
    again = Services.open(str(league))
    assert len(again.view(SEASON).games[GAME].get("events", [])) == rows + 1  # the goal was written
    again.close()


def test_another_season_picked_while_the_worker_reads(
    qtbot: QtBot, league: Path, at_the_boards: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = Services.open(str(league))
    svc.create_season(svc.seasons()[0]["league"], "2099-00")  # a second season, empty
    svc.close()
    gate = Gate(monkeypatch)
    window = started(qtbot, league, at_the_boards)
    qtbot.waitUntil(lambda: window.reader.busy, timeout=WAIT)
    first = gate.reads[0]
    window.select_season("2099-00")
    assert first.cancelled.is_set() and not window.reader.busy  # the first season's read is stopped
    gate.open()
    qtbot.waitUntil(lambda: not window.loading, timeout=WAIT)
    tab = window.live_game_tab
    assert tab.season == "2099-00" and tab.model.rowCount() == 0 and tab.game_page.isEnabled()
    with qtbot.waitSignal(window.reader.arrived, timeout=WAIT) as arrived:
        window.select_season(SEASON)  # back: listed at once, read on the worker again
    assert arrived.args == [SEASON, True] and len(gate.reads) == 2
    qtbot.waitUntil(lambda: not window.loading, timeout=WAIT)
    assert tab.season == SEASON and tab.game_id == GAME
    assert by_id([tab.model.row(n) for n in range(tab.model.rowCount())]) == by_id(window.svc.games(SEASON))


def test_closing_the_window_while_the_worker_reads_stops_it(
    qtbot: QtBot, league: Path, at_the_boards: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = Gate(monkeypatch)
    window = started(qtbot, league, at_the_boards)
    qtbot.waitUntil(lambda: window.reader.busy and bool(gate.threads), timeout=WAIT)
    thread = gate.threads[0]
    window.close()
    assert not thread.is_alive()  # stopped before the database closed
    assert gate.reads[0].cancelled.is_set() and not window.reader.busy
    assert not window.fill.busy and window.svc.db.is_closed()


def test_the_season_tab_brought_to_the_front_while_the_worker_reads(
    qtbot: QtBot, league: Path, at_the_boards: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = Gate(monkeypatch)
    window = started(qtbot, league, at_the_boards)
    qtbot.waitUntil(lambda: window.reader.busy, timeout=WAIT)
    window.tabs.setCurrentWidget(window.season_tab)  # read here at once: the standings shown
    assert window.season_tab.model.rowCount() > 0 and window.season_tab not in window._stale
    with qtbot.waitSignal(window.reader.arrived, timeout=WAIT) as arrived:
        gate.open()
    assert arrived.args == [SEASON, False]  # the season was read on the window's thread first
    qtbot.waitUntil(lambda: not window.loading, timeout=WAIT)
    assert window.live_game_tab.game_id == GAME and window.live_game_tab.game_page.isEnabled()
    assert not window._stale


def test_the_status_bar_says_the_season_is_read_while_that_takes_over_a_second(
    qtbot: QtBot, league: Path, at_the_boards: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = Gate(monkeypatch)
    window = started(qtbot, league, at_the_boards)
    note = window.fill.note
    qtbot.waitUntil(note.isVisible, timeout=WAIT)  # the worker held: past its second, it says so
    assert note.text().strip() == "Reading the season…" and window.reader.busy
    with qtbot.waitSignal(window.reader.arrived, timeout=WAIT):
        gate.open()
    qtbot.waitUntil(lambda: not window.loading, timeout=WAIT)
    assert not note.isVisible()


def test_another_database_opened_while_the_worker_reads_the_first(
    qtbot: QtBot, league: Path, at_the_boards: QSettings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    other = tmp_path / "other.db"
    shutil.copy(league, other)
    svc = Services.open(str(other))
    svc.rename_team(svc.games(SEASON)[0]["home"], "Renamed Elsewhere", season=SEASON)
    svc.close()
    gate = Gate(monkeypatch)
    window = started(qtbot, league, at_the_boards)
    qtbot.waitUntil(lambda: window.reader.busy and bool(gate.threads), timeout=WAIT)
    first = gate.reads[0]
    assert window.open_database(str(other), first_start=False)  # the first read is stopped, pinned to its own
    assert first.cancelled.is_set()
    with qtbot.waitSignal(window.reader.arrived, timeout=WAIT) as arrived:
        gate.open()
    assert arrived.args == [SEASON, True] and gate.reads[-1].svc is window.svc
    qtbot.waitUntil(lambda: not window.loading, timeout=WAIT)
    names = {row["home_name"] for row in window.svc.games(SEASON)}
    assert "Renamed Elsewhere" in names  # the window reads the database it opened, nothing of the first
    listed = {window.live_game_tab.model.row(n)["home_name"] for n in range(window.live_game_tab.model.rowCount())}
    assert listed == names and window.live_game_tab.game_id == GAME
