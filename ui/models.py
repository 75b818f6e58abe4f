"""Table models over the plain rows the facade returns.

The models only present: they pick a field, format it as text and align it. No query, rule or computation
lives here (architecture practice 9: `QAbstractTableModel`s checked with pytest-qt's `qtmodeltester`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QGuiApplication,
    QIcon,
    QPalette,
    QStandardItem,
    QStandardItemModel,
)

from scorekeeper.results_records import Standings
from scorekeeper.season_data import LineupEntryData
from ui import theme
from ui.money_field import money_sort, money_text
from ui.row_diff import differing

Row = Mapping[str, Any]
Index = QModelIndex | QPersistentModelIndex

LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CENTER = Qt.AlignmentFlag.AlignCenter

DISPLAY = Qt.ItemDataRole.DisplayRole
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""The role a `QSortFilterProxyModel` sorts by: the raw value (numbers sort as numbers)."""


def field(key: str) -> Callable[[Row], str]:
    """A cell showing `row[key]` as text; a missing or null value shows as an empty cell."""

    def text(row: Row) -> str:
        value = row.get(key)
        return "" if value is None else str(value)

    return text


@dataclass(frozen=True)
class Column:
    """One column of a table: its header, how a row shows in it, and how the view lays it out."""

    header: str
    text: Callable[[Row], str]
    align: Qt.AlignmentFlag = LEFT
    tooltip: str | None = None
    stretch: bool = False
    icon: Callable[[Row], QIcon | None] | None = None
    sort: Callable[[Row], Any] | None = None


_ROLES = frozenset(int(getattr(role, "value", role)) for role in (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.DecorationRole, SORT_ROLE,
    Qt.ItemDataRole.ToolTipRole))
"""The roles `RecordTableModel.data` answers."""


