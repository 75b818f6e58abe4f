"""What an entry sets off is told at once (issue 18, point 1): each `EntryResult` carries `caused` (the game's
consequences after the entry less those before), and `GameScreen.consequences` lists everything the game has set
off — ejections, suspensions, fines, the report — from the game's state as the rules read it, also after a
reopen. The Westridge rulebook's numbers: a third penalty ejects (4 I c), a fight ejects and carries 5 games and
a fine of 50.00, two short-handed penalties leave a side two men down (4 I c)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.screens import EJECTION, FINE, REPORT, SUSPENSION, TWO_DOWN, Consequence
from scorekeeper.services import Services

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scorekeeper" / "resources" / "demo" / "demo-season.json"
SEASON = "2015-16"
GAME = "g016"


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("consequences") / "demo.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(DEMO)).ok
    svc.close()
    return path


@pytest.fixture
def svc(demo_db: Path, tmp_path: Path) -> Iterator[Services]:
    copy = tmp_path / "demo.db"
    shutil.copy(demo_db, copy)
    s = Services.open(str(copy))
    s.operator = "Test Operator"
    for side, prefix in (("home", "ly"), ("away", "ow")):
        players = [f"{prefix}{n:02d}" for n in range(1, 11)]
        lineup = [{"player": players[0], "goalie": True}, *({"player": p} for p in players[1:])]
        assert s.set_lineup(GAME, side, lineup, season=SEASON).ok
    yield s
    s.close()


def penalty(svc: Services, side: str, player: str, code: str, period: int, elapsed: str) -> tuple[Consequence, ...]:
    event: dict[str, Any] = {"type": "penalty", "team": side, "player": player, "infraction": code,
                             "period": period, "elapsed": elapsed}
    result = svc.add_event(GAME, event, confirm=True, season=SEASON)
    assert result.ok, [v.message for v in result.violations]
    return result.caused


def kinds(found: tuple[Consequence, ...]) -> list[str]:
    return [c.kind for c in found]


def test_pen_gen_3_the_third_penalty_tells_of_the_ejection_with_its_section(svc: Services) -> None:
    assert penalty(svc, "home", "ly05", "tripping", 1, "02:00") == ()
    assert penalty(svc, "home", "ly05", "hooking", 1, "15:00") == ()
    caused = penalty(svc, "home", "ly05", "slashing", 2, "01:00")
    assert kinds(caused) == [EJECTION]
    ejection = caused[0]
    assert ejection.side == "home" and ejection.player == "ly05"
    assert ejection.who.startswith("#") and "Lefebvre" in ejection.who  # number and name, not the id
    assert ejection.what == "third penalty of the game"
    assert "§4 I c" in ejection.section
    assert "no further part" in ejection.follows
    assert (ejection.period, ejection.elapsed) == (2, "01:00")


def test_pen_fight_1_a_fight_tells_of_ejection_suspension_fine_and_report(svc: Services) -> None:
    caused = penalty(svc, "away", "ow04", "fighting", 1, "05:00")
    assert kinds(caused) == [EJECTION, SUSPENSION, FINE, REPORT]
    by_kind = {c.kind: c for c in caused}
    assert by_kind[EJECTION].what == "Fighting"
    assert by_kind[SUSPENSION].follows.startswith("suspended for the next 5 games")
    assert "50.00" in by_kind[FINE].follows and "player" in by_kind[FINE].follows
    assert "report" in by_kind[REPORT].follows
    assert all(c.section for c in caused)
    # a second entry that sets off nothing new tells nothing
    assert penalty(svc, "home", "ly03", "tripping", 1, "06:00") == ()


def test_ice_4_a_second_short_handed_penalty_puts_the_side_two_men_down(svc: Services) -> None:
    assert penalty(svc, "home", "ly05", "tripping", 1, "10:00") == ()
    caused = penalty(svc, "home", "ly06", "hooking", 1, "10:30")
    assert kinds(caused) == [TWO_DOWN]
    down = caused[0]
    assert down.side == "home" and down.who == "Lynx" and "3 skaters" in down.what
    assert down.section == "§4 I c" and "12:00" in down.follows
    # a third penalty waits: the side was two men down already, so nothing new is told of it
    assert TWO_DOWN not in kinds(penalty(svc, "home", "ly07", "holding", 1, "11:00"))


def test_the_screen_lists_what_the_game_caused_also_after_finish_and_reopen(svc: Services) -> None:
    penalty(svc, "away", "ow04", "fighting", 1, "05:00")
    penalty(svc, "home", "ly08", "fighting", 1, "05:00")
    live = svc.game_screen(GAME, 1, "06:00", season=SEASON).consequences
    assert kinds(live).count(EJECTION) == 2 and kinds(live).count(SUSPENSION) == 2
    assert svc.finish_game(GAME, confirm=True, season=SEASON).ok
    final = svc.game_screen(GAME, 1, "06:00", season=SEASON)
    assert final.final and final.consequences == live  # the live reading is what finishing makes count
    fights = [row for row in svc.suspensions(SEASON)["suspensions"] if row["game"] == GAME]
    assert len(fights) == 2  # the season's own suspensions agree
    assert svc.reopen_game(GAME, "a goal was missed", season=SEASON).ok
    reopened = svc.game_screen(GAME, 1, "06:00", season=SEASON)
    assert not reopened.final and reopened.consequences == live
    assert [c.who for c in reopened.ejected("away")] == [live[0].who]


def test_a_deleted_penalty_takes_its_consequences_off_the_screen(svc: Services) -> None:
    penalty(svc, "away", "ow04", "fighting", 1, "05:00")
    assert svc.game_screen(GAME, 1, "06:00", season=SEASON).consequences
    assert svc.delete_event(GAME, 0, confirm=True, season=SEASON).ok
    assert svc.game_screen(GAME, 1, "06:00", season=SEASON).consequences == ()


def test_the_screen_gives_each_goal_its_strength_and_each_penalty_its_minutes(svc: Services) -> None:
    penalty(svc, "away", "ow04", "tripping", 1, "05:00")
    goal = {"type": "goal", "team": "home", "period": 1, "elapsed": "05:30", "scorer": "ly05",
            "assists": ["ly06", "ly07"]}
    assert svc.add_event(GAME, goal, confirm=True, season=SEASON).ok
    even = {**goal, "elapsed": "09:00", "assists": []}
    assert svc.add_event(GAME, even, confirm=True, season=SEASON).ok
    figures = svc.game_screen(GAME, 1, "10:00", season=SEASON).figures
    assert figures[0].minutes == 2 and figures[1].strength == "PP" and figures[2].strength == "EV"
