"""Merging a rink conflict event by event (issue 32): the league's game with the rink's events it lacks added in
order, the line-ups merged (a player dressed at either side dresses), the officials, signatures and every other
field the league's where both have one.

The season file gives events no ids, so an event is known by its content. Two events are the same entry when
they sit in the same place of the game: the same kind, team, period and time (`SLOT`: for a penalty the player
too, for a goalie change its action; a kind with no time, such as `late` or `forfeit`, is one per game and team);
a note is known by all of it. Entries in the same place that are equal are the same event, counted once (from
both); those that differ are the two sides disagreeing on one entry, which cannot be merged (the office keeps
one side's game instead). An event only one side has is that side's. Nothing here reads a database or imports
Qt: the league's facade (`facade.rink.Rinks`) judges the merged game as any change."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from scorekeeper.season_data import EventData, GameData, LineupEntryData, LineupsData

Source = Literal["both", "league", "rink"]

SLOT: dict[str, tuple[str, ...]] = {
    "goal": ("team", "period", "elapsed"), "penalty": ("team", "period", "elapsed", "player"),
    "penalty_shot": ("team", "period", "elapsed"), "awarded_goal": ("team", "period", "elapsed"),
    "timeout": ("team", "period", "elapsed"), "goalie": ("team", "period", "elapsed", "action"),
    "end": (), "late": ("team",), "forfeit": (), "called": (), "shootout": (),
}
"""What places an event in its game, by kind (a kind not named here, a note: all of it)."""

_AFTER_PLAY = ("forfeit", "called", "shootout")  # untimed kinds that come after the play (`late` comes before)


@dataclass(frozen=True)
class MergedEvent:
    """One event of the merged game and where it comes from: both sides, the league only, the rink only."""

    event: EventData
    source: Source

    def to_json(self) -> dict[str, object]:
        return {"event": dict(self.event), "source": self.source}


@dataclass(frozen=True)
class Unmergeable:
    """An entry the two sides disagree on (the same place of the game, different content), and why in words."""

    league: EventData
    rink: EventData
    why: str

    def to_json(self) -> dict[str, object]:
        return {"league": dict(self.league), "rink": dict(self.rink), "why": self.why}


@dataclass(frozen=True)
class MergePreview:
    """What merging a rink conflict would give, before the office decides: the merged game (the league's with
    the rink's events it lacks), its events each marked by where it comes from, and the entries that cannot be
    merged (then the merge is refused: `mergeable` is False). `added_players`: (side, player) dressed at the
    rink only; `rink_fields`: the game's other fields taken from the rink (the league had none: officials,
    signatures, shots...)."""

    game_id: str
    rink: str
    game: GameData
    events: list[MergedEvent]
    unmergeable: list[Unmergeable] = field(default_factory=list)
    added_players: list[tuple[str, str]] = field(default_factory=list)
    rink_fields: list[str] = field(default_factory=list)  # the game's fields the league had not and the rink had

    @property
    def mergeable(self) -> bool:
        return not self.unmergeable

    def count(self, source: Source) -> int:
        return sum(1 for e in self.events if e.source == source)

    def to_json(self) -> dict[str, object]:
        return {"game": self.game_id, "rink": self.rink, "mergeable": self.mergeable,
                "events": [e.to_json() for e in self.events], "unmergeable": [u.to_json() for u in self.unmergeable],
                "added_players": [{"side": s, "player": p} for s, p in self.added_players],
                "rink_fields": self.rink_fields}


def _plain(event: Mapping[str, object]) -> str:
    return json.dumps(event, sort_keys=True, ensure_ascii=False)


def slot(event: EventData) -> str:
    """The place of an event in its game (see `SLOT`), as one text."""
    fields: Mapping[str, object] = event
    kind = str(fields.get("type", ""))
    names = SLOT.get(kind)
    if names is None:
        return _plain(fields)
    return _plain({"type": kind, **{n: fields.get(n) for n in names}})


def moment(event: EventData) -> tuple[int, str]:
    """When an event happens, to place an added one among the league's: (period, elapsed); `late` before play,
    the other untimed kinds after it."""
    period, elapsed = event.get("period"), event.get("elapsed")
    if isinstance(period, int) and isinstance(elapsed, str):
        return period, elapsed.zfill(5)
    return (10**6, "") if event.get("type") in _AFTER_PLAY else (0, "")


def _differs(league: EventData, rink: EventData) -> str:
    fields_l: Mapping[str, object] = league
    fields_r: Mapping[str, object] = rink
    keys = sorted(k for k in set(fields_l) | set(fields_r) if fields_l.get(k) != fields_r.get(k))
    where = f"period {league.get('period')} at {league.get('elapsed')}" if league.get("elapsed") else "the game"
    said = "; ".join(f"{k}: the league's {fields_l.get(k)!r}, the rink's {fields_r.get(k)!r}" for k in keys)
    return f"the league and the rink record the {league.get('type')} of {league.get('team') or 'the game'} at " \
           f"{where} differently ({said})"


def _pair(league: list[EventData], rink: list[EventData]) -> tuple[dict[int, Source], list[EventData],
                                                                      list[Unmergeable]]:
    """Match the two sides' events: each league event's source (by index), the rink's events the league lacks,
    and the entries the sides disagree on."""
    sources: dict[int, Source] = {}
    by_slot: dict[str, list[int]] = {}
    for n, e in enumerate(league):
        by_slot.setdefault(slot(e), []).append(n)
        sources[n] = "league"
    leftover: dict[str, list[EventData]] = {}
    for e in rink:  # the same event on both sides: counted once
        same = next((n for n in by_slot.get(slot(e), []) if sources[n] == "league" and league[n] == e), None)
        if same is None:
            leftover.setdefault(slot(e), []).append(e)
        else:
            sources[same] = "both"
    added: list[EventData] = []
    clashes: list[Unmergeable] = []
    for key, events in leftover.items():
        theirs = [n for n in by_slot.get(key, []) if sources[n] == "league"]
        for n, e in zip(theirs, events, strict=False):
            clashes.append(Unmergeable(league[n], e, _differs(league[n], e)))
        added += events[len(theirs):]
    added.sort(key=lambda e: rink.index(e))
    return sources, added, clashes


def _side(merged: list[LineupEntryData], extra: list[LineupEntryData]) -> list[LineupEntryData]:
    have = {p["player"] for p in merged}
    return merged + [p for p in extra if p["player"] not in have]


def _lineups(league: LineupsData, rink: LineupsData) -> tuple[LineupsData, list[tuple[str, str]]]:
    """Every player dressed at either side (the league's entry where both dressed him), and those added."""
    merged: LineupsData = {}
    home, away = _side(league.get("home", []), rink.get("home", [])), _side(league.get("away", []),
                                                                              rink.get("away", []))
    if home:
        merged["home"] = home
    if away:
        merged["away"] = away
    added = [("home", p["player"]) for p in home[len(league.get("home", [])):]]
    added += [("away", p["player"]) for p in away[len(league.get("away", [])):]]
    return merged, added


def merge_games(league: GameData | None, rink: GameData, rink_name: str = "") -> MergePreview:
    """The merge of the league's game and the rink's (the rink's alone when the league has none)."""
    if league is None:
        return MergePreview(rink["id"], rink_name, rink, [MergedEvent(e, "rink") for e in rink.get("events", [])])
    ours, theirs = list(league.get("events", [])), list(rink.get("events", []))
    sources, added, clashes = _pair(ours, theirs)
    events = [MergedEvent(e, sources[n]) for n, e in enumerate(ours)]
    for e in added:  # each after the last event at or before its moment
        at = max((n + 1 for n, m in enumerate(events) if moment(m.event) <= moment(e)), default=0)
        events.insert(at, MergedEvent(e, "rink"))
    kept = {k: v for k, v in league.items() if v not in (None, [], {}, "")}
    game: GameData = {**rink, **kept}  # type: ignore[typeddict-item]
    fields = sorted(k for k, v in rink.items() if k not in kept and v not in (None, [], {}, "")
                    and k not in ("lineups", "events", "status"))
    lineups, players = _lineups(league.get("lineups") or {}, rink.get("lineups") or {})
    if lineups:
        game["lineups"] = lineups
    game["events"] = [m.event for m in events]
    if "final" in (league.get("status", "final"), rink.get("status", "final")):
        game["status"] = "final"
    return MergePreview(league["id"], rink_name, game, events, clashes, players, fields)
