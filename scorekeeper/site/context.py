"""What the statistics site's pages show, gathered from the league for the templates: each division's standings,
the leaders of each stage, the suspensions in force, each team's playoff eligibility, the games and each game's
page. The site's own records are frozen dataclasses; the facade's rows they carry (standings, stats, games,
suspensions, players) stay the facade's dicts, with the names the pages print added."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from scorekeeper.rules.discipline import offence_name
from scorekeeper.rules.tiebreakers import standings_note
from scorekeeper.season.sides import team_on
from scorekeeper.season.standings import readable, share_text

if TYPE_CHECKING:
    from scorekeeper.results_records import GameResult, GameRow
    from scorekeeper.season.view import SeasonView
    from scorekeeper.site.source import SiteSource

Row = dict[str, Any]  # Any: a facade row of any kind (standings, stats, eligibility, suspension, game), named
"""A row of the facade's answers (a standings, stats, eligibility, suspension or game row), with the names the
pages print added."""


@dataclass(frozen=True)
class StandingsFigure:
    """A standings column shown where the rulebook orders by it (the rows carry `key`)."""

    key: str
    label: str
    title: str


STANDINGS_FIGURES = (StandingsFigure("rw", "RW", "Regulation wins"),
                     StandingsFigure("row", "ROW", "Regulation and overtime wins"),
                     StandingsFigure("pts_pct", "P%", "Points percentage"))
DECISIONS = {"overtime": "OT", "shootout": "SO", "forfeit": "forfeit", "double_forfeit": "double forfeit",
             "called": "called", "mercy": "mercy rule"}


@dataclass(frozen=True)
class DivisionStandings:
    """A division's standings: its rows (the team's name and league columns added) and the figures it orders by."""

    id: str
    name: str
    rows: list[Row]
    figures: list[StandingsFigure]


@dataclass(frozen=True)
class StageLeaders:
    """A stage's scoring, penalty and goalie leaders (ranked, named) and its teams' special teams."""

    scoring: list[Row]
    penalties: list[Row]
    goalies: list[Row]
    teams: list[Row]


@dataclass(frozen=True)
class SiteStats:
    """The leaders of the regular season and of the playoffs."""

    regular: StageLeaders
    playoff: StageLeaders


@dataclass(frozen=True)
class TeamEligibility:
    """A team's players and their playoff eligibility (the eligible first), and how many are eligible."""

    id: str
    name: str
    division: str
    players: list[Row]
    eligible: int


@dataclass(frozen=True)
class SiteContext:
    """Everything the pages show. `games` rows take their game sheet's link (`sheet`) once it is written;
    `game_json` asks the facade for a game once; `view` is the season the game pages read."""

    league: str
    season: str
    updated: str
    through: str
    standings: list[DivisionStandings]
    standings_note: str
    stats: SiteStats
    suspensions: list[Row]
    eligibility: list[TeamEligibility]
    need: int
    games: list[Row]
    recent: list[Row]
    upcoming: list[Row]
    game_json: Callable[[str], GameResult]
    view: SeasonView

    def template_values(self) -> dict[str, object]:
        """What every page's template reads (all but `game_json` and `view`)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("game_json", "view")}


@dataclass(frozen=True)
class GamePage:
    """A game's page: its row of the games list, the facade's game, its goals and penalties with names, and the
    names of its periods."""

    row: Row
    game: GameResult
    goals: list[Row]
    penalties: list[Row]
    period_names: list[str]

    def template_values(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def slug(text: str) -> str:
    """A file-name-safe form of an id."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("._") or "x"


def _team(view: SeasonView, tid: str) -> str:
    return str(t.get("name", tid) if (t := view.teams.get(tid)) else tid)


def _jersey(view: SeasonView, team: str, player: str) -> int | None:
    s = view.signing(team, player)
    return int(s["number"]) if s and s.get("number") is not None else None


