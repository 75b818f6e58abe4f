"""What the facade answers, declared once: the records its public methods return (standings, stats, a game, the
suspensions, the fines, eligibility, the seasons, the games and teams lists, the roster, proposals, the audit
trail...), as `TypedDict`s whose items are read-only to the type checker. At run time they are the plain dicts
the facade always returned, so every output (`--json`, the exports, the PDFs, the site) is byte for byte the same;
the type checker holds the facade and its readers (the reports, the mail, the site, the window) to the keys
declared here. A key marked `NotRequired` is absent where the comment says so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

if TYPE_CHECKING:
    from typing_extensions import ReadOnly


# -- shared pieces --------------------------------------------------------------------------------------------
Sides = dict[str, int]
"""A count for each side of a game, by 'home' and 'away'."""

SideLists = dict[str, list[int]]
"""A list of counts for each side of a game (one a period), by 'home' and 'away'."""


class ViolationRecord(TypedDict):
    """A rule broken or warned about, as `Violation.to_json` writes it."""

    rule: ReadOnly[str]  # the rule ID (PEN-GM-2, FILE, ...)
    severity: ReadOnly[str]  # 'block' or 'warning'
    message: ReadOnly[str]  # what is wrong, in words
    section: NotRequired[ReadOnly[str]]  # the rulebook's section (absent: none)
    where: NotRequired[ReadOnly[str]]  # the game and event (or file location) it concerns (absent: none)


# -- standings ------------------------------------------------------------------------------------------------
class Record(TypedDict):
    """Wins, losses, ties and overtime losses of a set of games (the last ten, at home, away)."""

    w: ReadOnly[int]  # wins
    l: ReadOnly[int]  # losses in regulation  # noqa: E741
    t: ReadOnly[int]  # ties
    otl: ReadOnly[int]  # overtime (and shootout) losses


class StandingsRow(TypedDict):
    """One team's line of the standings."""

    rank: ReadOnly[int]  # its place in the division, from 1
    team: ReadOnly[str]  # the team's id
    gp: ReadOnly[int]  # games played
    w: ReadOnly[int]  # wins
    l: ReadOnly[int]  # losses in regulation  # noqa: E741
    t: ReadOnly[int]  # ties
    otw: ReadOnly[int]  # overtime wins (among w)
    otl: ReadOnly[int]  # overtime losses
    sow: NotRequired[ReadOnly[int]]  # shootout wins among w (only where the regular season has shootouts)
    sol: NotRequired[ReadOnly[int]]  # shootout losses among l (only where the regular season has shootouts)
    pts: ReadOnly[int]  # points
    rw: NotRequired[ReadOnly[int]]  # regulation wins (only where a tiebreaker names them)
    row: NotRequired[ReadOnly[int]]  # regulation and overtime wins (only where a tiebreaker names them)
    pts_pct: NotRequired[ReadOnly[float]]  # share of the points possible, three decimals
    gf: ReadOnly[int]  # goals for
    ga: ReadOnly[int]  # goals against
    diff: ReadOnly[int]  # gf - ga
    pim: ReadOnly[int]  # penalty minutes
    gf_pct: ReadOnly[float | None]  # gf / (gf + ga), three decimals (None: no goal either way)
    l10: ReadOnly[Record]  # the last ten games
    streak: ReadOnly[str | None]  # the current streak ('W3', 'OTL1'; None before any game)
    home: ReadOnly[Record]  # the games at home
    away: ReadOnly[Record]  # the games away


class DivisionStandings(TypedDict):
    """A division's standings."""

    division: ReadOnly[str]  # the division's id
    rows: ReadOnly[list[StandingsRow]]  # its teams, in rank order


class Standings(TypedDict):
    """The season's standings (`scorekeeper standings --json`)."""

    season: ReadOnly[str]  # the season's name
    divisions: ReadOnly[list[DivisionStandings]]  # every division's


