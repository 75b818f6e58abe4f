"""The standings order (PTS-1, A-25): the rulebook's `standings.tiebreakers`, applied in turn.

Each name is one way to order teams; the first ranks the table, the next ones order the teams still level. Team
figures (points, wins, points percentage...) come from the team's row; the head-to-head names look only at the
games among the teams still level at that step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, TypeVar

from scorekeeper.rulebook.model import Points, Rulebook


@dataclass(frozen=True)
class Tiebreaker:
    """One allowed name of `standings.tiebreakers`: `short` as leagues print it, `words` as people read it."""

    name: str
    short: str
    words: str


TIEBREAKERS: dict[str, Tiebreaker] = {t.name: t for t in (
    Tiebreaker("points", "PTS", "points"),
    Tiebreaker("points_pct", "P%", "points percentage (points over the points the games played could give)"),
    Tiebreaker("wins", "W", "wins"),
    Tiebreaker("regulation_wins", "RW", "regulation wins (wins not in overtime or a shootout)"),
    Tiebreaker("regulation_overtime_wins", "ROW", "regulation and overtime wins (wins not in a shootout)"),
    Tiebreaker("fewer_games_played", "GP", "fewer games played"),
    Tiebreaker("h2h", "H2H", "head-to-head points"),
    Tiebreaker("h2h_pct", "H2H%", "head-to-head points percentage"),
    Tiebreaker("h2h_wins", "H2H W", "head-to-head wins"),
    Tiebreaker("h2h_goal_diff", "H2H +/-", "head-to-head goal difference"),
    Tiebreaker("h2h_no_odd_game", "H2H*", "head-to-head points percentage, not counting the odd home game"),
    Tiebreaker("goal_diff", "DIFF", "goal difference"),
    Tiebreaker("gf", "GF", "goals for"),
    Tiebreaker("ga", "GA", "fewest goals against"),
    Tiebreaker("fewer_pim", "PIM", "fewest penalty minutes"),
)}
NAMES: tuple[str, ...] = tuple(TIEBREAKERS)


def unknown_problem(name: str) -> str:
    """Why `name` cannot be a tiebreaker ('' when it can): the message lists the allowed names."""
    if name in TIEBREAKERS:
        return ""
    return f"{name!r} is not a tiebreaker; the allowed ones are {', '.join(NAMES)}"


def words(names: Iterable[str]) -> str:
    """The order in words: 'points, then wins, then head-to-head points'."""
    return ", then ".join(TIEBREAKERS[n].words if n in TIEBREAKERS else n for n in names)


def standings_note(book: Rulebook) -> str:
    """How the rulebook gives standings points and breaks ties, in words (the report's and the site's note)."""
    p = book.points
    shootout = f"; shootout win {p.so_win}, shootout loss {p.so_loss}" if book.shootout.get("regular", False) else ""
    return (f"Points: win {p.win}, tie {p.tie}, loss {p.loss}; overtime win {p.ot_win}, overtime loss {p.ot_loss}"
            f"{shootout}; forfeit win {p.forfeit_win}. Ties in the standings are broken by "
            f"{words(book.tiebreakers)}.")


class TeamFigures(Protocol):
    """What a standings row holds that the order reads."""

    team: str
    gp: int
    w: int
    otw: int
    sow: int
    pts: int
    gf: int
    ga: int
    pim: int


@dataclass(frozen=True)
class Meeting:
    """One final regular-season game between two teams: its order in the season, points and goals per team."""

    seq: int
    home: str
    away: str
    points: dict[str, int]  # team -> points
    goals: dict[str, int]  # team -> goals
    winner: str | None  # the winning team


def available_points(points: Points) -> int:
    """What one game can give a team at most: the denominator of the points percentage."""
    return max(points.win, points.ot_win, points.so_win, points.forfeit_win)


def points_pct(pts: int, gp: int, points: Points) -> Fraction:
    """Points over the points `gp` games could give (0 before a game is played)."""
    most = gp * available_points(points)
    return Fraction(pts, most) if most else Fraction(0)


def without_odd_games(meetings: list[Meeting]) -> list[Meeting]:
    """The meetings less, for each pair of teams that did not play as often in each rink, the earliest games in
    the rink of the team with the extra home games (NHL: the first game in the city that had the extra game)."""
    by_pair: dict[frozenset[str], list[Meeting]] = {}
    for m in meetings:
        by_pair.setdefault(frozenset((m.home, m.away)), []).append(m)
    dropped: set[int] = set()
    for games in by_pair.values():
        homes: dict[str, list[Meeting]] = {}
        for m in sorted(games, key=lambda m: m.seq):
            homes.setdefault(m.home, []).append(m)
        counts = sorted((len(v), team) for team, v in homes.items())
        fewer = counts[0][0] if len(counts) == 2 else 0
        more_team = counts[-1][1]
        extra = len(homes[more_team]) - fewer
        dropped.update(m.seq for m in homes[more_team][:extra])
    return [m for m in meetings if m.seq not in dropped]


Key = Callable[[TeamFigures], int | Fraction]
R = TypeVar("R", bound=TeamFigures)


def _team_key(name: str, points: Points) -> Key:
    keys: dict[str, Key] = {
        "points": lambda r: r.pts, "points_pct": lambda r: points_pct(r.pts, r.gp, points),
        "wins": lambda r: r.w, "regulation_wins": lambda r: r.w - r.otw - r.sow,
        "regulation_overtime_wins": lambda r: r.w - r.sow, "fewer_games_played": lambda r: -r.gp,
        "goal_diff": lambda r: r.gf - r.ga, "gf": lambda r: r.gf, "ga": lambda r: -r.ga,
        "fewer_pim": lambda r: -r.pim,
    }
    return keys[name]


def _h2h_key(name: str, group: set[str], meetings: list[Meeting], points: Points) -> Key:
    """The head-to-head figure of each team in the games among `group`."""
    among = [m for m in meetings if m.home in group and m.away in group]
    if name == "h2h_no_odd_game":
        among = without_odd_games(among)
    pts = dict.fromkeys(group, 0)
    gp = dict.fromkeys(group, 0)
    wins = dict.fromkeys(group, 0)
    diff = dict.fromkeys(group, 0)
    for m in among:
        for team, opp in ((m.home, m.away), (m.away, m.home)):
            pts[team] += m.points[team]
            gp[team] += 1
            wins[team] += m.winner == team
            diff[team] += m.goals[team] - m.goals[opp]
    if name == "h2h":
        return lambda r: pts[r.team]
    if name == "h2h_wins":
        return lambda r: wins[r.team]
    if name == "h2h_goal_diff":
        return lambda r: diff[r.team]
    return lambda r: points_pct(pts[r.team], gp[r.team], points)


def rank(rows: list[R], tiebreakers: tuple[str, ...], meetings: list[Meeting], points: Points) -> list[R]:
    """The rows ordered by the tiebreakers in turn (teams level on every one: by id); a head-to-head name looks at
    the games among the teams still level at its turn."""

    def order(group: list[R], remaining: tuple[str, ...]) -> list[R]:
        if len(group) <= 1 or not remaining:
            return sorted(group, key=lambda r: r.team)
        name, rest = remaining[0], remaining[1:]
        if name.startswith("h2h"):
            key = _h2h_key(name, {r.team for r in group}, meetings, points)
        else:
            key = _team_key(name, points)
        buckets: dict[int | Fraction, list[R]] = {}
        for r in group:
            buckets.setdefault(key(r), []).append(r)
        out: list[R] = []
        for value in sorted(buckets, reverse=True):
            out.extend(order(buckets[value], rest))
        return out

    return order(rows, tiebreakers)
