"""The messages: one e-mail per suspension not yet notified (rulebook Section 8: "All suspensions will be sent
via email to the team captain prior to your team's next game"), one per team's fine statement, each with its
PDF attached.

The PDFs come from `scorekeeper.reports` (the printed notice and statement); where that package is not
installed, a plain one-page PDF with the same text is attached instead. Each message carries `X-Scorekeeper-*`
headers naming what it is about, so that what was sent can be recorded from the message alone (also from a
saved .eml file).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import TYPE_CHECKING

from scorekeeper.email_address import address_problem, sender_problem, shown
from scorekeeper.mail.settings import MailError, MailSettings
from scorekeeper.rules.appeals import appeal_ways
from scorekeeper.rules.discipline import offence_name, suspension_verdicts
from scorekeeper.season.records import SuspensionVerdict
from scorekeeper.seasonfile import money_to_cents
from scorekeeper.textfmt import long_date

if TYPE_CHECKING:
    from scorekeeper.reports.source import ReportSource
    from scorekeeper.results_records import FineRow, GamePenalty
    from scorekeeper.season.view import SeasonView

KIND_NOTICE = "suspension-notice"
KIND_STATEMENT = "fine-statement"
H_KIND, H_SEASON, H_PLAYER, H_GAME, H_TEAM = ("X-Scorekeeper-Kind", "X-Scorekeeper-Season", "X-Scorekeeper-Player",
                                              "X-Scorekeeper-Game", "X-Scorekeeper-Team")


@dataclass
class Skipped:
    """A message that could not be composed, and why (a team with no captain e-mail, say)."""

    kind: str
    team: str
    subject: str  # what it was about: "the suspension notice of OT4 Otters (Otters, game WSHL-015)"
    reason: str

    @property
    def text(self) -> str:
        return f"{self.subject} not sent: {self.reason}"


@dataclass
class Batch:
    """Messages ready to send, and what could not be composed."""

    messages: list[EmailMessage] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.messages)


# -- helpers -----------------------------------------------------------------------------------------------
def _money(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}" if cents >= 0 else f"-{_money(-cents)}"


def _cents(text: str | None) -> int:
    return money_to_cents(text) if text else 0


def _domain(sender: str) -> str:
    _, _, domain = sender.rpartition("@")
    domain = domain.strip(" >")
    return domain if re.fullmatch(r"[A-Za-z0-9.-]+", domain or "") else "scorekeeper.invalid"


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "x"


def _team_name(view: SeasonView, team: str) -> str:
    return str(t.get("name", team) if (t := view.teams.get(team)) else team)


def _jersey(view: SeasonView, team: str, player: str, date: str | None) -> int | None:
    s = view.signing(team, player, date) or view.signing(team, player)
    return int(s["number"]) if s and s.get("number") is not None else None


def _captain(view: SeasonView, team: str) -> tuple[str, str]:
    """(name, e-mail) of the team's captain; '' where the season file has none."""
    t = view.teams.get(team)
    cap = t.get("captain") if t else None
    return (view.player_name(cap) if cap else ""), str((t.get("captain_email") if t else None) or "").strip()


def _no_address(view: SeasonView, team: str, tname: str, email: str) -> str | None:
    """Why the captain's e-mail cannot be written to (none, or not one address), or None."""
    if not email:
        return f"the {tname} have no captain e-mail in the season file (add the team's captain_email)"
    problem = address_problem(email)
    return None if problem is None else (f"the captain e-mail of the {tname} ({shown(email)}) is not one e-mail "
                                         f"address: {problem}; correct it on the team")


def _one_line(text: str) -> str:
    """A header value: line breaks and other control characters become spaces."""
    return re.sub(r"[\x00-\x1f\x7f\u2028\u2029\x85]+", " ", text).strip()


def _new_message(*, sender: str, to_name: str, to_addr: str, subject: str, body: str, headers: dict[str, str],
                 pdf: bytes, filename: str) -> EmailMessage:
    msg = EmailMessage()
    if sender:
        msg["From"] = sender
    msg["To"] = Address(display_name=_one_line(to_name), addr_spec=to_addr)  # the name quoted as it needs
    msg["Subject"] = _one_line(subject)
    msg["Date"] = formatdate(localtime=True)
    msg["Message-ID"] = make_msgid(domain=_domain(sender))
    for k, v in headers.items():
        msg[k] = _one_line(v)
    msg.set_content(body)
    msg.add_attachment(pdf, maintype="application", subtype="pdf", filename=filename)
    return msg