class RecordTableModel(QAbstractTableModel):
    """A read-only table of dict rows, one `Column` per column; subclasses declare `columns`."""

    columns: Sequence[Column] = ()

    def __init__(self, rows: Iterable[Row] = (), parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = list(rows)

    def set_rows(self, rows: Iterable[Row]) -> None:
        """Replace every row (the facade hands back whole lists, so a reset is the honest signal)."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def update_rows(self, rows: Iterable[Row]) -> tuple[int, int] | None:
        """Replace the rows by `rows`, signalling only the rows that differ (rows kept before and after the
        change stay as they are, with the selection on them); the new or changed rows' first and last number,
        None when nothing changed."""
        new = list(rows)
        head, old_end, new_end = differing(self._rows, new)  # rows head..end differ
        if old_end == head and new_end == head:
            return None
        common = min(old_end, new_end) - head
        if common:
            self._rows[head:head + common] = new[head:head + common]
            self.dataChanged.emit(self.index(head, 0), self.index(head + common - 1, len(self.columns) - 1))
        if new_end > old_end:
            self.beginInsertRows(QModelIndex(), old_end, new_end - 1)
            self._rows[old_end:old_end] = new[old_end:new_end]
            self.endInsertRows()
        elif old_end > new_end:
            self.beginRemoveRows(QModelIndex(), new_end, old_end - 1)
            del self._rows[new_end:old_end]
            self.endRemoveRows()
        return (head, max(head, new_end - 1)) if new_end > head else None

    def replace_row(self, number: int, row: Row) -> None:
        """Row `number` is now `row` (the others stay): the cells whose text, icon or sort value differ are
        signalled, so a view repaints those cells alone (a goal changes a game's score, not its teams)."""
        old = self._rows[number]
        if old is row or old == row:
            return
        self._rows[number] = row
        changed = [at for at, column in enumerate(self.columns) if column.text(old) != column.text(row)
                   or column.icon is not None or (column.sort is not None and column.sort(old) != column.sort(row))]
        for at in changed:  # (made, not asked for: `index` asks the Python row and column counts each time)
            cell = self.createIndex(number, at)
            self.dataChanged.emit(cell, cell)

    def row(self, number: int) -> Row:
        """The facade's dict behind table row `number`."""
        return self._rows[number]

    def rows(self) -> list[Row]:
        """Every row, in table order."""
        return list(self._rows)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if role not in _ROLES:
            return None  # a view asks some ten roles per cell as it paints: the others are answered at once
        number, at = index.row(), index.column()
        if not (index.isValid() and 0 <= number < len(self._rows) and 0 <= at < len(self.columns)):
            return None
        row, column = self._rows[number], self.columns[at]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(row)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return column.align
        if role == Qt.ItemDataRole.DecorationRole and column.icon is not None:
            return column.icon(row)
        if role == SORT_ROLE:
            return column.sort(row) if column.sort is not None else column.text(row)
        if role == Qt.ItemDataRole.ToolTipRole and column.stretch:
            return column.text(row) or None
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        column = self.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.header
        if role == Qt.ItemDataRole.ToolTipRole:
            return column.tooltip
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return column.align
        return None

    def _valid(self, index: Index) -> bool:
        return (
            index.isValid()
            and not index.parent().isValid()
            and 0 <= index.row() < len(self._rows)
            and 0 <= index.column() < len(self.columns)
        )


class ItemTableModel(QStandardItemModel):
    """A read-only table of dict rows whose cells Qt holds (text, alignment, tooltip, flags: none editable): a
    view paints it without calling Python, for a table redrawn as often as the event list at the boards. Same
    API as `RecordTableModel`; subclasses declare `columns`."""

    columns: Sequence[Column] = ()
    SORTED = True
    """Whether a proxy may sort the rows (each cell then holds its `SORT_ROLE` value); False: never sorted."""

    def __init__(self, rows: Iterable[Row] = (), parent: QObject | None = None) -> None:
        super().__init__(0, len(self.columns), parent)
        for number, column in enumerate(self.columns):
            self.setHeaderData(number, Qt.Orientation.Horizontal, column.header)
            self.setHeaderData(number, Qt.Orientation.Horizontal, column.tooltip, Qt.ItemDataRole.ToolTipRole)
            self.setHeaderData(number, Qt.Orientation.Horizontal, column.align, Qt.ItemDataRole.TextAlignmentRole)
        root = self.invisibleRootItem()
        root.setFlags(root.flags() & ~Qt.ItemFlag.ItemIsEditable)
        self._rows: list[Row] = []
        self.set_rows(rows)

    def _cells(self, row: Row) -> list[QStandardItem]:
        # each cell made in Python (not a copy Qt makes of a prototype: shiboken would not hear of its deletion
        # with its row, and a later object at its address would be handed out as that cell)
        cells = []
        sorted_ = self.SORTED
        for column in self.columns:
            text = column.text(row)
            item = QStandardItem(text)
            item.setEditable(False)
            item.setTextAlignment(column.align)
            if sorted_:
                item.setData(column.sort(row) if column.sort is not None else text, SORT_ROLE)
            if column.stretch and text:
                item.setToolTip(text)
            cells.append(item)
        return cells

    def set_rows(self, rows: Iterable[Row]) -> None:
        """Replace every row (one reset)."""
        self.beginResetModel()
        blocked = self.blockSignals(True)
        try:
            self.setRowCount(0)
            self._rows = list(rows)
            for row in self._rows:
                self.appendRow(self._cells(row))
        finally:
            self.blockSignals(blocked)
        self.endResetModel()

    def update_rows(self, rows: Iterable[Row]) -> tuple[int, int] | None:
        """As `RecordTableModel.update_rows`: only the rows that differ are signalled."""
        new = list(rows)
        head, old_end, new_end = differing(self._rows, new)  # rows head..end differ
        if old_end == head and new_end == head:
            return None
        common = min(old_end, new_end) - head
        for number in range(head, head + common):
            self.replace_row(number, new[number])
        if new_end > old_end:
            for number in range(old_end, new_end):
                self._rows.insert(number, new[number])
                self.insertRow(number, self._cells(new[number]))
        elif old_end > new_end:
            del self._rows[new_end:old_end]
            self.removeRows(new_end, old_end - new_end)
        return (head, max(head, new_end - 1)) if new_end > head else None

    def replace_row(self, number: int, row: Row) -> None:
        """Row `number` is now `row` (the cells that differ are signalled)."""
        if self._rows[number] == row:
            return
        self._rows[number] = row
        for at, cell in enumerate(self._cells(row)):
            current = self.item(number, at)
            if current is None or current.text() != cell.text() or current.toolTip() != cell.toolTip():
                self.setItem(number, at, cell)

    def row(self, number: int) -> Row:
        """The dict behind table row `number`."""
        return self._rows[number]

    def rows(self) -> list[Row]:
        """Every row, in table order."""
        return list(self._rows)

    def count(self) -> int:
        """The number of rows (`rowCount`, without a call into Qt)."""
        return len(self._rows)


TableModel = RecordTableModel | ItemTableModel
"""A table of dict rows described by `columns`."""


@cache
def colour_swatch(name: str) -> QIcon | None:
    """A small square of a team's colour ("blue", "#0044aa"), or None if Qt does not know the name."""
    colour = QColor.fromString(name)
    if not name or not colour.isValid():
        return None
    return QIcon(theme.swatch(colour))


class TeamsModel(RecordTableModel):
    """The teams of a season: rows of `Services.teams()`."""

    columns = (
        Column("Team", field("name"), stretch=True),
        Column("Division", field("division_name")),
        Column("Colour", field("colour"), icon=lambda row: colour_swatch(row.get("colour") or "")),
        Column("Captain", field("captain_name")),
        Column("Captain e-mail", field("captain_email")),
        Column("Players", field("players"), RIGHT, "Players signed to the team's roster"),
    )


def _score(row: Row) -> str:
    score = row.get("score")
    return "" if not score else f"{score['home']} – {score['away']}"


def _status(row: Row) -> str:
    status = str(row.get("status_text") or str(row.get("status") or "").capitalize())  # 'In progress'
    if row.get("stage") == "playoff":
        return f"{status} (playoff)"
    return status


LONG_NUMBER = 10
"""A game number longer than this stands alone under the teams (its date is on the game's own page): the games
list stays narrow enough at 1024 pixels to show both its columns without scrolling sideways (issue 27.13)."""


def _game(row: Row) -> str:
    number = str(row.get("number") or row.get("id") or "")
    under = number if len(number) > LONG_NUMBER else f"{row.get('date') or ''} · {number}"
    return f"{row.get('home_name') or row.get('home')} – {row.get('away_name') or row.get('away')}\n{under}"


def _result(row: Row) -> str:
    score, status = _score(row), _status(row)
    return f"{score}\n{status}" if score else status


class GamesModel(RecordTableModel):
    """The games of a season, in the facade's order: rows of `Services.games()`."""

    columns = (
        Column("Game", _game, tooltip="Home – away; under it the date and the league's game number (a long "
               "number alone; the office sets it with Officials…; the game's id until then)"),
        Column("Result", _result, tooltip="The score (home – away), and under it where the game stands"),
    )
    LINES = 2
    """Every row two lines high: the whole list fits beside the game on a 1024-pixel screen."""

    def __init__(self, rows: Iterable[Row] = (), parent: QObject | None = None) -> None:
        super().__init__(rows, parent)
        self._numbers: dict[str, int] | None = None
        """Each game's row number by id, made when first asked after the rows changed."""

    def set_rows(self, rows: Iterable[Row]) -> None:
        self._numbers = None
        super().set_rows(rows)

    def update_rows(self, rows: Iterable[Row]) -> tuple[int, int] | None:
        self._numbers = None
        return super().update_rows(rows)

    def number_of(self, game_id: str) -> int | None:
        """The row number of game `game_id` (None: not listed), without a walk through the season's games."""
        if self._numbers is None:
            self._numbers = {str(row["id"]): number for number, row in enumerate(self._rows)}
        return self._numbers.get(game_id)

    def replace_game(self, row: Row) -> None:
        """The game's row as the facade now has it (the other rows stay; a game not listed is left out)."""
        number = self.number_of(str(row["id"]))
        if number is not None:
            self.replace_row(number, row)


def _signed(key: str) -> Callable[[Row], str]:
    def text(row: Row) -> str:
        value = row.get(key)
        return "" if value is None else f"{value:+d}" if value else "0"

    return text


@dataclass(frozen=True)
class DivisionHeading:
    """A row naming the division whose standings follow."""

    name: str


class StandingsModel(RecordTableModel):
    """Standings of every division of a season (`Services.standings()`), each under a heading row."""

    columns = (
        Column("#", field("rank"), RIGHT, "Rank in the division"),
        Column("Team", field("team_name"), stretch=True),
        Column("GP", field("gp"), RIGHT, "Games played"),
        Column("W", field("w"), RIGHT, "Wins (overtime, shootout and forfeit wins included)"),
        Column("L", field("l"), RIGHT, "Losses (overtime, shootout and forfeit losses included)"),
        Column("T", field("t"), RIGHT, "Ties"),
        Column("OTW", field("otw"), RIGHT, "Overtime wins"),
        Column("OTL", field("otl"), RIGHT, "Overtime losses"),
        Column("SOW", field("sow"), RIGHT, "Shootout wins (where the rulebook has shootouts)"),
        Column("SOL", field("sol"), RIGHT, "Shootout losses (where the rulebook has shootouts)"),
        Column("PTS", field("pts"), RIGHT, "Points"),
        Column("GF", field("gf"), RIGHT, "Goals for"),
        Column("GA", field("ga"), RIGHT, "Goals against"),
        Column("DIFF", _signed("diff"), RIGHT, "Goal difference"),
        Column("PIM", field("pim"), RIGHT, "Penalty minutes"),
        Column("P%", field("pts_pct_text"), RIGHT, "Points percentage: points over the points the games could give"),
        Column("GF%", field("gf_pct_text"), RIGHT, "Goals-for share: GF / (GF + GA)"),
        Column("L10", field("l10_text"), RIGHT, "Last ten games (W-L-OTL, or W-L-T-OTL where games can end tied)"),
        Column("STRK", field("streak_text"), RIGHT, "Streak: the latest result and how many in a row"),
        Column("HOME", field("home_text"), RIGHT, "Home record"),
        Column("AWAY", field("away_text"), RIGHT, "Away record"),
    )
    POINTS = 10
    SHOOTOUT_COLUMNS = (8, 9)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), parent)
        self._items: list[DivisionHeading | None] = []

    def set_standings(
        self, standings: Standings, team_names: Mapping[str, str], division_names: Mapping[str, str]
    ) -> None:
        """Show the facade's standings JSON, naming teams and divisions by the given id -> name maps."""
        from scorekeeper.services import standings_texts  # here: the Live Game tab imports this module (issue 29.4)

        rows: list[Row] = []
        items: list[DivisionHeading | None] = []
        for division in standings.get("divisions", []):
            division_id = division["division"]
            rows.append({})
            items.append(DivisionHeading(division_names.get(division_id, division_id)))
            for row in division["rows"]:
                rows.append({**row, "team_name": team_names.get(row["team"], row["team"]),
                             **{f"{key}_text": text for key, text in standings_texts(row).items()}})
                items.append(None)
        self.beginResetModel()
        self._rows, self._items = rows, items
        self.endResetModel()

    def set_rows(self, rows: Iterable[Row]) -> None:
        """Standings rows need their headings: use `set_standings`."""
        raise TypeError("use StandingsModel.set_standings()")

    @property
    def shootouts(self) -> bool:
        """Do the rows count shootouts (the rulebook has them)? Else the view hides those columns."""
        return any("sow" in row for row in self._rows)

    def heading_rows(self) -> list[int]:
        """The table rows that are division headings (the view spans them across all columns)."""
        return [number for number, item in enumerate(self._items) if item is not None]

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not self._valid(index):
            return None
        heading = self._items[index.row()]
        if heading is None:
            if role == Qt.ItemDataRole.FontRole and index.column() == self.POINTS:
                return _bold()
            return super().data(index, role)
        if role == Qt.ItemDataRole.DisplayRole:
            return heading.name if index.column() == 0 else ""
        if role == Qt.ItemDataRole.FontRole:
            return _bold()
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return LEFT
        if role == Qt.ItemDataRole.BackgroundRole:
            return QGuiApplication.palette().brush(QPalette.ColorRole.Button)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if self._valid(index) and self._items[index.row()] is not None:
            return Qt.ItemFlag.ItemIsEnabled
        return super().flags(index)


