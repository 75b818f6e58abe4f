"""What the printed records look up in the season: names as printed, jersey numbers, the players a game
dressed, the rulebook's sections, titles and infraction names, and the game misconducts a game added."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.reports.wording import printed_name
from scorekeeper.season.sides import lineup_of, team_on

if TYPE_CHECKING:
    from scorekeeper.rulebook.model import Rulebook
    from scorekeeper.season.view import SeasonView
    from scorekeeper.season_data import GameData, LineupEntryData

SIDES = ("home", "away")


def team_name(view: SeasonView, team: str) -> str:
    return printed_name(str(t.get("name", team) if (t := view.teams.get(team)) else team))


def player_name(view: SeasonView, player: str) -> str:
    return printed_name(view.player_name(player))


def league_name(view: SeasonView) -> str:
    return printed_name(str(view.data.get("league", "")), 80)


def roster_number(view: SeasonView, team: str, player: str, date: str | None = None) -> int | None:
    found = None
    for r in view.data.get("roster", []):
        if r["team"] != team or r["player"] != player:
            continue
        if date is None or ((r.get("signed") or "") <= date and (not (out := r.get("released")) or out > date)):
            found = r.get("number")
    return found


def roster_numbers(view: SeasonView, teams: set[str], date: str) -> dict[tuple[str, str], int | None]:
    """(team, player) -> number on `date` for `teams`, in one pass over the roster (as `roster_number`)."""
    out: dict[tuple[str, str], int | None] = {}
    for r in view.data.get("roster", []):
        if r["team"] in teams and (r.get("signed") or "") <= date and (not (gone := r.get("released")) or gone > date):
            out[(r["team"], r["player"])] = r.get("number")
    return out


def dressed_in(view: SeasonView, game: GameData) -> dict[str, tuple[str, int | None, LineupEntryData]]:
    """player -> (side, number, line-up entry) for a game."""
    out = {}
    numbers = roster_numbers(view, {team_on(game, side) for side in SIDES}, game["date"])
    for side in SIDES:
        for x in lineup_of(game, side):
            number = x.get("number")
            if number is None:
                number = numbers.get((team_on(game, side), x["player"]))
            out[x["player"]] = (side, number, x)
    return out


def labelled(view: SeasonView, number: int | None, player: str | None) -> str:
    """'#12 Name', or the name alone without a number ('' for no player)."""
    if player is None:
        return ""
    name = player_name(view, player)
    return f"#{number} {name}" if number is not None else name


def rule_section(book: Rulebook, rule: str) -> str:
    ref = book.rules.get(rule)
    return ref.section if ref else ""


def rule_title(book: Rulebook, rule: str) -> str:
    ref = book.rules.get(rule)
    return ref.title if ref else rule


def infraction_name(book: Rulebook, code: str) -> str:
    """An infraction's plain name ('Tripping', not the rulebook's 'Tripping (5 minutes when it injures)')."""
    inf = book.infractions.get(code)
    return inf.plain_name if inf else code.replace("_", " ").capitalize()


def added_game_misconducts(view: SeasonView, game_id: str) -> list[bool]:
    """For each penalty of the game, in the game's order: did the game's computation add a game misconduct?"""
    return [p.added_gm for p in view.state(game_id).penalties]
