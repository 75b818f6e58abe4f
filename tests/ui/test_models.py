"""Every table model of the window passes Qt's model tester, empty and filled from the demo season."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QSettings, QSortFilterProxyModel, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper.services import Services
from ui.dialogs import violation_row
from ui.models import (
    SORT_ROLE,
    EligibilityModel,
    EventsModel,
    FinesModel,
    FineTotalsModel,
    InfractionsModel,
    LineupModel,
    PlayerStatsModel,
    RecordTableModel,
    RosterModel,
    RulesModel,
    SuspensionsModel,
    ViolationsModel,
)
from ui.rulebook_dialog import rulebook_rows

SEASON = "2015-16"


def check(tester: ModelTester, model: RecordTableModel, rows: list[dict[str, Any]]) -> None:
    tester.check(model)
    model.set_rows(rows)
    assert model.rowCount() == len(rows) > 0
    tester.check(model)
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(model)
    proxy.setSortRole(SORT_ROLE)
    proxy.sort(0)
    tester.check(proxy)


def test_violations_model(qtmodeltester: ModelTester, demo_svc: Services) -> None:
    result = demo_svc.add_event("g016", {"type": "penalty", "team": "home", "period": 1, "elapsed": "01:00",
                                         "player": None, "infraction": "triping"})
    rows = [violation_row(v) for v in result.violations]
    model = ViolationsModel()
    check(qtmodeltester, model, rows)
    assert model.index(0, 0).data() == "Refused"
    assert model.index(0, 0).data(Qt.ItemDataRole.ForegroundRole) is not None


def test_rulebook_models(qtmodeltester: ModelTester, demo_svc: Services) -> None:
    rules, infractions = rulebook_rows(demo_svc.rules(SEASON), demo_svc.infractions(SEASON))
    check(qtmodeltester, RulesModel(), rules)
    check(qtmodeltester, InfractionsModel(), infractions)


def test_season_models(qtmodeltester: ModelTester, demo_svc: Services) -> None:
    names = {"name": "A Player", "team_name": "A Team", "payer_name": "A Player"}
    check(qtmodeltester, PlayerStatsModel(), [{**r, **names} for r in demo_svc.stats(SEASON)["players"]])
    check(qtmodeltester, SuspensionsModel(), [{**r, **names} for r in demo_svc.suspensions(SEASON)["suspensions"]])
    fines = demo_svc.fines(SEASON)
    check(qtmodeltester, FinesModel(), [{**r, **names} for r in fines["fines"]])
    check(qtmodeltester, FineTotalsModel(), [{**r, **names} for r in fines["totals"]])
    check(qtmodeltester, EligibilityModel(), [{**r, **names} for r in demo_svc.eligibility(SEASON)["players"]])


@pytest.fixture
def window_models(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> Any:
    window = open_window(qtbot, demo_svc, settings)
    window.live_game_tab.select_game("g001")
    return window


def test_models_the_tabs_fill(qtmodeltester: ModelTester, window_models: Any) -> None:
    roster: RosterModel = window_models.roster_tab.players
    events: EventsModel = window_models.live_game_tab.events
    lineup: LineupModel = window_models.live_game_tab.home_lineup.model
    for model in (roster, events, lineup):
        assert model.rowCount() > 0
        qtmodeltester.check(model)
    qtmodeltester.check(window_models.roster_tab.proxy)
    check(qtmodeltester, RosterModel(), [roster.row(n) for n in range(roster.rowCount())])
    check(qtmodeltester, EventsModel(), [events.row(n) for n in range(events.rowCount())])


def test_lineup_model_check_boxes(qtmodeltester: ModelTester) -> None:
    rows = [{"player": "g", "number": 30, "name": "Goalie", "position": "goalie", "dressed": False, "goalie": False,
             "note": ""},
            {"player": "s", "number": 7, "name": "Skater", "position": "skater", "dressed": False, "goalie": False,
             "note": "suspended (PEN-FIGHT-1)"}]
    model = LineupModel(rows)
    qtmodeltester.check(model)
    checked, unchecked = Qt.CheckState.Checked, Qt.CheckState.Unchecked
    assert model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemIsUserCheckable
    assert not model.flags(model.index(0, 3)) & Qt.ItemFlag.ItemIsUserCheckable
    assert model.setData(model.index(1, 1), checked, Qt.ItemDataRole.CheckStateRole)  # goalie dresses too
    assert model.index(1, 0).data(Qt.ItemDataRole.CheckStateRole) == checked
    assert model.setData(model.index(1, 0), unchecked, Qt.ItemDataRole.CheckStateRole)  # undressed: no goalie
    assert model.index(1, 1).data(Qt.ItemDataRole.CheckStateRole) == unchecked
    assert not model.setData(model.index(1, 3), "x", Qt.ItemDataRole.EditRole)
    model.set_all(True)
    assert model.entries() == [{"player": "g", "goalie": True}, {"player": "s"}]
    assert model.index(1, 5).data(Qt.ItemDataRole.ForegroundRole) is not None
    qtmodeltester.check(model)
    model.set_all(False)
    assert model.entries() == []


def test_the_office_mail_and_csv_models(qtmodeltester: ModelTester, demo_svc: Services, tmp_path: Any) -> None:
    from ui.mail_dialogs import DeliveryModel
    from ui.office import AuditModel, audit_rows
    from ui.roster_csv import CsvRowsModel

    assert demo_svc.reopen_game("g006", "score corrected").ok
    check(qtmodeltester, AuditModel(), audit_rows(demo_svc, SEASON))
    check(qtmodeltester, DeliveryModel(), [{"status": "Sent", "to": "a@example.org", "subject": "s", "detail": "<id>"},
                                           {"status": "Not sent", "to": "b@example.org", "subject": "t",
                                            "detail": "535 authentication failed"}])
    path = tmp_path / "r.csv"
    path.write_text("team,number,first,last\nherons,40,Ann,Ode\npenguins,9,No,Team\n", encoding="utf-8")
    rows = demo_svc.preview_roster_csv(str(path), season=SEASON)
    model = CsvRowsModel()
    check(qtmodeltester, model, rows)
    assert model.index(1, 1).data() == "Refused" and model.index(1, 1).data(Qt.ItemDataRole.ForegroundRole)


def test_lineup_model_refuses_a_suspended_player(qtmodeltester: ModelTester) -> None:
    rows = [{"player": "a", "number": 1, "name": "A", "position": "skater", "dressed": False, "goalie": False,
             "note": "", "refused": False},
            {"player": "b", "number": 2, "name": "B", "position": "skater", "dressed": False, "goalie": False,
             "note": "suspended: game 1 of 2 (ELIG-2 §8)", "refused": True}]
    model = LineupModel(rows)
    qtmodeltester.check(model)
    assert not model.setData(model.index(1, 0), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    assert model.index(1, 3).data(Qt.ItemDataRole.ToolTipRole).startswith("Refused: suspended")
    model.set_all(True)
    assert model.entries() == [{"player": "a"}]
