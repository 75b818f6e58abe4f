"""Standings per division: the points each regular-season final game gave (forfeits included), ranked by the
rulebook's tiebreakers (A-25 in Westridge; `scorekeeper.rules.tiebreakers`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, cast

from scorekeeper.results_records import DivisionStandings, Record, Standings, StandingsRow
from scorekeeper.rulebook.model import Points, Rulebook  # before the tiebreakers: the rulebook's schema names them
from scorekeeper.rules.tiebreakers import Meeting, points_pct, rank

if TYPE_CHECKING:
    from scorekeeper.engine.state import GameState
    from scorekeeper.season.view import SeasonView

SIDES = ("home", "away")

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


class Outcome(NamedTuple):
    """What the standings read of a final game's computed state, by side ("home", "away"): its points (None: the
    game counts for no team), goals, penalty minutes, the winning side and how the game was decided."""

    points: Mapping[str, int] | None
    score: Mapping[str, int]
    pim: Mapping[str, int]
    winner: str | None
    decision: str | None

    @classmethod
    def of(cls, st: GameState) -> Outcome:
        return cls(st.points, st.score, {side: st.pim(side) for side in SIDES}, st.winner, st.decision)


class Played(NamedTuple):
    """A final regular-season game as the standings read it: its teams and its outcome."""

    home: str
    away: str
    outcome: Outcome


def result_of(st: Outcome | GameState, side: str, points: Points | None = None) -> str:
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


def _results(view: SeasonView) -> list[Played]:
    """The regular season's final games, in the order they were played, with their outcomes."""
    games = sorted(view.final_games("regular"), key=lambda g: (g["date"], g.get("time") or "", g["id"]))
    return [Played(g["home"], g["away"], Outcome.of(view.state(g["id"]))) for g in games]


def standings(view: SeasonView) -> Standings:
    """The contract's standings JSON for every division."""
    return standings_of(view.name, view.teams, view.divisions, view.book, _results(view))


def _count(r: Row, o: Outcome, side: str) -> None:
    """One game of team row `r`, which played `side`."""
    assert o.points is not None
    opponent = "away" if side == "home" else "home"
    r.gp += 1
    r.pts += o.points[side]
    r.gf += o.score[side]
    r.ga += o.score[opponent]
    r.pim += o.pim[side]
    r.results.append((result_of(o, side), side))
    if o.decision == "double_forfeit":
        r.l += 1
    elif o.winner is None:
        r.t += 1
    elif o.winner == side:
        r.w += 1
        r.otw += o.decision == "overtime"
        r.sow += o.decision == "shootout"
    else:
        r.l += 1
        r.otl += o.decision == "overtime"
        r.sol += o.decision == "shootout"


def standings_of(season: str, teams: Mapping[str, Mapping[str, object]], divisions: Iterable[str], book: Rulebook,
                 played: Iterable[Played]) -> Standings:
    """The standings JSON of a season's `teams` (id -> record, its `division`) in `divisions` (their ids, in
    order) from its final regular-season games as `played` (in the order played): the one computation whether
    the outcomes were computed from the whole season (`standings`) or read as stored (`season.stored_standings`)."""
    rows = {tid: Row(tid) for tid in teams}
    meetings: list[Meeting] = []
    for seq, (home, away, o) in enumerate(played):
        if o.points is None:
            continue
        by_side = {"home": home, "away": away}
        meetings.append(Meeting(seq, home, away, {by_side[s]: o.points[s] for s in SIDES},
                                {by_side[s]: o.score[s] for s in SIDES},
                                by_side[o.winner] if o.winner in SIDES else None))
        for side in SIDES:
            if by_side[side] in rows:
                _count(rows[by_side[side]], o, side)
    out: list[DivisionStandings] = []
    for div_id in divisions:
        members = [rows[t] for t, team in teams.items() if team["division"] == div_id]
        ranked = rank(members, book.tiebreakers, meetings, book.points)
        shootouts = book.shootout.get("regular", False)
        out.append({"division": div_id,
                    "rows": [r.to_json(i + 1, shootouts, book) for i, r in enumerate(ranked)]})
    return {"season": season, "divisions": out}


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

