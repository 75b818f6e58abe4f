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


def test_a_game_row_is_found_by_id_and_only_its_changed_cells_are_signalled(qtmodeltester: ModelTester,
                                                                              svc: Services) -> None:
    games = svc.games()
    model = GamesModel(games)
    last = games[-1]
    assert model.number_of(last["id"]) == len(games) - 1 and model.number_of("no-such-game") is None
    model.update_rows(games[1:])  # the first game gone: every row number after it moves up
    assert model.number_of(last["id"]) == len(games) - 2 and model.number_of(games[0]["id"]) is None
    changed: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda first, end: changed.append((first.row(), first.column())))
    model.replace_game({**last, "status": "final", "status_text": "Final", "score": {"home": 9, "away": 8}})
    row = len(games) - 2
    headers = [column.header for column in model.columns]
    assert model.index(row, headers.index("Result")).data() == "9 – 8\nFinal"
    assert changed == [(row, headers.index("Result"))]  # the teams and date cell is not repainted
    model.replace_game({**games[0], "status": "final"})  # a game no longer listed: nothing changes
    model.replace_game({**last, "status": "final", "status_text": "Final", "score": {"home": 9, "away": 8}})  # again
    assert changed == [(row, headers.index("Result"))]
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