def _sender(settings: MailSettings | None, sender: str | None) -> str:
    """The From address ('' when none is set); one that is not one address is refused (MailError)."""
    frm = (sender if sender is not None else settings.sender if settings is not None else "").strip()
    problem = sender_problem(frm) if frm else None
    if problem:
        raise MailError(f"the sender {shown(frm)} is not one e-mail address: {problem} (give --sender ADDR, or "
                        "correct it in the mail settings)")
    return frm


# -- the plain PDF used when scorekeeper.reports is not there ----------------------------------------------------
def plain_pdf(title: str, lines: list[str]) -> bytes:
    """A plain, repeatable PDF of a title and paragraphs of text (ReportLab's canvas, no styles)."""
    import io

    from reportlab.lib.pagesizes import letter
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen.canvas import Canvas

    from scorekeeper.resources import resource_path

    font, bold = "Helvetica", "Helvetica-Bold"
    ttf, ttf_bold = resource_path("fonts", "DejaVuSans.ttf"), resource_path("fonts", "DejaVuSans-Bold.ttf")
    if ttf.is_file() and ttf_bold.is_file():
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        if "SkDejaVu" not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont("SkDejaVu", str(ttf)))
            pdfmetrics.registerFont(TTFont("SkDejaVu-Bold", str(ttf_bold)))
        font, bold = "SkDejaVu", "SkDejaVu-Bold"
    buf = io.BytesIO()
    width, height = letter
    margin, size, lead = 54.0, 10.0, 13.0
    c = Canvas(buf, pagesize=letter, invariant=1)
    c.setTitle(title)
    y = height - margin
    c.setFont(bold, 14)
    c.drawString(margin, y, title)
    y -= 26
    for para in lines:
        for line in simpleSplit(para, font, size, width - 2 * margin) or [""]:
            if y < margin:
                c.showPage()
                y = height - margin
            c.setFont(font, size)
            c.drawString(margin, y, line)
            y -= lead
        y -= lead / 2
    c.showPage()
    c.save()
    return buf.getvalue()


# -- suspension notices ----------------------------------------------------------------------------------------
def _length(s: SuspensionVerdict) -> str:
    if s.kind == "games":
        n = int(s.games or 0)
        return f"{n} game{'s' if n != 1 else ''}"
    if s.kind == "season":
        return "the rest of the season"
    return f"an indefinite suspension (at least {s.games} games)" if s.games else "an indefinite suspension"


def _period(view: SeasonView, period: int) -> str:
    n = view.book.clock.periods
    if period <= n:
        word = view.book.clock.period_word or "period"
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(period, "th")
        return f"{period}{suffix} {word}"
    return "overtime" if period == n + 1 else f"overtime {period - n}"


def appeal_procedure(fee_cents: int, channels: tuple[str, ...] = ("official_form",)) -> str:
    """Rulebook Section 8, as the notice's e-mail says it: how an appeal is filed follows the rulebook's channels
    (the words of the printed notice)."""
    if channels == ("official_form",):
        how = ("Appeals may only be submitted on an Official League Appeal Form, which can be purchased from the "
               f"canteen at a cost of {_money(fee_cents)}. NO E-MAIL APPEALS OR PHONE CALLS WILL BE ACCEPTED.")
    elif channels:
        how = f"Appeals may be submitted {' or '.join(appeal_ways(channels))}; the fee is {_money(fee_cents)}."
    else:
        how = "Ask the league office how to file an appeal."
    return ("Appeal procedure (rulebook Section 8): any player or team who disagrees with a suspension may appeal. "
            f"{how} Only the division Director or his designate deals with appeals. Players are NOT permitted to "
            "participate until a final decision has been made on an appeal.")


def notices_sent(svc: ReportSource, season: str | None = None) -> dict[tuple[str, str], str]:
    """(player, game) -> when the captain was e-mailed the suspension, as the office recorded it."""
    return dict(svc.view(season).office.notices)


def _notice_pdf(svc: ReportSource, player: str, game: str, season: str | None, date: str,
                fallback: tuple[str, list[str]]) -> bytes:
    try:
        from scorekeeper.reports.data import ReportError, suspension_notices_data
        from scorekeeper.reports.suspension_notice import build_suspension_notices
    except ImportError:
        return plain_pdf(*fallback)
    try:
        return build_suspension_notices(suspension_notices_data(svc, player, game=game, date=date, season=season))
    except ReportError:
        return plain_pdf(*fallback)


