"""Each table model passes Qt's model tester, empty and over the example season."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from scorekeeper.services import Services
from ui.models import GamesModel, StandingsModel, TeamsModel


def test_teams_model(qtmodeltester: ModelTester, svc: Services) -> None:
    model = TeamsModel()
    qtmodeltester.check(model)
    model.set_rows(svc.teams())
    assert model.rowCount() == 4
    qtmodeltester.check(model)


def test_games_model(qtmodeltester: ModelTester, svc: Services) -> None:
    model = GamesModel()
    qtmodeltester.check(model)
    model.set_rows(svc.games())
    assert model.rowCount() == 4
    qtmodeltester.check(model)


def test_standings_model(qtmodeltester: ModelTester, svc: Services) -> None:
    model = StandingsModel()
    qtmodeltester.check(model)
    teams = svc.teams()
    model.set_standings(
        svc.standings(),
        {team["id"]: team["name"] for team in teams},
        {team["division"]: team["division_name"] for team in teams},
    )
    assert model.rowCount() == 6
    qtmodeltester.check(model)
    heading = model.heading_rows()[0]
    assert not model.flags(model.index(heading, 0)) & Qt.ItemFlag.ItemIsSelectable


def test_headers_explain_the_abbreviations() -> None:
    model = StandingsModel()
    tips = {
        c.header: model.headerData(n, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        for n, c in enumerate(model.columns)
    }
    assert tips["GP"] == "Games played" and tips["PIM"] == "Penalty minutes"
