"""The official game sheet: one Letter page for a normal game, signed by the referee.

`build_game_sheet(GameSheetData) -> bytes`. The body shrinks a little to stay on one page; a game with so many
entries that it would become unreadable flows onto a second page instead (tables repeat their headings).
"""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepInFrame, Paragraph, Spacer, Table

from scorekeeper.reports import styles
from scorekeeper.reports.data import GameSheetData, SheetTeam, long_date
from scorekeeper.reports.styles import CELL, CELL_BOLD, CELL_MUTED, GRID, NAVY, TINT, esc, money
from scorekeeper.reports.templates import BODY_H, BODY_W, Head, build_pdf

MIN_SCALE = 0.72  # below this the page would be too small to read: use a second page instead


def _p(text: object, style: Any = CELL) -> Paragraph:
    return Paragraph(esc(text), style)


def _info(d: GameSheetData, W: float) -> Table:
    stage = "Playoff" if d.stage == "playoff" else "Regular season"
    pairs = [("DIVISION", d.division or "—"), ("GAME NO.", d.game_id), ("DATE", long_date(d.date)),
             ("TIME", d.time), ("RINK", d.rink or "—"), ("STAGE", stage),
             ("STATUS", "FINAL" if d.status == "final" else "DRAFT (not final)"), ("RULEBOOK", d.rulebook)]
    cells = [[Paragraph(f"<font size=5.8 color='#5a6672'><b>{k}</b></font><br/>{esc(v)}", styles.VALUE)
              for k, v in pairs[i:i + 4]] for i in (0, 4)]
    t = Table(cells, hAlign="LEFT", colWidths=[W * w for w in (0.30, 0.16, 0.30, 0.24)])
    t.setStyle([("BOX", (0, 0), (-1, -1), 0.6, NAVY), ("INNERGRID", (0, 0), (-1, -1), 0.25, GRID),
                ("BACKGROUND", (0, 0), (-1, -1), TINT), ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5), ("VALIGN", (0, 0), (-1, -1), "TOP")])
    return t


def _score(d: GameSheetData, W: float) -> list[Flowable]:
    has_shots = d.home.shots is not None or d.away.shots is not None
    head = ["Team", *d.periods, "Final"] + (["Shots"] if has_shots else []) + ["Timeouts", "PIM", "Pts"]
    rows: list[list[Any]] = [head]
    for t in (d.home, d.away):
        row: list[Any] = [Paragraph(f"<b>{esc(t.name)}</b> <font size=6 color='#5a6672'>"
                                    f"{t.side.upper()}</font>", CELL)]
        row += [str(x) for x in t.by_period] + [str(t.score) if t.score is not None else "—"]
        if has_shots:
            sh = list(t.shots or [])
            row.append(f"{' + '.join(str(x) for x in sh)} = {sum(sh)}" if sh else "—")
        row += [", ".join(t.timeouts) if t.timeouts else "none", str(t.pim),
                "" if t.points is None else str(t.points)]
        rows.append(row)
    widths = [0.0] + [26.0] * len(d.periods) + [34.0] + ([96.0] if has_shots else []) + [96.0, 28.0, 28.0]
    widths[0] = W - sum(widths)
    final_col = len(d.periods) + 1
    t = Table(rows, hAlign="LEFT", colWidths=widths)
    t.setStyle(styles.table_style(zebra=False, size=7.5, extra=[
        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
        ("FONT", (final_col, 1), (final_col, -1), styles.FONT_BOLD, 10),
        ("BACKGROUND", (final_col, 1), (final_col, -1), TINT),
        ("LINEAFTER", (0, 0), (-2, -1), 0.25, GRID),
    ]))
    return [t, Spacer(0, 2),
            Paragraph(f"<b>Result:</b> {esc(d.result)}", styles.BODY_SMALL)]


