"""Scorekeeper against real published league data: the PWHL's 2024 and 2024-25 regular seasons and 2024 playoffs.

Each season's final games are converted into a season file (`pwhl_season.py`) played under the PWHL rulebook
(`pwhl-2024.toml`), imported into a fresh database, and what Scorekeeper computes is compared with what the
league published: the standings (basic/standings.csv), player goals and assists (pwhl-db, or goals.csv where
pwhl-db does not hold the same games) and each playoff game's result (games/all_games.csv).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.services import Services
from tests.realdata.pwhl_season import (
    RULEBOOK,
    final_games,
    is_shootout,
    published_stats,
    read_csv,
    season_file,
    team_codes,
)

REGULAR_2024, PLAYOFFS_2024, REGULAR_2024_25 = 1, 3, 5


@dataclass
class Loaded:
    """A PWHL season imported into a fresh database."""

    svc: Services
    name: str
    season_id: int
    playoff_season_id: int | None = None


def load(folder: Path, season_id: int, name: str, playoff_season_id: int | None = None) -> Loaded:
    """Convert a PWHL season, load the PWHL rulebook into a new database and import the season file."""
    svc = Services.open(str(folder / "league.db"))
    svc.load_rulebook_file(RULEBOOK)
    report = svc.import_data(season_file(season_id, name, playoff_season_id))
    blocks = [v.line() for v in report.violations if v.blocks]
    assert report.ok, "the season file was refused:\n" + "\n".join(blocks)
    return Loaded(svc, name, season_id, playoff_season_id)


@pytest.fixture(scope="module")
def pwhl_2024(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Loaded]:
    """The 2024 regular season (season 1), imported once for the module."""
    loaded = load(tmp_path_factory.mktemp("pwhl-2024"), REGULAR_2024, "2024")
    yield loaded
    loaded.svc.close()


@pytest.fixture(scope="module")
def pwhl_2024_25(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Loaded]:
    """The 2024-25 regular season (season 5), imported once for the module."""
    loaded = load(tmp_path_factory.mktemp("pwhl-2024-25"), REGULAR_2024_25, "2024-25")
    yield loaded
    loaded.svc.close()


@pytest.fixture(scope="module")
def pwhl_2024_with_playoffs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Loaded]:
    """The 2024 regular season and the 2024 playoffs (season 3) in one season file."""
    loaded = load(tmp_path_factory.mktemp("pwhl-2024-po"), REGULAR_2024, "2024", PLAYOFFS_2024)
    yield loaded
    loaded.svc.close()


# -- what the league published ------------------------------------------------------------------------------

def published_standings(season_id: int) -> tuple[dict[str, dict[str, int]], list[str]]:
    """basic/standings.csv in the app's terms, per team code, and the teams in the published order.

    `losses` counts regulation losses only: wins + losses + ot_losses + shootout_losses = games_played
    (Montréal 2024-25: 17 + 7 + 1 + 2 = 27), so the app's `l` (every loss) is their sum."""
    codes = team_codes()
    rows = [r for r in read_csv("basic/standings.csv") if r["season_id"] == str(season_id)]
    out: dict[str, dict[str, int]] = {}
    for r in rows:
        n = {k: int(v) for k, v in r.items() if v.lstrip("-").isdigit()}
        out[codes[r["team_id"]]] = {
            "gp": n["games_played"], "w": n["wins"], "l": n["losses"] + n["ot_losses"] + n["shootout_losses"],
            "t": n["ties"], "otw": n["ot_wins"], "otl": n["ot_losses"], "sow": n["shootout_wins"],
            "sol": n["shootout_losses"], "pts": n["points"], "gf": n["goals_for"], "ga": n["goals_against"],
            "diff": n["goals_diff"]}
    return out, [codes[r["team_id"]] for r in rows]


def published_scoring_from_db(season_id: int) -> dict[str, tuple[int, int]]:
    """Goals and assists per player ("p<id>") from pwhl-db's skater_stats and goalie_stats.

    A player traded during the season has a row per team, and the row of her last team holds the season
    total (a documented quirk of the data): that row is the one with the most games played."""
    skaters = [(r["player_id"], r["games_played"], r["goals"], r["assists"])
               for r in published_stats("skater_stats", season_id)]
    goalies = [(r["player_id"], r["goals"], r["assists"]) for r in published_stats("goalie_stats", season_id)]
    total: dict[int, tuple[int, int, int]] = {}
    for pid, gp, g, a in skaters:
        if pid not in total or gp > total[pid][0]:
            total[pid] = (gp, g, a)
    out = {f"p{pid}": (g, a) for pid, (_, g, a) in total.items()}
    for pid, g, a in goalies:
        before = out.get(f"p{pid}", (0, 0))
        out[f"p{pid}"] = (before[0] + g, before[1] + a)
    return {pid: ga for pid, ga in out.items() if ga != (0, 0)}


def published_scoring_from_goals(season_id: int) -> dict[str, tuple[int, int]]:
    """Goals and assists per player counted from the published goals (games/play_by_play/goals.csv)."""
    goals: Counter[str] = Counter()
    assists: Counter[str] = Counter()
    for r in read_csv("games/play_by_play/goals.csv"):
        if r["season_id"] == str(season_id):
            goals[f"p{r['goal_player_id']}"] += 1
            for key in ("assist1_player_id", "assist2_player_id"):
                if r[key]:
                    assists[f"p{r[key]}"] += 1
    return {pid: (goals[pid], assists[pid]) for pid in set(goals) | set(assists)}


