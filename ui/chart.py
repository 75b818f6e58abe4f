"""A small line chart drawn with QPainter: each team's points through the season, one line per team.

The points of each game come from the facade (`Services.game()['points']`); the chart only adds them up
along the dates so the lines can be drawn (PySide6-Essentials has no QtCharts).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ui import theme
from ui.accessible import say

FALLBACK = theme.SERIES


@dataclass(frozen=True)
class Series:
    """One team's line: its name, colour and running points after each of its games."""

    name: str
    colour: str
    points: tuple[int, ...]


class PointsChart(QWidget):
    """Points (y) after each game played (x), one coloured line per team, with a legend."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.series: list[Series] = []
        self.title = "Points through the season"
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(360, 240)
        self.told()

    def sizeHint(self) -> QSize:
        return QSize(720, 420)

    def set_series(self, series: Sequence[Series], title: str | None = None) -> None:
        self.series = list(series)
        if title:
            self.title = title
        self.told()
        self.update()

    def told(self) -> None:
        """What the chart shows, for a screen reader: its title, then each team's points after its games played
        ('Otters 24 points after 12 games'), the leader first (issue 31.4)."""
        lines = sorted((s for s in self.series if s.points), key=lambda s: (-s.points[-1], s.name))
        said = "; ".join(f"{s.name} {s.points[-1]} points after {len(s.points)} games" for s in lines)
        say(self, self.title, said or "No final games yet.")

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        metrics = painter.fontMetrics()
        line = metrics.height()
        title_font = QFont(painter.font())
        title_font.setBold(True)
        painter.setFont(title_font)
        painter.drawText(QRectF(0, 4, self.width(), line + 4), Qt.AlignmentFlag.AlignHCenter, self.title)
        painter.setFont(self.font())
        if not self.series or not any(s.points for s in self.series):
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No final games yet.")
            return
        legend_width = max(metrics.horizontalAdvance(f"{s.name} (00)") for s in self.series) + 40
        plot = QRectF(metrics.horizontalAdvance("000") + 16, line * 2 + 8,
                      self.width() - legend_width - metrics.horizontalAdvance("000") - 32,
                      self.height() - line * 4 - 16)
        games = max(len(s.points) for s in self.series)
        top = max(2, max(max(s.points, default=0) for s in self.series))

        def at(game: int, points: int) -> QPointF:
            x = plot.left() + plot.width() * game / max(games, 1)
            y = plot.bottom() - plot.height() * points / top
            return QPointF(x, y)

        grid = QPen(theme.grid())
        painter.setPen(grid)
        step = max(1, top // 6)
        for value in range(0, top + 1, step):
            y = at(0, value).y()
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(self.palette().text().color())
            painter.drawText(QRectF(0, y - line / 2, plot.left() - 6, line), Qt.AlignmentFlag.AlignRight, str(value))
            painter.setPen(grid)
        painter.setPen(self.palette().text().color())
        for game in range(0, games + 1):
            x = at(game, 0).x()
            painter.drawText(QRectF(x - 20, plot.bottom() + 4, 40, line), Qt.AlignmentFlag.AlignHCenter, str(game))
        painter.drawText(QRectF(plot.left(), plot.bottom() + line + 6, plot.width(), line),
                         Qt.AlignmentFlag.AlignHCenter, "games played")

        for number, series in enumerate(self.series):
            colour = QColor.fromString(series.colour) if series.colour else QColor()
            if not colour.isValid():
                colour = QColor(FALLBACK[number % len(FALLBACK)])
            pen = QPen(theme.line(colour), 2.5)
            painter.setPen(pen)
            points = [at(0, 0)] + [at(n + 1, value) for n, value in enumerate(series.points)]
            for first, second in zip(points, points[1:], strict=False):
                painter.drawLine(first, second)
            for point in points[1:]:
                painter.drawEllipse(point, 3, 3)
            y = plot.top() + number * (line + 6)
            painter.drawLine(QPointF(plot.right() + 16, y + line / 2), QPointF(plot.right() + 32, y + line / 2))
            painter.setPen(self.palette().text().color())
            label = f"{series.name} ({series.points[-1] if series.points else 0})"
            painter.drawText(QRectF(plot.right() + 36, y, legend_width + 40, line), Qt.AlignmentFlag.AlignLeft, label)
        painter.end()
