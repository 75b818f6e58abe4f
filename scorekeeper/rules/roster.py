"""Roster signings: DATA-1 (numbers unique on the active roster, one active signing per team)."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.violation import Violation
from scorekeeper.season.view import SeasonView


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    a0, a1 = a.get("signed") or "0000-00-00", a.get("released") or "9999-99-99"
    b0, b1 = b.get("signed") or "0000-00-00", b.get("released") or "9999-99-99"
    return a0 < b1 and b0 < a1


def check_roster(view: SeasonView) -> list[Violation]:
    out: list[Violation] = []
    section = view.book.section("DATA-1")
    for team, rows in view.roster_by_team.items():
        # only signings of one player or of one number can clash: compare within those groups, not every pair
        groups: dict[tuple[str, Any], list[int]] = {}
        for i, row in enumerate(rows):
            groups.setdefault(("player", row["player"]), []).append(i)
            groups.setdefault(("number", row["number"]), []).append(i)
        pairs = sorted({(x, y) for group in groups.values() if len(group) > 1
                        for n, x in enumerate(group) for y in group[n + 1:]})
        for i, j in pairs:
            a, b = rows[i], rows[j]
            if not _overlap(a, b):
                continue
            if a["player"] == b["player"]:
                out.append(Violation("DATA-1", "block", f"{view.player_name(a['player'])} is signed twice "
                                     f"to {team} at the same time", section, f"roster {team}"))
            elif a["number"] == b["number"]:
                out.append(Violation(
                    "DATA-1", "block", f"#{a['number']} is worn by both {view.player_name(a['player'])} and "
                    f"{view.player_name(b['player'])} on {team}'s active roster", section, f"roster {team}"))
    return out
