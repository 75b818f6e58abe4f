"""A small season under a rulebook of the tests' own (tests/data), for the standings and optional-table tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper.services import Services

DATA = Path(__file__).resolve().parents[2] / "data"
MINIMAL = DATA / "three-periods-no-optional-tables.toml"
MINIMAL_ID = "three-periods-no-optional-tables"


def rulebook_text(tiebreakers: list[str] | None = None, rulebook_id: str = MINIMAL_ID) -> str:
    """The minimal three-period rulebook, with its own tiebreakers and id where given."""
    text = MINIMAL.read_text(encoding="utf-8").replace(f'id = "{MINIMAL_ID}"', f'id = "{rulebook_id}"')
    if tiebreakers is not None:
        start = text.index("tiebreakers = [")
        end = text.index("]", start) + 1
        text = text[:start] + "tiebreakers = [" + ", ".join(f'"{t}"' for t in tiebreakers) + "]" + text[end:]
    return text


def goal(side: str, period: int, elapsed: str, scorer: str) -> dict[str, Any]:
    return {"type": "goal", "team": side, "period": period, "elapsed": elapsed, "scorer": scorer, "assists": []}


def score(home: str, away: str, home_goals: int, away_goals: int) -> list[dict[str, Any]]:
    """Regulation goals, one a minute in the first period: the home team's, then the away team's."""
    out = [goal("home", 1, f"{m + 1:02d}:00", f"{home}2") for m in range(home_goals)]
    return out + [goal("away", 1, f"{home_goals + m + 1:02d}:00", f"{away}2") for m in range(away_goals)]


def overtime_win(home: str, away: str, winner: str, level: int = 1) -> list[dict[str, Any]]:
    """`level`-`level` after regulation, then the winner's goal in overtime (period 4 of a three-period game)."""
    side = "home" if winner == home else "away"
    return [*score(home, away, level, level), goal(side, 4, "01:00", f"{winner}3")]


def shootout_win(home: str, away: str, winner: str, level: int = 1) -> list[dict[str, Any]]:
    """`level`-`level` after overtime, the shootout won by `winner`."""
    side = "home" if winner == home else "away"
    loser_side = "away" if side == "home" else "home"
    return [*score(home, away, level, level), {"type": "shootout", "team": side, "attempts": [
        {"team": loser_side, "shooter": f"{home if loser_side == 'home' else away}3", "scored": False},
        {"team": side, "shooter": f"{winner}3", "scored": True}]}]


def season(teams: list[str], games: list[tuple[str, str, list[dict[str, Any]]]], rulebook: str = MINIMAL_ID,
           dressed: int = 5, coed: bool = False) -> dict[str, Any]:
    """Teams of five (goalie #1) in one division; games (home, away, events) a day apart, in order."""
    players, roster = [], []
    for t in teams:
        for n in range(1, 6):
            players.append({"id": f"{t}{n}", "first": f"{t.upper()}{n}", "last": "Player", "gender": "M"})
            roster.append({"team": t, "player": f"{t}{n}", "number": n,
                           "position": "goalie" if n == 1 else "skater"})
    out_games = []
    for i, (home, away, events) in enumerate(games):
        out_games.append({
            "id": f"g{i + 1:02d}", "date": f"2024-{10 + i // 28:02d}-{i % 28 + 1:02d}", "time": "19:00",
            "stage": "regular", "home": home, "away": away,
            "lineups": {side: [{"player": f"{t}1", "goalie": True}]
                        + [{"player": f"{t}{n}"} for n in range(2, dressed + 1)]
                        for side, t in (("home", home), ("away", away))},
            "events": events})
    return {"format": "scorekeeper.season/1", "league": "L", "season": "2024", "rulebook": rulebook,
            "divisions": [{"id": "d", "name": "D", "coed": coed}],
            "teams": [{"id": t, "name": t.upper(), "division": "d"} for t in teams],
            "players": players, "roster": roster, "games": out_games}


def open_league(folder: Path, text: str, data: dict[str, Any]) -> Services:
    """A database with the rulebook text loaded and the season imported (the import must pass)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "book.toml"
    path.write_text(text, encoding="utf-8")
    svc = Services.open(str(folder / "league.db"))
    svc.load_rulebook_file(path)
    report = svc.import_data(data)
    assert report.ok, [v.line() for v in report.violations]
    return svc


def order(svc: Services) -> list[str]:
    return [r["team"] for r in svc.standings()["divisions"][0]["rows"]]


def rows(svc: Services) -> dict[str, dict[str, Any]]:
    return {r["team"]: r for d in svc.standings()["divisions"] for r in d["rows"]}
