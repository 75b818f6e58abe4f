"""Issue 18.6: names, not ids. Every refusal and warning an entry gets on the example season names its teams and
players as people read them ("Owls", "OW2 Player"), never by the season file's ids ("owls", "ow02"); a game with
entries but not final reads "In progress"; the command line's readable tables print names (the JSON keeps ids)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.changes import Violation
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON

SEASON_FILE = json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8"))
TEAM_IDS = {t["id"] for t in SEASON_FILE["teams"]}
PLAYER_IDS = {p["id"] for p in SEASON_FILE["players"]}
IDS = re.compile(r"\b(" + "|".join(sorted(TEAM_IDS | PLAYER_IDS, key=len, reverse=True)) + r")\b")
"""An id as a whole word, case counted: 'owls' is an id, 'Owls' the team's name."""


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[Services]:
    services = Services.open(str(tmp_path / "league.db"))
    services.operator = "Test Operator"
    assert services.import_file(str(EXAMPLE_SEASON)).ok
    yield services
    services.close()


def lineup(prefix: str, *extra: str) -> list[dict[str, Any]]:
    return [{"player": f"{prefix}0{n}", "goalie": n == 1} for n in range(1, 8)] + [{"player": p} for p in extra]


def ids_in(violations: list[Violation]) -> list[str]:
    """Each message or place that shows an id, with the id."""
    return [f"{found.group(0)!r} in {text!r}" for v in violations for text in (v.message, v.where or "")
            for found in [IDS.search(text)] if found]


def test_refusals_and_warnings_name_teams_and_players(svc: Services) -> None:
    said: list[Violation] = []
    stranger = svc.set_lineup("g004", "home", lineup("ow", "ly02"))  # DATA-2: a Lynx player dressed for Owls
    assert not stranger.ok and any(v.rule == "DATA-2" for v in stranger.blocks)
    assert any("Owls's active roster" in v.message for v in stranger.blocks), [v.message for v in stranger.blocks]
    said += stranger.violations
    assert svc.set_lineup("g004", "home", lineup("ow")).ok
    assert svc.set_lineup("g004", "away", lineup("ly")).ok
    first = svc.add_event("g004", {"type": "timeout", "team": "home", "period": 1, "elapsed": "03:00"})
    assert first.ok
    said += first.violations
    second = svc.add_event("g004", {"type": "timeout", "team": "home", "period": 1, "elapsed": "05:00"})
    assert not second.ok
    assert any("Owls has used its 1 timeout for this game" in v.message for v in second.blocks), \
        [v.message for v in second.blocks]
    said += second.violations
    for event in ({"type": "goal", "team": "home", "period": 1, "elapsed": "06:00", "scorer": "ly03"},
                  {"type": "penalty", "team": "home", "period": 1, "elapsed": "07:00", "player": "ly04",
                   "infraction": "tripping"},
                  {"type": "penalty", "team": "away", "period": 1, "elapsed": "08:00", "player": "ot02",
                   "infraction": "tripping"},
                  {"type": "goal", "team": "away", "period": 1, "elapsed": "09:00", "scorer": "ly02",
                   "assists": ["ot03"]}):
        refused = svc.add_event("g004", event)
        assert not refused.ok, event
        said += refused.violations
    assert {v.rule for v in said} >= {"DATA-2", "DATA-4"}, [v.line() for v in said]
    assert ids_in(said) == []


def test_a_game_with_entries_not_final_is_in_progress(svc: Services) -> None:
    rows = {row["id"]: row for row in svc.games()}
    assert (rows["g001"]["status_text"], rows["g004"]["status_text"]) == ("Final", "Scheduled")
    assert rows["g004"]["status"] == "scheduled"  # the contract's status stays
    assert svc.set_lineup("g004", "home", lineup("ow")).ok and svc.set_lineup("g004", "away", lineup("ly")).ok
    assert svc.add_event("g004", {"type": "goal", "team": "home", "period": 1, "elapsed": "02:00",
                                  "scorer": "ow02"}).ok
    row = next(row for row in svc.games() if row["id"] == "g004")
    assert (row["status"], row["status_text"]) == ("scheduled", "In progress")


def command(db: Path, *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(db), *args], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_readable_tables_print_names_and_the_json_keeps_ids(svc: Services, tmp_path: Path) -> None:
    db = tmp_path / "league.db"
    svc.close()
    tables = {name: command(db, name) for name in ("standings", "stats", "eligibility", "fines", "suspensions")}
    tables["game"] = command(db, "game", "g001")
    for name, text in tables.items():
        assert IDS.search(text) is None, f"{name} shows an id: {IDS.search(text)}\n{text}"
    assert tables["standings"].splitlines()[0] == "2015-16 — Co-ed Division 1"
    assert re.search(r"^1 +Otters ", tables["standings"], re.MULTILINE)
    assert "Game g001 (regular, final): Otters" in tables["game"]
    assert re.search(r"Herons +HE3 Herons +HE3 Herons +Tripping +minor", tables["game"]), tables["game"]
    standings = json.loads(command(db, "standings", "--json"))
    assert {row["team"] for div in standings["divisions"] for row in div["rows"]} == TEAM_IDS