def _bold() -> QFont:
    font = QFont(QGuiApplication.font())
    font.setBold(True)
    return font


def figure(header: str, text: Callable[[Row], str], key: str, tooltip: str | None = None) -> Column:
    """A right-aligned column of figures that sorts as a number (the row's `key`)."""

    def raw(row: Row) -> Any:
        value = row.get(key)
        return value if isinstance(value, int | float) else -1

    return Column(header, text, RIGHT, tooltip, sort=raw)


def _yes(key: str) -> Callable[[Row], str]:
    def text(row: Row) -> str:
        return "yes" if row.get(key) else ""

    return text


SEVERITY_LABEL = {"block": "Refused", "warn": "Warning", "info": "Note"}


class ViolationsModel(RecordTableModel):
    """Violations (rows: `Violation.to_json()` dicts): what an import or an entry broke, rule by rule."""

    columns = (
        Column("", lambda row: SEVERITY_LABEL.get(str(row.get("severity")), str(row.get("severity") or ""))),
        Column("Rule", field("rule"), tooltip="The rule's ID in the league's rule catalogue"),
        Column("Section", field("section"), tooltip="Where the rulebook says it"),
        Column("Where", field("where")),
        Column("Message", field("message"), stretch=True),
    )

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if role == Qt.ItemDataRole.ForegroundRole and self._valid(index) and index.column() == 0:
            return theme.colour("refused" if self._rows[index.row()].get("severity") == "block" else "warning")
        return super().data(index, role)


