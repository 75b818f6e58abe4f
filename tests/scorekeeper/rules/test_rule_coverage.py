"""Every rule ID of the catalogue (the data-entry rules and Parts 1-5) has a test named after it.

The catalogue is shared/rules/CATALOGUE.md, outside the repository; when it is not there the test is skipped.
A test "names" a rule when its function name holds the ID in lower case with underscores as a whole word
(`test_pen_minor_2_...` names PEN-MINOR-2; `test_fine_10_...` names FINE-10 but not FINE-1).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve()
CANDIDATES = [HERE.parents[4] / "shared" / "rules" / "CATALOGUE.md",
              HERE.parents[3].parent / "shared" / "rules" / "CATALOGUE.md",
              HERE.parents[3] / "shared" / "rules" / "CATALOGUE.md"]
TESTS = HERE.parents[2]  # tests/

# A rule is defined by a table row whose first cell is its ID, or by a bold paragraph "**SUSP-1 (C).**".
ROW_ID = re.compile(r"^\|\s*([A-Z]+(?:-[A-Z]+)*-(?:\d+|[A-Z]+))\s*\|", re.MULTILINE)
BOLD_ID = re.compile(r"^\*\*([A-Z]+(?:-[A-Z]+)*-(?:\d+|[A-Z]+))\s*\(", re.MULTILINE)


def catalogue() -> Path | None:
    return next((p for p in CANDIDATES if p.is_file()), None)


def rule_ids(text: str) -> list[str]:
    """The IDs defined before Part 6 (the data-entry table and Parts 1-5), in catalogue order."""
    head = text.split("## Part 6", 1)[0]
    found = sorted({(m.start(), m.group(1)) for rx in (ROW_ID, BOLD_ID) for m in rx.finditer(head)})
    ids: list[str] = []
    for _, rid in found:
        if rid not in ids:
            ids.append(rid)
    return ids


def test_names() -> set[str]:
    names: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


test_names.__test__ = False  # a helper, not a test


def named(rule: str, names: set[str]) -> bool:
    word = re.compile(rf"(?:^|_){re.escape(rule.lower().replace('-', '_'))}(?:_|$)")
    return any(word.search(n) for n in names)


def test_catalogue_rule_ids_are_parsed():
    path = catalogue()
    if path is None:
        pytest.skip("shared/rules/CATALOGUE.md is not next to the repository")
    ids = rule_ids(path.read_text(encoding="utf-8"))
    for rid in ("DATA-1", "DATA-5", "PTS-1", "FORF-4", "ICE-4", "COED-5", "SCORE-3", "PEN-GEN-1", "PEN-REPORT-1",
                "FINE-1", "FINE-12", "FINE-STMT", "SUSP-1", "SUSP-2", "APPEAL-1"):
        assert rid in ids, f"{rid} not found in {path}"
    assert not any(rid.startswith("A-") for rid in ids)
    assert len(ids) >= 75, ids  # 79 in the 2015-16 catalogue


def test_every_catalogue_rule_has_a_test_named_after_it():
    path = catalogue()
    if path is None:
        pytest.skip("shared/rules/CATALOGUE.md is not next to the repository")
    names = test_names()
    missing = [rid for rid in rule_ids(path.read_text(encoding="utf-8")) if not named(rid, names)]
    assert missing == [], f"rule IDs with no test named after them (test_<id>_...): {', '.join(missing)}"


def test_named_matches_whole_words_only():
    assert named("FINE-1", {"test_fine_1_any_major"})
    assert not named("FINE-1", {"test_fine_10_second_gross", "test_fine_11_x"})
    assert named("PEN-MINOR-2", {"test_pen_minor_2"})
    assert named("FINE-STMT", {"test_fine_stmt_totals"})
