"""The fine statements' data: each team's end-of-season statement (its fines line by line, the payments, the
totals), gathered in named steps from the facade's fines ledger."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scorekeeper.reports.season_lookup import dressed_in, labelled, league_name, player_name, rule_section, team_name
from scorekeeper.reports.wording import ReportError, cents, issued_on, printed_name, suspension_text
from scorekeeper.rules.discipline import offence_text, sanctions, suspension_verdicts
from scorekeeper.rules.fines import payments_applied
from scorekeeper.season_data import PaymentData

if TYPE_CHECKING:
    from scorekeeper.reports.source import ReportSource
    from scorekeeper.results_records import FineRow, Fines, FineTotals, GameResult
    from scorekeeper.rulebook.model import DisciplineRow
    from scorekeeper.season.records import SuspensionVerdict
    from scorekeeper.season.view import SeasonView
    from scorekeeper.season_data import TeamData

Payment = tuple[PaymentData, str, int, tuple[str, str, str] | None]
"""A part of a payment as the ledger applies it: (payment, team it goes to, cents, the fine it paid or None)."""


@dataclass
class FineLine:
    date: str
    game: str
    who: str
    payer: str  # "player" or "team"
    infraction: str
    rule: str
    section: str
    suspension: str
    amount_cents: int
    fine_row: str = ""  # the line of the league's fines table, as the rulebook row names it
    paid: list[tuple[str, int]] = field(default_factory=list)  # (date, cents) of payments naming this fine


@dataclass
class PaymentLine:
    date: str
    payer: str
    memo: str
    amount_cents: int
    fine: str = ""  # the fine it paid, when the payment named one: "game WSHL-015, FINE-3"


@dataclass
class FineStatement:
    number: str
    team_id: str
    team: str
    division: str
    captain: str
    captain_email: str
    lines: list[FineLine] = field(default_factory=list)
    payments: list[PaymentLine] = field(default_factory=list)
    player_fines_cents: int = 0
    team_fines_cents: int = 0
    fines_cents: int = 0
    paid_cents: int = 0
    balance_cents: int = 0


@dataclass
class FineStatementsData:
    league: str
    season: str
    date: str
    appeal_fee_cents: int
    statements: list[FineStatement] = field(default_factory=list)
    appeal_channels: tuple[str, ...] = ("official_form",)  # how an appeal may be filed (the rulebook's)


@dataclass
class _Ledger:
    """What each statement's steps share: the season, its fines ledger and the payments as applied to it."""

    svc: ReportSource
    season: str | None
    view: SeasonView
    ledger: Fines
    parts: list[Payment]
    susp_rows: list[SuspensionVerdict] = field(default_factory=list)
    rows_of: dict[tuple[str, str, str], DisciplineRow] = field(default_factory=dict)
    on_fines: dict[tuple[str, str, str], list[tuple[str, int]]] = field(default_factory=dict)
    games: dict[str, GameResult] = field(default_factory=dict)

    def game_json(self, gid: str) -> GameResult:
        """The facade's answer for a game, asked once."""
        if gid not in self.games:
            self.games[gid] = self.svc.game(gid, self.season)
        return self.games[gid]


def _ledger(svc: ReportSource, view: SeasonView, season: str | None) -> _Ledger:
    ledger = svc.fines(season)
    out = _Ledger(svc, season, view, ledger, [], suspension_verdicts(view))
    # A player's payment goes to the statements carrying the player's fines (as the ledger counts it).
    out.parts = payments_applied(view, ledger["fines"])
    for p, _, part, fine in out.parts:
        if fine is not None:
            out.on_fines.setdefault(fine, []).append((str(p.get("date", "")), part))
    out.rows_of = {(s.player, s.game, s.row.rule): s.row for s in sanctions(view)}
    return out


