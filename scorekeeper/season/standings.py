"""Standings per division: the points each regular-season final game gave (forfeits included), ranked by the
rulebook's tiebreakers (A-25 in Westridge; `scorekeeper.rules.tiebreakers`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from scorekeeper.engine.events import SIDES, other
from scorekeeper.engine.state import GameState
from scorekeeper.results_records import DivisionStandings, Record, Standings, StandingsRow
from scorekeeper.rulebook.model import Points, Rulebook
from scorekeeper.rules.tiebreakers import Meeting, points_pct, rank
from scorekeeper.season.sides import team_on
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import GameData

# Row figures shown where the rulebook orders by them: tiebreaker -> the row's key.
SHOWN_WHEN_USED = {"regulation_wins": "rw", "regulation_overtime_wins": "row", "points_pct": "pts_pct"}


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
    # each final game's result in the order played ("W", "L", "T" or "OTL"), and where it was played
    results: list[tuple[str, str]] = field(default_factory=list)

    @property
    def diff(self) -> int:
        return self.gf - self.ga

    def figure(self, key: str, points: Points) -> int | float:
        """A figure shown where the rulebook orders by it: `rw`, `row` or `pts_pct` (three decimals)."""
        if key == "rw":
            return self.w - self.otw - self.sow
        if key == "row":
            return self.w - self.sow
        return round(float(points_pct(self.pts, self.gp, points)), 3)

    def to_json(self, rank: int, shootouts: bool = False, book: Rulebook | None = None) -> StandingsRow:
        """The contract's row; `sow` and `sol` (shootout wins and losses, among `w` and `l`) follow `otl` where
        the rulebook has shootouts in the regular season; `rw`, `row` and `pts_pct` follow `pts` where the
        rulebook's tiebreakers name them."""
        shown = {key: self.figure(key, book.points) for name, key in SHOWN_WHEN_USED.items()
                 if book is not None and name in book.tiebreakers}
        if book is not None:
            shown.setdefault("pts_pct", self.figure("pts_pct", book.points))
        last = [r for r, _ in self.results[-10:]]
        # the optional figures in the contract's order among the others: a dict mypy cannot follow as the record
        return cast(StandingsRow, {
            "rank": rank, "team": self.team, "gp": self.gp, "w": self.w, "l": self.l, "t": self.t, "otw": self.otw,
            "otl": self.otl, **({"sow": self.sow, "sol": self.sol} if shootouts else {}),
            "pts": self.pts, **shown, "gf": self.gf, "ga": self.ga, "diff": self.diff, "pim": self.pim,
            "gf_pct": round(self.gf / (self.gf + self.ga), 3) if self.gf + self.ga else None,
            "l10": record(last), "streak": streak([r for r, _ in self.results]),
            "home": record([r for r, where in self.results if where == "home"]),
            "away": record([r for r, where in self.results if where == "away"])})


def record(results: list[str]) -> Record:
    """`{"w", "l", "t", "otl"}` of these results: each game counted once (`l` leaves out the overtime losses)."""
    return {"w": results.count("W"), "l": results.count("L"), "t": results.count("T"), "otl": results.count("OTL")}


def streak(results: list[str]) -> str | None:
    """The current streak: the latest result and how many games in a row ended so (`W3`), None before a game."""
    if not results:
        return None
    n = 0
    for r in reversed(results):
        if r != results[-1]:
            break
        n += 1
    return f"{results[-1]}{n}"


def result_of(st: GameState, side: str, points: Points) -> str:
    """`side`'s result in a final game: "W", "T", "L", or "OTL" for a loss in overtime or a shootout (the losses
    the row records as `otl` and `sol`, whatever points the rulebook gives them)."""
    if st.decision == "double_forfeit":
        return "L"
    if st.winner is None:
        return "T"
    if st.winner == side:
        return "W"
    if st.decision in ("overtime", "shootout"):
        return "OTL"
    return "L"


def _results(view: SeasonView) -> list[tuple[GameData, GameState]]:
    """The regular season's final games, in the order they were played, with their states."""
    games = sorted(view.final_games("regular"), key=lambda g: (g["date"], g.get("time") or "", g["id"]))
    return [(g, view.state(g["id"])) for g in games]


def standings(view: SeasonView) -> Standings:
    """The contract's standings JSON for every division."""
    rows = {tid: Row(tid) for tid in view.teams}
    meetings: list[Meeting] = []
    for seq, (g, st) in enumerate(_results(view)):
        if st.points is None:
            continue
        teams = {side: team_on(g, side) for side in SIDES}
        meetings.append(Meeting(seq, g["home"], g["away"], {teams[s]: st.points[s] for s in SIDES},
                                {teams[s]: st.score[s] for s in SIDES},
                                teams[st.winner] if st.winner in SIDES else None))
        for side in SIDES:
            team = team_on(g, side)
            if team not in rows:
                continue
            r = rows[team]
            r.gp += 1
            r.pts += st.points[side]
            r.gf += st.score[side]
            r.ga += st.score[other(side)]
            r.pim += st.pim(side)
            r.results.append((result_of(st, side, view.book.points), side))
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
    out: list[DivisionStandings] = []
    for div_id in view.divisions:
        members = [rows[t] for t, team in view.teams.items() if team["division"] == div_id]
        ranked = rank(members, view.book.tiebreakers, meetings, view.book.points)
        shootouts = view.book.shootout.get("regular", False)
        out.append({"division": div_id,
                    "rows": [r.to_json(i + 1, shootouts, view.book) for i, r in enumerate(ranked)]})
    return {"season": view.name, "divisions": out}



def record_text(rec: Record, ties: bool = True) -> str:
    """A record as a league prints it: `w-l-t-otl` (`6-2-0-2`), or `w-l-otl` (`7-2-1`) where no game can end
    tied (`ties` False: the rulebook's regular season ends level games in a shootout)."""
    figures = (rec["w"], rec["l"], rec["t"], rec["otl"]) if ties else (rec["w"], rec["l"], rec["otl"])
    return "-".join(str(n) for n in figures)


def share_text(value: float | None) -> str:
    """A share as leagues print it, three decimals without the leading zero (`.698`, `1.000`); `-` for none."""
    if value is None:
        return "-"
    text = f"{value:.3f}"
    return text[1:] if text.startswith("0") else text


def readable(row: StandingsRow) -> dict[str, str]:
    """The printed forms of a standings row's league columns: `pts_pct`, `gf_pct` (`.698`), `l10`, `home`,
    `away` (`7-2-1`; with ties `7-1-1-1`, where no shootout ends level games: the row has no `sow`) and
    `streak` (`W2`, `-` before a game)."""
    ties = "sow" not in row
    return {"pts_pct": share_text(row["pts_pct"]), "gf_pct": share_text(row["gf_pct"]),
            "l10": record_text(row["l10"], ties), "streak": row["streak"] or "-",
            "home": record_text(row["home"], ties), "away": record_text(row["away"], ties)}