def _verdict_lines(view: SeasonView, s: SuspensionVerdict, pens: list[GamePenalty], fines: list[FineRow],
                   who: str, in_game: str) -> list[str]:
    """One suspension in the notice's words: what, for how long and why; games served and left, the fine, the
    review, the status and the appeal; a blank line after."""
    offence = offence_name(view, s.rule, pens)
    section = view.book.section(s.rule) or "fines table"
    verb = "is proposed for a suspension" if s.status in ("proposed", "declined") else "is suspended"
    lines = [f"{who} {verb} for {_length(s)} for {offence.lower()} {in_game} ({s.rule}, rulebook {section})."]
    if s.kind == "games":
        lines.append(f"Games served: {s.served}; games left: {s.left}.")
    mine = [f for f in fines if f.get("player") == s.player and f["game"] == s.game and f["rule"] == s.rule]
    fine = sum(_cents(f["amount"]) for f in mine)
    if fine:
        payer = next((("the team" if "team" in f["payer"] else "the player") for f in mine), "")
        lines.append(f"Fine: {_money(fine)}, owed by {payer}.")
    if s.review:
        lines.append("The case is referred to the league's Suspension Director for review.")
    if s.status == "proposed":  # PEN-GM-2: the rulebook's row proposes; the office decides
        lines.append("Status: proposed: awaiting the office's decision. Until it is confirmed the player "
                     "may dress; you will be told when it is confirmed or declined.")
    elif s.status != "active":
        lines.append(f"Status: {s.status}.")
    if s.appeal:
        lines.append(f"Appeal: {s.appeal}.")
    lines.append("")
    return lines


def _penalty_lines(view: SeasonView, pens: list[GamePenalty]) -> list[str]:
    """The player's penalties in the game, as the notice lists them (none: no lines)."""
    if not pens:
        return []
    lines = ["Penalties in that game:"]
    for p in pens:
        inf = view.book.infractions.get(p["infraction"])
        lines.append(f"  {_period(view, p['period'])} {p['elapsed']}: {inf.name if inf else p['infraction']} "
                     f"({p['class'].replace('_', ' ')}, {p['minutes']} min)")
    return [*lines, ""]


@dataclass
class _Notices:
    """What each notice of a batch shares: the source, the season, the sender, the date, the league, the fines."""

    svc: ReportSource
    season: str | None
    view: SeasonView
    sender: str
    issued: str
    league: str
    fines: list[FineRow]


def _notice_message(n: _Notices, player: str, game: str, rows: list[SuspensionVerdict]) -> EmailMessage | Skipped:
    """The message of the player's suspensions from one game, or why it cannot be sent."""
    view, book = n.view, n.view.book
    team = rows[0].team
    g = view.games[game]
    name = view.player_name(player)
    tname = _team_name(view, team)
    gname = view.game_name(game)  # the league's game number, as the signed sheet has it
    cap_name, cap_email = _captain(view, team)
    why = _no_address(view, team, tname, cap_email)
    if why:
        return Skipped(KIND_NOTICE, team, f"the suspension notice of {name} ({tname}, game {gname})", why)
    pens = [p for p in n.svc.game(game, n.season)["penalties"] if p["player"] == player]
    opponent = _team_name(view, g["away"] if g["home"] == team else g["home"])
    number = _jersey(view, team, player, g["date"])
    who = f"{name} (#{number})" if number is not None else name
    in_game = f"in game {gname} on {long_date(g['date'])} at {g['time']} against the {opponent}"
    lines = [f"To {cap_name or 'the captain'}, captain of the {tname},", ""]
    for s in rows:
        lines += _verdict_lines(view, s, pens, n.fines, f"{who} of the {tname}", in_game)
    lines += _penalty_lines(view, pens)
    lines += ["The suspended player may not dress for any game of the team until the suspension is served; a "
              "suspension is served by the team's next games in date order.", "",
              appeal_procedure(book.appeal_fee_cents, book.appeal_channels), "",
              "The notice is attached as a PDF.", "", f"{n.league} office"]
    body = "\n".join(lines) + "\n"
    subject = f"{n.league}: suspension of {name} ({tname}), {' and '.join(_length(s) for s in rows)}"
    pdf = _notice_pdf(n.svc, player, game, n.season, n.issued, (f"Notice of suspension: {name}", lines))
    headers = {H_KIND: KIND_NOTICE, H_SEASON: view.name, H_PLAYER: player, H_GAME: game, H_TEAM: team}
    return _new_message(
        sender=n.sender, to_name=cap_name, to_addr=cap_email, subject=subject, body=body, headers=headers, pdf=pdf,
        filename=f"suspension-notice-{_safe(view.name)}-{_safe(player)}-{_safe(gname)}.pdf")