def _fine_line(led: _Ledger, tid: str, f: FineRow) -> FineLine:
    """One fine on the team's statement: the game, who, the offence, the suspension, the amount and payments."""
    view = led.view
    book = view.book
    g = view.games.get(f["game"])
    gj = led.game_json(f["game"])
    pens = [p for p in gj["penalties"] if p["player"] == f["player"]]
    side = "home" if (g.get("home") if g else None) == tid else "away"
    opp = team_name(view, (g.get("away", "") if side == "home" else g.get("home", "")) if g else "")
    number = dressed_in(view, g).get(f["player"], ("", None, {}))[1] if g else None
    player_label = labelled(view, number, f["player"])
    payer = "team" if "team" in f["payer"] else "player"
    susp = next((s for s in led.susp_rows if s.player == f["player"] and s.game == f["game"]
                 and s.rule == f["rule"]), None)
    return FineLine(
        date=str(g.get("date", "")) if g else "", game=f"{view.game_name(f['game'])} vs {opp}",
        who=player_label if payer == "player" else f"Team fine (re {player_label})", payer=payer,
        infraction=offence_text(book, f["rule"], pens), rule=f["rule"],
        section=rule_section(book, f["rule"]),
        suspension=suspension_text(susp) if susp else "—", amount_cents=cents(f["amount"]),
        fine_row=row.fine_row if (row := led.rows_of.get((f["player"], f["game"], f["rule"]))) else "",
        paid=led.on_fines.get((next(iter(f["payer"].values())), f["game"], f["rule"]), []))


def _payments(led: _Ledger, tid: str) -> list[PaymentLine]:
    """The payments (or their parts) that went to the team's statement."""
    view = led.view
    out = []
    for p, owner, part, fine in led.parts:
        kind, ref = next(iter(p["payer"].items()))
        if owner == tid:
            out.append(PaymentLine(str(p.get("date", "")), "Team" if kind == "team" else player_name(view, ref),
                                   str(p.get("memo") or ""), part,
                                   f"game {view.game_name(fine[1])}, {fine[2]}" if fine is not None else ""))
    return out


def _statement(led: _Ledger, tid: str, t: TeamData, totals: dict[str, FineTotals]) -> FineStatement:
    """The team's statement: its fines in game order, subtotals, payments, and the ledger's totals."""
    view = led.view
    order = {gid: i for i, gid in enumerate(view.games)}
    captain = t.get("captain")
    d = view.divisions.get(t["division"])
    st = FineStatement(number=printed_name(view.statement_number(tid)), team_id=tid, team=printed_name(str(t["name"])),
                       division=printed_name(str(d.get("name", t["division"]) if d else t["division"])),
                       captain=player_name(view, captain) if captain else "",
                       captain_email=str(t.get("captain_email") or ""))
    rows = sorted((f for f in led.ledger["fines"] if f["team"] == tid), key=lambda f: order.get(f["game"], 0))
    st.lines = [_fine_line(led, tid, f) for f in rows]
    st.player_fines_cents = sum(x.amount_cents for x in st.lines if x.payer == "player")
    st.team_fines_cents = sum(x.amount_cents for x in st.lines if x.payer == "team")
    st.payments = _payments(led, tid)
    tot = totals.get(tid)
    st.fines_cents = cents(tot["fines"]) if tot else st.player_fines_cents + st.team_fines_cents
    st.paid_cents = cents(tot["paid"]) if tot else sum(p.amount_cents for p in st.payments)
    st.balance_cents = cents(tot["balance"]) if tot else st.fines_cents - st.paid_cents
    return st


def fine_statements_data(svc: ReportSource, team: str | None = None, date: str | dt.date | None = None,
                         season: str | None = None) -> FineStatementsData:
    """Every team's end-of-season fine statement (or one team's), numbered '<season> <team name>'."""
    view = svc.view(season)
    book = view.book
    if team is not None and team not in view.teams:
        raise ReportError(f"no team {team!r} in season {view.name} (teams: {', '.join(view.teams)})")
    issued = issued_on(date)
    led = _ledger(svc, view, season)
    totals = {t["team"]: t for t in led.ledger["totals"]}
    out = FineStatementsData(league_name(view), view.name, issued, book.appeal_fee_cents,
                             appeal_channels=book.appeal_channels)
    out.statements = [_statement(led, tid, t, totals) for tid, t in view.teams.items() if team is None or tid == team]
    return out
