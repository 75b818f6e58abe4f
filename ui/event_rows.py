"""The Live Game tab's event list rows: each recorded entry in words (who, the assists, the infraction and its
minutes, a goal's strength), one describer per kind of entry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

from ui.entry_form import KINDS
from ui.game_clock import period_name

if TYPE_CHECKING:
    from scorekeeper.screens import EventFigures


@dataclass(frozen=True)
class RowWords:
    """What an entry's row names: players by label, the rulebook's infractions by code, the teams, the periods."""

    label_of: Callable[[str | None], str]
    infractions: Mapping[str, Mapping[str, Any]]
    names: Mapping[str, str]
    regulation_periods: int


Describer = Callable[[Mapping[str, Any], RowWords, "int | None"], tuple[str, str]]
"""One kind of entry in words: (details, more), given the entry, the words and the minutes it counts."""


def _goal(event: Mapping[str, Any], words: RowWords, minutes: int | None) -> tuple[str, str]:
    who = words.label_of
    more = "A: " + ", ".join(who(p) for p in event["assists"]) if event.get("assists") else "unassisted"
    return who(event.get("scorer")), more


def _penalty(event: Mapping[str, Any], words: RowWords, minutes: int | None) -> tuple[str, str]:
    who = words.label_of
    infraction = words.infractions.get(event.get("infraction", ""))
    name = (infraction.get("plain_name") or infraction["name"]) if infraction else str(event.get("infraction"))
    cls = event.get("class") or (infraction["classes"][0] if infraction else "")
    details = who(event.get("player")) or "bench"
    more = f"{name} ({str(cls).replace('_', ' ')})" + ("" if minutes is None else f" · {minutes} min")
    if event.get("served_by") and event["served_by"] != event.get("player"):
        details += f", served by {who(event['served_by'])}"
    return details, more


def _penalty_shot(event: Mapping[str, Any], words: RowWords, minutes: int | None) -> tuple[str, str]:
    who = words.label_of
    details = f"{who(event.get('shooter'))} — {'scored' if event.get('scored') else 'no goal'}"
    shot_for = words.infractions.get(event.get("infraction") or "")
    fouled = f"fouled by {who(event['fouled_by'])}" if event.get("fouled_by") else ""
    return details, ", ".join(part for part in (shot_for["name"] if shot_for else "", fouled) if part)


def _goalie(event: Mapping[str, Any], words: RowWords, minutes: int | None) -> tuple[str, str]:
    return ("goalie pulled" if event.get("action") == "pull" else f"in: {words.label_of(event.get('player'))}"), ""


def _shootout(event: Mapping[str, Any], words: RowWords, minutes: int | None) -> tuple[str, str]:
    attempts = event.get("attempts") or []
    scored = [a["team"] for a in attempts if a["scored"]]
    won = scored.count(event.get("team"))
    return "won the shootout" + (f" ({won}–{len(scored) - won} in {len(attempts)} attempts)" if attempts else ""), ""


DESCRIBERS: dict[str, Describer] = {
    "goal": _goal,
    "penalty": _penalty,
    "penalty_shot": _penalty_shot,
    "awarded_goal": lambda event, words, minutes: (str(event.get("reason") or ""), ""),
    "goalie": _goalie,
    "late": lambda event, words, minutes: (f"{event.get('minutes')} minutes late", ""),
    "forfeit": lambda event, words, minutes: (str(event.get("reason", "")).replace("_", " "), ""),
    "called": lambda event, words, minutes: (f"called: {event.get('points')} {event.get('reason', '')}", ""),
    "note": lambda event, words, minutes: (
        str(event.get("text", "")) + ("  (reported)" if event.get("report") else ""), ""),
    "shootout": _shootout,
}
"""Each kind of entry's words; a kind not here (a timeout) shows its kind and team alone."""


def _team_name(team: str | None, names: Mapping[str, str]) -> str:
    if not team:
        return ""
    return "Both" if team == "both" else names.get(team, "")


class EventRow(TypedDict):
    """An entry as the event list shows it."""

    index: int  # its place in the game's log
    period: int  # 0: untimed
    elapsed: str
    period_label: str
    team_name: str
    kind: str
    details: str
    more: str
    strength: str
    after_play: bool  # a shootout: listed after everything


def event_row(index: int, event: Mapping[str, Any], figure: EventFigures | None, words: RowWords) -> EventRow:
    """One entry as the event list shows it (`figure`: what the game's computation says of it)."""
    kind = event["type"]
    describe = DESCRIBERS.get(kind)
    minutes = figure.minutes if figure is not None else None
    details, more = describe(event, words, minutes) if describe is not None else ("", "")
    period = event.get("period")
    return {
        "index": index, "period": period or 0, "elapsed": event.get("elapsed") or "",
        "period_label": period_name(period, words.regulation_periods, "") if period else (
            "SO" if kind == "shootout" else ""),
        "team_name": _team_name(event.get("team"), words.names),
        "kind": next((k.label for k in KINDS if k.type == kind), kind.capitalize()),
        "details": details, "more": more,
        "strength": figure.strength if figure is not None else "",
        "after_play": kind == "shootout",
    }
