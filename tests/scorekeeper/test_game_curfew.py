"""Issue 28.6: a game's curfew (the time the ice must be cleared, "HH:MM" 24-hour like its `time`) kept by the
store, carried by the season read right after `time` and only when set, by `game()`, the games list and the game
details; set, kept and cleared through the facade's game details (audited) and refused there when it is not HH:MM;
a season file's game with one reads back with it. The store's own tests write it directly, below the season file's
check."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.db import season_read, season_write
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON

GAME = "g001"


@pytest.fixture
def svc(tmp_path) -> Iterator[Services]:
    s = Services.open(str(tmp_path / "league.db"), operator="Dana Desk")
    assert s.import_file(EXAMPLE_SEASON).ok
    yield s
    s.close()


def _stored_games(svc: Services) -> list[dict[str, Any]]:
    return season_read.load_season_dict(svc.season_row())["games"]


def _stored_game(svc: Services) -> dict[str, Any]:
    return next(g for g in _stored_games(svc) if g["id"] == GAME)


def _store_curfew(svc: Services, curfew: str) -> None:
    """The game written with `curfew` as a season file's game would bring it (then the facade reads it anew)."""
    game = {**_stored_game(svc), "curfew": curfew}
    with svc.db.atomic():
        season_write.write_changes(svc.season_row(), {"divisions": [], "players": [], "teams": [], "roster": [],
                                                      "games": [game], "appeals": [], "payments": []})
    svc.forget()


def _officials(svc: Services) -> list[dict[str, str]]:
    return [{"name": n, "role": "referee"} for n in svc.game_details(GAME)["referees"]]


def test_a_game_dict_written_with_a_curfew_reads_back_with_it_after_the_time(svc: Services):
    assert all("curfew" not in g for g in _stored_games(svc))  # none given: no key (the export stays the same)
    _store_curfew(svc, "21:00")
    again = _stored_game(svc)
    assert again["curfew"] == "21:00"
    keys = list(again)
    assert keys[keys.index("time") + 1] == "curfew"
    assert all("curfew" not in g for g in _stored_games(svc) if g["id"] != GAME)


def test_game_the_games_list_the_details_and_the_export_carry_a_curfew(svc: Services):
    assert svc.game_details(GAME)["curfew"] == "" and "curfew" not in svc.game(GAME)
    assert all("curfew" not in r for r in svc.games())
    _store_curfew(svc, "21:30")
    assert svc.game_details(GAME)["curfew"] == "21:30"
    assert svc.game(GAME)["curfew"] == "21:30"
    row = next(r for r in svc.games() if r["id"] == GAME)
    assert row["curfew"] == "21:30" and list(row)[list(row).index("time") + 1] == "curfew"
    assert all("curfew" not in r for r in svc.games() if r["id"] != GAME)
    exported = next(g for g in json.loads(svc.export_text())["games"] if g["id"] == GAME)
    assert exported["curfew"] == "21:30" and list(exported)[list(exported).index("time") + 1] == "curfew"


def test_a_curfew_is_cleared_through_the_game_details_and_audited(svc: Services):
    _store_curfew(svc, "21:30")
    details = svc.game_details(GAME)
    result = svc.set_game_details(GAME, details["number"], _officials(svc), curfew="")
    assert result.ok, result.violations
    assert svc.game_details(GAME)["curfew"] == ""
    assert "curfew" not in svc.game(GAME) and "curfew" not in _stored_game(svc)
    assert "curfew" not in next(r for r in svc.games() if r["id"] == GAME)
    entry = svc.audit(game=GAME)[-1]
    assert entry["action"] == "game details" and entry["before"]["curfew"] == "21:30"
    assert "curfew" not in (entry["after"] or {})


@pytest.mark.parametrize("wrong", ["9pm", "24:00", "21:60", "9:00", "21:00:00"])
def test_a_curfew_not_hh_mm_is_refused_and_nothing_written(svc: Services, wrong: str):
    details = svc.game_details(GAME)
    audited = len(svc.audit(game=GAME))
    result = svc.set_game_details(GAME, details["number"], _officials(svc), curfew=wrong)
    assert not result.ok
    message = result.violations[0].message
    assert "curfew must be a time HH:MM" in message and repr(wrong) in message
    assert svc.game_details(GAME)["curfew"] == "" and len(svc.audit(game=GAME)) == audited


def test_curfew_set_kept_and_cleared_through_the_game_details(svc: Services):
    number, officials = svc.game_details(GAME)["number"], _officials(svc)
    result = svc.set_game_details(GAME, number, officials, curfew=" 21:30 ")
    assert result.ok, result.violations
    assert svc.game_details(GAME)["curfew"] == "21:30" and _stored_game(svc)["curfew"] == "21:30"
    entry = svc.audit(game=GAME)[-1]
    assert entry["action"] == "game details" and entry["after"]["curfew"] == "21:30"
    assert "curfew" not in (entry["before"] or {})
    assert svc.set_game_details(GAME, number, officials).ok  # None: the curfew is left as it is
    assert svc.game_details(GAME)["curfew"] == "21:30"
    assert svc.set_game_details(GAME, number, officials, curfew="").ok
    assert "curfew" not in _stored_game(svc)


def test_a_season_file_game_with_a_curfew_reads_back_with_it(tmp_path: Path):
    data = json.loads(Path(EXAMPLE_SEASON).read_text(encoding="utf-8"))
    data["games"] = [{k2: v2 for k, v in g.items()
                      for k2, v2 in ((k, v), ("curfew", "21:00"))[:2 if g["id"] == GAME and k == "time" else 1]}
                     for g in data["games"]]
    source = tmp_path / "with-curfew.json"
    source.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    s = Services.open(str(tmp_path / "league.db"))
    try:
        assert s.import_file(source).ok
        game = next(g for g in json.loads(s.export_text())["games"] if g["id"] == GAME)
        assert game["curfew"] == "21:00" and list(game)[list(game).index("time") + 1] == "curfew"
        assert s.game(GAME)["curfew"] == "21:00"
        assert all("curfew" not in g for g in json.loads(s.export_text())["games"] if g["id"] != GAME)
    finally:
        s.close()
