"""Another league's rulebook is a new file, not new code: `rulebook load FILE` stores it in the database, a
season file names it, and its periods, overtime, shootout and 3-2-1 points apply (GAME-1, GAME-2, PTS-1, PTS-2).

Through the command line only, on SQLite and (in CI) again on PostgreSQL.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import REPO, SeasonBuilder, cli_json, goal, run_cli, standings_row, write_json

H, A = "home", "away"
LEAGUE_BOOK = "three-periods-so"


def league_rulebook(folder: Path) -> Path:
    """The Westridge file with three periods, 3-2-1 points and a shootout after a 5-minute regular overtime."""
    text = (REPO / "scorekeeper" / "resources" / "rulebooks" / "westridge-2015-16.toml").read_text(encoding="utf-8")
    text = (text.replace('id = "westridge-2015-16"', f'id = "{LEAGUE_BOOK}"')
            .replace("periods = 2 ", "periods = 3 ").replace("\nwin = 2\n", "\nwin = 3\n", 1)
            .replace("ot_loss = 0", "ot_loss = 1").replace("so_loss = 0", "so_loss = 1")
            .replace("[shootout]                       # the Westridge rulebook has no shootout\nregular = false",
                     "[shootout]\nregular = true"))
    path = folder / f"{LEAGUE_BOOK}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def season() -> dict:
    sb = SeasonBuilder({"d1": ["a", "b"]})
    sb.game("s01", "a", "b", [goal(H, 3, "19:00", "a02")])  # a regulation win in the third period: 3-0
    sb.game("s02", "b", "a", [goal(H, 1, "05:00", "b02"), goal(A, 2, "05:00", "a02"),
                              goal(A, 4, "01:30", "a03")])  # a wins in overtime: b 1, a 2
    sb.game("s03", "a", "b", [goal(H, 1, "05:00", "a02"), goal(A, 3, "05:00", "b02"),
                              {"type": "shootout", "team": "away", "attempts": [
                                  {"team": "home", "shooter": "a03", "scored": False},
                                  {"team": "away", "shooter": "b03", "scored": True}]}])  # b wins the shootout
    data = sb.build()
    data["rulebook"] = LEAGUE_BOOK
    data["league"] = "Three Period League"
    return data


@pytest.fixture(scope="module")
def league_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("another-league")
    db = folder / "league.db"
    code, out, err = run_cli(db, "rulebook", "load", league_rulebook(folder))
    assert code == 0 and LEAGUE_BOOK in out, err
    code, out, err = run_cli(db, "import", write_json(folder / "season.json", season()))
    assert code == 0, out + err
    return db


def test_game_1_a_season_file_names_a_rulebook_loaded_into_the_database(league_db: Path):
    books = {b["name"]: b for b in cli_json(league_db, "rulebook", "list", "--json")}
    assert books[LEAGUE_BOOK]["source"] == "database" and books[LEAGUE_BOOK]["seasons"] == ["2015-16"]
    assert books["westridge-2015-16"]["source"] == "shipped"


def test_pts_1_three_periods_and_three_points_for_a_regulation_win(league_db: Path):
    g = cli_json(league_db, "game", "s01", "--json")
    assert g["decision"] == "regulation" and g["points"] == {"home": 3, "away": 0}
    assert g["by_period"] == {"home": [0, 0, 1], "away": [0, 0, 0]}


def test_pts_2_overtime_win_two_points_loser_one(league_db: Path):
    g = cli_json(league_db, "game", "s02", "--json")
    assert g["decision"] == "overtime" and g["winner"] == "away" and g["points"] == {"home": 1, "away": 2}
    assert g["by_period"]["away"] == [0, 1, 0, 1]


def test_game_2_shootout_decides_the_tie(league_db: Path):
    g = cli_json(league_db, "game", "s03", "--json")
    assert g["decision"] == "shootout" and g["winner"] == "away" and g["points"] == {"home": 1, "away": 2}
    assert g["score"] == {"home": 1, "away": 2}  # the shootout winner's goal is in the final score
    assert g["shootout"]["goals"] == {"home": 0, "away": 1} and len(g["shootout"]["attempts"]) == 2


def test_pts_2_standings_count_shootout_wins_and_losses(league_db: Path):
    st = cli_json(league_db, "standings", "--json")
    a, b = standings_row(st, "d1", "a"), standings_row(st, "d1", "b")
    assert (a["w"], a["l"], a["otw"], a["otl"], a["sow"], a["sol"], a["pts"]) == (2, 1, 1, 0, 0, 1, 6)
    assert (b["w"], b["l"], b["otw"], b["otl"], b["sow"], b["sol"], b["pts"]) == (1, 2, 0, 1, 1, 0, 3)
    assert (a["gf"], a["ga"]) == (4, 3) and (b["gf"], b["ga"]) == (3, 4)  # 1-0, 2-1, 1-2 (SO)


def test_game_2_westridge_standings_have_no_shootout_columns(tmp_path: Path):
    sb = SeasonBuilder({"d1": ["a", "b"]})
    sb.game("w01", "a", "b", [goal(H, 1, "05:00", "a02")])
    db = tmp_path / "w.db"
    code, out, err = run_cli(db, "import", write_json(tmp_path / "w.json", sb.build()))
    assert code == 0, out + err
    row = standings_row(cli_json(db, "standings", "--json"), "d1", "a")
    assert "sow" not in row and "sol" not in row


def test_game_2_a_shootout_under_westridge_is_refused_with_its_rule(tmp_path: Path):
    sb = SeasonBuilder({"d1": ["a", "b"]})
    sb.game("w01", "a", "b", [goal(H, 1, "05:00", "a02"), goal(A, 2, "05:00", "b02"),
                              {"type": "shootout", "team": "home"}])
    code, out, err = run_cli(tmp_path / "w.db", "import", write_json(tmp_path / "w.json", sb.build()))
    assert code == 1 and "GAME-2" in out and "no shootout" in out


def test_game_1_an_unknown_rulebook_is_refused_naming_those_there_are(tmp_path: Path):
    data = season()
    code, out, err = run_cli(tmp_path / "x.db", "import", write_json(tmp_path / "s.json", data))
    assert code == 1 and LEAGUE_BOOK in out + err and "westridge-2015-16" in out + err


def test_game_1_a_broken_rulebook_file_is_refused_whole(tmp_path: Path):
    path = league_rulebook(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("periods = 3 ", "periods = 0 "), encoding="utf-8")
    code, out, err = run_cli(tmp_path / "x.db", "rulebook", "load", path)
    assert code == 1 and "clock.periods" in err and "Traceback" not in err
    assert json.loads(run_cli(tmp_path / "x.db", "rulebook", "list", "--json")[1]) == [
        {"name": "westridge-2015-16", "source": "shipped", "seasons": []}]


def test_game_1_a_loaded_rulebook_keeps_its_text(league_db: Path, tmp_path: Path):
    path = league_rulebook(tmp_path)
    code, out, _ = run_cli(league_db, "rulebook", "load", path)
    assert code == 0 and "unchanged" in out  # the same file again changes nothing
    path.write_text(path.read_text(encoding="utf-8").replace("period_min = 20", "period_min = 15"),
                    encoding="utf-8")
    code, out, err = run_cli(league_db, "rulebook", "load", path)
    assert code == 1 and "already loaded" in err and "id of its own" in err
    g = cli_json(league_db, "game", "s01", "--json")
    assert g["by_period"] == {"home": [0, 0, 1], "away": [0, 0, 0]}  # still three 20-minute periods
