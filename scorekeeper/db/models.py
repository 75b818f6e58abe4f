"""peewee models of the league database. Bound at start-up through `database_proxy`.

Money is integer cents. External ids (`ext_id`) are the season file's ids, unique per kind in a season.
A game's events are stored in order; everything derived from them (score, penalty clock, result) is
computed by the engine, never stored as the truth.
"""

from __future__ import annotations

from typing import Any

from peewee import (
    AutoField,
    BlobField,
    BooleanField,
    CharField,
    DateField,
    DateTimeField,
    ForeignKeyField,
    IntegerField,
    TextField,
)

from scorekeeper.db.audit_seal import advance, seal
from scorekeeper.db.base import BaseModel, Meta, _now, database_proxy

__all__ = ["ALL_MODELS", "Appeal", "AuditEntry", "BaseModel", "Division", "Fine", "Game", "GameEvent", "GameResult",
           "League",
           "LineupEntry", "Meta", "Payment", "Player", "RosterSigning", "RulebookRecord", "Season", "Suspension",
           "SuspensionDecision", "Team", "database_proxy"]

class RulebookRecord(BaseModel):
    """A rulebook as loaded into the database; a season keeps the text it is played under."""

    id = AutoField()
    name = CharField(unique=True)
    text = TextField()
    loaded = DateTimeField(default=_now)


class League(BaseModel):
    id = AutoField()
    name = CharField(unique=True)


class Season(BaseModel):
    id = AutoField()
    league = ForeignKeyField(League, backref="seasons", on_delete="CASCADE")
    name = CharField()
    rulebook = ForeignKeyField(RulebookRecord, backref="seasons")
    created = DateTimeField(default=_now)
    archived = BooleanField(default=False)  # hidden from the picker, read-only, restorable (migration 7)

    class Meta:
        indexes = ((("league", "name"), True),)


class Division(BaseModel):
    id = AutoField()
    season = ForeignKeyField(Season, backref="divisions", on_delete="CASCADE")
    ext_id = CharField()
    name = CharField()
    coed = BooleanField(default=False)
    tier = IntegerField(null=True)
    seq = IntegerField(default=0)

    class Meta:
        indexes = ((("season", "ext_id"), True),)


class Player(BaseModel):
    id = AutoField()
    season = ForeignKeyField(Season, backref="players", on_delete="CASCADE")
    ext_id = CharField()
    first = CharField()
    last = CharField()
    gender = CharField(null=True)
    birthdate = DateField(null=True)
    email = CharField(null=True)
    seq = IntegerField(default=0)

    class Meta:
        indexes = ((("season", "ext_id"), True),)

    @property
    def full_name(self) -> str:
        return f"{self.first} {self.last}".strip()


class Team(BaseModel):
    division_id: int
    captain_id: int | None
    id = AutoField()
    season = ForeignKeyField(Season, backref="teams", on_delete="CASCADE")
    ext_id = CharField()
    name = CharField()
    division = ForeignKeyField(Division, backref="teams", on_delete="CASCADE")
    colour = CharField(null=True)
    captain = ForeignKeyField(Player, null=True, backref="captain_of", on_delete="SET NULL")
    captain_email = CharField(null=True)
    seq = IntegerField(default=0)

    class Meta:
        indexes = ((("season", "ext_id"), True),)


class RosterSigning(BaseModel):
    team_id: int
    player_id: int
    id = AutoField()
    team = ForeignKeyField(Team, backref="signings", on_delete="CASCADE")
    player = ForeignKeyField(Player, backref="signings", on_delete="CASCADE")
    number = IntegerField()
    position = CharField(default="skater")
    signed = DateField(null=True)
    released = DateField(null=True)
    seq = IntegerField(default=0)


class Game(BaseModel):
    home_id: int
    away_id: int
    id = AutoField()
    season = ForeignKeyField(Season, backref="games", on_delete="CASCADE")
    ext_id = CharField()
    date = DateField()
    time = CharField()
    curfew = CharField(null=True)  # "HH:MM", when the ice must be cleared; None: the league gave none (migration 12)
    rink = CharField(null=True)
    stage = CharField(default="regular")
    home = ForeignKeyField(Team, backref="home_games", on_delete="CASCADE")
    away = ForeignKeyField(Team, backref="away_games", on_delete="CASCADE")
    status = CharField(default="final")
    referees = TextField(null=True)  # JSON list
    officials = TextField(null=True)  # JSON list of {"name", "role"} (migration 6)
    number = CharField(null=True)  # the league's game number; None: the id (migration 6)
    shots = TextField(null=True)  # JSON
    goalie_shots = TextField(null=True)  # JSON list of {"goalie", "shots", "period"?} (migration 11)
    notes = TextField(null=True)
    seq = IntegerField(default=0)
    revision = IntegerField(default=0)  # bumped by every write of the game, its line-ups or its events

    class Meta:
        indexes = ((("season", "ext_id"), True), (("season", "date"), False))


