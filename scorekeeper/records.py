"""The season's records, declared once (issue 28.1): every object a season file holds, as typed immutable records.

Each record is a frozen `msgspec.Struct`; its fields' order is the order `export` writes their keys in, a field
with no default is required, and each field's annotation says what it holds (its `extra["check"]` names the
check the season-file checker applies, `extra["words"]` how the documentation names the type) and, in its
`description`, what it means. The season-file checker and normaliser (`scorekeeper.seasonfile`) and the field
tables of docs/season-file.md (`tools/make_season_file_docs.py`) are read from here. Money, wherever it is
parsed or printed, is `Money`.
"""

import re
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

import msgspec
from msgspec import Meta

from scorekeeper.rulebook.model import PENALTY_CLASSES

FORMAT = "scorekeeper.season/1"


class Money(msgspec.Struct, frozen=True):
    """An amount of money in whole cents; its text has two decimals: "12.50" (a negative one "-0.50")."""

    cents: int

    @classmethod
    def parse(cls, text: str) -> "Money":
        """'20.00' -> 2000 cents; '-0.50' -> -50; '5' -> 500; '5.5' -> 550."""
        negative = text.startswith("-")
        whole, _, cents = text.lstrip("-").partition(".")
        value = int(whole or 0) * 100 + int((cents + "00")[:2])
        return cls(-value if negative else value)

    def __str__(self) -> str:
        """2000 cents -> '20.00'."""
        sign = "-" if self.cents < 0 else ""
        cents = abs(self.cents)
        return f"{sign}{cents // 100}.{cents % 100:02d}"


def money_to_cents(text: str) -> int:
    """'20.00' -> 2000; '-0.50' -> -50."""
    return Money.parse(text).cents


def cents_to_money(cents: int) -> str:
    """2000 -> '20.00'."""
    return str(Money(cents))


MONEY_RE = re.compile(r"^\d{1,7}\.\d{2}$")  # a payment's `amount`: money as text with two decimals


def _is(check: str, words: str, stored: str = "", **constraints: Any) -> Meta:
    """The annotation of a field's kind: the check that judges it, how the documentation names it and, where the
    normalised season does not hold it as declared, how it is `stored`: "as given" (its value as the file gave
    it), "when not empty" (left out when empty), "default last" (when absent, its default is written after the
    keys given)."""
    return Meta(extra={"check": check, "words": words, "stored": stored}, **constraints)


def _listed(what: str, most: int) -> Meta:
    """A season's list: what it holds and how many at most (far above any league's season, low enough that the
    largest file allowed imports, or is refused, within a minute: each payment is audited as imported, issue 26)."""
    return Meta(description=f"the {what} (below); a missing list is an empty one", max_length=most)


# -- the kinds of values ---------------------------------------------------------------------------------------

Text = Annotated[str, _is("text", "text", min_length=1)]
DivisionId = Annotated[str, _is("text", "division id", min_length=1)]
TeamId = Annotated[str, _is("text", "team id", min_length=1)]
PlayerId = Annotated[str, _is("text", "player id", min_length=1)]
GameId = Annotated[str, _is("text", "game id", min_length=1)]
Email = Annotated[str, _is("email", "e-mail address", min_length=1)]
Date = Annotated[str, _is("date", "date", pattern=r"^\d{4}-\d{2}-\d{2}$")]
DateTime = Annotated[str, _is("datetime", "date and time")]
StartTime = Annotated[str, _is("time", '`"HH:MM"`', pattern=r"^([01]\d|2[0-3]):[0-5]\d$")]
Clock = Annotated[str, _is("clock", '`"MM:SS"`', pattern=r"^\d+:[0-5]\d$")]
Jersey = Annotated[int, _is("range", "whole number 0-99", ge=0, le=99)]
Tier = Annotated[int, _is("range", "whole number 1-9", ge=1, le=9)]
Period = Annotated[int, _is("range", "whole number 1-99", ge=1, le=99)]
GameNumber = Annotated[str, _is("game number", "text, 1-20 characters", min_length=1, max_length=20)]
MoneyText = Annotated[str, _is("money", "money text", pattern=MONEY_RE.pattern)]
FormNumber = Annotated[str, _is("form", "text")]
AuditText = Annotated[str, _is("audit text", "text")]  # any text, the empty one too
Count = Annotated[int, _is("count", "whole number, 0 or more", ge=0)]
Minutes = Annotated[float, _is("minutes", "number 0-600", ge=0, le=600)]
Side = Literal["home", "away"]

