"""The entries at the boards, told what they set off: `add_event`, `update_event` and `delete_event` are the games
part's, and each result carries `caused` — the game's consequences (an ejection, a suspension, a fine, a report;
`rules.consequences`) after the entry less those before, and a side put two men down by a penalty at its time."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scorekeeper.changes import EntryResult
from scorekeeper.engine.live import live_state
from scorekeeper.engine.timefmt import game_time, parse_mmss
from scorekeeper.facade.core import Core, Part, bound, inner
from scorekeeper.facade.games import Games, team_name
from scorekeeper.rules.consequences import game_consequences, newly_caused, two_men_down
from scorekeeper.screens import Consequence
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import EventData

if TYPE_CHECKING:
    from scorekeeper.facade.screens import Screens


def side_two_down(view: SeasonView, game_id: str, event: EventData | None) -> tuple[Consequence, ...]:
    """The penalised side two men down at the time of `event` (a timed penalty), as the game stands in `view`."""
    if event is None or event.get("type") != "penalty":
        return ()
    penalised, period, elapsed = event.get("team"), event.get("period"), event.get("elapsed")
    if penalised not in ("home", "away") or not isinstance(period, int) or not isinstance(elapsed, str):
        return ()
    gin = view.game_input(game_id)
    try:
        t = game_time(view.book, gin.stage, period, parse_mmss(elapsed))
    except (ValueError, KeyError):
        return ()
    open_game = view.live_game(game_id)
    at_t = open_game.until(t) if open_game is not None and open_game.game is gin else None
    side = str(penalised)
    game = view.games[game_id]
    team = team_name(view, game["home"] if side == "home" else game["away"])
    down = two_men_down(view.book, side, team, live_state(gin, view.book, t, at_t)["teams"][side], period, elapsed)
    return () if down is None else (down,)


@bound
class EntryConsequences(Part):
    """The games part's entries, each result carrying what it caused and, asked with `screen_at` (the clock's
    period and mm:ss), the game's screen as `Services.game_screen` gives it: the window redraws from the one call."""

    def __init__(self, core: Core, entries: Games, screens: Screens) -> None:
        super().__init__(core)
        self.entries = entries
        self.screens = screens
        self._counted: tuple[SeasonView, str, tuple[Consequence, ...]] | None = None
        """The game's consequences as the last entry counted them after it, with its view: the next entry's view
        is that one (the view the entry wrote, remembered), so what it had before is not counted again (a view
        never changes in place)."""

    @inner
    def _consequences(self, view: SeasonView, game_id: str) -> tuple[Consequence, ...]:
        """`game_consequences(view, game_id)`, the last entry's count taken where it was made in the same view."""
        counted = self._counted
        if counted is not None and counted[0] is view and counted[1] == game_id:
            return counted[2]
        return game_consequences(view, game_id)

    def add_event(self, game_id: str, event: EventData, confirm: bool = False,
                  season: str | None = None, screen_at: tuple[int, str] | None = None) -> EntryResult:
        """`Games.add_event`, with what the entry caused (and the game's screen at `screen_at`)."""
        return self._told(game_id, season, event, lambda: self.entries.add_event(game_id, event, confirm, season),
                          screen_at)

    def update_event(self, game_id: str, index: int, event: EventData, confirm: bool = False,
                     season: str | None = None, screen_at: tuple[int, str] | None = None) -> EntryResult:
        """`Games.update_event`, with what the changed entry caused (and the game's screen at `screen_at`)."""
        return self._told(game_id, season, event,
                          lambda: self.entries.update_event(game_id, index, event, confirm, season), screen_at)

    def delete_event(self, game_id: str, index: int, confirm: bool = False,
                     season: str | None = None, screen_at: tuple[int, str] | None = None) -> EntryResult:
        """`Games.delete_event` (a deletion may still cause something: a later penalty counted afresh)."""
        return self._told(game_id, season, None, lambda: self.entries.delete_event(game_id, index, confirm, season),
                          screen_at)

    @inner
    def _told(self, game_id: str, season: str | None, event: EventData | None,
              write: Callable[[], EntryResult], screen_at: tuple[int, str] | None = None) -> EntryResult:
        view = self.core.view(season)
        if game_id not in view.games:
            return write()  # refused by the games part, with its reason
        before_game = self._consequences(view, game_id)
        before = before_game + side_two_down(view, game_id, event)
        result = write()
        if not result.ok or not result.changes:
            return result
        after_view = self.core.view(season)
        if game_id in after_view.games:
            after_game = game_consequences(after_view, game_id)
            self._counted = (after_view, game_id, after_game)
            after = after_game + side_two_down(after_view, game_id, event)
            result.caused = newly_caused(before, after)
            if screen_at is not None:  # from the state the entry computed, its consequences as counted here
                result.screen = self.screens.screen_in(after_view, game_id, screen_at[0], screen_at[1], after_game)
        return result
