"""The core's imports form no cycle (imports inside functions included), and the window reaches the core only
through the facade and plain value modules (issue 16)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import scorekeeper

CORE = Path(scorekeeper.__file__).parent
UI = CORE.parent / "ui"

# What ui/ may import from the core: the facade, and modules of plain values and Qt-free helpers.
UI_MAY_IMPORT = {
    "scorekeeper.services",  # the facade (Services, ServiceError, ...)
    "scorekeeper.changes",  # Changes, EntryResult, ImportReport
    "scorekeeper.ids",  # typed ids
    "scorekeeper.screens",  # what a screen of the window shows, as plain values
    "scorekeeper.rules.violation",  # Violation
    "scorekeeper.results_records",  # the declared records of the facade's answers (typed, read-only)
    "scorekeeper.season_data",  # the declared records of the season as it is held (typed, no logic)
    "scorekeeper.records",  # the season's declared records: money as whole cents (`Money`, issue 31.5)
    "scorekeeper.printing",  # page geometry and PDF checks, no database
    "scorekeeper.resources",  # files shipped inside the package
    "scorekeeper.about",  # the About box's text
    "scorekeeper.logs",  # the log a supporter reads (issue 31.1)
    "scorekeeper.problem_report",  # the problem report's zip: the log, versions, settings (issue 31.2)
}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth (functions, methods, branches), except in `if TYPE_CHECKING:`."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def imported_names(node: ast.Import | ast.ImportFrom, here: str, is_package: bool) -> Iterator[str]:
    """The dotted names an import statement reaches: `from a.b import c` gives a.b.c (kept if it is a module,
    else resolved to a.b by the caller)."""
    if isinstance(node, ast.Import):
        yield from (a.name for a in node.names)
        return
    if node.level:
        base = here.split(".") if is_package else here.split(".")[:-1]
        base = base[: len(base) - node.level + 1]
        module = ".".join([*base, *([node.module] if node.module else [])])
    else:
        module = node.module or ""
    for alias in node.names:
        yield f"{module}.{alias.name}"
        yield module


def graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same package tree it imports."""
    files = {module_name(p, root): p for p in root.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in files.items():
        targets: set[str] = set()
        is_package = path.name == "__init__.py"
        for node in imports(ast.parse(path.read_text(encoding="utf-8"))):
            names = list(imported_names(node, name, is_package))
            if isinstance(node, ast.ImportFrom):
                for i in range(0, len(names), 2):  # (module.alias, module) pairs: the alias if it is a module
                    targets.add(names[i] if names[i] in files else names[i + 1])
            else:
                targets.update(names)
        edges[name] = {t for t in targets if t in files and t != name}
    return edges


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path that returns to its start, or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_graph_sees_imports_inside_functions_and_skips_type_checking_blocks(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from pkg.sub import b\n")
    (pkg / "sub" / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.a\n"
                                      "from .. import c\n")
    (pkg / "c.py").write_text("from pkg.sub import thing\n")
    edges = graph(pkg)
    assert edges["pkg.a"] == {"pkg.sub.b"} and edges["pkg.sub.b"] == {"pkg.c"} and edges["pkg.c"] == {"pkg.sub"}
    (pkg / "c.py").write_text("import pkg.a\n")
    assert find_cycle(graph(pkg)) == ["pkg.a", "pkg.sub.b", "pkg.c", "pkg.a"]


def test_the_core_has_no_import_cycle():
    cycle = find_cycle(graph(CORE))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_core_never_imports_qt_or_the_window():
    offenders = []
    for path in CORE.rglob("*.py"):
        for node in imports(ast.parse(path.read_text(encoding="utf-8"))):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for module in modules:
                top = module.split(".")[0]
                if top in ("PySide6", "shiboken6", "ui") and not (path.name == "cli.py" and top == "ui"):
                    offenders.append(f"{path.relative_to(CORE)}: {module}")  # cli's `gui` opens the window, lazily
    assert offenders == []


def test_the_window_imports_only_the_facade_and_plain_values():
    offenders = []
    for path in sorted(UI.rglob("*.py")):
        for node in imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            else:
                modules = [node.module or ""] if node.level == 0 else []
            for module in modules:
                if module.split(".")[0] == "scorekeeper" and module not in UI_MAY_IMPORT:
                    offenders.append(f"ui/{path.relative_to(UI)}:{node.lineno}: {module}")
    assert offenders == []