def _two_lines(first: str, second: str) -> Callable[[Row], str]:
    """A cell of two lines: `row[first]`, and under it `row[second]` when there is one."""

    def text(row: Row) -> str:
        top, under = row.get(first) or "", row.get(second) or ""
        return f"{top}\n{under}" if under else str(top)

    return text


class EventsModel(ItemTableModel):
    """A game's event list as the window describes it (rows made by the Live Game tab from the game); its cells
    are Qt's, so the list repaints after each entry without calling Python."""

    SORTED = False  # in game order, never sorted: no sort value per cell

    columns = (
        Column("Time", _two_lines("period_label", "elapsed"), CENTER, "The period (1st, 2nd ..., then OT), and "
               "under it the time elapsed in it"),
        Column("Entry", _two_lines("kind", "team_name"), tooltip="What was entered, and the team it is for"),
        Column("Details", _two_lines("details", "more"), tooltip="Who: the scorer, the penalised player (number and "
               "name), the shooter, or what the entry says; under it a goal's assists (A:), a penalty's infraction, "
               "class and minutes (as the game sheet shows them)"),
        Column("Str.", field("strength"), CENTER, "A goal's strength: EV even, PP power play, SH short-handed, "
               "EN empty net, PS penalty shot, AW awarded"),
    )
    LINES = 2
    """Every row is two lines high (what and for whom; who and the rest): each entry in full in a list narrow
    enough for a 1024-pixel screen, and rows of one height, so an entry never makes the list measure its rows."""

    def event_index(self, number: int) -> int:
        """The index of table row `number`'s event in the game's own list (what the facade edits)."""
        return int(self._rows[number]["index"])


