"""The official game sheet's data, gathered in named steps: the game opened, each team's line-up, absentees,
timeouts, score by period and goalies, the goals, the penalties, what the game caused (ejections, suspensions,
fines), the notes and reports to the league, the officials and the result in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.engine import goalie_shots
from scorekeeper.engine.goaltending import goalie_lines
from scorekeeper.facade.errors import ServiceError
from scorekeeper.reports.game_sheet_records import (
    GameSheetData,
    SheetAbsent,
    SheetAction,
    SheetGoal,
    SheetGoalie,
    SheetPenalty,
    SheetPlayer,
    SheetTeam,
)
from scorekeeper.reports.season_lookup import (
    SIDES,
    added_game_misconducts,
    dressed_in,
    infraction_name,
    labelled,
    league_name,
    player_name,
    roster_number,
    rule_section,
    rule_title,
    team_name,
)
from scorekeeper.reports.signature_lines import sheet_signatures
from scorekeeper.reports.wording import (
    ReportError,
    cents,
    class_label,
    period_clock,
    period_label,
    printed_name,
    suspension_text,
)
from scorekeeper.rules.discipline import offence_text, sanctions, suspension_verdicts
from scorekeeper.rules.eligibility import player_status
from scorekeeper.rules.league_report import REPORT_RULE
from scorekeeper.season.sides import lineup_of, team_on
from scorekeeper.season.view import active_on
from scorekeeper.seasonfile import game_officials as officials_of

if TYPE_CHECKING:
    from scorekeeper.reports.source import ReportSource
    from scorekeeper.results_records import FineRow, GamePenalty, GameResult, GoalRecord
    from scorekeeper.rulebook.model import Rulebook
    from scorekeeper.season.records import SuspensionVerdict
    from scorekeeper.season.view import SeasonView
    from scorekeeper.season_data import DivisionData, GameData, LineupEntryData, TeamData


@dataclass
class _Game:
    """What the sheet's steps share: the season, the game as entered (`g`) and as the facade computes it
    (`state`), and the players it dressed (player -> side, number, line-up entry)."""

    view: SeasonView
    book: Rulebook
    game_id: str
    g: GameData
    state: GameResult
    dressed: dict[str, tuple[str, int | None, LineupEntryData]]

    def who(self, pid: str | None) -> str:
        """'#12 Name' of a player of the game ('' for none)."""
        if pid is None:
            return ""
        return labelled(self.view, self.dressed[pid][1] if pid in self.dressed else None, pid)

    def team_of(self, side: str) -> str:
        return team_name(self.view, team_on(self.g, side))

    def side_of(self, pid: str) -> str:
        """The side the player dressed for (home for one who did not)."""
        return self.dressed[pid][0] if pid in self.dressed else "home"

    def ejected(self) -> set[str]:
        return {e["player"] for e in self.state["ejections"]}


def _opened(svc: ReportSource, game_id: str, season: str | None) -> _Game:
    """The game, or a ReportError when the season has no such game."""
    view = svc.view(season)
    if game_id not in view.games:
        raise ReportError(f"no game {game_id!r} in season {view.name}")
    try:
        state = svc.game(game_id, season)
    except ServiceError as exc:
        raise ReportError(str(exc)) from None
    g = view.games[game_id]
    return _Game(view, view.book, game_id, g, state, dressed_in(view, g))


def _scorekeeper(svc: ReportSource, game: GameData, season: str | None) -> str:
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


# -- the teams ------------------------------------------------------------------------------------------------
def _player_totals(game: _Game) -> dict[str, list[int]]:
    """player -> [goals, assists, penalty minutes] in this game, for each player it dressed."""
    stats: dict[str, list[int]] = {pid: [0, 0, 0] for pid in game.dressed}
    for goal in game.state["goals"]:
        if goal["scorer"] in stats:
            stats[goal["scorer"]][0] += 1
        for a in goal["assists"]:
            if a in stats:
                stats[a][1] += 1
    for p in game.state["penalties"]:
        if p["player"] in stats:
            stats[p["player"]][2] += int(p.get("pim", p["minutes"]))
    return stats


def _lineup(game: _Game, side: str, stats: dict[str, list[int]], ejected: set[str]) -> list[SheetPlayer]:
    """The side's dressed players, goalies first, then by number and name."""
    g = game.g
    lineup = [SheetPlayer(game.dressed[x["player"]][1], player_name(game.view, x["player"]), bool(x.get("goalie")),
                          bool(x.get("captain")) or _captain(game.view, team_on(g, side)) == x["player"],
                          goals=stats[x["player"]][0], assists=stats[x["player"]][1],
                          pim=stats[x["player"]][2], ejected=x["player"] in ejected)
              for x in lineup_of(g, side)]
    lineup.sort(key=lambda p: (not p.goalie, p.number if p.number is not None else 999, p.name))
    return lineup