def suspension_notice_messages(svc: ReportSource, settings: MailSettings | None = None, *,
                               sender: str | None = None, season: str | None = None, date: str | None = None,
                               include_sent: bool = False) -> Batch:
    """One message per suspension whose captain notice is not recorded yet (every one with `include_sent`),
    to the captain's e-mail of the player's team, the notice PDF attached. Suspensions from the same game of
    the same player (a fight and the season's sixth incident, say) share one notice."""
    view = svc.view(season)
    sent = notices_sent(svc, season)
    frm = _sender(settings, sender)
    issued = date or dt.date.today().isoformat()
    league = str(view.data.get("league", "") or "the league")
    notices = _Notices(svc, season, view, frm, issued, league, svc.fines(season)["fines"])
    grouped: dict[tuple[str, str], list[SuspensionVerdict]] = {}
    for s in suspension_verdicts(view):
        grouped.setdefault((s.player, s.game), []).append(s)
    batch = Batch()
    for (player, game), rows in grouped.items():
        if not include_sent and (player, game) in sent:
            continue
        message = _notice_message(notices, player, game, rows)
        if isinstance(message, Skipped):
            batch.skipped.append(message)
        else:
            batch.messages.append(message)
    return batch


# -- fine statements -------------------------------------------------------------------------------------------
def _statement_pdf(svc: ReportSource, team: str, season: str | None, date: str, fallback: tuple[str, list[str]]
                   ) -> bytes:
    try:
        from scorekeeper.reports.data import ReportError, fine_statements_data
        from scorekeeper.reports.fine_statements import build_fine_statements
    except ImportError:
        return plain_pdf(*fallback)
    try:
        return build_fine_statements(fine_statements_data(svc, team=team, date=date, season=season))
    except ReportError:
        return plain_pdf(*fallback)


def fine_statement_messages(svc: ReportSource, settings: MailSettings | None = None, *, sender: str | None = None,
                            season: str | None = None, date: str | None = None, team: str | None = None,
                            owing_only: bool = False) -> Batch:
    """Each team's end-of-season fine statement (or one team's), to its captain's e-mail, the statement PDF
    attached. `owing_only`: only teams with a balance to pay."""
    from scorekeeper.facade.errors import ServiceError

    view = svc.view(season)
    if team is not None and team not in view.teams:
        raise ServiceError(f"no team {team!r} in season {view.name} (teams: {', '.join(view.teams)})")
    frm = _sender(settings, sender)
    issued = date or dt.date.today().isoformat()
    league = str(view.data.get("league", "") or "the league")
    ledger = svc.fines(season)
    totals = {t["team"]: t for t in ledger["totals"]}
    batch = Batch()
    for tid in view.teams:
        if team is not None and tid != team:
            continue
        tot = totals.get(tid, {"fines": "0.00", "paid": "0.00", "balance": "0.00"})
        balance = _cents(tot["balance"])
        if owing_only and balance <= 0:
            continue
        tname = _team_name(view, tid)
        number = view.statement_number(tid)
        what = f"the fine statement of the {tname}"
        cap_name, cap_email = _captain(view, tid)
        why = _no_address(view, tid, tname, cap_email)
        if why:
            batch.skipped.append(Skipped(KIND_STATEMENT, tid, what, why))
            continue
        lines = [f"To {cap_name or 'the captain'}, captain of the {tname},", "",
                 f"Here is fine statement {number} of the {tname} for the {view.name} season, issued "
                 f"{long_date(issued)}.", ""]
        mine = [f for f in ledger["fines"] if f["team"] == tid]
        if mine:
            lines.append("Fines:")
            for f in mine:
                g = view.games.get(f["game"])
                who = (f"team fine (re {view.player_name(f['player'])})" if "team" in f["payer"]
                       else view.player_name(f.get("player") or next(iter(f["payer"].values()))))
                ref = view.book.rules.get(f["rule"])
                lines.append(f"  {g.get('date', '') if g else ''} game {view.game_name(f['game'])}: {who}, "
                             f"{ref.title if ref else f['rule']} ({f['rule']}): {_money(_cents(f['amount']))}")
            lines.append("")
        else:
            lines += ["No fines this season.", ""]
        lines += [f"Fines: {_money(_cents(tot['fines']))}", f"Paid: {_money(_cents(tot['paid']))}",
                  f"Balance due: {_money(balance)}", ""]
        if balance > 0:
            lines += [f"Please pay the balance to the league office, quoting statement no. {number}. A player's fine "
                      "appears on the statement of the team the player played for in that game.", ""]
        lines += ["The statement is attached as a PDF.", "", f"{league} office"]
        body = "\n".join(lines) + "\n"
        subject = f"{league}: fine statement {number} ({tname}), balance {_money(balance)}"
        pdf = _statement_pdf(svc, tid, season, issued, (f"Fine statement {number}: {tname}", lines))
        headers = {H_KIND: KIND_STATEMENT, H_SEASON: view.name, H_TEAM: tid}
        batch.messages.append(_new_message(
            sender=frm, to_name=cap_name, to_addr=cap_email, subject=subject, body=body, headers=headers, pdf=pdf,
            filename=f"fine-statement-{_safe(number)}.pdf"))
    return batch
