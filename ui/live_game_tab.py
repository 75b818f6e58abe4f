"""The Live Game tab: pick a game, dress both sides, score it from the keyboard as the play goes.

Every entry goes to the facade (`add_event`, `update_event`, `delete_event`, `set_lineup`, `finish_game`,
`reopen_game`, `undo`, `redo`) through the window's one operation runner (`ui.operation.run`); what the tab
shows of the game comes from one `Services.game_screen()` (a read-only `GameScreen`), and what the rulebook says
as the clock runs from `Services.live()`. Blocks are shown beside the form with their rule ID and section;
warnings are confirmed with one keystroke. After a write the tab redraws only what its `Changes` touch.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QBoxLayout,
    QCheckBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTabBar,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.services import ServiceError
from ui import dialogs, office, operation
from ui.arena_board import strength_text
from ui.entry_form import KINDS, OPTIONAL_KINDS, EntryError, EntryForm
from ui.focus_quiet_view import FocusQuietView
from ui.game_clock import GameClock, parse_time, period_name
from ui.hub import ChangeHub
from ui.live_banner import LiveBanner, consequences_html, plain
from ui.models import EventsModel, GamesModel, LineupModel
from ui.reflow import BesideOrUnder, Reflow
from ui.score_line import ScoreLine
from ui.table_tab import TableTab, fit_columns, make_table_view, scrolling, two_lines, whole_width, widen_columns

if TYPE_CHECKING:
    from scorekeeper.changes import Changes, EntryResult
    from scorekeeper.screens import Consequence, EventFigures, GameScreen
    from scorekeeper.services import Services
    from ui.print_preview import Document, PreviewDialog

CLOCK_KEY = "Ctrl+T"
"""Start or pause the game clock: T for time (Ctrl+Space would be Cmd+Space on a Mac, which opens Spotlight)."""
SHEET_KEY = "Ctrl+Shift+H"
"""Entry from a paper sheet on or off (H: sheet): the clock held still, each entry's time typed."""
OFFICIALS_KEY, SIGN_KEY, REOPEN_KEY, AUDIT_KEY = "Ctrl+Shift+O", "Ctrl+Shift+S", "Ctrl+Shift+R", "Ctrl+Shift+A"
"""The game's header buttons: Officials…, Sign…, Reopen…, Audit… (issue 27.15; Ctrl+Shift: the letters alone are
the entry keys, Alt+letter the forms' and the menus')."""
NEXT_PERIOD_KEY, PREVIOUS_PERIOD_KEY = "Ctrl+PgDown", "Ctrl+PgUp"
"""The clock to the next or the previous period, from anywhere in the tab."""
EVENT_ROWS_KEPT = 3.5
"""The event list's rows kept in sight whatever else the page shows (a banner, the rules panel under the list)."""
EVENT_PADDING = 8
"""The air beside the text of each event list column (the list fits beside the form at 1024 pixels)."""

SHORTCUTS = [
    *((kind.key, kind.label + (" (where the rulebook has shootouts)" if kind.type in OPTIONAL_KINDS else ""))
      for kind in KINDS),
    ("H / A", "In the Team field: home or away"),
    ("Tab", "Next field"),
    ("Enter", "Record the entry (in the infraction list: pick and record; in the event list: edit the entry)"),
    ("Esc", "Close the infraction list; else clear the entry, back to the event list"),
    ("Del", "Delete the selected entry"),
    ("std:Undo", "Undo"),
    ("std:Redo", "Redo"),
    (CLOCK_KEY, "Start or pause the game clock"),
    (SHEET_KEY, "From the sheet: the clock held, each entry's time typed (a paper sheet entered after the game)"),
    ("F2", "Correct the game clock"),
    (NEXT_PERIOD_KEY, "Next period (the clock starts it at 00:00)"),
    (PREVIOUS_PERIOD_KEY, "Previous period"),
    ("Ctrl+L", "Line-ups, and back to scoring"),
    ("Ctrl+Shift+F", "Finish the game (asks first: Enter finishes, Esc goes back)"),
    ("Ctrl+Shift+N", "New game… (schedule a game: date, time, rink, stage, teams)"),
    (OFFICIALS_KEY, "Officials… (the game's number and its officials)"),
    (SIGN_KEY, "Sign… (the referee's and the captains' signatures)"),
    (REOPEN_KEY, "Reopen… a final game (the office password)"),
    (AUDIT_KEY, "Audit… (who changed this game, and what)"),
]
REFUSED = ("suspended", "ineligible")
"""Line-up candidates the rulebook refuses outright (a division-1 limit is a cap on the count: a note)."""


def key_text(key: str) -> str:
    """A shortcut as this platform writes it (`std:Undo` -> "Ctrl+Z", or "⌘Z" on a Mac)."""
    native = QKeySequence.SequenceFormat.NativeText
    if key.startswith("std:"):
        keys = QKeySequence.keyBindings(getattr(QKeySequence.StandardKey, key[4:]))
        return ", ".join(k.toString(native) for k in keys) or "none"
    return QKeySequence(key).toString(native) if "+" in key else key


def _clock_key(database: str, season: str, game: str) -> str:
    return "clock/" + re.sub(r"[^A-Za-z0-9._-]+", "_", f"{database}|{season}|{game}")


class SidePanel(QFrame):
    """One team at this moment: skaters and goalie, co-ed caps, timeouts left, and the penalty box."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.label.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.label)
        self.setMinimumHeight(self.fontMetrics().lineSpacing() * 8 + 12)

    def show_side(self, title: str, side: Mapping[str, Any] | None, label_of: Callable[[str | None], str],
                  dressed: int = 1, ejected: Iterable[Consequence] = ()) -> None:
        """The side at this moment; `ejected`: its ejections (marked in the box, and listed under it)."""
        out = {c.player: c for c in ejected if c.player}
        if side is None or not dressed:
            self.label.setText(f"<b style='font-size:large'>{html.escape(title)}</b><br>"
                               "<span style='color:gray'>No line-up yet: dress the players in Line-ups "
                               "(Ctrl+L).</span>")
            return
        goalie = "goalie in" if side.get("goalie") else "<span style='color:#b00020'>goalie pulled</span>"
        lines = [f"<b style='font-size:large'>{html.escape(title)}</b>",
                 f"{side['skaters']} skaters, {goalie} · timeouts left: {side['timeouts_left']}"]
        if side.get("males_max") is not None:
            lines.append(f"Co-ed on the ice: at most <b>{side['males_max']} M</b> and "
                         f"<b>{side['females_max']} F</b> skaters")
        box = side.get("box") or []
        if box:
            rows = "".join(
                f"<tr><td>{html.escape(label_of(item['player']))}"
                + (f" (served by {html.escape(label_of(item['served_by']))})"
                   if item.get("served_by") and item["served_by"] != item["player"] else "")
                + (" <b style='color:#b00020'>EJECTED</b>" if item['player'] in out else "")
                + f"</td><td align=right>&nbsp;&nbsp;<b style='font-size:large'>{item['remaining']}</b></td>"
                f"<td style='color:gray'>&nbsp;ends {item['ends']}</td></tr>"
                for item in box)
            lines.append(f"<b>Penalty box</b><table cellspacing=0>{rows}</table>")
        else:
            lines.append("<span style='color:gray'>Penalty box empty</span>")
        for item in side.get("waiting") or []:
            lines.append(f"<span style='color:#8a5a00'>{html.escape(label_of(item['player']))} waits "
                         f"(assessed {item['assessed']})</span>")
        for c in out.values():
            lines.append(f"<b style='color:#b00020'>Ejected: {html.escape(c.who)}</b> — {html.escape(c.what)} "
                         f"({html.escape(c.section or c.rule)})")
        self.label.setText("<br>".join(lines))


class LineupPanel(QWidget):
    """One side's roster with Dress and G check boxes, and the button that saves the line-up."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LineupModel()
        self.title = QLabel(self)
        self.view = make_table_view(self.model, self)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setToolTip("Space ticks Dress in the first column, G in the second")
        self.view.horizontalHeader().setMinimumSectionSize(20)  # G, # and gender as narrow as they read: every
        # column, the note too, in sight at 1024 pixels
        self.all_button = QPushButton("Dress all", self)  # the mnemonics are set per side (home, away)
        self.none_button = QPushButton("None", self)
        self.save_button = QPushButton("Save line-up", self)
        self.save_button.setDefault(False)
        for enter in ("Return", "Enter"):  # Enter in the list presses Save line-up, the form's button
            QShortcut(QKeySequence(enter), self.view, context=Qt.ShortcutContext.WidgetShortcut).activated.connect(
                self.save_button.click)
        self.all_button.clicked.connect(lambda: self.model.set_all(True))
        self.none_button.clicked.connect(lambda: self.model.set_all(False))
        buttons = QHBoxLayout()
        buttons.addWidget(self.all_button)
        buttons.addWidget(self.none_button)
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.said = QLabel(self)
        self.said.setObjectName("lineupSaid")
        self.said.setWordWrap(True)
        self.said.setTextFormat(Qt.TextFormat.RichText)
        self.said.hide()
        self.saved: dict[str, tuple[bool, bool]] = {}
        """Each player's (dressed, goalie) as the facade last gave them: what differs is not saved yet."""
        self.blocked: dict[str, str] = {}
        """The last refusal's note beside each player it names (until the side is saved)."""
        self.note = QLabel(self)  # every note whole: the Note column is narrow at 1024 pixels, and a refused
        # player's row takes no cursor
        self.note.setObjectName("lineupNotes")
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.RichText)
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note.hide()
        self.model.dataChanged.connect(lambda first, last: self.show_notes())
        self.model.modelReset.connect(self.show_notes)
        self.model.rowsInserted.connect(self.show_notes)
        layout.addWidget(self.title)
        layout.addWidget(self.said)
        layout.addWidget(self.view)
        layout.addWidget(self.note)
        layout.addLayout(buttons)

    def show_notes(self) -> None:
        """Under the list, each player's note whole, by name (refusals in red, warnings in amber, as the list
        colours them); hidden while no player has one."""
        lines = []
        for row in self.model.rows():
            if row.get("note"):
                lines.append(f"<span style='color:{LineupModel.note_colour(row)}'>"
                             f"<b>{html.escape(str(row['name']))}</b>: {html.escape(str(row['note']))}</span>")
        text = "<br>".join(lines)
        if text != self.note.text():
            self.note.setText(text)
        self.note.setVisible(bool(lines))

    def unsaved(self) -> dict[str, tuple[bool, bool]]:
        """The ticks changed since the line-up was last saved, by player."""
        return {player: ticks for player, ticks in self.model.ticks().items() if self.saved.get(player) != ticks}

    def say(self, text: str) -> None:
        """A line above the roster (what the last save did, or why it was refused); empty: none."""
        self.said.setText(text)
        self.said.setVisible(bool(text))

    def refused(self, violations: Iterable[Any]) -> None:
        """A refusal beside each player it is about (`Violation.players`, by id), the rule and section with it;
        one about no player is said above the roster and in the rules panel. A block's note stays over a
        warning's about the same player."""
        rows = self.model.rows()
        listed = {str(row.get("player")) for row in rows}
        self.blocked = {}
        for v in sorted(violations, key=lambda v: bool(v.blocks)):  # warnings first: a block has the last word
            cite = f"{v.rule}{', ' + v.section if v.section else ''}"
            for player in listed.intersection(v.players):
                self.blocked[player] = f"{'Refused' if v.blocks else 'Warning'} ({cite}): {v.message}"
        self.model.update_rows([self.marked(row) for row in rows])

    def marked(self, row: Mapping[str, Any]) -> Mapping[str, Any]:
        """`row` with the last refusal's note, where it names the player."""
        note = self.blocked.get(str(row.get("player")))
        return row if note is None else {**row, "note": note, "blocked": True}


