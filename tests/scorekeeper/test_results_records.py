"""The facade's records carry exactly the keys their declaration says (scorekeeper/results_records.py): every
required key, no key the declaration leaves out, a `NotRequired` key present or absent; the records nested in them
too (a standings row in its division, a goal in its game, a team on the ice in the live state...). At run time the
records are plain dicts, so the type checker alone cannot hold the facade to them: this test reads each method's
declared return type and checks its real answers on the example season and two small generated leagues."""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NotRequired, Union, get_args, get_origin, is_typeddict

import pytest

from scorekeeper import results_records
from scorekeeper.services import Services
from tests.benchmarks.league import write_league
from tests.data import EXAMPLE_SEASON

CSV = """Team,Jersey,First Name,Last Name,Gender
Otters,21,Zoë,Ñúñez,F
Otters,2,Taken,Number,M
Penguins,9,No,Team,M
Otters,1,OT1,Otters,M
"""
"""A roster spreadsheet whose rows are imported, refused (a number taken, a team unknown) and already there."""


class _Transparent:
    """`ReadOnly[X]` read as X: results_records imports `ReadOnly` for the type checker only."""

    def __class_getitem__(cls, item: Any) -> Any:
        return item


def declared_keys(record: type) -> tuple[dict[str, Any], set[str]]:
    """A record's keys with their types (read-only and not-required marks taken off) and its required keys."""
    hints = typing.get_type_hints(record, localns={"ReadOnly": _Transparent}, include_extras=True)
    required = {key for key, hint in hints.items() if get_origin(hint) is not NotRequired}
    return {key: hint if key in required else get_args(hint)[0] for key, hint in hints.items()}, required


def mismatches(hint: Any, value: Any, where: str) -> Iterator[str]:
    """What in `value` breaks the records its type `hint` declares, at any depth, each said with where it is."""
    origin = get_origin(hint)
    if is_typeddict(hint) and isinstance(value, dict):
        types_of, required = declared_keys(hint)
        missing, undeclared = required - value.keys(), value.keys() - types_of.keys()
        if missing or undeclared:
            yield f"{where} ({hint.__name__}): missing {sorted(missing)}, undeclared {sorted(undeclared)}"
        for key in value.keys() & types_of.keys():
            yield from mismatches(types_of[key], value[key], f"{where}.{key}")
    elif origin in (Union, types.UnionType):
        for arm in get_args(hint):
            if is_typeddict(arm) or get_origin(arm) in (list, dict):
                yield from mismatches(arm, value, where)
    elif origin is list and isinstance(value, list):
        for item in value:
            yield from mismatches(get_args(hint)[0], item, f"{where}[*]")
    elif origin is dict and isinstance(value, dict):
        for key, item in value.items():
            yield from mismatches(get_args(hint)[1], item, f"{where}[{key!r}]")


def declared_return(svc: Services, method: str) -> Any:
    """What `svc.<method>` says it returns (the facade's part that answers it), read where it is declared."""
    function = inspect.unwrap(getattr(svc, method).__func__)
    annotation = function.__annotations__["return"]
    return eval(annotation, function.__globals__) if isinstance(annotation, str) else annotation


def calls(svc: Services, csv: str | None) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """Every reading method of the facade with its arguments, on every season of `svc` (a few games of each;
    `csv`: a roster spreadsheet to preview against its first season)."""
    yield from ((name, ()) for name in ("rulebooks", "seasons", "all_seasons", "infractions"))
    yield "find_infractions", ("hook",)
    for n, season in enumerate(s["name"] for s in svc.seasons()):
        yield from ((name, (season,)) for name in (
            "standings", "suspensions", "carried_suspensions", "fines", "eligibility", "audit", "teams", "games",
            "roster", "proposed_suspensions", "office_list", "infractions"))
        yield from (("stats", (season, stage)) for stage in ("regular", "playoff"))
        if csv is not None and n == 0:
            yield "preview_roster_csv", (csv, season)
        games = [g["id"] for g in svc.games(season)]
        for game in games[:4] + games[-4:]:
            yield from ((name, (game, season)) for name in ("game", "game_details", "clock", "signatures"))
            yield "live", (game, 2, "05:00", season)
            for side in ("home", "away"):
                yield from ((name, (game, side, season)) for name in ("lineup", "lineup_candidates"))


def names_a_record(hint: Any) -> bool:
    """Whether a type is a declared record or holds one (a list of them, one or None...)."""
    return is_typeddict(hint) or any(names_a_record(arg) for arg in get_args(hint))


@pytest.fixture(scope="module")
def leagues(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Services]]:
    """The example season and two small generated leagues (two seasons each), imported."""
    opened = []
    for name, files in (("example", [EXAMPLE_SEASON]),
                        *((f"league-{seed}", write_league(tmp_path_factory.mktemp(f"files-{seed}"), 2, 40, seed))
                          for seed in (3, 11))):
        svc = Services.open(str(tmp_path_factory.mktemp(name) / "league.db"))
        for path in files:
            assert svc.import_file(str(path)).ok, path
        opened.append(svc)
    yield opened
    for svc in opened:
        svc.close()


def test_every_answer_carries_the_keys_its_record_declares(leagues: list[Services], tmp_path: Path) -> None:
    csv = tmp_path / "roster.csv"
    csv.write_text(CSV, encoding="utf-8")
    problems: set[str] = set()
    checked: set[str] = set()
    for svc in leagues:
        for method, args in calls(svc, str(csv) if svc is leagues[0] else None):
            checked.add(method)
            problems.update(mismatches(declared_return(svc, method), getattr(svc, method)(*args), method))
    assert not problems, "\n".join(sorted(problems))
    assert [m for m in sorted(checked) if not names_a_record(declared_return(leagues[0], m))] == []
    assert len(checked) == 25


def test_the_check_sees_a_key_missing_or_undeclared_at_any_depth() -> None:
    row: dict[str, Any] = {"line": 2, "data": {}, "verdict": "refused", "violations": [
        {"rule": "FILE", "severity": "block", "message": "no such team", "team": "penguins"}]}
    found = list(mismatches(list[results_records.RosterCsvRow], [row, {"line": 3}], "rows"))
    assert found == ["rows[*].violations[*] (ViolationRecord): missing [], undeclared ['team']",
                     "rows[*] (RosterCsvRow): missing ['data', 'verdict', 'violations'], undeclared []"]