class LineupEntry(BaseModel):
    game_id: int
    player_id: int
    id = AutoField()
    game = ForeignKeyField(Game, backref="lineup", on_delete="CASCADE")
    side = CharField()
    player = ForeignKeyField(Player, backref="appearances", on_delete="CASCADE")
    number = IntegerField(null=True)
    goalie = BooleanField(default=False)
    captain = BooleanField(null=True)
    seq = IntegerField(default=0)

    class Meta:
        indexes = ((("game", "player"), True),)


class GameEvent(BaseModel):
    """One entry of a game's event log; `data` holds the event's own fields as JSON."""
    game_id: int

    id = AutoField()
    game = ForeignKeyField(Game, backref="events", on_delete="CASCADE")
    seq = IntegerField()
    type = CharField()
    team = CharField(null=True)
    period = IntegerField(null=True)
    elapsed = IntegerField(null=True)  # seconds within the period
    player = ForeignKeyField(Player, null=True, backref="events", on_delete="SET NULL")
    data = TextField(default="{}")

    class Meta:
        indexes = ((("game", "seq"), True),)


class GameSignature(BaseModel):
    """A signature given on the screen at the end of a game (issue 20): who, in which role, when, and the PNG of
    the stroke; `before_correction` is the date of the reopen that came after it (None: it signs the game as it
    is). The season file's game `signatures` (migration 9)."""

    game_id: int

    id = AutoField()
    game = ForeignKeyField(Game, backref="signatures", on_delete="CASCADE")
    role = CharField()  # referee, linesman, captain-home, captain-away, coach-home, coach-away
    name = CharField()
    signed_at = CharField()  # ISO date and time, to the second
    png = BlobField()
    before_correction = CharField(null=True)  # ISO date of the reopen that followed the signature
    seq = IntegerField(default=0)


class Appeal(BaseModel):
    game_id: int
    player_id: int
    id = AutoField()
    season = ForeignKeyField(Season, backref="appeals", on_delete="CASCADE")
    player = ForeignKeyField(Player, backref="appeals", on_delete="CASCADE")
    game = ForeignKeyField(Game, backref="appeals", on_delete="CASCADE")
    filed = DateField()
    form = CharField()
    fee_paid = BooleanField(default=False)
    decision = CharField(default="pending")
    decided = DateField(null=True)
    seq = IntegerField(default=0)


class Payment(BaseModel):
    team_id: int | None
    player_id: int | None
    id = AutoField()
    season = ForeignKeyField(Season, backref="payments", on_delete="CASCADE")
    team = ForeignKeyField(Team, null=True, backref="payments", on_delete="CASCADE")
    player = ForeignKeyField(Player, null=True, backref="payments", on_delete="CASCADE")
    amount_cents = IntegerField()
    date = DateField()
    memo = CharField(null=True)
    fine = TextField(null=True)  # JSON {"game", "rule"}: the one fine it pays; None: the payer's balance (migration 7)
    seq = IntegerField(default=0)


class Suspension(BaseModel):
    """A suspension the rules computed, with what the office recorded about it (lifted, captain told)."""

    id = AutoField()
    season = ForeignKeyField(Season, backref="suspensions", on_delete="CASCADE")
    player = ForeignKeyField(Player, backref="suspensions", on_delete="CASCADE")
    game = ForeignKeyField(Game, null=True, backref="suspensions", on_delete="CASCADE")
    rule = CharField()
    kind = CharField()  # games, season, indefinite
    games = IntegerField(null=True)
    lifted = DateField(null=True)
    captain_emailed = DateTimeField(null=True)
    notice_recipient = CharField(null=True)
    notice_message_id = CharField(null=True)
    note = TextField(null=True)


