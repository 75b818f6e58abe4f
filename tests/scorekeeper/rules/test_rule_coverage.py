"""Every rule ID of the rule registry (the `[rules]` table of the shipped rulebook, listed in docs/rules.md) has
a test named after it.

A test "names" a rule when its function name holds the ID in lower case with underscores as a whole word
(`test_pen_minor_2_...` names PEN-MINOR-2; `test_fine_10_...` names FINE-10 but not FINE-1).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from scorekeeper.rulebook import DEFAULT_RULEBOOK, load_rulebook

TESTS = Path(__file__).resolve().parents[2]  # tests/


def rule_ids() -> list[str]:
    """The rule IDs of the shipped rulebook, in its order (the data-entry rules, then Parts 1-5 of the league's
    catalogue, then FILE)."""
    return list(load_rulebook(DEFAULT_RULEBOOK).rules)


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


def test_rule_registry_holds_every_part_of_the_catalogue():
    ids = rule_ids()
    for rid in ("DATA-1", "DATA-5", "PTS-1", "FORF-4", "ICE-4", "COED-5", "SCORE-3", "PEN-GEN-1", "PEN-REPORT-1",
                "FINE-1", "FINE-12", "FINE-STMT", "SUSP-1", "SUSP-2", "APPEAL-1"):
        assert rid in ids, f"{rid} is not in the rulebook's [rules]"
    assert not any(rid.startswith("A-") for rid in ids)  # readings of ambiguities are settings, not rules
    assert len(ids) >= 75, ids  # 79 in the 2015-16 catalogue, and FILE


def test_every_rule_id_has_a_test_named_after_it():
    names = test_names()
    missing = [rid for rid in rule_ids() if not named(rid, names)]
    assert missing == [], f"rule IDs with no test named after them (test_<id>_...): {', '.join(missing)}"


def test_named_matches_whole_words_only():
    assert named("FINE-1", {"test_fine_1_any_major"})
    assert not named("FINE-1", {"test_fine_10_second_gross", "test_fine_11_x"})
    assert named("PEN-MINOR-2", {"test_pen_minor_2"})
    assert named("FINE-STMT", {"test_fine_stmt_totals"})