class LiveGameTab(TableTab):
    """The season's games on the left; the chosen game's clock, live panel, entry form and event list."""

    empty_text = "No games scheduled in {season} yet: schedule one with File ▸ New game… (Ctrl+Shift+N)."
    model: GamesModel
    finished = Signal(str)
    """A game was just finished (its id): the moment for an automatic backup."""
    live_shown = Signal(object, object)
    """The game at the boards (`game_shown`) was just drawn at the clock's time: the rulebook's live reading (None
    when it has none) and the score shown. After every entry, each second of a running clock, on another game:
    what the arena display follows."""

    def __init__(self, svc: Services, settings: QSettings | None = None, parent: QWidget | None = None,
                 hub: ChangeHub | None = None) -> None:
        super().__init__(svc, GamesModel(), parent, hub)
        self.settings = settings if settings is not None else QSettings()
        self.regulation_periods = 2  # the rulebook's, once a game is shown
        self.game_id: str | None = None
        self.game_shown: GameScreen | None = None
        """The game at the boards as the facade last described it (read-only)."""
        self.dressed: dict[str, dict[int, str]] = {"home": {}, "away": {}}
        self.labels: dict[str, str] = {}
        self.numbers: dict[str, int] = {}
        self.names: dict[str, str] = {"home": "", "away": ""}
        self.infractions: dict[str, dict[str, Any]] = {}
        self.shootout = False
        """Whether this game can go to a shootout (the rulebook's choice)."""
        self._clock_refusal = False
        """Whether the rules panel shows a refusal of a time typed into the clock (DATA-3), until it is set."""
        self._rows_cache: dict[int, tuple[Mapping[str, Any], dict[str, Any], EventFigures | None]] = {}
        """The event list's rows by entry, while the names they show stay the same."""
        self.view.selectionModel().currentRowChanged.connect(self._game_picked)
        self._shortcuts()

    # -- layout --------------------------------------------------------------------------------------------
    def build_page(self) -> QWidget:
        self.new_game_button = QPushButton("New game…", self)
        self.new_game_button.setToolTip("Schedule a game: date, time, rink, stage, home and away (Ctrl+Shift+N)")
        self.new_game_button.clicked.connect(self.new_game)
        self.view.setMinimumWidth(180)  # the game page keeps its width at 1024 pixels
        two_lines(self.view, GamesModel.LINES)
        self.view.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

        self.title = QLabel(self)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)  # the header's buttons stay in sight at 1366 pixels
        self.title.setMinimumWidth(200)
        self.reopen_button = QPushButton("Reopen…", self)
        self.reopen_button.setToolTip("A final game is locked; reopening it records who, when and why (DATA-5)"
                                      + f" ({key_text(REOPEN_KEY)})")
        self.reopen_button.setShortcut(QKeySequence(REOPEN_KEY))
        self.print_button = QPushButton("Game sheet…", self)
        self.print_button.setToolTip("Preview, print or save the official game sheet (DRAFT until final) "
                                     f"({key_text('Ctrl+Shift+P')}: File ▸ Print preview…)")
        self.finish_button = QPushButton("Finish game", self)
        self.finish_button.setToolTip("Lock the game as final (Ctrl+Shift+F)")
        header = QHBoxLayout()
        header.addWidget(self.title, 1)
        self.audit_button = QPushButton("Audit…", self)
        self.audit_button.setToolTip("Who changed this game, when, and what before and after (finish, reopen, "
                                     "edits of a final game)"
                                     + f" ({key_text(AUDIT_KEY)})")
        self.audit_button.setShortcut(QKeySequence(AUDIT_KEY))
        self.audit_button.clicked.connect(self.show_audit)
        header.addWidget(self.audit_button)
        self.details_button = QPushButton("Officials…", self)  # issue 18.7: the game sheet's number and officials
        self.details_button.setToolTip("The game's number and its officials (referees, linesmen, scorekeeper), "
                                       "as the game sheet prints them"
                                       + f" ({key_text(OFFICIALS_KEY)})")
        self.details_button.setShortcut(QKeySequence(OFFICIALS_KEY))

        def edit_details() -> bool:
            from ui.game_details_dialog import edit_details

            return edit_details(self)

        self.details_button.clicked.connect(edit_details)
        header.addWidget(self.details_button)
        self.sign_button = QPushButton("Sign…", self)  # issue 20: signatures at the boards
        self.sign_button.setToolTip("The referee (and captains or coaches) sign on the screen; the referee's "
                                    "signature locks the game as final"
                                    + f" ({key_text(SIGN_KEY)})")
        self.sign_button.setShortcut(QKeySequence(SIGN_KEY))

        def sign() -> bool:
            from ui.signature_pad import sign_game

            return sign_game(self)

        self.sign_button.clicked.connect(sign)
        sign_action = QAction("Sign…", self.view)  # the games list's context menu: the game right-clicked
        sign_action.triggered.connect(sign)
        self.view.addAction(sign_action)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        header.addWidget(self.sign_button)
        header.addWidget(self.print_button)
        header.addWidget(self.reopen_button)
        header.addWidget(self.finish_button)

        self.score = ScoreLine(self)
        self.score.setObjectName("score")
        self.strength = QLabel(self)
        self.stop_time = self._pill("STOP TIME", "Stop time: the last minutes of the period, as the rulebook sets")
        self.icing = self._pill("ICING", "Icing is called now (the rulebook's icing rule)")
        self.clock = GameClock(self)
        self.from_sheet = QCheckBox("From the sheet", self)
        self.from_sheet.setObjectName("fromSheet")
        self.from_sheet.setToolTip(f"Entering a paper sheet after the game ({SHEET_KEY}): the clock does not run, "
                                   "each entry's period and time are typed, and the next entry starts at the time "
                                   "of the last one")
        self.from_sheet.toggled.connect(self._sheet_mode)
        score_line = QHBoxLayout()
        score_line.addWidget(self.score)
        score_line.addSpacing(16)
        score_line.addWidget(self.strength)
        score_line.addWidget(self.stop_time)
        score_line.addWidget(self.icing)
        score_line.addStretch(1)
        clock_line = QHBoxLayout()
        clock_line.addStretch(1)
        clock_line.addWidget(self.clock)
        clock_line.addWidget(self.from_sheet)
        score_row = Reflow(self)  # at 1024 pixels the clock goes under the score, not off the screen
        score_row.setObjectName("scoreRow")
        score_row.add_layout(score_line, 1)
        score_row.add_layout(clock_line)

        self.home_panel, self.away_panel = SidePanel(self), SidePanel(self)
        sides = QHBoxLayout()
        sides.addWidget(self.home_panel, 1)
        sides.addWidget(self.away_panel, 1)

        # scoring page: the form and its messages, then the event list
        self.entry = EntryForm(self)
        form_box = QGroupBox("Entry", self)
        form_layout = QVBoxLayout(form_box)
        form_layout.addWidget(self.entry)
        self.record_button = QPushButton("Record (Enter)", self)
        form_layout.addWidget(self.record_button)
        form_layout.addStretch(1)
        self.messages = QLabel(self)
        self.messages.setObjectName("entryMessages")
        self.messages.setWordWrap(True)
        self.messages.setTextFormat(Qt.TextFormat.RichText)
        self.messages.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.messages.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.messages.setMaximumWidth(360)
        # the messages in a scroll area of their own: a new message (each entry says what it did) lays out the
        # area alone, not the whole game page (which costs the window several milliseconds and repaints the
        # form and the live panel); a long refusal scrolls in its box
        message_area = QScrollArea(self)
        message_area.setObjectName("entryMessagesArea")
        message_area.setFrameShape(QFrame.Shape.NoFrame)
        message_area.setWidgetResizable(True)
        message_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        message_area.setWidget(self.messages)
        message_area.viewport().setAutoFillBackground(False)
        message_area.setMinimumWidth(220)
        message_area.setMaximumWidth(360)
        self.message_area = message_area
        message_box = QGroupBox("What the rulebook says", self)
        message_layout = QBoxLayout(QBoxLayout.Direction.TopToBottom, message_box)
        self.message_layout = message_layout
        message_layout.addWidget(message_area, 1)
        self.caused = QLabel(self)
        self.caused.setObjectName("gameCaused")
        self.caused.setWordWrap(True)
        self.caused.setTextFormat(Qt.TextFormat.RichText)
        self.caused.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.caused.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.caused.setToolTip("What this game has set off so far under the rulebook: ejections, suspensions, "
                               "fines and the referee's report (kept after a reopen)")
        caused_area = QScrollArea(self)  # a long list scrolls in its box; a new entry lays out this area alone
        caused_area.setObjectName("gameCausedArea")
        caused_area.setFrameShape(QFrame.Shape.NoFrame)
        caused_area.setWidgetResizable(True)
        caused_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        caused_area.setWidget(self.caused)
        caused_area.viewport().setAutoFillBackground(False)
        caused_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # to read, not a Tab stop between the form's fields
        caused_box = QWidget(self)
        caused_layout = QVBoxLayout(caused_box)
        caused_layout.setContentsMargins(0, 0, 0, 0)
        caused_layout.addWidget(QLabel("<b>This game so far</b>", self))
        caused_layout.addWidget(caused_area, 1)
        message_layout.addWidget(caused_box, 1)
        self.events = EventsModel()
        self.events_view: QTableView = make_table_view(self.events, self, kind=FocusQuietView)
        self.events_view.setObjectName("eventList")
        two_lines(self.events_view, EventsModel.LINES)
        self.events_view.horizontalHeader().setMinimumSectionSize(24)  # Str. as narrow as it reads
        self.undo_button = self._tool("Undo", f"Undo the last change to this game ({key_text('std:Undo')})")
        self.redo_button = self._tool("Redo", f"Redo ({key_text('std:Redo')})")
        self.edit_button = self._tool("Edit", "Load the selected entry into the form (Enter)")
        self.delete_button = self._tool("Delete", "Delete the selected entry (Del)")
        events_bar = QHBoxLayout()
        events_bar.addWidget(QLabel("<b>Events</b>", self))
        events_bar.addStretch(1)
        for button in (self.edit_button, self.delete_button, self.undo_button, self.redo_button):
            events_bar.addWidget(button)
        events_box = QWidget(self)
        events_layout = QVBoxLayout(events_box)
        events_layout.setContentsMargins(0, 0, 0, 0)
        events_layout.addLayout(events_bar)
        events_layout.addWidget(self.events_view)
        scoring = QWidget(self)
        scoring_layout = QHBoxLayout(scoring)
        scoring_layout.setContentsMargins(4, 4, 4, 4)
        scoring_layout.addWidget(form_box, 0)
        # the rules panel beside the event list while the list keeps room for every column, else under it (a
        # 1024-pixel screen): the list then has the page's whole width
        margins = message_layout.contentsMargins()  # beside the list, the panel's parts one over the other
        self.events_and_rules = BesideOrUnder(events_box, message_box, self._event_list_room, self._rules_under,
                                              self, beside=message_area.minimumWidth() + margins.left()
                                              + margins.right() + 8)
        self.events_view.horizontalHeader().sectionResized.connect(self.events_and_rules.reflow)
        bar = self.events_view.verticalScrollBar()
        self._events_at_bottom = True
        """Whether the event list shows its latest entry: a list made shorter (a banner, a smaller window) keeps
        it in sight."""

        def scrolled(value: int) -> None:
            self._events_at_bottom = value >= bar.maximum()

        bar.valueChanged.connect(scrolled)
        self.events_view.viewport().installEventFilter(self)
        scoring_layout.addWidget(self.events_and_rules, 1)

        # line-ups page
        self.home_lineup, self.away_lineup = LineupPanel(self), LineupPanel(self)
        for panel, texts in ((self.home_lineup, ("Dress &all", "&None", "&Save line-up")),
                             (self.away_lineup, ("&Dress all", "Non&e", "Sa&ve line-up"))):
            for push, text in zip((panel.all_button, panel.none_button, panel.save_button), texts, strict=True):
                push.setText(text)  # each Alt key presses one button (both sides are on the page)
        lineups = QWidget(self)
        lineups_layout = QHBoxLayout(lineups)
        lineups_layout.addWidget(self.home_lineup)
        lineups_layout.addWidget(self.away_lineup)

        self.pages = QTabWidget(self)
        self.pages.addTab(scoring, "Scoring")
        self.pages.addTab(lineups, "Line-ups")

        game = QWidget(self)
        game_layout = QVBoxLayout(game)
        game_layout.setContentsMargins(4, 0, 0, 0)
        game_layout.addLayout(header)
        game_layout.addWidget(score_row)
        self.banner = LiveBanner(self)
        game_layout.addWidget(self.banner)
        game_layout.addLayout(sides)
        game_layout.addWidget(self.pages, 1)
        self.game_page = game

        games = QWidget(self)
        games_layout = QVBoxLayout(games)
        games_layout.setContentsMargins(0, 0, 0, 0)
        games_bar = QHBoxLayout()
        games_bar.addWidget(QLabel("<b>Games</b>", self))
        games_bar.addStretch(1)
        games_bar.addWidget(self.new_game_button)
        games_layout.addLayout(games_bar)
        games_layout.addWidget(self.view, 1)
        splitter = QSplitter(self)
        splitter.addWidget(games)
        splitter.addWidget(game)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([300, 1060])  # the games list at its least on a small screen, the event list wider
        self.splitter = splitter
        self._games_width_moved = False
        """Whether the person moved the handle beside the games list: it is theirs to size from then on."""
        self._games_width_pending = True
        """Whether the games list is to be sized to its columns when the splitter is next laid out."""

        def moved(position: int, index: int) -> None:
            self._games_width_moved = True

        splitter.splitterMoved.connect(moved)

        self.entry.submitted.connect(self.submit)
        self.entry.cleared.connect(self.events_view.setFocus)
        self.record_button.clicked.connect(self.submit)
        self.finish_button.clicked.connect(self.ask_finish)
        self.reopen_button.clicked.connect(self.reopen)
        self.print_button.clicked.connect(self.print_sheet)
        self.undo_button.clicked.connect(self.undo)
        self.redo_button.clicked.connect(self.redo)
        self.delete_button.clicked.connect(self.delete_selected)
        self.edit_button.clicked.connect(self.edit_selected)
        self.events_view.activated.connect(lambda index: self.edit_selected())
        self.clock.changed.connect(self.refresh_live)
        self.clock.moved.connect(self.save_clock)
        self.clock.moved.connect(self._clock_set)
        self.clock.time.returnPressed.connect(self.events_view.setFocus)
        self.clock.refused.connect(self._clock_refused)
        self.home_lineup.save_button.clicked.connect(lambda: self.save_lineup("home"))
        self.away_lineup.save_button.clicked.connect(lambda: self.save_lineup("away"))
        return scrolling(splitter)

    def _pill(self, text: str, tip: str) -> QLabel:
        label = QLabel(text, self)
        label.setToolTip(tip)
        label.setContentsMargins(8, 2, 8, 2)
        return label

    def _tool(self, text: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setToolTip(tip)
        return button

    def _shortcuts(self) -> None:
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for kind in KINDS:
            shortcut = QShortcut(QKeySequence(kind.key), self, context=context)
            shortcut.activated.connect(lambda t=kind.type: self.begin(t))
        standard: list[tuple[QKeySequence.StandardKey, Callable[[], object]]] = [
            (QKeySequence.StandardKey.Undo, self.undo), (QKeySequence.StandardKey.Redo, self.redo)]
        for which, action in standard:
            shortcut = QShortcut(self)
            shortcut.setContext(context)
            shortcut.setKeys(which)  # the platform's own keys (Redo: Ctrl+Y on Windows, Ctrl+Shift+Z elsewhere)
            shortcut.activated.connect(action)
        keys: list[tuple[str, Callable[[], object]]] = [
            (CLOCK_KEY, self.clock.toggle), ("F2", self.clock.edit), ("Ctrl+Shift+F", self.ask_finish),
            (SHEET_KEY, self.from_sheet.toggle),
            (NEXT_PERIOD_KEY, lambda: self.step_period(1)), (PREVIOUS_PERIOD_KEY, lambda: self.step_period(-1)),
            ("Ctrl+L", lambda: self._page(1 - self.pages.currentIndex())), ("Esc", self.escape),
        ]
        for key, slot in keys:
            QShortcut(QKeySequence(key), self, context=context).activated.connect(slot)
        delete = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.events_view,
                           context=Qt.ShortcutContext.WidgetShortcut)
        delete.activated.connect(self.delete_selected)

    def escape(self) -> None:
        """Esc: close the infraction list if it is open (the entry stays); else leave the entry (or the clock)
        and go back to the event list, where the letter keys work."""
        if self.entry.list_open():
            self.entry.close_list()
            return
        self.clock.revert()  # a correction of the clock typed and abandoned
        if self._clock_refusal:
            self._clock_refusal = False
            self.say("<span style='color:gray'>Clock left as it was.</span>")
        self.entry.clear()
        self.pages.setCurrentIndex(0)
        self.events_view.setFocus()

    def step_period(self, step: int) -> None:
        """The clock to the next (1) or the previous (-1) period, at 00:00; the keys stay with the event list."""
        if self.game_id is None:
            return
        period = self.clock.period
        wanted = max(period.minimum(), min(period.maximum(), period.value() + step))
        if wanted != period.value():
            period.setValue(wanted)
        self.say(f"<b>{html.escape(period_name(wanted, self.regulation_periods, self.clock.word))}</b>: the "
                 f"clock is at {self.clock.elapsed()} ({key_text(NEXT_PERIOD_KEY)} next period, "
                 f"{key_text(PREVIOUS_PERIOD_KEY)} previous).")
        current = QApplication.focusWidget()
        if current is None or not self.entry.isAncestorOf(current):
            self.events_view.setFocus()

    def _clock_refused(self, period: int, elapsed: str, why: str) -> None:
        """F2 with a time the period cannot hold: refused as the Time field of an entry is (DATA-3), not
        clamped; the time stays in the clock's field to be corrected (Esc: the clock's time back)."""
        section = self.svc.section("DATA-3", season=self.season) if self.season else ""
        self.show_violations([{"rule": "DATA-3", "severity": "block", "message": why, "section": section,
                               "where": ""}], "Clock not set")
        self._clock_refusal = True

    def _clock_set(self) -> None:
        """The clock set right after a refusal of its time: the refusal goes, the time it now shows is said."""
        if not self._clock_refusal:
            return
        self._clock_refusal = False
        self.say(f"<b style='color:#1b5e20'>Clock set: "
                 f"{html.escape(period_name(self.clock.period.value(), self.regulation_periods, self.clock.word))} "
                 f"{self.clock.elapsed()}.</b>")

    def _sheet_mode(self, on: bool) -> None:
        """From the sheet on or off: the clock held still (each entry's time typed, the next entry starting at the
        last one's time) or free to run; remembered per game."""
        self.clock.hold(on)
        if self.game_id and self.season:
            self.settings.setValue(self._clock_key() + "/sheet", on)
        self.say("<b>From the sheet</b>: the clock does not run. Type each entry's period and time (Tab to "
                 "<i>Period</i> and <i>Time</i>); the next entry starts at the last one's time. The score line "
                 "shows every goal entered." if on else
                 f"<b>Live</b>: the clock runs again ({key_text(CLOCK_KEY)}); each entry takes its time from it.")

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._games_width_pending and self.model.rowCount():
            self._fit_games_width()
        self.take_focus()

    def take_focus(self) -> None:
        """Put the keyboard where the tab's keys (G, P, T…) work, unless it is in the tab already: the event list
        (the games list while no game is shown). At start, after a restart and when the tab comes to the front
        the first key is an entry, not a click on the list. The main tab bar keeps the focus it has."""
        if not self.isVisible():
            return
        current = self.window().focusWidget()
        if current is not None and current.isVisible() and (self.isAncestorOf(current) or isinstance(current, QTabBar)):
            return
        (self.events_view if self.game_id is not None and self.events_view.isVisible() else self.view).setFocus()

    def _page(self, number: int) -> None:
        self.pages.setCurrentIndex(number)
        if number == 1:
            self.home_lineup.view.setFocus()
        else:
            self.events_view.setFocus()

    # -- the season's games --------------------------------------------------------------------------------
    def load(self, season: str) -> bool:
        if season != self.season:
            self.save_clock()
            self.game_id = None
        self.season = season
        games = self.svc.games(season)
        self.model.set_rows(games)
        if not games:
            self.game_id = None
            return False
        ids = [game["id"] for game in games]
        wanted = self.game_id or self.settings.value(f"live/game/{season}")
        row = ids.index(wanted) if wanted in ids else next(
            (n for n, game in enumerate(games) if game["status"] != "final"), 0)
        self._select_row(row)
        return True

    def fit_columns(self) -> None:
        """The games list's columns to their text, and the list as wide as its columns (another season's longer
        team names too): the game page gets the rest, until the person moves the splitter's handle."""
        fit_columns(self.view, padding=10)
        self._games_width_pending = True
        self._fit_games_width()

    def _fit_games_width(self) -> None:
        """The games list as wide as its columns, once the splitter is laid out at the window's width."""
        if self._games_width_moved or not self.splitter.isVisible():
            return  # the person's width; or not laid out yet: `showEvent` comes back
        self._games_width_pending = False
        wanted = whole_width(self.view)
        sizes = self.splitter.sizes()
        if sizes[0] != wanted and sum(sizes) > wanted:
            self.splitter.setSizes([wanted, sum(sizes) - wanted])

    def _select_row(self, row: int) -> None:
        index = self.model.index(row, 0)
        game_id = self.model.row(row)["id"]
        same = game_id == self.game_id
        self.view.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        if same or not self.game_id:
            self.show_game(game_id)

    def _game_picked(self, current: QModelIndex, previous: QModelIndex) -> None:
        if current.isValid():
            game_id = self.model.row(current.row())["id"]
            if game_id != self.game_id:
                if not self.may_leave_entry("show another game"):  # the game at the boards stays picked
                    back = previous if previous.isValid() else current
                    model = self.view.selectionModel()
                    blocked = model.blockSignals(True)
                    model.setCurrentIndex(back, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                          | QItemSelectionModel.SelectionFlag.Rows)
                    model.blockSignals(blocked)
                    self.view.viewport().update()
                    return
                self.show_game(game_id)

    def may_leave_entry(self, leaving: str) -> bool:
        """True when nothing is typed in the entry form, or the scorekeeper discards what is (asked first: Enter
        or Esc goes back to the entry, its fields as they were; Alt+D discards it); `leaving`: what would lose
        it ("close the window")."""
        typed = self.entry.half_typed() if self.game_id is not None and self.entry.isEnabled() else ""
        if not typed:
            return True
        box = QMessageBox(self)
        box.setWindowTitle("Entry not recorded")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setText(f"<b>An entry is typed but not recorded:</b> {html.escape(typed)}")
        box.setInformativeText(f"Discard it and {leaving}, or go back to record it (Enter)?")
        was = QApplication.focusWidget()
        back = box.addButton("&Back to the entry", QMessageBox.ButtonRole.RejectRole)
        discard = box.addButton("&Discard the entry", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(back)
        box.setEscapeButton(back)
        dialogs.run_dialog(box)
        if box.clickedButton() is discard:
            self.entry.clear()
            self.say("<span style='color:gray'>The entry typed was discarded.</span>")
            return True
        self.window().activateWindow()
        self.pages.setCurrentIndex(0)
        if was is None or not self.entry.isAncestorOf(was) or not was.isVisible():
            was = next((field for field in self.entry.order if isinstance(field, QLineEdit)
                        and field.isVisibleTo(self.entry) and field.text()), self.entry.kind)
        was.setFocus()  # the keys back where they were typing
        return False

    def _event_list_room(self) -> int:
        """The width the event list needs to show every column whole, a scroll bar beside them."""
        box = self.events_view.parentWidget()
        return max(whole_width(self.events_view), box.minimumSizeHint().width() if box is not None else 0)

    def _rules_under(self, under: bool) -> None:
        """The rules panel under the event list (its two parts side by side) or beside it (one over the other)."""
        self.message_layout.setDirection(QBoxLayout.Direction.LeftToRight if under
                                         else QBoxLayout.Direction.TopToBottom)
        self.message_area.setMaximumWidth(16777215 if under else 360)
        # under the list (a 1024-pixel screen) the panel gives way first: the list keeps its last rows in sight,
        # the entry just recorded among them, when a banner takes the page's height (issue 27.7)
        view, box = self.events_view, self.events_view.parentWidget()
        rows = round(view.verticalHeader().defaultSectionSize() * EVENT_ROWS_KEPT)
        view.setMinimumHeight(rows + view.horizontalHeader().sizeHint().height() + 2 * view.frameWidth()
                              if under else 0)
        if box is not None:  # the splitter gives the list that height now, taking it from the panel
            layout = box.layout()
            if layout is not None:
                layout.activate()
            box.setMinimumHeight(box.minimumSizeHint().height() if under else 0)
            rules = self.events_and_rules.widget(1)
            if rules is not None:  # the panel scrolls what it says in as little as two lines
                rules.setMinimumHeight(6 * self.fontMetrics().lineSpacing() if under else 0)
            self.events_and_rules.refresh()
            if under:
                QTimer.singleShot(0, self._share_rules)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The event list made shorter while its latest entry was in sight: it stays in sight (the list is
        drawn afresh on a resize anyway)."""
        if event.type() == QEvent.Type.Resize and watched is self.events_view.viewport() and self._events_at_bottom:
            QTimer.singleShot(0, self.events_view.scrollToBottom)
        return super().eventFilter(watched, event)

    def _share_rules(self) -> None:
        """The rules panel under the list: two fifths of the height, the list keeping its rows (EVENT_ROWS_KEPT)."""
        splitter, box = self.events_and_rules, self.events_view.parentWidget()
        panel = splitter.widget(1)
        if splitter.orientation() != Qt.Orientation.Vertical or box is None or panel is None:
            return
        total = sum(splitter.sizes())
        rules = min(max(total * 2 // 5, panel.minimumHeight()), total - box.minimumHeight())
        if rules > 0:
            splitter.setSizes([total - rules, rules])

    def select_game(self, game_id: str) -> None:
        """Show game `game_id` (as if picked in the list)."""
        ids = [self.model.row(n)["id"] for n in range(self.model.rowCount())]
        self._select_row(ids.index(game_id))

    def new_game(self) -> bool:
        """Schedule a game (`Services.save_game`), then show it with its line-ups to dress."""
        season = self.season
        if season is None:
            return False
        teams = [(team["id"], f"{team['name']} ({team['division_name']})") for team in self.svc.teams(season)]
        if len(teams) < 2:
            self.say("<b>A game needs two teams</b>: add them in the Roster tab.")
            return False
        answer = dialogs.ask_new_game(self, teams, self.svc.rinks(season), dt.date.today().isoformat())
        if answer is None:
            return False
        game_id = self.svc.new_game_id(answer, season=season)
        game = {"id": game_id, **answer, "status": "scheduled", "lineups": {"home": [], "away": []}, "events": []}
        shown = self.showing_message()

        def show(text: str) -> None:
            if shown:
                self.show_message(f"<h3>{html.escape(self.empty_text.format(season=season))}</h3>{text}")
            else:
                self.say(text)

        result = operation.run(self, self.svc, self.hub, lambda confirm: self.svc.save_game(game, confirm,
                                                                                           season=season),
                               show=show, wording=operation.SCHEDULED)
        if result is None:
            return False
        self.pending = None  # the season is shown afresh below
        self.show_season(season)
        self.select_game(game_id)
        self._page(1)
        names = f"{self.names['home']} vs {self.names['away']}"
        self.say(f"<b style='color:#1b5e20'>Game {html.escape(game_id)} scheduled: {html.escape(names)}, "
                 f"{html.escape(answer['date'])} {html.escape(answer['time'])}.</b> Dress both line-ups next."
                 + ("<br>" + dialogs.violations_html(result.violations) if result.violations else ""))
        return True

    # -- one game ------------------------------------------------------------------------------------------
    def show_game(self, game_id: str) -> None:
        """Make `game_id` the game at the boards: its line-ups, events, live panel and clock."""
        if self.season is None:
            return
        if game_id != self.game_id:
            self.save_clock()
            self.game_id = game_id
            self.game_shown = None  # the clock moves next: no live panel until this game is drawn
            self.banner.tell((), self.names)  # another game: the last one's banner goes
            self.settings.setValue(f"live/game/{self.season}", game_id)
            self._restore_clock()
            self.refresh_game()
            self._show_game_violations()
            self.svc.prepare_entries(game_id, season=self.season)  # the first entry as quick as the next
            self.take_focus()
            return
        self.refresh_game()

    def refresh_game(self) -> None:
        """Redraw the chosen game from the facade, all of it: the rulebook's clock and infractions, the title,
        the line-ups, the event list sized afresh, the live panel."""
        if self.season is None or self.game_id is None:
            return
        try:
            screen = self._fetch_screen()
        except (ServiceError, KeyError):
            return  # the game is gone (another PC, a restore): the list is redrawn with the season
        self.names = dict(screen.names)
        clock = self.svc.clock(self.game_id, season=self.season)
        periods = list(clock["periods"])
        overtime = int(clock["overtime"]) or (periods[-1] if periods else 20 * 60)
        self.clock.set_period_length(
            lambda period: periods[period - 1] if period <= len(periods) else overtime, len(periods),
            str(clock.get("period_word") or "period"))
        self.infractions = {row["code"]: row for row in self.svc.infractions(self.season)}
        self.regulation_periods = len(periods)
        self.shootout = bool(clock.get("shootout"))
        self.entry.set_game(self.names["home"], self.names["away"], self.infractions, self.resolve,
                            shootout=self.shootout, lookup=self.find_infractions)
        self.game_shown = None
        self._draw(screen, refit=True)
        self._fill_lineups()

    def update_game(self, candidates: bool = False) -> None:
        """Redraw the game after an entry: one facade call, then only what differs (event rows appended or
        changed, the score and the live panel, the games-list row, undo and redo); the line-up candidates
        when a line-up changed or `candidates` (the roster or the season's discipline changed)."""
        if self.season is None or self.game_id is None:
            return
        try:
            screen = self._fetch_screen()
        except (ServiceError, KeyError):
            self.show_season(self.season)  # the game is gone (another PC, an undo of its scheduling)
            return
        lineups_changed = self.game_shown is None or screen.lineups != self.game_shown.lineups
        self._draw(screen)
        if lineups_changed or candidates:
            self._fill_lineups(keep=True)

    def _fetch_screen(self) -> GameScreen:
        return self.svc.game_screen(self.game_id or "", self.clock.period.value(), self.clock.elapsed(),
                                    season=self.season)

    def _draw(self, screen: GameScreen, refit: bool = False) -> None:
        previous, self.game_shown = self.game_shown, screen
        if previous is not None and previous.names != screen.names:  # a team renamed
            self.names = dict(screen.names)
            self.entry.set_game(self.names["home"], self.names["away"], self.infractions, self.resolve,
                                shootout=self.shootout, lookup=self.find_infractions)
        if previous is None or previous.lineups != screen.lineups or previous.names != screen.names:
            self._rows_cache = {}  # the rows name the players and teams afresh
            self.names = dict(screen.names)
            self.dressed = {side: {d.number: d.player for d in screen.lineups[side] if d.number is not None}
                            for side in ("home", "away")}
            self.labels = {d.player: d.label for side in ("home", "away") for d in screen.lineups[side]}
            self.numbers = {d.player: d.number for side in ("home", "away") for d in screen.lineups[side]
                            if d.number is not None}
            if not refit:
                self._reserve_columns()
        final = screen.final
        stage = " · playoff" if screen.stage == "playoff" else ""
        status = "<b style='color:#1b5e20'>FINAL</b>" if final else html.escape(str(screen.row["status_text"]))
        number = html.escape(str(screen.row.get("number") or screen.game_id))  # the league's number
        self.title.setText(f"<span style='font-size:large'><b>{html.escape(self.names['home'])}</b> vs "
                           f"<b>{html.escape(self.names['away'])}</b></span> &nbsp; game "
                           f"{number} · {screen.date} {screen.time}{stage} · {status}")
        rows = self._event_rows(screen.events, screen.figures)
        if refit:
            self.events.set_rows(rows)
            fit_columns(self.events_view, padding=EVENT_PADDING)
            if rows:  # fit_columns measures the first rows only: wide enough for every row, the first entry after
                # opening a long game does not widen a column (and repaint the whole list) where the next do not
                widen_columns(self.events_view, self.events, 0, len(rows) - 1, padding=EVENT_PADDING)
                self.events_view.scrollToBottom()  # the latest play in sight
            self._reserve_columns()
        else:
            count = self.events.rowCount()
            changed = self.events.update_rows(rows)
            if changed is not None:
                widen_columns(self.events_view, self.events, *changed, padding=EVENT_PADDING)
            if self.events.rowCount() != count:
                # rows in or out: the list lays out its rows and scroll bar now, not at its next timer, so the
                # window paints the entry once rather than twice
                self.events_view.executeDelayedItemsLayout()
            if self.events.rowCount() > count and changed is not None:  # an entry added: its row in sight
                newest = next((n for n in range(changed[0], changed[1] + 1)
                               if self.events.event_index(n) == len(rows) - 1), None)
                if newest is not None:
                    bar = self.events_view.verticalScrollBar()
                    before = bar.value()
                    self.events_view.scrollTo(self.events.index(newest, 0))
                    if bar.value() != before:  # scrolled: the rows in sight move, all of them are drawn again
                        self.events_view.viewport().update()
        self.model.replace_game(screen.row)
        if previous is not None and previous.row.get("number") != screen.row.get("number"):
            self.fit_columns()  # its number set (Officials…): the list as wide as its new text (issue 27.13)
        if previous is None or previous.consequences != screen.consequences or previous.names != screen.names:
            self._show_caused(screen.consequences)
        for widget in (self.entry, self.record_button, self.finish_button, self.home_lineup.save_button,
                       self.away_lineup.save_button, self.delete_button, self.edit_button):
            widget.setEnabled(not final)
        self.reopen_button.setEnabled(final)
        self.undo_button.setEnabled(screen.can_undo)
        self.redo_button.setEnabled(screen.can_redo)
        if screen.live is None:
            self.strength.setText(f"<span style='color:gray'>{html.escape(screen.live_error)}</span>")
            self.live_shown.emit(None, screen.score)
        else:
            self._show_live(screen.live, screen.score)

    def _periods(self) -> dict[int, str]:
        """The period names of this game's entries (1st, 2nd, OT...) by number."""
        shown = self.game_shown
        numbers = {c.period for c in shown.consequences if c.period} if shown is not None else set()
        return {n: period_name(n, self.regulation_periods, "") for n in numbers}

    def _show_caused(self, consequences: Iterable[Consequence]) -> None:
        """The rules panel's list of what the game has set off (redrawn only when it changes)."""
        found = list(consequences)
        self.caused.setText(consequences_html(found, self.names, self._periods()) if found else
                            "<span style='color:gray'>No ejection, suspension, fine or report so far.</span>")

    def tell(self, caused: Iterable[Consequence]) -> None:
        """What an entry set off, at once: the banner in the live panel, and the status line."""
        found = tuple(caused)
        self.banner.tell(found, self.names, self._periods())
        if found:
            self.status(plain(found, self.names))

    def status(self, text: str) -> None:
        """A line in the window's status bar (where the tab sits in the main window)."""
        window = self.window()
        bar = getattr(window, "statusBar", None)
        if callable(bar):
            bar().showMessage(text, 30000)

    def _reserve_columns(self) -> None:
        """The Details column as wide as the widest dressed player's number and name, and as a goal with the two
        widest assists; the Entry column as wide as a team's name: a goal or a penalty then widens no column (a
        refit costs a repaint of the whole list), and no name is cut short."""
        header = self.events_view.horizontalHeader()
        metrics = self.events_view.fontMetrics()
        labels = sorted((metrics.horizontalAdvance(text) for text in self.labels.values()), reverse=True)
        assisted = metrics.horizontalAdvance("A: , ") + sum(labels[:2]) if labels else 0
        wanted = {"Details": max([*labels[:1], assisted, metrics.horizontalAdvance("unassisted")]),
                  "Entry": max(metrics.horizontalAdvance(text) for text in (*self.names.values(), "Penalty"))}
        headers = [column.header for column in self.events.columns]
        for name, width in wanted.items():
            number = headers.index(name)
            if header.sectionSize(number) < width + EVENT_PADDING + 12:  # as `widen_columns` pads
                header.resizeSection(number, width + EVENT_PADDING + 12)

    def _show_game_violations(self) -> None:
        """On picking a game: what the rulebook already says about it (warnings kept with a final game)."""
        computed = self.svc.game(self.game_id or "", self.season)
        violations = computed.get("violations") or []
        if violations:
            name = self.svc.game_names(self.season).get(computed["id"], computed["id"])  # the league's game number
            self.show_violations(violations, f"Game {name}")
        elif self.game_shown is not None and self.game_shown.consequences:
            self.messages.setText("<span style='color:gray'>No warnings for this game; what it has set off is "
                                  "listed under <i>This game so far</i>.</span>")
        else:
            self.messages.setText("<span style='color:gray'>Nothing to report for this game.</span>")

    def refresh_live(self) -> None:
        """The live panel at the clock's time: score, strength, indicators, both sides with the box."""
        if self.season is None or self.game_id is None or self.game_shown is None:
            return
        try:
            live = self.svc.live(self.game_id, self.clock.period.value(), self.clock.elapsed(), season=self.season)
        except (ServiceError, ValueError, KeyError) as exc:
            self.strength.setText(f"<span style='color:gray'>{html.escape(str(exc))}</span>")
            return
        self._show_live(live, self.game_shown.score)  # the score entered, not the score at the clock's time

    def _show_live(self, live: Mapping[str, Any], score: Mapping[str, int]) -> None:
        self.score.set_score(self.names["home"], self.names["away"], score["home"], score["away"])
        said = html.escape(strength_text(live, self.names))  # as the arena board says it: skaters
        self.strength.setText(f"Strength <b>{said}</b>" if said[:1].isdigit() else f"<b>{said}</b>")
        self._light(self.stop_time, bool(live.get("stop_time")), "#b00020")
        self._light(self.icing, bool(live.get("icing")), "#0d47a1")
        lineups = self.game_shown.lineups if self.game_shown is not None else {}
        for side, panel in (("home", self.home_panel), ("away", self.away_panel)):
            panel.show_side(f"{self.names[side]} ({side})", live["teams"][side], self.label_of,
                            len(lineups.get(side, ())),
                            self.game_shown.ejected(side) if self.game_shown is not None else ())
        self.live_shown.emit(live, score)

    @staticmethod
    def _light(label: QLabel, on: bool, colour: str) -> None:
        if label.property("lit") is on:
            return  # unchanged: a style sheet set again costs a restyle
        style = (f"background:{colour}; color:white; border-radius:4px; font-weight:bold" if on
                 else "color:#b0b0b0; border:1px solid #d0d0d0; border-radius:4px")
        label.setStyleSheet(f"QLabel {{ {style} }}")
        label.setProperty("lit", on)

    # -- numbers and names ---------------------------------------------------------------------------------
    def find_infractions(self, text: str) -> Mapping[str, Any]:
        """What the rulebook in force finds for a typed infraction (the facade's lookup)."""
        return self.svc.find_infractions(text, season=self.season)

    def resolve(self, side: str, number: int) -> str:
        """The player wearing `number` for `side` in this game's line-up."""
        player = self.dressed.get(side, {}).get(number)
        if player is None:
            team = self.names.get(side) or side
            section = self.svc.section("DATA-4", season=self.season) if self.season else ""
            raise EntryError(f"no #{number} is dressed for {team}: dress the player in Line-ups first",
                             "DATA-4", section)
        return player

    def label_of(self, player: str | None) -> str:
        return "" if not player else self.labels.get(player, player)

    def number_of(self, player: str | None) -> str:
        return "" if not player or player not in self.numbers else str(self.numbers[player])

    def _event_rows(self, events: Iterable[Mapping[str, Any]],
                    figures: Mapping[int, EventFigures] | None = None) -> list[dict[str, Any]]:
        """The event list's rows, in game order, each entry in full: who (the scorer, the penalised player by
        number and name), the assists, a goal's strength (EV, PP, SH, EN, PS), the infraction and its minutes
        (`figures`: what the game's computation says of each entry). A row already described for the same entry
        (the facade hands back the same read-only entry while it is unchanged) is reused while the names and
        its figures stay the same."""
        figures = figures or {}
        rows = []
        cache, self._rows_cache = self._rows_cache, {}
        for index, event in enumerate(events):
            figure = figures.get(index)
            known = cache.get(id(event))
            if known is not None and known[0] is event and known[1]["index"] == index and known[2] == figure:
                self._rows_cache[id(event)] = known
                rows.append(known[1])
                continue
            row = self._event_row(index, event, figure)
            self._rows_cache[id(event)] = (event, row, figure)
            rows.append(row)
        # untimed entries first (lateness, forfeits, notes: before the game), but a shootout after everything
        rows.sort(key=lambda row: (row["after_play"], row["period"], row["elapsed"], row["index"]))
        return rows

    def _event_row(self, index: int, event: Mapping[str, Any], figure: EventFigures | None) -> dict[str, Any]:
        """One entry as the event list shows it."""
        kind = event["type"]
        who = self.label_of
        details = more = ""
        minutes = figure.minutes if figure is not None else None
        if kind == "goal":
            details = who(event.get("scorer"))
            more = "A: " + ", ".join(who(p) for p in event["assists"]) if event.get("assists") else "unassisted"
        elif kind == "penalty":
            infraction = self.infractions.get(event.get("infraction", ""))
            name = (infraction.get("plain_name") or infraction["name"]) if infraction else str(event.get("infraction"))
            cls = event.get("class") or (infraction["classes"][0] if infraction else "")
            details = who(event.get("player")) or "bench"
            more = f"{name} ({str(cls).replace('_', ' ')})" + ("" if minutes is None else f" · {minutes} min")
            if event.get("served_by") and event["served_by"] != event.get("player"):
                details += f", served by {who(event['served_by'])}"
        elif kind == "penalty_shot":
            details = f"{who(event.get('shooter'))} — {'scored' if event.get('scored') else 'no goal'}"
            shot_for = self.infractions.get(event.get("infraction") or "")
            fouled = f"fouled by {who(event['fouled_by'])}" if event.get("fouled_by") else ""
            more = ", ".join(part for part in (shot_for["name"] if shot_for else "", fouled) if part)
        elif kind == "awarded_goal":
            details = str(event.get("reason") or "")
        elif kind == "goalie":
            details = "goalie pulled" if event.get("action") == "pull" else f"in: {who(event.get('player'))}"
        elif kind == "late":
            details = f"{event.get('minutes')} minutes late"
        elif kind == "forfeit":
            details = str(event.get("reason", "")).replace("_", " ")
        elif kind == "called":
            details = f"called: {event.get('points')} {event.get('reason', '')}"
        elif kind == "note":
            details = str(event.get("text", "")) + ("  (reported)" if event.get("report") else "")
        elif kind == "shootout":
            attempts = event.get("attempts") or []
            scored = [a["team"] for a in attempts if a["scored"]]
            won = scored.count(event.get("team"))
            details = "won the shootout" + (f" ({won}–{len(scored) - won} in {len(attempts)} attempts)"
                                            if attempts else "")
        team = event.get("team")
        period = event.get("period")
        return {
            "index": index, "period": period or 0, "elapsed": event.get("elapsed") or "",
            "period_label": period_name(period, self.regulation_periods, "") if period else (
                "SO" if kind == "shootout" else ""),
            "team_name": "Both" if team == "both" else self.names.get(team, "") if team else "",
            "kind": next((k.label for k in KINDS if k.type == kind), kind.capitalize()),
            "details": details, "more": more,
            "strength": figure.strength if figure is not None else "",
            "after_play": kind == "shootout",
        }

    # -- line-ups ------------------------------------------------------------------------------------------
    def _fill_lineups(self, keep: bool = False) -> None:
        """Each side's candidates as the facade judges them: refused players (suspended, not playoff-eligible)
        cannot be ticked and say why; division-1 limits are shown as a note. `keep`: a side's ticks not saved
        yet stay (saving one side, or another PC's entry, keeps the other side's), with its last refusal."""
        for side, panel in (("home", self.home_lineup), ("away", self.away_lineup)):
            unsaved = panel.unsaved() if keep else {}
            if not keep or not unsaved:
                panel.blocked = {}
                if not keep:
                    panel.say("")
            rows: list[dict[str, Any]] = []
            row: Mapping[str, Any]  # a candidate, then a row of the panel
            for row in self.svc.lineup_candidates(self.game_id or "", side, season=self.season):
                note = ""
                if row["status"] != "ok":
                    section = f" {row['section']}" if row.get("section") else ""
                    note = f"{row['message']} ({row['rule']}{section})"
                rows.append({**row, "note": note, "refused": row["status"] in REFUSED})
            rows.sort(key=lambda row: (row["position"] != "goalie", row["number"]))
            panel.saved = {row["player"]: (bool(row["dressed"]), bool(row["goalie"])) for row in rows}
            for number, row in enumerate(rows):
                ticks = unsaved.get(row["player"])
                if ticks is not None and not (row["refused"] and ticks[0] and not row["dressed"]):
                    rows[number] = {**row, "dressed": ticks[0], "goalie": ticks[1]}
            panel.model.set_rows([panel.marked(row) for row in rows])
            dressed = sum(1 for row in rows if row["dressed"])
            panel.title.setText(f"<b>{html.escape(self.names[side])}</b> ({side}) — {dressed} dressed")
            fit_columns(panel.view, padding=10)

    def save_lineup(self, side: str) -> bool:
        """Save one side's line-up (the other side's ticks stay as they are); a refusal is said on the Line-ups
        page beside each player it names, above the roster and in the status line, as well as in the rules
        panel."""
        panel = self.home_lineup if side == "home" else self.away_lineup
        entries = panel.model.entries()
        refused: list[Any] = []

        def show(text: str) -> None:
            self.say(text)
            panel.say(text)
            panel.refused(refused)
            self.status(" ".join(f"{'Refused' if v.blocks else 'Warning'} {v.rule}: {v.message}" for v in refused)
                        or "Line-up not saved")

        done = f"Line-up of {self.names[side]} saved: {len(entries)} dressed."
        if not self.apply(
                lambda confirm: self.svc.set_lineup(self.game_id or "", side, entries, confirm, season=self.season,
                                                    office_later=True),  # office business: the office list's
                done, wording=operation.SAVED, on_refused=lambda result: refused.extend(result.violations),
                show=show):
            return False
        panel.blocked = {}
        panel.model.update_rows([{k: v for k, v in row.items() if k != "blocked"} for row in panel.model.rows()])
        panel.say(f"<b style='color:#1b5e20'>{html.escape(done)}</b>")
        self.status(done)
        return True

    # -- entries -------------------------------------------------------------------------------------------
    def begin(self, type_: str) -> None:
        """Start an entry of `type_` (G, P, T… from anywhere in the tab), time from the clock."""
        if self.game_id is None or not self.entry.isEnabled():
            return
        if not self.entry.has_kind(type_):
            self._not_offered(type_)
            return
        self.pages.setCurrentIndex(0)
        self.entry.start(type_, self.clock.period.value(), self.clock.elapsed())

    def _not_offered(self, type_: str) -> None:
        """A kind of entry this game's rulebook does not have: the facade says why, with the rule."""
        try:
            violations = self.svc.validate_event(self.game_id or "", {"type": type_, "team": "home"},
                                                 season=self.season)
        except ServiceError as exc:
            self.say(operation.error_html(exc))
            return
        self.show_violations([v for v in violations if v.blocks] or violations, "Not offered")

    def submit(self) -> bool:
        """Record the entry in the form (or replace the event being edited); True when the facade took it."""
        if self.game_id is None or not self.entry.isEnabled():
            return False
        try:
            event = self.entry.build_event()
        except EntryError as exc:
            self.show_violations([exc.row], "Not recorded")
            self.entry.focus_refused(str(exc), exc.field)
            return False
        game_id, season, editing = self.game_id, self.season, self.entry.editing
        if editing is None:
            def call(confirm: bool) -> EntryResult:
                return self.svc.add_event(game_id, event, confirm, season=season)
        else:
            def call(confirm: bool) -> EntryResult:
                return self.svc.update_event(game_id, editing, event, confirm, season=season)
        kind = next(k.label for k in KINDS if k.type == event["type"])
        refused: list[Any] = []
        if not self.apply(call, f"{kind} {'changed' if editing is not None else 'recorded'}.",
                          on_refused=lambda result: refused.extend(v for v in result.violations if v.blocks)):
            # a refusal, or warnings declined: back to the form, on the field at fault (the player the rule
            # names, else the field the refusal speaks of), its text selected to be typed over
            at_fault = self.entry.field_of(event, (p for v in refused for p in v.players)) or (
                self.entry.elapsed if any(v.rule == "DATA-3" for v in refused) else None)  # no such time
            self.entry.focus_refused(" ".join(v.message for v in refused), at_fault)
            return False
        if self.from_sheet.isChecked() and "period" in event:  # from the sheet: the next entry starts here
            self.clock.set_position(int(event["period"]), parse_time(str(event["elapsed"])) or 0)
        self.entry.clear()
        self.events_view.setFocus()
        return True

    def selected_event(self) -> int | None:
        index = self.events_view.currentIndex()
        return self.events.event_index(index.row()) if index.isValid() else None

    def delete_selected(self) -> bool:
        index = self.selected_event()
        if index is None or self.game_id is None or not self.delete_button.isEnabled():
            return False
        game_id, season = self.game_id, self.season
        return self.apply(lambda confirm: self.svc.delete_event(game_id, index, confirm, season=season),
                          f"Entry deleted ({key_text('std:Undo')} brings it back).")

    def edit_selected(self) -> None:
        index = self.selected_event()
        if index is None or not self.entry.isEnabled():
            return
        if self.game_shown is None or index >= len(self.game_shown.events):
            return
        self.entry.load(index, self.game_shown.events[index], self.number_of)
        self.say("<b>Editing an entry</b>: change it and press Enter, or Esc to leave it as it was.")
        self.entry.kind.setFocus()

    def undo(self) -> bool:
        return self._step(self.svc.undo, self.game_shown is not None and self.game_shown.can_undo, "Undone.")

    def redo(self) -> bool:
        return self._step(self.svc.redo, self.game_shown is not None and self.game_shown.can_redo, "Redone.")

    def _step(self, step: Callable[..., EntryResult], possible: bool, done: str) -> bool:
        """Undo or redo: one of a finish or a reopen asks the office password as Reopen does (DATA-5); one
        refused because another PC changed the game since shows the game as it now is, and why."""
        game_id, season = self.game_id, self.season
        if not game_id or not possible:
            return False
        return self.apply(lambda confirm: step(game_id, season=season), done, confirm=False,
                          wording=operation.DONE, on_refused=lambda result: self.refresh_game())

    def ask_finish(self) -> bool:
        """Finish the game once the scorekeeper confirms it (Enter finishes, Esc goes back to the game)."""
        if self.game_id is None or not self.finish_button.isEnabled() or self.game_shown is None:
            return False
        score = self.game_shown.score
        asked = dialogs.confirm_finish(
            self, f"Finish the game {self.names['home']} {score['home']} – {score['away']} {self.names['away']}?",
            "The game is locked as final: the standings, suspensions and fines count it. Reopening it later needs "
            "a reason and, where the office guards it, the office password.")
        if asked:
            self.finish()
        else:
            self.say("<span style='color:gray'>The game goes on: not finished.</span>")
        self.window().activateWindow()  # the keys come back to the game, where they were before the question
        self.take_focus()
        return asked and self.game_shown is not None and self.game_shown.final

    def finish(self) -> bool:
        """Lock the game as final, then say what it caused: result, ejections, suspensions, fines."""
        if self.game_id is None or not self.finish_button.isEnabled():
            return False
        game_id, season = self.game_id, self.season
        # where play ended, as the clock says it; none from the sheet, nor from a clock never moved off the start
        # (a sheet typed after the game, a correction after a reopen): the game then ran its length
        at = (self.clock.period.value(), self.clock.elapsed())
        ended = None if self.from_sheet.isChecked() or at == (1, "00:00") else at
        if not self.apply(lambda confirm: self.svc.finish_game(game_id, confirm, season=season, ended=ended), ""):
            return False
        computed = self.svc.game(game_id, season)
        score = computed["score"]
        decision = str(computed.get("decision") or "").replace("_", " ")
        text = (f"<b>Final: {html.escape(self.names['home'])} {score['home']} – {score['away']} "
                f"{html.escape(self.names['away'])}</b>" + (f" ({html.escape(decision)})" if decision else ""))
        shown = self.game_shown.consequences if self.game_shown is not None else ()
        if shown:  # what the game set off now counts: the rules' own reading, names and sections
            text += "<br>" + consequences_html(shown, self.names, self._periods())
        self.say(text)
        self.finished.emit(game_id)
        return True

    def sheet_document(self) -> Document | None:
        """The game sheet of the game at the boards (None: no game)."""
        from ui.print_preview import game_sheet

        if self.season is None or self.game_id is None:
            return None
        return game_sheet(self.svc, self.season, self.game_id)

    def print_sheet(self) -> PreviewDialog | None:
        """The game sheet of the game at the boards: preview, print, save as PDF."""
        from ui.print_preview import preview

        document = self.sheet_document()
        return None if document is None else preview(self, document)

    def show_audit(self) -> office.AuditDialog | None:
        if self.game_id is None:
            return None
        name = self.svc.game_names(self.season).get(self.game_id, self.game_id)  # the league's game number
        return office.show_audit(self, self.svc, self.season, f"game {name}", game=self.game_id)

    def reopen(self) -> bool:
        if self.game_id is None:
            return False
        reason = dialogs.ask_reason(self, self.svc.game_names(self.season).get(self.game_id, self.game_id))
        if not reason:
            return False
        game_id, season = self.game_id, self.season
        reopened = self.apply(lambda confirm: self.svc.reopen_game(game_id, reason, season=season),
                              f"Game reopened: {html.escape(reason)}")
        if reopened:
            self.events_view.setFocus()  # after the question the keys are with the game's entries again
        return reopened

    def apply(self, call: Callable[[bool], EntryResult], done: str, *, confirm: bool = True,
              wording: operation.Wording = operation.RECORDED,
              on_refused: Callable[[EntryResult], None] | None = None,
              show: Callable[[str], None] | None = None) -> bool:
        """Run an entry through the window's operation runner (blocks shown, warnings confirmed with Enter, the
        office password asked where the entry needs it); every tab then redraws what it changed. `show`: where
        a refusal is said (the rules panel unless given)."""
        result = operation.run(self, self.svc, self.hub, call, show=show or self.say, wording=wording,
                               confirm=confirm, on_refused=on_refused)
        if result is None:
            return False
        self.catch_up()  # the tab that wrote shows it at once, in sight or not
        self.tell(result.caused)  # what the rulebook set off with it, prominently (nothing: the banner goes)
        if done or result.violations:
            text = f"<b style='color:#1b5e20'>{done}</b>" if done else ""
            if result.violations:
                text += "<br>" + dialogs.violations_html(result.violations)
            self.messages.setText(text)
        return True

    # -- changes -------------------------------------------------------------------------------------------
    def concerns(self, changes: Changes) -> bool:
        return bool(changes.games) or changes.touches("divisions", "teams", "players", "roster", "discipline")

    def redraw(self, changes: Changes) -> None:
        """After a write, only what it touched: the games list when other games (or names) changed, read again
        and redrawn where its rows differ; the game at the boards when it changed (`update_game`); its line-up
        candidates when the roster or the season's discipline changed (names, numbers, suspensions)."""
        roster = changes.touches("divisions", "teams", "players", "roster", "discipline")
        if roster or any(g != self.game_id for g in changes.games):
            self._reload_games()
        if self.game_id is None:
            if self.model.rowCount():
                self.show_season(self.season)  # the first game of the season: show it
            return
        if roster or self.game_id in changes.games:
            self.update_game(candidates=roster)

    def _reload_games(self) -> None:
        """The season's list of games read again: the rows that differ are redrawn, the game at the boards
        stays selected."""
        games = self.svc.games(self.season)
        if [g["id"] for g in games] == [self.model.row(n)["id"] for n in range(self.model.rowCount())]:
            if self.model.update_rows(games) is not None:
                self.fit_columns()  # a number or a name changed: no column cut, nothing scrolled sideways
            return
        self.model.set_rows(games)
        ids = [game["id"] for game in games]
        if self.game_id in ids:
            blocked = self.view.selectionModel().blockSignals(True)
            self.view.selectionModel().setCurrentIndex(
                self.model.index(ids.index(self.game_id), 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
            self.view.selectionModel().blockSignals(blocked)

    def show_violations(self, violations: list[Any], heading: str) -> None:
        self.messages.setText(f"<b>{html.escape(heading)}</b><br>{dialogs.violations_html(violations)}")

    def say(self, text: str) -> None:
        """Put `text` (rich text) in the message area beside the form."""
        self.messages.setText(text)

    # -- the clock, saved per game -------------------------------------------------------------------------
    def _restore_clock(self) -> None:
        raw = self.settings.value(self._clock_key()) if self.game_id else None
        state = None
        if isinstance(raw, str):
            try:
                state = json.loads(raw)
            except ValueError:
                state = None
        self.clock.restore(state)
        sheet = self.settings.value(self._clock_key() + "/sheet") if self.game_id else None
        blocked = self.from_sheet.blockSignals(True)
        self.from_sheet.setChecked(sheet in (True, "true"))
        self.from_sheet.blockSignals(blocked)
        self.clock.hold(self.from_sheet.isChecked())

    def _clock_key(self) -> str:
        return _clock_key(self.svc.database_label, self.season or "", self.game_id or "")

    def save_clock(self) -> None:
        """Remember the clock of the game shown (called on every switch, on close, and when it moves)."""
        if self.game_id and self.season:
            self.settings.setValue(self._clock_key(), json.dumps(self.clock.state()))
            self.settings.sync()  # on disk at once: a killed window resumes the clock where it was

    def stop(self) -> None:
        self.clock.timer.stop()

    def clock_position(self) -> tuple[int, str]:
        return self.clock.period.value(), self.clock.elapsed()
