"""The official game sheet: one Letter page for a normal game, signed by the referee.

`build_game_sheet(GameSheetData) -> bytes`. The body shrinks a little to stay on one page; a game with so many
entries that it would become unreadable flows onto a second page instead (tables repeat their headings).
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, KeepInFrame, Spacer

from scorekeeper.reports import styles
from scorekeeper.reports.game_sheet_fit import Fitting, planning, table
from scorekeeper.reports.game_sheet_records import GameSheetData, SheetTeam
from scorekeeper.reports.signature_lines import (
    UNREADABLE,
    SignatureLine,
    before_corrections,
    place,
    signature_image,
)
from scorekeeper.reports.styles import CELL, CELL_MUTED, FONT, FONT_BOLD, GRID, INK, MUTED, NAVY, TINT, money
from scorekeeper.reports.templates import (
    BODY_H,
    BODY_W,
    Head,
    Run,
    TextLines,
    build_pdf,
    cell_text,
    rich_line,
    text_block,
    wrap_words,
)
from scorekeeper.reports.wording import long_date

MIN_SCALE = 0.72  # below this the page would be too small to read: use a second page instead
PAD = 3.0  # a ruled table's left and right cell padding (styles.table_style)
SIGNATURES_PER_ROW = 5  # officials' signature lines side by side; more go on further rows

# Table cells hold plain strings wherever one face will do (the table style sets font and colour): a Paragraph
# per cell parses markup and re-breaks its lines at every layout pass, which made the sheet slow to build.


def _fit(text: object, width: float, font: str = FONT, size: float = 7) -> str:
    """A cell's text broken to its column's `width` (padding included)."""
    return cell_text(text, font, size, width - 2 * PAD)


def _text_rows(first_row: int, columns: tuple[int, ...]) -> list[Any]:
    """Table commands spacing the lines of the text `columns` as the CELL paragraph style does (8.2, not 8.4):
    one command per run of adjacent columns."""
    runs: list[list[int]] = []
    for c in columns:
        if runs and runs[-1][1] == c - 1:
            runs[-1][1] = c
        else:
            runs.append([c, c])
    return [("LEADING", (a, first_row), (b, -1), CELL.leading) for a, b in runs]


def _muted(row: int, col: int) -> tuple[Any, ...]:
    return ("TEXTCOLOR", (col, row), (col, row), MUTED)


def _info(d: GameSheetData, W: float) -> Flowable:
    stage = "Playoff" if d.stage == "playoff" else "Regular season"
    pairs = [("DIVISION", d.division or "—"), ("GAME NO.", d.game_number), ("DATE", long_date(d.date)),
             ("TIME", d.start), ("RINK", d.rink or "—"), ("STAGE", stage),
             ("STATUS", "FINAL" if d.status == "final" else "DRAFT (not final)"), ("RULEBOOK", d.rulebook)]
    widths = [W * w for w in (0.30, 0.16, 0.30, 0.24)]
    cells = [[_info_cell(k, v, widths[j] - 12) for j, (k, v) in enumerate(pairs[i:i + 4])] for i in (0, 4)]
    return table(cells, [("BOX", (0, 0), (-1, -1), 0.6, NAVY), ("INNERGRID", (0, 0), (-1, -1), 0.25, GRID),
                         ("BACKGROUND", (0, 0), (-1, -1), TINT), ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                         ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5), ("VALIGN", (0, 0), (-1, -1), "TOP")],
                 hAlign="LEFT", colWidths=widths)


def _info_cell(label: str, value: str, width: float) -> Flowable:
    """A small muted label over its value."""
    v = styles.VALUE
    lines: list[list[Run]] = [[(label, FONT_BOLD, 5.8, MUTED)]]
    lines += [[(line, FONT, v.fontSize, v.textColor)] for line in wrap_words(value, FONT, v.fontSize, width)]
    return TextLines(lines, v)


def _score(d: GameSheetData, W: float) -> list[Flowable]:
    has_shots = d.home.shots is not None or d.away.shots is not None
    head = ["Team", *d.periods, "Final"] + (["Shots"] if has_shots else []) + ["Timeouts", "PIM", "Pts"]
    widths = [0.0] + [26.0] * len(d.periods) + [34.0] + ([96.0] if has_shots else []) + [96.0, 28.0, 28.0]
    widths[0] = W - sum(widths)
    rows: list[list[Any]] = [head]
    for t in (d.home, d.away):
        row: list[Any] = [rich_line([(t.name, FONT_BOLD, 7, INK), (" ", FONT, 7, INK),
                                     (t.side.upper(), FONT, 6, MUTED)], CELL, widths[0] - 2 * PAD)]
        row += [str(x) for x in t.by_period] + [str(t.score) if t.score is not None else "—"]
        if has_shots:
            sh = list(t.shots or [])
            row.append(f"{' + '.join(str(x) for x in sh)} = {sum(sh)}" if sh else "—")
        row += [", ".join(t.timeouts) if t.timeouts else "none", str(t.pim),
                "" if t.points is None else str(t.points)]
        rows.append(row)
    final_col = len(d.periods) + 1
    t = table(rows, styles.table_style(zebra=False, size=7.5, extra=[
        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
        ("FONT", (final_col, 1), (final_col, -1), styles.FONT_BOLD, 10),
        ("BACKGROUND", (final_col, 1), (final_col, -1), TINT),
        ("LINEAFTER", (0, 0), (-2, -1), 0.25, GRID),
    ]), hAlign="LEFT", colWidths=widths)
    b = styles.BODY_SMALL
    result = rich_line([("Result:", FONT_BOLD, b.fontSize, b.textColor), (" ", b.fontName, b.fontSize, b.textColor),
                        (d.result, b.fontName, b.fontSize, b.textColor)], b, W)
    return [t, Spacer(0, 2), result]


def _lineup(t: SheetTeam, W: float) -> Flowable:
    w = (W - 8) / 2
    widths = [18, w - 18 - 26 - 3 * 20, 26, 20, 20, 20]
    name_w = widths[1]
    rows: list[list[Any]] = [[_fit(f"{t.side.upper()}: {t.name}", w, FONT_BOLD), "", "", "", "", ""],
                             ["#", "Player", "", "G", "A", "PIM"]]
    muted: list[Any] = []
    for p in t.lineup:
        marks = " ".join(m for m, on in (("GK", p.goalie), ("C", p.captain)) if on)
        name: Any = _fit(p.name, name_w)
        if p.ejected:
            name = rich_line([(p.name, FONT, 7, INK), (" ", FONT, 7, INK), ("EJECTED", FONT_BOLD, 6, styles.ALERT)],
                             CELL, name_w - 2 * PAD)
        rows.append(["" if p.number is None else str(p.number), name, marks,
                     str(p.goals or ""), str(p.assists or ""), str(p.pim or "")])
    if not t.lineup:
        muted.append(_muted(len(rows), 1))
        rows.append(["", "no line-up entered", "", "", "", ""])
    for a in t.absent:
        muted.append(_muted(len(rows), 1))
        rows.append(["" if a.number is None else str(a.number),
                     rich_line([(a.name, FONT, 7, MUTED), (" ", FONT, 7, MUTED), (a.note, FONT, 6, styles.ALERT)],
                               CELL_MUTED, name_w - 2 * PAD), "", "", "", ""])
    rows.append(["", "Totals", "", str(sum(p.goals for p in t.lineup)),
                 str(sum(p.assists for p in t.lineup)), str(sum(p.pim for p in t.lineup))])
    return table(rows, styles.table_style(header_rows=2, extra=[
        ("SPAN", (0, 0), (-1, 0)), ("LEADING", (0, 0), (0, 0), CELL.leading),
        ("BACKGROUND", (0, 1), (-1, 1), TINT), ("TEXTCOLOR", (0, 1), (-1, 1), NAVY),
        ("ALIGN", (0, 1), (0, -1), "RIGHT"), ("ALIGN", (2, 1), (-1, -1), "CENTER"),
        ("FONT", (2, 2), (2, -1), styles.FONT_BOLD, 7),
        ("LINEABOVE", (0, -1), (-1, -1), 0.6, NAVY), ("BACKGROUND", (0, -1), (-1, -1), TINT),
        ("FONT", (0, -1), (-1, -1), styles.FONT_BOLD, 7),
        *_text_rows(2, (1,)), *muted,
    ]), hAlign="LEFT", colWidths=widths, repeatRows=2)


def _goals(d: GameSheetData, W: float) -> Flowable:
    w: list[float] = [16, 24, 30, 80, 150, 0, 40]
    w[5] = W - sum(w)
    rows: list[list[Any]] = [["#", "Per", "Time", "Team", "Scorer", "Assists", "Type"]]
    for i, g in enumerate(d.goals, 1):
        assists = (g.assists or "unassisted") if g.kind not in ("PS", "AWD") else ""
        rows.append([str(i), g.period, g.time, _fit(g.team, w[3]), _fit(g.scorer, w[4]), _fit(assists, w[5]),
                     g.kind])
    extra: list[Any] = [("ALIGN", (0, 0), (2, -1), "CENTER"), ("ALIGN", (-1, 0), (-1, -1), "CENTER"),
                        *_text_rows(1, (3, 4, 5))]
    if not d.goals:
        rows.append(["", "", "", "no goals", "", "", ""])
        extra.append(_muted(1, 3))
    return table(rows, styles.table_style(extra=extra), hAlign="LEFT", colWidths=w, repeatRows=1)


def _penalties(d: GameSheetData, W: float) -> list[Flowable]:
    w: list[float] = [22, 28, 50, 96, 78, 0, 66, 22, 30, 36]
    w[5] = W - sum(w)
    rows: list[list[Any]] = [["Per", "Time", "Team", "Player", "Served by", "Infraction", "Class", "Min", "Off",
                              "On"]]
    early = False
    for p in d.penalties:
        on = p.on
        if on.endswith(" (goal)"):
            on, early = on[:-7] + "*", True
        rows.append([p.period, p.time, *(_fit(x, w[c]) for c, x in enumerate(
            (p.team, p.player, p.served_by, p.infraction, p.cls), 2)), str(p.minutes), p.off, on])
    extra: list[Any] = [("ALIGN", (0, 0), (1, -1), "CENTER"), ("ALIGN", (7, 0), (9, -1), "CENTER"),
                        *_text_rows(1, (2, 3, 4, 5, 6))]
    if not d.penalties:
        rows.append(["", "", "no penalties", "", "", "", "", "", "", ""])
        extra.append(_muted(1, 2))
    out: list[Flowable] = [table(rows, styles.table_style(extra=extra), hAlign="LEFT", colWidths=w, repeatRows=1)]
    if early:
        out.append(text_block("* ended early by a goal. Off/On: the clock in the penalty's period, else the period "
                              "is named.", CELL_MUTED, W))
    return out


def _actions(d: GameSheetData, W: float) -> list[Flowable]:
    if not d.actions:
        return [text_block("None: no ejection, suspension or fine arose from this game.", CELL_MUTED, W)]
    w: list[float] = [96, 50, 0, 58, 84, 38]
    w[2] = W - sum(w)
    rows: list[list[Any]] = [["Player", "Team", "Action", "Rule", "Section", "Fine"]]
    for a in d.actions:
        rows.append([_fit(a.player, w[0]), _fit(a.team, w[1]), _fit(a.action, w[2]), a.rule, _fit(a.section, w[4]),
                     money(a.amount_cents) if a.amount_cents else ""])
    return [table(rows, styles.table_style(extra=[("ALIGN", (-1, 0), (-1, -1), "RIGHT"), *_text_rows(1, (0, 1, 2, 4))]),
                  hAlign="LEFT", colWidths=w, repeatRows=1)]


def _text_block(d: GameSheetData, W: float) -> list[Flowable]:
    b = styles.BODY_SMALL
    out: list[Flowable] = []
    for label, texts in (("Incident report:", d.reports), ("Note:", d.notes)):
        for text in texts:
            out.append(rich_line([(label, FONT_BOLD, b.fontSize, b.textColor),
                                  (" ", b.fontName, b.fontSize, b.textColor),
                                  (text, b.fontName, b.fontSize, b.textColor)], b, W))
    if not out:
        out.append(text_block("No notes or incident reports.", CELL_MUTED, W))
    return out


def _goaltending(d: GameSheetData, W: float) -> Flowable:
    """One line per goalie who played: time in net, shots against and saves (where recorded), goals against; under
    it, where the game gives each goalie's shots (`goalie_shots`), his shots and saves by period."""
    w: list[float] = [130, 22, 0, 52, 70, 52, 70]
    w[2] = W - sum(w)
    rows: list[list[Any]] = [["Team", "#", "Goalie", "Minutes", "Shots against", "Saves", "Goals against"]]
    muted: list[Any] = []
    spans: list[Any] = []
    for t in (d.home, d.away):
        if not t.goalies:
            muted.append(_muted(len(rows), 2))
            why = "no time in net (not played)" if any(p.goalie for p in t.lineup) else "no goalie in the line-up"
            rows.append([_fit(t.name, w[0]), "", why, "", "", "", ""])
        for gk in t.goalies:
            rows.append([_fit(t.name, w[0]), "" if gk.number is None else str(gk.number), _fit(gk.name, w[2]),
                         gk.minutes, "—" if gk.shots_against is None else str(gk.shots_against),
                         "—" if gk.saves is None else str(gk.saves), str(gk.goals_against)])
            if gk.by_period:
                spans.append(("SPAN", (2, len(rows)), (-1, len(rows))))
                text = "By period, shots / saves: " + " · ".join(f"{p} {sh} / {sv}" for p, sh, sv in gk.by_period)
                rows.append(["", "", _fit(text, sum(w[2:])), "", "", "", ""])
    return table(rows, styles.table_style(extra=[("ALIGN", (1, 0), (1, -1), "RIGHT"),
                                                 ("ALIGN", (3, 0), (-1, -1), "CENTER"),
                                                 *_text_rows(1, (0, 2)), *muted, *spans]),
                 hAlign="LEFT", colWidths=w, repeatRows=1)