def _lineup(t: SheetTeam, W: float) -> Table:
    rows: list[list[Any]] = [[Paragraph(f"<b>{esc(t.side.upper())}: {esc(t.name)}</b>",
                                        styles.CELL_BOLD.clone("w", textColor=colors.white)), "", "", "", "", ""],
                             ["#", "Player", "", "G", "A", "PIM"]]
    for p in t.lineup:
        marks = " ".join(m for m, on in (("GK", p.goalie), ("C", p.captain)) if on)
        name = esc(p.name) + (" <font color='#a11d1d' size=6><b>EJECTED</b></font>" if p.ejected else "")
        rows.append(["" if p.number is None else str(p.number), Paragraph(name, CELL), marks,
                     str(p.goals or ""), str(p.assists or ""), str(p.pim or "")])
    if not t.lineup:
        rows.append(["", _p("no line-up entered", CELL_MUTED), "", "", "", ""])
    for a in t.absent:
        rows.append(["" if a.number is None else str(a.number),
                     Paragraph(f"{esc(a.name)} <font color='#a11d1d' size=6>{esc(a.note)}</font>", CELL_MUTED),
                     "", "", "", ""])
    rows.append(["", _p("Totals", CELL_BOLD), "", str(sum(p.goals for p in t.lineup)),
                 str(sum(p.assists for p in t.lineup)), str(sum(p.pim for p in t.lineup))])
    w = (W - 8) / 2
    table = Table(rows, hAlign="LEFT", colWidths=[18, w - 18 - 26 - 3 * 20, 26, 20, 20, 20], repeatRows=2)
    table.setStyle(styles.table_style(header_rows=2, extra=[
        ("SPAN", (0, 0), (-1, 0)),
        ("BACKGROUND", (0, 1), (-1, 1), TINT), ("TEXTCOLOR", (0, 1), (-1, 1), NAVY),
        ("ALIGN", (0, 1), (0, -1), "RIGHT"), ("ALIGN", (2, 1), (-1, -1), "CENTER"),
        ("FONT", (2, 2), (2, -1), styles.FONT_BOLD, 7),
        ("LINEABOVE", (0, -1), (-1, -1), 0.6, NAVY), ("BACKGROUND", (0, -1), (-1, -1), TINT),
        ("FONT", (0, -1), (-1, -1), styles.FONT_BOLD, 7),
    ]))
    return table


def _goals(d: GameSheetData, W: float) -> Table:
    rows: list[list[Any]] = [["#", "Per", "Time", "Team", "Scorer", "Assists", "Type"]]
    for i, g in enumerate(d.goals, 1):
        rows.append([str(i), g.period, g.time, _p(g.team), _p(g.scorer), _p(g.assists or "unassisted"
                                                                           if g.kind not in ("PS", "AWD") else ""),
                     g.kind])
    if not d.goals:
        rows.append(["", "", "", _p("no goals", CELL_MUTED), "", "", ""])
    w: list[float] = [16, 24, 30, 80, 150, 0, 40]
    w[5] = W - sum(w)
    t = Table(rows, hAlign="LEFT", colWidths=w, repeatRows=1)
    t.setStyle(styles.table_style(extra=[("ALIGN", (0, 0), (2, -1), "CENTER"), ("ALIGN", (-1, 0), (-1, -1), "CENTER")]))
    return t


def _penalties(d: GameSheetData, W: float) -> list[Flowable]:
    rows: list[list[Any]] = [["Per", "Time", "Team", "Player", "Served by", "Infraction", "Class", "Min", "Off",
                              "On"]]
    early = False
    for p in d.penalties:
        on = p.on
        if on.endswith(" (goal)"):
            on, early = on[:-7] + "*", True
        rows.append([p.period, p.time, _p(p.team), _p(p.player), _p(p.served_by), _p(p.infraction), _p(p.cls),
                     str(p.minutes), p.off, on])
    if not d.penalties:
        rows.append(["", "", _p("no penalties", CELL_MUTED), "", "", "", "", "", "", ""])
    w: list[float] = [22, 28, 50, 96, 78, 0, 66, 22, 30, 36]
    w[5] = W - sum(w)
    t = Table(rows, hAlign="LEFT", colWidths=w, repeatRows=1)
    t.setStyle(styles.table_style(extra=[("ALIGN", (0, 0), (1, -1), "CENTER"),
                                         ("ALIGN", (7, 0), (9, -1), "CENTER")]))
    out: list[Flowable] = [t]
    if early:
        out.append(_p("* ended early by a goal. Off/On: the clock in the penalty's period, else the period is named.",
                      CELL_MUTED))
    return out


def _actions(d: GameSheetData, W: float) -> list[Flowable]:
    if not d.actions:
        return [_p("None: no ejection, suspension or fine arose from this game.", CELL_MUTED)]
    rows: list[list[Any]] = [["Player", "Team", "Action", "Rule", "Section", "Fine"]]
    for a in d.actions:
        rows.append([_p(a.player), _p(a.team), _p(a.action), a.rule, _p(a.section),
                     money(a.amount_cents) if a.amount_cents else ""])
    w: list[float] = [96, 50, 0, 58, 84, 38]
    w[2] = W - sum(w)
    t = Table(rows, hAlign="LEFT", colWidths=w, repeatRows=1)
    t.setStyle(styles.table_style(extra=[("ALIGN", (-1, 0), (-1, -1), "RIGHT")]))
    return [t]


