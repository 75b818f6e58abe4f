"""The season's records as the season holds them in memory: its normalised season-file form (plain dicts
and lists, as `export` writes them), typed.

GENERATED from scorekeeper/records.py by tools/make_season_data.py: do not edit; run the script after changing
the declaration (tests/scorekeeper/test_season_data.py checks this file is current). A field with no default is
a required key, any other a `NotRequired` one; a game's events are one `EventData`, `type` naming the kind.
"""

from typing import Any, NotRequired, TypedDict


class DivisionData(TypedDict):
    """A division of the league."""

    id: str
    name: str
    coed: NotRequired[bool]
    tier: NotRequired[int | None]


class TeamData(TypedDict):
    """A team of a division."""

    id: str
    name: str
    division: str
    colour: NotRequired[str | None]
    captain: NotRequired[str | None]
    captain_email: NotRequired[str | None]


class PlayerData(TypedDict):
    """A player of the league."""

    id: str
    first: str
    last: str
    gender: NotRequired[str | None]
    birthdate: NotRequired[str | None]
    email: NotRequired[str | None]


class SigningData(TypedDict):
    """One signing of a player with a team (a roster entry)."""

    team: str
    player: str
    number: int
    position: NotRequired[str]
    signed: NotRequired[str | None]
    released: NotRequired[str | None]


class LineupEntryData(TypedDict):
    """A player dressed for a game."""

    player: str
    number: NotRequired[int | None]
    goalie: NotRequired[bool]
    captain: NotRequired[bool | None]


class LineupsData(TypedDict):
    """A game's line-ups: the players dressed on each side."""

    home: NotRequired[list[LineupEntryData]]
    away: NotRequired[list[LineupEntryData]]


class OfficialData(TypedDict):
    """One official of a game, with the role."""

    name: str
    role: str


class GoalieShotsData(TypedDict):
    """The shots on goal one goalie faced in a period of a game, or in the whole game (issue 30.3)."""

    goalie: str
    shots: int
    period: NotRequired[int | None]


class SignatureData(TypedDict):
    """A signature given on the screen at the end of a game (issue 20)."""

    role: str
    name: str
    signed_at: str
    png_base64: str
    before_correction: NotRequired[str | None]


class ShootoutAttemptData(TypedDict):
    """One attempt of a shootout."""

    team: str
    shooter: str
    scored: bool


EventData = TypedDict("EventData", {
    "type": str,
    "team": NotRequired[str],
    "period": NotRequired[int | None],
    "elapsed": NotRequired[str | None],
    "scorer": NotRequired[str],
    "assists": NotRequired[list[str]],
    "empty_net": NotRequired[bool | None],
    "player": NotRequired[str | None],
    "infraction": NotRequired[str | None],
    "class": NotRequired[str | None],
    "served_by": NotRequired[str | None],
    "shooter": NotRequired[str],
    "scored": NotRequired[bool],
    "fouled_by": NotRequired[str | None],
    "reason": NotRequired[str | None],
    "action": NotRequired[str],
    "minutes": NotRequired[float],
    "points": NotRequired[dict[str, int]],
    "text": NotRequired[str],
    "report": NotRequired[bool | None],
    "attempts": NotRequired[list[ShootoutAttemptData] | None],
})
"""One event of a game (any kind: `type` names it, and the kind's own fields are set)."""


class GameData(TypedDict):
    """A game of the season: its schedule, its line-ups, what happened and who signed."""

    id: str
    number: NotRequired[str | None]
    date: str
    time: str
    curfew: NotRequired[str | None]
    rink: NotRequired[str | None]
    stage: NotRequired[str]
    home: str
    away: str
    status: NotRequired[str]
    lineups: NotRequired[LineupsData]
    events: NotRequired[list[EventData]]
    referees: NotRequired[list[str] | None]
    officials: NotRequired[list[OfficialData] | None]
    shots: NotRequired[dict[str, list[int]] | None]
    goalie_shots: NotRequired[list[GoalieShotsData] | None]
    notes: NotRequired[str | None]
    signatures: NotRequired[list[SignatureData] | None]


class AppealData(TypedDict):
    """An appeal of a suspension."""

    player: str
    game: str
    filed: str
    form: str
    fee_paid: bool
    decision: str
    decided: NotRequired[str | None]


class PaymentData(TypedDict):
    """A payment of a team or a player."""

    payer: dict[str, str]
    amount: str
    date: str
    memo: NotRequired[str | None]
    fine: NotRequired[dict[str, str] | None]


class SuspensionDecisionData(TypedDict):
    """The office's decision on a season suspension the rules proposed (PEN-GM-2)."""

    player: str
    game: str
    decision: str
    decided: str
    by: NotRequired[str | None]
    note: NotRequired[str | None]


class AuditEntryData(TypedDict):
    """One entry of the office's audit trail, as `export` writes it; entries a file brings are kept as history."""

    at: str
    operator: NotRequired[str | None]
    action: str
    subject: NotRequired[str | None]
    before: NotRequired[dict[str, Any] | None]  # Any: an override block's own JSON object, kept as the file gave it
    after: NotRequired[dict[str, Any] | None]  # Any: an override block's own JSON object, kept as the file gave it


class SeasonData(TypedDict):
    """A season file's top level."""

    format: str
    league: str
    season: str
    rulebook: NotRequired[str | None]
    rulebook_text: NotRequired[str | None]
    divisions: NotRequired[list[DivisionData]]
    teams: NotRequired[list[TeamData]]
    players: NotRequired[list[PlayerData]]
    roster: NotRequired[list[SigningData]]
    games: NotRequired[list[GameData]]
    appeals: NotRequired[list[AppealData]]
    payments: NotRequired[list[PaymentData]]
    season_suspension_decisions: NotRequired[list[SuspensionDecisionData]]
    computed: NotRequired[dict[str, Any] | None]  # Any: what `export` computed, ignored on import
    audit: NotRequired[list[AuditEntryData] | None]
