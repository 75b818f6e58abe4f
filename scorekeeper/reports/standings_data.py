"""The standings report's data: each division's standings, the scoring and penalty leaders and the goalies of
the regular season, and how points are given and ties broken."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorekeeper.reports.season_lookup import league_name, player_name, team_name
from scorekeeper.reports.wording import issued_on, printed_name
from scorekeeper.rules.tiebreakers import standings_note
from scorekeeper.season.standings import readable

if TYPE_CHECKING:
    from scorekeeper.reports.source import ReportSource
    from scorekeeper.results_records import SkaterStats
    from scorekeeper.season.view import SeasonView


@dataclass
class StandingsRow:
    rank: int
    team: str
    gp: int
    w: int
    l: int  # noqa: E741 - the contract's key
    t: int
    otw: int
    otl: int
    pts: int
    gf: int
    ga: int
    diff: int
    pim: int
    sow: int | None = None  # shootout wins and losses, where the rulebook has shootouts
    sol: int | None = None
    league: dict[str, str] = field(default_factory=dict)  # the printed league columns (`season.standings.readable`)


@dataclass
class StandingsDivision:
    name: str
    rows: list[StandingsRow] = field(default_factory=list)


@dataclass
class LeaderRow:
    rank: int
    player: str
    team: str
    gp: int
    g: int
    a: int
    pts: int
    pim: int


@dataclass
class GoalieRow:
    """A goalie's line in the standings report (the contract's `stats` goalie row, with names)."""

    player: str
    team: str
    gp: int
    w: int
    l: int  # noqa: E741 (the column's name)
    otl: int  # overtime and shootout losses
    min: str
    sv_pct: str  # ".933", "—" without shots
    gaa: str  # "2.50", "—" without time in net
    so: int


@dataclass
class StandingsData:
    league: str
    season: str
    date: str
    through: str  # date of the latest final regular-season game, "" when none
    divisions: list[StandingsDivision] = field(default_factory=list)
    scorers: list[LeaderRow] = field(default_factory=list)
    penalties: list[LeaderRow] = field(default_factory=list)
    goalies: list[GoalieRow] = field(default_factory=list)
    rules_note: str = ""  # how points are given and ties broken


def standings_data(svc: ReportSource, date: str | dt.date | None = None, season: str | None = None,
                   leaders: int = 10) -> StandingsData:
    """Standings of every division and the scoring and penalty leaders (regular season)."""
    view = svc.view(season)
    table = svc.standings(season)
    regular = svc.stats(season, stage="regular")
    stats = regular["players"]
    finals = [g["date"] for g in view.final_games("regular")]
    out = StandingsData(league_name(view), view.name, issued_on(date), max(finals) if finals else "")
    out.rules_note = standings_note(view.book)
    for div in table["divisions"]:
        d = view.divisions.get(div["division"])
        name = printed_name(str(d.get("name", div["division"]) if d else div["division"]))
        rows = [StandingsRow(r["rank"], team_name(view, r["team"]), r["gp"], r["w"], r["l"], r["t"], r["otw"],
                             r["otl"], r["pts"], r["gf"], r["ga"], r["diff"], r["pim"], r.get("sow"), r.get("sol"),
                             readable(r))  # the season's own reading of a row
                for r in div["rows"]]
        out.divisions.append(StandingsDivision(name, rows))
    played = [r for r in stats if r["gp"] > 0]
    out.scorers = _ranked(view, [r for r in played if r["pts"] > 0], lambda r: (-r["pts"], -r["g"]), leaders)
    out.penalties = _ranked(view, [r for r in played if r["pim"] > 0], lambda r: (-r["pim"],), leaders)
    out.goalies = [GoalieRow(player_name(view, r["player"]), team_name(view, r["team"]), r["gp"], r["w"], r["l"],
                             r["otl"] + r["sol"], r["min"],
                             "—" if r["sv_pct"] is None else f"{r['sv_pct']:.3f}".lstrip("0"),
                             "—" if r["gaa"] is None else f"{r['gaa']:.2f}", r["so"])
                   for r in sorted(regular["goalies"], key=lambda r: (-r["w"], -r["gp"], r["team"], r["player"]))]
    return out


def _ranked(view: SeasonView, rows: list[SkaterStats], key: Any, limit: int) -> list[LeaderRow]:
    rows = sorted(rows, key=lambda r: (*key(r), player_name(view, r["player"]), r["team"]))
    out: list[LeaderRow] = []
    for i, r in enumerate(rows):
        rank = out[-1].rank if out and key(rows[i - 1]) == key(r) else i + 1
        if i >= limit and rank != out[-1].rank:
            break
        out.append(LeaderRow(rank, player_name(view, r["player"]), team_name(view, r["team"]), r["gp"], r["g"],
                             r["a"], r["pts"], r["pim"]))
    return out