def _signatures(d: GameSheetData, W: float) -> list[Flowable]:
    """A signature line for each referee (two at least), each linesman and the scorekeeper: at most
    SIGNATURES_PER_ROW side by side, more in balanced rows of lines of the same width."""
    people = [SignatureLine("Referee", r) for r in d.referees] or [SignatureLine("Referee", "")]
    if len(people) < 2:
        people.append(SignatureLine("Referee", ""))
    people += [SignatureLine("Linesman", r) for r in d.linesmen]
    people.append(SignatureLine("Scorekeeper", d.scorekeeper))
    out = _signature_rows(place(people, d.signatures), W)
    for date, earlier in before_corrections(d.signatures):  # issue 20: kept after a reopen, under their own line
        out += [Spacer(0, 6), text_block(f"Signed before the correction of {long_date(date)}", styles.LABEL, W),
                Spacer(0, 2), *_signature_rows(earlier, W)]
    return out


def _signature_rows(people: list[SignatureLine], W: float) -> list[Flowable]:
    per_row = -(-len(people) // -(-len(people) // SIGNATURES_PER_ROW))
    out: list[Flowable] = []
    for start in range(0, len(people), per_row):
        if start:
            out.append(Spacer(0, 9))
        out.append(_signature_row(people[start:start + per_row], per_row, W))
    return out


def _signature_row(people: list[SignatureLine], columns: int, W: float) -> Flowable:
    n = len(people)
    pad = 26.0 if any(p.png is not None for p in people) else 18.0  # the line signed on the screen is a little taller
    gap = 18.0
    col = (W - gap * (columns - 1)) / columns
    widths: list[float] = []
    rows: list[list[Any]] = [[], [], [], [], []]
    for i, line in enumerate(people):
        if i:
            widths.append(gap)
            for r in rows:
                r.append("")
        widths.append(col)
        rows[0].append(line.label.upper())
        rows[1].append(cell_text(line.name, FONT, styles.VALUE.fontSize, col) if line.name else "")
        rows[2].append("name (print)")
        rows[3].append(signature_image(line.png, col, pad - 1) if line.png
                       else cell_text(UNREADABLE, FONT_BOLD, styles.LABEL.fontSize, col) if line.png == b"" else "")
        rows[4].append("signature")
    label, value = styles.LABEL, styles.VALUE
    cmds: list[Any] = [("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                       ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                       ("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("VALIGN", (0, 2), (-1, 2), "TOP"),
                       ("VALIGN", (0, 4), (-1, 4), "TOP"),
                       ("FONT", (0, 0), (-1, -1), label.fontName, label.fontSize, label.leading),
                       ("TEXTCOLOR", (0, 0), (-1, -1), label.textColor),
                       ("FONT", (0, 1), (-1, 1), value.fontName, value.fontSize, value.leading),
                       ("TEXTCOLOR", (0, 1), (-1, 1), value.textColor)]
    for i in range(n):
        c = 2 * i
        cmds += [("LINEBELOW", (c, 1), (c, 1), 0.4, GRID), ("LINEBELOW", (c, 3), (c, 3), 0.8, styles.INK)]
    return table(rows, cmds, hAlign="LEFT", colWidths=widths, rowHeights=[9, 13, 8, pad, 8])


def _section(title: str, W: float) -> Flowable:
    return text_block(title, styles.SECTION, W)


def game_sheet_story(d: GameSheetData, W: float = BODY_W) -> list[Flowable]:
    """The flowables of the game sheet body (without the letterhead marker), laid out `W` points wide; its tables
    only planned while `game_sheet_fit.planning()` (build_game_sheet measures them before making them)."""
    lineups = table([[_lineup(d.home, W), _lineup(d.away, W)]],
                    [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                     ("RIGHTPADDING", (0, 0), (0, 0), 4), ("LEFTPADDING", (1, 0), (1, 0), 4),
                     ("RIGHTPADDING", (1, 0), (1, 0), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                     ("BOTTOMPADDING", (0, 0), (-1, -1), 0)], hAlign="LEFT", colWidths=[W / 2, W / 2])
    return [
        _info(d, W), Spacer(0, 5),
        _section("Score", W), *_score(d, W),
        _section("Line-ups", W), lineups,
        _section("Goaltending", W), _goaltending(d, W),
        _section(f"Goals ({len(d.goals)})", W), _goals(d, W),
        _section(f"Penalties ({len(d.penalties)})", W), *_penalties(d, W),
        _section("Ejections, suspensions and fines from this game", W), *_actions(d, W),
        _section("Notes and incident reports", W), *_text_block(d, W),
        _section("Officials", W), *_signatures(d, W),
        Spacer(0, 2),
        text_block("The referee's signature certifies this sheet. Suspensions and fines are set by the league's fines "
                   "table and reviewed by the league; appeals under Section 8 only on the Official League Appeal Form.",
                   CELL_MUTED, W),
    ]


def _height(body: list[Flowable], width: float) -> float:
    return sum(f.wrap(width, 10 * BODY_H)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in body)


def _plan(d: GameSheetData, width: float) -> list[Flowable]:
    """The sheet's body `width` wide, its tables planned (game_sheet_fit), not made."""
    with planning():
        return game_sheet_story(d, width)


def _widened(d: GameSheetData, scale: float, fitting: Fitting) -> list[Flowable]:
    """The body planned wider by 1/scale, for the largest scale found (in a few steps) that fits the page.

    Once shrunk by `scale` it fills the page's width; the text that rewraps wider takes fewer lines, so the
    scale can grow again (try at most three widths, keep the largest that fits). Each width is measured from
    its plan (`fitting`); only the chosen one is made and laid out.
    """
    best: list[Flowable] | None = None
    body: list[Flowable] = []
    for _ in range(3):
        body = _plan(d, BODY_W / scale)
        height = fitting.height(body, BODY_W / scale, 10 * BODY_H)
        if height * scale <= BODY_H:
            best = body
            if height * scale >= 0.98 * BODY_H:
                break
        scale = BODY_H / height
    return best or body


def build_game_sheet(d: GameSheetData) -> bytes:
    """The game sheet as PDF bytes (repeatable: the same data gives the same bytes).

    The body is planned, measured and, where it must shrink to fit, measured again at wider widths
    (game_sheet_fit); its tables are made for the width chosen and laid out once, by the page.
    """
    styles.register_fonts()
    plan = _plan(d, BODY_W)
    fitting = Fitting(plan)
    height = fitting.height(plan, BODY_W, 10 * BODY_H)
    head = Head(d.league, "Official Game Sheet", [f"Game {d.game_number}", f"Season {d.season}",
                                                  f"{d.home.name} vs {d.away.name}"],
                f"{d.league} · Official game sheet · game {d.game_number} · {d.date} · season {d.season}",
                d.game_number, draft=d.draft)
    story: list[Flowable] = [head]
    if BODY_H < height <= BODY_H / MIN_SCALE:
        # fakeWidth=False: shrink to the body's real width too, so that the wide tables stay inside the margins.
        body = fitting.made(_widened(d, BODY_H / height, fitting))
        story.append(KeepInFrame(BODY_W, BODY_H, body, mode="shrink", fakeWidth=False))
    else:
        story.extend(fitting.made(plan))
    return build_pdf(story, title=f"Game sheet {d.game_number}: {d.home.name} vs {d.away.name}",
                     subject=f"{d.league} {d.season}: official game sheet", author=d.league, draft=d.draft)