class LineupModel(RecordTableModel):
    """A side's candidates (`Services.lineup_candidates()`) with two check boxes: dressed, dressed as a goalie.

    A player the rulebook refuses (`refused`) cannot be ticked; the note says why, rule and section.
    """

    columns = (
        Column("Dress", lambda row: "", CENTER, "Dressed for this game"),
        Column("G", lambda row: "", CENTER, "Dressed as a goalie"),
        Column("#", field("number"), RIGHT),
        Column("Player", field("name")),
        Column("", field("gender"), CENTER, "Gender (co-ed divisions)"),
        Column("Note", field("note"), tooltip="Why the rulebook may refuse this player", stretch=True),
    )
    DRESS, GOALIE = 0, 1

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if role == Qt.ItemDataRole.CheckStateRole and self._valid(index) and index.column() in (0, 1):
            key = "dressed" if index.column() == self.DRESS else "goalie"
            checked = bool(self._rows[index.row()].get(key))
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ForegroundRole and self._valid(index) and self._rows[index.row()].get("note"):
            return QColor(self.note_colour(self._rows[index.row()]))
        if role == Qt.ItemDataRole.ToolTipRole and self._valid(index) and self._rows[index.row()].get("note"):
            row = self._rows[index.row()]
            if row.get("blocked"):  # the last save's refusal: the note says it with its rule
                return str(row["note"])
            return ("Refused: " if row.get("refused") else "Note: ") + str(row["note"])
        return super().data(index, role)

    @staticmethod
    def note_colour(row: Row) -> str:
        """The colour of a candidate's note: red for a refusal, amber for a warning."""
        return theme.css("refused" if row.get("refused") or row.get("blocked") else "warning")

    def refused(self, number: int) -> bool:
        """The rulebook refuses this player outright (suspended, not eligible): the box cannot be ticked."""
        return bool(self._rows[number].get("refused"))

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if self._valid(index) and self.refused(index.row()) and not self._rows[index.row()].get("dressed"):
            return flags & ~Qt.ItemFlag.ItemIsEnabled
        if self._valid(index) and index.column() in (self.DRESS, self.GOALIE):
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or not self._valid(index) or index.column() not in (0, 1):
            return False
        checked = value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value, 2, True)
        if checked and self.refused(index.row()):
            return False
        row = dict(self._rows[index.row()])
        if index.column() == self.DRESS:
            row["dressed"] = checked
            if not checked:
                row["goalie"] = False
        else:
            row["goalie"] = checked
            if checked:
                row["dressed"] = True
        self._rows[index.row()] = row
        self.dataChanged.emit(self.index(index.row(), 0), self.index(index.row(), 1))
        return True

    def set_all(self, dressed: bool) -> None:
        """Dress (or undress) every player; with no goalie flagged yet, the roster's goalies are flagged."""
        flagged = any(row.get("goalie") for row in self._rows)
        for number, row in enumerate(self._rows):
            on = dressed and not row.get("refused")
            goalie = bool(row.get("goalie")) or (not flagged and row.get("position") == "goalie")
            self._rows[number] = {**row, "dressed": on, "goalie": goalie and on}
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, 1))

    def ticks(self) -> dict[str, tuple[bool, bool]]:
        """Each player's (dressed, goalie) as ticked now."""
        return {str(row["player"]): (bool(row.get("dressed")), bool(row.get("goalie"))) for row in self._rows}

    def entries(self) -> list[LineupEntryData]:
        """The line-up as the facade takes it: `[{player, goalie?}]`, goalies first."""
        dressed = [row for row in self._rows if row.get("dressed")]
        dressed.sort(key=lambda row: not row.get("goalie"))
        return [{"player": row["player"], "goalie": True} if row.get("goalie") else {"player": row["player"]}
                for row in dressed]


