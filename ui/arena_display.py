"""The arena display: a window for the rink's TV or projector that follows the game at the boards by itself.

It listens to the Live Game tab (`LiveGameTab.live_shown`, drawn after every entry and each second of a running
clock, and its `GameClock`) and shows what the tab's state already holds, as `ui.arena_board` says it: both
teams' names and colours, the score, shots where recorded, the period and the time left in it (counted down) with
the stop-time light, each team's penalty box by number with its countdown (and who waits to serve), the
power-play strength, a goal announcement for a few seconds, and the final result. The type is sized to the window
(legible from 20 metres on a TV), white and yellow on black. It never takes the keyboard focus: the scorekeeper's
window keeps it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QColor, QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ui import theme
from ui.accessible import say
from ui.arena_board import SIDES, Board, Goal, board, goals, new_goal
from ui.game_clock import period_name

if TYPE_CHECKING:
    from scorekeeper.screens import GameScreen
    from ui.live_game_tab import LiveGameTab

ANNOUNCE_MS = 8000
"""How long a goal is announced (milliseconds)."""
ONE_LINE_AT_LEAST = 0.7
"""A goal's detail stays on one line down to this share of its size; smaller, it goes one part a line."""
BACKGROUND, TEXT, CLOCK, DIM, STOP = (theme.ARENA[k] for k in ("background", "text", "clock", "dim", "stop"))
NO_COLOUR = theme.ARENA["no_colour"]
"""A team's band where the season records no colour."""
BOX_LINES = 3
"""Penalties listed per side; more are counted ('+2 more')."""

# Each kind of text as a share of the window's height (the type grows with the TV).
SIZES = {"name": 0.075, "score": 0.26, "clock": 0.2, "period": 0.065, "small": 0.05, "box_title": 0.045,
         "box": 0.065, "strength": 0.06, "goal": 0.1, "goal_detail": 0.055}


def contrast(colour: str) -> str:
    """Black or white, whichever reads better on `colour`."""
    return theme.arena_text_on(colour)


def team_colour(colour: str | None) -> str:
    """The team's colour as Qt knows it ('#1f5fbf', 'navy'), else the neutral band."""
    return colour if colour and QColor(colour).isValid() else NO_COLOUR