if TYPE_CHECKING:
    PenaltyClass = str
else:
    PenaltyClass = Literal[PENALTY_CLASSES]  # the rulebook model's classes


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A season-file object: `kind` names it in the checker's messages ("a {kind} needs 'id'")."""

    kind: ClassVar[str] = ""
    check_order: ClassVar[tuple[str, ...]] = ()  # the order its fields are checked in, where not theirs


# -- the season's own records ----------------------------------------------------------------------------------

class Division(Record, frozen=True, kw_only=True):
    """A division of the league."""

    kind: ClassVar[str] = "division"
    id: Text
    name: Text
    coed: Annotated[bool, _is("bool", "true/false", stored="default last"), Meta(
        description="a co-ed division: the co-ed rules apply and players need a `gender`")] = False
    tier: Annotated[Tier | None, Meta(description="the division's level; co-ed divisions are tier 1 and 2")] = None


class Team(Record, frozen=True, kw_only=True):
    """A team of a division."""

    kind: ClassVar[str] = "team"
    id: Text
    name: Text
    division: DivisionId
    colour: Text | None = None
    captain: PlayerId | None = None
    captain_email: Annotated[Email | None, Meta(
        description="where suspension notices and fine statements are sent; one address")] = None


class Player(Record, frozen=True, kw_only=True):
    """A player of the league."""

    kind: ClassVar[str] = "player"
    id: Text
    first: Annotated[Text, Meta(description="first name")]
    last: Annotated[Text, Meta(description="last name")]
    gender: Annotated[Literal["M", "F"] | None, Meta(description="required in co-ed divisions")] = None
    birthdate: Annotated[Date | None, Meta(description="used for the face-mask rule")] = None
    email: Annotated[Email | None, Meta(description="one address")] = None


class Signing(Record, frozen=True, kw_only=True):
    """One signing of a player with a team (a roster entry)."""

    kind: ClassVar[str] = "roster entry"
    team: TeamId
    player: PlayerId
    number: Annotated[Jersey, Meta(description="the jersey number")]
    position: Literal["skater", "goalie"] = "skater"
    signed: Annotated[Date | None, Meta(description="the first day the signing holds")] = None
    released: Annotated[Date | None, Meta(description="the day the player left the team")] = None


class LineupEntry(Record, frozen=True, kw_only=True):
    """A player dressed for a game."""

    kind: ClassVar[str] = "line-up entry"
    player: PlayerId
    number: Annotated[Jersey | None, Meta(description="default: the roster number")] = None
    goalie: Annotated[bool, Meta(description="dressed in goal; the first goalie of a line-up starts the game")] \
        = False
    captain: bool | None = None


class Lineups(Record, frozen=True, kw_only=True):
    """A game's line-ups: the players dressed on each side."""

    kind: ClassVar[str] = "line-ups"
    home: list[LineupEntry] = msgspec.field(default_factory=list)
    away: list[LineupEntry] = msgspec.field(default_factory=list)


class Official(Record, frozen=True, kw_only=True):
    """One official of a game, with the role."""

    kind: ClassVar[str] = "game official"
    name: Annotated[str, _is("name", "text"), Meta(description="not blank")]
    role: Literal["referee", "linesman", "scorekeeper"]


class GoalieShots(Record, frozen=True, kw_only=True):
    """The shots on goal one goalie faced in a period of a game, or in the whole game (issue 30.3)."""

    kind: ClassVar[str] = "goalie shots"
    goalie: Annotated[PlayerId, Meta(description="a player dressed in goal in one of the game's line-ups")]
    shots: Annotated[Count, Meta(description="the shots on goal he faced")]
    period: Annotated[int | None, _is("game period", "period of the game"), Meta(
        description="1 to the highest of 3, the game's events' periods and the length of its `shots` lists; "
                    "absent: the whole game")] = None


