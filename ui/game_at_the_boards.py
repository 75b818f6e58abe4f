"""The Live Game tab's base: the game at the boards and what the tab's entry keys and game buttons do (begin,
record, delete, edit, undo and redo an entry; schedule, finish, reopen and audit a game, and its game sheet; leave
an entry typed but not recorded), each through the window's operation runner (`apply`).

`LiveGameTab` builds the parts these use (the entry form, the clock, the event list, the buttons, the banner) and
draws the game; the dialogs opened over the game (Officials…, Sign…) take the tab as this base."""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTabBar,
    QTableView,
    QTabWidget,
    QToolButton,
)

from scorekeeper.services import DATA_3, ServiceError
from ui import dialogs, office, operation, theme
from ui.entry_form import KINDS, EntryError, EntryForm
from ui.game_clock import GameClock, parse_time, period_name
from ui.live_banner import LiveBanner, consequences_html, plain
from ui.live_keys import key_text
from ui.table_tab import TableTab

if TYPE_CHECKING:
    from scorekeeper.changes import EntryResult
    from scorekeeper.screens import Consequence, GameScreen
    from scorekeeper.season_data import GameData
    from ui.event_list import EventList
    from ui.lineups_page import LineupPanel
    from ui.print_preview import Document, PreviewDialog


