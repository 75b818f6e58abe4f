"""The Roster tab: divisions and teams, each team's players with their season figures, and the roster forms.

Adding or editing a player, signing one to a team, releasing one, adding or editing a team (its captain and
the captain's e-mail) and adding a division all go through the facade (`save_player`, `sign_player`,
`release_player`, `save_team`, `save_division`); what it refuses is shown beside the form with the rule ID and
section, and a warning is confirmed with one keystroke. The team form is in one of two modes, and says which: a
new team (Alt+N; Enter adds it, and the form stays there for the next one) or the team picked in the list
(Enter saves its changes, a rename included); the Tab order is the same in both. The team picked in the list is
renamed (Alt+R), merged into another team of its division (Alt+E) or deleted when it has nothing (Alt+D), each
after a question (`rename_team`, `merge_teams`, `delete_team`; the office password where the facade asks for it).
"""

from __future__ import annotations

import datetime as dt
import html
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QRegularExpression, QSortFilterProxyModel, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.services import ServiceError
from ui import dialogs, office, operation, team_dialogs, theme
from ui.date_field import OptionalDateField, chain_tab, today
from ui.enter_key import enter_presses
from ui.hub import ChangeHub
from ui.models import SORT_ROLE, RosterModel, TeamsModel
from ui.roster_csv import RosterCsvDialog, counts
from ui.table_tab import TableTab, fit_columns, make_table_view, scrolling

if TYPE_CHECKING:
    from scorekeeper.changes import Changes, EntryResult
    from scorekeeper.results_records import TeamRow
    from scorekeeper.season_data import DivisionData, PlayerData, TeamData
    from scorekeeper.services import Services
    from ui.roster_rows import PlayerListRow, TeamFields


