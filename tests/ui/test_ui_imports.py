"""The window reaches the core only through the facade (`scorekeeper.services`) and plain values (changes,
screens, violations, printing's page geometry, resources, the About text): never its engine, rules, rulebook,
season computations, database, reports, mail or site (ARCHITECTURE.md, practices 1 and 2; issue 16). Imports
for type checking only are not counted."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"
ALLOWED = {
    "scorekeeper", "scorekeeper.services", "scorekeeper.changes", "scorekeeper.screens", "scorekeeper.ids",
    "scorekeeper.rules.violation", "scorekeeper.printing", "scorekeeper.resources", "scorekeeper.about",
    "scorekeeper.results_records", "scorekeeper.season_data",
    "scorekeeper.logs", "scorekeeper.problem_report",  # the log and the problem report: no league logic (issue 31)
    "scorekeeper.records",  # the season's declared records: money as whole cents (`Money`, issue 31.5)
}
FORBIDDEN = ("scorekeeper.engine", "scorekeeper.rules.", "scorekeeper.rulebook", "scorekeeper.season",
             "scorekeeper.db", "scorekeeper.entries", "scorekeeper.facade", "scorekeeper.reports",
             "scorekeeper.mail", "scorekeeper.site")


def _run_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node but those under `if TYPE_CHECKING:`."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            yield from (n for child in node.orelse for n in (child, *_run_time_nodes(child)))
            continue
        yield node
        yield from _run_time_nodes(node)


def imported() -> dict[str, set[str]]:
    seen: dict[str, set[str]] = {}
    for path in sorted(UI.rglob("*.py")):
        for node in _run_time_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
                if node.module in ("scorekeeper", "scorekeeper.db"):
                    names += [f"{node.module}.{a.name}" for a in node.names]
            for name in names:
                if name.split(".")[0] == "scorekeeper":
                    seen.setdefault(name, set()).add(path.name)
    return seen


def test_ui_imports_only_the_facade_and_plain_values_from_the_core() -> None:
    seen = imported()
    assert set(seen) <= ALLOWED, {name: files for name, files in seen.items() if name not in ALLOWED}
    assert not [name for name in seen if name not in ALLOWED and name.startswith(FORBIDDEN)], seen
    assert "scorekeeper.services" in seen