class GameAtTheBoards(TableTab):
    """The game at the boards and its actions; the parts named here are built by `LiveGameTab`."""

    finished = Signal(str)
    """A game was just finished (its id): the moment for an automatic backup."""
    game_id: str | None
    game_shown: GameScreen | None
    names: dict[str, str]
    numbers: dict[str, int]
    regulation_periods: int
    entry: EntryForm
    clock: GameClock
    from_sheet: QCheckBox
    event_list: EventList
    events_view: QTableView
    delete_button: QToolButton
    finish_button: QPushButton
    messages: QLabel
    banner: LiveBanner
    pages: QTabWidget
    home_lineup: LineupPanel
    entry_screen: GameScreen | None = None
    """The game's screen an entry's result carried (`screen_at`), until the redraw after it takes it."""

    def refresh_game(self) -> None:
        """The game redrawn from the facade, all of it (`LiveGameTab` draws it)."""
        raise NotImplementedError

    def select_game(self, game_id: str) -> None:
        """Show game `game_id` (as if picked in the list; `LiveGameTab` shows it)."""
        raise NotImplementedError

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

    def say(self, text: str) -> None:
        """Put `text` (rich text) in the message area beside the form."""
        self.messages.setText(text)

    def show_violations(self, violations: list[Any], heading: str) -> None:
        self.messages.setText(f"<b>{html.escape(heading)}</b><br>{dialogs.violations_html(violations)}")

    def status(self, text: str) -> None:
        """A line in the window's status bar (where the tab sits in the main window)."""
        window = self.window()
        bar = getattr(window, "statusBar", None)
        if callable(bar):
            bar().showMessage(text, 30000)

    def tell(self, caused: Iterable[Consequence]) -> None:
        """What an entry set off, at once: the banner in the live panel, and the status line."""
        found = tuple(caused)
        self.banner.tell(found, self.names, self._periods() if found else {})  # nothing: no period to name
        if found:
            self.status(plain(found, self.names))

    def _periods(self) -> dict[int, str]:
        """The period names of this game's entries (1st, 2nd, OT...) by number."""
        shown = self.game_shown
        numbers = {c.period for c in shown.consequences if c.period} if shown is not None else set()
        return {n: period_name(n, self.regulation_periods, "") for n in numbers}

    def number_of(self, player: str | None) -> str:
        return "" if not player or player not in self.numbers else str(self.numbers[player])

    def apply(self, call: Callable[[bool], EntryResult], done: str, *, confirm: bool = True,
              wording: operation.Wording = operation.RECORDED,
              on_refused: Callable[[EntryResult], None] | None = None,
              show: Callable[[str], None] | None = None) -> bool:
        """Run an entry through the window's operation runner (blocks shown, warnings confirmed with Enter, the
        office password asked where the entry needs it); every tab then redraws what it changed. `show`: where
        a refusal is said (the rules panel unless given)."""
        try:
            result = operation.run(self, self.svc, self.hub, call, show=show or self.say, wording=wording,
                                   confirm=confirm, on_refused=on_refused)
            if result is None:
                return False
            self.catch_up()  # the tab that wrote shows it at once, in sight or not
        finally:
            self.entry_screen = None  # the screen the entry carried is the redraw's, once
        self.tell(result.caused)  # what the rulebook set off with it, prominently (nothing: the banner goes)
        if done or result.violations:
            text = self._done_html(done) if done else ""
            if result.violations:
                text += "<br>" + dialogs.violations_html(result.violations)
            self.messages.setText(text)
        return True

    def _done_html(self, done: str) -> str:
        """`done` in the colour of what went well, made once per text and palette (every goal says the same)."""
        key = (done, theme.palette().cacheKey())
        said = self._said
        if said is None or said[0] != key:
            said = self._said = (key, theme.span("ok", done, bold=True))
        return said[1]

    _said: tuple[tuple[str, int], str] | None = None

    def _screened(self, result: EntryResult) -> EntryResult:
        """Keep the screen `result` carries for the redraw its broadcast makes (`update_game`)."""
        self.entry_screen = result.screen
        return result

    def selected_event(self) -> int | None:
        return self.event_list.selected_event()

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
            self.say(theme.span("muted", "The game goes on: not finished."))
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
            self.say(theme.span("muted", "The entry typed was discarded."))
            return True
        self.window().activateWindow()
        self.pages.setCurrentIndex(0)
        if was is None or not self.entry.isAncestorOf(was) or not was.isVisible():
            was = next((field for field in self.entry.order if isinstance(field, QLineEdit)
                        and field.isVisibleTo(self.entry) and field.text()), self.entry.kind)
        was.setFocus()  # the keys back where they were typing
        return False

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
        game = cast("GameData", {"id": game_id, **answer, "status": "scheduled", "lineups": {"home": [], "away": []},
                                 "events": []})
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
        self.say(f"<b style='color:{theme.css('ok')}'>Game {html.escape(game_id)} scheduled: {html.escape(names)}, "
                 f"{html.escape(answer['date'])} {html.escape(answer['time'])}.</b> Dress both line-ups next."
                 + ("<br>" + dialogs.violations_html(result.violations) if result.violations else ""))
        return True

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
        at = (self.clock.period.value(), self.clock.elapsed())  # the game's screen comes back with the entry
        if editing is None:
            def call(confirm: bool) -> EntryResult:
                return self._screened(self.svc.add_event(game_id, event, confirm, season=season, screen_at=at))
        else:
            def call(confirm: bool) -> EntryResult:
                return self._screened(self.svc.update_event(game_id, editing, event, confirm, season=season,
                                                            screen_at=at))
        kind = next(k.label for k in KINDS if k.type == event["type"])
        refused: list[Any] = []
        if not self.apply(call, f"{kind} {'changed' if editing is not None else 'recorded'}.",
                          on_refused=lambda result: refused.extend(v for v in result.violations if v.blocks)):
            # a refusal, or warnings declined: back to the form, on the field at fault (the player the rule
            # names, else the field the refusal speaks of), its text selected to be typed over
            at_fault = self.entry.field_of(event, (p for v in refused for p in v.players)) or (
                self.entry.elapsed if any(v.rule == DATA_3 for v in refused) else None)  # no such time
            self.entry.focus_refused(" ".join(v.message for v in refused), at_fault)
            return False
        if self.from_sheet.isChecked() and "period" in event:  # from the sheet: the next entry starts here
            self.clock.set_position(int(event["period"] or 0), parse_time(str(event["elapsed"])) or 0)
        self.entry.clear()
        self.events_view.setFocus()
        return True
