"""Suspensions served (SUSP-1) and carried into the next season (A-28).

SUSP-1: an N-game suspension is served by the team's next N final games in date order, forfeits counted as the
rulebook says; a season suspension ends with its season ("season" includes the playoffs). Where the rulebook's
`carry_playoffs` is off, a suspension set off outside the playoffs is neither in force nor served in a playoff game
(what is left waits for the next season). Where its `scope` is "team", a suspension bars the player only from the
team of the offence (by default, "person", from every team).

A-28: a suspension applies to the person and carries over into the league's next season. At the end of a season,
what is still in force goes with the person: an N-game suspension not yet served (the games left), an indefinite
one not lifted. An appeal upheld or a lift in the old season ends it there. In the next season the person is
found by the same player id and the same name; the games left are served by the team's completed games there
(the team of the offence if it plays that season and the person is signed to it, else any team the person is
signed to on the game's date), forfeits counted as the rulebook says.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from scorekeeper.results_records import SuspensionRow
from scorekeeper.rules.roster import active_on
from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.season.records import Carried, CarriedServing, TeamGames, between
from scorekeeper.season_data import GameData, SigningData


def counts_forfeits(view: SeasonFacts) -> bool:
    """SUSP-1: does a forfeited game count toward a suspension (the rulebook's `count_forfeits`, default yes)?"""
    return bool(view.book.suspensions.get("count_forfeits", True))


def counts_toward(view: SeasonFacts, game: GameData, forfeits: bool | None = None) -> bool:
    """SUSP-1: a final game counts toward serving a suspension (a forfeit only where the rulebook says so;
    `forfeits`: `counts_forfeits(view)`, read once by a caller that asks of every game)."""
    if game.get("status", "final") != "final":
        return False
    return (counts_forfeits(view) if forfeits is None else forfeits) or not view.state(game["id"]).forfeited


def carries_into_playoffs(view: SeasonFacts) -> bool:
    """SUSP-1: is a suspension set off in the regular season in force (and served) in the playoffs (the
    rulebook's `carry_playoffs`, default yes)?"""
    return bool(view.book.suspensions.get("carry_playoffs", True))


def applies_in(view: SeasonFacts, offence_stage: str, game: GameData) -> bool:
    """SUSP-1: a suspension set off in a game of `offence_stage` is in force in `game`, and `game` serves it (a
    playoff game only where the rulebook carries suspensions into the playoffs or the offence was a playoff
    game)."""
    return game.get("stage", "regular") != "playoff" or offence_stage == "playoff" or carries_into_playoffs(view)


def follows_person(view: SeasonFacts) -> bool:
    """A-28: does a suspension bar the person from every team (the rulebook's `scope` "person", the default), or
    only from the team of the offence ("team")?"""
    return view.book.suspensions.get("scope", "person") != "team"


def bars_from(view: SeasonFacts, offence_team: str, team: str | None) -> bool:
    """A suspension from a game of `offence_team` bars its player from dressing for `team` (None: any team)."""
    return team is None or team == offence_team or follows_person(view)


def team_games(view: SeasonFacts) -> TeamGames:
    """SUSP-1: each team's games by place (those that count toward a suspension, and every game), found once per
    state of the season in one pass over the games in order."""
    if view.derived.team_games is None:
        view.derived.team_games = _team_games(view)
    return view.derived.team_games


def _team_games(view: SeasonFacts) -> TeamGames:
    counting: dict[str, list[int]] = {}
    outside: dict[str, list[int]] = {}
    scheduled: dict[str, list[int]] = {}
    forfeits = counts_forfeits(view)  # the rulebook's reading, once for every game
    for place, g in enumerate(view.games.values()):
        home, away = g["home"], g["away"]
        teams = (home,) if home == away else (home, away)
        for team in teams:
            scheduled.setdefault(team, []).append(place)
        if not counts_toward(view, g, forfeits):
            continue
        for team in teams:
            counting.setdefault(team, []).append(place)
            if g.get("stage", "regular") != "playoff":
                outside.setdefault(team, []).append(place)
    frozen = MappingProxyType
    return TeamGames(tuple(view.games), frozen({t: tuple(p) for t, p in counting.items()}),
                     frozen({t: tuple(p) for t, p in outside.items()}),
                     frozen({t: tuple(p) for t, p in scheduled.items()}))


def _counting(view: SeasonFacts, offence_stage: str) -> Mapping[str, tuple[int, ...]]:
    """Each team's games that serve a suspension set off in a game of `offence_stage` (see `applies_in`)."""
    found = team_games(view)
    every = offence_stage == "playoff" or carries_into_playoffs(view)
    return found.counting if every else found.counting_outside_playoffs


def team_games_served(view: SeasonFacts, team: str, after: int, before: int | None = None,
                      offence_stage: str = "regular") -> int:
    """SUSP-1: the team's games that count, after place `after` (the offence game, of stage `offence_stage`) and
    before place `before` (None: the season's end)."""
    return between(_counting(view, offence_stage).get(team, ()), after, before)


# -- carried into the next season ---------------------------------------------------------------------
def person_key(view: SeasonFacts, player: str) -> str:
    p = view.players.get(player)
    first, last = (p.get("first", ""), p.get("last", "")) if p else ("", "")
    return f"{first} {last}".casefold().strip()


def carried_in(view: SeasonFacts) -> list[Carried]:
    """The suspensions carried into this season from the one before (none when the rulebook says they do not
    carry, or when there is no season before)."""
    carry = bool(view.book.suspensions.get("carry_next_season", False))
    return list(view.carry_over.carried(view)) if carry else []


def carried_for(view: SeasonFacts) -> list[Carried]:
    """The carried suspensions that concern the person under that id here: an id this season gives another name
    is another person (one it does not name at all stays carried, the person may come back later)."""
    return [c for c in carried_in(view) if c.player not in view.players or c.name == person_key(view, c.player)]


def carried_serving(view: SeasonFacts) -> Mapping[str, tuple[CarriedServing, ...]]:
    """player -> the carried suspensions that concern the person, each with the places of this season's games
    that serve it (once per state of the season)."""
    if view.derived.carried is None:
        found: dict[str, list[CarriedServing]] = {}
        for c in carried_for(view):
            found.setdefault(c.player, []).append(CarriedServing(c, _places_serving(view, c)))
        view.derived.carried = MappingProxyType({p: tuple(x) for p, x in found.items()})
    return view.derived.carried


def _places_serving(view: SeasonFacts, c: Carried) -> tuple[int, ...]:
    """The places of the games that serve a carried suspension: games that count, of a team the person is signed
    to on the game's date (only the offence's team while signed to it), and a playoff game only where
    suspensions carry into the playoffs (a carried one counts as set off outside this season's playoffs)."""
    signings = [(team, r) for team in view.teams for r in view.roster_by_team.get(team, []) if r["player"] == c.player]
    counting = _counting(view, "regular")
    found = team_games(view)
    places = sorted(set().union(*(counting.get(team, ()) for team in {team for team, _ in signings})))
    out = []
    for place in places:
        g = view.games[found.ids[place]]
        if _serving_teams(view, c, signings, g["date"]) & {g["home"], g["away"]}:
            out.append(place)
    return tuple(out)


def _serving_teams(view: SeasonFacts, c: Carried, signings: list[tuple[str, SigningData]], date: str) -> set[str]:
    signed = {team for team, r in signings if active_on(r, date)}
    if c.team in signed:
        return {c.team}
    return signed if follows_person(view) else set()


def in_force(view: SeasonFacts, player: str, game_id: str, team: str | None = None) -> tuple[Carried, int] | None:
    """The carried suspension `player` is under at game `game_id` (with games served so far, both seasons), if
    any; `team`: the team the player would dress for (a suspension of team scope bars only the offence's team).
    A carried suspension counts as one set off outside this season's playoffs."""
    carried = [x for x in carried_serving(view).get(player, ()) if bars_from(view, x.carried.team, team)]
    if not carried or not applies_in(view, "regular", view.games[game_id]):
        return None
    at = view.order_of(game_id)
    for x in carried:
        c = x.carried
        if c.kind != "games":
            return c, c.served
        served = c.served + x.served_here(before=at)
        if served < c.games:
            return c, served
    return None


def carried_all(view: SeasonFacts) -> list[CarriedServing]:
    """Every carried suspension that concerns a person here, in the order they were carried."""
    by_player = carried_serving(view)
    out = []
    for c in carried_for(view):
        out.append(next(x for x in by_player[c.player] if x.carried is c))
    return out


def carried_rows(view: SeasonFacts) -> list[SuspensionRow]:
    """The carried suspensions as the contract's suspension rows: `game` is the offence game of season `season`,
    `served` counts both seasons, `status` 'active' or 'served'."""
    rows: list[SuspensionRow] = []
    for x in carried_all(view):
        c = x.carried
        served = c.served + x.served_here()
        done = c.kind == "games" and served >= c.games
        rows.append({"player": c.player, "team": c.team, "game": c.game, "season": c.season, "rule": c.row.rule,
                     "kind": c.kind, "games": c.games if c.kind == "games" else c.row.min_games or None,
                     "served": min(served, c.games) if c.kind == "games" else served,
                     "status": "served" if done else "active", "appeal": None, "review": c.row.review})
    return rows
