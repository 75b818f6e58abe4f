"""The league's statistics website (rulebook Section 1 k: playoff eligibility "as per the statistics page on
our website"): static HTML and CSS made with Jinja2 templates from `resources/site/`, opened straight from the
folder (no server, no JavaScript), readable on a phone.

Pages: index, standings per division, scoring and penalty leaders, suspensions in force with games left,
playoff eligibility per team, every game's result with a page of its own and its game sheet PDF where
`scorekeeper.reports` can build it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.atomic import write_atomically
from scorekeeper.outputs import OutputPathError
from scorekeeper.resources import resource_path
from scorekeeper.rules.discipline import offence_name
from scorekeeper.rules.tiebreakers import standings_note
from scorekeeper.season.standings import readable, share_text
from scorekeeper.textfmt import long_date, short_date

if TYPE_CHECKING:
    from jinja2 import Environment

    from scorekeeper.season.view import SeasonView
    from scorekeeper.site.source import SiteSource

# progress(done, total, what) -> False to stop
Progress = Callable[[int, int, str], bool | None]
@dataclass(frozen=True)
class StandingsFigure:
    """A standings column shown where the rulebook orders by it (the rows carry `key`)."""

    key: str
    label: str
    title: str


STANDINGS_FIGURES = (StandingsFigure("rw", "RW", "Regulation wins"),
                     StandingsFigure("row", "ROW", "Regulation and overtime wins"),
                     StandingsFigure("pts_pct", "P%", "Points percentage"))
PAGES = (("index.html", "Home"), ("standings.html", "Standings"), ("leaders.html", "Leaders"),
         ("suspensions.html", "Suspensions"), ("eligibility.html", "Playoff eligibility"), ("games.html", "Games"))
DECISIONS = {"overtime": "OT", "shootout": "SO", "forfeit": "forfeit", "double_forfeit": "double forfeit",
             "called": "called", "mercy": "mercy rule"}


class PublishError(Exception):
    """The site cannot be written; the message says why."""


@dataclass
class PublishResult:
    folder: Path
    pages: list[Path] = field(default_factory=list)
    sheets: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what is missing and why (no game sheets, say)


# -- small helpers -------------------------------------------------------------------------------------------
def slug(text: str) -> str:
    """A file-name-safe form of an id."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("._") or "x"


