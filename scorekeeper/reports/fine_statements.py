"""End-of-season fine statements: one invoice per team, all teams in one PDF (each starts a new page).

`build_fine_statements(FineStatementsData) -> bytes`.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table

from scorekeeper.reports import styles
from scorekeeper.reports.fine_statements_data import FineLine, FineStatement, FineStatementsData
from scorekeeper.reports.styles import CELL, CELL_MUTED, CELL_RIGHT, GRID, NAVY, TINT, esc, money
from scorekeeper.reports.templates import BODY_W, Head, build_pdf
from scorekeeper.reports.wording import long_date
from scorekeeper.rules.appeals import appeal_ways


def _p(text: object, style: Any = CELL) -> Paragraph:
    return Paragraph(esc(text), style)


def _parties(d: FineStatementsData, s: FineStatement) -> Table:
    billed = ["<font size=6.5 color='#5a6672'><b>BILLED TO</b></font>", f"<b>{esc(s.team)}</b>",
              esc(s.division)]
    if s.captain:
        billed.append(f"Attn: {esc(s.captain)}, team captain")
    else:
        billed.append("Attn: team captain (none on file)")
    billed.append(esc(s.captain_email) if s.captain_email else "E-mail: none on file")
    meta = [("STATEMENT NO.", s.number), ("STATEMENT DATE", long_date(d.date)), ("SEASON", d.season)]
    meta_html = "<br/>".join(f"<font size=6.5 color='#5a6672'><b>{k}</b></font>&nbsp;&nbsp;{esc(v)}"
                             for k, v in meta)
    t = Table([[Paragraph("<br/>".join(billed), styles.BOX_TEXT), Paragraph(meta_html, styles.BOX_TEXT)]],
              colWidths=[BODY_W * 0.55, BODY_W * 0.45])
    t.setStyle([("BOX", (0, 0), (0, 0), 0.6, NAVY), ("BACKGROUND", (1, 0), (1, 0), TINT),
                ("BOX", (1, 0), (1, 0), 0.6, NAVY), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 7), ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 6)])
    return t


def _where(x: FineLine) -> str:
    """The rule's section and the line of the league's fines table: '§1 l; §6 X; fines table' and the row's line."""
    if not x.fine_row or x.fine_row == x.rule:
        return x.section
    line = f"fines table {x.fine_row}"
    if "fines table" in x.section:
        return x.section.replace("fines table", line, 1)
    return "; ".join(w for w in (x.section, line) if w)


