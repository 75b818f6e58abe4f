"""A-28 / SUSP-1: a suspension applies to the person and carries over into the league's next season.

At the end of a season, what is still in force goes with the person: an N-game suspension not yet served (the
games left), an indefinite one not lifted. A season suspension ends with its season ("season" includes the
playoffs, SUSP-1). An appeal upheld or a lift in the old season ends it there. In the next season the person is
found by the same player id and the same name; the games left are served by the team's completed games there
(the team of the offence if it plays that season and the person is signed to it, else any team the person is
signed to on the game's date), forfeits counted as the rulebook says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scorekeeper.rulebook.model import DisciplineRow
from scorekeeper.season.view import SeasonView

CARRIED = "carried"  # view.cache: the suspensions carried into the season (list[Carried])
SOURCE = "carry_source"  # view.cache: a callable giving them, called once on first need
CARRIED_FROM = "carried_from"  # view.cache: the season they came from (set by the source)


@dataclass(frozen=True)
class Carried:
    """A suspension still in force at the end of `season`."""

    player: str
    name: str  # first and last name, folded: the same id must be the same person
    season: str
    game: str
    date: str
    team: str
    row: DisciplineRow
    infraction: str
    served: int  # games served by the end of `season` (kind games)

    @property
    def kind(self) -> str:
        return "games" if isinstance(self.row.suspend, int) else str(self.row.suspend)

    @property
    def games(self) -> int:
        return int(self.row.suspend) if self.kind == "games" else 0


def person_key(view: SeasonView, player: str) -> str:
    p = view.players.get(player) or {}
    return f"{p.get('first', '')} {p.get('last', '')}".casefold().strip()


def carried_in(view: SeasonView) -> list[Carried]:
    """The suspensions carried into this season from the one before (none when the rulebook says they do not
    carry, or when there is no season before)."""
    if CARRIED not in view.cache:
        source: Callable[[SeasonView], list[Carried]] | None = view.cache.get(SOURCE)
        carry = bool(view.book.suspensions.get("carry_next_season", False))
        view.cache[CARRIED] = list(source(view)) if source is not None and carry else []
    return list(view.cache[CARRIED])


def carried_for(view: SeasonView) -> list[Carried]:
    """The carried suspensions that concern the person under that id here: an id this season gives another name
    is another person (one it does not name at all stays carried, the person may come back later)."""
    return [c for c in carried_in(view) if c.player not in view.players or c.name == person_key(view, c.player)]


def served_here(view: SeasonView, c: Carried, before: int | None = None) -> int:
    """Games of a carried suspension served in this season, in the games before place `before` (all: None)."""
    from scorekeeper.season.discipline import games_served

    return games_served(view, lambda g: bool(_serving_teams(view, c, g["date"]) & {g["home"], g["away"]}),
                        before=before)


def _serving_teams(view: SeasonView, c: Carried, date: str) -> set[str]:
    if c.team in view.teams and view.signing(c.team, c.player, date) is not None:
        return {c.team}
    return {t for t in view.teams if view.signing(t, c.player, date) is not None}


def in_force(view: SeasonView, player: str, game_id: str) -> tuple[Carried, int] | None:
    """The carried suspension `player` is under at game `game_id` (with games served so far, both seasons), if
    any."""
    carried = [c for c in carried_for(view) if c.player == player]
    if not carried:
        return None
    at = view.order_of(game_id)
    for c in carried:
        if c.kind != "games":
            return c, c.served
        served = c.served + served_here(view, c, before=at)
        if served < c.games:
            return c, served
    return None


def unfinished(view: SeasonView) -> list[Carried]:
    """What is still in force at the end of this season, to carry into the next (A-28): this season's own
    suspensions and those carried into it, less what was served, lifted or upheld on appeal."""
    from scorekeeper.season.discipline import sanctions, served_games

    appeals = {(a["player"], a["game"]): a for a in view.data.get("appeals", [])}
    lifted = view.cache.get("lifted", {})
    out: list[Carried] = []
    for s in sanctions(view):
        if s.row.suspend == 0 or s.kind == "season":
            continue
        appeal = appeals.get((s.player, s.game))
        if (appeal and appeal["decision"] == "upheld") or (s.player, s.game) in lifted:
            continue
        served = served_games(view, s)
        if s.kind == "games" and served >= int(s.row.suspend):
            continue
        out.append(Carried(s.player, person_key(view, s.player), view.name, s.game, s.date, s.team, s.row,
                           s.infraction, served))
    for c in carried_for(view):
        served = c.served + served_here(view, c)
        if c.kind != "games" or served < c.games:
            out.append(Carried(c.player, c.name, c.season, c.game, c.date, c.team, c.row, c.infraction, served))
    return out