class RosterModel(RecordTableModel):
    """Rostered players with their season figures (rows joined by the Roster tab from the facade's lists)."""

    columns = (
        figure("#", field("number"), "number", "Jersey number"),
        Column("Player", field("name")),  # as wide as the longest name: never cut short (Status takes the rest)
        Column("Team", field("team_name")),
        Column("Pos.", field("position"), tooltip="Skater or goalie"),
        Column("", field("gender"), CENTER, "Gender"),
        figure("GP", field("gp"), "gp", "Games played (regular season)"),
        figure("G", field("g"), "g", "Goals"),
        figure("A", field("a"), "a", "Assists"),
        figure("PIM", field("pim"), "pim", "Penalty minutes"),
        Column("Susp.", field("suspension"), tooltip="Active suspension: its rule, and the games served of the "
               "games it lasts (0/5), or its kind"),
        Column("Fines", money_text("fines_cents", blank_zero=True), RIGHT, "Fines charged to the player (total)",
               sort=money_sort("fines_cents")),
        Column("Status", field("status"), stretch=True),  # the room left over (a long one's tooltip says it)
    )


class PlayerStatsModel(RecordTableModel):
    """Player scoring (`Services.stats()` rows, with the player's and team's names added)."""

    columns = (
        Column("Player", field("name"), stretch=True),
        Column("Team", field("team_name")),
        figure("GP", field("gp"), "gp", "Games played"),
        figure("G", field("g"), "g", "Goals"),
        figure("A", field("a"), "a", "Assists"),
        figure("PTS", field("pts"), "pts", "Points"),
        figure("PIM", field("pim"), "pim", "Penalty minutes"),
    )


def _fixed(key: str, digits: int) -> Callable[[Row], str]:
    """A decimal figure with `digits` places ('—' when unknown: no shots recorded, no time in net)."""

    def text(row: Row) -> str:
        value = row.get(key)
        return "—" if value is None else f"{value:.{digits}f}"

    return text


def _seconds(row: Row) -> int:
    minutes, _, seconds = str(row.get("min", "0:00")).partition(":")
    return int(minutes or 0) * 60 + int(seconds or 0)