class Text(QLabel):
    """A label of the display: its size a share of the window's height, shrunk to fit its width if need be."""

    def __init__(self, parent: QWidget, name: str, size: str, colour: str = TEXT, bold: bool = True,
                 align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.share = SIZES[size]
        self.bold = bold
        self.setAlignment(align)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.paint(colour)

    def paint(self, colour: str, background: str = "transparent") -> None:
        style = f"QLabel {{ color: {colour}; background: {background}; }}"
        if style != self.styleSheet():  # each second of the clock redraws the board: no restyle for nothing
            self.setStyleSheet(style)

    def scale(self, height: int, width: int) -> None:
        """The font for a window `height` pixels high, smaller where the text would not fit in `width`."""
        pixels = max(8, int(height * self.share))
        font = QFont(self.font())
        font.setBold(self.bold)
        font.setStyleHint(QFont.StyleHint.SansSerif)
        lines = self.text().splitlines() or [""]
        while pixels > 8:
            font.setPixelSize(pixels)
            widest = max(QFontMetrics(font).horizontalAdvance(line) for line in lines)
            if widest <= max(width - 16, 8):
                break
            pixels = int(pixels * 0.92)
        font.setPixelSize(pixels)
        if font != self.font():
            self.setFont(font)


class ArenaDisplay(QWidget):
    """The rink's board: follows `tab` (the Live Game tab) without any action of the scorekeeper."""

    def __init__(self, tab: LiveGameTab) -> None:
        super().__init__(None, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.tab = tab
        self.setObjectName("arenaDisplay")
        self.setWindowTitle("Scorekeeper — Arena display")
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)  # the office's window ends the program
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setCursor(Qt.CursorShape.BlankCursor)
        self.setAutoFillBackground(True)
        self.setStyleSheet(f"ArenaDisplay {{ background: {BACKGROUND}; }}")
        self.setMinimumSize(320, 180)
        self.board: Board | None = None
        self.goal: Goal | None = None
        """The goal announced now (None: none)."""
        self._screen: GameScreen | None = None

        self.name = {side: Text(self, f"{side}Name", "name") for side in SIDES}
        self.score = {side: Text(self, f"{side}Score", "score") for side in SIDES}
        self.shots = {side: Text(self, f"{side}Shots", "small", DIM, bold=False) for side in SIDES}
        self.box_title = {side: Text(self, f"{side}BoxTitle", "box_title", DIM) for side in SIDES}
        self.box = {side: Text(self, f"{side}Box", "box", CLOCK, align=Qt.AlignmentFlag.AlignHCenter
                               | Qt.AlignmentFlag.AlignTop) for side in SIDES}
        self.period = Text(self, "period", "period")
        self.clock = Text(self, "clock", "clock", CLOCK)
        self.stop_time = Text(self, "stopTime", "small")
        self.strength = Text(self, "strength", "strength")
        self.goal_line = Text(self, "goal", "goal")
        self.goal_detail = Text(self, "goalDetail", "goal_detail", bold=False)
        self.idle = Text(self, "idle", "name", DIM)

        grid = QGridLayout()
        self.grid = grid
        grid.setHorizontalSpacing(24)
        grid.setVerticalSpacing(4)
        for column, side in ((0, "home"), (2, "away")):
            grid.addWidget(self.name[side], 0, column)
            grid.addWidget(self.score[side], 1, column, 2, 1)
            grid.addWidget(self.shots[side], 3, column)
            grid.addWidget(self.box_title[side], 4, column)
            grid.addWidget(self.box[side], 5, column)
        grid.addWidget(self.period, 0, 1)
        grid.addWidget(self.clock, 1, 1)
        grid.addWidget(self.stop_time, 2, 1)
        grid.addWidget(self.strength, 3, 1, 2, 1)
        for column in range(3):
            grid.setColumnStretch(column, 1)
        grid.setRowStretch(5, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.addWidget(self.idle)
        layout.addLayout(grid, 1)
        layout.addWidget(self.goal_line)
        layout.addWidget(self.goal_detail)

        self.announce_timer = QTimer(self)
        self.announce_timer.setSingleShot(True)
        self.announce_timer.setInterval(ANNOUNCE_MS)
        self.announce_timer.timeout.connect(self.end_announcement)
        tab.live_shown.connect(self.follow)
        tab.clock.changed.connect(self.show_clock)
        tab.clock.moved.connect(self.show_clock)
        tab.stack.currentChanged.connect(lambda _page: self.catch_up() if self.isVisible() else None)  # no games
        self.show_nothing()

    # -- what the tab drew ---------------------------------------------------------------------------------
    def catch_up(self) -> None:
        """Show the game at the boards now (on opening): the tab reads the rulebook at its clock's time."""
        shown = self.tab.game_shown
        if shown is None or self.tab.game_id is None or shown.season != self.tab.season or self.tab.showing_message():
            self.show_nothing()
            return
        self.board = None
        self.tab.refresh_live()  # draws the live panel again and tells the display (`live_shown`)
        if self.board is None:  # no live reading at the clock's time: the game as last drawn
            self.follow(shown.live, shown.score)

    def follow(self, live: Mapping[str, Any] | None, score: Mapping[str, int]) -> None:
        """The Live Game tab drew its game with `live` (the rulebook's reading at its clock) and `score`."""
        screen = self.tab.game_shown
        if screen is None:
            self.show_nothing()
            return
        goal = new_goal(self._screen, screen)
        if self._screen is not None and (self._screen.season, self._screen.game_id) != (screen.season,
                                                                                          screen.game_id):
            self.end_announcement()  # another game at the boards: the last one's goal is not this one's
        elif self.goal is not None and self.goal.key not in goals(screen):
            self.end_announcement()  # the goal announced was undone
        self._screen = screen
        clock = self.tab.clock
        self.board = board(screen, live, score, self._period_name(), clock.remaining(), clock.running())
        self._draw(self.board)
        if goal is not None:
            self.announce(goal)

    def show_clock(self) -> None:
        """The clock moved (each second while running, a correction, a pause): its time and period."""
        if self.board is None or self._screen is None or self._screen.final:
            return
        clock = self.tab.clock
        self.clock.setText(clock.remaining())  # counted down, as a rink's scoreboard does
        self.clock.paint(CLOCK if clock.running() else TEXT)
        self.period.setText(self._period_name())
        self._tell()

    def _period_name(self) -> str:
        clock = self.tab.clock
        return period_name(clock.period.value(), self.tab.regulation_periods, clock.word).upper()

    # -- drawing -------------------------------------------------------------------------------------------
    def show_nothing(self) -> None:
        """No game at the boards: the board waits."""
        self.board = None
        self._screen = None
        self.end_announcement()
        self.idle.setText("Waiting for the game")
        self.idle.show()
        for widget in self._board_widgets():
            widget.hide()
        self._fit()
        self._tell()

    def _board_widgets(self) -> list[Text]:
        sides = [w for side in SIDES for w in (self.name[side], self.score[side], self.shots[side],
                                               self.box_title[side], self.box[side])]
        return [*sides, self.period, self.clock, self.stop_time, self.strength]

    def _draw(self, shown: Board) -> None:
        self.idle.hide()
        for widget in self._board_widgets():
            widget.show()
        for side in SIDES:
            team = shown.side(side)
            band = team_colour(team.colour)
            self.name[side].setText(team.name.upper())
            self.name[side].paint(contrast(band), band)
            self.score[side].setText(str(team.score))
            self.shots[side].setText("" if team.shots is None else f"SHOTS {team.shots}")
            lines = [line.text for line in team.box[:BOX_LINES]]
            if len(team.box) > BOX_LINES:
                lines.append(f"+{len(team.box) - BOX_LINES} more")
            self.box_title[side].setText("PENALTY" if team.box else "")
            self.box[side].setText("\n".join(lines))
            self.box[side].setToolTip("\n".join(f"{line.number} {line.name} {line.remaining}" for line in team.box))
        if shown.result:
            self.period.setText("")
            self.clock.setText(shown.result)
            self.clock.paint(TEXT)
        else:
            self.period.setText(shown.period)
            self.clock.setText(shown.clock)
            self.clock.paint(CLOCK if shown.running else TEXT)
        self.stop_time.setText("STOP TIME" if shown.stop_time else "")
        self.stop_time.paint(TEXT, STOP if shown.stop_time else "transparent")
        power_play = shown.strength.startswith("Power play")
        self.strength.setText(shown.strength.upper() if power_play else shown.strength)
        self.strength.paint(CLOCK if power_play else DIM)
        self._fit()
        self._tell()

    def announce(self, goal: Goal) -> None:
        """Announce `goal` for `ANNOUNCE_MS` (a later goal takes its place)."""
        self.goal = goal
        band = team_colour(self.board.side(goal.side).colour if self.board is not None else None)
        self.goal_line.setText(goal.headline.upper())
        self.goal_line.paint(contrast(band), band)
        self.goal_detail.setText(goal.detail)  # on more lines where it reads too small on one (`_fit`)
        self.goal_line.show()
        self.goal_detail.show()
        self._fit()
        self._tell()
        self.announce_timer.start()

    def end_announcement(self) -> None:
        self.goal = None
        self.announce_timer.stop()
        self.goal_line.setText("")
        self.goal_detail.setText("")
        self.goal_line.hide()
        self.goal_detail.hide()
        self._tell()

    def text(self) -> str:
        """Everything the board shows now, line by line (what a person at the rink reads)."""
        widgets = [self.idle, *self._board_widgets(), self.goal_line, self.goal_detail]
        return "\n".join(w.text() for w in widgets if w.isVisibleTo(self) and w.text())

    def _tell(self) -> None:
        """The board's text as its accessible description, a line a part: a screen reader in the office reads
        what the rink sees (issue 31.4)."""
        say(self, "Arena display", "; ".join(self.text().splitlines()))

    # -- sizing --------------------------------------------------------------------------------------------
    def _fit(self) -> None:
        """Each text's size for the window, shrunk to the room it is laid out in: the window less its margins
        (the goal lines, the idle line), a third of that less the grid's spacing (the board's columns); never
        the whole window's width, which cut the last letters ("Power-play goa", issue 27.17)."""
        height = self.height()
        layout = self.layout()
        margins = layout.contentsMargins() if layout is not None else None
        inner = self.width() - (margins.left() + margins.right() if margins is not None else 0)
        third = max((inner - 2 * self.grid.horizontalSpacing()) // 3, 1)
        for label in self._board_widgets():
            label.scale(height, third)
        for label in (self.idle, self.goal_line):
            label.scale(height, inner)
        self._fit_goal_detail(height, inner)

    def _fit_goal_detail(self, height: int, inner: int) -> None:
        """The goal's scorer, assists and kind on one line where that reads at a good size, else one part a line
        (the scorer, each assist, the kind): a long line of names on a small window is never cut."""
        detail = self.goal.detail if self.goal is not None else ""
        label = self.goal_detail
        if label.text() != detail:
            label.setText(detail)
        label.scale(height, inner)
        if detail and label.font().pixelSize() < int(height * label.share * ONE_LINE_AT_LEAST):
            label.setText(detail.replace(" — ", "\n").replace(", ", ",\n").replace(" · ", "\n"))
            label.scale(height, inner)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        """Made the active window all the same (a platform that ignores WindowDoesNotAcceptFocus, a click on the
        TV's window): the keys go back to the office's window at once, to the field they were in."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            office = self.tab.window()
            if office is not self and office.isVisible():
                office.activateWindow()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.end_announcement()
        super().closeEvent(event)