def _length(s: Mapping[str, Any]) -> str:
    if s["kind"] == "games":
        return f"{s['games']} game{'s' if s['games'] != 1 else ''}"
    if s["kind"] == "season":
        return "rest of season"
    return f"indefinite (min. {s['games']} games)" if s.get("games") else "indefinite"


def _leaders(view: SeasonView, given: Sequence[Mapping[str, Any]], key: Callable[[Mapping[str, Any]], tuple[int, ...]]
             ) -> list[Row]:
    rows = sorted(given, key=lambda r: (*key(r), view.player_name(r["player"]), r["team"]))
    out: list[Row] = []
    for i, r in enumerate(rows):
        rank = out[-1]["rank"] if out and key(rows[i - 1]) == key(r) else i + 1
        out.append({**r, "rank": rank, "name": view.player_name(r["player"]), "team_name": _team(view, r["team"]),
                    "number": _jersey(view, r["team"], r["player"])})
    return out


def _standings(svc: SiteSource, view: SeasonView, season: str | None) -> list[DivisionStandings]:
    """Each division's standings, with the team names, the league columns and the figures it orders by."""
    standings = []
    for div in svc.standings(season)["divisions"]:
        d = view.divisions.get(div["division"])
        standings.append(DivisionStandings(
            div["division"], d.get("name", div["division"]) if d else div["division"],
            [{**r, "name": _team(view, r["team"]), "league": readable(r)} for r in div["rows"]],
            [f for f in STANDINGS_FIGURES if any(f.key in r for r in div["rows"])]))
    return standings


def _stage_leaders(svc: SiteSource, view: SeasonView, season: str | None, stage: str) -> StageLeaders:
    """The stage's scoring, penalty and goalie leaders and the teams' special teams."""
    stage_stats = svc.stats(season, stage)
    played = [r for r in stage_stats["players"] if r["gp"] > 0]
    return StageLeaders(_leaders(view, played, lambda r: (-r["pts"], -r["g"])),
                        _leaders(view, [r for r in played if r["pim"] > 0], lambda r: (-r["pim"],)),
                        _leaders(view, stage_stats["goalies"], lambda r: (-r["w"], -r["gp"])),
                        [{**r, "name": _team(view, r["team"]), "pp_pct_text": share_text(r["pp_pct"]),
                          "pk_pct_text": share_text(r["pk_pct"])} for r in stage_stats["teams"]])


def _suspensions(svc: SiteSource, view: SeasonView, season: str | None,
                 gj: Callable[[str], GameResult]) -> list[Row]:
    """The suspensions in force, with names, the offence, the length and the games left."""
    book = view.book
    suspensions = []
    for s in svc.suspensions(season)["suspensions"]:
        if s["status"] != "active":
            continue
        g = view.games[s["game"]]
        pens = [p for p in gj(s["game"])["penalties"] if p["player"] == s["player"]]
        left: int | str = (max(int(s["games"] or 0) - int(s["served"]), 0) if s["kind"] == "games"
                           else "rest of season" if s["kind"] == "season" else "until lifted")
        suspensions.append({**s, "name": view.player_name(s["player"]), "team_name": _team(view, s["team"]),
                            "number": _jersey(view, s["team"], s["player"]), "date": g["date"],
                            "offence": offence_name(view, s["rule"], pens),
                            "length": _length(s), "left": left,
                            "page": f"games/{slug(s['game'])}.html",
                            "section": book.section(s["rule"]) or "fines table"})
    return suspensions


def _eligibility(svc: SiteSource, view: SeasonView, season: str | None, need: int) -> list[TeamEligibility]:
    """Each team's players and their playoff eligibility (the eligible first), and how many are eligible."""
    by_team: dict[str, list[Row]] = {}
    for p in svc.eligibility(season)["players"]:
        gp = int(p["regular_gp"])
        by_team.setdefault(p["team"], []).append({
            **p, "name": view.player_name(p["player"]), "number": _jersey(view, p["team"], p["player"]),
            "required": int(p.get("required", need)), "short": max(int(p.get("required", need)) - gp, 0)})
    eligibility = []
    for tid, t in view.teams.items():
        players = sorted(by_team.get(tid, []), key=lambda p: (not p["playoff_eligible"], p["name"]))
        eligibility.append(TeamEligibility(tid, t["name"],
                                           d.get("name", t["division"]) if (d := view.divisions.get(t["division"]))
                                           else t["division"],
                                           players, sum(p["playoff_eligible"] for p in players)))
    return eligibility


