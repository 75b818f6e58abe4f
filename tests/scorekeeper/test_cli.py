"""The command line through a subprocess, as scripts and the office use it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.data import EXAMPLE_SEASON as EXAMPLE


def cli(*args: str, db: Path | None = None) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "scorekeeper"] + (["--db", str(db)] if db else []) + list(args)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def example_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("cli") / "league.db"
    r = cli("import", str(EXAMPLE), db=db)
    assert r.returncode == 0, r.stderr + r.stdout
    return db


def test_example_season_imports_cleanly(example_db: Path):
    r = cli("import", str(EXAMPLE), db=example_db)
    assert r.returncode == 0 and "nothing new" in r.stdout


def test_pts_1_standings_json_by_hand(example_db: Path):
    data = json.loads(cli("standings", "--json", db=example_db).stdout)
    rows = {r["team"]: r for d in data["divisions"] for r in d["rows"]}
    # g001 otters 3-1 herons; g003 herons 2-1 otters (1 lateness goal + penalty-shot goal)
    assert rows["otters"] | {} == {"rank": 1, "team": "otters", "gp": 2, "w": 1, "l": 1, "t": 0, "otw": 0,
                                   "otl": 0, "pts": 2, "gf": 4, "ga": 3, "diff": 1, "pim": 0,
                                   # issue 30.4, counted by hand: won g001 at home, lost g003 away (the later)
                                   "pts_pct": 0.5, "gf_pct": 0.571, "l10": {"w": 1, "l": 1, "t": 0, "otl": 0},
                                   "streak": "L1", "home": {"w": 1, "l": 0, "t": 0, "otl": 0},
                                   "away": {"w": 0, "l": 1, "t": 0, "otl": 0}}
    assert rows["herons"]["pim"] == 2 and rows["herons"]["rank"] == 2
    # g002 lynx 1-2 owls in overtime
    assert rows["owls"]["otw"] == 1 and rows["owls"]["pts"] == 2 and rows["lynx"]["otl"] == 1
    assert rows["lynx"]["pts"] == 0 and rows["lynx"]["pim"] == 3


def test_score_1_stats_json(example_db: Path):
    data = json.loads(cli("stats", "--json", db=example_db).stdout)
    rows = {r["player"]: r for r in data["players"]}
    assert rows["ot05"] == {"player": "ot05", "team": "otters", "gp": 2, "g": 1, "a": 1, "pts": 2, "pim": 0}
    assert rows["he04"]["g"] == 1 and rows["he04"]["a"] == 0  # penalty-shot goal, no assists (SCORE-3)
    assert rows["he03"]["pim"] == 2 and rows["ly03"]["pim"] == 3
    playoff = json.loads(cli("stats", "--json", "--stage", "playoff", db=example_db).stdout)
    assert all(r["gp"] == 0 for r in playoff["players"])


def test_game_json_strength_and_penalty_end(example_db: Path):
    g = json.loads(cli("game", "g001", "--json", db=example_db).stdout)
    assert g["score"] == {"home": 3, "away": 1} and g["decision"] == "regulation" and g["winner"] == "home"
    assert [x["strength"] for x in g["goals"]] == ["EV", "PP", "EV", "EV"]
    assert g["goals"][3]["empty_net"] is True
    assert g["penalties"][0] | {} == g["penalties"][0] and g["penalties"][0]["ends"] == "09:05"
    assert g["penalties"][0]["ended_by_goal"] is True
    g2 = json.loads(cli("game", "g002", "--json", db=example_db).stdout)
    assert g2["decision"] == "overtime" and g2["winner"] == "away" and g2["points"] == {"home": 0, "away": 2}
    assert g2["penalties"][0]["starts"] == "25:00" and g2["penalties"][0]["ends"] == "26:30"


def test_suspensions_and_fines_exist(example_db: Path):
    assert json.loads(cli("suspensions", "--json", db=example_db).stdout)["suspensions"] == []
    fines = json.loads(cli("fines", "--json", db=example_db).stdout)
    assert {t["team"]: t["paid"] for t in fines["totals"]}["lynx"] == "10.00"


def test_elig_1_eligibility_json(example_db: Path):
    data = json.loads(cli("eligibility", "--json", db=example_db).stdout)
    ot = next(p for p in data["players"] if p["player"] == "ot02")
    assert ot["regular_gp"] == 2 and ot["playoff_eligible"] is False


def test_readable_tables(example_db: Path):
    out = cli("standings", db=example_db).stdout
    assert "Otters" in out and "otters" not in out and "PTS" in out  # names, not ids (issue 18.6)


def test_export_round_trip(example_db: Path, tmp_path: Path):
    first = tmp_path / "first.json"
    assert cli("export", "-o", str(first), db=example_db).returncode == 0
    fresh = tmp_path / "fresh.db"
    r = cli("import", str(first), db=fresh)
    assert r.returncode == 0, r.stderr
    second = tmp_path / "second.json"
    assert cli("export", "-o", str(second), db=fresh).returncode == 0
    assert json.loads(first.read_text()) == json.loads(second.read_text())
    assert "computed" in json.loads(first.read_text())


def test_rejected_file_writes_nothing(tmp_path: Path):
    data = json.loads(EXAMPLE.read_text())
    data["games"][0]["events"].append({"type": "timeout", "team": "away", "period": 2, "elapsed": "18:00"})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    db = tmp_path / "x.db"
    r = cli("import", str(bad), db=db)
    assert r.returncode == 1 and "GAME-3" in r.stdout and "Traceback" not in r.stderr
    assert cli("standings", "--json", db=db).returncode == 1  # still no season


def test_unknown_key_rejected(tmp_path: Path):
    data = json.loads(EXAMPLE.read_text())
    data["teams"][0]["colur"] = "red"
    bad = tmp_path / "typo.json"
    bad.write_text(json.dumps(data))
    r = cli("import", str(bad), db=tmp_path / "y.db")
    assert r.returncode == 1 and "colur" in r.stdout


def test_truncated_file_is_a_clear_error(tmp_path: Path):
    bad = tmp_path / "cut.json"
    bad.write_text(EXAMPLE.read_text()[:500])
    r = cli("import", str(bad), db=tmp_path / "z.db")
    assert r.returncode == 1 and "truncated" in r.stdout + r.stderr and "Traceback" not in r.stderr


def test_conflicting_content_needs_replace(example_db: Path, tmp_path: Path):
    data = json.loads(EXAMPLE.read_text())
    data["teams"][1]["colour"] = "black"
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(data))
    r = cli("import", str(changed), db=example_db)
    assert r.returncode == 1 and "--replace" in r.stdout
    copy = tmp_path / "copy.db"
    copy.write_bytes(example_db.read_bytes())


def test_partial_file_adds_one_game(tmp_path: Path):
    db = tmp_path / "p.db"
    assert cli("import", str(EXAMPLE), db=db).returncode == 0
    week = {"format": "scorekeeper.season/1", "league": "Westridge Sponge Hockey League", "season": "2015-16",
            "games": [{"id": "g005", "date": "2015-10-25", "time": "19:00", "stage": "regular", "home": "otters",
                       "away": "herons",
                       "lineups": {"home": [{"player": "ot01", "goalie": True}, {"player": "ot02"},
                                            {"player": "ot03"}, {"player": "ot04"}],
                                   "away": [{"player": "he01", "goalie": True}, {"player": "he02"},
                                            {"player": "he03"}, {"player": "he04"}]},
                       "events": [{"type": "goal", "team": "home", "period": 1, "elapsed": "01:00",
                                   "scorer": "ot02", "assists": []}]}]}
    f = tmp_path / "week.json"
    f.write_text(json.dumps(week))
    r = cli("import", str(f), db=db)
    assert r.returncode == 0, r.stdout + r.stderr
    rows = {r["team"]: r for d in json.loads(cli("standings", "--json", db=db).stdout)["divisions"]
            for r in d["rows"]}
    assert rows["otters"]["gp"] == 3 and rows["otters"]["pts"] == 4


def test_usage_errors_exit_2(example_db: Path):
    assert cli("stats", "--stage", "preseason", db=example_db).returncode == 2
    assert cli("frobnicate", db=example_db).returncode == 2


def test_bad_database_file_no_traceback(tmp_path: Path):
    bad = tmp_path / "bad.db"
    bad.write_text("not a database")
    r = cli("standings", "--json", db=bad)
    assert r.returncode == 1 and "not a Scorekeeper database" in r.stderr and "Traceback" not in r.stderr
    assert bad.read_text() == "not a database"


def test_unknown_game_is_rejected(example_db: Path):
    r = cli("game", "g999", "--json", db=example_db)
    assert r.returncode == 1 and "g999" in r.stderr


def test_synthetic_240_game_season_imports(tmp_path: Path):
    from tests.scorekeeper.synthetic import synthetic_season

    f = tmp_path / "big.json"
    f.write_text(json.dumps(synthetic_season()))
    db = tmp_path / "big.db"
    r = cli("import", str(f), db=db)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    data = json.loads(cli("standings", "--json", db=db).stdout)
    assert sum(r["gp"] for d in data["divisions"] for r in d["rows"]) == 480


def test_office_rulebook_load_asks_the_office_password(tmp_path: Path):
    """`rulebook load` is an office action: with a password set, it is asked (read from standard input here)."""
    db = tmp_path / "office.db"
    root = Path(__file__).resolve().parents[2]
    book = tmp_path / "other.toml"
    book.write_text((root / "scorekeeper/resources/rulebooks/westridge-2015-16.toml").read_text(encoding="utf-8")
                    .replace('id = "westridge-2015-16"', 'id = "other"'), encoding="utf-8")
    base = [sys.executable, "-m", "scorekeeper", "--db", str(db)]

    def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run([*base, *args], input=stdin, capture_output=True, text=True, timeout=120)

    assert run("password", "set", stdin="s3cret\n").returncode == 0
    wrong = run("rulebook", "load", str(book), stdin="guess\n")
    assert wrong.returncode == 1 and "wrong office password" in wrong.stderr and "OFFICE" in wrong.stderr
    assert json.loads(run("rulebook", "list", "--json").stdout) == [
        {"name": "westridge-2015-16", "source": "shipped", "seasons": []}]
    right = run("rulebook", "load", str(book), stdin="s3cret\n")
    assert right.returncode == 0 and "other" in right.stdout
