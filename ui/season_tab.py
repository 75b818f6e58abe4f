"""The Season tab: standings per division, player scoring, suspensions, fines, playoff eligibility and the office
list (captains to e-mail, proposed suspensions to decide: what the boards leave to the office).

Every figure is the facade's (`standings`, `stats`, `suspensions`, `fines`, `eligibility`); the tab only adds
names to ids and lets the tables sort.
"""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Callable, Generator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, cast

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.changes import Changes
from scorekeeper.results_records import SuspensionRow
from scorekeeper.services import NOTICE_RULE
from ui import dialogs, operation, theme
from ui.chart import PointsChart, Series
from ui.hub import ChangeHub
from ui.models import (
    SORT_ROLE,
    EligibilityModel,
    FinesModel,
    FineTotalsModel,
    GoalieStatsModel,
    OfficeListModel,
    PlayerStatsModel,
    RecordTableModel,
    StandingsModel,
    SuspensionsModel,
)
from ui.money_field import format_money
from ui.table_tab import TableTab, fit_columns, make_table_view

if TYPE_CHECKING:
    from scorekeeper.changes import EntryResult
    from scorekeeper.results_records import FineRow, TeamRow
    from scorekeeper.services import Services
    from ui import print_preview
    from ui.dialog_answers import PayableFine

NOTICES, STATEMENTS = "notices", "statements"
"""The kinds of mail (`ui.mail_dialogs.NOTICES`, `STATEMENTS`): mail_dialogs is imported on first use."""


class NamedSuspension(SuspensionRow):
    """A suspension as the Suspensions table lists it: the facade's row, with its names (`SeasonTab._named`)."""

    name: str  # the player's
    team_name: NotRequired[str]
    game_name: NotRequired[str]


