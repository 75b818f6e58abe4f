"""Issue 28.2: the rules read a season through `rules.season_facts.SeasonFacts` and never import the season view
(not under `if TYPE_CHECKING:`, not inside a function), so the view may call the rules without a circle."""

from __future__ import annotations

import ast
from pathlib import Path

import scorekeeper

RULES = Path(scorekeeper.__file__).parent / "rules"
VIEW = "scorekeeper.season.view"


def _imported(tree: ast.AST) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def test_no_rule_module_imports_the_season_view() -> None:
    found = {path.name for path in RULES.glob("*.py") if VIEW in _imported(ast.parse(path.read_text("utf-8")))}
    assert found == set()


def test_the_season_view_has_what_the_rules_read() -> None:
    from scorekeeper.rules.season_facts import SeasonFacts
    from scorekeeper.season.view import SeasonView

    wanted = {name for name in dir(SeasonFacts) if not name.startswith("_")} | set(SeasonFacts.__annotations__)
    assert {name for name in wanted if not hasattr(SeasonView, name)
            and name not in SeasonView.__dataclass_fields__} == set()