def _timeouts(game: _Game, side: str) -> list[str]:
    """The side's timeouts, '2nd 17:40', in the order of the game."""
    return [f"{period_label(game.book, e['period'] or 0, short=True)} {e['elapsed']}"
            for e in sorted((e for e in game.g.get("events", []) if e["type"] == "timeout" and e["team"] == side),
                            key=lambda e: (e["period"], e["elapsed"]))]


def _periods(game: _Game) -> int:
    """The number of period columns (every regulation period, and each overtime played)."""
    return max(len(game.state["by_period"]["home"]), game.book.clock.periods)


def _shootout_column(game: _Game) -> bool:
    return bool(game.state.get("shootout")) and game.book.shootout_winner_goal


def _score_by_period(game: _Game, side: str) -> list[int]:
    """The side's goals in each period column, and the shootout column where the sheet prints one."""
    state = game.state
    n_periods = _periods(game)
    by_period = list(state["by_period"][side]) + [0] * (n_periods - len(state["by_period"][side]))
    if _shootout_column(game):  # the shootout winner's goal, so the columns add up to the final score
        by_period.append(int(state["shootout"]["winner"] == side))
    return by_period


def _period_columns(game: _Game) -> list[str]:
    """The labels of the score-by-period columns: '1st', '2nd', ..., 'OT', and 'SO' for a shootout."""
    return ([period_label(game.book, p, short=True) for p in range(1, _periods(game) + 1)]
            + (["SO"] if _shootout_column(game) else []))


def _goalies(game: _Game) -> dict[str, list[SheetGoalie]]:
    """Each side's goalie lines: time in net, shots and saves (by period where the paper has them)."""
    view, book, g, game_id = game.view, game.book, game.g, game.game_id
    shots = g.get("shots") or {}
    lines = goalie_shots.apply(goalie_lines(view.game_input(game_id), book, view.state(game_id), shots),
                               g.get("goalie_shots"))
    paper = goalie_shots.by_period(view.game_input(game_id), book, view.state(game_id), g.get("goalie_shots"))
    return {side: [SheetGoalie(game.dressed[x.player][1] if x.player in game.dressed else None,
                               player_name(view, x.player), x.minutes, x.shots_against, x.saves, x.goals_against,
                               [("Game" if n is None else period_label(book, n, short=True), sh, sv)
                                for n, sh, sv in paper.get(x.player, [])])
                   for x in lines[side]]
            for side in SIDES}


def _captain(view: SeasonView, team: str) -> str | None:
    t = view.teams.get(team)
    return t.get("captain") if t else None


