"""A-28 / SUSP-1 / ELIG-2 through the command line: a suspension follows the person into the league's next
season. 2014-15: b02 fights in the last game (PEN-FIGHT-1: 5 games). 2015-16 in the same database: b02 may
not dress before b has completed five games there."""

from __future__ import annotations

from pathlib import Path

from .conftest import DRESSED, SeasonBuilder, cli_json, goal, penalty, run_cli, write_json

H, A = "home", "away"
WITHOUT_B02 = tuple(s for s in DRESSED if s != "02") + ("08",)


def seasons(b02_from: int) -> tuple[dict, dict]:
    old = SeasonBuilder({"d1": ["a", "b"]}, start="2015-02-01")
    old.game("x01", "a", "b", [goal(H, 1, "05:00", "a02")])
    old.game("x02", "a", "b", [penalty(A, 2, "10:00", "b02", "fighting")])
    first = old.build()
    first["season"] = "2014-15"
    new = SeasonBuilder({"d1": ["a", "b"]}, start="2015-10-01")
    for n in range(1, 7):
        new.game(f"y{n:02d}", "b", "a", [goal(H, 1, "05:00", "b03")],
                 lineups={"home": new.lineup("b", DRESSED if n >= b02_from else WITHOUT_B02), "away": new.lineup("a")})
    return first, new.build()


def test_a_28_elig_2_suspension_carried_into_the_next_season_blocks_the_import(tmp_path: Path):
    first, second = seasons(b02_from=5)
    db = tmp_path / "league.db"
    assert run_cli(db, "import", write_json(tmp_path / "old.json", first))[0] == 0
    code, out, err = run_cli(db, "import", write_json(tmp_path / "new.json", second))
    assert code == 1, out + err
    blocks = [line for line in out.splitlines() if line.startswith("BLOCK")]
    assert len(blocks) == 1 and "ELIG-2" in blocks[0] and "y05" in blocks[0]
    assert "game 5 of 5" in blocks[0] and "season 2014-15" in blocks[0] and "A-28" in blocks[0]


def test_a_28_susp_1_served_after_five_games_of_the_new_season(tmp_path: Path):
    first, second = seasons(b02_from=6)
    db = tmp_path / "league.db"
    assert run_cli(db, "import", write_json(tmp_path / "old.json", first))[0] == 0
    code, out, err = run_cli(db, "import", write_json(tmp_path / "new.json", second))
    assert code == 0, out + err
    old = cli_json(db, "--season", "2014-15", "suspensions", "--json")["suspensions"]
    assert [(s["player"], s["games"], s["served"], s["status"]) for s in old] == [("b02", 5, 0, "active")]
    assert cli_json(db, "suspensions", "--json")["suspensions"] == []  # none issued in 2015-16
