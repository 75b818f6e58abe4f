"""Dressing a player twice (issue 18, point 3): refused with a sentence before anything is written, and a database
refusal that still slips through is told in words, never as the driver's "UNIQUE constraint failed" text."""

from __future__ import annotations

import sqlite3

import pytest

from scorekeeper.db import store
from scorekeeper.services import ServiceError, Services
from tests.data import EXAMPLE_SEASON as EXAMPLE


@pytest.fixture
def svc():
    s = Services.open(":memory:")
    assert s.import_file(EXAMPLE).ok
    yield s
    s.close()


def test_a_player_dressed_for_both_sides_of_a_game_is_refused_in_words(svc):
    assert svc.sign_player("lynx", "ow01", 55, confirm=True).ok  # on both teams' rosters (co-ed 2)
    assert svc.set_lineup("g004", "home", [{"player": "ow01"}], confirm=True).ok
    res = svc.set_lineup("g004", "away", [{"player": "ow01"}], confirm=True)
    assert not res.ok and res.blocks[0].rule == "DATA-2"
    assert "OW1 Owls is dressed for Owls already and cannot dress for Lynx too" in res.blocks[0].message
    assert [e["player"] for e in svc.export()["games"][3]["lineups"]["home"]] == ["ow01"]
    assert not svc.export()["games"][3]["lineups"].get("away")


def test_a_constraint_the_database_refuses_is_told_without_its_text(svc, monkeypatch):
    def refuse(*args, **kwargs):
        raise sqlite3.IntegrityError("UNIQUE constraint failed: lineup_entry.game_id, lineup_entry.player_id")

    monkeypatch.setattr(store, "write_changes", refuse)
    res = svc.set_lineup("g004", "home", [{"player": "ow01"}], confirm=True)
    assert not res.ok
    message = res.blocks[0].message
    assert "already holds that record once" in message and "nothing was written" in message
    assert "UNIQUE" not in message and "lineup_entry" not in message


def test_a_season_file_import_the_database_refuses_is_told_without_its_text(svc, monkeypatch):
    def refuse(*args, **kwargs):
        raise sqlite3.IntegrityError("UNIQUE constraint failed: lineup_entry.game_id, lineup_entry.player_id")

    monkeypatch.setattr(store, "write_changes", refuse)
    data = svc.export()
    data["games"][3]["notes"] = "moved to rink 2"
    with pytest.raises(ServiceError) as refused:
        svc.import_data({k: v for k, v in data.items() if k not in ("computed", "audit")}, replace=True)
    assert "already holds that record once" in str(refused.value) and "UNIQUE" not in str(refused.value)
