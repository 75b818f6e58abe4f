"""The facade holds its parts rather than inheriting mixins (issue 16 part 2): no stand-in methods anywhere in the
core, every method it exposes is one of a part's with the same signature, and the models follow the facade."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import scorekeeper
from scorekeeper.facade.core import Part
from scorekeeper.facade.delegate import Delegated
from scorekeeper.services import Services
from tests.scorekeeper.test_entries import svc  # noqa: F401 - the fixture

CORE = Path(scorekeeper.__file__).parent


def test_services_is_one_class_of_its_own_not_a_stack_of_mixins():
    assert Services.__bases__ == (object,)


def test_no_stand_in_method_raises_not_implemented_in_the_core():
    stand_ins = []
    for path in CORE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for stmt in node.body:
                    if isinstance(stmt, ast.Raise) and "NotImplementedError" in ast.unparse(stmt):
                        stand_ins.append(f"{path.relative_to(CORE)}:{node.lineno} {node.name}")
    assert stand_ins == []


def test_every_delegated_method_is_its_parts_with_the_same_signature(svc):  # noqa: F811
    delegated = {name: d for name, d in vars(Services).items() if isinstance(d, Delegated)}
    assert len(delegated) > 40
    for name, d in delegated.items():
        part = getattr(svc, d.part)
        assert isinstance(part, Part), name
        method = getattr(svc, name)
        assert method == getattr(part, name), name
        assert inspect.signature(method) == inspect.signature(getattr(part, name)), name
        assert method.__doc__ == getattr(type(part), name).__doc__


def test_the_parts_share_one_change_step_and_one_history(svc):  # noqa: F811
    assert svc.entries.step is svc.rosters.step is svc.discipline.step is svc.step
    assert svc.entries.history is svc.step.history is svc.history
    assert all(p.core is svc for p in (svc.entries, svc.rosters, svc.discipline, svc.office, svc.books,
                                       svc.queries))


def test_a_part_called_directly_reads_its_own_facades_database(svc, tmp_path):  # noqa: F811
    other = Services.open(str(tmp_path / "other.db"))
    try:
        assert other.rulebooks() and other.seasons() == []  # the models now point at the other database
        assert svc.entries.add_event("g004", {"type": "goal", "team": "home", "period": 1, "elapsed": "01:00",
                                              "scorer": "ow02", "assists": []}).ok  # a season only svc has
        assert other.seasons() == []
        assert svc.queries.clock("g004")["periods"] and svc.entries.can_undo("g004")
    finally:
        other.close()
