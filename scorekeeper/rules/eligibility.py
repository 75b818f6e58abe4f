"""Who may dress for a game: a player's status (ELIG-1 playoff eligibility, ELIG-2 suspensions in force, COED-5
Division-1 players dressed by a Division-2 team), computed once here and read by the line-up check, the line-up
editor's candidates, the game sheet, the notices and the mail.

ELIG-1 (A-24): playoff eligibility counts regular-season line-up appearances in completed, non-forfeited games.
ELIG-2: a suspended player may not dress until the suspension is served (SUSP-1), lifted or upheld on appeal; one
carried over from the season before counts too (A-28).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from scorekeeper.engine.events import SIDES
from scorekeeper.ids import GameId, PlayerId, TeamId
from scorekeeper.results_records import Eligibility, EligibilityRow
from scorekeeper.rules.coed import division1_cap
from scorekeeper.rules.discipline import appeal_of, lifted, offence_stage, sanctions_of, served
from scorekeeper.rules.proposals import bars, pending
from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.rules.suspensions import applies_in, bars_from, carried_serving, in_force
from scorekeeper.season.records import Sanction
from scorekeeper.season.sides import lineup_of, team_on


@dataclass(frozen=True)
class Suspended:
    """A suspension in force at a game: the sanction, the games served before it, and 'game k of n ...'."""

    sanction: Sanction
    served: int
    text: str  # "game 1 of 5 for fighting on 2015-10-04 (game g002), §4 III b, PEN-FIGHT-1"
    appeal_pending: bool

    @property
    def game_of(self) -> str:
        """'game 2 of 5', 'season suspension, game 2', 'indefinite suspension, game 2'."""
        s = self.sanction
        if s.kind == "games":
            return f"game {self.served + 1} of {s.row.suspend}"
        return f"{s.kind} suspension, game {self.served + 1}"


@dataclass(frozen=True)
class PlayerStatus:
    """A player's status for one game of one team: whether the rulebook lets them dress, and why not."""

    player: PlayerId
    team: TeamId
    game: GameId
    suspensions: tuple[Suspended, ...] = ()  # in force at the game, in the order they were set off
    playoff_games: tuple[int, int] | None = None  # (played, required) for a playoff game the player is short of
    division1_cap: tuple[str, int] | None = None  # ("males", 1): counted toward the Division-1 limit per game
    proposed: tuple[Sanction, ...] = ()  # PEN-GM-2: suspensions proposed, awaiting the office (a warning only)

    @property
    def suspended(self) -> Suspended | None:
        return self.suspensions[0] if self.suspensions else None

    @property
    def code(self) -> str:
        """'suspended', 'ineligible' (playoffs), 'proposed' (a suspension awaits the office's decision: the player
        may dress), 'div1_limit' (counted toward the limit), else 'ok'."""
        if self.suspensions:
            return "suspended"
        if self.playoff_games is not None:
            return "ineligible"
        if self.proposed:
            return "proposed"
        return "div1_limit" if self.division1_cap is not None else "ok"

    @property
    def rule(self) -> str | None:
        if self.code == "proposed":
            return self.proposed[0].row.rule
        return {"suspended": "ELIG-2", "ineligible": "ELIG-1", "div1_limit": "COED-5"}.get(self.code)

    @property
    def may_dress(self) -> bool:
        """Not suspended and, for a playoff game, eligible (the Division-1 limit counts the whole line-up)."""
        return not self.suspensions and self.playoff_games is None


def appearances(view: SeasonFacts, stage: str) -> dict[tuple[str, str], int]:
    """A-24: (player, team) -> games played of `stage`, line-up appearances in completed, non-forfeited games (the
    statistics page's GP, which ELIG-1 takes for playoff eligibility)."""
    counts: dict[tuple[str, str], int] = {}
    for g in view.final_games(stage):
        if view.state(g["id"]).forfeited:
            continue
        for side in SIDES:
            for x in lineup_of(g, side):
                key = (x["player"], team_on(g, side))
                counts[key] = counts.get(key, 0) + 1
    return counts


def games_played(view: SeasonFacts) -> Mapping[tuple[str, str], int]:
    """ELIG-1: (player, team) -> regular-season games that count toward playoff eligibility (once per state of
    the season, read-only)."""
    if view.derived.games_played is None:
        view.derived.games_played = MappingProxyType(appearances(view, "regular"))
    return view.derived.games_played


def eligibility(view: SeasonFacts) -> Eligibility:
    """The contract's eligibility JSON for every rostered player."""
    need = view.book.eligibility.playoff_min_games
    counts = games_played(view)
    players: list[EligibilityRow] = []
    seen: set[tuple[str, str]] = set()
    for team, signings in view.roster_by_team.items():
        for s in signings:
            key = (s["player"], team)
            if key in seen:
                continue
            seen.add(key)
            gp = counts.get(key, 0)
            players.append({"player": s["player"], "team": team, "regular_gp": gp, "required": need,
                            "playoff_eligible": gp >= need})
    return {"season": view.name, "players": players}