class Signature(Record, frozen=True, kw_only=True):
    """A signature given on the screen at the end of a game (issue 20)."""

    kind: ClassVar[str] = "signature"
    role: Annotated[Literal["referee", "linesman", "captain-home", "captain-away", "coach-home", "coach-away"],
                    Meta(description="who signed")]
    name: Annotated[str, _is("signer", "text, 1-80 characters"), Meta(
        description="the signer's name as typed, not blank")]
    signed_at: Annotated[DateTime, Meta(
        description='when it was signed, ISO 8601 to the second, e.g. `"2016-01-17T21:05:43"` (the rink PC\'s '
                    "local time)")]
    png_base64: Annotated[str, _is("png", "base64 text"), Meta(
        description="the picture of the signature: standard base64 of a PNG file of at most 200 KB and 4,096 x "
                    "4,096 pixels (4,194,304 in all), stored as its clean PNG (below)")]
    before_correction: Annotated[Date | None, Meta(
        description="the date of the reopen that followed the signature: it signed the game as it was before "
                    "that correction (absent: it signs the game as it is)")] = None


# -- a game's events (the file's `type` names the kind) ---------------------------------------------------------

class Event(Record, frozen=True, kw_only=True, tag_field="type"):
    """One entry at the boards: its `type` names its kind."""


class Goal(Event, frozen=True, kw_only=True, tag="goal"):
    """A goal by `team`, scored by `scorer` (a player id), with 0 to 2 `assists` (a list of player ids);
    `empty_net` (true/false) is worked out from `goalie` events when absent (a goal at the second of a pull is not an
    empty-net goal)."""

    team: Side
    period: Period
    elapsed: Clock
    scorer: PlayerId
    assists: Annotated[list[PlayerId], _is("assists", "list of player ids")] = msgspec.field(default_factory=list)
    empty_net: Annotated[bool | None, Meta(
        description="worked out from `goalie` events when absent (a goal at the second of a pull is not an "
                    "empty-net goal)")] = None


class Penalty(Event, frozen=True, kw_only=True, tag="penalty"):
    """A penalty to a player of `team`; `player` is `null` for a bench penalty; `infraction` is an infraction
    code of the rulebook (Westridge: [rules.md](rules.md#infraction-codes)); `class` is one of `minor`,
    `bench_minor`, `major`, `misconduct`, `game_misconduct`, `gross_misconduct`, `match` and defaults to the
    infraction's own class; `served_by` is the player who sits in the box for the offender."""

    check_order: ClassVar[tuple[str, ...]] = ("team", "period", "elapsed", "served_by", "player", "infraction",
                                              "class")
    team: Side
    period: Period
    elapsed: Clock
    player: Annotated[PlayerId | None, Meta(description="`null` for a bench penalty")]
    infraction: Annotated[Text, Meta(description="an infraction code of the rulebook")]
    penalty_class: Annotated[PenaltyClass | None, Meta(description="default: the infraction's own class")] = \
        msgspec.field(default=None, name="class")
    served_by: Annotated[PlayerId | None, Meta(description="the player who sits in the box for the offender")] = \
        None


class PenaltyShot(Event, frozen=True, kw_only=True, tag="penalty_shot"):
    """A penalty shot by `team`; `scored` (true/false); a scored shot is a goal for the shooter, with no
    assists."""

    check_order: ClassVar[tuple[str, ...]] = ("team", "period", "elapsed", "shooter", "fouled_by", "scored",
                                              "infraction")
    team: Side
    period: Period
    elapsed: Clock
    infraction: Text | None = None
    shooter: PlayerId
    scored: bool
    fouled_by: PlayerId | None = None


class AwardedGoal(Event, frozen=True, kw_only=True, tag="awarded_goal"):
    """A goal given to `team` by the referee (Section 4 X), credited to no player."""

    team: Side
    period: Period
    elapsed: Clock
    reason: str | None = None  # not checked: any value, kept as given


class Timeout(Event, frozen=True, kw_only=True, tag="timeout"):
    """A team timeout."""

    team: Side
    period: Period
    elapsed: Clock


