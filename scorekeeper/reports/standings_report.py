"""Standings and leaders for the league's notice board: each division's table, scoring and penalty leaders.

`build_standings_report(StandingsData) -> bytes`.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from scorekeeper.reports import styles
from scorekeeper.reports.standings_data import GoalieRow, LeaderRow, StandingsData, StandingsDivision
from scorekeeper.reports.styles import CELL, CELL_MUTED, TINT, esc
from scorekeeper.reports.templates import BODY_H, BODY_W, Head, build_pdf
from scorekeeper.reports.wording import long_date


def _division(div: StandingsDivision) -> Flowable:
    shootouts = any(r.sow is not None for r in div.rows)  # the rulebook has shootouts
    head = ["Rk", "Team", "GP", "W", "L", "T", "OTW", "OTL", *(["SOW", "SOL"] if shootouts else []), "PTS", "GF",
            "GA", "DIFF", "PIM"]
    rows: list[list[Any]] = [head]
    for r in div.rows:
        rows.append([str(r.rank), Paragraph(esc(r.team), styles.CELL9), r.gp, r.w, r.l, r.t, r.otw, r.otl,
                     *([r.sow, r.sol] if shootouts else []), r.pts, r.gf, r.ga, f"{r.diff:+d}" if r.diff else "0",
                     r.pim])
    if not div.rows:
        rows.append(["", Paragraph("no team", CELL_MUTED)] + [""] * (len(head) - 2))
    w: list[float] = [24.0, 0.0] + [34.0 if not shootouts else 30.0] * (len(head) - 2)
    w[1] = BODY_W - sum(w)
    pts = head.index("PTS")
    t = Table(rows, colWidths=w, repeatRows=1)
    t.setStyle(styles.table_style(size=8.5, extra=[
        ("ALIGN", (2, 0), (-1, -1), "CENTER"), ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("FONT", (pts, 1), (pts, -1), styles.FONT_BOLD, 9), ("BACKGROUND", (pts, 1), (pts, -1), TINT),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
    return KeepTogether([Paragraph(esc(div.name), styles.HEADING), t, Spacer(0, 4), _league_columns(div),
                         Spacer(0, 10)])


LEAGUE_COLUMNS = (("P%", "pts_pct"), ("GF%", "gf_pct"), ("L10", "l10"), ("STRK", "streak"), ("HOME", "home"),
                  ("AWAY", "away"))


def _league_columns(div: StandingsDivision) -> Flowable:
    """The columns leagues print beside the standings (points and goals-for shares, last ten, streak, home and
    away records), under the division's table: the one table would not fit the page's width."""
    rows: list[list[Any]] = [["Rk", "Team", *(label for label, _ in LEAGUE_COLUMNS)]]
    for r in div.rows:
        rows.append([str(r.rank), Paragraph(esc(r.team), styles.CELL9),
                     *(r.league.get(key, "") for _, key in LEAGUE_COLUMNS)])
    w: list[float] = [24.0, 0.0] + [52.0] * len(LEAGUE_COLUMNS)
    w[1] = BODY_W - sum(w)
    t = Table(rows, colWidths=w, repeatRows=1)
    t.setStyle(styles.table_style(size=8.5, extra=[
        ("ALIGN", (2, 0), (-1, -1), "CENTER"), ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
    return t


def _leaders(title: str, rows: list[LeaderRow], cols: list[tuple[str, str]], width: float) -> list[Flowable]:
    data: list[list[Any]] = [["Rk", "Player", "Team", *(h for h, _ in cols)]]
    for r in rows:
        data.append([str(r.rank), Paragraph(esc(r.player), CELL), Paragraph(esc(r.team), CELL),
                     *(str(getattr(r, k)) for _, k in cols)])
    if not rows:
        data.append(["", Paragraph("none yet", CELL_MUTED), "", *([""] * len(cols))])
    w: list[float] = [20.0, 0.0, 64.0] + [24.0] * len(cols)
    w[1] = width - sum(w)
    t = Table(data, colWidths=w, repeatRows=1)
    t.setStyle(styles.table_style(size=7.5, extra=[("ALIGN", (3, 0), (-1, -1), "CENTER"),
                                                   ("ALIGN", (0, 0), (0, -1), "CENTER")]))
    return [Paragraph(esc(title), styles.SECTION), t]


def _goalies(rows: list[GoalieRow]) -> list[Flowable]:
    """Every goalie who played in the regular season: GP, W, L, OTL, time in net, SV%, GAA, SO."""
    cols = ("gp", "w", "l", "otl", "min", "sv_pct", "gaa", "so")
    data: list[list[Any]] = [["Goalie", "Team", "GP", "W", "L", "OTL", "MIN", "SV%", "GAA", "SO"]]
    for r in rows:
        data.append([Paragraph(esc(r.player), CELL), Paragraph(esc(r.team), CELL), *(str(getattr(r, k)) for k in cols)])
    if not rows:
        data.append([Paragraph("none yet", CELL_MUTED), "", *([""] * len(cols))])
    w: list[float] = [0.0, 120.0, 26.0, 26.0, 26.0, 30.0, 44.0, 36.0, 36.0, 26.0]
    w[0] = BODY_W - sum(w)
    t = Table(data, colWidths=w, repeatRows=1)
    t.setStyle(styles.table_style(size=7.5, extra=[("ALIGN", (2, 0), (-1, -1), "CENTER")]))
    return [Paragraph("Goaltending", styles.SECTION), t]


def build_standings_report(d: StandingsData) -> bytes:
    """The standings report as PDF bytes."""
    styles.register_fonts()
    through = f"Regular-season games through {long_date(d.through)}" if d.through else "No game played yet"
    story: list[Flowable] = [
        Head(d.league, "Standings and Leaders", [f"Season {d.season}", f"As of {long_date(d.date)}"],
             f"{d.league} · Standings and leaders · season {d.season} · as of {d.date}", "standings"),
        Paragraph(f"{esc(through)}. {esc(d.rules_note)}", styles.NOTE),
        Spacer(0, 6),
    ]
    story += [_division(div) for div in d.divisions]
    half = (BODY_W - 12) / 2
    pair = Table([[_leaders("Scoring leaders", d.scorers, [("GP", "gp"), ("G", "g"), ("A", "a"), ("PTS", "pts")],
                            half),
                   _leaders("Penalty leaders", d.penalties, [("GP", "gp"), ("PIM", "pim")], half)]],
                 colWidths=[half + 6, half + 6])
    pair.setStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (0, 0), 0),
                   ("RIGHTPADDING", (0, 0), (0, 0), 6), ("LEFTPADDING", (1, 0), (1, 0), 6),
                   ("RIGHTPADDING", (1, 0), (1, 0), 0)])
    if pair.wrap(BODY_W, BODY_H)[1] > BODY_H * 0.9:  # side by side they would not fit a page: one after the other
        leaders: list[Flowable] = [
            *_leaders("Scoring leaders", d.scorers, [("GP", "gp"), ("G", "g"), ("A", "a"), ("PTS", "pts")], BODY_W),
            Spacer(0, 8), *_leaders("Penalty leaders", d.penalties, [("GP", "gp"), ("PIM", "pim")], BODY_W)]
    else:
        leaders = [pair]
    shootouts = any(r.sow is not None for div in d.divisions for r in div.rows)
    story += [*leaders, Spacer(0, 8), *_goalies(d.goalies), Spacer(0, 8),
              Paragraph("GP games played · W wins (overtime wins included) · L losses · T ties · OTW/OTL overtime "
                        "wins/losses · " + ("SOW/SOL shootout wins/losses (among W and L) · " if shootouts else "")
                        + "PTS points · GF/GA goals for/against · DIFF goal difference · PIM penalty minutes "
                        "assessed · goaltending: OTL overtime and shootout losses, MIN time in net, SV% save "
                        "percentage, GAA goals against per regulation game, SO shutouts. Regular season only.",
                        styles.NOTE)]
    return build_pdf(story, title=f"Standings {d.season}", subject=f"{d.league} {d.season}: standings and leaders",
                     author=d.league)