def expected_result(game: dict[str, str]) -> dict[str, Any]:
    """A game's published result in the app's terms: score, winner and decision."""
    home, away = int(game["home_goal_count"]), int(game["visiting_goal_count"])
    decision = ("shootout" if is_shootout(game) else "overtime" if game["game_status"].startswith("Final OT")
                else "regulation")
    return {"score": {"home": home, "away": away}, "winner": "home" if home > away else "away",
            "decision": decision}


# -- comparisons -------------------------------------------------------------------------------------------

def standings_differences(loaded: Loaded) -> list[str]:
    """Every figure of every team where the app's standings differ from the published ones, and the order."""
    published, order = published_standings(loaded.season_id)
    divisions = loaded.svc.standings(loaded.name)["divisions"]
    rows = {r["team"]: r for d in divisions for r in d["rows"]}
    out = []
    for team, figures in sorted(published.items()):
        row = rows.get(team)
        if row is None:
            out.append(f"{team}: not in the app's standings")
            continue
        out += [f"{team} {key}: app {row.get(key)}, published {value}" for key, value in figures.items()
                if row.get(key) != value]
    out += [f"{team}: in the app's standings, not published" for team in sorted(set(rows) - set(published))]
    app_order = [r["team"] for d in divisions for r in sorted(d["rows"], key=lambda r: r["rank"])]
    if app_order != order:
        out.append(f"order: app {app_order}, published {order}")
    return out


def scoring_differences(loaded: Loaded, published: dict[str, tuple[int, int]]) -> list[str]:
    """Players whose goals or assists (summed over teams) differ between the app and `published`."""
    app: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for p in loaded.svc.stats(loaded.name, "regular")["players"]:
        app[p["player"]][0] += p["g"]
        app[p["player"]][1] += p["a"]
    out = []
    for pid in sorted(set(app) | set(published), key=lambda p: int(p[1:])):
        mine, theirs = tuple(app.get(pid, (0, 0))), published.get(pid, (0, 0))
        if mine != theirs:
            out.append(f"{pid}: app G-A {mine[0]}-{mine[1]}, published {theirs[0]}-{theirs[1]}")
    return out


def result_differences(loaded: Loaded, season_id: int) -> list[str]:
    """Games of a PWHL season whose computed score, winner or decision differ from all_games.csv."""
    out = []
    for game in final_games(season_id):
        got = loaded.svc.game(f"g{game['id']}", loaded.name)
        want = expected_result(game)
        mine = {k: got[k] for k in want}
        if mine != want:
            out.append(f"g{game['id']} ({game['game_status']}): app {mine}, published {want}")
    return out


def show(differences: list[str]) -> str:
    """An assertion message listing the differences, one a line."""
    return f"{len(differences)} difference(s):\n" + "\n".join(differences)


# -- the tests -------------------------------------------------------------------------------------------------

def test_pwhl_2024_standings_match_published(pwhl_2024: Loaded) -> None:
    differences = standings_differences(pwhl_2024)
    assert not differences, show(differences)


def test_pwhl_2024_25_standings_match_published(pwhl_2024_25: Loaded) -> None:
    differences = standings_differences(pwhl_2024_25)
    assert not differences, show(differences)


def test_pwhl_2024_game_results_match_published(pwhl_2024: Loaded) -> None:
    differences = result_differences(pwhl_2024, REGULAR_2024)
    assert not differences, show(differences)


def test_pwhl_2024_25_game_results_match_published(pwhl_2024_25: Loaded) -> None:
    differences = result_differences(pwhl_2024_25, REGULAR_2024_25)
    assert not differences, show(differences)


def test_pwhl_2024_player_goals_and_assists_match_published_stats(pwhl_2024: Loaded) -> None:
    # pwhl-db's season totals, with a traded player's total taken from her last team's row (see above)
    differences = scoring_differences(pwhl_2024, published_scoring_from_db(REGULAR_2024))
    assert not differences, show(differences)


def test_pwhl_2024_25_player_goals_and_assists_match_published_goals(pwhl_2024_25: Loaded) -> None:
    # pwhl-db's 2024-25 stats are those of the whole 30-game season (games_played up to 30), but the games data
    # was last updated on April 8, 2025 and holds 27 games per team (standings.csv: games_played 27): they are
    # not the same games. The published goals of those 27 games (goals.csv) are the reference instead.
    differences = scoring_differences(pwhl_2024_25, published_scoring_from_goals(REGULAR_2024_25))
    assert not differences, show(differences)


def test_pwhl_2024_playoffs_import_as_playoff_games_with_published_results(pwhl_2024_with_playoffs: Loaded) -> None:
    loaded = pwhl_2024_with_playoffs
    playoff_games = final_games(PLAYOFFS_2024)
    stages = Counter(loaded.svc.game(f"g{g['id']}", loaded.name)["stage"] for g in playoff_games)
    assert stages == {"playoff": len(playoff_games)}
    assert any(g["game_status"] in ("Final OT2", "Final OT3") for g in playoff_games)  # multiple overtimes
    differences = result_differences(loaded, PLAYOFFS_2024)
    assert not differences, show(differences)
    # the playoff games change nothing in the regular season's standings
    differences = standings_differences(loaded)
    assert not differences, show(differences)
