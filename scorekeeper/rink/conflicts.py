"""The league's list of rink conflicts (table `rink_conflict`, schema 14): a game (or a roster or payment,
`rink.items`: its id in the `game` column, `roster:TEAM` or `payment:DIGEST`) a rink sent that the league did
not take, kept with what the rink sent for the office to settle. The caller binds the league's database and holds
the transaction for a write."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import asdict, dataclass
from typing import Literal

from scorekeeper.db.models import AuditEntry, RinkConflict, Season
from scorekeeper.facade.changeset import ListChanges
from scorekeeper.rink.digest import canonical
from scorekeeper.rink.items import Item, is_item
from scorekeeper.season_data import GameData


@dataclass(frozen=True)
class Parcel:
    """One game a rink sends: which rink, the game as the rink has it, the digest of the game as the rink copied it
    (`baseline`) and of the game now (`digest`). The league takes it only while its own game is the baseline, so
    a parcel is never applied twice."""

    rink: str
    game: GameData
    baseline: str
    digest: str

    @property
    def game_id(self) -> str:
        return self.game["id"]

    @property
    def body(self) -> str:
        return canonical(self.game)


@dataclass(frozen=True)
class ItemParcel:
    """One roster or payment a rink sends (`rink.items`): which rink, the item as the rink has it, and the digest
    of the item as the rink copied it (`baseline`; `NEW` for a payment the copy did not have)."""

    rink: str
    item: Item
    baseline: str

    @property
    def game_id(self) -> str:
        return self.item.id

    @property
    def digest(self) -> str:
        return self.item.digest

    @property
    def body(self) -> str:
        return json.dumps(self.item.changes, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


Kind = Literal["sent", "already", "conflict"]


@dataclass(frozen=True)
class Outcome:
    """What the league did with a parcel: took it (`sent`), had it already (`already`: a send interrupted after
    the league's commit), or filed a conflict (`message`: the game and what differs, or the rule that refused)."""

    game: str
    kind: Kind
    message: str = ""


@dataclass(frozen=True)
class Conflict:
    """A conflict as the office lists it."""

    id: int
    rink: str
    game: str
    message: str
    at: str
    settled: str | None

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def record(season: Season, parcel: Parcel | ItemParcel, league_digest: str, message: str) -> bool:
    """File the conflict (once per rink, game and rink's version: a send run again adds nothing); whether it is
    new."""
    done = (RinkConflict.insert(season=season, rink=parcel.rink, game=parcel.game_id,
                                rink_game=parcel.body, rink_digest=parcel.digest,
                                baseline=parcel.baseline, league_digest=league_digest, message=message)
            .on_conflict_ignore().execute())
    return bool(done)


def _conflict(row: RinkConflict) -> Conflict:
    return Conflict(row.id, row.rink, row.game, row.message, row.at.isoformat(sep=" ", timespec="seconds"),
                    row.settled)


def listed(season: Season, waiting_only: bool = True) -> list[Conflict]:
    """The season's conflicts, oldest first (only those waiting for the office unless `waiting_only` is False)."""
    query = RinkConflict.select().where(RinkConflict.season == season)
    if waiting_only:
        query = query.where(RinkConflict.settled.is_null())
    return [_conflict(r) for r in query.order_by(RinkConflict.id)]


def waiting_for(season: Season, game: str, rink: str | None) -> list[RinkConflict]:
    """The conflicts of a game waiting for the office (of one rink, if named), oldest first."""
    query = RinkConflict.select().where(RinkConflict.season == season, RinkConflict.game == game,
                                        RinkConflict.settled.is_null())
    if rink is not None:
        query = query.where(RinkConflict.rink == rink)
    return list(query.order_by(RinkConflict.id))


def rink_game(row: RinkConflict) -> GameData:
    """The game the rink sent, as it sent it."""
    game: GameData = json.loads(row.rink_game)
    return game


def rink_changes(row: RinkConflict) -> ListChanges:
    """What taking the rink's side writes: its game, or its item's roster entries or payment."""
    if is_item(row.game):
        changes: ListChanges = json.loads(row.rink_game)
        return changes
    return {"games": [rink_game(row)]}


def settle(rows: list[RinkConflict], how: str) -> None:
    """Mark conflicts settled (`how`: what the office decided)."""
    when = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    RinkConflict.update(settled=how, settled_at=when).where(RinkConflict.id.in_([r.id for r in rows])).execute()


def sent_by(season: Season, game: str) -> str | None:
    """The rink whose send first wrote `game` at the league (its "rink send" audit entry), if a rink's did."""
    prefix = f"game {game} from rink "
    row = (AuditEntry.select(AuditEntry.subject)
           .where((AuditEntry.season == season) & (AuditEntry.action == "rink send")
                  & AuditEntry.subject.startswith(prefix)).order_by(AuditEntry.id).first())
    return row.subject[len(prefix):] if row is not None else None
