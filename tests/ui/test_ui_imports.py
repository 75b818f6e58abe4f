"""The window reaches the core only through the facade and the core's Qt-free service modules (printed
records, printing, mail, the site, backups, the About text): never its engine, rules, rulebook, season
computations or database models (ARCHITECTURE.md, practices 1 and 2)."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"
ALLOWED = {
    "scorekeeper", "scorekeeper.services", "scorekeeper.about", "scorekeeper.printing", "scorekeeper.mail",
    "scorekeeper.site", "scorekeeper.db.backup", "scorekeeper.reports.data", "scorekeeper.reports.commands",
    "scorekeeper.reports.game_sheet", "scorekeeper.reports.fine_statements",
    "scorekeeper.reports.suspension_notice", "scorekeeper.reports.standings_report", "scorekeeper.resources",
    "scorekeeper.changes", "scorekeeper.screens",
}
FORBIDDEN = ("scorekeeper.engine", "scorekeeper.rules", "scorekeeper.rulebook", "scorekeeper.season",
             "scorekeeper.db.models", "scorekeeper.db.store", "scorekeeper.db.connect", "scorekeeper.entries",
             "scorekeeper.window_queries")


def imported() -> dict[str, set[str]]:
    seen: dict[str, set[str]] = {}
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
                if node.module in ("scorekeeper", "scorekeeper.db"):
                    names += [f"{node.module}.{a.name}" for a in node.names]
            for name in names:
                if name.split(".")[0] == "scorekeeper":
                    seen.setdefault(name, set()).add(path.name)
    return seen


def test_ui_imports_only_the_facade_and_service_modules_from_the_core() -> None:
    seen = imported()
    assert set(seen) - {"scorekeeper.db"} <= ALLOWED, seen
    assert not [name for name in seen if name.startswith(FORBIDDEN)], seen
    assert "scorekeeper.services" in seen
