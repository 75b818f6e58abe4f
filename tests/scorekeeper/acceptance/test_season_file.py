"""The season file and the command line as a contract: idempotent import, export round trip, partial files,
conflicting ids and --replace, exit codes (0 success, 1 rejected input, 2 usage error), no tracebacks.
"""

from __future__ import annotations

import copy
import json

import pytest

from tests.data import EXAMPLE_SEASON as EXAMPLE

from .conftest import (
    SeasonBuilder,
    cli_json,
    copy_db,
    export_json,
    goal,
    import_season,
    partial_file,
    run_cli,
    standings_row,
    write_json,
)

H, A = "home", "away"


def base_builder() -> SeasonBuilder:
    sb = SeasonBuilder({"d1": ["a", "b"]})
    sb.game("g01", "a", "b", [goal(H, 1, "05:00", "a02", "a03"), goal(A, 2, "03:00", "b02")])   # 1-1
    return sb


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    season = import_season(tmp_path_factory.mktemp("example"), json.loads(EXAMPLE.read_text(encoding="utf-8")))
    season.require_ok()
    season.export = export_json(season.db, season.dir / "export.json")
    return season


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    season = import_season(tmp_path_factory.mktemp("file-base"), base_builder().build())
    season.require_ok()
    season.export = export_json(season.db, season.dir / "export.json")
    return season


def test_format_small_example_imports(example):
    """Contract: `examples/small-season.json` is a complete small file; importing it succeeds."""
    assert example.code == 0
    assert "Traceback" not in example.err


def test_format_import_same_file_twice_changes_nothing(example, tmp_path):
    """Contract: "Importing the same file twice changes nothing." """
    db = copy_db(example.db, tmp_path / "db")
    code, out, err = run_cli(db, "import", example.file)
    assert code == 0, (code, out, err)
    assert export_json(db, tmp_path / "again.json") == example.export


def test_format_export_holds_season_and_computed(example):
    """Contract: `export` "writes the season file, plus a `computed` key with every JSON output"; ids are
    printed back unchanged."""
    exp = example.export
    assert exp["format"] == "scorekeeper.season/1"
    assert (exp["league"], exp["season"]) == ("Westridge Sponge Hockey League", "2015-16")
    assert "computed" in exp
    assert sorted(g["id"] for g in exp["games"]) == ["g001", "g002", "g003", "g004"]
    assert sorted(t["id"] for t in exp["teams"]) == ["herons", "lynx", "otters", "owls"]
    assert len(exp["players"]) == 28
    assert [(p["payer"], p["amount"]) for p in exp["payments"]] == [({"team": "lynx"}, "10.00")]


def test_format_export_round_trip(example, tmp_path):
    """Contract (export, import): export -> import into an empty database -> export gives the same JSON."""
    first = example.dir / "export.json"
    db = tmp_path / "round.db"
    code, out, err = run_cli(db, "import", first)
    assert code == 0, (code, out, err)
    assert export_json(db, tmp_path / "second.json") == example.export


def test_format_export_round_trip_of_penalty_season(penalty_season, tmp_path):
    """Round trip of a season with every kind of penalty, payments, goalie events and penalty shots."""
    penalty_season.require_ok()
    first = export_json(penalty_season.db, tmp_path / "first.json")
    db = tmp_path / "round.db"
    code, out, err = run_cli(db, "import", tmp_path / "first.json")
    assert code == 0, (code, out, err)
    assert export_json(db, tmp_path / "second.json") == first


def test_format_partial_file_adds_a_game(base, tmp_path):
    """Contract: "A file may hold only part of a season (for example a week's games): what it refers to may
    already be in the database, and its `league` and `season` name which season." g01 1-1 (a 1 pt, b 1 pt),
    then a partial file with g02 a 2-0 b -> a: gp 2, w 1, t 1, pts 3, gf 3, ga 1."""
    db = copy_db(base.db, tmp_path / "db")
    g02 = SeasonBuilder({"d1": ["a", "b"]}, start="2015-10-08").game(
        "g02", "a", "b", [goal(H, 1, "04:00", "a04"), goal(H, 2, "04:00", "a05", "a06")])
    code, out, err = run_cli(db, "import", write_json(tmp_path / "week2.json", partial_file([g02])))
    assert code == 0, (code, out, err)
    st = cli_json(db, "standings", "--json")
    a = standings_row(st, "d1", "a")
    assert {k: a[k] for k in ("gp", "w", "l", "t", "pts", "gf", "ga")} == dict(gp=2, w=1, l=0, t=1, pts=3, gf=3,
                                                                              ga=1)
    assert cli_json(db, "game", "g02", "--json")["score"] == {"home": 2, "away": 0}


