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
from PySide6.QtGui import QColor, QFont, QGuiApplication, QIcon, QPainter, QPalette, QPixmap

Row = Mapping[str, Any]
Index = QModelIndex | QPersistentModelIndex

LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CENTER = Qt.AlignmentFlag.AlignCenter

DISPLAY = Qt.ItemDataRole.DisplayRole


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

    def row(self, number: int) -> Row:
        """The facade's dict behind table row `number`."""
        return self._rows[number]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not self._valid(index):
            return None
        row, column = self._rows[index.row()], self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(row)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return column.align
        if role == Qt.ItemDataRole.DecorationRole and column.icon is not None:
            return column.icon(row)
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


@cache
def colour_swatch(name: str) -> QIcon | None:
    """A small square of a team's colour ("blue", "#0044aa"), or None if Qt does not know the name."""
    colour = QColor.fromString(name)
    if not name or not colour.isValid():
        return None
    pixmap = QPixmap(12, 12)
    pixmap.fill(colour)
    painter = QPainter(pixmap)
    painter.setPen(QColor(0, 0, 0, 110))
    painter.drawRect(0, 0, 11, 11)
    painter.end()
    return QIcon(pixmap)


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
    status = str(row.get("status") or "")
    if row.get("stage") == "playoff":
        return f"{status.capitalize()} (playoff)"
    return status.capitalize()


class GamesModel(RecordTableModel):
    """The games of a season, in the facade's order: rows of `Services.games()`."""

    columns = (
        Column("Game", field("id"), tooltip="The game's id, as the command line and season file name it"),
        Column("Date", field("date")),
        Column("Time", field("time"), CENTER),
        Column("Home", field("home_name"), stretch=True),
        Column("Away", field("away_name"), stretch=True),
        Column("Status", _status),
        Column("Score", _score, CENTER, "Home – away"),
    )


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
        Column("W", field("w"), RIGHT, "Wins (overtime and forfeit wins included)"),
        Column("L", field("l"), RIGHT, "Losses (overtime and forfeit losses included)"),
        Column("T", field("t"), RIGHT, "Ties"),
        Column("OTW", field("otw"), RIGHT, "Overtime wins"),
        Column("OTL", field("otl"), RIGHT, "Overtime losses"),
        Column("PTS", field("pts"), RIGHT, "Points"),
        Column("GF", field("gf"), RIGHT, "Goals for"),
        Column("GA", field("ga"), RIGHT, "Goals against"),
        Column("DIFF", _signed("diff"), RIGHT, "Goal difference"),
        Column("PIM", field("pim"), RIGHT, "Penalty minutes"),
    )
    POINTS = 8

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), parent)
        self._items: list[DivisionHeading | None] = []

    def set_standings(
        self, standings: Mapping[str, Any], team_names: Mapping[str, str], division_names: Mapping[str, str]
    ) -> None:
        """Show the facade's standings JSON, naming teams and divisions by the given id -> name maps."""
        rows: list[Row] = []
        items: list[DivisionHeading | None] = []
        for division in standings.get("divisions", []):
            division_id = division["division"]
            rows.append({})
            items.append(DivisionHeading(division_names.get(division_id, division_id)))
            for row in division["rows"]:
                rows.append({**row, "team_name": team_names.get(row["team"], row["team"])})
                items.append(None)
        self.beginResetModel()
        self._rows, self._items = rows, items
        self.endResetModel()

    def set_rows(self, rows: Iterable[Row]) -> None:
        """Standings rows need their headings: use `set_standings`."""
        raise TypeError("use StandingsModel.set_standings()")

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