class SeasonTab(TableTab):
    """Standings as the facade computes them, one block per division, and the season's other tables."""

    empty_text = "No standings for {season} yet."
    model: StandingsModel

    def __init__(self, svc: Services, parent: QWidget | None = None, hub: ChangeHub | None = None) -> None:
        super().__init__(svc, StandingsModel(), parent, hub)
        self._chart_teams: Sequence[TeamRow] = []
        self._chart_points: dict[str, list[int]] = {}

    def _sortable(self, model: RecordTableModel) -> QTableView:
        proxy = QSortFilterProxyModel(self)
        proxy.setSourceModel(model)
        proxy.setSortRole(SORT_ROLE)
        view = make_table_view(model, self, proxy)
        view.setSortingEnabled(True)
        view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        return view

    def build_page(self) -> QWidget:
        self.stats = PlayerStatsModel()
        self.suspensions = SuspensionsModel()
        self.fines = FinesModel()
        self.totals = FineTotalsModel()
        self.eligibility = EligibilityModel()
        self.stats_view = self._sortable(self.stats)
        self.stats_view.setAccessibleName("Players' scoring")
        self.suspensions_view = self._sortable(self.suspensions)
        self.fines_view = self._sortable(self.fines)
        self.totals_view = self._sortable(self.totals)
        self.eligibility_view = self._sortable(self.eligibility)

        self.stage = QComboBox(self)
        self.stage.addItem("Regular season", "regular")
        self.stage.addItem("Playoffs", "playoff")
        self.stage.currentIndexChanged.connect(self._load_stats)
        scoring = QWidget(self)
        scoring_layout = QVBoxLayout(scoring)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Stage:", self))
        bar.addWidget(self.stage)
        bar.addStretch(1)
        scoring_layout.addLayout(bar)
        self.goalies = GoalieStatsModel()
        self.goalies_view = self._sortable(self.goalies)
        self.goalies_view.horizontalHeader().setMinimumSectionSize(30)  # fifteen figures in sight at 1024 pixels
        tables = QSplitter(Qt.Orientation.Vertical, scoring)
        tables.setChildrenCollapsible(False)
        tables.addWidget(self.stats_view)
        goaltending = QWidget(tables)
        goaltending_layout = QVBoxLayout(goaltending)
        goaltending_layout.setContentsMargins(0, 4, 0, 0)
        goaltending_layout.addWidget(QLabel("<b>Goaltending</b>", goaltending))
        goaltending_layout.addWidget(self.goalies_view)
        tables.addWidget(goaltending)
        tables.setStretchFactor(0, 3)
        tables.setStretchFactor(1, 1)
        scoring_layout.addWidget(tables)

        self.notice_button = QPushButton("Captain &notified", self)
        self.notice_button.setToolTip("Record that the team captain was e-mailed the selected suspension (the "
                                      "rulebook's notice rule)")
        self.notice_button.clicked.connect(self.record_notice)
        self.appeal_button = QPushButton("Record &appeal…", self)
        self.appeal_button.setToolTip("An appeal of the selected suspension: form number, fee, decision (the "
                                      "rulebook's appeal rule)")
        self.appeal_button.clicked.connect(self.record_appeal)
        self.payment_button = QPushButton("&Record payment…", self)
        self.payment_button.setToolTip("A payment toward a team's balance, or against one fine (the one selected)")
        self.payment_button.clicked.connect(self.record_payment)
        self.fines_messages = QLabel(self)
        self.fines_messages.setWordWrap(True)
        self.messages = QLabel(self)
        self.messages.setWordWrap(True)
        suspensions = QWidget(self)
        suspensions_layout = QVBoxLayout(suspensions)
        suspensions_layout.addWidget(self.suspensions_view)
        row = QHBoxLayout()
        row.addWidget(self.notice_button)
        row.addWidget(self.appeal_button)
        self.lift_button = QPushButton("&Lift suspension…", self)
        self.lift_button.setToolTip("The Suspension Director lifts the selected suspension: date and reason, "
                                    "recorded in the audit trail (needs the office password)")
        self.lift_button.clicked.connect(self.lift_suspension)
        row.addWidget(self.lift_button)
        # issue 19.6: a suspension the rules only proposed waits for the office's Confirm or Decline
        self.confirm_button = QPushButton("&Confirm…", self)
        self.confirm_button.setToolTip("Confirm the selected proposed suspension: from the date given it bars the "
                                       "player (needs the office password; audited)")
        self.confirm_button.clicked.connect(lambda: self.decide_proposal("confirmed"))
        self.decline_button = QPushButton("&Decline…", self)
        self.decline_button.setToolTip("Decline the selected proposed suspension: it is dropped and never bars the "
                                       "player (needs the office password; audited)")
        self.decline_button.clicked.connect(lambda: self.decide_proposal("declined"))
        row.addWidget(self.confirm_button)
        row.addWidget(self.decline_button)
        self.suspensions_view.selectionModel().currentChanged.connect(lambda *_: self._proposal_buttons())
        self.notice_print_button = QPushButton("Print no&tice…", self)
        self.notice_print_button.setToolTip("The suspension notice to the team captain: preview, print, save")
        self.notice_print_button.clicked.connect(self.print_notice)
        row.addWidget(self.notice_print_button)
        row.addWidget(self.messages, 1)
        suspensions_layout.addLayout(row)

        fines = QWidget(self)
        fines_layout = QHBoxLayout(fines)
        left = QVBoxLayout()
        left.addWidget(QLabel("<b>Fines</b>", self))
        left.addWidget(self.fines_view)
        right = QVBoxLayout()
        right.addWidget(QLabel("<b>Team statements</b>", self))
        right.addWidget(self.totals_view)
        pay_row = QHBoxLayout()
        pay_row.addWidget(self.payment_button)
        self.statement_button = QPushButton("Print &statement…", self)
        self.statement_button.setToolTip("The selected team's fine statement (every team's when none is selected)")
        self.statement_button.clicked.connect(self.print_statement)
        pay_row.addWidget(self.statement_button)
        pay_row.addWidget(self.fines_messages, 1)
        right.addLayout(pay_row)
        fines_layout.addLayout(left, 3)
        fines_layout.addLayout(right, 2)

        self.pages = QTabWidget(self)
        self.pages.addTab(self.view, "Standings")
        self.pages.addTab(scoring, "Scoring")
        self.pages.addTab(suspensions, "Suspensions")
        self.pages.addTab(fines, "Fines")
        self.pages.addTab(self.eligibility_view, "Playoff eligibility")
        self.office_page = self._office_page()
        self.pages.addTab(self.office_page, "Office list")
        self.chart = PointsChart(self)
        self.chart_division = QComboBox(self)
        self.chart_division.currentIndexChanged.connect(self._draw_chart)
        chart_page = QWidget(self)
        chart_layout = QVBoxLayout(chart_page)
        chart_bar = QHBoxLayout()
        chart_bar.addWidget(QLabel("Division:", self))
        chart_bar.addWidget(self.chart_division)
        chart_bar.addStretch(1)
        chart_layout.addLayout(chart_bar)
        chart_layout.addWidget(self.chart, 1)
        self.pages.addTab(chart_page, "Points chart")
        self.print_menu = QMenu(self)
        self.standings_print_action = self.print_menu.addAction("&Standings and leaders report…",
                                                                self.print_standings)
        self.statements_print_action = self.print_menu.addAction("&Fine statements, every team…",
                                                                 lambda: self.print_statement(every=True))
        self.batch_print_action = self.print_menu.addAction("Print each team's statement (&batch)…",
                                                            self.print_every_statement)
        self.notice_print_action = self.print_menu.addAction("Suspension &notice of the selected suspension…",
                                                             self.print_notice)
        self.print_tool = QToolButton(self)
        self.print_tool.setText("&Print")
        self.print_tool.setToolTip("Standings report, fine statements, suspension notices")
        self.print_tool.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.print_tool.setMenu(self.print_menu)
        self.mail_menu = QMenu(self)
        self.send_notices_action = self.mail_menu.addAction(
            "Send suspension &notices to the captains…", lambda: self.send_mail(NOTICES))
        self.send_statements_action = self.mail_menu.addAction(
            "Send fine &statements to the captains…", lambda: self.send_mail(STATEMENTS))
        self.mail_menu.addSeparator()
        self.eml_notices_action = self.mail_menu.addAction(
            "Save suspension notices as .&eml…", lambda: self.save_eml(NOTICES))
        self.eml_statements_action = self.mail_menu.addAction(
            "Save &fine statements as .eml…", lambda: self.save_eml(STATEMENTS))
        self.mail_menu.addSeparator()
        self.mail_menu.addAction("&Mail settings…", self.edit_mail_settings)
        self.mail_tool = QToolButton(self)
        self.mail_tool.setText("&E-mail")
        self.mail_tool.setToolTip("Suspension notices and fine statements to the team captains (Section 8)")
        self.mail_tool.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.mail_tool.setMenu(self.mail_menu)
        corner = QWidget(self)
        corner_layout = QHBoxLayout(corner)
        corner_layout.setContentsMargins(0, 0, 4, 0)
        corner_layout.addWidget(self.mail_tool)
        corner_layout.addWidget(self.print_tool)
        self.pages.setCornerWidget(corner)
        return self.pages

    def _office_page(self) -> QWidget:
        """The office list: what the rules leave to the office (`Services.office_list`); Enter on an item shows
        its suspension on the Suspensions page, where the captain's notice is recorded or the proposal decided."""
        self.office = OfficeListModel()
        self.office_view = self._sortable(self.office)
        self.office_view.setObjectName("officeList")
        self.office_view.activated.connect(lambda index: self.show_office_item())
        self.office_title = QLabel(self)
        self.office_title.setWordWrap(True)
        self.office_button = QPushButton("Show on the &Suspensions page", self)
        self.office_button.setToolTip("The selected item's suspension on the Suspensions page (or press Enter on "
                                      "it): Captain notified, Confirm… or Decline… there")
        self.office_button.clicked.connect(self.show_office_item)
        page = QWidget(self)
        layout = QVBoxLayout(page)
        layout.addWidget(self.office_title)
        layout.addWidget(self.office_view, 1)
        row = QHBoxLayout()
        row.addWidget(self.office_button)
        row.addStretch(1)
        layout.addLayout(row)
        return page

    def _load_office_list(self, season: str) -> None:
        """The facade's office list, its count in the page's title."""
        rows = [self._named(row) for row in self.svc.office_list(season)]
        self.office.set_rows(rows)
        fit_columns(self.office_view)
        self.office_button.setEnabled(bool(rows))
        self.pages.setTabText(self.pages.indexOf(self.office_page),
                              f"Office list ({len(rows)})" if rows else "Office list")
        self.office_title.setText(
            "<b>For the office</b>: captains to e-mail about a suspension before their team's next game "
            f"({NOTICE_RULE}) "
            "and suspensions proposed to confirm or decline. The boards save line-ups without asking about them."
            if rows else "<b>For the office</b>: nothing waits (no captain to e-mail, no proposal to decide).")

    def show_office_item(self) -> bool:
        """The suspension of the office list's selected item, selected on the Suspensions page."""
        index = self.office_view.currentIndex()
        proxy = self.office_view.model()
        if not index.isValid() or not isinstance(proxy, QSortFilterProxyModel):
            return False
        item = self.office.row(proxy.mapToSource(index).row())
        rows = [self.suspensions.row(n) for n in range(self.suspensions.rowCount())]
        found = next((n for n, row in enumerate(rows) if (row.get("player"), row.get("game")) ==
                      (item["player"], item["game"])), None)
        self.pages.setCurrentIndex([self.pages.tabText(n) for n in range(self.pages.count())].index("Suspensions"))
        if found is None:
            return False
        shown = self.suspensions_view.model()
        assert isinstance(shown, QSortFilterProxyModel)
        self.suspensions_view.setCurrentIndex(shown.mapFromSource(self.suspensions.index(found, 0)))
        self.suspensions_view.setFocus()
        return True

    def load(self, season: str) -> bool:
        steps = self.load_steps(season)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return bool(done.value)

    def load_steps(self, season: str) -> Generator[None, None, bool]:
        """The standings, the statistics, the suspensions, the fines, the eligibility, the chart and the office
        list, a turn of the event loop possibly between two of them (issue 29.4)."""
        self.season = season
        standings = self.svc.standings(season)
        teams = self.svc.teams(season)
        self.team_names = {team["id"]: team["name"] for team in teams}
        self.game_names = self.svc.game_names(season)  # the league's game numbers, as the signed sheets have them
        self.model.set_standings(
            standings,
            team_names=self.team_names,
            division_names={team["division"]: team["division_name"] for team in teams},
        )
        self.view.clearSpans()
        for column in self.model.SHOOTOUT_COLUMNS:
            self.view.setColumnHidden(column, not self.model.shootouts)
        for row in self.model.heading_rows():
            self.view.setSpan(row, 0, 1, self.model.columnCount())
        yield
        players = self.svc.players(season)
        self.player_name = lambda pid: players[pid]["name"] if pid in players else pid
        self._load_stats()
        yield
        carried = [{**row, "game": f"{row['game']} ({row['season']})", "status": f"{row['status']}, carried over"}
                   for row in self.svc.carried_suspensions(season)]
        self.suspensions.set_rows([self._named(row) for row in carried + self.svc.suspensions(season)["suspensions"]])
        fit_columns(self.suspensions_view)
        yield
        fines = self.svc.fines(season)
        self.fines.set_rows([self._named(row) for row in fines["fines"]])
        self.totals.set_rows([self._named(row) for row in fines["totals"]])
        for table in (self.fines_view, self.totals_view):
            fit_columns(table)
        yield
        self.eligibility.set_rows([self._named(row) for row in self.svc.eligibility(season)["players"]])
        fit_columns(self.eligibility_view)
        yield
        self._load_chart(season, teams)
        yield
        self._load_office_list(season)
        self.notice_button.setEnabled(self.suspensions.rowCount() > 0)
        self.appeal_button.setEnabled(self.suspensions.rowCount() > 0)
        self.notice_print_button.setEnabled(self.suspensions.rowCount() > 0)
        self.lift_button.setEnabled(self.suspensions.rowCount() > 0)
        self._proposal_buttons()
        return self.model.rowCount() > 0

    # Any: any of the facade's table rows (standings, stats, suspensions, fines, eligibility, office list), named
    def _named(self, row: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(row)
        if "player" in row:
            out["name"] = self.player_name(row["player"])
        if "team" in row:
            out["team_name"] = self.team_names.get(row["team"], row["team"])
        if isinstance(row.get("game"), str):
            out["game_name"] = self.game_names.get(row["game"], row["game"])
        payer = row.get("payer")
        if isinstance(payer, dict):
            out["payer_name"] = (self.player_name(payer["player"]) if "player" in payer
                                 else f"{self.team_names.get(payer.get('team', ''), payer.get('team'))} (team)")
        return out

    def _load_chart(self, season: str, teams: Sequence[TeamRow]) -> None:
        """Each team's running points after each regular-season final game (`Services.points_progression`)."""
        running = self.svc.points_progression(season)
        self._chart_teams = teams
        self._chart_points = running
        current = self.chart_division.currentData()
        blocked = self.chart_division.blockSignals(True)
        self.chart_division.clear()
        for team in teams:
            if self.chart_division.findData(team["division"]) < 0:
                self.chart_division.addItem(team["division_name"], team["division"])
        self.chart_division.setCurrentIndex(max(self.chart_division.findData(current), 0))
        self.chart_division.blockSignals(blocked)
        self._draw_chart()

    def _draw_chart(self) -> None:
        division = self.chart_division.currentData()
        series = [Series(team["name"], team.get("colour") or "", tuple(self._chart_points.get(team["id"], [])))
                  for team in self._chart_teams if team["division"] == division]
        self.chart.set_series(series, f"Points through the season — {self.chart_division.currentText()}")

    def _load_stats(self) -> None:
        if self.season is None:
            return
        stats = self.svc.stats(self.season, str(self.stage.currentData()))
        self.stats.set_rows([self._named(row) for row in stats["players"]])
        self.goalies.set_rows([self._named(row) for row in stats["goalies"]])
        fit_columns(self.stats_view)
        fit_columns(self.goalies_view, padding=8)

    def selected_suspension(self) -> NamedSuspension | None:
        index = self.suspensions_view.currentIndex()
        if not index.isValid() or self.season is None:
            self.messages.setText("Select a suspension first.")
            return None
        proxy = self.suspensions_view.model()
        assert isinstance(proxy, QSortFilterProxyModel)
        # the Suspensions table's rows are the facade's, named (`_named`): a model's rows are untyped
        return cast("NamedSuspension", dict(self.suspensions.row(proxy.mapToSource(index).row())))

    # -- printed records -----------------------------------------------------------------------------------
    def print_current(self) -> print_preview.PreviewDialog | None:
        """File ▸ Print preview on this tab: the notice on Suspensions, the statements on Fines, else the
        standings."""
        page = self.pages.tabText(self.pages.currentIndex())
        if page == "Suspensions":
            return self.print_notice()
        if page == "Fines":
            return self.print_statement()
        return self.print_standings()

    def current_document(self) -> print_preview.Document | None:
        """File ▸ Print on this tab: the selected suspension's notice on Suspensions (none selected: the page is
        shown, None), the selected team's statement (else every team's) on Fines, else the standings report."""
        from ui import print_preview

        if self.season is None:
            return None
        page = self.pages.tabText(self.pages.currentIndex())
        if page == "Suspensions":
            row = self.selected_suspension()
            if row is None:
                return None
            return print_preview.suspension_notice(self.svc, self.season, row["player"], row["game"], row["name"],
                                                   row.get("game_name", ""))
        if page == "Fines":
            team = self.selected_team()
            return print_preview.fine_statements(self.svc, self.season, team, self.team_names.get(team or "", ""))
        return print_preview.standings_report(self.svc, self.season)

    def print_standings(self) -> print_preview.PreviewDialog | None:
        from ui import print_preview

        if self.season is None:
            return None
        return print_preview.preview(self, print_preview.standings_report(self.svc, self.season))

    def selected_team(self) -> str | None:
        index = self.totals_view.currentIndex()
        if not index.isValid():
            return None
        proxy = self.totals_view.model()
        assert isinstance(proxy, QSortFilterProxyModel)
        team = self.totals.row(proxy.mapToSource(index).row()).get("team")
        return team if isinstance(team, str) else None

    def print_statement(self, every: bool = False) -> print_preview.PreviewDialog | None:
        """The selected team's statement, or every team's in one PDF."""
        from ui import print_preview

        if self.season is None:
            return None
        team = None if every else self.selected_team()
        document = print_preview.fine_statements(self.svc, self.season, team, self.team_names.get(team or "", ""))
        return print_preview.preview(self, document)

    def print_every_statement(self) -> list[str]:
        """Each team's statement as its own print job, with a progress bar (the season's end)."""
        from ui import print_preview

        if self.season is None:
            return []
        teams = sorted(({"id": t, "name": n} for t, n in self.team_names.items()), key=lambda t: t["name"])
        jobs = print_preview.print_every_statement(self, self.svc, self.season, teams)
        if jobs:
            self.fines_messages.setText(f"<b style='color:{theme.css('ok')}'>{len(jobs)} statement(s) sent to the "
                                        "printer.</b>")
        return jobs

    def print_notice(self) -> print_preview.PreviewDialog | None:
        from ui import print_preview

        row = self.selected_suspension()
        if row is None:
            titles = [self.pages.tabText(n) for n in range(self.pages.count())]
            self.pages.setCurrentIndex(titles.index("Suspensions"))
            return None
        document = print_preview.suspension_notice(self.svc, self.season, row["player"], row["game"], row["name"],
                                                   row.get("game_name", ""))
        return print_preview.preview(self, document)

    # -- e-mail ------------------------------------------------------------------------------------------------
    def send_mail(self, kind: str) -> object:
        """Send the notices not yet sent (or the statements); what was sent is recorded, so the tables redraw."""
        from ui import mail_dialogs

        if self.season is None:
            return None
        delivery = mail_dialogs.send(self, self.svc, self.season, kind)
        if delivery is not None and delivery.sent:
            operation.broadcast(self.hub, Changes.of(self.season, tables=["notices"]))  # the sent ones recorded
            self.catch_up()
            self.messages.setText(f"<b style='color:{theme.css('ok')}'>{len(delivery.sent)} "
                                  f"{mail_dialogs.WHAT[kind]} e-mailed.</b>")
        return delivery

    def edit_mail_settings(self) -> object:
        from ui import mail_dialogs

        return mail_dialogs.edit_settings(self, self.svc)

    def save_eml(self, kind: str) -> list[Path]:
        from ui import mail_dialogs

        if self.season is None:
            return []
        return mail_dialogs.save_eml(self, self.svc, self.season, kind)

    def record_appeal(self) -> bool:
        row = self.selected_suspension()
        if row is None:
            return False
        appeal = dialogs.ask_appeal(self, row["name"], row["player"], row["game"], dt.date.today().isoformat())
        if appeal is None:
            return False
        return self._apply(lambda confirm: self.svc.record_appeal(appeal, confirm,
                                                                  season=self.season),
                           f"Appeal of {row['name']} recorded ({appeal['decision']}).", self.messages)

    def lift_suspension(self) -> bool:
        row = self.selected_suspension()
        if row is None:
            return False
        answer = dialogs.ask_lift(self, row["name"], dt.date.today().isoformat())
        if answer is None:
            return False
        date, reason = answer
        return self._apply(lambda confirm: self.svc.lift_suspension(row["player"], row["game"], date, reason,
                                                                    season=self.season),
                           f"Suspension of {row['name']} (game {row.get('game_name', row['game'])}) lifted on {date}.",
                           self.messages)

    def _proposal_buttons(self) -> None:
        """Confirm and Decline are for a suspension the rules proposed and the office has not yet decided."""
        index = self.suspensions_view.currentIndex()
        proxy = self.suspensions_view.model()
        row = (self.suspensions.row(proxy.mapToSource(index).row()) if index.isValid()
               and isinstance(proxy, QSortFilterProxyModel) else {})
        proposed = row.get("status") == "proposed"
        self.confirm_button.setEnabled(proposed)
        self.decline_button.setEnabled(proposed)

    def decide_proposal(self, decision: str) -> bool:
        """The office confirms or declines the selected proposed suspension (date and note asked; the office
        password asked where needed)."""
        from ui import proposal_dialog

        row = self.selected_suspension()
        if row is None:
            return False
        if row.get("status") != "proposed":
            self.messages.setText("The selected suspension is not a proposal awaiting the office's decision.")
            return False
        answer = proposal_dialog.ask_decision(self, decision, row["name"], row.get("game_name", row["game"]),
                                              dt.date.today().isoformat())
        if answer is None:
            return False
        date, note = answer
        follows = f"it bars the player from {date} on" if decision == "confirmed" else "it is dropped"
        return self._apply(lambda confirm: self.svc.decide_suspension(row["player"], decision, game=row["game"],
                                                                      date=date, note=note, season=self.season),
                           f"Suspension of {row['name']} (game {row.get('game_name', row['game'])}) {decision}: "
                           f"{follows}.",
                           self.messages)

    def record_payment(self) -> bool:
        if self.season is None:
            return False
        teams = sorted(self.team_names.items(), key=lambda item: item[1])
        # the Fines table's rows are the facade's fines with their names (`_named`): a model's rows are untyped
        fines: list[PayableFine] = [
            {**cast("FineRow", row), "label": f"{row['payer_name']}, game {row.get('game_name', row['game'])} "
             f"({row['rule']}), {format_money(row['amount'])}"}
            for row in self.fines.rows()]
        index = self.fines_view.currentIndex()
        proxy = self.fines_view.model()
        chosen = (cast("FineRow", dict(self.fines.row(proxy.mapToSource(index).row()))) if index.isValid()
                  and isinstance(proxy, QSortFilterProxyModel) else None)
        payment = dialogs.ask_payment(self, teams, dt.date.today().isoformat(), fines, self.selected_team(), chosen)
        if payment is None:
            return False
        payer = payment["payer"]
        name = self.player_name(payer["player"]) if "player" in payer else self.team_names.get(payer["team"], "")
        fine = payment.get("fine")
        if fine:
            name += f" on the fine of game {self.game_names.get(fine['game'], fine['game'])}"
        return self._apply(lambda confirm: self.svc.record_payment(payment, season=self.season),
                           f"Payment of {format_money(payment['amount'])} by {name} recorded.", self.fines_messages)

    def _apply(self, call: Callable[[bool], EntryResult], done: str, label: QLabel) -> bool:
        """Run a write through the window's operation runner (blocks shown under the table, warnings confirmed
        with Enter, the office password asked where needed); every tab then redraws what it changed."""
        result = operation.run(self, self.svc, self.hub, call, show=label.setText)
        if result is None:
            return False
        self.catch_up()  # the tab that wrote shows it at once, in sight or not
        label.setText(theme.span("ok", html.escape(done), bold=True))
        return True

    def record_notice(self) -> bool:
        row = self.selected_suspension()
        if row is None:
            return False
        done = f"Notice to the captain about {row['name']} recorded {dt.datetime.now():%Y-%m-%d %H:%M}."
        return self._apply(lambda confirm: self.svc.record_notice(row["player"], row["game"], season=self.season),
                           done, self.messages)

    # -- changes -------------------------------------------------------------------------------------------
    def concerns(self, changes: Changes) -> bool:
        """The season's results (standings, scoring, discipline) and the names the tables show."""
        return bool(changes.results) or changes.touches("divisions", "teams", "players")

    def fit_columns(self) -> None:
        """Rank narrow (headings span it), the figures all one width so the table reads like a newspaper's."""
        super().fit_columns()
        header = self.view.horizontalHeader()
        header.resizeSection(0, header.sectionSizeHint(0))
        figures = range(2, header.count())
        width = max(header.sectionSize(number) for number in figures)
        for number in figures:
            header.resizeSection(number, width)

