"""The Live Game tab: pick a game, dress both sides, score it from the keyboard as the play goes.

Every entry goes to the facade (`add_event`, `update_event`, `delete_event`, `set_lineup`, `finish_game`,
`reopen_game`, `undo`, `redo`) through the window's one operation runner (`ui.operation.run`); what the tab
shows of the game comes from one `Services.game_screen()` (a read-only `GameScreen`), and what the rulebook says
as the clock runs from `Services.live()`. Blocks are shown beside the form with their rule ID and section;
warnings are confirmed with one keystroke. After a write the tab redraws only what its `Changes` touch.

The tab composes its parts, each in a module of its own: the header (`ui.game_header`), the score and clock line
(`ui.clock_panel`), the sides (`ui.side_panel`), the banner (`ui.live_banner`), the entry form
(`ui.entry_form`), the rules panel (`ui.rules_panel`), the event list (`ui.event_list`) and the line-ups page
(`ui.lineups_page`); what its keys and the game's buttons do is in its base (`ui.game_at_the_boards`).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.services import DATA_3, DATA_4, ServiceError, number_not_dressed, time_outside_period
from ui import lineups_page, operation, theme
from ui.clock_panel import ClockPanel, clock_key, sheet_said
from ui.curfew import CurfewWatch
from ui.entry_form import KINDS, EntryError, EntryForm
from ui.event_list import EventList
from ui.event_rows import RowWords
from ui.game_at_the_boards import GameAtTheBoards
from ui.game_clock import period_name
from ui.game_header import GameHeader
from ui.hub import ChangeHub
from ui.live_banner import LiveBanner
from ui.live_keys import CLOCK_KEY, NEXT_PERIOD_KEY, PREVIOUS_PERIOD_KEY, SHEET_KEY, key_text
from ui.models import GamesModel
from ui.reflow import BesideOrUnder
from ui.rules_panel import RulesPanel
from ui.side_panel import SidePanel
from ui.table_tab import fit_columns, scrolling, two_lines, whole_width

if TYPE_CHECKING:
    from scorekeeper.changes import Changes
    from scorekeeper.screens import Consequence, GameScreen
    from scorekeeper.services import Services


def _plain(side: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """A side at the clock's time to compare, whether the facade froze its lists (a game's screen) or not (the
    live reading as the clock runs)."""
    return tuple((key, tuple(value) if isinstance(value, list) else value) for key, value in side.items())


class LiveGameTab(GameAtTheBoards):
    """The season's games on the left; the chosen game's clock, live panel, entry form and event list."""

    empty_text = "No games scheduled in {season} yet: schedule one with File ▸ New game… (Ctrl+Shift+N)."
    model: GamesModel
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
        self.infractions: dict[str, Mapping[str, Any]] = {}
        self.shootout = False
        """Whether this game can go to a shootout (the rulebook's choice)."""
        self._clock_refusal = False
        """Whether the rules panel shows a refusal of a time typed into the clock (DATA-3), until it is set."""
        self.defer_game = False
        """Set by the window while the season is read on its worker (issue 29.4): the list shows the game to be
        at the boards picked, and the game is drawn once the season is there (`show_pending`)."""
        self.game_pending: str | None = None
        self._enabled: tuple[bool, bool, bool] | None = None
        """The states the entry widgets were last set to by `_enable` (final, can undo, can redo)."""
        self._followed: tuple[str, str, str | None] | None = None
        """The game whose curfew the title follows (its date, start and curfew)."""
        self._titled: tuple[object, ...] | None = None
        """What the title was last written from (None: write it next time)."""
        self._sides_drawn: dict[str, tuple[object, ...]] = {}
        """What each side's panel was last drawn from (its title, the side at the clock's time, the players dressed,
        its ejections, the players' labels, the palette: its colours), and under "live" what the rest of the live
        panel was (`_show_live`): cleared, everything is drawn in full next time."""
        self.view.selectionModel().currentRowChanged.connect(self._game_picked)
        self._shortcuts()

    # -- layout --------------------------------------------------------------------------------------------
    def build_page(self) -> QWidget:
        self.new_game_button = QPushButton("New game…", self)
        self.new_game_button.setToolTip("Schedule a game: date, time, rink, stage, home and away (Ctrl+Shift+N)")
        self.new_game_button.clicked.connect(self.new_game)
        self.view.setMinimumWidth(180)  # the game page keeps its width at 1024 pixels
        self.view.setAccessibleName("Games")
        two_lines(self.view, GamesModel.LINES)
        self.view.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

        self.header = GameHeader(self, self.view)
        self.title, self.audit_button, self.details_button = (self.header.title, self.header.audit_button,
                                                              self.header.details_button)
        self.sign_button, self.print_button = self.header.sign_button, self.header.print_button
        self.reopen_button, self.finish_button = self.header.reopen_button, self.header.finish_button
        self.curfew = CurfewWatch(self)  # the curfew after the scheduled start, its time left kept current
        self.curfew.changed.connect(self._retitle)
        self.clock_panel = ClockPanel(self)
        self.score, self.strength = self.clock_panel.score, self.clock_panel.strength
        self.clock = self.clock_panel.clock
        self.stop_time, self.icing = self.clock_panel.stop_time, self.clock_panel.icing
        self.from_sheet = self.clock_panel.from_sheet
        self.from_sheet.toggled.connect(self._sheet_mode)

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
        self.rules = RulesPanel(self)
        self.messages, self.caused = self.rules.messages, self.rules.caused
        self.event_list = EventList(self)
        self.events, self.events_view = self.event_list.model, self.event_list.view
        self.undo_button, self.redo_button = self.event_list.undo_button, self.event_list.redo_button
        self.edit_button, self.delete_button = self.event_list.edit_button, self.event_list.delete_button
        scoring = QWidget(self)
        scoring_layout = QHBoxLayout(scoring)
        scoring_layout.setContentsMargins(4, 4, 4, 4)
        scoring_layout.addWidget(form_box, 0)
        # the rules panel beside the event list while the list keeps room for every column, else under it (a
        # 1024-pixel screen): the list then has the page's whole width
        self.events_and_rules = BesideOrUnder(self.event_list.box, self.rules.box, self.event_list.room,
                                              self._rules_under, self, beside=self.rules.beside_width())
        self.events_view.horizontalHeader().sectionResized.connect(self.events_and_rules.reflow)
        self.event_list.follow_the_bottom()
        scoring_layout.addWidget(self.events_and_rules, 1)

        self.home_lineup, self.away_lineup, lineups = lineups_page.lineups_page(self)
        self.pages = QTabWidget(self)
        self.pages.addTab(scoring, "Scoring")
        self.pages.addTab(lineups, "Line-ups")

        game = QWidget(self)
        game_layout = QVBoxLayout(game)
        game_layout.setContentsMargins(4, 0, 0, 0)
        game_layout.addLayout(self.header.layout)
        game_layout.addWidget(self.clock_panel.row)
        self.banner = LiveBanner(self)
        game_layout.addWidget(self.banner)
        game_layout.addLayout(sides)
        game_layout.addWidget(self.pages, 1)
        self.game_page = game
        self._connect()
        return scrolling(self._games_beside(game))

    def _games_beside(self, game: QWidget) -> QSplitter:
        """The games list (with New game…) beside the game page, at the list's width until the person moves the
        handle."""
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
        return splitter

    def _connect(self) -> None:
        """The buttons, the form, the list and the clock to what they do."""
        self.audit_button.clicked.connect(self.show_audit)
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
            self.say(theme.span("muted", "Clock left as it was."))
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
        section = self.svc.section(DATA_3, season=self.season) if self.season else ""
        self.show_violations([time_outside_period(why, section)], "Clock not set")
        self._clock_refusal = True

    def _clock_set(self) -> None:
        """The clock set right after a refusal of its time: the refusal goes, the time it now shows is said."""
        if not self._clock_refusal:
            return
        self._clock_refusal = False
        self.say(f"<b style='color:{theme.css('ok')}'>Clock set: "
                 f"{html.escape(period_name(self.clock.period.value(), self.regulation_periods, self.clock.word))} "
                 f"{self.clock.elapsed()}.</b>")

    def _sheet_mode(self, on: bool) -> None:
        """From the sheet on or off: the clock held still (each entry's time typed, the next entry starting at the
        last one's time) or free to run; remembered per game."""
        self.clock.hold(on)
        if self.game_id and self.season:
            self.settings.setValue(self._clock_key() + "/sheet", on)
        self.say(sheet_said(on))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._games_width_pending and self.model.rowCount():
            self._fit_games_width()
        self.take_focus()

    # -- the season's games --------------------------------------------------------------------------------
    def load(self, season: str) -> bool:
        if season != self.season:
            self.save_clock()
            self.game_id = self.game_pending = None
        self.season = season
        games = self.svc.game_list(season)  # before the season is read: from a narrow read (issue 29.4)
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

    def select_game(self, game_id: str) -> None:
        """Show game `game_id` (as if picked in the list)."""
        ids = [self.model.row(n)["id"] for n in range(self.model.rowCount())]
        self._select_row(ids.index(game_id))

    def _select_row(self, row: int) -> None:
        index = self.model.index(row, 0)
        game_id = self.model.row(row)["id"]
        same = game_id == self.game_id
        deferred = self.defer_game and not self.game_id
        blocked = self.view.selectionModel().blockSignals(deferred)
        self.view.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        self.view.selectionModel().blockSignals(blocked)
        if deferred:
            self.game_pending = game_id  # drawn once the season is read (`show_pending`); nothing typed before
            self.game_page.setEnabled(False)
            self.view.viewport().update()
        elif same or not self.game_id:
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

    def _rules_under(self, under: bool) -> None:
        """The rules panel under the event list (its two parts side by side) or beside it (one over the other)."""
        self.rules.lay_out(under)
        # under the list (a 1024-pixel screen) the panel gives way first: the list keeps its last rows in sight,
        # the entry just recorded among them, when a banner takes the page's height (issue 27.7)
        self.event_list.keep_rows(under)
        box = self.event_list.box  # the splitter gives the list that height now, taking it from the panel
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

    # -- one game ------------------------------------------------------------------------------------------
    def show_pending(self) -> None:
        """The season is read (or the worker gave up): the game picked while it was read is drawn now, unless the
        person picked one meanwhile."""
        self.defer_game = False
        self.game_page.setEnabled(True)
        pending, self.game_pending = self.game_pending, None
        if pending is not None and self.game_id is None and self.season is not None:
            ids = [self.model.row(n)["id"] for n in range(self.model.rowCount())]
            if pending in ids:
                self._select_row(ids.index(pending))

    def show_game(self, game_id: str) -> None:
        """Make `game_id` the game at the boards: its line-ups, events, live panel and clock."""
        if self.season is None:
            return
        self.defer_game, self.game_pending = False, None  # the person picked it, or the season is read
        self.game_page.setEnabled(True)
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
        # The rows of the game drawn afresh laid out now (Qt leaves a reset model's to the next change): the first
        # entry then lays out and paints only its own row, as the next ones do (`FocusQuietView.doItemsLayout`).
        self.events_view.doItemsLayout()

    def update_game(self, candidates: bool = False) -> None:
        """Redraw the game after an entry: one facade call, then only what differs (event rows appended or
        changed, the score and the live panel, the games-list row, undo and redo); the line-up candidates
        when a line-up changed or `candidates` (the roster or the season's discipline changed)."""
        if self.season is None or self.game_id is None:
            return
        screen, self.entry_screen = self.entry_screen, None
        try:
            if screen is None or screen.game_id != self.game_id or screen.season != self.season:
                screen = self._fetch_screen()  # not an entry of this tab's (another tab's write, an undo)
        except (ServiceError, KeyError):
            self.show_season(self.season)  # the game is gone (another PC, an undo of its scheduling)
            return
        if self._draw(screen) or candidates:
            self._fill_lineups(keep=True)

    def _fetch_screen(self) -> GameScreen:
        return self.svc.game_screen(self.game_id or "", self.clock.period.value(), self.clock.elapsed(),
                                    season=self.season)

    def _draw(self, screen: GameScreen, refit: bool = False) -> bool:
        """The game as `screen` describes it, redrawing only what differs from the game shown (`refit`: the event
        list afresh, its columns fitted). Whether the line-ups differ from the game shown (compared once)."""
        previous, self.game_shown = self.game_shown, screen
        lineups_changed = previous is None or previous.lineups != screen.lineups
        if previous is not None and previous.names != screen.names:  # a team renamed
            self.names = dict(screen.names)
            self.entry.set_game(self.names["home"], self.names["away"], self.infractions, self.resolve,
                                shootout=self.shootout, lookup=self.find_infractions)
        if lineups_changed or previous is None or previous.names != screen.names:
            self._take_lineups(screen, refit)
        game = (screen.date, screen.time, screen.row.get("curfew"))
        if game[2] or game != self._followed:  # no curfew, the same game: nothing to read again
            self.curfew.follow(*game)
            self._followed = game
        self._show_title(screen)
        rows = self.event_list.rows(screen.events, screen.figures, self._row_words())
        if refit:
            self.event_list.show_all(rows)
            self._reserve_columns()
        else:
            self.event_list.show_changed(rows)
        self.model.replace_game(screen.row)
        if previous is not None and previous.row.get("number") != screen.row.get("number"):
            self.fit_columns()  # its number set (Officials…): the list as wide as its new text (issue 27.13)
        if previous is None or previous.consequences != screen.consequences or previous.names != screen.names:
            self._show_caused(screen.consequences)
        self._enable(screen)
        if screen.live is None:
            self._sides_drawn.pop("live", None)  # the strength says why: drawn in full next time
            self.clock_panel.show_unread(screen.live_error)
            self.live_shown.emit(None, screen.score)
        else:
            self._show_live(screen.live, screen.score)
        return lineups_changed

    def _take_lineups(self, screen: GameScreen, refit: bool) -> None:
        """The dressed players by number and their labels, as the line-ups now stand (the rows name them
        afresh)."""
        self.event_list.forget_rows()
        self.names = dict(screen.names)
        self.dressed = {side: {d.number: d.player for d in screen.lineups[side] if d.number is not None}
                        for side in ("home", "away")}
        self.labels = {d.player: d.label for side in ("home", "away") for d in screen.lineups[side]}
        self.numbers = {d.player: d.number for side in ("home", "away") for d in screen.lineups[side]
                        if d.number is not None}
        if not refit:
            self._reserve_columns()

    def _retitle(self) -> None:
        """The title again (the curfew's time left changed)."""
        if self.game_shown is not None:
            self._show_title(self.game_shown)

    def _show_title(self, screen: GameScreen) -> None:
        """The title, written where what it says differs from what it was written from last (a final game's:
        always, its word in the palette's colour)."""
        row = screen.row
        key = (self.names["home"], self.names["away"], screen.game_id, row.get("number"), screen.date, screen.time,
               screen.stage, row.get("status_text"), self.curfew.text())
        if screen.final or key != self._titled:
            self.title.setText(self._title(screen))
            self._titled = None if screen.final else key

    def _title(self, screen: GameScreen) -> str:
        """The header's title: the teams, the league's game number, date, time, stage and status, then the curfew
        and its time left (on a line of its own where the title wraps)."""
        stage = " · playoff" if screen.stage == "playoff" else ""
        status = (theme.span("ok", "FINAL", bold=True) if screen.final
                  else html.escape(str(screen.row["status_text"])))
        number = html.escape(str(screen.row.get("number") or screen.game_id))  # the league's number
        said = self.curfew.text()  # the curfew and its time left wrap as one
        curfew = f" · <span style='white-space:nowrap'>{said}</span>" if said else ""
        return (f"<span style='font-size:large'><b>{html.escape(self.names['home'])}</b> vs "
                f"<b>{html.escape(self.names['away'])}</b></span> &nbsp; game "
                f"{number} · {screen.date} {screen.time}{stage} · {status}{curfew}")

    def _enable(self, screen: GameScreen) -> None:
        """A final game takes no entry (Reopen… first); undo and redo as the facade allows (set only when they
        change: nothing else enables or disables these widgets, and a goal leaves them as they were)."""
        final = screen.final
        states = (final, screen.can_undo, screen.can_redo)
        if states == self._enabled:
            return
        self._enabled = states
        for widget in (self.entry, self.record_button, self.finish_button, self.home_lineup.save_button,
                       self.away_lineup.save_button, self.delete_button, self.edit_button):
            widget.setEnabled(not final)
        self.reopen_button.setEnabled(final)
        self.undo_button.setEnabled(screen.can_undo)
        self.redo_button.setEnabled(screen.can_redo)

    def _row_words(self) -> RowWords:
        return RowWords(self.label_of, self.infractions, self.names, self.regulation_periods)

    def _show_caused(self, consequences: Iterable[Consequence]) -> None:
        """The rules panel's list of what the game has set off (redrawn only when it changes)."""
        self.rules.show_caused(consequences, self.names, self._periods())

    def _reserve_columns(self) -> None:
        """The event list's columns as wide as the dressed players' names and the teams' (`EventList`)."""
        self.event_list.reserve_columns(self.labels.values(), self.names.values())

    def _show_game_violations(self) -> None:
        """On picking a game: what the rulebook already says about it (warnings kept with a final game)."""
        computed = self.svc.game(self.game_id or "", self.season)
        violations = computed.get("violations") or []
        if violations:
            name = self.svc.game_names(self.season).get(computed["id"], computed["id"])  # the league's game number
            self.show_violations(violations, f"Game {name}")
        elif self.game_shown is not None and self.game_shown.consequences:
            self.messages.setText(theme.span("muted", "No warnings for this game; what it has set off is "
                                             "listed under <i>This game so far</i>."))
        else:
            self.messages.setText(theme.span("muted", "Nothing to report for this game."))

    def refresh_live(self) -> None:
        """The live panel at the clock's time: score, strength, indicators, both sides with the box."""
        if self.season is None or self.game_id is None or self.game_shown is None:
            return
        try:
            live = self.svc.live(self.game_id, self.clock.period.value(), self.clock.elapsed(), season=self.season)
        except (ServiceError, ValueError, KeyError) as exc:
            self._sides_drawn.pop("live", None)  # the strength says why: drawn in full next time
            self.clock_panel.show_unread(str(exc))
            return
        self._show_live(live, self.game_shown.score)  # the score entered, not the score at the clock's time

    def _show_live(self, live: Mapping[str, Any], score: Mapping[str, int]) -> None:
        """The score, and the rest of the live panel unless it is as drawn: the strength, the lights and both
        sides read from the same live figures (a goal at even strength), names, labels, line-ups, what the game
        set off and palettes, the score alone is written."""
        shown = self.game_shown
        teams = live["teams"]
        key = (live.get("stop_time"), live.get("icing"), live.get("skaters_strength"), self.names, self.labels,
               None if shown is None else shown.lineups, None if shown is None else shown.consequences,
               self.home_panel.palette().cacheKey(), self.away_panel.palette().cacheKey())
        drawn = self._sides_drawn.get("live")
        if drawn is not None and drawn[0] == key and teams == drawn[1]:  # read in C: the sides' lists as tuples
            self.clock_panel.show_score(score, self.names)
        else:
            self._show_all_live(live, score)
            self._sides_drawn["live"] = (key, {side: dict(_plain(figures)) for side, figures in teams.items()})
        self.live_shown.emit(live, score)

    def _show_all_live(self, live: Mapping[str, Any], score: Mapping[str, int]) -> None:
        self.clock_panel.show_live(live, score, self.names)
        lineups = self.game_shown.lineups if self.game_shown is not None else {}
        for side, panel in (("home", self.home_panel), ("away", self.away_panel)):
            title, now = f"{self.names[side]} ({side})", live["teams"][side]
            ejected = self.game_shown.ejected(side) if self.game_shown is not None else ()
            drawn = (title, _plain(now), len(lineups.get(side, ())), ejected, self.labels, panel.palette().cacheKey())
            if self._sides_drawn.get(side) == drawn:
                continue  # the side as drawn (a goal leaves both sides' panels as they were): nothing to write
            panel.show_side(title, now, self.label_of, drawn[2], ejected)
            self._sides_drawn[side] = drawn

    # -- numbers and names ---------------------------------------------------------------------------------
    def find_infractions(self, text: str) -> Mapping[str, Any]:
        """What the rulebook in force finds for a typed infraction (the facade's lookup)."""
        return self.svc.find_infractions(text, season=self.season)

    def resolve(self, side: str, number: int) -> str:
        """The player wearing `number` for `side` in this game's line-up."""
        player = self.dressed.get(side, {}).get(number)
        if player is None:
            section = self.svc.section(DATA_4, season=self.season) if self.season else ""
            refusal = number_not_dressed(number, self.names.get(side) or side, section)
            raise EntryError(refusal.message, refusal.rule, refusal.section)
        return player

    def label_of(self, player: str | None) -> str:
        return "" if not player else self.labels.get(player, player)

    # -- line-ups ------------------------------------------------------------------------------------------
    def _fill_lineups(self, keep: bool = False) -> None:
        """Each side's candidates as the facade judges them: refused players (suspended, not playoff-eligible)
        cannot be ticked and say why; division-1 limits are shown as a note. `keep`: a side's ticks not saved
        yet stay (saving one side, or another PC's entry, keeps the other side's), with its last refusal."""
        for side, panel in (("home", self.home_lineup), ("away", self.away_lineup)):
            candidates = self.svc.lineup_candidates(self.game_id or "", side, season=self.season)
            lineups_page.fill_panel(panel, candidates, self.names[side], side, keep)

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
            self.status(lineups_page.refusal_status(refused))

        done = f"Line-up of {self.names[side]} saved: {len(entries)} dressed."
        if not self.apply(
                lambda confirm: self.svc.set_lineup(self.game_id or "", side, entries, confirm, season=self.season,
                                                    office_later=True),  # office business: the office list's
                done, wording=operation.SAVED, on_refused=lambda result: refused.extend(result.violations),
                show=show):
            return False
        lineups_page.saved(panel, done)
        self.status(done)
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

    # -- the clock, saved per game -------------------------------------------------------------------------
    def _restore_clock(self) -> None:
        self.clock_panel.restore(self.settings, self._clock_key() if self.game_id else None)

    def _clock_key(self) -> str:
        return clock_key(self.svc.database_label, self.season or "", self.game_id or "")

    def save_clock(self) -> None:
        """Remember the clock of the game shown (called on every switch, on close, and when it moves)."""
        if self.game_id and self.season:
            self.clock_panel.save(self.settings, self._clock_key())

    def stop(self) -> None:
        self.clock.timer.stop()

    def clock_position(self) -> tuple[int, str]:
        return self.clock.period.value(), self.clock.elapsed()
