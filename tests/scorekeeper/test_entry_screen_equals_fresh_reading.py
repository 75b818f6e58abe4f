"""The game's screen an entry at the boards hands back (`add_event(..., screen_at=...)`) is the one a fresh reading of
the database gives (issue 29): what it keeps from entry to entry (the goals' figures read only for new goal
records, the open computation read at the last entry's time without a fork) changes nothing it shows. Random
streams of goals and penalties, keyed in and out of game order, the clock at each entry's time or later."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.facade.screens import event_figures
from scorekeeper.services import Services

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scorekeeper" / "resources" / "demo" / "demo-season.json"
SEASON = "2015-16"
GAME = "g016"  # lynx v owls, scheduled
SHOWN = ("score", "live", "live_error", "row", "consequences", "figures", "events", "lineups", "names", "status")


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("screen") / "demo.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(DEMO)).ok
    for side, prefix in (("home", "ly"), ("away", "ow")):
        players = [f"{prefix}{n:02d}" for n in range(1, 11)]
        lineup = [{"player": players[0], "goalie": True}, *({"player": p} for p in players[1:])]
        assert svc.set_lineup(GAME, side, lineup, season=SEASON, confirm=True).ok
    svc.close()
    return path


def clock(seconds: int) -> tuple[int, str]:
    period, rest = divmod(seconds, 1200)
    return period + 1, f"{rest // 60:02d}:{rest % 60:02d}"


ENTRY = st.tuples(st.booleans(), st.sampled_from(["home", "away"]), st.integers(2, 10), st.integers(0, 2399),
                  st.sampled_from([0, 0, 0, 30, 200]), st.sampled_from(["tripping", "hooking", "roughing"]))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(entries=st.lists(ENTRY, min_size=2, max_size=10))
def test_the_screen_an_entry_hands_back_equals_a_fresh_reading_of_the_game(
        demo_db: Path, tmp_path_factory: pytest.TempPathFactory,
        entries: list[tuple[bool, str, int, int, int, str]]) -> None:
    path = tmp_path_factory.mktemp("copy") / "demo.db"
    shutil.copy(demo_db, path)
    svc = Services.open(str(path))
    reader = Services.open(str(path))
    try:
        for goal, side, number, at, later, code in entries:
            player = f"{'ly' if side == 'home' else 'ow'}{number:02d}"
            period, elapsed = clock(at)
            event: dict[str, Any] = (
                {"type": "goal", "team": side, "period": period, "elapsed": elapsed, "scorer": player, "assists": []}
                if goal else {"type": "penalty", "team": side, "period": period, "elapsed": elapsed,
                              "player": player, "infraction": code})
            shown_at = clock(min(at + later, 2399))
            result = svc.add_event(GAME, event, confirm=True, season=SEASON, screen_at=shown_at)
            if not result.ok:
                continue  # refused (a goal after the mercy rule ended the game, say): nothing written
            reader.forget()
            fresh = reader.game_screen(GAME, *shown_at, season=SEASON)
            screen = result.screen
            assert screen is not None
            for name in SHOWN:
                assert getattr(screen, name) == getattr(fresh, name), name
            assert screen.figures == event_figures(reader.view(SEASON).state(GAME))
    finally:
        reader.close()
        svc.close()
