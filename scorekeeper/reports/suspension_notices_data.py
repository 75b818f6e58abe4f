"""The suspension notices' data: the notice to the team captain of each suspension of a player (the game, the
offence and its penalties, the rule, the length, the games served and to be missed, the fine), gathered in
named steps."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scorekeeper.reports.season_lookup import (
    added_game_misconducts,
    dressed_in,
    infraction_name,
    league_name,
    player_name,
    rule_section,
    rule_title,
    team_name,
)
from scorekeeper.reports.wording import ReportError, cents, class_label, issued_on, period_label, printed_name
from scorekeeper.rules.discipline import offence_text, sanctions, suspension_verdicts
from scorekeeper.rules.suspensions import applies_in, counts_toward

if TYPE_CHECKING:
    from scorekeeper.reports.source import ReportSource
    from scorekeeper.results_records import FineRow, GamePenalty, GameResult
    from scorekeeper.season.records import Sanction, SuspensionVerdict
    from scorekeeper.season.view import SeasonView
    from scorekeeper.season_data import GameData, TeamData


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


def _team_games_after(view: SeasonView, team: str, game_id: str) -> list[GameData]:
    ids = list(view.games)
    at = ids.index(game_id)
    return [g for g in list(view.games.values())[at + 1:] if team in (g["home"], g["away"])]


def _schedule(view: SeasonView, s: SuspensionVerdict) -> list[NoticeGame]:
    """The team's games the suspension covers: those served, then those to be missed (a game length only)."""
    schedule: list[NoticeGame] = []
    if not (s.kind in ("games", "indefinite") and s.games):
        return schedule
    tid = s.team
    stage = str(view.games[s.game].get("stage", "regular"))
    served_left = int(s.served)
    for later in _team_games_after(view, tid, s.game):
        if len(schedule) >= int(s.games):
            break
        opp = team_name(view, later["away"] if later["home"] == tid else later["home"])
        if not applies_in(view, stage, later):
            continue  # not in force in the playoffs where the rulebook does not carry it there
        counted = counts_toward(view, later)
        if later.get("status", "final") == "final" and not counted:
            continue
        state = "served" if counted and served_left > 0 else "to be missed"
        if counted and served_left > 0:
            served_left -= 1
        schedule.append(NoticeGame(later["date"], view.game_name(later["id"]), opp, state))
    return schedule


def _penalties(view: SeasonView, gj: GameResult, game: str, player: str
               ) -> tuple[list[GamePenalty], list[str]]:
    """The player's penalties in the game, and their lines as the notice prints them (with the ejection)."""
    book = view.book
    added_gm = added_game_misconducts(view, game)
    pens = [(p, n < len(added_gm) and added_gm[n]) for n, p in enumerate(gj["penalties"]) if p["player"] == player]
    pen_lines = [f"{period_label(book, p['period'])} {p['elapsed']}: {infraction_name(book, p['infraction'])} "
                 f"({class_label(p['class'], gm).lower()}, {p['minutes']} min)" for p, gm in pens]
    if any(e["player"] == player for e in gj["ejections"]):
        rules = ", ".join(e["rule"] for e in gj["ejections"] if e["player"] == player)
        pen_lines.append(f"Ejected from the game ({rules})")
    return [p for p, _ in pens], pen_lines


def _notice(view: SeasonView, s: SuspensionVerdict, gj: GameResult, fines: list[FineRow],
            sanction: Sanction | None) -> SuspensionNotice:
    """The notice of one suspension, `gj` the facade's answer for its game."""
    book = view.book
    player, tid = s.player, s.team
    g = view.games[s.game]
    t: TeamData | dict[str, str] = view.teams.get(tid, {})
    side = "home" if g["home"] == tid else "away"
    pens, pen_lines = _penalties(view, gj, s.game, player)
    number = dressed_in(view, g).get(player, ("", None, {}))[1]
    captain = t.get("captain")
    fine = [f for f in fines if f["player"] == player and f["game"] == s.game and f["rule"] == s.rule]
    return SuspensionNotice(
        number=f"{view.name}-{player}-{view.game_name(s.game)}", player_id=player, player=player_name(view, player),
        jersey=number, team=team_name(view, tid), captain=player_name(view, captain) if captain else "",
        captain_email=str(t.get("captain_email") or ""), game=view.game_name(s.game), game_date=g["date"],
        game_time=g["time"], opponent=team_name(view, g["away" if side == "home" else "home"]),
        rink=printed_name(str(g.get("rink") or ""), 80),
        offence=offence_text(book, s.rule, pens),
        penalties=pen_lines,
        rule=s.rule, rule_title=rule_title(book, s.rule), section=rule_section(book, s.rule),
        kind=s.kind, games=s.games, served=int(s.served), left=s.left, status=s.status,
        appeal=s.appeal, review=bool(s.review), fine_cents=sum(cents(f["amount"]) for f in fine),
        fine_payer=("team" if fine and "team" in fine[0]["payer"] else "player") if fine else "",
        schedule=_schedule(view, s), confirm=(sanction.row.confirm or "") if sanction else "")


def suspension_notices_data(svc: ReportSource, player: str, game: str | None = None,
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
        raise ReportError(f"{player_name(view, player)} ({player}) has no suspension{where} in season {view.name}")
    fines = svc.fines(season)["fines"]
    out = SuspensionNoticesData(league_name(view), view.name, issued_on(date), book.appeal_fee_cents,
                                appeal_channels=book.appeal_channels)
    rows_of: dict[tuple[str, str, str], Sanction] = {
        (s.player, s.game, s.row.rule): s for s in sanctions(view)}
    for s in rows:
        out.notices.append(_notice(view, s, svc.game(s.game, season), fines, rows_of.get((player, s.game, s.rule))))
    return out