class GoalieChange(Event, frozen=True, kw_only=True, tag="goalie"):
    """`action` `"pull"`: the goalie leaves for an extra skater; `"in"`: a goalie (`player`: the same or
    another) goes in."""

    check_order: ClassVar[tuple[str, ...]] = ("team", "period", "elapsed", "action", "player")
    team: Side
    period: Period
    elapsed: Clock
    player: PlayerId | None = None
    action: Literal["pull", "in"]


class Late(Event, frozen=True, kw_only=True, tag="late"):
    """Before the start: `team` was still not ready `minutes` (0 to 600) after the scheduled time. Every full 3
    minutes gives the other team a goal (FORF-1); 10 minutes or more is a 3-0 forfeit (FORF-2) without a `forfeit`
    event."""

    team: Side
    minutes: Minutes


class Forfeit(Event, frozen=True, kw_only=True, tag="forfeit"):
    """`team` is `"home"`, `"away"` or `"both"` (both teams short: both lose); `reason` is `"late"`,
    `"short_players"`, `"ineligible"` or `"other"`."""

    team: Literal["home", "away", "both"]
    reason: Literal["late", "short_players", "ineligible", "other"]


class Called(Event, frozen=True, kw_only=True, tag="called"):
    """The referee ended the game and gave out points (Section 1 d): `points` is `{"home": n, "away": n}`."""

    check_order: ClassVar[tuple[str, ...]] = ("points", "reason")
    reason: Text
    points: Annotated[dict[str, int], _is("points", '`{"home": n, "away": n}`')]


class Note(Event, frozen=True, kw_only=True, tag="note"):
    """A remark; `report: true` sends it to the league as an incident report; with a period and time it sits at
    that moment among the game's plays (issue 27)."""

    check_order: ClassVar[tuple[str, ...]] = ("+moment", "period", "elapsed", "text", "report")
    period: Annotated[Period | None, Meta(description="with `elapsed`, or neither")] = None
    elapsed: Clock | None = None
    text: Text
    report: Annotated[bool | None, Meta(description="`true` sends it to the league as an incident report")] = None


class ShootoutAttempt(Record, frozen=True, kw_only=True):
    """One attempt of a shootout."""

    kind: ClassVar[str] = "shootout attempt"
    team: Side
    shooter: PlayerId
    scored: bool


class Shootout(Event, frozen=True, kw_only=True, tag="shootout"):
    """Only under a rulebook with shootouts (`[shootout]` in [rulebook.md](rulebook.md)): a tie after
    overtime decided by a shootout won by `team`; `attempts` is a list of `{"team": "home"/"away", "shooter": id,
    "scored": true/false}` (the project's own)."""

    team: Side
    attempts: Annotated[list[ShootoutAttempt] | None,
                        _is("attempts", "list of shootout attempts", stored="as given")] = None


class End(Event, frozen=True, kw_only=True, tag="end"):
    """Play ended here, before regulation time ran out (a game finished early, GAME-1, after its warning was
    confirmed): the game's end, to which each goalie's minutes run."""

    period: Period
    elapsed: Clock


EVENTS: tuple[type[Event], ...] = (Goal, Penalty, PenaltyShot, AwardedGoal, Timeout, GoalieChange, Late, Forfeit,
                                   Called, Note, Shootout, End)
EVENT_KINDS: dict[str, type[Event]] = {str(e.__struct_config__.tag): e for e in EVENTS}
AnyEvent = Goal | Penalty | PenaltyShot | AwardedGoal | Timeout | GoalieChange | Late | Forfeit | Called | Note | \
    Shootout | End


