"""The Season tab: standings, scoring (regular and playoff), suspensions, fines and eligibility, all the
facade's figures, sortable; a notice to the captain recorded from the suspensions table."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot
from ui_helpers import column, focus, open_window, press

from scorekeeper.services import Services, standings_texts
from ui import dialogs
from ui.season_tab import SeasonTab

SEASON = "2015-16"


@pytest.fixture
def tab(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> SeasonTab:
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.season_tab)
    return window.season_tab


def test_the_pages(tab: SeasonTab) -> None:
    assert [tab.pages.tabText(n) for n in range(tab.pages.count())] == [
        "Standings", "Scoring", "Suspensions", "Fines", "Playoff eligibility", "Office list (2)", "Points chart"]


def test_scoring_follows_the_facade_and_sorts_by_points(tab: SeasonTab, demo_svc: Services) -> None:
    rows = demo_svc.stats(SEASON, "regular")["players"]
    assert tab.stats.rowCount() == len(rows)
    view = tab.stats_view
    view.sortByColumn(5, Qt.SortOrder.DescendingOrder)
    points = [int(view.model().index(n, 5).data()) for n in range(view.model().rowCount())]
    assert points == sorted(points, reverse=True) and points[0] == max(row["pts"] for row in rows)
    tab.stage.setCurrentIndex(1)
    assert tab.stats.rowCount() == len(demo_svc.stats(SEASON, "playoff")["players"])


def test_goaltending_beside_the_scoring_follows_the_facade(qtbot: QtBot, tab: SeasonTab,
                                                          demo_svc: Services) -> None:
    tab.pages.setCurrentIndex(1)
    rows = demo_svc.stats(SEASON, "regular")["goalies"]
    assert rows and tab.goalies.rowCount() == len(rows)
    heads = [tab.goalies.headerData(n, Qt.Orientation.Horizontal) for n in range(tab.goalies.columnCount())]
    assert heads == ["Goalie", "Team", "GP", "W", "L", "T", "OTL", "SOL", "MIN", "SA", "SV", "SV%", "GA", "GAA", "SO"]
    names = {t["id"]: t["name"] for t in demo_svc.teams(SEASON)}
    shown = {(tab.goalies.index(n, 1).data(), tab.goalies.index(n, 8).data(), tab.goalies.index(n, 13).data())
             for n in range(tab.goalies.rowCount())}
    assert shown == {(names[r["team"]], r["min"], "—" if r["gaa"] is None else f"{r['gaa']:.2f}") for r in rows}
    assert tab.goalies_view.isVisible()
    tab.stage.setCurrentIndex(1)
    assert tab.goalies.rowCount() == len(demo_svc.stats(SEASON, "playoff")["goalies"])


def test_suspensions_and_fines(tab: SeasonTab, demo_svc: Services) -> None:
    assert column(tab.suspensions, "Rule") == ["PEN-FIGHT-1", "PEN-FIGHT-1"]
    assert column(tab.suspensions, "Served") == ["0 of 5", "0 of 5"]
    assert column(tab.suspensions, "Review") == ["yes", "yes"]
    assert column(tab.fines, "Amount") == ["50.00", "50.00"]
    totals = {row["team_name"]: row for row in (tab.totals.row(n) for n in range(tab.totals.rowCount()))}
    assert totals["Lynx"]["paid"] == "20.00" and totals["Lynx"]["balance"] == "-20.00"
    assert totals["Herons"]["balance"] == "50.00"
    view = demo_svc.view(SEASON)
    assert sorted(column(tab.fines, "Payer")) == sorted(view.player_name(p) for p in ("fa05", "he04"))


def test_eligibility(tab: SeasonTab, demo_svc: Services) -> None:
    rows = demo_svc.eligibility(SEASON)["players"]
    assert tab.eligibility.rowCount() == len(rows)
    assert set(column(tab.eligibility, "Playoffs")) == {"not eligible"}  # 4 games of the 6 needed so far


def test_record_a_notice_to_the_captain(tab: SeasonTab, demo_svc: Services) -> None:
    assert not tab.record_notice()
    tab.pages.setCurrentIndex(2)
    tab.suspensions_view.selectRow(0)
    assert tab.record_notice()
    assert "Notice to the captain" in tab.messages.text()


def test_record_a_payment(tab: SeasonTab, demo_svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    payment = {"payer": {"team": "herons"}, "amount": "50.00", "date": "2015-11-20", "memo": "cash"}
    monkeypatch.setattr(dialogs, "ask_payment", lambda parent, teams, today, *rest: payment)
    tab.payment_button.click()
    assert "Payment of 50.00 by Herons recorded" in tab.fines_messages.text()
    totals = {row["team"]: row for row in demo_svc.fines(SEASON)["totals"]}
    assert totals["herons"]["balance"] == "0.00"
    shown = {tab.totals.row(n)["team"]: tab.totals.row(n) for n in range(tab.totals.rowCount())}
    assert shown["herons"]["balance"] == "0.00"


def test_an_appeal_without_its_form_is_refused_with_appeal_1(
    tab: SeasonTab, demo_svc: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    tab.suspensions_view.selectRow(0)
    row = tab.suspensions.row(0)

    def appeal(parent: object, who: str, player: str, game: str, today: str) -> dict[str, object]:
        return {"player": player, "game": game, "filed": "2015-11-10", "form": "", "fee_paid": False,
                "decision": "pending"}

    monkeypatch.setattr(dialogs, "ask_appeal", appeal)
    assert not tab.record_appeal()
    assert "APPEAL-1" in tab.messages.text()
    assert demo_svc.view(SEASON).data["appeals"] == []

    def with_form(parent: object, who: str, player: str, game: str, today: str) -> dict[str, object]:
        return {**appeal(parent, who, player, game, today), "form": "A-2015-07", "fee_paid": True}

    monkeypatch.setattr(dialogs, "ask_appeal", with_form)
    assert tab.record_appeal(), tab.messages.text()
    assert demo_svc.view(SEASON).data["appeals"][0]["player"] == row["player"]
    shown = [tab.suspensions.row(n) for n in range(tab.suspensions.rowCount())]
    assert next(r for r in shown if r["player"] == row["player"])["appeal"] == "pending"


def test_the_payment_dialog_reads_what_was_typed(qtbot: QtBot) -> None:
    dialog = dialogs.PaymentDialog([("herons", "Herons"), ("lynx", "Lynx")], "2015-11-20")
    qtbot.addWidget(dialog)
    assert dialog.answer() is None
    dialog.team.setCurrentIndex(1)
    dialog.amount.setText("20.5")
    assert dialog.answer() == {"payer": {"team": "lynx"}, "amount": "20.50", "date": "2015-11-20"}


def test_the_points_chart_ends_at_the_standings(qtbot: QtBot, tab: SeasonTab, demo_svc: Services) -> None:
    tab.pages.setCurrentIndex(5)
    for index in range(tab.chart_division.count()):
        tab.chart_division.setCurrentIndex(index)
        division = tab.chart_division.currentData()
        rows = next(d["rows"] for d in demo_svc.standings(SEASON)["divisions"] if d["division"] == division)
        names = {team["id"]: team["name"] for team in demo_svc.teams(SEASON)}
        final = {series.name: series.points[-1] for series in tab.chart.series}
        assert final == {names[row["team"]]: row["pts"] for row in rows}
        assert all(len(series.points) == 4 for series in tab.chart.series)
        assert not tab.chart.grab().isNull()


def test_a_28_suspensions_page_lists_what_was_carried_into_the_season(
    qtbot: QtBot, empty_svc: Services, settings: QSettings
) -> None:
    from tests.scorekeeper.season.test_carryover import new_season, old_season

    for data in (old_season(), new_season(b02_from=99, games=2)):
        report = empty_svc.import_data(data)
        assert report.ok, [v.line() for v in report.blocks]
    window = open_window(qtbot, empty_svc, settings)
    window.tabs.setCurrentWidget(window.season_tab)
    model = window.season_tab.suspensions
    assert column(model, "Game") == ["x04 (2014-15)"]
    assert column(model, "Status") == ["active, carried over"]
    assert column(model, "Served") == ["2 of 5"]  # two of b's games in 2015-16


def test_the_office_list_gathers_the_captains_to_e_mail_and_leads_to_the_suspension(
        qtbot: QtBot, tab: SeasonTab, demo_svc: Services) -> None:
    """Issue 27.11: the captains' e-mails due before a team's next game (SUSP-2), as the facade's one query says
    them, are on the office list; Enter on one shows its suspension on the Suspensions page, where the notice is
    recorded."""
    due = [(i["rule"], i["player"]) for i in demo_svc.office_list(SEASON)]
    assert due == [("SUSP-2", "he04"), ("SUSP-2", "fa05")]
    tab.window().activateWindow()
    tab.pages.tabBar().setFocus()  # the page tabs, as Shift+Tab from the table reaches them
    titles = [tab.pages.tabText(n) for n in range(tab.pages.count())]
    press(qtbot, Qt.Key.Key_Right, times=titles.index("Office list (2)"))
    assert tab.pages.tabText(tab.pages.currentIndex()) == "Office list (2)"
    assert column(tab.office, "Team") == ["Herons", "Falcons"] and column(tab.office, "Rule")[0].startswith("SUSP-2")
    assert "E-mail the captain of Herons about Ryan Cote's suspension" in column(tab.office, "To do")[0]
    tab.office_view.setFocus()
    press(qtbot, Qt.Key.Key_Home)
    press(qtbot, Qt.Key.Key_Return)
    assert tab.pages.tabText(tab.pages.currentIndex()) == "Suspensions" and focus() is tab.suspensions_view
    row = tab.selected_suspension()
    assert row is not None and (row["player"], row["game"]) == ("he04", "g006")
    tab.notice_button.setFocus()
    press(qtbot, Qt.Key.Key_Space)  # Captain notified: today, after g008's date, so still due (SUSP-2)
    assert "Notice to the captain about Ryan Cote recorded" in tab.messages.text()
    # the list is the facade's, read again after the change
    assert column(tab.office, "To do") == [i["what"] for i in demo_svc.office_list(SEASON)]


def test_the_standings_show_the_columns_leagues_print(tab: SeasonTab, demo_svc: Services) -> None:
    model = tab.model
    heads = [model.headerData(n, Qt.Orientation.Horizontal) for n in range(model.columnCount())]
    assert heads[-6:] == ["P%", "GF%", "L10", "STRK", "HOME", "AWAY"]
    first = demo_svc.standings(SEASON)["divisions"][0]["rows"][0]
    texts = standings_texts(first)
    row = [model.data(model.index(1, n)) for n in range(model.columnCount())]
    assert row[-6:] == [texts[k] for k in ("pts_pct", "gf_pct", "l10", "streak", "home", "away")]
    assert texts["pts_pct"].startswith(".") or texts["pts_pct"] == "1.000"
