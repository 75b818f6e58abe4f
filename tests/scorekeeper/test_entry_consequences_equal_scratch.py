"""What an entry at the boards tells it caused is what counting from scratch finds (issue 29): the discipline a game
not final sets off is found from a ledger of the final games before it kept across entries
(`rules.discipline`, `Derived.ledgers`), and an entry's consequences before it are the previous entry's after it
(`EntryConsequences`). Random streams of penalties and goals go into two games not final of the demo season, one
finished part-way; after each entry the kept ledger's sanctions equal the season's ledger replayed from its first
game, and `caused` equals the consequences counted on the season read back from the database."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import discipline
from scorekeeper.rules.consequences import game_consequences, newly_caused
from scorekeeper.screens import TWO_DOWN
from scorekeeper.season.records import Sanction
from scorekeeper.season.view import SeasonView
from scorekeeper.services import Services

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scorekeeper" / "resources" / "demo" / "demo-season.json"
SEASON = "2015-16"
GAMES = {"g016": ("ly", "ow"), "g018": ("ba", "ly")}  # lynx v owls on 15 Nov, badgers v lynx on 22 Nov
CODES = ["tripping", "hooking", "fighting", "instigator", "game_misconduct", "gross_misconduct", "misconduct",
         "match_penalty", "slashing", "abuse_of_officials", "roughing"]
CLASSES = [None, None, None, "major", "misconduct", "game_misconduct", "gross_misconduct"]


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("scratch") / "demo.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(DEMO)).ok
    for gid, prefixes in GAMES.items():
        for side, prefix in zip(("home", "away"), prefixes, strict=True):
            players = [f"{prefix}{n:02d}" for n in range(1, 11)]
            lineup = [{"player": players[0], "goalie": True}, *({"player": p} for p in players[1:])]
            assert svc.set_lineup(gid, side, lineup, season=SEASON, confirm=True).ok
    svc.close()
    return path


@pytest.fixture(scope="module")
def copies(demo_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("copies")


def scratch_sanctions(view: SeasonView, provisional: str) -> list[Sanction]:
    """The game's sanctions from the season's ledger replayed from its first game (as before a ledger was kept)."""
    ledger = discipline._Ledger(view.book, discipline._games_dressed(view, provisional))
    last = view.order_of(provisional)
    for order, g in enumerate(view.games.values()):
        if order > last:
            break
        if g.get("status", "final") != "final" and g["id"] != provisional:
            continue
        ledger.add_game(order, g, view.state(g["id"]))
    return [s for s in ledger.out if s.game == provisional]


ENTRY = st.tuples(st.sampled_from(sorted(GAMES)), st.sampled_from(["home", "away"]), st.integers(2, 10),
                  st.sampled_from(CODES), st.sampled_from(CLASSES), st.booleans())


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(entries=st.lists(ENTRY, min_size=3, max_size=9), finish_at=st.integers(0, 9))
def test_an_entrys_consequences_and_sanctions_equal_those_counted_from_scratch(
        demo_db: Path, copies: Path, entries: list[tuple[str, str, int, str, str | None, bool]],
        finish_at: int) -> None:
    path = copies / "demo.db"
    shutil.copy(demo_db, path)
    svc = Services.open(str(path))  # the rink's: its views kept from entry to entry
    reader = Services.open(str(path))  # the season read back from the database before and after each entry
    try:
        for i, (gid, side, number, code, klass, goal) in enumerate(entries):
            if i == finish_at and svc.view(SEASON).games["g016"].get("status") != "final":
                svc.finish_game("g016", confirm=True, season=SEASON)  # the other game's ledger grows (unless refused)
            if svc.view(SEASON).games[gid].get("status") == "final":
                continue
            player = f"{GAMES[gid][0 if side == 'home' else 1]}{number:02d}"
            elapsed = f"{i * 2 + 1:02d}:00"
            event: dict[str, Any] = (
                {"type": "goal", "team": side, "period": 1, "elapsed": elapsed, "scorer": player, "assists": []}
                if goal else {"type": "penalty", "team": side, "period": 1, "elapsed": elapsed, "player": player,
                              "infraction": code, **({"class": klass} if klass else {})})
            reader.forget()
            before = game_consequences(reader.view(SEASON), gid)
            result = svc.add_event(gid, event, confirm=True, season=SEASON, screen_at=(1, elapsed))
            if not result.ok:
                continue  # refused (a player ejected already, say): nothing written
            reader.forget()
            fresh = reader.view(SEASON)
            after = game_consequences(fresh, gid)
            assert result.screen is not None and result.screen.consequences == after
            told = [c for c in result.caused if c.kind != TWO_DOWN]  # a side two men down: at the entry's time
            assert told == list(newly_caused(before, after))
            kept = svc.view(SEASON)
            for other in GAMES:
                if kept.games[other].get("status") != "final":
                    assert discipline.game_sanctions(kept, other) == tuple(scratch_sanctions(kept, other))
                    assert discipline.game_sanctions(kept, other) == discipline.game_sanctions(fresh, other)
    finally:
        reader.close()
        svc.close()