def _lines(s: FineStatement) -> Table:
    rows: list[list[Any]] = [["Date", "Game", "Player or team", "Infraction", "Rule", "Suspension", "Amount"]]
    for x in s.lines:
        rule = Paragraph(f"{esc(x.rule)}<br/><font size=5.8 color='#5a6672'>{esc(_where(x))}</font>", CELL)
        amount: Any = money(x.amount_cents)
        if x.paid:  # a payment that named this fine, shown on it
            paid = "<br/>".join(f"paid {esc(money(cents))} {esc(date)}" for date, cents in x.paid)
            amount = Paragraph(f"{esc(money(x.amount_cents))}<br/><font size=5.8 color='#1b5e20'>{paid}</font>",
                               CELL_RIGHT)
        rows.append([x.date, _p(x.game), _p(x.who), _p(x.infraction), rule, _p(x.suspension), amount])
    if not s.lines:
        rows.append(["", "", _p("No fines this season.", CELL_MUTED), "", "", "", money(0)])
    w: list[float] = [52, 78, 110, 0, 80, 62, 52]
    w[3] = BODY_W - sum(w)
    t = Table(rows, colWidths=w, repeatRows=1)
    t.setStyle(styles.table_style(size=7.5, extra=[("ALIGN", (-1, 0), (-1, -1), "RIGHT"),
                                                   ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return t


def _totals(s: FineStatement) -> Table:
    rows: list[list[Any]] = [
        ["Player fines subtotal", money(s.player_fines_cents)],
        ["Team fines subtotal", money(s.team_fines_cents)],
        ["Total fines", money(s.fines_cents)],
    ]
    for p in s.payments:
        memo = (f" — {p.memo}" if p.memo else "") + (f" — on the fine of {p.fine}" if p.fine else "")
        rows.append([_p(f"Payment received {p.date} ({p.payer}){memo}", CELL_RIGHT), money(-p.amount_cents)])
    rows.append(["Total payments", money(-s.paid_cents)])
    due = "BALANCE DUE" if s.balance_cents >= 0 else "CREDIT BALANCE"
    rows.append([due, money(s.balance_cents)])
    t = Table(rows, colWidths=[BODY_W * 0.5, BODY_W * 0.14], hAlign="RIGHT")
    n = len(rows)
    t.setStyle([("FONT", (0, 0), (-1, -1), styles.FONT, 8), ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
                ("LINEBELOW", (0, 0), (-1, -2), 0.25, GRID), ("FONT", (0, 2), (-1, 2), styles.FONT_BOLD, 8),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
                ("FONT", (0, n - 2), (-1, n - 2), styles.FONT_BOLD, 8),
                ("BACKGROUND", (0, n - 1), (-1, n - 1), NAVY), ("TEXTCOLOR", (0, n - 1), (-1, n - 1), colors.white),
                ("FONT", (0, n - 1), (-1, n - 1), styles.FONT_BOLD, 10.5),
                ("TOPPADDING", (0, n - 1), (-1, n - 1), 4), ("BOTTOMPADDING", (0, n - 1), (-1, n - 1), 5)])
    return t


def _instructions(d: FineStatementsData, s: FineStatement) -> list[Flowable]:
    fee = money(d.appeal_fee_cents)
    pay = (f"Pay the balance due to the league office, quoting statement no. <b>{esc(s.number)}</b>. Fines are "
           "owed to the league by the team named above; a player's fine appears on the statement of the team the "
           "player played for in that game. Suspended players may not play until their suspension is served.")
    if d.appeal_channels == ("official_form",):
        how = (f"Appeals may only be submitted on an <b>Official League Appeal Form</b>, purchased from the canteen "
               f"at a cost of <b>{fee}</b>.")
        refused = " <b>NO E-MAIL APPEALS OR PHONE CALLS WILL BE ACCEPTED.</b>"
    else:
        ways = [esc(w) for w in appeal_ways(d.appeal_channels)]
        how = (f"Appeals may be submitted {' or '.join(ways)} (the fee: <b>{fee}</b>)." if ways
               else "Ask the league office how to file an appeal.")
        refused = ""
    appeal = ("Any player or team who disagrees with a suspension may appeal (rulebook Section 8). " + how
              + " Only the division Director or his designate deals with appeals. Players are NOT "
              "permitted to participate until a final decision has been made on an appeal." + refused
              + " An upheld appeal lifts the suspension and waives the fines tied to it.")
    box = Table([[Paragraph("<b>HOW TO PAY</b><br/>" + pay, styles.BODY_SMALL),
                  Paragraph("<b>HOW TO APPEAL</b><br/>" + appeal, styles.BODY_SMALL)]],
                colWidths=[BODY_W * 0.42, BODY_W * 0.58])
    box.setStyle([("BOX", (0, 0), (-1, -1), 0.6, NAVY), ("INNERGRID", (0, 0), (-1, -1), 0.4, NAVY),
                  ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 7),
                  ("RIGHTPADDING", (0, 0), (-1, -1), 7), ("TOPPADDING", (0, 0), (-1, -1), 5),
                  ("BOTTOMPADDING", (0, 0), (-1, -1), 7)])
    return [KeepTogether([box])]


def statement_story(d: FineStatementsData, s: FineStatement) -> list[Flowable]:
    head = Head(d.league, "Fine Statement", [f"Statement {s.number}", long_date(d.date), f"Season {d.season}"],
                f"{d.league} · Fine statement {s.number} · {s.team} · season {d.season}", s.number)
    return [
        head,
        _parties(d, s), Spacer(0, 10),
        Paragraph(f"Fines of the {esc(d.season)} season", styles.SECTION),
        _lines(s), Spacer(0, 6),
        KeepTogether([_totals(s)]), Spacer(0, 12),
        *_instructions(d, s),
    ]


def build_fine_statements(d: FineStatementsData) -> bytes:
    """Every statement in `d` as one PDF; each starts a new page and numbers its own pages."""
    styles.register_fonts()
    story: list[Flowable] = []
    for i, s in enumerate(d.statements):
        if i:
            story.append(PageBreak())
        story.extend(statement_story(d, s))
    if not story:
        story.append(Head(d.league, "Fine Statement", [f"Season {d.season}"], f"{d.league} · fine statements"))
        story.append(Paragraph("No team to bill.", styles.BODY))
    return build_pdf(story, title=f"Fine statements {d.season}", subject=f"{d.league} {d.season}: fine statements",
                     author=d.league)
