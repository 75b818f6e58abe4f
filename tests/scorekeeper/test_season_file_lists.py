"""The season's lists named for the type checker (`seasonfile.LIST_NAMES`, `ListName`, `SeasonLists`) are the
declaration's (`seasonfile.LISTS`, read from `scorekeeper.records`), in its order."""

from __future__ import annotations

from typing import get_args

from scorekeeper import seasonfile
from scorekeeper.season_data import SeasonData


def test_the_typed_list_names_are_the_declared_lists() -> None:
    assert seasonfile.LIST_NAMES == seasonfile.LISTS
    assert get_args(seasonfile.ListName) == seasonfile.LISTS
    assert tuple(seasonfile.SeasonLists.__annotations__) == seasonfile.LISTS
    assert set(seasonfile.LISTS) <= set(SeasonData.__annotations__)


def test_merge_keeps_the_season_s_other_keys_first_and_writes_every_list() -> None:
    existing: SeasonData = {"format": seasonfile.FORMAT, "league": "L", "season": "S", "rulebook": "r",
                            "teams": [{"id": "t", "name": "T", "division": "d"}]}
    incoming: SeasonData = {"format": seasonfile.FORMAT, "league": "L", "season": "S",
                            "teams": [{"id": "u", "name": "U", "division": "d"}]}
    merged, changes, conflicts = seasonfile.merge(existing, incoming, replace=False)
    assert list(merged) == ["format", "league", "season", "rulebook", *seasonfile.LISTS]
    assert [t["id"] for t in merged["teams"]] == ["t", "u"]
    assert changes["teams"] == incoming["teams"] and conflicts == []