class Game(Record, frozen=True, kw_only=True):
    """A game of the season: its schedule, its line-ups, what happened and who signed."""

    kind: ClassVar[str] = "game"
    check_order: ClassVar[tuple[str, ...]] = (
        "id", "home", "away", "date", "time", "curfew", "stage", "status", "+itself", "lineups", "referees",
        "officials", "signatures", "number", "shots", "goalie_shots", "notes", "rink", "events")
    id: Text
    number: Annotated[GameNumber | None, Meta(
        description="the league's game number, as the game sheet prints it (e.g. `\"W-014\"`): the game's name "
                    "wherever a person reads one; default: the `id`")] = None
    date: Date
    time: Annotated[StartTime, Meta(description="the scheduled start")]
    curfew: Annotated[StartTime | None, Meta(
        description="the time the ice must be cleared, which paper game sheets print beside the scheduled start")] \
        = None
    rink: Text | None = None
    stage: Literal["regular", "playoff"] = "regular"
    home: Annotated[TeamId, Meta(description="a team other than `away`")]
    away: Annotated[TeamId, Meta(description="a team other than `home`")]
    status: Annotated[Literal["scheduled", "final"], Meta(
        description="a final game is locked; a scheduled one is not counted")] = "final"
    lineups: Annotated[Lineups, _is("lineups", '`{"home": [...], "away": [...]}`'), Meta(
        description="the players dressed, each a line-up entry; a final game needs both")] = \
        msgspec.field(default_factory=Lineups)
    events: Annotated[list[AnyEvent], _is("events", "list of events", max_length=20_000), Meta(
        description="what happened, each an event (below)")] = msgspec.field(default_factory=list)
    referees: Annotated[list[str] | None, _is("names", "list of texts"), Meta(
        description="the referees' names")] = None
    officials: Annotated[list[Official] | None, _is("officials", "list of officials"), Meta(
        description="the game's officials with their roles (below); Scorekeeper's own addition")] = None
    shots: Annotated[dict[str, list[int]] | None, _is("shots", '`{"home": [n, ...], "away": [n, ...]}`'), Meta(
        description="shots on goal per period, whole numbers of 0 or more")] = None
    goalie_shots: Annotated[list[GoalieShots] | None, _is("goalie shots", "list of goalie shots",
                                                          stored="as given"), Meta(
        description="each goalie's shots against, period by period, as the paper game sheet records them "
                    "(below); Scorekeeper's own addition")] = None
    notes: Text | None = None
    signatures: Annotated[list[Signature] | None,
                          _is("signatures", "list of signatures", stored="when not empty"), Meta(
        description="signatures given on the screen at the end of the game (below); Scorekeeper's own "
                    "addition")] = None


# -- the office's records ---------------------------------------------------------------------------------------

class Appeal(Record, frozen=True, kw_only=True):
    """An appeal of a suspension."""

    kind: ClassVar[str] = "appeal"
    check_order: ClassVar[tuple[str, ...]] = ("player", "game", "filed", "decided", "form", "fee_paid", "decision")
    player: PlayerId
    game: Annotated[GameId, Meta(description="the game whose suspension is appealed")]
    filed: Date
    form: Annotated[FormNumber, Meta(description="the number of the official appeal form")]
    fee_paid: bool
    decision: Literal["pending", "denied", "upheld"]
    decided: Date | None = None


class Payment(Record, frozen=True, kw_only=True):
    """A payment of a team or a player."""

    kind: ClassVar[str] = "payment"
    payer: Annotated[dict[str, str], _is("payer", '`{"team": id}` or `{"player": id}`'), Meta(
        description="exactly one of the two")]
    amount: Annotated[MoneyText, Meta(
        description='e.g. `"20.00"`: more than `"0.00"` and at most `"10000.00"` (a larger figure is a typo; a '
                    "real one is several payments)")]
    date: Date
    memo: Text | None = None
    fine: Annotated[dict[str, str] | None, _is("fine", '`{"game": id, "rule": rule id}`'), Meta(
        description="the one fine it pays: the payer's fine of that game under that rule (as `scorekeeper fines "
                    "--json` lists it; one waived later still counts). It pays at most what is still owed on that "
                    "fine: the fine less what the payments naming it, dated before this one, paid (more is almost "
                    "always a typo: record the rest as a payment without `fine`); the fine statement shows the "
                    "payment on the fine. Without `fine` a payment goes toward the balance (a player's toward the "
                    "player's oldest fines first). The game must exist.")] = None


