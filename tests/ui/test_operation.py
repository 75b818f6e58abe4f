"""The window's one operation runner (`ui.operation.run`, as Anki's CollectionOp): a warning is asked about and the
write run again confirmed; a refusal is shown with its rule and section and nothing is broadcast; an operation
that needs the office is refused while the office stays locked; what was written is broadcast to every tab."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper.changes import Changes
from scorekeeper.services import Services
from ui import dialogs, office, operation
from ui.main_window import MainWindow

SEASON = "2015-16"


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    return window


@pytest.fixture
def heard(window: MainWindow) -> list[Changes]:
    """Every `Changes` broadcast to the tabs."""
    seen: list[Changes] = []
    window.hub.changed.connect(seen.append)
    return seen


def dressed(prefix: str, skip: str = "") -> list[dict[str, Any]]:
    players = [f"{prefix}{n:02d}" for n in range(1, 11) if f"{prefix}{n:02d}" != skip]
    return [{"player": players[0], "goalie": True}, *({"player": p} for p in players[1:])]


def test_the_runner_asks_to_confirm_a_warning_then_writes_confirmed(
    window: MainWindow, demo_svc: Services, heard: list[Changes], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[list[Any]] = []
    monkeypatch.setattr(dialogs, "confirm_warnings", lambda parent, violations: asked.append(violations) or True)
    shown: list[str] = []
    calls: list[bool] = []

    def save(confirm: bool) -> Any:
        calls.append(confirm)
        return demo_svc.set_lineup("g008", "home", dressed("he", skip="he04"), confirm, season=SEASON)

    result = operation.run(window.live_game_tab, demo_svc, window.hub, save, show=shown.append)
    assert result is not None and result.ok
    assert calls == [False, True]  # asked first, then written confirmed
    assert any(v.severity == "warn" for v in asked[0]) and shown == []
    assert len(demo_svc.view(SEASON).games["g008"]["lineups"]["home"]) == 9
    assert heard and heard[-1].touches_game("g008")


def test_a_declined_warning_writes_nothing_and_says_so(
    window: MainWindow, demo_svc: Services, heard: list[Changes], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dialogs, "confirm_warnings", lambda parent, violations: False)
    shown: list[str] = []
    result = operation.run(window.live_game_tab, demo_svc, window.hub,
                           lambda confirm: demo_svc.set_lineup("g008", "home", dressed("he", skip="he04"), confirm,
                                                               season=SEASON), show=shown.append)
    assert result is None and heard == []
    assert "warning not confirmed" in shown[0]
    assert demo_svc.view(SEASON).games["g008"]["lineups"]["home"] == []


def test_the_runner_shows_a_refusal_with_its_rule_and_section(
    window: MainWindow, demo_svc: Services, heard: list[Changes]
) -> None:
    shown: list[str] = []
    result = operation.run(window.live_game_tab, demo_svc, window.hub,
                           lambda confirm: demo_svc.set_lineup("g008", "home", [{"player": "he04"}], confirm,
                                                               season=SEASON), show=shown.append)
    assert result is None and heard == []
    text = shown[0]
    assert text.startswith("<b>Not recorded</b>") and "ELIG-2" in text and "§8" in text  # suspended: the rule
    assert demo_svc.view(SEASON).games["g008"]["lineups"]["home"] == []


def test_an_office_operation_is_refused_while_the_office_stays_locked(
    window: MainWindow, demo_svc: Services, heard: list[Changes], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(office, "ask_new_password", lambda parent, has: ("rink-office-1", None))
    monkeypatch.setattr(dialogs, "run_dialog", lambda dialog: 0)
    assert window.change_password() and not demo_svc.office_unlocked
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: asked.append(label) and None)
    shown: list[str] = []
    result = operation.run(window.live_game_tab, demo_svc, window.hub,
                           lambda confirm: demo_svc.reopen_game("g006", "wrong scorer", season=SEASON),
                           show=shown.append)
    assert result is None and heard == []
    assert "needs the office password" in asked[0]  # the runner asked for it
    assert "OFFICE" in shown[0] and "needs the office password" in shown[0]
    assert demo_svc.view(SEASON).games["g006"]["status"] == "final"
    assert window.office_label.text() == "Office: locked"


def test_an_office_operation_unlocked_on_the_way_is_written_and_the_status_bar_says_so(
    window: MainWindow, demo_svc: Services, heard: list[Changes], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(office, "ask_new_password", lambda parent, has: ("rink-office-1", None))
    monkeypatch.setattr(dialogs, "run_dialog", lambda dialog: 0)
    assert window.change_password()
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, title, label: "rink-office-1")
    result = operation.run(window.live_game_tab, demo_svc, window.hub,
                           lambda confirm: demo_svc.reopen_game("g006", "wrong scorer", season=SEASON),
                           show=lambda text: None)
    assert result is not None and result.ok
    assert demo_svc.view(SEASON).games["g006"]["status"] != "final"
    assert window.office_label.text() == "Office: unlocked"
    assert heard[-1].touches_game("g006")