def _game_rows(view: SeasonView, games: list[GameRow]) -> list[Row]:
    """The games list: each game's row with its rink, curfew ("" : none), decision note, league number and page."""
    rows = []
    for g in games:
        raw = view.games[g["id"]]
        rows.append({**g, "rink": raw.get("rink") or "", "curfew": str(raw.get("curfew") or ""),
                     "decision_note": DECISIONS.get(g["decision"] or "", ""),
                     "league_number": g["number"] if g["number"] != g["id"] else "",  # as the signed sheet has it
                     "page": f"games/{slug(g['id'])}.html", "sheet": None})
    return rows


def site_context(svc: SiteSource, season: str | None = None) -> SiteContext:
    """Everything the templates show."""
    view = svc.view(season)
    book = view.book
    games = svc.games(season)
    finals = [g for g in games if g["status"] == "final"]
    standings = _standings(svc, view, season)
    stats = SiteStats(*(_stage_leaders(svc, view, season, stage) for stage in ("regular", "playoff")))
    game_json: dict[str, GameResult] = {}

    def gj(gid: str) -> GameResult:
        if gid not in game_json:
            game_json[gid] = svc.game(gid, season)
        return game_json[gid]

    suspensions = _suspensions(svc, view, season, gj)
    need = book.eligibility.playoff_min_games
    eligibility = _eligibility(svc, view, season, need)
    rows = _game_rows(view, games)
    return SiteContext(
        league=str(view.data.get("league", "")), season=view.name, updated=dt.date.today().isoformat(),
        through=max((g["date"] for g in finals), default=""), standings=standings,
        standings_note=standings_note(book), stats=stats, suspensions=suspensions, eligibility=eligibility,
        need=need, games=rows, recent=[r for r in rows if r["status"] == "final"][-6:][::-1],
        upcoming=[r for r in rows if r["status"] != "final"][:6], game_json=gj, view=view)


def game_page(ctx: SiteContext, row: Row) -> GamePage:
    """The page of the game of `row`: its goals and penalties with the players' and teams' names."""
    view = ctx.view
    g = ctx.game_json(row["id"])
    side_name = {"home": row["home_name"], "away": row["away_name"]}

    def who(pid: str | None, side: str) -> str:
        if not pid:
            return ""
        n = _jersey(view, team_on(view.games[row["id"]], side), pid)
        return f"#{n} {view.player_name(pid)}" if n is not None else view.player_name(pid)

    goals = [{**x, "team_name": side_name[x["team"]], "scorer_name": who(x["scorer"], x["team"]) if x["scorer"]
              else ("awarded goal" if x["awarded"] else ""),
              "assist_names": [who(a, x["team"]) for a in x["assists"]],
              "period_name": _period(view, x["period"])} for x in g["goals"]]
    pens = [{**x, "team_name": side_name[x["team"]], "player_name": who(x["player"], x["team"]) or "bench",
             "infraction_name": view.book.infractions[x["infraction"]].name if x["infraction"] in view.book.infractions
             else x["infraction"], "class_name": x["class"].replace("_", " "),
             "period_name": _period(view, x["period"])} for x in g["penalties"]]
    periods = max(len(g["by_period"]["home"]), len(g["by_period"]["away"]))
    return GamePage(row, g, goals, pens, [_period(view, i + 1) for i in range(periods)])


def _period(view: SeasonView, period: int) -> str:
    n = view.book.clock.periods
    if period <= n:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(period, "th")
        return f"{period}{suffix} {view.book.clock.period_word or 'period'}"
    return "OT" if period == n + 1 else f"OT{period - n}"
