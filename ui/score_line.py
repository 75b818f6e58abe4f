"""The Live Game tab's score line, 'Home 2 – 1 Away' in large bold type, drawn so that a goal costs the window the
repaint of the figures alone."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from ui.accessible import say


class ScoreLine(QWidget):
    """Each team's name, wrapped when long, and the figures between them in a label of fixed size: a label whose
    size may change asks the whole page to lay out again (and repaint what it moves) whenever its text changes,
    so the figures' label changes size only when the figures need another width (9 to 10)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 2.2)
        font.setBold(True)
        self.setFont(font)
        self._figure_sizes: dict[str, QSize] = {}
        """The figures' label's size for each shape of figures it has shown ("0 – 0" for every score of one digit a
        side where the font's digits are all as wide), in the font and style it has now: a label's size hint lays
        its text out, so a goal measures nothing the last goal measured. Forgotten when the font or style changes."""
        self._digits: dict[int, int] | None = None
        """Every digit read as 0 in the sizes' keys (the font's digits all as wide), else None; found per font."""
        self.home, self.figures, self.away = QLabel(self), QLabel(self), QLabel(self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(self.fontMetrics().horizontalAdvance(" "))
        for label in (self.home, self.figures, self.away):
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            layout.addWidget(label)
        for name in (self.home, self.away):
            name.setWordWrap(True)  # long team names wrap rather than push the clock out of sight
        self.figures.setFixedSize(0, 0)
        self.setAccessibleName("Score")

    def set_score(self, home: str, away: str, home_goals: int, away_goals: int) -> None:
        """Show `home` `home_goals` – `away_goals` `away`, setting only what changed."""
        for label, text in ((self.home, home), (self.away, away)):
            if label.text() != text:
                label.setText(text)
        say(self, f"Score: {home} {home_goals}, {away} {away_goals}")  # what a screen reader reads (issue 31.4)
        figures = f"{home_goals} – {away_goals}"
        if self.figures.text() != figures:
            self.figures.setText(figures)
            self._fit_figures()  # measured when they change only: a label's size hint lays its text out

    def _fit_figures(self) -> None:
        if not self._figure_sizes:  # a new font or style: are its digits all as wide?
            metrics = self.figures.fontMetrics()
            same = len({metrics.horizontalAdvance(digit) for digit in "0123456789"}) == 1
            self._digits = str.maketrans("123456789", "000000000") if same else None
        text = self.figures.text()
        if self._digits is not None:
            text = text.translate(self._digits)
        wanted = self._figure_sizes.get(text)
        if wanted is None:
            wanted = self._figure_sizes[text] = self.figures.sizeHint()
        if self.figures.minimumSize() != wanted:
            self.figures.setFixedSize(wanted)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange) and hasattr(self, "figures"):
            self._figure_sizes = {}
            self._fit_figures()  # the same figures in another font: another width

    def text(self) -> str:
        """The line as it reads: 'Lynx 2 – 1 Owls' (empty before a game is shown)."""
        return " ".join(label.text() for label in (self.home, self.figures, self.away) if label.text())
