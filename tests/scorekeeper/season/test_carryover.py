"""A-28 / SUSP-1 / ELIG-2: a suspension applies to the person and carries over into the league's next season.

2014-15: teams a and b play four games; b02 fights in the last (PEN-FIGHT-1: 5 games). 2015-16: the same league,
b02 (same id, same name) is suspended for b's first five completed games there, then may dress.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.db import store
from scorekeeper.rules import discipline
from scorekeeper.services import Services
from tests.scorekeeper.acceptance.conftest import DRESSED, SeasonBuilder, goal, penalty

H, A = "home", "away"
WITHOUT_B02 = tuple(s for s in DRESSED if s != "02") + ("08",)


def old_season(last_game: list[dict[str, Any]] | None = None, extra_games: int = 0) -> dict[str, Any]:
    sb = SeasonBuilder({"d1": ["a", "b", "c"]}, start="2015-01-05")
    for n in range(3):
        sb.game(f"x{n + 1:02d}", "a", "b", [goal(H, 1, "05:00", "a02")])
    sb.game("x04", "a", "b", last_game if last_game is not None else [penalty(A, 2, "10:00", "b02", "fighting")])
    for n in range(extra_games):  # b's games after the offence, in the same season
        sb.game(f"x{n + 5:02d}", "a", "b", [goal(H, 1, "05:00", "a02")],
                lineups={"home": sb.lineup("a"), "away": sb.lineup("b", WITHOUT_B02)})
    data = sb.build()
    data["season"] = "2014-15"
    return data


def new_season(b02_from: int, games: int = 6, team: str = "b", opponents: tuple[str, ...] = ("a", "c")
               ) -> dict[str, Any]:
    """`team` plays `games` games (against a, then c); b02 dresses from game number `b02_from` on (1-based)."""
    sb = SeasonBuilder({"d1": ["a", "b", "c"]}, start="2015-10-01")
    for n in range(1, games + 1):
        opponent = opponents[(n - 1) % len(opponents)]
        dressed = DRESSED if n >= b02_from else WITHOUT_B02
        sb.game(f"y{n:02d}", team, opponent, [goal(H, 1, "05:00", f"{team}03")],
                lineups={"home": sb.lineup(team, dressed), "away": sb.lineup(opponent)})
    return sb.build()


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[Services]:
    s = Services.open(str(tmp_path / "league.db"))
    yield s
    s.close()


def imported(svc: Services, data: dict[str, Any]) -> list[str]:
    report = svc.import_data(data)
    return [v.line() for v in report.violations if v.blocks]


def test_a_28_susp_1_a_suspension_carries_into_the_next_season(svc: Services):
    assert imported(svc, old_season()) == []
    assert svc.suspensions("2014-15")["suspensions"][0]["served"] == 0
    blocks = imported(svc, new_season(b02_from=1))
    assert blocks and all("ELIG-2" in line for line in blocks)
    assert "game 1 of 5" in blocks[0] and "season 2014-15" in blocks[0] and "A-28" in blocks[0]
    assert "2015-16" not in [s["name"] for s in svc.seasons()]  # refused whole


def test_a_28_susp_1_served_by_the_teams_first_five_games_of_the_new_season(svc: Services):
    assert imported(svc, old_season()) == []
    assert len(imported(svc, new_season(b02_from=5))) == 1  # the fifth game is still the fifth of five
    assert imported(svc, new_season(b02_from=6)) == []
    candidates = {c["player"]: c for c in svc.lineup_candidates("y06", "home", season="2015-16")}
    assert candidates["b02"]["status"] == "ok" and candidates["b02"]["rule"] is None


def test_a_28_games_served_at_the_end_of_the_old_season_count(svc: Services):
    assert imported(svc, old_season(extra_games=2)) == []  # two of five served in 2014-15
    blocks = imported(svc, new_season(b02_from=3))
    assert len(blocks) == 1 and "game 5 of 5" in blocks[0]
    assert imported(svc, new_season(b02_from=4)) == []


def test_a_28_window_refuses_the_carried_suspension_when_dressing(svc: Services):
    assert imported(svc, old_season()) == []
    data = new_season(b02_from=99)
    data["games"][0]["status"] = "scheduled"
    assert imported(svc, data) == []
    candidates = {c["player"]: c for c in svc.lineup_candidates("y01", "home", season="2015-16")}
    b02 = candidates["b02"]
    assert b02["status"] == "suspended" and b02["rule"] == "ELIG-2"
    assert "game 1 of 5" in b02["message"] and "season 2014-15" in b02["message"] and "A-28" in b02["message"]


def test_a_28_the_same_id_with_another_name_is_another_person(svc: Services):
    assert imported(svc, old_season()) == []
    data = new_season(b02_from=1)
    for p in data["players"]:
        if p["id"] == "b02":
            p["first"] = "Somebody"
    assert imported(svc, data) == []


def test_a_28_a_season_suspension_ends_with_its_season(svc: Services):
    assert imported(svc, old_season([penalty(A, 2, "10:00", "b02", "instigator")])) == []
    assert svc.suspensions("2014-15")["suspensions"][0]["kind"] == "season"
    assert imported(svc, new_season(b02_from=1)) == []


def test_a_28_an_indefinite_suspension_carries_until_lifted_across_seasons(svc: Services):
    assert imported(svc, old_season([penalty(A, 2, "10:00", "b02", "match_penalty")])) == []
    assert svc.suspensions("2014-15")["suspensions"][0]["kind"] == "indefinite"
    middle = new_season(b02_from=99, games=2)  # b02 sits out a whole season...
    middle["season"] = "2015-16"
    assert imported(svc, middle) == []
    later = new_season(b02_from=1, games=2)
    later["season"] = "2016-17"
    for g in later["games"]:
        g["date"] = g["date"].replace("2015", "2016")
    blocks = imported(svc, later)  # ... and is still suspended the season after
    assert blocks and "season 2014-15" in blocks[0]
    lifted = svc.lift_suspension("b02", "x04", "2015-06-01", "served its review", season="2014-15")
    assert lifted.ok, lifted
    assert imported(svc, later) == []


def test_a_28_an_appeal_upheld_ends_it_in_its_season(svc: Services):
    data = old_season()
    data["appeals"] = [{"player": "b02", "game": "x04", "filed": "2015-02-01", "form": "F-12", "fee_paid": True,
                        "decision": "upheld", "decided": "2015-02-10"}]
    assert imported(svc, data) == []
    assert imported(svc, new_season(b02_from=1)) == []


def test_a_28_served_by_the_persons_new_team(svc: Services):
    assert imported(svc, old_season()) == []
    data = new_season(b02_from=99, games=6, team="c", opponents=("a",))
    data["roster"] = [r for r in data["roster"] if r["player"] != "b02"]
    data["roster"].append({"team": "c", "player": "b02", "number": 22, "position": "skater"})
    c_with_b02 = [{"player": "c01", "goalie": True}] + [{"player": f"c{s}"} for s in DRESSED[:5]] + [
        {"player": "b02"}]
    without = data["games"][0]["lineups"]["home"]
    data["games"][0]["lineups"]["home"] = c_with_b02
    blocks = imported(svc, data)
    assert len(blocks) == 1 and "ELIG-2" in blocks[0] and "#22" in blocks[0] and "game 1 of 5" in blocks[0]
    data["games"][0]["lineups"]["home"] = without  # b02 sits out game 1...
    data["games"][5]["lineups"]["home"] = c_with_b02  # ... and dresses in c's sixth
    assert imported(svc, data) == []


def test_a_28_the_rulebook_may_say_suspensions_do_not_carry(svc: Services, tmp_path: Path):
    from scorekeeper.resources import resource_path

    text = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")
    book = tmp_path / "no-carry.toml"
    book.write_text(text.replace('id = "westridge-2015-16"', 'id = "no-carry"')
                    .replace("carry_next_season = true", "carry_next_season = false"), encoding="utf-8")
    svc.load_rulebook_file(book)
    assert imported(svc, old_season()) == []
    data = new_season(b02_from=1)
    data["rulebook"] = "no-carry"
    assert imported(svc, data) == []


def test_a_28_what_a_season_carries_is_read_once_and_kept_while_only_the_new_season_changes(svc: Services):
    assert imported(svc, old_season()) == []
    data = new_season(b02_from=99, games=2)
    data["games"][1]["status"] = "scheduled"
    assert imported(svc, data) == []
    old_id = next(s.id for s in store.list_seasons() if s.name == "2014-15")
    svc.lineup_candidates("y02", "home", season="2015-16")
    assert old_id in svc._season_ends
    assert svc.add_event("y02", goal(H, 1, "06:00", "b03"), confirm=True, season="2015-16").ok
    assert svc.reopen_game("y01", "a wrong score", season="2015-16").ok  # a write to the new season...
    svc.lineup_candidates("y02", "home", season="2015-16")
    assert old_id in svc._season_ends  # ... keeps what the old one carries
    assert svc.lift_suspension("b02", "x04", "2015-06-01", "reviewed", season="2014-15").ok
    assert old_id not in svc._season_ends  # a write to the old season forgets it


def test_a_28_the_new_season_lists_what_was_carried_into_it(svc: Services):
    assert imported(svc, old_season(extra_games=2)) == []
    assert imported(svc, new_season(b02_from=99, games=2)) == []
    assert svc.carried_suspensions("2015-16") == [
        {"player": "b02", "team": "b", "game": "x04", "season": "2014-15", "rule": "PEN-FIGHT-1", "kind": "games",
         "games": 5, "served": 4, "status": "active", "appeal": None, "review": True}]
    assert imported(svc, new_season(b02_from=99, games=4)) == []
    assert svc.carried_suspensions("2015-16")[0]["served"] == 5
    assert svc.carried_suspensions("2015-16")[0]["status"] == "served"
    assert svc.carried_suspensions("2014-15") == []


def test_a_28_the_roster_shows_the_carried_suspension(svc: Services):
    assert imported(svc, old_season()) == []
    assert imported(svc, new_season(b02_from=99, games=2)) == []
    rows = {(r["team"], r["player"]): r for r in svc.roster("2015-16")}
    assert rows[("b", "b02")]["suspension"] == "PEN-FIGHT-1 2/5"
    assert rows[("b", "b03")]["suspension"] is None


def test_a_28_the_game_sheet_names_the_player_absent_under_a_carried_suspension(svc: Services):
    from scorekeeper.reports.data import game_sheet_data

    assert imported(svc, old_season()) == []
    assert imported(svc, new_season(b02_from=99, games=2)) == []
    sheet = game_sheet_data(svc, "y02", season="2015-16")
    (absent,) = sheet.home.absent
    assert absent.name == "P02 TeamB" and absent.number == 2
    assert absent.note == ("did not dress: suspended, game 2 of 5 (PEN-FIGHT-1, from game x04 of season 2014-15, "
                             "A-28)")


def test_a_28_what_a_season_carries_is_stored_and_read_back_without_computing_that_season_again(
        svc: Services, monkeypatch: pytest.MonkeyPatch):
    assert imported(svc, old_season(extra_games=2)) == []
    assert imported(svc, new_season(b02_from=99, games=2)) == []
    expected = svc.carried_suspensions("2015-16")
    assert expected and expected[0]["served"] == 4
    target = svc.target
    svc.close()

    def computed_again(view: Any) -> Any:
        raise AssertionError(f"season {view.name} computed again")

    later = Services.open(target)  # another start of the program: nothing in memory
    try:
        monkeypatch.setattr(discipline, "unfinished", computed_again)
        assert later.carried_suspensions("2015-16") == expected
    finally:
        later.close()


def test_a_28_a_change_to_the_earlier_season_made_elsewhere_is_not_hidden_by_what_was_stored(svc: Services):
    assert imported(svc, old_season([penalty(A, 2, "10:00", "b02", "match_penalty")])) == []
    assert imported(svc, new_season(b02_from=99, games=2)) == []
    assert svc.carried_suspensions("2015-16")[0]["status"] == "active"  # stored
    other = Services.open(svc.target)  # another PC lifts the suspension in the earlier season
    try:
        assert other.lift_suspension("b02", "x04", "2015-06-01", "reviewed", season="2014-15").ok
    finally:
        other.close()
    svc.forget()
    assert svc.carried_suspensions("2015-16") == []