class SuspensionDecision(BaseModel):
    """The office's decision on a suspension the rules proposed (PEN-GM-2): confirmed or declined (migration 8);
    the season file's `season_suspension_decisions`."""

    player_id: int
    game_id: int

    id = AutoField()
    season = ForeignKeyField(Season, backref="suspension_decisions", on_delete="CASCADE")
    player = ForeignKeyField(Player, backref="suspension_decisions", on_delete="CASCADE")
    game = ForeignKeyField(Game, backref="suspension_decisions", on_delete="CASCADE")
    decision = CharField()  # confirmed, declined
    decided = DateField()
    by = CharField(null=True)
    note = TextField(null=True)
    seq = IntegerField(default=0)

    class Meta:
        indexes = ((("season", "player", "game"), True),)


class Fine(BaseModel):
    """A fine recorded by the office beyond the computed ones (or a waiver of a computed one)."""

    player_id: int | None
    game_id: int | None

    id = AutoField()
    season = ForeignKeyField(Season, backref="fines", on_delete="CASCADE")
    team = ForeignKeyField(Team, backref="fines", on_delete="CASCADE")
    player = ForeignKeyField(Player, null=True, backref="fines", on_delete="CASCADE")
    game = ForeignKeyField(Game, null=True, backref="fines", on_delete="CASCADE")
    rule = CharField()
    amount_cents = IntegerField()
    waived = BooleanField(default=False)
    note = TextField(null=True)


class GameResult(BaseModel):
    """A game's computed state, stored (issue 29.1; `engine.stored`): a cache, kept under the key of everything it
    was computed from (`key`), read instead of replaying the game's events while the key is the game's own."""

    game_id: int

    game = ForeignKeyField(Game, primary_key=True, backref="stored_result", on_delete="CASCADE")
    key = CharField()  # `engine.stored.input_key` of the game it was computed from
    state = BlobField()  # `engine.stored.encode_state`
    seal = CharField(null=True)  # HMAC with the database's secret (SQLite; `db.game_results`), None on PostgreSQL


class AuditEntry(BaseModel):
    """One entry of the audit trail, chained to the one before by `hash` (sealed by `db.audit_seal`, checked
    by `db.audit_chain`): an entry changed or removed outside Scorekeeper is found on the next open. `imported`
    entries came from a season file: history only, never a permission (an imported "override block" overrides
    nothing)."""

    season_id: int | None

    id = AutoField()
    season = ForeignKeyField(Season, null=True, backref="audit", on_delete="CASCADE")
    at = DateTimeField(default=_now)
    operator = CharField(default="")
    action = CharField()
    subject = CharField(default="")
    before = TextField(null=True)
    after = TextField(null=True)
    imported = BooleanField(default=False)
    hash = CharField(null=True)

    def save(self, *args: Any, **kwargs: Any) -> Any:
        """A new entry is chained to the trail in the same transaction (existing entries are never saved)."""
        if self.id is not None:
            return super().save(*args, **kwargs)
        head = seal(self)
        done = super().save(*args, **kwargs)
        advance(self, head)
        return done


class RinkConflict(BaseModel):
    """A game a rink PC sent that the league did not take (issue 32; `rink`): the league keeps its own, the rink's
    game waits here for the office to settle it. One row per rink, game and the rink's version of it."""

    season_id: int

    id = AutoField()
    season = ForeignKeyField(Season, backref="rink_conflicts", on_delete="CASCADE")
    rink = CharField()  # the rink PC's name
    game = CharField()  # the game's id in the season file
    rink_game = TextField()  # the rink's game, its canonical JSON
    rink_digest = CharField()  # sha-256 of `rink_game`
    baseline = CharField()  # the digest of the game as the rink copied it
    league_digest = CharField()  # the league's game when the conflict was found
    message = TextField()
    at = DateTimeField(default=_now)
    settled = CharField(null=True)  # None: waiting; "kept the league's", "took the rink's"
    settled_at = DateTimeField(null=True)

    class Meta:
        indexes = ((("rink", "game", "rink_digest"), True),)


ALL_MODELS: list[type[BaseModel]] = [
    Meta, RulebookRecord, League, Season, Division, Player, Team, RosterSigning, Game, LineupEntry,
    GameEvent, GameSignature, Appeal, Payment, Suspension, SuspensionDecision, Fine, AuditEntry, GameResult,
    RinkConflict,
]
