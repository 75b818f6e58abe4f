"""Issue 28.6: the season file declares a game's `curfew` (scorekeeper/records.py), right after `time`: a file with
one imports and exports it back in that place (an export imported again exports byte for byte the same file), a
game without one exports no key, and a curfew that is not "HH:MM" is refused naming its path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON


def _with_curfew(tmp_path: Path, curfew: Any, game: int = 1) -> Path:
    data = json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8"))
    data["games"][game]["curfew"] = curfew
    path = tmp_path / "season.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _export_of(db: Path, season_file: Path) -> str:
    svc = Services.open(str(db))
    try:
        result = svc.import_file(season_file)
        assert result.ok, result.violations
        return svc.export_text()
    finally:
        svc.close()


def test_a_curfew_imports_and_exports_back_right_after_the_time(tmp_path: Path):
    first = _export_of(tmp_path / "one.db", _with_curfew(tmp_path, "21:00"))
    games = json.loads(first)["games"]
    assert games[1]["curfew"] == "21:00"
    keys = list(games[1])
    assert keys[keys.index("time") + 1] == "curfew"
    assert all("curfew" not in g for i, g in enumerate(games) if i != 1)  # none given: no key written
    again = tmp_path / "first.json"
    again.write_text(first, encoding="utf-8")
    assert _export_of(tmp_path / "two.db", again) == first  # the same file back, byte for byte


def test_a_null_curfew_is_no_curfew(tmp_path: Path):
    assert "curfew" not in json.loads(_export_of(tmp_path / "one.db", _with_curfew(tmp_path, None)))["games"][1]


@pytest.mark.parametrize("wrong", ["9pm", "24:00", "21:60", "9:00", "21:00:00", "", 2100])
def test_a_bad_curfew_is_refused_naming_its_path(tmp_path: Path, wrong: Any):
    svc = Services.open(str(tmp_path / "league.db"))
    try:
        result = svc.import_file(_with_curfew(tmp_path, wrong, game=3))
        assert not result.ok
        assert [(v.rule, v.where) for v in result.violations] == [("FILE", "games[3].curfew")]
        assert f"curfew must be HH:MM (got {wrong!r})" in result.violations[0].message
    finally:
        svc.close()


def test_the_command_line_round_trip_carries_the_curfew(tmp_path: Path):
    def cli(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(db), *args], capture_output=True,
                              text=True, timeout=120)

    assert cli(tmp_path / "one.db", "import", str(_with_curfew(tmp_path, "22:15"))).returncode == 0
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert cli(tmp_path / "one.db", "export", "-o", str(first)).returncode == 0
    assert json.loads(first.read_text(encoding="utf-8"))["games"][1]["curfew"] == "22:15"
    assert cli(tmp_path / "two.db", "import", str(first)).returncode == 0
    assert cli(tmp_path / "two.db", "export", "-o", str(second)).returncode == 0
    assert second.read_bytes() == first.read_bytes()