# -- player, goalie and team statistics -----------------------------------------------------------------------
class SkaterStats(TypedDict):
    """A player's scoring for one team."""

    player: ReadOnly[str]  # the player's id
    team: ReadOnly[str]  # the team's id
    gp: ReadOnly[int]  # games played
    g: ReadOnly[int]  # goals
    a: ReadOnly[int]  # assists
    pts: ReadOnly[int]  # points (as the rulebook scores goals and assists)
    pim: ReadOnly[int]  # penalty minutes


class GoalieStats(TypedDict):
    """A goalie's record for one team."""

    player: ReadOnly[str]  # the goalie's id
    team: ReadOnly[str]  # the team's id
    gp: ReadOnly[int]  # games played
    w: ReadOnly[int]  # wins credited
    l: ReadOnly[int]  # losses in regulation  # noqa: E741
    t: ReadOnly[int]  # ties
    otl: ReadOnly[int]  # overtime losses
    sol: ReadOnly[int]  # shootout losses
    min: ReadOnly[str]  # minutes in net, 'M:SS'
    sa: ReadOnly[int | None]  # shots against (None: no shots recorded)
    sv: ReadOnly[int | None]  # saves (None: no shots recorded)
    sv_pct: ReadOnly[float | None]  # save percentage, three decimals (None: no shots recorded)
    ga: ReadOnly[int]  # goals against
    gaa: ReadOnly[float | None]  # goals against average, two decimals (None: no minutes)
    so: ReadOnly[int]  # shutouts


class TeamStats(TypedDict):
    """A team's special teams."""

    team: ReadOnly[str]  # the team's id
    gp: ReadOnly[int]  # games played
    ppg: ReadOnly[int]  # power-play goals
    ppo: ReadOnly[int]  # power-play opportunities
    pp_pct: ReadOnly[float | None]  # power-play percentage (None: no opportunity)
    ppga: ReadOnly[int]  # power-play goals against
    times_sh: ReadOnly[int]  # times short-handed
    pk_pct: ReadOnly[float | None]  # penalty-kill percentage (None: never short-handed)
    shg: ReadOnly[int]  # short-handed goals
    so: ReadOnly[int]  # team shutouts


class Stats(TypedDict):
    """The season's statistics for one stage (`scorekeeper stats --json`)."""

    season: ReadOnly[str]  # the season's name
    stage: ReadOnly[str]  # 'regular' or 'playoff'
    players: ReadOnly[list[SkaterStats]]  # every player and team, best first
    goalies: ReadOnly[list[GoalieStats]]  # every goalie and team
    teams: ReadOnly[list[TeamStats]]  # every team


# -- one game -------------------------------------------------------------------------------------------------
class GoalRecord(TypedDict):
    """A goal as the game's computation counted it."""

    period: ReadOnly[int]  # the period, from 1
    elapsed: ReadOnly[str]  # the time into the period, 'MM:SS'
    team: ReadOnly[str]  # the side that scored ('home' or 'away')
    scorer: ReadOnly[str | None]  # the scorer's id (None: not known)
    assists: ReadOnly[list[str]]  # the assists' ids
    strength: ReadOnly[str | None]  # 'EV', 'PP', 'SH' (None: not worked out)
    empty_net: ReadOnly[bool]  # into an empty net
    penalty_shot: ReadOnly[bool]  # on a penalty shot
    awarded: ReadOnly[bool]  # awarded, not shot


class PenaltyFields(TypedDict):
    """A penalty as the game's computation served it (but its class)."""

    period: ReadOnly[int]  # the period, from 1
    elapsed: ReadOnly[str]  # the time into the period, 'MM:SS'
    team: ReadOnly[str]  # the side penalised
    player: ReadOnly[str | None]  # the offender's id (None: a bench penalty)
    served_by: ReadOnly[str | None]  # who served it, when not the offender
    infraction: ReadOnly[str]  # the infraction's code
    # `class`, a Python keyword, is declared in the functional form below (PenaltyClass)
    minutes: ReadOnly[int]  # the minutes on the sheet
    starts: ReadOnly[str]  # when it started, game time 'MM:SS'
    ends: ReadOnly[str | None]  # when it ended (None: still running)
    ended_by_goal: ReadOnly[bool]  # a goal ended it
    pim: ReadOnly[int]  # penalty minutes counted
    offset: ReadOnly[bool]  # offset by one of the other side


