"""The plain data each printed record is built from, gathered through the facade's public methods only.

The builders (game_sheet, fine_statements, suspension_notice, standings_report) take these dataclasses and
never see a model, a query or the facade, so they can be tested and previewed from hand-made data. Nothing
here imports ReportLab. Money stays in integer cents until it is printed.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorekeeper.engine import goalie_shots
from scorekeeper.engine.goaltending import goalie_lines
from scorekeeper.facade.errors import ServiceError
from scorekeeper.reports.signature_lines import SheetSignature, sheet_signatures
from scorekeeper.rules.discipline import offence_text, sanctions, suspension_verdicts
from scorekeeper.rules.eligibility import player_status
from scorekeeper.rules.fines import payments_applied
from scorekeeper.rules.league_report import REPORT_RULE
from scorekeeper.rules.suspensions import applies_in, counts_toward
from scorekeeper.rules.tiebreakers import standings_note
from scorekeeper.season.records import Sanction, SuspensionVerdict
from scorekeeper.season.standings import readable
from scorekeeper.season.view import active_on
from scorekeeper.seasonfile import game_officials as officials_of

if TYPE_CHECKING:
    from scorekeeper.rulebook.model import Rulebook
    from scorekeeper.season.view import SeasonView
    from scorekeeper.services import Services

SIDES = ("home", "away")
DECISIONS = {"regulation": "regulation", "overtime": "overtime", "mercy": "mercy rule", "forfeit": "forfeit",
             "double_forfeit": "double forfeit", "called": "called by the referee", "shootout": "shootout"}
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


class ReportError(Exception):
    """A record that cannot be printed (unknown game, team or player; nothing to print), for a person."""


# -- small formatting helpers (no ReportLab) --------------------------------------------------------------
def long_date(iso: str) -> str:
    """'2015-10-04' -> 'October 4, 2015' (no locale: the same on every PC)."""
    try:
        d = dt.date.fromisoformat(iso)
    except (TypeError, ValueError):
        return str(iso or "")
    return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"


def cents(text: str | None) -> int:
    """'20.00' / '-10.00' -> integer cents."""
    if not text:
        return 0
    sign = -1 if text.startswith("-") else 1
    whole, _, frac = text.lstrip("-").partition(".")
    return sign * (int(whole or 0) * 100 + int((frac + "00")[:2]))


def games_words(n: int) -> str:
    """5 -> 'five (5) games'; 1 -> 'one (1) game'."""
    word = NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)
    return f"{word} ({n}) game{'s' if n != 1 else ''}"


def period_label(book: Rulebook, period: int, short: bool = False) -> str:
    """'1st half' / '1st', 'OT', 'OT2'."""
    if period <= book.clock.periods:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(period, "th")
        return f"{period}{suffix}" + ("" if short else f" {book.clock.period_word}")
    n = period - book.clock.periods
    return "OT" if n == 1 else f"OT{n}"


def period_clock(book: Rulebook, stage: str, game_time: str | None) -> tuple[int, str] | None:
    """Game time 'MM:SS' since the start -> (period, 'MM:SS' into it); a period's last second stays in it."""
    if not game_time:
        return None
    m, _, s = game_time.partition(":")
    t = int(m) * 60 + int(s)
    reg = book.clock.period_min * 60
    if t <= book.clock.periods * reg:
        period = max(1, -(-t // reg)) if t else 1
        return period, _mmss(t - (period - 1) * reg)
    ot = max(book.overtime_for(stage).min * 60, 1)
    extra = t - book.clock.periods * reg
    n = max(1, -(-extra // ot))
    return book.clock.periods + n, _mmss(extra - (n - 1) * ot)


def _mmss(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


# -- the plain records ------------------------------------------------------------------------------------
@dataclass
class SheetPlayer:
    number: int | None
    name: str
    goalie: bool = False
    captain: bool = False
    goals: int = 0
    assists: int = 0
    pim: int = 0
    ejected: bool = False


@dataclass
class SheetAbsent:
    """A rostered player who did not dress because of a suspension."""

    number: int | None
    name: str
    note: str  # "did not dress: suspended, game 1 of 2 (<rule>, from game g003)"


@dataclass
class SheetGoalie:
    """A goalie's line: time in net, shots against and saves where shots are recorded, goals against."""

    number: int | None
    name: str
    minutes: str  # "MM:SS" in net
    shots_against: int | None
    saves: int | None
    goals_against: int
    by_period: list[tuple[str, int, int]] = field(default_factory=list)
    """(period, shots, saves) as the game's `goalie_shots` give them ("1st", "OT"; "Game" for an entry without a
    period); empty without them (issue 30.3)."""


@dataclass
class SheetTeam:
    side: str  # "home" or "away"
    name: str
    score: int | None
    by_period: list[int]
    lineup: list[SheetPlayer] = field(default_factory=list)
    absent: list[SheetAbsent] = field(default_factory=list)
    timeouts: list[str] = field(default_factory=list)  # "2nd 17:40"
    shots: list[int] | None = None
    pim: int = 0
    points: int | None = None
    goalies: list[SheetGoalie] = field(default_factory=list)


@dataclass
class SheetGoal:
    period: str
    time: str
    team: str
    scorer: str
    assists: str
    kind: str  # "EV", "PP", "SH", "PS", "AWD", with "EN" added for an empty net


@dataclass
class SheetPenalty:
    period: str
    time: str
    team: str
    player: str
    served_by: str
    infraction: str
    cls: str
    minutes: int
    off: str
    on: str


@dataclass
class SheetAction:
    """An ejection, suspension or fine this game caused."""

    player: str
    team: str
    action: str
    rule: str
    section: str
    amount_cents: int = 0


@dataclass
class GameSheetData:
    league: str
    season: str
    game_id: str
    division: str
    date: str
    time: str
    rink: str
    stage: str
    status: str
    home: SheetTeam
    away: SheetTeam
    periods: list[str]  # column labels of the score by period
    result: str  # "Otters win 3–2 in overtime"
    goals: list[SheetGoal] = field(default_factory=list)
    penalties: list[SheetPenalty] = field(default_factory=list)
    actions: list[SheetAction] = field(default_factory=list)
    referees: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    reports: list[str] = field(default_factory=list)  # incident reports to the league
    rulebook: str = ""
    number: str = ""  # the league's game number ("" : the id)
    linesmen: list[str] = field(default_factory=list)
    scorekeeper: str = ""  # the scorekeeper's name (an official, else the operator who finished the game)
    signatures: list[SheetSignature] = field(default_factory=list)  # given on the screen (issue 20)

    @property
    def game_number(self) -> str:
        """The number the sheet prints: the league's, else the game's id."""
        return self.number or self.game_id

    @property
    def draft(self) -> bool:
        return self.status != "final"


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
class NoticeGame:
    date: str
    game: str
    opponent: str
    state: str  # "served", "to be missed"


@dataclass
class SuspensionNotice:
    number: str
    player_id: str
    player: str
    jersey: int | None
    team: str
    captain: str
    captain_email: str
    game: str
    game_date: str
    game_time: str
    opponent: str
    rink: str
    offence: str
    penalties: list[str]
    rule: str
    rule_title: str
    section: str
    kind: str  # "games", "season", "indefinite"
    games: int | None
    served: int
    left: int | None
    status: str
    appeal: str | None
    review: bool
    fine_cents: int = 0
    fine_payer: str = ""
    schedule: list[NoticeGame] = field(default_factory=list)
    confirm: str = ""  # who must confirm the suspension before it is final ("director"), "" when no one


@dataclass
class SuspensionNoticesData:
    league: str
    season: str
    date: str
    appeal_fee_cents: int
    notices: list[SuspensionNotice] = field(default_factory=list)
    appeal_channels: tuple[str, ...] = ("official_form",)  # how an appeal may be filed (the rulebook's)


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


# -- from the facade ----------------------------------------------------------------------------------------
def _today(date: str | dt.date | None) -> str:
    if date is None:
        return dt.date.today().isoformat()
    if isinstance(date, dt.date):
        return date.isoformat()
    try:
        return dt.date.fromisoformat(date).isoformat()
    except ValueError:
        raise ReportError(f"{date!r} is not a date YYYY-MM-DD") from None


def _team_name(view: SeasonView, team: str) -> str:
    return printed_name(str(view.teams.get(team, {}).get("name", team)))


NAME_LIMIT = 60  # characters of a name as printed: a longer one is shortened (tables and boxes cannot split)


def printed_name(name: str, limit: int = NAME_LIMIT) -> str:
    """A name as the records print it: at most `limit` characters, a longer one cut with an ellipsis (the
    whole name stays in the database and the season file)."""
    name = " ".join(str(name).split())
    return name if len(name) <= limit else name[:limit - 1].rstrip() + "…"


def _player(view: SeasonView, player: str) -> str:
    return printed_name(view.player_name(player))


def _league(view: SeasonView) -> str:
    return printed_name(str(view.data.get("league", "")), 80)


def _roster_number(view: SeasonView, team: str, player: str, date: str | None = None) -> int | None:
    found = None
    for r in view.data.get("roster", []):
        if r["team"] != team or r["player"] != player:
            continue
        if date is None or ((r.get("signed") or "") <= date and (not r.get("released") or r["released"] > date)):
            found = r.get("number")
    return found


def _roster_numbers(view: SeasonView, teams: set[str], date: str) -> dict[tuple[str, str], int | None]:
    """(team, player) -> number on `date` for `teams`, in one pass over the roster (as `_roster_number`)."""
    out: dict[tuple[str, str], int | None] = {}
    for r in view.data.get("roster", []):
        if r["team"] in teams and (r.get("signed") or "") <= date and (not r.get("released") or r["released"] > date):
            out[(r["team"], r["player"])] = r.get("number")
    return out


def _dressed(view: SeasonView, game: dict[str, Any]) -> dict[str, tuple[str, int | None, dict[str, Any]]]:
    """player -> (side, number, line-up entry) for a game."""
    out = {}
    numbers = _roster_numbers(view, {game[side] for side in SIDES}, game["date"])
    for side in SIDES:
        for x in game.get("lineups", {}).get(side, []):
            number = x.get("number")
            if number is None:
                number = numbers.get((game[side], x["player"]))
            out[x["player"]] = (side, number, x)
    return out


def _label(view: SeasonView, number: int | None, player: str | None) -> str:
    if player is None:
        return ""
    name = _player(view, player)
    return f"#{number} {name}" if number is not None else name


def _section(book: Rulebook, rule: str) -> str:
    ref = book.rules.get(rule)
    return ref.section if ref else ""


def _rule_title(book: Rulebook, rule: str) -> str:
    ref = book.rules.get(rule)
    return ref.title if ref else rule


def _infraction_name(book: Rulebook, code: str) -> str:
    """An infraction's plain name ('Tripping', not the rulebook's 'Tripping (5 minutes when it injures)')."""
    inf = book.infractions.get(code)
    return inf.plain_name if inf else code.replace("_", " ").capitalize()


def _scorekeeper(svc: Services, game: dict[str, Any], season: str | None) -> str:
    """The scorekeeper: an official so named, else the operator of the game's last finish in the audit trail,
    else (a game not final yet) the operator at the desk now."""
    named = officials_of(game)["scorekeeper"]
    if named:
        return named[0]
    finishes = [e for e in svc.audit(season, game=game["id"]) if e.get("action") == "finish game"]
    if finishes and finishes[-1].get("operator"):
        return str(finishes[-1]["operator"])
    if game.get("status", "final") != "final":
        return str(getattr(svc, "operator", "") or "")
    return ""


def class_label(cls: str, added_gm: bool, short: bool = False) -> str:
    """'Major', or 'Major + game misconduct' where the game's computation added one to the penalty."""
    label = cls.replace("_", " ").capitalize()  # the rulebook's class, as 'Bench minor'
    if added_gm:
        label += " + game misc." if short else " + game misconduct"
    return label


def added_game_misconducts(view: SeasonView, game_id: str) -> list[bool]:
    """For each penalty of the game, in the game's order: did the game's computation add a game misconduct?"""
    return [p.added_gm for p in view.state(game_id).penalties]


def suspension_text(s: SuspensionVerdict) -> str:
    """'5 games', 'rest of the season', 'indefinite (at least 5 games)'."""
    if s.kind == "games":
        return f"{s.games} game{'s' if s.games != 1 else ''}"
    if s.kind == "season":
        return "rest of the season"
    return f"indefinite (at least {s.games} games)" if s.games else "indefinite"


def _team_games_after(view: SeasonView, team: str, game_id: str) -> list[dict[str, Any]]:
    ids = list(view.games)
    at = ids.index(game_id)
    return [g for g in list(view.games.values())[at + 1:] if team in (g["home"], g["away"])]


def _absentees(view: SeasonView, game: dict[str, Any], side: str) -> list[SheetAbsent]:
    """The side's players under suspension at this game who did not dress, with 'game k of n' (as the players'
    status for the game has it): this team's suspensions first, then those carried over from the season before."""
    team = game[side]
    at = view.order_of(game["id"])
    dressed = {x["player"] for x in game.get("lineups", {}).get(side, [])}
    out = []
    suspended = [s.player for s in sanctions(view) if s.team == team and s.order < at and s.player not in dressed]
    for pid in dict.fromkeys(suspended):
        for sus in player_status(view, game["id"], side, pid, goalie=False).suspensions:
            s = sus.sanction
            if s.season or s.team != team:
                continue
            number = _roster_number(view, team, pid, game["date"])
            out.append(SheetAbsent(number, _player(view, pid), f"did not dress: suspended, {sus.game_of} "
                                                               f"({s.row.rule}, from game {view.game_name(s.game)})"))
    for r in view.roster_by_team.get(team, []):  # suspensions carried over from the season before
        pid = r["player"]
        if pid in dressed or not active_on(r, game["date"]):
            continue
        for sus in player_status(view, game["id"], side, pid, goalie=False).suspensions:
            c = sus.sanction
            if not c.season:
                continue
            what = f"game {sus.served + 1} of {c.row.suspend}" if c.kind == "games" else f"{c.kind} suspension"
            out.append(SheetAbsent(r["number"], _player(view, pid), f"did not dress: suspended, {what} "
                                   f"({c.row.rule}, from game {c.game} of season {c.season}, A-28)"))
    return out


def game_sheet_data(svc: Services, game_id: str, season: str | None = None) -> GameSheetData:
    """Everything the official game sheet of `game_id` prints."""
    view = svc.view(season)
    if game_id not in view.games:
        raise ReportError(f"no game {game_id!r} in season {view.name}")
    try:
        state = svc.game(game_id, season)
    except ServiceError as exc:
        raise ReportError(str(exc)) from None
    book = view.book
    g = view.games[game_id]
    stage = g.get("stage", "regular")
    dressed = _dressed(view, g)

    def who(pid: str | None) -> str:
        if pid is None:
            return ""
        return _label(view, dressed[pid][1] if pid in dressed else None, pid)

    def team_of(side: str) -> str:
        return _team_name(view, g[side])

    ejected = {e["player"] for e in state["ejections"]}
    stats: dict[str, list[int]] = {pid: [0, 0, 0] for pid in dressed}
    for goal in state["goals"]:
        if goal["scorer"] in stats:
            stats[goal["scorer"]][0] += 1
        for a in goal["assists"]:
            if a in stats:
                stats[a][1] += 1
    for p in state["penalties"]:
        if p["player"] in stats:
            stats[p["player"]][2] += int(p.get("pim", p["minutes"]))
    susp_rows = suspension_verdicts(view)
    final = g.get("status", "final") == "final"
    n_periods = max(len(state["by_period"]["home"]), book.clock.periods)
    shootout_column = bool(state.get("shootout")) and book.shootout_winner_goal
    shots = g.get("shots") or {}
    lines = goalie_shots.apply(goalie_lines(view.game_input(game_id), book, view.state(game_id), shots),
                                g.get("goalie_shots"))
    paper = goalie_shots.by_period(view.game_input(game_id), book, view.state(game_id), g.get("goalie_shots"))
    teams = {}
    for side in SIDES:
        lineup = [SheetPlayer(dressed[x["player"]][1], _player(view, x["player"]), bool(x.get("goalie")),
                              bool(x.get("captain")) or view.teams.get(g[side], {}).get("captain") == x["player"],
                              goals=stats[x["player"]][0], assists=stats[x["player"]][1],
                              pim=stats[x["player"]][2], ejected=x["player"] in ejected)
                  for x in g.get("lineups", {}).get(side, [])]
        lineup.sort(key=lambda p: (not p.goalie, p.number if p.number is not None else 999, p.name))
        timeouts = [f"{period_label(book, e['period'], short=True)} {e['elapsed']}"
                    for e in sorted((e for e in g.get("events", []) if e["type"] == "timeout" and e["team"] == side),
                                    key=lambda e: (e["period"], e["elapsed"]))]
        by_period = list(state["by_period"][side]) + [0] * (n_periods - len(state["by_period"][side]))
        if shootout_column:  # the shootout winner's goal, so the columns add up to the final score
            by_period.append(int(state["shootout"]["winner"] == side))
        started = final or bool(g.get("events"))
        teams[side] = SheetTeam(side, team_of(side), state["score"][side] if started else None, by_period, lineup,
                                _absentees(view, g, side), timeouts,
                                list(shots[side]) if side in shots else None, int(state["pim"][side]),
                                (state["points"] or {}).get(side),
                                [SheetGoalie(dressed[x.player][1] if x.player in dressed else None,
                                             _player(view, x.player), x.minutes, x.shots_against, x.saves,
                                             x.goals_against,
                                             [("Game" if n is None else period_label(book, n, short=True), sh, sv)
                                              for n, sh, sv in paper.get(x.player, [])])
                                 for x in lines[side]])
    goals = []
    for goal in state["goals"]:
        if goal["penalty_shot"]:
            kind = "PS"
        elif goal["awarded"]:
            kind = "AWD"
        else:
            kind = goal["strength"] or ""
        if goal["empty_net"]:
            kind = f"{kind} EN".strip()
        scorer = who(goal["scorer"]) if goal["scorer"] else "awarded goal"
        goals.append(SheetGoal(period_label(book, goal["period"], short=True), goal["elapsed"], team_of(goal["team"]),
                               scorer, ", ".join(who(a) for a in goal["assists"]), kind))
    penalties = []
    added_gm = added_game_misconducts(view, game_id)
    for n, p in enumerate(state["penalties"]):
        off = period_clock(book, stage, p["starts"])
        on = period_clock(book, stage, p["ends"])

        def at(clock: tuple[int, str] | None, period: int) -> str:
            if clock is None:
                return "—"
            return clock[1] if clock[0] == period else f"{period_label(book, clock[0], short=True)} {clock[1]}"

        on_text = at(on, p["period"]) + (" (goal)" if p["ended_by_goal"] else "")
        if p["served_by"] is None:
            served_by = "(not named)" if p["player"] is None or p["player"] in ejected else ""
        else:
            served_by = who(p["served_by"]) if p["served_by"] != p["player"] else ""
        cls = class_label(p["class"], n < len(added_gm) and added_gm[n], short=True)
        penalties.append(SheetPenalty(period_label(book, p["period"], short=True), p["elapsed"], team_of(p["team"]),
                                      who(p["player"]) if p["player"] else "Bench", served_by,
                                      _infraction_name(book, p["infraction"]), cls, int(p["minutes"]),
                                      at(off, p["period"]), on_text))
    actions = []
    fines = [f for f in svc.fines(season)["fines"] if f["game"] == game_id]
    pens_by_player: dict[str, list[dict[str, Any]]] = {}
    for p in state["penalties"]:
        if p["player"]:
            pens_by_player.setdefault(p["player"], []).append(p)
    keys: list[tuple[str, str]] = []
    for s in susp_rows:
        if s.game == game_id and (s.player, s.rule) not in keys:
            keys.append((s.player, s.rule))
    for f in fines:
        if (f["player"], f["rule"]) not in keys:
            keys.append((f["player"], f["rule"]))
    ejections = {(e["player"], e["rule"]) for e in state["ejections"]}
    for e in state["ejections"]:
        if (e["player"], e["rule"]) not in keys:
            side = dressed[e["player"]][0] if e["player"] in dressed else "home"
            actions.append(SheetAction(who(e["player"]), team_of(side), f"Ejected: {_rule_title(book, e['rule'])}",
                                       e["rule"], _section(book, e["rule"])))
    for pid, rule in keys:
        parts = [offence_text(book, rule, pens_by_player.get(pid, []))]
        if (pid, rule) in ejections:
            parts[0] = f"Ejected ({parts[0].lower()})"
        susp = next((s for s in susp_rows if s.game == game_id and s.player == pid and s.rule == rule), None)
        if susp is not None:
            verb = "proposed suspension," if susp.status in ("proposed", "declined") else "suspended"
            parts.append(f"{verb} {suspension_text(susp)}" + (" (Director review)" if susp.review else "")
                         + (f" — {susp.status}" if susp.status in ("proposed", "declined") else ""))
        amount = 0
        for f in fines:
            if f["player"] == pid and f["rule"] == rule:
                amount += cents(f["amount"])
                parts.append(f"{'team' if 'team' in f['payer'] else 'player'} fine")
        side = dressed[pid][0] if pid in dressed else "home"
        actions.append(SheetAction(who(pid), team_of(side), "; ".join(parts), rule, _section(book, rule), amount))
    notes = [str(g["notes"])] if g.get("notes") else []
    reports: list[str] = []
    for e in g.get("events", []):
        if e["type"] == "note" and e.get("text"):
            (reports if e.get("report") else notes).append(str(e["text"]))
    for r in state.get("report", []):
        reports.append(f"{who(r['player']) or 'Bench'} ({team_of(r['team'])}): "
                       f"{_infraction_name(book, r['infraction'])} at {period_label(book, r['period'], short=True)} "
                       f"{r['elapsed']} — reported for {r['reason']} ({REPORT_RULE})")
    periods = [period_label(book, p, short=True) for p in range(1, n_periods + 1)] + (["SO"] if shootout_column else [])
    div = view.divisions.get(view.teams.get(g["home"], {}).get("division", ""), {})
    officials = officials_of(g)
    return GameSheetData(
        league=_league(view), season=view.name, game_id=game_id, division=printed_name(str(div.get("name", ""))),
        date=g["date"], time=g["time"], rink=printed_name(str(g.get("rink") or ""), 80), stage=stage,
        status=g.get("status", "final"), home=teams["home"], away=teams["away"], periods=periods,
        result=_result_text(state, teams["home"].name, teams["away"].name), goals=goals, penalties=penalties,
        actions=actions, referees=[printed_name(r) for r in officials["referee"]], notes=notes, reports=reports,
        rulebook=book.id, number=printed_name(str(g.get("number") or ""), 20),
        linesmen=[printed_name(r) for r in officials["linesman"]],
        scorekeeper=printed_name(_scorekeeper(svc, g, season)), signatures=sheet_signatures(g.get("signatures")))


def _result_text(state: dict[str, Any], home: str, away: str) -> str:
    score = state["score"]
    decision = state["decision"]
    if state["status"] != "final" or decision is None:
        return f"Game not final (score so far {home} {score['home']}, {away} {score['away']})"
    names = {"home": home, "away": away}
    winner = state["winner"]
    hi, lo = max(score.values()), min(score.values())
    if decision == "double_forfeit":
        return "Both teams forfeit (double forfeit, 0–0)"
    if decision == "forfeit" and winner:
        loser = "away" if winner == "home" else "home"
        return f"{names[loser]} forfeit; {names[winner]} win {hi}–{lo} by forfeit"
    if decision == "called":
        pts = state["points"] or {}
        return f"Called by the referee at {home} {score['home']}, {away} {score['away']}; points awarded: " \
               f"{home} {pts.get('home', 0)}, {away} {pts.get('away', 0)}"
    if winner is None:
        return f"Tie {hi}–{lo}" + (" after overtime" if decision == "overtime" else "")
    how = {"regulation": "in regulation", "overtime": "in overtime", "mercy": "on the mercy rule",
           "shootout": "in a shootout"}.get(decision, decision)
    return f"{names[winner]} win {hi}–{lo} {how}"


def fine_statements_data(svc: Services, team: str | None = None, date: str | dt.date | None = None,
                         season: str | None = None) -> FineStatementsData:
    """Every team's end-of-season fine statement (or one team's), numbered '<season> <team name>'."""
    view = svc.view(season)
    book = view.book
    if team is not None and team not in view.teams:
        raise ReportError(f"no team {team!r} in season {view.name} (teams: {', '.join(view.teams)})")
    issued = _today(date)
    ledger = svc.fines(season)
    susp_rows = suspension_verdicts(view)
    totals = {t["team"]: t for t in ledger["totals"]}
    order = {gid: i for i, gid in enumerate(view.games)}
    game_cache: dict[str, dict[str, Any]] = {}

    def game_json(gid: str) -> dict[str, Any]:
        if gid not in game_cache:
            game_cache[gid] = svc.game(gid, season)
        return game_cache[gid]

    # A player's payment goes to the statements carrying the player's fines (as the ledger counts it).
    parts = payments_applied(view, ledger["fines"])
    on_fines: dict[tuple[str, str, str], list[tuple[str, int]]] = {}
    for p, _, part, fine in parts:
        if fine is not None:
            on_fines.setdefault(fine, []).append((str(p.get("date", "")), part))
    out = FineStatementsData(_league(view), view.name, issued, book.appeal_fee_cents,
                             appeal_channels=book.appeal_channels)
    rows_of = {(s.player, s.game, s.row.rule): s.row for s in sanctions(view)}
    for tid, t in view.teams.items():
        if team is not None and tid != team:
            continue
        captain = t.get("captain")
        tname = printed_name(str(t["name"]))
        st = FineStatement(number=printed_name(view.statement_number(tid)), team_id=tid, team=tname,
                           division=printed_name(str(view.divisions.get(t["division"], {}).get("name", t["division"]))),
                           captain=_player(view, captain) if captain else "",
                           captain_email=str(t.get("captain_email") or ""))
        rows = sorted((f for f in ledger["fines"] if f["team"] == tid), key=lambda f: order.get(f["game"], 0))
        for f in rows:
            g = view.games.get(f["game"], {})
            gj = game_json(f["game"])
            pens = [p for p in gj["penalties"] if p["player"] == f["player"]]
            side = "home" if g.get("home") == tid else "away"
            opp = _team_name(view, g.get("away" if side == "home" else "home", ""))
            number = _dressed(view, g).get(f["player"], ("", None, {}))[1] if g else None
            player_label = _label(view, number, f["player"])
            payer = "team" if "team" in f["payer"] else "player"
            susp = next((s for s in susp_rows if s.player == f["player"] and s.game == f["game"]
                         and s.rule == f["rule"]), None)
            st.lines.append(FineLine(
                date=str(g.get("date", "")), game=f"{view.game_name(f['game'])} vs {opp}",
                who=player_label if payer == "player" else f"Team fine (re {player_label})", payer=payer,
                infraction=offence_text(book, f["rule"], pens), rule=f["rule"], section=_section(book, f["rule"]),
                suspension=suspension_text(susp) if susp else "—", amount_cents=cents(f["amount"]),
                fine_row=row.fine_row if (row := rows_of.get((f["player"], f["game"], f["rule"]))) else "",
                paid=on_fines.get((next(iter(f["payer"].values())), f["game"], f["rule"]), [])))
        st.player_fines_cents = sum(x.amount_cents for x in st.lines if x.payer == "player")
        st.team_fines_cents = sum(x.amount_cents for x in st.lines if x.payer == "team")
        for p, owner, part, fine in parts:
            kind, ref = next(iter(p["payer"].items()))
            if owner == tid:
                st.payments.append(PaymentLine(str(p.get("date", "")),
                                               "Team" if kind == "team" else _player(view, ref),
                                               str(p.get("memo") or ""), part,
                                               f"game {view.game_name(fine[1])}, {fine[2]}" if fine is not None
                                               else ""))
        tot = totals.get(tid, {})
        st.fines_cents = cents(tot.get("fines")) if tot else st.player_fines_cents + st.team_fines_cents
        st.paid_cents = cents(tot.get("paid")) if tot else sum(p.amount_cents for p in st.payments)
        st.balance_cents = cents(tot.get("balance")) if tot else st.fines_cents - st.paid_cents
        out.statements.append(st)
    return out


def suspension_notices_data(svc: Services, player: str, game: str | None = None,
                            date: str | dt.date | None = None, season: str | None = None) -> SuspensionNoticesData:
    """The notices to the team captain of every suspension of `player` (or the one from `game`)."""
    view = svc.view(season)
    book = view.book
    if player not in view.players:
        raise ReportError(f"no player {player!r} in season {view.name}")
    if game is not None and game not in view.games:
        raise ReportError(f"no game {game!r} in season {view.name}")
    rows = [s for s in suspension_verdicts(view)
            if s.player == player and (game is None or s.game == game)]
    if not rows:
        where = f" from game {game}" if game else ""
        raise ReportError(f"{_player(view, player)} ({player}) has no suspension{where} in season {view.name}")
    fines = svc.fines(season)["fines"]
    out = SuspensionNoticesData(_league(view), view.name, _today(date), book.appeal_fee_cents,
                                appeal_channels=book.appeal_channels)
    rows_of: dict[tuple[str, str, str], Sanction] = {
        (s.player, s.game, s.row.rule): s for s in sanctions(view)}
    for s in rows:
        g = view.games[s.game]
        tid = s.team
        t = view.teams.get(tid, {})
        side = "home" if g["home"] == tid else "away"
        gj = svc.game(s.game, season)
        added_gm = added_game_misconducts(view, s.game)
        pens = [(p, n < len(added_gm) and added_gm[n]) for n, p in enumerate(gj["penalties"])
                if p["player"] == player]
        number = _dressed(view, g).get(player, ("", None, {}))[1]
        captain = t.get("captain")
        pen_lines = [f"{period_label(book, p['period'])} {p['elapsed']}: {_infraction_name(book, p['infraction'])} "
                     f"({class_label(p['class'], gm).lower()}, {p['minutes']} min)" for p, gm in pens]
        if any(e["player"] == player for e in gj["ejections"]):
            rules = ", ".join(e["rule"] for e in gj["ejections"] if e["player"] == player)
            pen_lines.append(f"Ejected from the game ({rules})")
        fine = [f for f in fines if f["player"] == player and f["game"] == s.game and f["rule"] == s.rule]
        sanction = rows_of.get((player, s.game, s.rule))
        stage = str(g.get("stage", "regular"))
        schedule: list[NoticeGame] = []
        if s.kind in ("games", "indefinite") and s.games:
            served_left = int(s.served)
            for later in _team_games_after(view, tid, s.game):
                if len(schedule) >= int(s.games):
                    break
                opp = _team_name(view, later["away"] if later["home"] == tid else later["home"])
                if not applies_in(view, stage, later):
                    continue  # not in force in the playoffs where the rulebook does not carry it there
                counted = counts_toward(view, later)
                if later.get("status", "final") == "final" and not counted:
                    continue
                state = "served" if counted and served_left > 0 else "to be missed"
                if counted and served_left > 0:
                    served_left -= 1
                schedule.append(NoticeGame(later["date"], view.game_name(later["id"]), opp, state))
        left = s.left
        out.notices.append(SuspensionNotice(
            number=f"{view.name}-{player}-{view.game_name(s.game)}", player_id=player, player=_player(view, player),
            jersey=number, team=_team_name(view, tid), captain=_player(view, captain) if captain else "",
            captain_email=str(t.get("captain_email") or ""), game=view.game_name(s.game), game_date=g["date"],
            game_time=g["time"], opponent=_team_name(view, g["away" if side == "home" else "home"]),
            rink=printed_name(str(g.get("rink") or ""), 80), offence=offence_text(book, s.rule, [p for p, _ in pens]),
            penalties=pen_lines,
            rule=s.rule, rule_title=_rule_title(book, s.rule), section=_section(book, s.rule),
            kind=s.kind, games=s.games, served=int(s.served), left=left, status=s.status,
            appeal=s.appeal, review=bool(s.review), fine_cents=sum(cents(f["amount"]) for f in fine),
            fine_payer=("team" if fine and "team" in fine[0]["payer"] else "player") if fine else "",
            schedule=schedule, confirm=(sanction.row.confirm or "") if sanction else ""))
    return out


def standings_data(svc: Services, date: str | dt.date | None = None, season: str | None = None,
                   leaders: int = 10) -> StandingsData:
    """Standings of every division and the scoring and penalty leaders (regular season)."""
    view = svc.view(season)
    table = svc.standings(season)
    regular = svc.stats(season, stage="regular")
    stats = regular["players"]
    finals = [g["date"] for g in view.final_games("regular")]
    out = StandingsData(_league(view), view.name, _today(date), max(finals) if finals else "")
    out.rules_note = standings_note(view.book)
    for div in table["divisions"]:
        name = printed_name(str(view.divisions.get(div["division"], {}).get("name", div["division"])))
        rows = [StandingsRow(r["rank"], _team_name(view, r["team"]), r["gp"], r["w"], r["l"], r["t"], r["otw"],
                             r["otl"], r["pts"], r["gf"], r["ga"], r["diff"], r["pim"], r.get("sow"), r.get("sol"),
                             readable(r))
                for r in div["rows"]]
        out.divisions.append(StandingsDivision(name, rows))
    played = [r for r in stats if r["gp"] > 0]
    out.scorers = _ranked(view, [r for r in played if r["pts"] > 0], lambda r: (-r["pts"], -r["g"]), leaders)
    out.penalties = _ranked(view, [r for r in played if r["pim"] > 0], lambda r: (-r["pim"],), leaders)
    out.goalies = [GoalieRow(_player(view, r["player"]), _team_name(view, r["team"]), r["gp"], r["w"], r["l"],
                             r["otl"] + r["sol"], r["min"],
                             "—" if r["sv_pct"] is None else f"{r['sv_pct']:.3f}".lstrip("0"),
                             "—" if r["gaa"] is None else f"{r['gaa']:.2f}", r["so"])
                   for r in sorted(regular["goalies"], key=lambda r: (-r["w"], -r["gp"], r["team"], r["player"]))]
    return out


def _ranked(view: SeasonView, rows: list[dict[str, Any]], key: Any, limit: int) -> list[LeaderRow]:
    rows = sorted(rows, key=lambda r: (*key(r), _player(view, r["player"]), r["team"]))
    out: list[LeaderRow] = []
    for i, r in enumerate(rows):
        rank = out[-1].rank if out and key(rows[i - 1]) == key(r) else i + 1
        if i >= limit and rank != out[-1].rank:
            break
        out.append(LeaderRow(rank, _player(view, r["player"]), _team_name(view, r["team"]), r["gp"], r["g"],
                             r["a"], r["pts"], r["pim"]))
    return out