def _environment() -> Environment:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(loader=FileSystemLoader(str(resource_path("site", "templates"))), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["short_date"] = short_date
    env.filters["long_date"] = long_date
    env.filters["signed"] = lambda n: f"+{n}" if isinstance(n, int) and n > 0 else str(n)
    return env


def _write(path: Path, content: str | bytes, database: Path | None = None) -> None:
    """Write a file whole or not at all (never over a device, a FIFO or the league `database`)."""
    write_atomically(path, content, make_folder=True, database=database)


# -- what the pages show ---------------------------------------------------------------------------------------
def _team(view: SeasonView, tid: str) -> str:
    return str(view.teams.get(tid, {}).get("name", tid))


def _jersey(view: SeasonView, team: str, player: str) -> int | None:
    s = view.signing(team, player)
    return int(s["number"]) if s and s.get("number") is not None else None


def _length(s: dict[str, Any]) -> str:
    if s["kind"] == "games":
        return f"{s['games']} game{'s' if s['games'] != 1 else ''}"
    if s["kind"] == "season":
        return "rest of season"
    return f"indefinite (min. {s['games']} games)" if s.get("games") else "indefinite"


def _leaders(view: SeasonView, rows: list[dict[str, Any]], key: Callable[[dict[str, Any]], tuple[int, ...]]
             ) -> list[dict[str, Any]]:
    rows = sorted(rows, key=lambda r: (*key(r), view.player_name(r["player"]), r["team"]))
    out: list[dict[str, Any]] = []
    for i, r in enumerate(rows):
        rank = out[-1]["rank"] if out and key(rows[i - 1]) == key(r) else i + 1
        out.append({**r, "rank": rank, "name": view.player_name(r["player"]), "team_name": _team(view, r["team"]),
                    "number": _jersey(view, r["team"], r["player"])})
    return out


def _standings(svc: SiteSource, view: SeasonView, season: str | None) -> list[dict[str, Any]]:
    """Each division's standings, with the team names, the league columns and the figures it orders by."""
    standings = []
    for div in svc.standings(season)["divisions"]:
        d = view.divisions.get(div["division"], {})
        standings.append({"id": div["division"], "name": d.get("name", div["division"]),
                          "rows": [{**r, "name": _team(view, r["team"]), "league": readable(r)}
                                   for r in div["rows"]],
                          "figures": [f for f in STANDINGS_FIGURES if any(f.key in r for r in div["rows"])]})
    return standings


def _stats(svc: SiteSource, view: SeasonView, season: str | None) -> dict[str, Any]:
    """Stage -> the scoring, penalty and goalie leaders and the teams' special teams (regular and playoff)."""
    stats: dict[str, Any] = {}
    for stage in ("regular", "playoff"):
        stage_stats = svc.stats(season, stage)
        played = [r for r in stage_stats["players"] if r["gp"] > 0]
        stats[stage] = {"scoring": _leaders(view, played, lambda r: (-r["pts"], -r["g"])),
                        "penalties": _leaders(view, [r for r in played if r["pim"] > 0], lambda r: (-r["pim"],)),
                        "goalies": _leaders(view, stage_stats["goalies"], lambda r: (-r["w"], -r["gp"])),
                        "teams": [{**r, "name": _team(view, r["team"]), "pp_pct_text": share_text(r["pp_pct"]),
                                   "pk_pct_text": share_text(r["pk_pct"])} for r in stage_stats["teams"]]}
    return stats


def _suspensions(svc: SiteSource, view: SeasonView, season: str | None,
                 gj: Callable[[str], dict[str, Any]]) -> list[dict[str, Any]]:
    """The suspensions in force, with names, the offence, the length and the games left."""
    book = view.book
    suspensions = []
    for s in svc.suspensions(season)["suspensions"]:
        if s["status"] != "active":
            continue
        g = view.games[s["game"]]
        pens = [p for p in gj(s["game"])["penalties"] if p["player"] == s["player"]]
        left: int | str = (max(int(s["games"]) - int(s["served"]), 0) if s["kind"] == "games"
                           else "rest of season" if s["kind"] == "season" else "until lifted")
        suspensions.append({**s, "name": view.player_name(s["player"]), "team_name": _team(view, s["team"]),
                            "number": _jersey(view, s["team"], s["player"]), "date": g["date"],
                            "offence": offence_name(view, s["rule"], pens), "length": _length(s), "left": left,
                            "page": f"games/{slug(s['game'])}.html",
                            "section": book.section(s["rule"]) or "fines table"})
    return suspensions


def _eligibility(svc: SiteSource, view: SeasonView, season: str | None, need: int) -> list[dict[str, Any]]:
    """Each team's players and their playoff eligibility (the eligible first), and how many are eligible."""
    by_team: dict[str, list[dict[str, Any]]] = {}
    for p in svc.eligibility(season)["players"]:
        gp = int(p["regular_gp"])
        by_team.setdefault(p["team"], []).append({
            **p, "name": view.player_name(p["player"]), "number": _jersey(view, p["team"], p["player"]),
            "required": int(p.get("required", need)), "short": max(int(p.get("required", need)) - gp, 0)})
    eligibility = []
    for tid, t in view.teams.items():
        players = sorted(by_team.get(tid, []), key=lambda p: (not p["playoff_eligible"], p["name"]))
        eligibility.append({"id": tid, "name": t["name"],
                            "division": view.divisions.get(t["division"], {}).get("name", t["division"]),
                            "players": players, "eligible": sum(p["playoff_eligible"] for p in players)})
    return eligibility


def _game_rows(view: SeasonView, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games list: each game's row with its rink, curfew ("" : none), decision note, league number and page."""
    rows = []
    for g in games:
        raw = view.games[g["id"]]
        rows.append({**g, "rink": raw.get("rink") or "", "curfew": str(raw.get("curfew") or ""),
                     "decision_note": DECISIONS.get(g["decision"] or "", ""),
                     "league_number": g["number"] if g["number"] != g["id"] else "",  # as the signed sheet has it
                     "page": f"games/{slug(g['id'])}.html", "sheet": None})
    return rows


def site_context(svc: SiteSource, season: str | None = None) -> dict[str, Any]:
    """Everything the templates show, as plain data."""
    view = svc.view(season)
    book = view.book
    games = svc.games(season)
    finals = [g for g in games if g["status"] == "final"]
    standings = _standings(svc, view, season)
    stats = _stats(svc, view, season)
    game_json: dict[str, dict[str, Any]] = {}

    def gj(gid: str) -> dict[str, Any]:
        if gid not in game_json:
            game_json[gid] = svc.game(gid, season)
        return game_json[gid]

    suspensions = _suspensions(svc, view, season, gj)
    need = book.eligibility.playoff_min_games
    eligibility = _eligibility(svc, view, season, need)
    rows = _game_rows(view, games)
    return {
        "league": str(view.data.get("league", "")), "season": view.name,
        "updated": dt.date.today().isoformat(), "through": max((g["date"] for g in finals), default=""),
        "standings": standings, "standings_note": standings_note(book), "stats": stats,
        "suspensions": suspensions, "eligibility": eligibility,
        "need": need, "games": rows, "recent": [r for r in rows if r["status"] == "final"][-6:][::-1],
        "upcoming": [r for r in rows if r["status"] != "final"][:6], "game_json": gj, "view": view,
    }


def _game_page(ctx: dict[str, Any], row: dict[str, Any]) -> dict[str, Any]:
    view: SeasonView = ctx["view"]
    g = ctx["game_json"](row["id"])
    side_name = {"home": row["home_name"], "away": row["away_name"]}

    def who(pid: str | None, side: str) -> str:
        if not pid:
            return ""
        n = _jersey(view, view.games[row["id"]][side], pid)
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
    return {"row": row, "game": g, "goals": goals, "penalties": pens,
            "period_names": [_period(view, i + 1) for i in range(periods)]}


def _period(view: SeasonView, period: int) -> str:
    n = view.book.clock.periods
    if period <= n:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(period, "th")
        return f"{period}{suffix} {view.book.clock.period_word or 'period'}"
    return "OT" if period == n + 1 else f"OT{period - n}"


# -- publishing -------------------------------------------------------------------------------------------------
def _sheet_builder() -> Callable[[SiteSource, str, str | None], bytes] | None:
    try:
        from scorekeeper.reports.data import game_sheet_data
        from scorekeeper.reports.game_sheet import build_game_sheet
    except ImportError:
        return None

    def build(svc: SiteSource, gid: str, season: str | None) -> bytes:
        return build_game_sheet(game_sheet_data(svc, gid, season=season))

    return build


def publish(svc: SiteSource, folder: str | Path, season: str | None = None, game_sheets: bool = True,
            progress: Progress | None = None) -> PublishResult:
    """Write the site into `folder` (made if missing; files of an earlier publish are replaced, nothing else
    in the folder is touched). Returns the pages and game sheets written, and notes on anything left out."""
    out = PublishResult(Path(folder))
    root = out.folder
    db = svc.sqlite_path
    if root.exists() and not root.is_dir():
        raise PublishError(f"cannot publish to {root}: it is a file, not a folder")
    try:
        env = _environment()
    except ImportError:
        raise PublishError("the statistics site needs Jinja2: pip install jinja2") from None
    ctx = site_context(svc, season)
    build = _sheet_builder() if game_sheets else None
    finals = [r for r in ctx["games"] if r["status"] == "final"]
    total = len(PAGES) + len(ctx["games"]) + (len(finals) if build else 0)
    done = 0

    def step(what: str) -> None:
        nonlocal done
        if progress is not None and progress(done, total, what) is False:
            raise PublishError("publishing was stopped; the site in the folder may be incomplete")
        done += 1

    try:
        root.mkdir(parents=True, exist_ok=True)
        if build is None and game_sheets:
            out.notes.append("game sheets are not linked: the reports module (scorekeeper.reports) is not available")
        if build is not None:
            from scorekeeper.facade.errors import ServiceError
            from scorekeeper.reports.data import ReportError

            for r in finals:
                step(f"game sheet {r['id']}")
                try:
                    pdf = build(svc, r["id"], season)
                except (ReportError, ServiceError) as exc:
                    out.notes.append(f"no game sheet for game {r['id']}: {exc}")
                    continue
                path = root / "sheets" / f"{slug(r['id'])}.pdf"
                _write(path, pdf, db)
                out.sheets.append(path)
                r["sheet"] = f"sheets/{path.name}"
        common = {**{k: v for k, v in ctx.items() if k not in ("game_json", "view")}, "nav": PAGES}
        for name, title in PAGES:
            step(name)
            html = env.get_template(name).render(**common, page=name, title=title, root="")
            _write(root / name, html, db)
            out.pages.append(root / name)
        game_tpl = env.get_template("game.html")
        for r in ctx["games"]:
            step(r["page"])
            html = game_tpl.render(**common, **_game_page(ctx, r), page="games.html",
                                   title=f"{r['home_name']} – {r['away_name']}, {short_date(r['date'])}", root="../")
            _write(root / r["page"], html, db)
            out.pages.append(root / r["page"])
        _write(root / "style.css", resource_path("site", "style.css").read_bytes(), db)
    except OutputPathError as exc:
        raise PublishError(f"cannot write the site to {root}: {exc}") from None
    except OSError as exc:
        raise PublishError(f"cannot write the site to {root}: {exc.strerror or exc}") from None
    if progress is not None:
        progress(total, total, "done")
    return out
