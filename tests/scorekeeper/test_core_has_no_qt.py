"""ARCHITECTURE 1: nothing under scorekeeper/ imports PySide6 or ui."""

import ast
from pathlib import Path

import scorekeeper

CORE = Path(scorekeeper.__file__).parent


def test_core_never_imports_qt_or_ui():
    offenders = []
    for path in CORE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top in ("PySide6", "ui", "shiboken6"):
                    if path.name == "cli.py" and top == "ui":
                        continue  # the command's `gui` subcommand opens the window, lazily
                    offenders.append(f"{path.relative_to(CORE)}: {name}")
    assert offenders == []