PenaltyClass = TypedDict("PenaltyClass", {"class": "ReadOnly[str]"})  # the penalty's class ('minor', 'major'...)


class GamePenalty(PenaltyFields, PenaltyClass):
    """A penalty of a game, with its class."""


class EjectionRecord(TypedDict):
    """A player put out of the game."""

    player: ReadOnly[str]  # the player's id
    rule: ReadOnly[str]  # the rule that put the player out


class ReportedPenalty(TypedDict):
    """A penalty on the referee's report to the league."""

    player: ReadOnly[str]  # the player's id
    team: ReadOnly[str]  # the team's id
    infraction: ReadOnly[str]  # the infraction's code
    reason: ReadOnly[str]  # why it is reported
    period: ReadOnly[int]  # the period, from 1
    elapsed: ReadOnly[str]  # the time into the period, 'MM:SS'


class ShootoutAttempt(TypedDict):
    """One shot of a shootout."""

    team: ReadOnly[str]  # the shooter's side
    shooter: ReadOnly[str]  # the shooter's id
    scored: ReadOnly[bool]  # whether it went in


class ShootoutRecord(TypedDict):
    """A game's shootout."""

    winner: ReadOnly[str]  # the side that won it
    goals: ReadOnly[Sides | None]  # the goals each side scored (None: the attempts were not entered)
    attempts: ReadOnly[list[ShootoutAttempt]]  # the attempts in order


class GameResult(TypedDict):
    """Everything computed about one game (`scorekeeper game --json`, the export's computed games)."""

    id: ReadOnly[str]  # the game's id
    home: ReadOnly[str]  # the home team's id
    away: ReadOnly[str]  # the away team's id
    stage: ReadOnly[str]  # 'regular' or 'playoff'
    status: ReadOnly[str]  # 'scheduled' or 'final'
    date: ReadOnly[str]  # 'YYYY-MM-DD'
    time: ReadOnly[str]  # the start, 'HH:MM'
    score: ReadOnly[Sides]  # goals by side
    by_period: ReadOnly[SideLists]  # goals by side and period
    decision: ReadOnly[str | None]  # 'regulation', 'overtime', 'shootout', 'forfeit', 'called', 'mercy'... (None: open)
    winner: ReadOnly[str | None]  # the winning side (None: a tie or not decided)
    points: ReadOnly[Sides | None]  # standings points by side (None: counts for none)
    goals: ReadOnly[list[GoalRecord]]  # the goals, in order
    penalties: ReadOnly[list[GamePenalty]]  # the penalties, in order
    ejections: ReadOnly[list[EjectionRecord]]  # the players put out of the game
    timeouts: ReadOnly[Sides]  # timeouts taken by side
    pim: ReadOnly[Sides]  # penalty minutes by side
    report: ReadOnly[list[ReportedPenalty]]  # what the referee reports to the league
    violations: ReadOnly[list[ViolationRecord]]  # the rules the game breaks or warns about
    shootout: NotRequired[ReadOnly[ShootoutRecord]]  # its shootout (absent: none)
    curfew: NotRequired[ReadOnly[str]]  # when the ice must be cleared, 'HH:MM' (absent: the league gave none)


# -- discipline -----------------------------------------------------------------------------------------------
class SuspensionRow(TypedDict):
    """A suspension as it stands."""

    player: ReadOnly[str]  # the player's id
    team: ReadOnly[str]  # the team's id
    game: ReadOnly[str]  # the offence's game
    season: NotRequired[ReadOnly[str]]  # the season of that game (only a suspension carried from the one before)
    rule: ReadOnly[str]  # the rule that suspends
    kind: ReadOnly[str]  # 'games', or the kind of an open suspension ('season', 'indefinite'...)
    games: ReadOnly[int | None]  # the games to serve (None: not a count)
    served: ReadOnly[int]  # the games served so far
    status: ReadOnly[str]  # 'active', 'served', 'lifted', 'proposed' or 'declined'
    appeal: ReadOnly[str | None]  # the appeal's decision (None: no appeal)
    review: ReadOnly[bool]  # the league reviews it