def _text_block(d: GameSheetData) -> list[Flowable]:
    out: list[Flowable] = []
    for r in d.reports:
        out.append(Paragraph(f"<b>Incident report:</b> {esc(r)}", styles.BODY_SMALL))
    for n in d.notes:
        out.append(Paragraph(f"<b>Note:</b> {esc(n)}", styles.BODY_SMALL))
    if not out:
        out.append(_p("No notes or incident reports.", CELL_MUTED))
    return out


def _signatures(d: GameSheetData, W: float) -> Table:
    people = [("Referee", r) for r in d.referees] or [("Referee", "")]
    if len(people) < 2:
        people.append(("Referee", ""))
    people.append(("Scorekeeper", ""))
    n = len(people)
    gap = 18.0
    col = (W - gap * (n - 1)) / n
    widths: list[float] = []
    rows: list[list[Any]] = [[], [], [], [], []]
    for i, (role, name) in enumerate(people):
        if i:
            widths.append(gap)
            for r in rows:
                r.append("")
        widths.append(col)
        rows[0].append(Paragraph(f"<b>{role.upper()}</b>", styles.LABEL))
        rows[1].append(Paragraph(esc(name) or "&nbsp;", styles.VALUE))
        rows[2].append(Paragraph("name (print)", styles.LABEL))
        rows[3].append("")
        rows[4].append(Paragraph("signature", styles.LABEL))
    t = Table(rows, hAlign="LEFT", colWidths=widths, rowHeights=[9, 13, 8, 18, 8])
    cmds: list[Any] = [("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                       ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                       ("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("VALIGN", (0, 2), (-1, 2), "TOP"),
                       ("VALIGN", (0, 4), (-1, 4), "TOP")]
    for i in range(n):
        c = 2 * i
        cmds += [("LINEBELOW", (c, 1), (c, 1), 0.4, GRID), ("LINEBELOW", (c, 3), (c, 3), 0.8, styles.INK)]
    t.setStyle(cmds)
    return t


def _section(title: str) -> Paragraph:
    return Paragraph(esc(title), styles.SECTION)


def game_sheet_story(d: GameSheetData, W: float = BODY_W) -> list[Flowable]:
    """The flowables of the game sheet body (without the letterhead marker), laid out `W` points wide."""
    lineups = Table([[_lineup(d.home, W), _lineup(d.away, W)]], hAlign="LEFT", colWidths=[W / 2, W / 2])
    lineups.setStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                      ("RIGHTPADDING", (0, 0), (0, 0), 4), ("LEFTPADDING", (1, 0), (1, 0), 4),
                      ("RIGHTPADDING", (1, 0), (1, 0), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                      ("BOTTOMPADDING", (0, 0), (-1, -1), 0)])
    return [
        _info(d, W), Spacer(0, 5),
        _section("Score"), *_score(d, W),
        _section("Line-ups"), lineups,
        _section(f"Goals ({len(d.goals)})"), _goals(d, W),
        _section(f"Penalties ({len(d.penalties)})"), *_penalties(d, W),
        _section("Ejections, suspensions and fines from this game"), *_actions(d, W),
        _section("Notes and incident reports"), *_text_block(d),
        _section("Officials"), _signatures(d, W),
        Spacer(0, 2),
        _p("The referee's signature certifies this sheet. Suspensions and fines are set by the league's fines table "
           "and reviewed by the league; appeals under Section 8 only on the Official League Appeal Form.", CELL_MUTED),
    ]


def _height(body: list[Flowable], width: float) -> float:
    return sum(f.wrap(width, 10 * BODY_H)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in body)


def build_game_sheet(d: GameSheetData) -> bytes:
    """The game sheet as PDF bytes (repeatable: the same data gives the same bytes)."""
    styles.register_fonts()
    body = game_sheet_story(d)
    height = _height(body, BODY_W)
    head = Head(d.league, "Official Game Sheet", [f"Game {d.game_id}", f"Season {d.season}",
                                                  f"{d.home.name} vs {d.away.name}"],
                f"{d.league} · Official game sheet · game {d.game_id} · {d.date} · season {d.season}", d.game_id,
                draft=d.draft)
    story: list[Flowable] = [head]
    if height <= BODY_H:
        story.extend(body)
    elif height <= BODY_H / MIN_SCALE:
        # Lay the body out wider by the shrink factor, so that once scaled it fills the page's width.
        scale = BODY_H / height
        for _ in range(3):
            body = game_sheet_story(d, BODY_W / scale)
            height = _height(body, BODY_W / scale)
            if height * scale <= BODY_H:
                break
            scale = BODY_H / height
        story.append(KeepInFrame(BODY_W, BODY_H, body, mode="shrink"))
    else:
        story.extend(game_sheet_story(d))
    return build_pdf(story, title=f"Game sheet {d.game_id}: {d.home.name} vs {d.away.name}",
                     subject=f"{d.league} {d.season}: official game sheet", author=d.league, draft=d.draft)
