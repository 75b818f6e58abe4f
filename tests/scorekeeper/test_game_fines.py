"""One game's fines for its game sheet (`Services.game_fines`): the rows `fines` lists for that game, in its
order, copied (changing them changes nothing kept), on the whole season's facade and on one game's papers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.services import Services

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scorekeeper" / "resources" / "demo" / "demo-season.json"


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[Services]:
    svc = Services.open(str(tmp_path / "league.db"))
    svc.operator = "Pat"
    assert svc.import_file(str(DEMO)).ok
    yield svc
    svc.close()


def test_game_fines_are_the_season_fines_of_that_game(svc: Services) -> None:
    every = svc.fines()["fines"]
    games = {f["game"] for f in every}
    assert games, "the demo season has fines"
    for game_id in sorted(games) + ["no-such-game"]:
        assert svc.game_fines(game_id) == [f for f in every if f["game"] == game_id]


def test_game_fines_are_a_copy(svc: Services) -> None:
    game_id = svc.fines()["fines"][0]["game"]
    rows = svc.game_fines(game_id)
    before = svc.game_fines(game_id)
    rows[0]["amount"] = "999.99"  # type: ignore[index]
    rows.clear()
    assert svc.game_fines(game_id) == before