def test_format_changed_object_without_replace_rejected(base, tmp_path):
    """Contract: "an object whose id exists with different content is an error unless `--replace` is given."
    g01 with an extra a goal -> exit 1, database unchanged."""
    db = copy_db(base.db, tmp_path / "db")
    data = copy.deepcopy(base.data)
    data["games"][0]["events"].append(goal(H, 2, "10:00", "a07"))
    code, out, err = run_cli(db, "import", write_json(tmp_path / "changed.json", data))
    assert code == 1, (code, out, err)
    assert "Traceback" not in out + err
    assert export_json(db, tmp_path / "after.json") == base.export


def test_format_changed_object_with_replace_accepted(base, tmp_path):
    """Contract: with `--replace` the changed game replaces the stored one: g01 becomes a 2-1 b."""
    db = copy_db(base.db, tmp_path / "db")
    data = copy.deepcopy(base.data)
    data["games"][0]["events"].append(goal(H, 2, "10:00", "a07"))
    code, out, err = run_cli(db, "import", "--replace", write_json(tmp_path / "changed.json", data))
    assert code == 0, (code, out, err)
    g = cli_json(db, "game", "g01", "--json")
    assert g["score"] == {"home": 2, "away": 1}
    assert g["points"] == {"home": 2, "away": 0}


@pytest.mark.parametrize("args", [
    ("frobnicate",),
    ("stats", "--json", "--stage", "preseason"),
    ("game",),
    ("import",),
    ("standings", "--json", "--no-such-option"),
], ids=["unknown-command", "bad-stage", "game-without-id", "import-without-file", "unknown-option"])
def test_format_usage_error_exits_2(base, tmp_path, args):
    """Contract: "Every command exits 0 on success, 1 on rejected input, 2 on a usage error, and never prints a
    traceback for bad input." """
    db = copy_db(base.db, tmp_path / "db")
    code, out, err = run_cli(db, *args)
    assert code == 2, (code, out, err)
    assert "Traceback" not in out + err


def test_format_file_that_is_not_json_rejected(tmp_path):
    """Contract: bad input exits 1 without a traceback: a season file that is not JSON."""
    bad = tmp_path / "notes.json"
    bad.write_text("format: scorekeeper.season/1\nthis is not JSON {", encoding="utf-8")
    code, out, err = run_cli(tmp_path / "x.db", "import", bad)
    assert code == 1, (code, out, err)
    assert "Traceback" not in out + err


def test_format_wrong_format_tag_rejected(tmp_path):
    """Contract: `"format": "scorekeeper.season/1"` names the format; another format is rejected input."""
    data = base_builder().build()
    data["format"] = "someothertool.export/7"
    code, out, err = run_cli(tmp_path / "x.db", "import", write_json(tmp_path / "other.json", data))
    assert code == 1, (code, out, err)
    assert "Traceback" not in out + err


def test_format_bad_database_file_no_traceback(tmp_path):
    """Contract: the command "never prints a traceback for bad input or a bad database file"."""
    db = tmp_path / "garbage.db"
    db.write_bytes(b"this is not a database\x00\x01\x02" * 100)
    code, out, err = run_cli(db, "standings", "--json")
    assert code != 0, (code, out, err)
    assert "Traceback" not in out + err


def test_format_unknown_game_id_no_traceback(base):
    """Asking for a game that does not exist is bad input: non-zero exit, no traceback."""
    code, out, err = run_cli(base.db, "game", "no-such-game", "--json")
    assert code != 0, (code, out, err)
    assert "Traceback" not in out + err
