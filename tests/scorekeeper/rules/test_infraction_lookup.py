"""Infraction entry finds by name, code or any word, and a near miss is refused with "did you mean" (issue 18,
point 2): the lookup itself, the facade's refusal of an entry (PEN-GEN-1, PEN-SHOT-1) and the command line's."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rulebook import load_rulebook
from scorekeeper.rulebook.model import Infraction
from scorekeeper.rules.infraction_lookup import (
    did_you_mean,
    find_infraction,
    find_infractions,
    near_misses,
    unknown_infraction,
)
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON

BOOK = load_rulebook("westridge-2015-16")
INFRACTIONS: dict[str, Infraction] = BOOK.infractions


@pytest.mark.parametrize(("typed", "code"), [
    ("hooking", "hooking"),  # its code
    ("HOOKING", "hooking"),  # any case
    ("Unnecessary roughness", "roughing"),  # its name
    ("trip", "tripping"),  # the start of its name
    ("cross check", "cross_checking"),  # the words of its code, typed with a space
    ("roughness", "roughing"),  # a word of its name, not of its code
    ("gross", "gross_misconduct"),
])
def test_one_infraction_is_found_by_code_name_or_any_word(typed: str, code: str) -> None:
    assert find_infraction(INFRACTIONS, typed) == code


def test_a_word_in_two_names_finds_both_and_stands_for_neither() -> None:
    found = find_infractions(INFRACTIONS, "abus")
    assert set(found) == {"abuse_of_officials", "unidentified_abuse"}
    assert find_infraction(INFRACTIONS, "abus") is None


def test_matches_come_best_first() -> None:
    found = find_infractions(INFRACTIONS, "fight")
    assert found[0] == "fighting"  # its name starts so; the others only hold the word
    assert {"instigator", "goalie_leaving_crease"} <= set(found)


def test_an_exact_code_or_name_is_the_only_match() -> None:
    assert find_infractions(INFRACTIONS, "misconduct") == ["misconduct"]
    assert find_infractions(INFRACTIONS, "Game misconduct (other)") == ["game_misconduct"]


def test_nothing_typed_finds_nothing() -> None:
    assert find_infractions(INFRACTIONS, "  ") == []
    assert near_misses(INFRACTIONS, "") == []
    assert did_you_mean(INFRACTIONS, "") == ""


@pytest.mark.parametrize(("typed", "first"), [("hookng", "hooking"), ("slahsing", "slashing"),
                                              ("holdng", "holding"), ("interferance", "interference")])
def test_a_near_miss_is_suggested_nearest_first(typed: str, first: str) -> None:
    assert find_infractions(INFRACTIONS, typed) == []
    assert near_misses(INFRACTIONS, typed)[0] == first


def test_did_you_mean_names_the_infraction_and_its_code() -> None:
    assert did_you_mean(INFRACTIONS, "hookng") == "did you mean Hooking (hooking)?"
    both = did_you_mean(INFRACTIONS, "abus")
    assert both.startswith("did you mean ") and " or " in both
    assert "(abuse_of_officials)" in both and "(unidentified_abuse)" in both


def test_nothing_near_is_refused_without_a_guess() -> None:
    assert near_misses(INFRACTIONS, "zzzqqq") == []
    assert unknown_infraction(INFRACTIONS, "zzzqqq") == "unknown infraction code 'zzzqqq'"
    assert unknown_infraction(INFRACTIONS, 7) == "unknown infraction code 7"


# -- the facade's refusal ----------------------------------------------------------------------------------------
@pytest.fixture
def svc(tmp_path: Path) -> Services:
    services = Services.open(str(tmp_path / "league.db"))
    assert services.import_file(str(EXAMPLE_SEASON)).ok
    return services


def _open_game(svc: Services) -> str:
    return next(g["id"] for g in svc.games() if g["status"] != "final")


def test_pen_gen_1_refuses_a_near_miss_with_did_you_mean(svc: Services) -> None:
    event = {"type": "penalty", "team": "home", "period": 1, "elapsed": "03:00", "player": None,
             "infraction": "hookng"}
    result = svc.add_event(_open_game(svc), event, False)
    assert not result.ok
    (block,) = [v for v in result.violations if v.blocks]
    assert block.rule == "PEN-GEN-1"
    assert block.message == "unknown infraction code 'hookng': did you mean Hooking (hooking)?"
    assert block.section  # the rulebook's section is cited


def test_pen_shot_1_refuses_a_near_miss_with_did_you_mean(svc: Services) -> None:
    game = _open_game(svc)
    shooter = svc.view().games["g002"]["lineups"]["away"][1]["player"]  # an Owl; g004 is the Owls' home game
    event = {"type": "penalty_shot", "team": "home", "period": 1, "elapsed": "03:00", "shooter": shooter,
             "scored": False, "infraction": "trippin"}
    violations = svc.validate_event(game, event)
    assert any(v.rule == "PEN-SHOT-1" and "did you mean Tripping" in v.message for v in violations)


def test_the_facade_finds_infractions_for_the_window(svc: Services) -> None:
    assert svc.find_infractions("trip") == {"codes": ["tripping"], "did_you_mean": svc.find_infractions(
        "trip")["did_you_mean"]}
    assert svc.find_infractions("hookng") == {"codes": [], "did_you_mean": "did you mean Hooking (hooking)?"}


def test_the_command_line_refuses_a_season_file_with_did_you_mean(tmp_path: Path) -> None:
    data: dict[str, Any] = copy.deepcopy(json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8")))
    penalty = next(e for g in data["games"] for e in g["events"] if e["type"] == "penalty")
    penalty["infraction"] = "hookng"
    season = tmp_path / "season.json"
    season.write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(tmp_path / "cli.db"), "import",
                          str(season)], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    assert "unknown infraction code 'hookng': did you mean Hooking (hooking)?" in run.stdout + run.stderr