class Suspensions(TypedDict):
    """The season's suspensions (`scorekeeper suspensions --json`)."""

    season: ReadOnly[str]  # the season's name
    suspensions: ReadOnly[list[SuspensionRow]]  # every suspension, in the order set off


Payer = dict[str, str]
"""Who pays a fine: {"team": the team's id} for a team's fine, {"player": the player's id} for a player's."""


class FineRow(TypedDict):
    """A fine owed."""

    payer: ReadOnly[Payer]  # who pays it
    team: ReadOnly[str]  # the team whose statement carries it
    amount: ReadOnly[str]  # the amount, '25.00'
    rule: ReadOnly[str]  # the rule that fines
    game: ReadOnly[str]  # the offence's game
    player: ReadOnly[str]  # the offender's id


class FineTotals(TypedDict):
    """A team's statement totals."""

    team: ReadOnly[str]  # the team's id
    fines: ReadOnly[str]  # the fines owed, '125.00'
    paid: ReadOnly[str]  # the payments on its statement
    balance: ReadOnly[str]  # fines less payments


class Fines(TypedDict):
    """The season's fines (`scorekeeper fines --json`)."""

    season: ReadOnly[str]  # the season's name
    fines: ReadOnly[list[FineRow]]  # every fine owed
    totals: ReadOnly[list[FineTotals]]  # every team's statement


class EligibilityRow(TypedDict):
    """A rostered player's playoff eligibility."""

    player: ReadOnly[str]  # the player's id
    team: ReadOnly[str]  # the team's id
    regular_gp: ReadOnly[int]  # regular-season games that count
    required: ReadOnly[int]  # the games the rulebook requires
    playoff_eligible: ReadOnly[bool]  # regular_gp >= required


class Eligibility(TypedDict):
    """The season's playoff eligibility (`scorekeeper eligibility --json`)."""

    season: ReadOnly[str]  # the season's name
    players: ReadOnly[list[EligibilityRow]]  # every rostered player and team


class ProposedSuspension(TypedDict):
    """A suspension the rules proposed, and the office's decision on it."""

    player: ReadOnly[str]  # the player's id
    name: ReadOnly[str]  # the player's name
    team: ReadOnly[str]  # the team's id
    game: ReadOnly[str]  # the offence's game
    date: ReadOnly[str]  # the offence's date
    rule: ReadOnly[str]  # the rule that proposes it
    kind: ReadOnly[str]  # the suspension's kind
    state: ReadOnly[str]  # 'proposed', 'confirmed' or 'declined'
    decided: ReadOnly[str | None]  # the decision's date (None: not decided)
    by: ReadOnly[str | None]  # who decided
    note: ReadOnly[str | None]  # the decision's note


class OfficeListItem(TypedDict):
    """One thing for the office to do (`rules.office_list.OfficeItem`)."""

    kind: ReadOnly[str]  # NOTICE or PROPOSAL
    rule: ReadOnly[str]  # the rule it is due under
    section: ReadOnly[str]  # that rule's section
    what: ReadOnly[str]  # what to do, in words
    player: ReadOnly[str]  # the player's id
    team: ReadOnly[str]  # the team's id
    game: ReadOnly[str]  # the offence's game
    due: ReadOnly[str]  # the game before which it is due ('' : none)


class AuditEntry(TypedDict):
    """One entry of the audit trail."""

    at: ReadOnly[str]  # when, 'YYYY-MM-DDTHH:MM:SS'
    operator: ReadOnly[str]  # who
    action: ReadOnly[str]  # what was done ('game details', 'payment recorded'...)
    subject: ReadOnly[str]  # what it was done to (a game, 'player/game'...)
    before: ReadOnly[Any]  # what it was (JSON; None: nothing)
    after: ReadOnly[Any]  # what it became (JSON; None: nothing)