class SuspensionDecision(Record, frozen=True, kw_only=True):
    """The office's decision on a season suspension the rules proposed (PEN-GM-2)."""

    kind: ClassVar[str] = "season suspension decision"
    player: Annotated[PlayerId, Meta(description="the player the suspension was proposed for")]
    game: Annotated[GameId, Meta(
        description="the game that proposed it (the sixth incident's), as `suspensions --json` lists it")]
    decision: Annotated[Literal["confirmed", "declined"], Meta(
        description="confirmed: the suspension bars the player from games dated on or after `decided`, and those "
                    "of the team's games serve it; declined: it is dropped and never bars the player")]
    decided: Annotated[Date, Meta(description="the date of the decision")]
    by: Annotated[Text | None, Meta(description="who decided (the operator, as the audit trail names them)")] = None
    note: Annotated[Text | None, Meta(description="why, or the letter it rests on")] = None


class AuditEntry(Record, frozen=True, kw_only=True, forbid_unknown_fields=False):
    """One entry of the office's audit trail, as `export` writes it; entries a file brings are kept as history."""

    kind: ClassVar[str] = "audit entry"
    check_order: ClassVar[tuple[str, ...]] = ("at", "action", "operator", "subject", "before", "after")
    at: Annotated[str, _is("audit time", '`"YYYY-MM-DDTHH:MM:SS"`'), Meta(description="no time zone")]
    operator: AuditText | None = None
    action: AuditText
    subject: AuditText | None = None
    # Any: an override block's own JSON object, kept as the file gave it
    before: Annotated[dict[str, Any] | None, _is("override object", "object"),
                      Meta(description='for an `"override block"` entry: a JSON object')] = None
    # Any: an override block's own JSON object, kept as the file gave it
    after: Annotated[dict[str, Any] | None, _is("override object", "object"),
                     Meta(description='for an `"override block"` entry: a JSON object')] = None


class Season(Record, frozen=True, kw_only=True):
    """A season file's top level."""

    kind: ClassVar[str] = "season file"
    format: Annotated[Literal["scorekeeper.season/1"], Meta(description=f'always `"{FORMAT}"`')]
    league: Annotated[Text, Meta(description="the league's name; with `season`, it says which season the file "
                                             "belongs to")]
    season: Annotated[Text, Meta(description='the season\'s name, e.g. `"2015-16"`')]
    rulebook: Annotated[Text | None, Meta(description="the **id** of the rulebook the season is played under (see "
                                                      "below); default `westridge-2015-16`")] = None
    rulebook_text: Annotated[Text | None, Meta(
        description="the rulebook itself: the whole TOML text of the rulebook `rulebook` names "
                    "([rulebook.md](rulebook.md)), at most 2 MB; `export` always writes it (see below)")] = None
    divisions: Annotated[list[Division], _listed("divisions", 500)] = msgspec.field(default_factory=list)
    teams: Annotated[list[Team], _listed("teams", 2_000)] = msgspec.field(default_factory=list)
    players: Annotated[list[Player], _listed("players", 100_000)] = msgspec.field(default_factory=list)
    roster: Annotated[list[Signing], _listed("roster signings", 200_000)] = msgspec.field(default_factory=list)
    games: Annotated[list[Game], _listed("games", 20_000)] = msgspec.field(default_factory=list)
    appeals: Annotated[list[Appeal], _listed("appeals", 20_000)] = msgspec.field(default_factory=list)
    payments: Annotated[list[Payment], _listed("payments", 20_000)] = msgspec.field(default_factory=list)
    season_suspension_decisions: Annotated[list[SuspensionDecision], Meta(max_length=20_000), Meta(
        description="the office's decisions on the suspensions the rules proposed (see *season suspension "
                    "decision* below); `export` writes it when there is one")] = msgspec.field(default_factory=list)
    # Any: what `export` computed, ignored on import
    computed: Annotated[dict[str, Any] | None, Meta(
        description="written by `export`: every computed result (see below); ignored on import")] = None
    audit: Annotated[Annotated[list[AuditEntry], Meta(max_length=100_000)] | None, Meta(
        description="the office's audit trail, as `export` writes it (see below)")] = None


# the season's lists, each with the record its entries are (the file's order)
LIST_RECORDS: dict[str, type[Record]] = {
    "divisions": Division, "teams": Team, "players": Player, "roster": Signing, "games": Game, "appeals": Appeal,
    "payments": Payment, "season_suspension_decisions": SuspensionDecision,
}
