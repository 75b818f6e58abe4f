"""Hostile season files and roster CSVs (issue 6 point 7): never a traceback, never a partial write.

CI runs about 2,000 cases; `SCOREKEEPER_FUZZ=100000 pytest tests/scorekeeper/test_fuzz_inputs.py` runs more.
"""

from __future__ import annotations

import copy
import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.services import ServiceError, Services
from tests.scorekeeper.test_cli import EXAMPLE

BASE = json.loads(EXAMPLE.read_text())
CASES = int(os.environ.get("SCOREKEEPER_FUZZ", "2000"))

junk = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=31), max_size=10),
    st.just("x" * 100_000), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(),
                                                                                 max_size=2),
    st.sampled_from(["25:99", "99:99", "-1", "2015-02-30", "home", "both", "tripping", "triping", "ot02", ""]))


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, (*prefix, i))
    return out


ALL_PATHS = paths(BASE)[1:]


@st.composite
def hostile_season(draw: st.DrawFn) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(ALL_PATHS))
        parent: Any = data
        try:
            for step in path[:-1]:
                parent = parent[step]
            action = draw(st.sampled_from(["replace", "delete", "unknown_key", "duplicate"]))
            if action == "replace":
                parent[path[-1]] = draw(junk)
            elif action == "delete" and isinstance(parent, dict):
                parent.pop(path[-1], None)
            elif action == "unknown_key" and isinstance(parent, dict):
                parent[draw(st.text(min_size=1, max_size=8))] = draw(junk)
            elif action == "duplicate" and isinstance(parent, list) and parent:
                parent.append(copy.deepcopy(parent[0]))
        except (KeyError, IndexError, TypeError):
            continue
    return data


@settings(max_examples=CASES * 3 // 4, deadline=None, suppress_health_check=list(HealthCheck))
@given(hostile_season())
def test_hostile_season_files_never_crash_or_write_partly(data: dict[str, Any]):
    svc = Services.open(":memory:")
    try:
        report = svc.import_data(data)
    finally:
        pass
    if not report.ok:
        assert svc.seasons() == []  # all or nothing
        assert all(v.rule and v.message for v in report.violations)
    svc.close()


csv_cell = st.one_of(st.text(max_size=12), st.sampled_from(["otters", "Herons", "99", "100", "-3", "M", "F", "X",
                                                            "goalie", "1990-01-01", "not a date", ""]),
                     st.text(alphabet=st.characters(min_codepoint=1, max_codepoint=31), max_size=5))


@settings(max_examples=max(1, CASES // 4), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.lists(csv_cell, min_size=4, max_size=6), min_size=1, max_size=6))
def test_hostile_roster_csvs_never_crash_or_write_refused_rows(tmp_path_factory, rows: list[list[str]]):
    import csv
    import io

    folder = tmp_path_factory.mktemp("csv")
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(["team", "number", "first", "last", "gender", "position"])
    for r in rows:
        writer.writerow(r)
    path = folder / "roster.csv"
    path.write_text(buf.getvalue(), encoding="utf-8")
    svc = Services.open(":memory:")
    assert svc.import_data(copy.deepcopy(BASE)).ok
    before = len(svc.roster())
    try:
        preview = svc.preview_roster_csv(str(path))
    except ServiceError:
        svc.close()
        return  # an unreadable file is refused as a whole, with a message
    accepted = sum(1 for r in preview if r["verdict"] != "refused")
    result = svc.import_roster_csv(str(path))
    assert len(svc.roster()) == before + (accepted if result.ok else 0)
    svc.close()