# -- seasons --------------------------------------------------------------------------------------------------
class SeasonEntry(TypedDict):
    """A season as the picker offers it."""

    name: ReadOnly[str]  # the season's name
    league: ReadOnly[str]  # the league's name
    rulebook: ReadOnly[str]  # the id of the rulebook it is played under


class SeasonSummary(SeasonEntry):
    """A season as the season administration lists it."""

    archived: ReadOnly[bool]  # hidden from the picker, read-only
    teams: ReadOnly[int]  # the teams it holds
    players: ReadOnly[int]  # the players it holds
    games: ReadOnly[int]  # the games it holds


class DeletedSeason(TypedDict):
    """What deleting a season did."""

    season: ReadOnly[str]  # the season's name
    league: ReadOnly[str]  # the league's name
    backup: ReadOnly[str | None]  # the backup made first (None: none)
    removed: ReadOnly[dict[str, int]]  # how many rows went, by what they were


# -- lists for the window -------------------------------------------------------------------------------------
class TeamRow(TypedDict):
    """A team as the teams list shows it."""

    id: ReadOnly[str]  # the team's id
    name: ReadOnly[str]  # its name
    division: ReadOnly[str]  # its division's id
    division_name: ReadOnly[str]  # its division's name
    colour: ReadOnly[str | None]  # its colour (None: none given)
    captain: ReadOnly[str | None]  # the captain's id (None: none)
    captain_name: ReadOnly[str | None]  # the captain's name
    captain_email: ReadOnly[str | None]  # where the captain is e-mailed
    players: ReadOnly[int]  # the players signed and not released


class GameRow(TypedDict):
    """A game as the games list shows it."""

    id: ReadOnly[str]  # the game's id
    number: ReadOnly[str]  # the league's number (the id where none)
    date: ReadOnly[str]  # 'YYYY-MM-DD'
    time: ReadOnly[str]  # the start, 'HH:MM'
    curfew: NotRequired[ReadOnly[str]]  # when the ice must be cleared, 'HH:MM' (absent: the league gave none)
    home: ReadOnly[str]  # the home team's id
    away: ReadOnly[str]  # the away team's id
    home_name: ReadOnly[str]  # the home team's name
    away_name: ReadOnly[str]  # the away team's name
    stage: ReadOnly[str]  # 'regular' or 'playoff'
    status: ReadOnly[str]  # 'scheduled' or 'final'
    score: ReadOnly[Sides | None]  # goals by side (None: nothing recorded yet)
    decision: ReadOnly[str | None]  # how it was decided (None: not decided)
    status_text: ReadOnly[str]  # 'Final', 'In progress' or 'Scheduled'


class DressedGoalie(TypedDict):
    """A goalie dressed for a game."""

    player: ReadOnly[str]  # the goalie's id
    name: ReadOnly[str]  # the goalie's name
    side: ReadOnly[str]  # 'home' or 'away'


class GoalieShots(TypedDict):
    """A goalie's shots against, as the paper sheet has them."""

    goalie: ReadOnly[str]  # the goalie's id
    shots: ReadOnly[int]  # shots against
    period: NotRequired[ReadOnly[int]]  # the period (absent: the whole game)


class GameDetails(TypedDict):
    """What the game sheet's details dialog shows."""

    id: ReadOnly[str]  # the game's id
    home_name: ReadOnly[str]  # the home team's name
    away_name: ReadOnly[str]  # the away team's name
    number: ReadOnly[str]  # the league's number ('' : the id)
    referees: ReadOnly[list[str]]  # the referees' names
    linesmen: ReadOnly[list[str]]  # the linesmen's names
    scorekeeper: ReadOnly[list[str]]  # the scorekeeper's name (none: the operator who finishes the game)
    operator: ReadOnly[str]  # who would sign as scorekeeper
    final: ReadOnly[bool]  # the game is final
    signed: ReadOnly[bool]  # final and signed: the details are the office's
    goalies: ReadOnly[list[DressedGoalie]]  # the goalies dressed, home first
    periods: ReadOnly[int]  # the periods the game has
    period_labels: ReadOnly[list[str]]  # each period's label ('1', '2', '3', 'OT')
    goalie_shots: ReadOnly[list[GoalieShots]]  # each goalie's shots
    curfew: ReadOnly[str]  # when the ice must be cleared, 'HH:MM' ('' : none)