class GoalieStatsModel(RecordTableModel):
    """Goaltending (`Services.stats()["goalies"]` rows, names added): the decision, time in net, shots, saves."""

    columns = (
        Column("Goalie", field("name"), stretch=True),
        Column("Team", field("team_name")),
        figure("GP", field("gp"), "gp", "Games played"),
        figure("W", field("w"), "w", "Wins"),
        figure("L", field("l"), "l", "Losses"),
        figure("T", field("t"), "t", "Ties"),
        figure("OTL", field("otl"), "otl", "Overtime losses"),
        figure("SOL", field("sol"), "sol", "Shootout losses"),
        Column("MIN", field("min"), align=RIGHT, tooltip="Time in net", sort=_seconds),
        figure("SA", field("sa"), "sa", "Shots against (games with shots recorded)"),
        figure("SV", field("sv"), "sv", "Saves"),
        figure("SV%", _fixed("sv_pct", 3), "sv_pct", "Save percentage"),
        figure("GA", field("ga"), "ga", "Goals against"),
        figure("GAA", _fixed("gaa", 2), "gaa", "Goals against per regulation game"),
        figure("SO", field("so"), "so", "Shutouts"),
    )


def _served(row: Row) -> str:
    if row.get("kind") == "games":
        return f"{row.get('served', 0)} of {row.get('games')}"
    if row.get("kind") == "indefinite" and row.get("games"):
        return f"{row.get('served', 0)} (min. {row.get('games')})"
    return str(row.get("served", ""))


def _game_name(row: Row) -> str:
    """The row's game as people read it: `game_name` (the league's game number) where added, else `game`."""
    return str(row.get("game_name") or row.get("game") or "")


class SuspensionsModel(RecordTableModel):
    """`Services.suspensions()` rows, names added."""

    columns = (
        Column("Player", field("name"), stretch=True),
        Column("Team", field("team_name")),
        Column("Game", _game_name, tooltip="The league's game number (the game's id where none is set)"),
        Column("Rule", field("rule")),
        Column("Kind", field("kind"), tooltip="games, season or indefinite"),
        Column("Served", _served, RIGHT, "Games served of the games suspended"),
        Column("Status", field("status")),
        Column("Appeal", field("appeal")),
        Column("Review", _yes("review"), CENTER, "Sent to the league's Suspension Director"),
    )


class OfficeListModel(RecordTableModel):
    """`Services.office_list()` rows, team names added: what waits for the office (issue 27.11)."""

    columns = (
        Column("Rule", lambda row: f"{row.get('rule', '')} ({row['section']})" if row.get("section")
               else str(row.get("rule", "")), tooltip="The rule it is due under, and the rulebook's section"),
        Column("Team", field("team_name")),
        Column("To do", field("what"), stretch=True),
    )


class FinesModel(RecordTableModel):
    """`Services.fines()['fines']` rows, names added."""

    columns = (
        Column("Payer", field("payer_name"), stretch=True),
        Column("Team", field("team_name")),
        Column("Amount", money_text("amount"), RIGHT, sort=money_sort("amount")),
        Column("Rule", field("rule")),
        Column("Game", _game_name, tooltip="The league's game number (the game's id where none is set)"),
    )


class FineTotalsModel(RecordTableModel):
    """`Services.fines()['totals']`: each team's statement."""

    columns = (
        Column("Team", field("team_name"), stretch=True),
        *(Column(header, money_text(key), RIGHT, sort=money_sort(key)) for header, key in (
            ("Fines", "fines"), ("Paid", "paid"), ("Balance", "balance"))),
    )


class EligibilityModel(RecordTableModel):
    """`Services.eligibility()` rows, names added."""

    columns = (
        Column("Player", field("name"), stretch=True),
        Column("Team", field("team_name")),
        figure("Regular GP", field("regular_gp"), "regular_gp", "Regular-season games on this team"),
        figure("Needed", field("required"), "required", "Games the rulebook requires"),
        Column("Playoffs", lambda row: "eligible" if row.get("playoff_eligible") else "not eligible"),
    )


class RulesModel(RecordTableModel):
    """The rulebook's rules: ID, section, title."""

    columns = (
        Column("Rule", field("id")),
        Column("Section", field("section")),
        Column("Title", field("title"), stretch=True),
    )


class InfractionsModel(RecordTableModel):
    """The rulebook's infraction catalogue."""

    columns = (
        Column("Code", field("code"), tooltip="What a season file names it"),
        Column("Infraction", field("name"), stretch=True),
        Column("Class", field("classes"), tooltip="Default class first, then the referee's alternatives"),
        Column("Min.", field("minutes"), RIGHT, "Minutes of each class, in the order of the classes"),
        Column("Section", field("section")),
        Column("Rule", field("rule")),
    )
