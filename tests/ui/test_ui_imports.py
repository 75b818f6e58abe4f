"""The window reaches the core only through the facade (ARCHITECTURE.md, practices 1 and 2)."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"
ALLOWED = {"scorekeeper", "scorekeeper.services"}


def test_ui_imports_only_the_facade_from_the_core() -> None:
    seen: dict[str, set[str]] = {}
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] == "scorekeeper":
                    seen.setdefault(name, set()).add(path.name)
    assert set(seen) <= ALLOWED, seen
    assert "scorekeeper.services" in seen