class RosterFilter(QSortFilterProxyModel):
    """The roster rows of one team (or every team), whose name, number or team holds the search text."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.team: str | None = None
        self.text = ""
        self.setSortRole(SORT_ROLE)

    def set_filter(self, team: str | None, text: str) -> None:
        self.beginFilterChange()
        self.team, self.text = team, text.strip().casefold()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        model = self.sourceModel()
        if not isinstance(model, RosterModel):
            return True
        row = model.row(source_row)
        if self.team is not None and row.get("team") != self.team:
            return False
        if not self.text:
            return True
        haystack = " ".join(str(row.get(key) or "") for key in ("name", "number", "team_name", "player"))
        return self.text in haystack.casefold()


class RosterTab(TableTab):
    """Teams by division on the left; the chosen team's players (or everyone) with the forms on the right."""

    empty_text = "Nothing in {season} yet."
    model: TeamsModel

    def __init__(self, svc: Services, parent: QWidget | None = None, hub: ChangeHub | None = None) -> None:
        super().__init__(svc, TeamsModel(), parent, hub)
        self.team: str | None = None
        self.editing_player: str | None = None
        """The id of the player loaded into the player form to be edited (None: the form adds a player)."""
        self.view.selectionModel().currentRowChanged.connect(self._team_picked)

    def build_page(self) -> QWidget:
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Search players: name or number")
        self.search.setClearButtonEnabled(True)
        self.all_teams = QPushButton("All teams", self)
        self.all_teams.setToolTip("Show the players of every team (and those signed to none)")
        self.players = RosterModel()
        self.proxy = RosterFilter(self)
        self.proxy.setSourceModel(self.players)
        self.roster_view: QTableView = make_table_view(self.players, self, self.proxy)
        self.roster_view.setObjectName("rosterView")
        self.roster_view.setSortingEnabled(True)
        self.roster_view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.roster_title = QLabel(self)
        self.search.textChanged.connect(self._filter)
        self.all_teams.clicked.connect(self.show_all_teams)
        self.csv_button = QPushButton("Import CSV…", self)
        self.csv_button.setToolTip("Rosters from the league's spreadsheet: every row shown with its verdict "
                                   "(imported, warning, refused with the rule) before anything is written")
        self.csv_button.clicked.connect(lambda: self.import_csv())

        # add or edit a player
        self.first, self.last, self.email = QLineEdit(self), QLineEdit(self), QLineEdit(self)
        self.birthdate = OptionalDateField(None, self, "known", latest=today(), name="Birthdate")  # unticked: none
        self.email.setPlaceholderText("optional")
        self.gender = QComboBox(self)
        self.gender.addItem("F", "F")
        self.gender.addItem("M", "M")
        self.add_button = QPushButton("Add player", self)
        self.add_button.setToolTip("Add the player typed above as a new player (then sign them to a team)")
        self.edit_player_button = QPushButton("Edit selected", self)
        self.edit_player_button.setToolTip("Load the player selected in the roster into this form (or press "
                                           "Enter on the player)")
        self.save_player_button = QPushButton("Save changes", self)
        self.save_player_button.setToolTip("Save the name, gender, birthdate and e-mail of the player loaded")
        self.save_player_button.setEnabled(False)
        player_buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_player_button, self.save_player_button):
            player_buttons.addWidget(button)
        self.player_title = QLabel("New player", self)
        player_box = QWidget(self)
        player_form = QFormLayout(player_box)
        player_form.addRow(self.player_title)
        player_form.addRow("Fir&st name:", self.first)  # Alt+F is the File menu
        player_form.addRow("&Last name:", self.last)
        player_form.addRow("&Gender:", self.gender)
        player_form.addRow("&Born:", self.birthdate)
        player_form.addRow("E-&mail:", self.email)
        player_form.addRow(player_buttons)

        # a team: its name, division, colour, captain and the captain's e-mail
        self.team_name = QLineEdit(self)
        self.team_division = QComboBox(self)
        self.team_colour = QLineEdit(self)
        self.team_colour.setPlaceholderText("#rrggbb (optional)")
        self.team_colour.setValidator(QRegularExpressionValidator(QRegularExpression(r"#?[0-9A-Fa-f]{0,6}"), self))
        self.team_captain = QComboBox(self)
        self.team_captain.setToolTip("The captain: a player signed to the team")
        self.team_email = QLineEdit(self)
        self.team_email.setPlaceholderText("where suspension notices and fine statements go")
        # one of the two shows, in the same place of the Tab order: Save changes (editing the team picked in the
        # list) or Add team (the form in its new-team mode); New team puts the form in that mode
        self.save_team_button = QPushButton("Save changes", self)
        self.save_team_button.setToolTip("Save these fields to the team being edited (the one picked in the list)")
        self.add_team_button = QPushButton("Add team", self)
        self.add_team_button.setToolTip("A new team with this name, division and colour")
        self.new_team_button = QPushButton("&New team", self)
        self.new_team_button.setToolTip("Empty the form to add a new team (picking a team in the list edits it)")
        self.editing_team: str | None = None
        """The id of the team the team form edits (None: the form adds a new team)."""
        team_buttons = QHBoxLayout()
        team_buttons.addWidget(self.save_team_button)
        team_buttons.addWidget(self.add_team_button)
        team_buttons.addWidget(self.new_team_button)
        team_buttons.addStretch(1)
        # the team picked in the list: renamed, merged into another of its division, deleted when it has nothing
        self.rename_team_button = QPushButton("&Rename…", self)
        self.rename_team_button.setToolTip("Give the team picked in the list another name (unique in its division)")
        self.merge_team_button = QPushButton("M&erge into…", self)
        self.merge_team_button.setToolTip("Move the picked team's games, signings, fines and payments to another "
                                          "team of its division, then remove it (office password)")
        self.delete_team_button = QPushButton("&Delete team…", self)
        self.delete_team_button.setToolTip("Remove the picked team when it has no game, signing, fine or payment "
                                           "(office password)")
        manage_buttons = QHBoxLayout()
        for button in (self.rename_team_button, self.merge_team_button, self.delete_team_button):
            manage_buttons.addWidget(button)
        self.team_title = QLabel(self)
        self.team_title.setWordWrap(True)  # the mode in words: no wider than the form
        team_box = QWidget(self)
        team_form = QFormLayout(team_box)
        team_form.addRow(self.team_title)
        team_form.addRow("Na&me:", self.team_name)
        team_form.addRow("D&ivision:", self.team_division)
        team_form.addRow("Co&lour:", self.team_colour)
        team_form.addRow("&Captain:", self.team_captain)
        team_form.addRow("Captain's e-m&ail:", self.team_email)
        team_form.addRow(team_buttons)
        team_form.addRow(manage_buttons)

        # a new division
        self.division_name = QLineEdit(self)
        self.division_name.setPlaceholderText("e.g. Co-ed Division 2")
        self.division_coed = QCheckBox("co-ed division", self)
        self.division_coed.setChecked(True)
        self.division_tier = QComboBox(self)
        self.division_tier.addItem("none", None)
        self.division_tier.addItem("1", 1)
        self.division_tier.addItem("2", 2)
        self.division_tier.setToolTip("Co-ed divisions 1 and 2 have rules of their own (line-up limits)")
        self.add_division_button = QPushButton("Add division", self)
        division_box = QWidget(self)
        division_form = QFormLayout(division_box)
        division_form.addRow("Na&me:", self.division_name)
        division_form.addRow("", self.division_coed)
        division_form.addRow("&Tier:", self.division_tier)
        division_form.addRow("", self.add_division_button)

        # sign a player
        self.sign_player = QComboBox(self)
        self.sign_player.setEditable(True)
        self.sign_player.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        completer = self.sign_player.completer()
        assert completer is not None  # an editable combo box has one
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.sign_team = QComboBox(self)
        self.sign_number = QLineEdit(self)
        self.sign_number.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,2}"), self))
        self.sign_position = QComboBox(self)
        self.sign_position.addItem("skater", "skater")
        self.sign_position.addItem("goalie", "goalie")
        self.sign_button = QPushButton("Sign to team", self)
        self.release_button = QPushButton("Release selected player…", self)
        self.audit_button = QPushButton("Audit trail of selected player…", self)
        self.audit_button.setToolTip("Who changed this player's records, when, before and after (suspensions "
                                     "lifted, appeals, fines)")
        sign_box = QWidget(self)
        sign_form = QFormLayout(sign_box)
        sign_form.addRow("&Player:", self.sign_player)
        sign_form.addRow("&Team:", self.sign_team)
        sign_form.addRow("&Number:", self.sign_number)
        sign_form.addRow("Po&sition:", self.sign_position)  # Alt+O is the Office menu
        sign_form.addRow("", self.sign_button)
        sign_form.addRow("", self.release_button)
        sign_form.addRow("", self.audit_button)

        self.messages = QLabel(self)
        self.messages.setObjectName("rosterMessages")
        self.messages.setWordWrap(True)
        self.messages.setTextFormat(Qt.TextFormat.RichText)
        self.messages.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.messages.setMinimumWidth(220)
        message_box = QGroupBox("What the rulebook says", self)
        QVBoxLayout(message_box).addWidget(self.messages)

        self.add_button.clicked.connect(self.add_player)
        self.edit_player_button.clicked.connect(self.edit_player)
        self.save_player_button.clicked.connect(self.save_player)
        self.save_team_button.clicked.connect(self.save_team)
        self.add_team_button.clicked.connect(self.add_team)
        self.new_team_button.clicked.connect(self.new_team)
        self.rename_team_button.clicked.connect(self.rename_team)
        self.merge_team_button.clicked.connect(self.merge_team)
        self.delete_team_button.clicked.connect(self.delete_team)
        self.add_division_button.clicked.connect(self.add_division)
        self.team_captain.currentIndexChanged.connect(self._captain_picked)
        self.roster_view.activated.connect(lambda index: self.edit_player())
        self.sign_button.clicked.connect(self.sign)
        # the keyboard follows the forms as they read, and Enter presses each form's button
        chain_tab(self.first, self.last, self.gender, self.birthdate, self.email, self.add_button)
        enter_presses(lambda: self.save_player_button if self.save_player_button.isEnabled() else self.add_button,
                      self.first, self.last, self.birthdate.edit.lineEdit(), self.email)
        enter_presses(lambda: self.save_team_button if self.editing_team else self.add_team_button,
                      self.team_name, self.team_colour, self.team_email)
        team_order: tuple[tuple[QWidget, QWidget], ...] = (
            (self.team_name, self.team_division), (self.team_division, self.team_colour),
            (self.team_colour, self.team_captain), (self.team_captain, self.team_email),
            (self.team_email, self.save_team_button), (self.save_team_button, self.add_team_button),
            (self.add_team_button, self.new_team_button), (self.new_team_button, self.rename_team_button),
            (self.rename_team_button, self.merge_team_button), (self.merge_team_button, self.delete_team_button))
        for before, after in team_order:
            QWidget.setTabOrder(before, after)
        enter_presses(self.add_division_button, self.division_name)
        enter_presses(self.sign_button, self.sign_number)
        self.release_button.clicked.connect(self.release)
        self.audit_button.clicked.connect(self.show_audit)
        self.roster_view.selectionModel().currentRowChanged.connect(self._player_picked)

        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel("<b>Teams</b>", self))
        left_layout.addWidget(self.view)
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(4, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.all_teams)
        top.addWidget(self.csv_button)
        right_layout.addLayout(top)
        right_layout.addWidget(self.roster_title)
        right_layout.addWidget(self.roster_view, 1)
        self.forms = QTabWidget(self)
        self.forms.setObjectName("rosterForms")
        self.player_page, self.sign_page, self.team_page, self.division_page = (
            player_box, sign_box, team_box, division_box)
        for page, title in ((player_box, "Player"), (sign_box, "Sign / release"), (team_box, "Team"),
                            (division_box, "New division")):
            self.forms.addTab(page, title)
        forms = QHBoxLayout()
        forms.addWidget(self.forms, 2)
        forms.addWidget(message_box, 1)
        right_layout.addLayout(forms)
        for number, header in enumerate(c.header for c in self.model.columns):
            self.view.setColumnHidden(number, header in ("Colour", "Captain", "Captain e-mail"))
        self.view.setMinimumWidth(220)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([250, 1000])
        return scrolling(splitter)

    # -- loading -------------------------------------------------------------------------------------------
    def load(self, season: str) -> bool:
        """The season's teams and players; shown even with no team yet, so the first one can be added."""
        self.season = season
        teams = self.svc.teams(season)
        divisions = self.svc.divisions(season)  # the divisions a team may be put in
        current = self.team_division.currentData()
        self.team_division.clear()
        for division in divisions:
            self.team_division.addItem(division["name"], division["id"])
        self.team_division.setCurrentIndex(max(self.team_division.findData(current), 0))
        self.model.set_rows(teams)
        self._fill_players(season)
        ids = [team["id"] for team in teams]
        blocked = self.sign_team.blockSignals(True)
        self.sign_team.clear()
        for team in teams:
            self.sign_team.addItem(f"{team['name']} ({team['division_name']})", team["id"])
        self.sign_team.blockSignals(blocked)
        if self.team in ids:
            self.view.selectRow(ids.index(self.team))
        self._load_team_form(redraw=self.team in ids)
        self._filter()
        return True

    def _fill_players(self, season: str) -> None:
        """The facade's roster rows (`Services.roster()`), team names added; players signed to no team after."""
        players = self.svc.players(season)  # the season's players, for those signed to no team
        team_names = {team["id"]: team["name"] for team in self.model.rows()}
        rows: list[PlayerListRow] = []
        signed = set()
        for row in self.svc.roster(season):
            signed.add(row["player"])
            cents = int(row.get("fines_cents") or 0)
            rows.append({**row, "team_name": team_names.get(row["team"], row["team"]),
                         "suspension": row.get("suspension") or "",
                         "fines": f"{cents // 100}.{cents % 100:02d}" if cents else "",
                         "status": f"released {row['released']}" if row.get("released") else "active"})
        for pid, player in players.items():
            if pid not in signed:
                rows.append({"player": pid, "team": None, "team_name": "", "number": None, "position": "",
                             "name": player["name"], "gender": player.get("gender") or "",
                             "status": "not signed"})
        self.players.set_rows(rows)
        self.roster_view.horizontalHeader().setMinimumSectionSize(28)  # "4" in GP needs no 44 pixels: at 1024
        current = self.sign_player.currentData()
        self.sign_player.clear()
        shared = Counter(player["name"] for player in players.values())  # namesakes are told apart by birth
        for pid in sorted(players, key=lambda p: (players[p]["last"], players[p]["first"])):
            name = players[pid]["name"]
            born = players[pid].get("birthdate")
            apart = "" if shared[name] < 2 else f" (born {born})" if born else f" ({pid})"
            self.sign_player.addItem(f"{name}{apart}", pid)
        index = self.sign_player.findData(current)
        self.sign_player.setCurrentIndex(index)
        if index < 0:
            self.sign_player.setEditText("")

    def _team_picked(self, current: QModelIndex, previous: QModelIndex) -> None:
        if current.isValid():
            self.team = self.model.row(current.row())["id"]
            index = self.sign_team.findData(self.team)
            if index >= 0:
                self.sign_team.setCurrentIndex(index)
        self._load_team_form()
        self._filter()

    def _teams(self) -> list[TeamRow]:
        """The teams list's rows: the facade's (`Services.teams()`)."""
        return cast("list[TeamRow]", self.model.rows())

    def selected_team(self) -> TeamRow | None:
        """The facade's row (`Services.teams()`) of the team picked in the list."""
        return next((cast("TeamRow", dict(row)) for row in self._teams() if row["id"] == self.team), None)

    def new_team(self) -> None:
        """The team form in its new-team mode: empty, Enter adds a team (the list's pick is kept)."""
        self._load_team_form(new=True)
        self.forms.setCurrentWidget(self.team_page)
        self.team_name.setFocus()

    def _team_mode(self, team: TeamRow | None, added: str = "") -> None:
        """Show which mode the team form is in: the team it edits, or a new team (`added`: the one just added)."""
        self.editing_team = team["id"] if team else None
        self.save_team_button.setVisible(team is not None)
        self.save_team_button.setEnabled(team is not None)
        self.add_team_button.setVisible(team is None)
        self.add_team_button.setEnabled(team is None)
        for button in (self.rename_team_button, self.merge_team_button, self.delete_team_button):
            button.setEnabled(self.selected_team() is not None)
        if team is not None:
            self.team_title.setText(f"<b>Editing {html.escape(team['name'])}</b>: Save changes (Enter) writes "
                                    "these fields, the name too; Alt+N adds a new team instead")
        else:
            done = f"{html.escape(added)} added. " if added else ""
            self.team_title.setText(f"<b>New team</b>: {done}Enter adds the team typed here; pick a team in the "
                                    "list to edit it")

    def _load_team_form(self, new: bool = False, added: str = "", redraw: bool = False) -> None:
        """The team form shows the team picked in the list (its captain picked among its active players), or is
        in its new-team mode (`new`, or no team picked), emptied. A `redraw` keeps the mode the form is in, and
        in the new-team mode what was typed."""
        if redraw and self.editing_team is None and self.season is not None:
            self._team_mode(None)
            return
        team = None if new else self.selected_team()
        self._team_mode(team, added)
        self.team_name.setText(team["name"] if team else "")
        self.team_colour.setText(team.get("colour") or "" if team else "")
        if team is not None:
            self.team_division.setCurrentIndex(max(self.team_division.findData(team["division"]), 0))
        blocked = self.team_captain.blockSignals(True)
        self.team_captain.clear()
        self.team_captain.addItem("(no captain)", None)
        if team is not None:
            signed = sorted((row for row in self.players.rows() if row.get("team") == team["id"]
                             and row.get("status") == "active"), key=lambda row: row.get("number") or 0)
            for row in signed:
                self.team_captain.addItem(f"#{row['number']} {row['name']}", row["player"])
            captain = team["captain"]
            index = self.team_captain.findData(captain)
            if index < 0 and captain:  # a captain no longer on the roster still shows
                self.team_captain.addItem(team["captain_name"] or captain, captain)
                index = self.team_captain.count() - 1
            self.team_captain.setCurrentIndex(max(index, 0))
        self.team_captain.blockSignals(blocked)
        self.team_email.setText(team.get("captain_email") or "" if team else "")

    def _captain_picked(self) -> None:
        """A new captain brings their e-mail into the captain's e-mail field, when the player has one."""
        player = self.team_captain.currentData()
        if player and self.season is not None:
            email = (self.svc.players(self.season).get(player) or {}).get("email")
            if email:
                self.team_email.setText(email)

    def show_all_teams(self) -> None:
        self.team = None
        self.view.clearSelection()
        self.view.setCurrentIndex(QModelIndex())
        self._filter()

    def select_team(self, team: str) -> None:
        """Pick `team` in the list: the team form edits it."""
        ids = [self.model.row(n)["id"] for n in range(self.model.rowCount())]
        self.view.selectRow(ids.index(team))
        if self.editing_team != team:  # picked already (no row change): the form still comes to edit it
            self._load_team_form()

    def _filter(self) -> None:
        """Show the players of the team picked (or everyone) that match the search, the columns sized to them."""
        self.proxy.set_filter(self.team, self.search.text())
        fit_columns(self.roster_view, padding=3)  # to the rows shown, not those of a team picked before (a merge)
        teams = {self.model.row(n)["id"]: self.model.row(n) for n in range(self.model.rowCount())}
        team = teams.get(self.team or "")
        headers = [column.header for column in self.players.columns]  # one team: its name on every row says
        self.roster_view.setColumnHidden(headers.index("Team"), team is not None)  # nothing (room at 1024 px)
        if team is None:
            self.roster_title.setText(f"<b>All teams</b> — {self.proxy.rowCount()} players")
            return
        captain = ""
        if team.get("captain_name"):
            email = f" &lt;{html.escape(team['captain_email'])}&gt;" if team.get("captain_email") else ""
            captain = f" · captain {html.escape(team['captain_name'])}{email}"
        self.roster_title.setText(f"<b>{html.escape(team['name'])}</b> — {html.escape(team['division_name'])}"
                                  f"{captain} · {self.proxy.rowCount()} players")

    def _player_picked(self, current: QModelIndex, previous: QModelIndex) -> None:
        row = self.selected_row()
        if row is not None:
            index = self.sign_player.findData(row["player"])
            if index >= 0:
                self.sign_player.setCurrentIndex(index)

    def selected_row(self) -> PlayerListRow | None:
        index = self.roster_view.currentIndex()
        if not index.isValid():
            return None
        # the Roster table's rows are `_fill_players`' (a model's rows are untyped)
        return cast("PlayerListRow", dict(self.players.row(self.proxy.mapToSource(index).row())))

    # -- entries -------------------------------------------------------------------------------------------
    def add_player(self) -> bool:
        first, last = self.first.text().strip(), self.last.text().strip()
        if not first or not last:
            self.messages.setText("<b>Type the player's first and last name.</b>")
            return False
        pid = self.svc.new_player_id(first, last, season=self.season)
        player: PlayerData = {"id": pid, "first": first, "last": last, "gender": self.gender.currentData()}
        if self.birthdate.value():
            player["birthdate"] = self.birthdate.value()
        if self.email.text().strip():
            player["email"] = self.email.text().strip()
        if not self.apply(lambda confirm: self.svc.save_player(player, confirm, season=self.season),
                          f"{first} {last} added; sign the player to a team next."):
            return False
        for edit in (self.first, self.last, self.birthdate, self.email):
            edit.clear()
        index = self.sign_player.findData(pid)
        self.sign_player.setCurrentIndex(index)
        self.forms.setCurrentWidget(self.sign_page)
        self.sign_number.setFocus()
        return True

    def edit_player(self) -> bool:
        """Load the player selected in the roster into the player form (Save changes then writes it)."""
        row = self.selected_row()
        if row is None or self.season is None:
            self.messages.setText("<b>Select a player in the roster first.</b>")
            return False
        player = self.svc.players(self.season).get(row["player"])
        if player is None:
            return False
        self.editing_player = row["player"]
        self.first.setText(player.get("first") or "")
        self.last.setText(player.get("last") or "")
        self.gender.setCurrentIndex(max(self.gender.findData(player.get("gender")), 0))
        self.birthdate.set_value(player.get("birthdate"))
        self.email.setText(player.get("email") or "")
        self.player_title.setText(f"<b>Editing {html.escape(row['name'])}</b> ({html.escape(row['player'])}): "
                                  "change the fields and Save changes")
        self.save_player_button.setEnabled(True)
        self.forms.setCurrentWidget(self.player_page)
        self.first.setFocus()
        return True

    def save_player(self) -> bool:
        """Save the player form over the player loaded by `edit_player()` (`Services.save_player`)."""
        pid = self.editing_player
        if pid is None or self.season is None:
            self.messages.setText("<b>Select a player in the roster and press Edit selected first.</b>")
            return False
        first, last = self.first.text().strip(), self.last.text().strip()
        if not first or not last:
            self.messages.setText("<b>Type the player's first and last name.</b>")
            return False
        stored = self.svc.players(self.season).get(pid) or {"id": pid}
        # the stored player, less the name the window shows (a key-filtered copy: mypy cannot follow it)
        player = cast("PlayerData", {k: v for k, v in stored.items() if k != "name"})
        player.update({"first": first, "last": last, "gender": self.gender.currentData()})
        birthdate, email = self.birthdate.value(), self.email.text().strip()
        if birthdate:
            player["birthdate"] = birthdate
        else:
            player.pop("birthdate", None)
        if email:
            player["email"] = email
        else:
            player.pop("email", None)
        if not self.apply(lambda confirm: self.svc.save_player(player, confirm, season=self.season),
                          f"{first} {last} saved."):
            return False
        self.clear_player_form()
        return True

    def clear_player_form(self) -> None:
        """Back to adding a new player."""
        self.editing_player = None
        for edit in (self.first, self.last, self.birthdate, self.email):
            edit.clear()
        self.player_title.setText("New player")
        self.save_player_button.setEnabled(False)

    def _team_fields(self) -> TeamFields | None:
        name = self.team_name.text().strip()
        division = self.team_division.currentData()
        if not name or not division:
            self.messages.setText("<b>Type the team's name and pick its division.</b>")
            return None
        team: TeamFields = {"name": name, "division": division}
        colour = self.team_colour.text().strip()
        if colour:
            team["colour"] = colour if colour.startswith("#") else f"#{colour}"
        return team

    def save_team(self) -> bool:
        """Save the team form over the team it edits (the one picked in the list): name, division, colour, captain
        and e-mail. In the new-team mode nothing is renamed: pick the team in the list first."""
        current = self.selected_team() if self.editing_team else None
        if current is None or current["id"] != self.editing_team:
            self.messages.setText("<b>Pick the team to change in the list.</b>")
            return False
        fields = self._team_fields()
        if fields is None:
            return False
        team: TeamData = {"id": current["id"], **fields}
        if self.team_captain.currentData():
            team["captain"] = self.team_captain.currentData()
        if self.team_email.text().strip():
            team["captain_email"] = self.team_email.text().strip()
        return self.apply(lambda confirm: self.svc.save_team(team, confirm, season=self.season),
                          f"Team {fields['name']} saved.")

    def add_team(self) -> bool:
        """A new team from the team form (its captain comes once players are signed to it)."""
        fields = self._team_fields()
        if fields is None or self.season is None:
            return False
        tid = self.svc.new_team_id(fields["name"], season=self.season)
        team: TeamData = {"id": tid, **fields}
        if self.team_email.text().strip():
            team["captain_email"] = self.team_email.text().strip()
        if not self.apply(lambda confirm: self.svc.save_team(team, confirm, season=self.season),
                          f"Team {fields['name']} added; sign its players next."):
            return False
        self.select_team(tid)
        self._load_team_form(new=True, added=fields["name"])  # the form stays on adding: the next team
        return True

    def _picked_team(self) -> TeamRow | None:
        team = self.selected_team()
        if team is None or self.season is None:
            self.messages.setText("<b>Pick the team in the list first.</b>")
            return None
        return cast("TeamRow", dict(team))

    def rename_team(self) -> bool:
        """Rename the team picked in the list (`Services.rename_team`: refused when its division has the name)."""
        team = self._picked_team()
        name = team_dialogs.ask_new_team_name(self, team) if team is not None else None
        if team is None or name is None:
            return self._back_to_list(False)
        return self._back_to_list(self.apply(lambda confirm: self.svc.rename_team(team["id"], name,
                                                                                   season=self.season),
                                             f"{team['name']} renamed {name}."))

    def _back_to_list(self, done: bool) -> bool:
        """After a team action the keys go to the team list again (the next team to pick)."""
        self.view.setFocus()
        return done

    def merge_team(self) -> bool:
        """Merge the team picked in the list into another team of its division (`Services.merge_teams`)."""
        team = self._picked_team()
        if team is None:
            return False
        others = [cast("TeamRow", dict(t)) for t in self._teams()
                  if t["division"] == team["division"] and t["id"] != team["id"]]
        if not others:
            self.messages.setText(f"<b>{html.escape(team['name'])} is the only team of "
                                  f"{html.escape(team['division_name'])}: there is no team to merge it into.</b>")
            return False
        target = team_dialogs.ask_merge_target(self, team, others)
        if target is None:
            return self._back_to_list(False)
        into = next(t for t in others if t["id"] == target)
        if not self.apply(lambda confirm: self.svc.merge_teams(team["id"], target, confirm, season=self.season),
                          f"{team['name']} merged into {into['name']}: its games, signings, fines and payments "
                          f"are {into['name']}'s now."):
            return self._back_to_list(False)
        self.select_team(target)
        return self._back_to_list(True)

    def delete_team(self) -> bool:
        """Delete the team picked in the list, when it has nothing (`Services.delete_team`), after a question."""
        team = self._picked_team()
        if team is None or not team_dialogs.confirm_delete(self, team):
            return self._back_to_list(False)
        if not self.apply(lambda confirm: self.svc.delete_team(team["id"], season=self.season),
                          f"Team {team['name']} deleted."):
            return self._back_to_list(False)
        self.team = None
        self._load_team_form()
        return self._back_to_list(True)

    def add_division(self) -> bool:
        """A new division (`Services.save_division`): name, co-ed or not, and its tier."""
        name = self.division_name.text().strip()
        if not name or self.season is None:
            self.messages.setText("<b>Type the division's name.</b>")
            return False
        did = self.svc.new_division_id(name, season=self.season)
        division: DivisionData = {"id": did, "name": name, "coed": self.division_coed.isChecked()}
        if self.division_tier.currentData() is not None:
            division["tier"] = self.division_tier.currentData()
        if not self.apply(lambda confirm: self.svc.save_division(division, confirm, season=self.season),
                          f"Division {name} added ({did}); add its teams in the Team form."):
            return False
        self.division_name.clear()
        self.team_division.setCurrentIndex(max(self.team_division.findData(did), 0))
        return True

    def sign(self) -> bool:
        player = self.sign_player.currentData()
        team = self.sign_team.currentData()
        if not player or self.sign_player.currentText() != self.sign_player.itemText(self.sign_player.currentIndex()):
            self.messages.setText("<b>Pick the player to sign.</b>")
            return False
        if not self.sign_number.text().strip():
            self.messages.setText("<b>Type the jersey number.</b>")
            return False
        number, position = int(self.sign_number.text()), self.sign_position.currentData()
        ok = self.apply(
            lambda confirm: self.svc.sign_player(team, player, number, position, confirm=confirm, season=self.season),
            f"{self.sign_player.currentText()} signed to {self.sign_team.currentText()} as #{number} ({position}).")
        if ok:
            self.sign_number.clear()
        return ok

    def release(self) -> bool:
        row = self.selected_row()
        team = row.get("team") if row is not None else None
        if row is None or not team or row.get("status") != "active":
            self.messages.setText("<b>Select an active player in the roster to release.</b>")
            return False
        date = dialogs.ask_date(self, "Release player", f"Release {row['name']} from {row['team_name']} on:",
                                dt.date.today().isoformat())
        if not date:
            return False
        return self.apply(lambda confirm: self.svc.release_player(team, row["player"], date,
                                                                  season=self.season),
                          f"{row['name']} released from {row['team_name']} on {date}.")

    def import_csv(self, path: str | None = None) -> bool:
        """Preview a roster CSV row by row (the core's verdicts), then write the rows it does not refuse."""
        if self.season is None:
            return False
        if not hasattr(self.svc, "preview_roster_csv"):
            self.messages.setText("<b>Roster CSV import needs a newer Scorekeeper core.</b>")
            return False
        path = path or dialogs.ask_csv_file(self)
        if not path:
            return False
        try:
            rows = self.svc.preview_roster_csv(path, season=self.season)
            choices = team_dialogs.ask_players(self, rows)  # a name several players share: which one
            if choices is None:
                self.messages.setText("Nothing imported.")
                return False
            if choices:
                rows = self.svc.preview_roster_csv(path, season=self.season, choices=choices)
        except ServiceError as exc:
            self.messages.setText(f"{theme.span('refused', 'Cannot read the file', bold=True)} {html.escape(str(exc))}")
            return False
        dialog = RosterCsvDialog(Path(path).name, rows, self)
        n = counts(rows)
        if dialogs.run_dialog(dialog) != QDialog.DialogCode.Accepted or not dialog.writable():
            self.messages.setText("Nothing imported." + (f" {n['already']} row(s) already on the roster."
                                                         if n["already"] else ""))
            return False
        written = dialog.writable()
        already = f"{n['already']} already on the roster, not signed again; " if n["already"] else ""
        return self.apply(lambda confirm: self.svc.import_roster_csv(path, confirm=True, season=self.season,
                                                                     choices=choices or None),
                          f"{written} row(s) of {Path(path).name} imported; {already}"
                          f"{n['refused']} refused row(s) left out.",
                          progress=f"Importing {Path(path).name}…")

    def show_audit(self) -> office.AuditDialog | None:
        row = self.selected_row()
        if row is None:
            self.messages.setText("<b>Select a player in the roster first.</b>")
            return None
        return office.show_audit(self, self.svc, self.season, row["name"], player=row["player"])

    def apply(self, call: Callable[[bool], EntryResult], done: str, progress: str = "") -> bool:
        """Run a roster change through the window's operation runner (blocks shown beside the form, warnings
        confirmed with Enter); every tab then redraws what it changed, this one included."""
        result = operation.run(self, self.svc, self.hub, call, show=self.messages.setText, wording=operation.SAVED,
                               progress=progress)
        if result is None:
            return False
        self.catch_up()  # the tab that wrote shows it at once, in sight or not
        text = theme.span("ok", html.escape(done), bold=True)
        if result.violations:
            text += "<br>" + dialogs.violations_html(result.violations)
        self.messages.setText(text)
        return True

    # -- changes -------------------------------------------------------------------------------------------
    def concerns(self, changes: Changes) -> bool:
        """Divisions, teams, players and signings, and the season figures the roster shows (points, penalty
        minutes, suspensions, fines owed)."""
        return changes.touches("divisions", "teams", "players", "roster", "stats", "discipline")