class BoxEntry(TypedDict):
    """A penalty in the box at the boards."""

    player: ReadOnly[str | None]  # the offender's id
    served_by: ReadOnly[str | None]  # who serves it
    starts: ReadOnly[str]  # game time it started
    ends: ReadOnly[str]  # game time it ends
    remaining: ReadOnly[str]  # what is left of it
    short_handed: ReadOnly[bool]  # the side plays short
    releasable: ReadOnly[bool]  # a goal against releases it
    offset: ReadOnly[bool]  # offset by one of the other side


class WaitingEntry(TypedDict):
    """A penalty waiting for the box."""

    player: ReadOnly[str | None]  # the offender's id
    assessed: ReadOnly[str]  # game time it was assessed


class TeamOnIce(TypedDict):
    """A side at the boards now."""

    players_on_ice: ReadOnly[int]  # the players it may have on the ice
    skaters: ReadOnly[int]  # of them, skaters
    goalie: ReadOnly[str | None]  # the goalie in net (None: none)
    box: ReadOnly[list[BoxEntry]]  # its penalties in the box
    waiting: ReadOnly[list[WaitingEntry]]  # its penalties waiting
    males_max: ReadOnly[int | None]  # co-ed: the most men on the ice (None: not co-ed)
    females_max: ReadOnly[int | None]  # co-ed: the most women on the ice (None: not co-ed)
    males_serving: ReadOnly[int]  # men in the box
    timeouts_left: ReadOnly[int]  # timeouts it may still take
    injured_goalie_minutes: ReadOnly[int]  # minutes its backup may warm up
    icing: ReadOnly[bool]  # icing is called against it


class LiveState(TypedDict):
    """Who may be on the ice now, the penalty box, icing, stop time."""

    t: ReadOnly[str]  # the game time
    score: ReadOnly[Sides]  # goals by side
    over: ReadOnly[bool]  # the game is over
    stop_time: ReadOnly[bool]  # the clock stops on whistles now
    icing: ReadOnly[bool]  # icing is called against a side
    strength: ReadOnly[str]  # players on the ice, '5-on-4'
    skaters_strength: ReadOnly[str]  # skaters on the ice, '4-on-3'
    teams: ReadOnly[dict[str, TeamOnIce]]  # each side's, by 'home' and 'away'


class LineupPlayer(TypedDict):
    """A player dressed for a side."""

    player: ReadOnly[str]  # the player's id
    number: ReadOnly[int | None]  # the number worn
    name: ReadOnly[str]  # the player's name
    gender: ReadOnly[str | None]  # 'M' or 'F' (None: not given)
    goalie: ReadOnly[bool]  # dressed in goal
    captain: ReadOnly[bool]  # the captain


class LineupCandidate(TypedDict):
    """A rostered player who could dress for a side, and whether the rulebook lets them."""

    player: ReadOnly[str]  # the player's id
    number: ReadOnly[int | None]  # the roster number
    name: ReadOnly[str]  # the player's name
    gender: ReadOnly[str | None]  # 'M' or 'F' (None: not given)
    position: ReadOnly[str]  # 'skater' or 'goalie'
    dressed: ReadOnly[bool]  # already dressed
    goalie: ReadOnly[bool]  # dressed (or would dress) in goal
    status: ReadOnly[str]  # the player's status code
    rule: ReadOnly[str | None]  # the rule that bars or warns (None: none)
    section: ReadOnly[str]  # that rule's section ('' : none)
    message: ReadOnly[str]  # why, in words ('' : nothing to say)


