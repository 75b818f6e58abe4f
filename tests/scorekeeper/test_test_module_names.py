"""The suite collects as one run: two test modules outside a package never share a file name (pytest would import
the second under the first one's name and stop at collection)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_test_modules_outside_packages_have_names_of_their_own() -> None:
    seen: dict[str, list[Path]] = defaultdict(list)
    for path in TESTS.rglob("test_*.py"):
        if not (path.parent / "__init__.py").exists():
            seen[path.name].append(path.relative_to(TESTS))
    assert {name: paths for name, paths in seen.items() if len(paths) > 1} == {}
