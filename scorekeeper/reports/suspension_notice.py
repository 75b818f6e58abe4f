"""The notice of suspension to the team captain (before the team's next game), with Section 8's appeal procedure.

`build_suspension_notices(SuspensionNoticesData) -> bytes`: one notice per suspension, each on its own page.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table

from scorekeeper.reports import styles
from scorekeeper.reports.styles import GRID, NAVY, TINT, esc, money
from scorekeeper.reports.suspension_notices_data import SuspensionNotice, SuspensionNoticesData
from scorekeeper.reports.templates import BODY_W, Head, build_pdf
from scorekeeper.reports.wording import games_words, long_date
from scorekeeper.rules.appeals import appeal_ways

STATUS = {"active": "In force: the player may not dress", "served": "Served",
          "lifted": "Lifted: the player may dress again"}
APPEAL = {None: "None filed", "pending": "Pending: the suspension stays in force until it is decided",
          "denied": "Denied", "upheld": "Upheld: suspension lifted and its fines waived"}


def _length(n: SuspensionNotice) -> str:
    if n.kind == "games" and n.games is not None:
        return games_words(n.games)
    if n.kind == "season":
        return "the rest of the season"
    if n.games:
        return f"an indefinite period, not less than {games_words(n.games)}"
    return "an indefinite period"


def _addresses(d: SuspensionNoticesData, n: SuspensionNotice) -> Table:
    to = ["<font size=6.5 color='#5a6672'><b>TO</b></font>",
          f"<b>{esc(n.captain) if n.captain else 'The team captain'}</b>, captain, {esc(n.team)}",
          esc(n.captain_email) if n.captain_email else "E-mail: none on file"]
    meta = [("NOTICE NO.", n.number), ("DATE", long_date(d.date)), ("SEASON", d.season)]
    meta_html = "<br/>".join(f"<font size=6.5 color='#5a6672'><b>{k}</b></font>&nbsp;&nbsp;{esc(v)}"
                             for k, v in meta)
    t = Table([[Paragraph("<br/>".join(to), styles.BOX_TEXT), Paragraph(meta_html, styles.BOX_TEXT)]],
              colWidths=[BODY_W * 0.58, BODY_W * 0.42])
    t.setStyle([("BOX", (0, 0), (0, 0), 0.6, NAVY), ("BACKGROUND", (1, 0), (1, 0), TINT),
                ("BOX", (1, 0), (1, 0), 0.6, NAVY), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 7), ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 6)])
    return t


def _details(n: SuspensionNotice) -> Table:
    player = f"{n.player}" + (f" (#{n.jersey})" if n.jersey is not None else "") + f", {n.team}"
    game = f"Game {n.game}, {long_date(n.game_date)} {n.game_time}, against {n.opponent}"
    if n.rink:
        game += f", {n.rink}"
    if n.kind == "games":
        progress = f"{n.served} served, {n.left} left"
    else:
        progress = f"{n.served} game{'s' if n.served != 1 else ''} missed so far"
    rows: list[tuple[str, str]] = [
        ("Player", player),
        ("Offence", n.offence),
        ("Game", game),
        ("Penalties", "\n".join(n.penalties) or "—"),
        ("Rule", f"{n.rule}: {n.rule_title} (rulebook {n.section})" if n.section else f"{n.rule}: {n.rule_title}"),
        ("Suspension", _length(n)[0].upper() + _length(n)[1:]),
        ("Games served", progress),
        ("Status", STATUS.get(n.status, n.status)),
        ("Fine", f"{money(n.fine_cents)}, paid by the {n.fine_payer}" if n.fine_cents else "None"),
        ("Suspension Director", "This case goes to the league's Suspension Director for review" if n.review
         else "No review required"),
        ("Appeal", APPEAL.get(n.appeal, str(n.appeal))),
    ]
    cells = [[Paragraph(f"<b>{esc(k)}</b>", styles.CELL9_BOLD),
              Paragraph(esc(v).replace("\n", "<br/>"), styles.CELL9)] for k, v in rows]
    t = Table(cells, colWidths=[110, BODY_W - 110])
    t.setStyle([("BOX", (0, 0), (-1, -1), 0.6, NAVY), ("LINEBELOW", (0, 0), (-1, -2), 0.25, GRID),
                ("BACKGROUND", (0, 0), (0, -1), TINT), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                ("LEFTPADDING", (0, 0), (-1, -1), 6)])
    return t


def _schedule(n: SuspensionNotice) -> list[Flowable]:
    if not n.schedule:
        return []
    rows: list[list[Any]] = [["", "Date", "Game", "Opponent", "This suspension"]]
    for i, g in enumerate(n.schedule, 1):
        rows.append([str(i), long_date(g.date), g.game, Paragraph(esc(g.opponent), styles.CELL9), g.state])
    if n.kind == "games" and n.games is not None and len(n.schedule) < n.games:
        rows.append(["", "", "", Paragraph(f"{n.games - len(n.schedule)} more game(s) not yet scheduled",
                                            styles.CELL9.clone("muted", textColor=styles.MUTED)), "to be missed"])
    t = Table(rows, colWidths=[20, 110, 60, BODY_W - 290, 100], repeatRows=1)
    t.setStyle(styles.table_style(size=8))
    return [Paragraph("Games the player sits out", styles.SECTION), t]


def notice_story(d: SuspensionNoticesData, n: SuspensionNotice) -> list[Flowable]:
    head = Head(d.league, "Notice of Suspension", [f"Notice {n.number}", long_date(d.date), f"Season {d.season}"],
                f"{d.league} · Notice of suspension {n.number} · season {d.season}", n.number)
    fee = money(d.appeal_fee_cents)
    opening = (f"This is to notify you, as captain of <b>{esc(n.team)}</b>, that <b>{esc(n.player)}</b>"
               + (f" (#{n.jersey})" if n.jersey is not None else "")
               + (" is proposed for a suspension" if n.status in ("proposed", "declined") else " is suspended")
               + f" for <b>{esc(_length(n))}</b> for <b>{esc(n.offence)}</b> in game "
               f"{esc(n.game)} on {esc(long_date(n.game_date))} against {esc(n.opponent)} "
               f"({esc(n.rule)}, rulebook {esc(n.section or 'fines table')}).")
    if n.kind == "games" and n.left is not None:
        opening += f" Games served: <b>{n.served}</b>; games left: <b>{n.left}</b>."
    body: list[Flowable] = [head, _addresses(d, n), Spacer(0, 12),
                            Paragraph(f"Re: suspension of {esc(n.player)}", styles.HEADING),
                            Paragraph(opening, styles.BODY), Spacer(0, 4),
                            Paragraph("A proposed suspension bars the player only once the league office "
                                      "confirms it; until then the player may dress." if n.status in (
                                          "proposed", "declined") else
                                      "The suspended player may not dress for any game of the team until the "
                                      "suspension is served. A suspension is served by the team's next games in "
                                      "date order. Dressing a suspended player is playing an "
                                      "ineligible player.", styles.BODY),
                            Spacer(0, 8), _details(n)]
    if n.review:
        body += [Spacer(0, 8), Paragraph(
            "<b>Review by the Suspension Director.</b> The league reviews all misconducts and suspensions; this "
            "case is referred to the league's Suspension Director for review"
            + (", and the suspension stands until the Director lifts it" if n.kind == "indefinite" else "")
            + ". You will be told of the outcome.", styles.BODY)]
    if n.confirm:  # PEN-GM-2: the row proposes; the office confirms or declines
        who = esc(_confirmer(n.confirm))
        body += [Spacer(0, 8), Paragraph({
            "declined": f"<b>Declined.</b> The {who} declined this proposed suspension: it does not apply, and the "
                        "player may dress.",
            "proposed": f"<b>Subject to confirmation.</b> Proposed: awaiting the office's decision. This suspension is "
                        f"proposed by the league office and applies subject to the {who}'s confirmation; until it "
                        "is confirmed the player may dress. You will be told when it is confirmed or declined.",
        }.get(n.status, f"<b>Confirmed.</b> The {who} confirmed this suspension: it applies from the date of the "
                        "decision."), styles.BODY)]
    body += _schedule(n)
    appeal = Table([[Paragraph(
        "<b>APPEAL PROCEDURE (rulebook Section 8)</b><br/>"
        "Any player or team who disagrees with a suspension may appeal. Players are <b>NOT PERMITTED</b> to "
        "participate until a final decision has been made on an appeal. Only the division Director or his designate "
        "deals with appeals.<br/>"
        + _appeal_how(d, fee), styles.BODY_SMALL)]], colWidths=[BODY_W])
    appeal.setStyle([("BOX", (0, 0), (-1, -1), 1, styles.ALERT), ("LEFTPADDING", (0, 0), (-1, -1), 8),
                     ("RIGHTPADDING", (0, 0), (-1, -1), 8), ("TOPPADDING", (0, 0), (-1, -1), 6),
                     ("BOTTOMPADDING", (0, 0), (-1, -1), 8)])
    sign = Table([[Paragraph("<font size=6.5 color='#5a6672'>For the league office / Suspension Director</font>",
                             styles.BODY_SMALL), ""]], colWidths=[BODY_W * 0.5, BODY_W * 0.5])
    sign.setStyle([("LINEABOVE", (0, 0), (0, 0), 0.6, styles.INK), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                   ("TOPPADDING", (0, 0), (-1, -1), 2)])
    body += [Spacer(0, 10), KeepTogether([appeal]), Spacer(0, 30), KeepTogether([sign])]
    return body


def _confirmer(who: str) -> str:
    """'director' -> 'Suspension Director' (the rulebook's word otherwise)."""
    return "Suspension Director" if who == "director" else who.replace("_", " ")


def _appeal_how(d: SuspensionNoticesData, fee: str) -> str:
    """How an appeal is filed, as the rulebook's channels say (Section 8's words for the official form alone)."""
    if d.appeal_channels == ("official_form",):
        return (f"Appeals may only be submitted on an <b>Official League Appeal Form</b>, which can be purchased "
                f"from the canteen at a cost of <b>{fee}</b>.<br/>"
                "<b>NO E-MAIL APPEALS OR PHONE CALLS WILL BE ACCEPTED.</b>")
    ways = [esc(w) for w in appeal_ways(d.appeal_channels)]
    if not ways:
        return "Ask the league office how to file an appeal."
    return f"Appeals may be submitted {' or '.join(ways)}; the fee is <b>{fee}</b>."


def build_suspension_notices(d: SuspensionNoticesData) -> bytes:
    """Every notice in `d` as one PDF, each starting a new page."""
    styles.register_fonts()
    story: list[Flowable] = []
    for i, n in enumerate(d.notices):
        if i:
            story.append(PageBreak())
        story.extend(notice_story(d, n))
    if not story:
        story.append(Head(d.league, "Notice of Suspension", [f"Season {d.season}"], d.league))
        story.append(Paragraph("No suspension.", styles.BODY))
    names = ", ".join(dict.fromkeys(n.player for n in d.notices))
    return build_pdf(story, title=f"Notice of suspension: {names}", subject=f"{d.league} {d.season}: suspension",
                     author=d.league)