class RosterRow(TypedDict):
    """A signing, as the roster shows it."""

    team: ReadOnly[str]  # the team's id
    player: ReadOnly[str]  # the player's id
    number: ReadOnly[int | None]  # the roster number
    position: ReadOnly[str]  # 'skater' or 'goalie'
    name: ReadOnly[str]  # the player's name
    first: ReadOnly[str | None]  # first name
    last: ReadOnly[str | None]  # last name
    gender: ReadOnly[str | None]  # 'M' or 'F'
    birthdate: ReadOnly[str | None]  # 'YYYY-MM-DD'
    email: ReadOnly[str | None]  # the player's e-mail
    signed: ReadOnly[str | None]  # when signed
    released: ReadOnly[str | None]  # when released (None: not released)
    gp: ReadOnly[int]  # games played
    g: ReadOnly[int]  # goals
    a: ReadOnly[int]  # assists
    pim: ReadOnly[int]  # penalty minutes
    suspension: ReadOnly[str | None]  # the suspension in force, 'PEN-FIGHT-1 1/2' (None: none)
    fines_cents: ReadOnly[int]  # the player's fines, in cents


class GameClock(TypedDict):
    """The game clock the rulebook sets for a game."""

    periods: ReadOnly[list[int]]  # each period's seconds
    period_word: ReadOnly[str]  # what a period is called
    overtime: ReadOnly[int]  # the overtime's seconds (0: none)
    overtime_periods: ReadOnly[int]  # the most overtime periods
    stop_time_last: ReadOnly[int]  # the seconds of stop time at the end of regulation
    overtime_stop_time_last: ReadOnly[int]  # the seconds of stop time at the end of overtime
    shootout: ReadOnly[bool]  # a tie after overtime goes to a shootout


class SignatureEntry(TypedDict):
    """A signature given on a game."""

    role: ReadOnly[str]  # 'referee', 'scorekeeper', 'home_captain'...
    label: ReadOnly[str]  # the role as people read it
    name: ReadOnly[str]  # who signed
    signed_at: ReadOnly[str]  # when
    before_correction: ReadOnly[str]  # the date of the reopen that followed it ('' : it signs the game as it is)
    png: ReadOnly[bytes]  # the picture


# -- rulebooks ------------------------------------------------------------------------------------------------
class RulebookEntry(TypedDict):
    """A rulebook a season can name."""

    name: ReadOnly[str]  # its id
    source: ReadOnly[str]  # 'database' or 'shipped'
    seasons: ReadOnly[list[str]]  # the seasons played under it


class LoadedRulebook(TypedDict):
    """A rulebook loaded from a file."""

    name: ReadOnly[str]  # its id
    league: ReadOnly[str]  # the league it is for
    title: ReadOnly[str]  # its title
    loaded: ReadOnly[bool]  # newly loaded (False: the same text was there already)


class InfractionEntry(TypedDict):
    """An infraction of the rulebook in force."""

    code: ReadOnly[str]  # its code ('hooking')
    name: ReadOnly[str]  # its name
    plain_name: ReadOnly[str]  # the name a sheet prints ('Tripping')
    classes: ReadOnly[list[str]]  # the classes it may be called as
    minutes: ReadOnly[dict[str, int]]  # the minutes, by class
    section: ReadOnly[str]  # its section
    rule: ReadOnly[str]  # its rule
    coed_only: ReadOnly[bool]  # called in co-ed games only


class InfractionSearch(TypedDict):
    """What a text finds among the infractions."""

    codes: ReadOnly[list[str]]  # the codes found, best first
    did_you_mean: ReadOnly[str]  # a near miss ('' : nothing near)


class RosterCsvRow(TypedDict):
    """A row of a roster spreadsheet and its verdict."""

    line: ReadOnly[int]  # its line in the file
    data: ReadOnly[dict[str, str]]  # its cells, by column
    verdict: ReadOnly[str]  # 'imported', 'warning', 'already' or 'refused'
    violations: ReadOnly[list[ViolationRecord]]  # why
    note: NotRequired[ReadOnly[str]]  # a note (absent: none)
    candidates: NotRequired[ReadOnly[list[dict[str, str]]]]  # the players a shared name fits (absent: none)
