"""What the league's office recorded beside the season file that a rink copy must carry (issue 32): the
suspensions it lifted, the fines it waived and the captains it told of a suspension. The season file does not
hold them (they are the office's records, `store.load_lifted` / `load_waivers` / `load_notices`), so the copy
reads them from the league's tables and writes them into its own (the same tables: the rink's judge reads them
as it reads its own office's), never as a key of the season file. A player the office cleared may so dress at
the rink, and a refresh picks up the lifts made since."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from peewee import JOIN

from scorekeeper.db import store
from scorekeeper.db.models import Fine, Game, Player, Season, Suspension, Team
from scorekeeper.rules.office_records import LIFT_RULE, NOTICE_RULE, WAIVE_RULE
from scorekeeper.season.records import OfficeRecords

FROM_LEAGUE = "recorded at the league (rink copy)"


@dataclass(frozen=True)
class Waiver:
    """A fine the league's office waived: the team, the player (None: a team's fine), the game, rule, amount."""

    team: str
    player: str | None
    game: str | None
    rule: str
    cents: int
    note: str


@dataclass(frozen=True)
class LeagueRecords:
    """The league's lifts ((player, game) -> date) and waivers."""

    lifted: dict[tuple[str, str], str]
    waivers: list[Waiver]
    notices: dict[tuple[str, str], str] = field(default_factory=dict)  # captains told: (player, game) -> ISO time

    def as_office(self) -> OfficeRecords:
        """As the judge reads them (the import's `known`)."""
        waived = {(w.player or w.team, w.game or "", w.rule): w.note for w in self.waivers}
        return OfficeRecords.of(notices=self.notices, lifted=self.lifted, waived=waived)


def league_records(season: Season) -> LeagueRecords:
    """The league's lifts and waivers of `season` (the league's database bound)."""
    rows = (Fine.select(Fine, Team, Player, Game).join(Team).switch(Fine).join(Player, join_type=JOIN.LEFT_OUTER)
            .switch(Fine).join(Game, join_type=JOIN.LEFT_OUTER).where((Fine.season == season) & Fine.waived))
    waivers = [Waiver(f.team.ext_id, f.player.ext_id if f.player is not None else None,
                      f.game.ext_id if f.game is not None else None, f.rule, f.amount_cents, f.note or "")
               for f in rows]
    return LeagueRecords(store.load_lifted(season), waivers, store.load_notices(season))


def _ids(model: type[Player] | type[Game] | type[Team], season: Season) -> dict[str, int]:
    rows: Any = model.select(model.id, model.ext_id).where(model.season == season).tuples()
    return {ext: pk for pk, ext in rows}


def write_records(season: Season, records: LeagueRecords) -> None:
    """Write the league's lifts and waivers into the rink copy's season (the copy's database bound, in its
    transaction); those it has already are left as they are."""
    players, games, teams = _ids(Player, season), _ids(Game, season), _ids(Team, season)
    for (player, game), date in records.lifted.items():
        pid, gid = players.get(player), games.get(game)
        if pid is None or gid is None:
            continue
        when = dt.date.fromisoformat(date) if date else dt.date.today()
        row = Suspension.get_or_none((Suspension.player == pid) & (Suspension.game == gid))
        if row is None:
            Suspension.create(season=season, player=pid, game=gid, rule=LIFT_RULE, kind="lifted", lifted=when,
                              note=FROM_LEAGUE)
        elif row.lifted is None:
            Suspension.update(lifted=when, note=row.note or FROM_LEAGUE).where(Suspension.id == row.id).execute()
    for (player, game), sent in records.notices.items():
        pid, gid = players.get(player), games.get(game)
        if pid is None or gid is None:
            continue
        row = Suspension.get_or_none((Suspension.player == pid) & (Suspension.game == gid))
        if row is None:
            Suspension.create(season=season, player=pid, game=gid, rule=NOTICE_RULE, kind="notice",
                              captain_emailed=dt.datetime.fromisoformat(sent))
        elif row.captain_emailed is None:
            Suspension.update(captain_emailed=dt.datetime.fromisoformat(sent)).where(Suspension.id == row.id).execute()
    have = set(store.load_waivers(season))
    for w in records.waivers:
        if (w.player or w.team, w.game or "", w.rule) in have or w.team not in teams:
            continue
        Fine.create(season=season, team=teams[w.team], player=players.get(w.player) if w.player else None,
                    game=games.get(w.game) if w.game else None, rule=w.rule or WAIVE_RULE, amount_cents=w.cents,
                    waived=True, note=w.note or FROM_LEAGUE)