def _absentees(view: SeasonView, game: GameData, side: str) -> list[SheetAbsent]:
    """The side's players under suspension at this game who did not dress, with 'game k of n' (as the players'
    status for the game has it): this team's suspensions first, then those carried over from the season before."""
    team = team_on(game, side)
    at = view.order_of(game["id"])
    dressed = {x["player"] for x in lineup_of(game, side)}
    out = []
    suspended: list[str] = [s.player for s in sanctions(view)
                            if s.team == team and s.order < at and s.player not in dressed]
    for pid in dict.fromkeys(suspended):
        for sus in player_status(view, game["id"], side, pid, goalie=False).suspensions:
            s = sus.sanction
            if s.season or s.team != team:
                continue
            number = roster_number(view, team, pid, game["date"])
            out.append(SheetAbsent(number, player_name(view, pid), f"did not dress: suspended, {sus.game_of} "
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
            out.append(SheetAbsent(r["number"], player_name(view, pid), f"did not dress: suspended, {what} "
                                   f"({c.row.rule}, from game {c.game} of season {c.season}, A-28)"))
    return out


def _sheet_teams(game: _Game) -> dict[str, SheetTeam]:
    """Both teams: name, score (once the game has started), score by period, line-up, absentees, timeouts,
    shots, penalty minutes, points and goalies."""
    g, state = game.g, game.state
    stats = _player_totals(game)
    ejected = game.ejected()
    goalies = _goalies(game)
    shots = g.get("shots") or {}
    started = g.get("status", "final") == "final" or bool(g.get("events"))
    return {side: SheetTeam(side, game.team_of(side), state["score"][side] if started else None,
                            _score_by_period(game, side), _lineup(game, side, stats, ejected),
                            _absentees(game.view, g, side), _timeouts(game, side),
                            list(shots[side]) if side in shots else None, int(state["pim"][side]),
                            (state["points"] or {}).get(side), goalies[side])
            for side in SIDES}


# -- goals and penalties --------------------------------------------------------------------------------------
def _goal_kind(goal: GoalRecord) -> str:
    """'EV', 'PP', 'SH', 'PS' (penalty shot), 'AWD' (awarded), with 'EN' added for an empty net."""
    if goal["penalty_shot"]:
        kind = "PS"
    elif goal["awarded"]:
        kind = "AWD"
    else:
        kind = goal["strength"] or ""
    if goal["empty_net"]:
        kind = f"{kind} EN".strip()
    return kind


def _sheet_goals(game: _Game) -> list[SheetGoal]:
    return [SheetGoal(period_label(game.book, goal["period"], short=True), goal["elapsed"], game.team_of(goal["team"]),
                      game.who(goal["scorer"]) if goal["scorer"] else "awarded goal",
                      ", ".join(game.who(a) for a in goal["assists"]), _goal_kind(goal))
            for goal in game.state["goals"]]


def _clock_text(book: Rulebook, clock: tuple[int, str] | None, period: int) -> str:
    """'MM:SS' in the penalty's period, '2nd MM:SS' in a later one, '—' without a time."""
    if clock is None:
        return "—"
    return clock[1] if clock[0] == period else f"{period_label(book, clock[0], short=True)} {clock[1]}"


def _served_by(game: _Game, p: GamePenalty, ejected: set[str]) -> str:
    """Who served the penalty where it is not the penalized player ('(not named)' when no one was)."""
    if p["served_by"] is None:
        return "(not named)" if p["player"] is None or p["player"] in ejected else ""
    return game.who(p["served_by"]) if p["served_by"] != p["player"] else ""


def _sheet_penalties(game: _Game) -> list[SheetPenalty]:
    book = game.book
    stage = game.g.get("stage", "regular")
    ejected = game.ejected()
    added_gm = added_game_misconducts(game.view, game.game_id)
    penalties = []
    for n, p in enumerate(game.state["penalties"]):
        off = period_clock(book, stage, p["starts"])
        on = period_clock(book, stage, p["ends"])
        on_text = _clock_text(book, on, p["period"]) + (" (goal)" if p["ended_by_goal"] else "")
        cls = class_label(p["class"], n < len(added_gm) and added_gm[n], short=True)
        penalties.append(SheetPenalty(period_label(book, p["period"], short=True), p["elapsed"],
                                      game.team_of(p["team"]), game.who(p["player"]) if p["player"] else "Bench",
                                      _served_by(game, p, ejected), infraction_name(book, p["infraction"]), cls,
                                      int(p["minutes"]), _clock_text(book, off, p["period"]), on_text))
    return penalties


# -- what the game caused -------------------------------------------------------------------------------------
def _action_keys(game_id: str, susp_rows: list[SuspensionVerdict], fines: list[FineRow]
                 ) -> list[tuple[str, str]]:
    """(player, rule) of each suspension and fine of the game, in that order, each once."""
    keys: list[tuple[str, str]] = []
    for s in susp_rows:
        if s.game == game_id and (s.player, s.rule) not in keys:
            keys.append((s.player, s.rule))
    for f in fines:
        if (f["player"], f["rule"]) not in keys:
            keys.append((f["player"], f["rule"]))
    return keys


def _suspension_words(susp: SuspensionVerdict) -> str:
    """'suspended 2 games', 'proposed suspension, 5 games (Director review) — proposed'."""
    verb = "proposed suspension," if susp.status in ("proposed", "declined") else "suspended"
    return (f"{verb} {suspension_text(susp)}" + (" (Director review)" if susp.review else "")
            + (f" — {susp.status}" if susp.status in ("proposed", "declined") else ""))


def _action(game: _Game, pid: str, rule: str, pens: list[GamePenalty], susp: SuspensionVerdict | None,
            fines: list[FineRow], ejected_for: set[tuple[str, str]]) -> SheetAction:
    """A player's line of what the game caused under `rule`: the offence, the suspension, the fines."""
    book = game.book
    parts = [offence_text(book, rule, pens)]
    if (pid, rule) in ejected_for:
        parts[0] = f"Ejected ({parts[0].lower()})"
    if susp is not None:
        parts.append(_suspension_words(susp))
    amount = 0
    for f in fines:
        if f["player"] == pid and f["rule"] == rule:
            amount += cents(f["amount"])
            parts.append(f"{'team' if 'team' in f['payer'] else 'player'} fine")
    return SheetAction(game.who(pid), game.team_of(game.side_of(pid)), "; ".join(parts), rule,
                       rule_section(book, rule), amount)


def _sheet_actions(svc: ReportSource, game: _Game, season: str | None) -> list[SheetAction]:
    """The ejections (those with no suspension or fine of their own first), then each suspension and fine."""
    book, state, game_id = game.book, game.state, game.game_id
    susp_rows = suspension_verdicts(game.view)
    fines = svc.game_fines(game_id, season)
    pens_by_player: dict[str, list[GamePenalty]] = {}
    for p in state["penalties"]:
        if p["player"]:
            pens_by_player.setdefault(p["player"], []).append(p)
    keys = _action_keys(game_id, susp_rows, fines)
    ejected_for = {(e["player"], e["rule"]) for e in state["ejections"]}
    actions = [SheetAction(game.who(e["player"]), game.team_of(game.side_of(e["player"])),
                           f"Ejected: {rule_title(book, e['rule'])}", e["rule"], rule_section(book, e["rule"]))
               for e in state["ejections"] if (e["player"], e["rule"]) not in keys]
    for pid, rule in keys:
        susp = next((s for s in susp_rows if s.game == game_id and s.player == pid and s.rule == rule), None)
        actions.append(_action(game, pid, rule, pens_by_player.get(pid, []), susp, fines, ejected_for))
    return actions


def _notes_and_reports(game: _Game) -> tuple[list[str], list[str]]:
    """The game's notes, and its reports to the league (notes so marked, and the rulebook's reported penalties)."""
    g, book = game.g, game.book
    notes = [str(g["notes"])] if g.get("notes") else []
    reports: list[str] = []
    for e in g.get("events", []):
        if e["type"] == "note" and e.get("text"):
            (reports if e.get("report") else notes).append(str(e["text"]))
    for r in game.state.get("report", []):
        reports.append(f"{game.who(r['player']) or 'Bench'} ({game.team_of(r['team'])}): "
                       f"{infraction_name(book, r['infraction'])} at {period_label(book, r['period'], short=True)} "
                       f"{r['elapsed']} — reported for {r['reason']} ({REPORT_RULE})")
    return notes, reports


def _result_text(state: GameResult, home: str, away: str) -> str:
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


def game_sheet_data(svc: ReportSource, game_id: str, season: str | None = None) -> GameSheetData:
    """Everything the official game sheet of `game_id` prints."""
    game = _opened(svc, game_id, season)
    view, g, state = game.view, game.g, game.state
    teams = _sheet_teams(game)
    goals = _sheet_goals(game)
    penalties = _sheet_penalties(game)
    actions = _sheet_actions(svc, game, season)
    notes, reports = _notes_and_reports(game)
    home: TeamData | dict[str, str] = view.teams.get(g["home"], {})
    div: DivisionData | dict[str, str] = view.divisions.get(home.get("division", ""), {})
    officials = officials_of(g)
    return GameSheetData(
        league=league_name(view), season=view.name, game_id=game_id, division=printed_name(str(div.get("name", ""))),
        date=g["date"], time=g["time"], rink=printed_name(str(g.get("rink") or ""), 80),
        stage=g.get("stage", "regular"), status=g.get("status", "final"), home=teams["home"], away=teams["away"],
        periods=_period_columns(game), result=_result_text(state, teams["home"].name, teams["away"].name),
        goals=goals, penalties=penalties, actions=actions, referees=[printed_name(r) for r in officials["referee"]],
        notes=notes, reports=reports, rulebook=game.book.id, number=printed_name(str(g.get("number") or ""), 20),
        linesmen=[printed_name(r) for r in officials["linesman"]],
        scorekeeper=printed_name(_scorekeeper(svc, g, season)), signatures=sheet_signatures(g.get("signatures")),
        curfew=printed_name(str(g.get("curfew") or ""), 8))
