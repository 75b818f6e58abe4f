"""Standings per division: the points each regular-season final game gave (forfeits included), ranked by A-25's
tiebreakers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scorekeeper.engine.events import SIDES, other
from scorekeeper.season.view import SeasonView


@dataclass
class Row:
    team: str
    gp: int = 0
    w: int = 0
    l: int = 0  # noqa: E741 - the contract's key
    t: int = 0
    otw: int = 0
    otl: int = 0
    sow: int = 0
    sol: int = 0
    pts: int = 0
    gf: int = 0
    ga: int = 0
    pim: int = 0

    @property
    def diff(self) -> int:
        return self.gf - self.ga

    def to_json(self, rank: int, shootouts: bool = False) -> dict[str, Any]:
        """The contract's row; `sow` and `sol` (shootout wins and losses, among `w` and `l`) follow `otl` where
        the rulebook has shootouts in the regular season."""
        return {"rank": rank, "team": self.team, "gp": self.gp, "w": self.w, "l": self.l, "t": self.t,
                "otw": self.otw, "otl": self.otl, **({"sow": self.sow, "sol": self.sol} if shootouts else {}),
                "pts": self.pts, "gf": self.gf, "ga": self.ga, "diff": self.diff, "pim": self.pim}


def _results(view: SeasonView) -> list[tuple[dict[str, Any], Any]]:
    return [(g, view.state(g["id"])) for g in view.final_games("regular")]


def standings(view: SeasonView) -> dict[str, Any]:
    """The contract's standings JSON for every division."""
    rows = {tid: Row(tid) for tid in view.teams}
    h2h: dict[tuple[str, str], int] = {}  # (team, opponent) -> points earned
    for g, st in _results(view):
        if st.points is None:
            continue
        for side in SIDES:
            team, opp = g[side], g[other(side)]
            if team not in rows:
                continue
            r = rows[team]
            r.gp += 1
            r.pts += st.points[side]
            r.gf += st.score[side]
            r.ga += st.score[other(side)]
            r.pim += st.pim(side)
            h2h[(team, opp)] = h2h.get((team, opp), 0) + st.points[side]
            if st.decision == "double_forfeit":
                r.l += 1
            elif st.winner is None:
                r.t += 1
            elif st.winner == side:
                r.w += 1
                r.otw += st.decision == "overtime"
                r.sow += st.decision == "shootout"
            else:
                r.l += 1
                r.otl += st.decision == "overtime"
                r.sol += st.decision == "shootout"
    out = []
    for div_id in view.divisions:
        members = [rows[t] for t, team in view.teams.items() if team["division"] == div_id]
        ranked = rank_rows(members, view.book.tiebreakers, h2h)
        shootouts = view.book.shootout.get("regular", False)
        out.append({"division": div_id, "rows": [r.to_json(i + 1, shootouts) for i, r in enumerate(ranked)]})
    return {"season": view.name, "divisions": out}


def rank_rows(rows: list[Row], tiebreakers: tuple[str, ...], h2h: dict[tuple[str, str], int]) -> list[Row]:
    """Order rows by the tiebreakers in turn; head-to-head is points among the teams still tied."""
    keys: dict[str, Callable[[Row], int]] = {
        "points": lambda r: r.pts, "wins": lambda r: r.w, "goal_diff": lambda r: r.diff, "gf": lambda r: r.gf,
        "ga": lambda r: -r.ga, "regulation_wins": lambda r: r.w - r.otw - r.sow,
    }

    by_team: dict[str, dict[str, int]] = {}
    for (a, b), p in h2h.items():
        by_team.setdefault(a, {})[b] = p

    def order(group: list[Row], remaining: tuple[str, ...]) -> list[Row]:
        if len(group) <= 1 or not remaining:
            return sorted(group, key=lambda r: r.team)
        tb, rest = remaining[0], remaining[1:]
        key: Callable[[Row], int]
        if tb == "h2h":
            ids = {r.team for r in group}

            def h2h_points(r: Row) -> int:
                mine = by_team.get(r.team, {})
                return sum(mine.get(o, 0) for o in ids)

            key = h2h_points
        else:
            key = keys[tb]
        buckets: dict[int, list[Row]] = {}
        for r in group:
            buckets.setdefault(key(r), []).append(r)
        result: list[Row] = []
        for value in sorted(buckets, reverse=True):
            result.extend(order(buckets[value], rest))
        return result

    return order(rows, tiebreakers)
