"""Rooms of a readable size and one place per rule (issue 28): no import circle, type-hint imports included; no
rule ID written outside `scorekeeper/rules/`; no function over cyclomatic complexity 25; no production file over
800 lines; the season's records declared, so at most 40 `dict[str, Any]` annotations, each saying why."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from radon.complexity import cc_visit

import scorekeeper
from scorekeeper.rulebook import DEFAULT_RULEBOOK, load_rulebook
from scorekeeper.rules import ids
from tests.scorekeeper.test_import_graph import find_cycle, imported_names, module_name

CORE = Path(scorekeeper.__file__).parent
UI = CORE.parent / "ui"
PRODUCTION = sorted([*CORE.rglob("*.py"), *UI.rglob("*.py")])
RULES = CORE / "rules"
MAX_COMPLEXITY = 25
MAX_LINES = 800
MAX_FREE_DICTS = 40
FREE_DICT = "dict[str, Any]"


def every_import(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement at any depth, `if TYPE_CHECKING:` blocks and functions included."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def full_graph(roots: list[Path]) -> dict[str, set[str]]:
    """Module -> the project modules it imports (core and window together), type hints included."""
    files = {module_name(p, root): p for root in roots for p in root.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in files.items():
        targets: set[str] = set()
        for node in every_import(ast.parse(path.read_text(encoding="utf-8"))):
            names = list(imported_names(node, name, path.name == "__init__.py"))
            if isinstance(node, ast.ImportFrom):
                for i in range(0, len(names), 2):
                    targets.add(names[i] if names[i] in files else names[i + 1])
            else:
                targets.update(names)
        edges[name] = {t for t in targets if t in files and t != name}
    return edges


def test_no_import_circle_type_hint_imports_included() -> None:
    cycle = find_cycle(full_graph([CORE, UI]))
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_circle_finder_counts_type_checking_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n")
    (pkg / "b.py").write_text("def f():\n    import pkg.a\n")
    assert find_cycle(full_graph([pkg])) == ["pkg.a", "pkg.b", "pkg.a"]


def rule_ids() -> set[str]:
    """Every rule ID the program knows: the shipped rulebook's rules and the constants of rules/ids.py."""
    book = load_rulebook(DEFAULT_RULEBOOK)
    return set(book.rules) | {getattr(ids, name) for name in ids.__all__}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (a module's, class's or function's first statement when it is a string,
    and an attribute's docstring right after it)."""
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for i, stmt in enumerate(body):
            if (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
                    and isinstance(stmt.value.value, str)
                    and (i == 0 or isinstance(body[i - 1], ast.Assign | ast.AnnAssign))):
                out.add(id(stmt.value))
    return out


def _rule_contexts(tree: ast.AST) -> set[int]:
    """The ids of the string constants that stand where a rule ID does: a `Violation`'s first argument, a
    `rule=` keyword, a `section(...)` call's argument, a comparison, a `"rule"` key's value."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("Violation", "section") and node.args:
                out.add(id(node.args[0]))
            out.update(id(k.value) for k in node.keywords if k.arg == "rule")
        elif isinstance(node, ast.Compare):
            out.update(id(n) for n in (node.left, *node.comparators))
        elif isinstance(node, ast.Dict):
            out.update(id(v) for k, v in zip(node.keys, node.values, strict=True)
                       if isinstance(k, ast.Constant) and k.value == "rule")
    return out


def rule_literals(path: Path, known: set[str], root: Path = CORE.parent) -> list[str]:
    """The string constants in `path` (docstrings aside) that are a rule ID: a catalogue ID (`DATA-3`,
    `PEN-FIGHT-1`) anywhere, a one-word ID (`TEAM`, `FILE`: also a column's or an argument's name) where a rule
    ID stands."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    contexts = _rule_contexts(tree)
    hits = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in skip:
            continue
        value = node.value
        catalogue = "-" in value and (value in known or re.fullmatch(r"(DATA|A)-\d+", value))
        if catalogue or (value in known and id(node) in contexts):
            hits.append(f"{path.relative_to(root)}:{node.lineno}: {value}")
    return hits


def test_rule_ids_are_written_only_in_rules() -> None:
    known = rule_ids()
    assert {"DATA-3", "ELIG-2", "PEN-FIGHT-1", "OFFICE"} <= known
    offenders = [hit for path in PRODUCTION if RULES not in path.parents for hit in rule_literals(path, known)]
    assert offenders == []


def test_the_literal_finder_sees_a_rule_id_and_skips_docstrings(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text('"""ELIG-2 and DATA-4 in a docstring."""\n'
                                   'X = f("DATA-4", "ok")\n"""ELIG-2: X\'s docstring."""\nY = "ELIG-2"\n'
                                   'HEAD = ["TEAM", "GP"]\nV = Violation("TEAM", "block", "no such team")\n'
                                   'W = v.rule == "TEAM"\n')
    assert sorted(rule_literals(tmp_path / "m.py", {"ELIG-2", "TEAM"}, tmp_path)) == [
        "m.py:2: DATA-4", "m.py:4: ELIG-2", "m.py:6: TEAM", "m.py:7: TEAM"]


@pytest.mark.parametrize("path", PRODUCTION, ids=lambda p: str(p.relative_to(CORE.parent)))
def test_no_function_over_complexity_25(path: Path) -> None:
    blocks = cc_visit(path.read_text(encoding="utf-8"))
    over = [f"{b.fullname} ({b.complexity})" for b in blocks if b.complexity > MAX_COMPLEXITY]
    for block in blocks:  # methods are listed inside their classes
        over += [f"{m.fullname} ({m.complexity})" for m in getattr(block, "methods", [])
                 if m.complexity > MAX_COMPLEXITY]
    assert over == []


def test_no_production_file_over_800_lines() -> None:
    long = {str(p.relative_to(CORE.parent)): n for p in PRODUCTION
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def free_dicts(paths: list[Path], root: Path = CORE.parent) -> tuple[int, list[str]]:
    """How many `dict[str, Any]` the files write, and those without a reason: a `# Any: why` comment on the line
    or on the line just above."""
    count, unexplained = 0, []
    for path in paths:
        lines = path.read_text(encoding="utf-8").splitlines()
        for n, line in enumerate(lines):
            if FREE_DICT not in line:
                continue
            count += line.count(FREE_DICT)
            if "# Any:" not in line and not (n and lines[n - 1].strip().startswith("# Any:")):
                unexplained.append(f"{path.relative_to(root)}:{n + 1}: {line.strip()}")
    return count, unexplained


def test_at_most_40_free_dicts_each_with_its_reason() -> None:
    count, unexplained = free_dicts(PRODUCTION)
    assert unexplained == []
    assert count <= MAX_FREE_DICTS


def test_the_free_dict_count_sees_one_without_a_reason(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    module.write_text("from typing import Any\n\n# Any: a reason\nA: dict[str, Any] = {}\nB: dict[str, Any] = {}\n",
                      encoding="utf-8")
    assert free_dicts([module], tmp_path) == (2, ["probe.py:5: B: dict[str, Any] = {}"])
