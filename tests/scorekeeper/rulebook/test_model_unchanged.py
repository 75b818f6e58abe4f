"""Every rulebook loads to the model it loaded to before the model was built from the schema (issue 28 point 3).

`model_fixture.json` was written by this module (`python tests/scorekeeper/rulebook/test_model_unchanged.py`)
before the change: the repr of each rulebook's model, and for variants of each file (each key left out, each
optional table left out, each switch off, each key given a wrong value) the sha-256 of the model's repr or the
error message. Regenerate it only when a rulebook's model is meant to change.
"""

from __future__ import annotations

import copy
import gzip
import hashlib
import json
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))

from scorekeeper.rulebook import RulebookError, parse_rulebook  # noqa: E402

FIXTURE = Path(__file__).with_name("model_fixture.json")
FILES = {
    "westridge": ROOT / "scorekeeper" / "resources" / "rulebooks" / "westridge-2015-16.toml",
    "pro-league": ROOT / "docs" / "examples" / "pro-league.toml",
    "three-periods": ROOT / "tests" / "data" / "three-periods-no-optional-tables.toml",
    "pwhl": ROOT / "tests" / "realdata" / "pwhl-2024.toml",
    "first-release": ROOT / "tests" / "data" / "westridge-2015-16.first-release.toml.gz",
}
OPTIONAL_TABLES = ("overtime", "shootout", "mercy", "lateness", "coed", "eligibility", "discipline", "fines",
                   "suspensions", "appeals", "injured_goalie", "rules")
SWITCHES = ("mercy", "lateness", "coed")
WRONG_VALUES: tuple[object, ...] = ("x", -1, 10**8, True, [1])


def read(path: Path) -> str:
    raw = path.read_bytes()
    return (gzip.decompress(raw) if path.suffix == ".gz" else raw).decode("utf-8")


def toml_text(value: Any) -> str:
    """A small TOML writer (inline tables throughout) for the variants."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(toml_text(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    return str(value)


def document(data: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(k)} = {toml_text(v)}\n" for k, v in data.items())


def places(data: Any, parts: list[str]) -> Iterator[tuple[dict[str, Any], str]]:
    """(table, key) for each place a schema path's key stands in `data` (`*`: any name, `x[]`: each row)."""
    head, rest = parts[0], parts[1:]
    names: list[str] = list(data) if head == "*" else [head.removesuffix("[]")]
    for name in names:
        if not isinstance(data, dict) or name not in data:
            continue
        if not rest:
            yield data, name
        elif head.endswith("[]"):
            for row in data[name] if isinstance(data[name], list) else []:
                yield from places(row, rest)
        else:
            yield from places(data[name], rest)


def variants(text: str) -> Iterator[tuple[str, str]]:
    """(name, TOML text): the file as written, then the file changed one way at a time."""
    from scorekeeper.rulebook import schema  # the keys' paths; the variants are the same before and after

    data = tomllib.loads(text)
    yield "as written", text
    yield "as rewritten", document(data)
    for table in OPTIONAL_TABLES:
        if table in data:
            changed = copy.deepcopy(data)
            del changed[table]
            yield f"without [{table}]", document(changed)
    for table in SWITCHES:
        if isinstance(data.get(table), dict):
            changed = copy.deepcopy(data)
            changed[table] = {"enabled": False}
            yield f"[{table}] off, nothing else", document(changed)
            changed[table] = {**data[table], "enabled": False}
            yield f"[{table}] off", document(changed)
    for k in schema.KEYS:
        parts = k.path.split(".")
        if not list(places(data, parts)):
            continue
        changed = copy.deepcopy(data)
        for holder, name in places(changed, parts):
            del holder[name]
        yield f"without {k.path}", document(changed)
        for wrong in WRONG_VALUES:
            changed = copy.deepcopy(data)
            for holder, name in places(changed, parts):
                holder[name] = wrong
            yield f"{k.path} = {wrong!r}", document(changed)


def outcome(text: str) -> str:
    """The model's repr, or the error's message."""
    try:
        return repr(parse_rulebook(text, origin="book.toml"))
    except RulebookError as exc:
        return f"error: {exc}"


def digest(result: str) -> str:
    return result if result.startswith("error: ") else hashlib.sha256(result.encode()).hexdigest()


def outcomes() -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for name, path in FILES.items():
        text = read(path)
        found[name] = {"model": outcome(text)}
        found[name].update({variant: digest(outcome(t)) for variant, t in variants(text)})
    return found


@pytest.fixture(scope="module")
def expected() -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", list(FILES))
def test_each_rulebook_loads_to_the_model_it_loaded_to_before(expected: dict[str, dict[str, str]], name: str):
    assert outcome(read(FILES[name])) == expected[name]["model"]


@pytest.mark.parametrize("name", list(FILES))
def test_each_variant_loads_or_fails_as_before(expected: dict[str, dict[str, str]], name: str):
    text = read(FILES[name])
    found = {variant: digest(outcome(t)) for variant, t in variants(text)}
    want = {k: v for k, v in expected[name].items() if k != "model"}
    assert found.keys() == want.keys()
    assert [(k, found[k]) for k in found if found[k] != want[k]] == []
    assert len(found) > 100


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(outcomes(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
