"""Taking a rink copy: the league's season (its teams, rosters, games, rulebook and audit trail, as the season
file has them) imported into the rink's SQLite database in one transaction, with each game's baseline. A refresh
keeps every change not yet sent: a game changed at the rink since its baseline stays as the rink has it (with
its baseline); every other game, one handed to the office as a conflict included, becomes the league's."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field

from scorekeeper.db import store
from scorekeeper.db.connect import sqlite_file
from scorekeeper.db.models import Player, RosterSigning, Team
from scorekeeper.facade.core import bind
from scorekeeper.facade.errors import ServiceError
from scorekeeper.json_value import JsonObject
from scorekeeper.logs import redact
from scorekeeper.rink import marks
from scorekeeper.rink.changes import waiting, waiting_items
from scorekeeper.rink.digest import digest
from scorekeeper.rink.items import Item, items, kept_in
from scorekeeper.rink.office import LeagueRecords, league_records, write_records
from scorekeeper.rink.sides import LeagueSide, RinkSide
from scorekeeper.season_data import GameData, SeasonData
from scorekeeper.seasonfile import roster_key


@dataclass
class CopyReport:
    """A copy taken: of which league and season, when, how many games, and the games kept as the rink has them."""

    league: str
    season: str
    copied_at: str
    games: int
    kept: list[str] = field(default_factory=list)


def league_label(target: str) -> str:
    """The league's address as the copy remembers it: a SQLite file's full path; a URL with any password
    removed."""
    path = sqlite_file(target)
    return str(path.resolve()) if path is not None else redact(target)


def league_season(league: LeagueSide, season: str | None) -> tuple[SeasonData, LeagueRecords]:
    """The league's season as its season file (the rulebook's text and the audit trail with it; nothing
    computed), and what its office recorded beside it (lifts, waivers)."""
    bind(league.db)
    s = league.season_row(season)
    data = store.load_season_dict(s)
    data["rulebook_text"] = s.rulebook.text
    data["audit"] = store.load_audit(s)
    return data, league_records(s)


def _kept(rink: RinkSide, label: str, season: str) -> dict[str, tuple[GameData, str]]:
    """The rink's unsent games (with their baselines) when `rink` is already a copy of that league's season;
    refuses a database that is a league of its own or a copy of another league."""
    bind(rink.db)
    facts = marks.facts()
    if facts is None:
        if rink.seasons():
            raise ServiceError(f"{rink.database_label} holds seasons and is not a rink copy: a rink copy is made "
                               "in a new file (nothing was changed)")
        return {}
    if facts.league != label:
        raise ServiceError(f"{rink.database_label} is a rink copy of {facts.league}, not of {label}: take the copy "
                           "in another file (nothing was changed)")
    if facts.season != season:
        if waiting(rink) or waiting_items(rink):
            raise ServiceError(f"{rink.database_label} holds changes of season {facts.season} not yet sent: send "
                               "them first (`rink send`; nothing was changed)")
        return {}
    return {w.id: (w.game, w.baseline) for w in waiting(rink)}


def _same_copy(rink: RinkSide, label: str, season: str) -> bool:
    """Whether `rink` is already a copy of that league's season (its unsent changes are kept)."""
    bind(rink.db)
    facts = marks.facts()
    return facts is not None and facts.league == label and facts.season == season


def _drop_unsent_signings(rink: RinkSide, season: str, league: dict[str, Item], kept: set[str]) -> None:
    """A refresh makes every roster that does not wait the league's: a signing the rink added that the league
    does not have (one handed to the office as a conflict) is removed at the rink before the import (which adds
    and replaces, never removes, and would judge the two together)."""
    rink.forget()
    now = items(rink.view(season).data)
    bind(rink.db)
    s = rink.season_row(season)
    for ident, theirs in league.items():
        ours = now.get(ident)
        if theirs.kind != "roster" or ident in kept or ours is None or ours.digest == theirs.digest:
            continue
        keep = {roster_key(r) for r in theirs.changes.get("roster", [])}
        rows = (RosterSigning.select(RosterSigning, Player).join(Player).switch(RosterSigning).join(Team)
                .where((Team.season == s) & (Team.ext_id == theirs.key)))
        for row in rows:
            if (theirs.key, row.player.ext_id, row.signed.isoformat() if row.signed else "") not in keep:
                row.delete_instance()
    rink.forget()


def _mark_items(bases: dict[str, str], kept: set[str]) -> None:
    """The items' baselines after a copy: the league's, those kept their own; a kept one stays handed or not."""
    for ident in set(marks.item_baselines()) - set(bases):
        marks.set_item_baseline(ident, None)
    for ident, base in bases.items():
        marks.set_item_baseline(ident, base or None)
        if ident not in kept:
            marks.set_item_held(ident, None)


def as_json(data: SeasonData) -> JsonObject:
    """The season file as plain JSON values (what an import reads)."""
    plain: JsonObject = json.loads(json.dumps(data, ensure_ascii=False))
    return plain


def take_copy(rink: RinkSide, league: LeagueSide, target: str, name: str, season: str | None = None) -> CopyReport:
    """Make or refresh `rink` as a copy of `league`'s season (`target`: the league's address, as given)."""
    label = league_label(target)
    data, records = league_season(league, season)
    kept = _kept(rink, label, data["season"])
    bind(league.db)
    league_games = data.get("games", [])
    bases = {g["id"]: digest(g) for g in league_games}
    games: list[GameData] = [kept[g["id"]][0] if g["id"] in kept else g for g in league_games]
    games += [game for gid, (game, _) in kept.items() if gid not in bases]  # created at the rink
    data["games"] = games
    bases.update({gid: base for gid, (_, base) in kept.items()})
    kept_items = waiting_items(rink) if _same_copy(rink, label, data["season"]) else []
    league_items = items(data)
    item_bases = {ident: item.digest for ident, item in league_items.items()}
    kept_in(data, [w.item for w in kept_items])
    item_bases.update({w.id: w.baseline for w in kept_items})
    copied = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    with rink.write_transaction():
        bind(rink.db)
        held = store.find_season(data["league"], data["season"])
        if held is not None:  # a refresh: the lifts made since stand before the import is judged, and the
            # rosters handed to the office are the league's
            write_records(held, records)
            _drop_unsent_signings(rink, data["season"], league_items, {w.id for w in kept_items})
            bind(rink.db)
        report = rink.import_data(as_json(data), replace=True, source=f"rink copy of {label}",
                                  known=records.as_office())
        if not report.ok:
            problems = "; ".join(f"{v.rule} {v.message} ({v.where})" for v in report.violations if v.blocks)
            raise ServiceError(f"the rink copy was not taken: the league's season {data['season']} was refused "
                               f"here: {problems or 'see the log'}")
        bind(rink.db)
        write_records(rink.season_row(data["season"]), records)
        for gid in set(marks.baselines()) - set(bases):
            marks.drop(marks.BASE + gid)
        for gid, base in bases.items():
            marks.set_baseline(gid, base)
            if gid not in kept:
                marks.set_held(gid, None)
        _mark_items(item_bases, {w.id for w in kept_items})
        marks.put_facts(marks.CopyFacts(label, name, data["season"], copied))
        rink.forget()
        rink.record_audit(rink.season_row(data["season"]), "rink copy", f"of {label} as rink {name}",
                          after={"games": len(games), "kept": sorted(kept)})
    rink.forget()
    return CopyReport(label, data["season"], copied, len(games), sorted(kept))