def describe(view: SeasonFacts, s: Sanction, served_before: int) -> str:
    """'game 1 of 2 for fighting on 2015-10-04 (game WSHL-015), fines table, PEN-FIGHT-1': the game by its name."""
    what = f"game {served_before + 1} of {s.row.suspend}" if s.kind == "games" else f"{s.kind} suspension"
    inf = view.book.infractions.get(s.infraction)
    cause = inf.name if inf else view.book.rules[s.row.rule].title if s.row.rule in view.book.rules else s.row.rule
    game = (f"game {s.game} of season {s.season}, carried over under A-28" if s.season
            else f"game {view.game_name(s.game)}")
    return (f"{what} for {cause.lower()} on {s.date} ({game}), "
            f"{view.book.section(s.row.rule) or 'fines table'}, {s.row.rule}")


def suspensions_in_force(view: SeasonFacts, player: str, game_id: str,
                         team: str | None = None) -> list[tuple[Sanction, int]]:
    """ELIG-2: the suspensions `player` is under at game `game_id` when dressing for `team` (None: any team),
    each with the games served before it; a suspension carried over from the season before counts (after this
    season's own). The rulebook's suspension scope and carry into the playoffs decide which apply."""
    at = view.order_of(game_id)
    game = view.games[game_id]
    date = game["date"]
    out = []
    for s in sanctions_of(view, player):  # in game order
        if s.order >= at:
            break
        if s.row.suspend == 0 or lifted(view, s, on=date) or not bars(view, s, date):
            continue  # PEN-GM-2: a proposed suspension bars only once the office confirms it
        if not bars_from(view, s.team, team) or not applies_in(view, offence_stage(view, s), game):
            continue
        count = served(view, s, before=at)
        if s.kind != "games" or count < int(s.row.suspend):
            out.append((s, count))
    carried = in_force(view, player, game_id, team)
    if carried is not None:
        c, count = carried
        out.append((Sanction(c.player, c.team, c.game, c.row, -1, c.infraction, c.date, season=c.season), count))
    return out


def proposals_pending(view: SeasonFacts, player: str, game_id: str, team: str | None = None) -> list[Sanction]:
    """PEN-GM-2: the suspensions proposed for `player` before game `game_id` that still await the office's
    decision at that game (the player may dress; the line-up warns)."""
    at = view.order_of(game_id)
    game = view.games[game_id]
    return [s for s in sanctions_of(view, player) if s.order < at and pending(view, s, game["date"])
            and not lifted(view, s, on=game["date"]) and bars_from(view, s.team, team)
            and applies_in(view, offence_stage(view, s), game)]


def _appeal_pending(view: SeasonFacts, s: Sanction) -> bool:
    """An appeal of the suspension is filed and not decided yet."""
    appeal = appeal_of(view, s.player, s.game)
    return appeal is not None and appeal.get("decision") == "pending"


def player_status(view: SeasonFacts, game_id: str, side: str, player: str,
                  goalie: bool | None = None) -> PlayerStatus:
    """The player's status for `side`'s team in game `game_id`. `goalie`: dressed (or to dress) in goal; None:
    as the line-up has it, else as the roster signs the player."""
    g = view.games[game_id]
    team = team_on(g, side)
    suspended = tuple(
        Suspended(s, count, describe(view, s, count), _appeal_pending(view, s))
        for s, count in suspensions_in_force(view, player, game_id, team))
    playoff = None
    if g.get("stage") == "playoff":
        gp = games_played(view).get((player, team), 0)
        need = view.book.eligibility.playoff_min_games
        playoff = (gp, need) if gp < need else None
    if goalie is None:
        entry = next((x for x in lineup_of(g, side) if x["player"] == player), None)
        if entry is not None:
            goalie = bool(entry.get("goalie"))
        else:
            signing = view.signing(team, player, g["date"])
            goalie = bool(signing and signing.get("position") == "goalie")
    return PlayerStatus(PlayerId(player), TeamId(team), GameId(game_id), suspended, playoff,
                        division1_cap(view, team, player, goalie),
                        tuple(proposals_pending(view, player, game_id, team)))


def dressing_status(view: SeasonFacts, game_id: str, team: str,
                    player: str) -> tuple[Suspended | None, tuple[Sanction, ...], tuple[int, int] | None]:
    """What the line-up check reads of `player_status` (the first suspension in force, the proposals awaiting the
    office, the playoff games short), without the Division-1 count it does not read: a player with no sanction
    of the season and none carried over (almost every player dressed) is answered from two indexed look-ups, not
    a scan per dressing."""
    g = view.games[game_id]
    playoff = None
    if g.get("stage") == "playoff":
        gp = games_played(view).get((player, team), 0)
        need = view.book.eligibility.playoff_min_games
        playoff = (gp, need) if gp < need else None
    if not sanctions_of(view, player) and not carried_serving(view).get(player):
        return None, (), playoff
    found = suspensions_in_force(view, player, game_id, team)
    first = None
    if found:
        s, count = found[0]
        first = Suspended(s, count, describe(view, s, count), _appeal_pending(view, s))
    return first, tuple(proposals_pending(view, player, game_id, team)), playoff
