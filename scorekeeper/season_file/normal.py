"""Normalised objects, read from the declaration (`scorekeeper.records`): what the database stores and what
export writes. A record's keys come in its declared order; a required key is written as given, an optional
one with a default takes it when absent or null (after the keys given, where it is stored "default last"), an
optional one without is left out when absent or null."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, cast

import msgspec

from scorekeeper.engine.timefmt import fmt_mmss, parse_mmss
from scorekeeper.records import EVENT_KINDS, Record
from scorekeeper.season_data import EventData
from scorekeeper.season_file.plans import FieldPlan, plans, tag_of

Normaliser = Callable[[Mapping[str, object]], dict[str, object]]  # a checked object -> its normalised form
Step = tuple[str, int, Any, Callable[[Any], Any] | None]  # key, how (below), the raw default, the value's form

REQUIRED, DEFAULTED, OPTIONAL, NOT_EMPTY, DEFAULTED_LAST = range(5)


@functools.lru_cache(maxsize=8192)  # a season's events share a few thousand clock texts
def _clock(text: str) -> str:
    return fmt_mmss(parse_mmss(text))


def _value_form(p: FieldPlan) -> Callable[[Any], Any] | None:
    """How a field's value is normalised (None: kept as given)."""
    if p.stored == "as given":
        return None
    if p.check == "clock":
        return _clock
    if p.check == "events":
        return lambda events: [norm_event(e) for e in events]
    if p.key == "assists":
        return list
    if p.record is None:
        return None
    sub = normaliser(p.record)
    if p.default == [] or p.check in ("officials", "signatures"):
        return lambda items: [sub(x) for x in items]
    return sub


def _step(p: FieldPlan) -> Step:
    if p.required:
        how = REQUIRED
    elif p.stored == "when not empty":
        how = NOT_EMPTY
    elif p.default is None:
        how = OPTIONAL
    elif p.stored == "default last":
        how = DEFAULTED_LAST
    else:
        how = DEFAULTED
    raw = {} if isinstance(p.default, Record) else p.default
    return (p.key, how, raw, _value_form(p))


@functools.cache
def normaliser(record: type[Record]) -> Normaliser:
    """The function that normalises a checked object of `record`."""
    steps = [_step(p) for p in plans(record)]
    tag = tag_of(record) if record.__struct_config__.tag_field else None
    if tag is None and steps == _ENTRY_STEPS:  # a line-up entry (a season's most numerous object), written out
        return _entry
    return looped(steps, tag)


def looped(steps: list[Step], tag: str | None) -> Normaliser:
    """The normaliser that follows `steps` in turn (`tag`: the kind's `type`, first)."""

    def normalise(obj: Mapping[str, object]) -> dict[str, object]:
        out: dict[str, object] = {} if tag is None else {"type": tag}
        last: dict[str, object] = {}
        for key, how, raw, form in steps:
            if how == REQUIRED:
                value = obj[key]
            else:
                value = obj.get(key)
                if how == DEFAULTED:
                    if value is None:
                        value = raw
                elif how == DEFAULTED_LAST:
                    if value is None:
                        last[key] = raw
                        continue
                elif not value if how == NOT_EMPTY else value is None:
                    continue
            out[key] = value if form is None else form(value)
        return {**out, **last} if last else out

    return normalise


# A line-up entry's steps as `records.LineupEntry` declares them: `_entry` is the loop of `normaliser` unrolled
# for them (should the declaration change, the loop serves again).
_ENTRY_STEPS = [("player", REQUIRED, msgspec.NODEFAULT, None), ("number", OPTIONAL, None, None),
                ("goalie", DEFAULTED, False, None), ("captain", OPTIONAL, None, None)]


def _entry(obj: Mapping[str, object]) -> dict[str, object]:
    out: dict[str, object] = {"player": obj["player"]}
    number, goalie, captain = obj.get("number"), obj.get("goalie"), obj.get("captain")
    if number is not None:
        out["number"] = number
    out["goalie"] = False if goalie is None else goalie
    if captain is not None:
        out["captain"] = captain
    return out


def norm_event(e: Mapping[str, object]) -> EventData:
    """A checked event, normalised by its kind's declaration (`type` first)."""
    # its kind's normaliser writes the keys that kind declares: `EventData` is generated from the same declaration
    return cast(EventData, normaliser(EVENT_KINDS[str(e["type"])])(e))
