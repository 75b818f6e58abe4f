"""The project's own documentation (docs/) is complete and current, and nothing reads a folder beside the clone.

docs/rules.md is generated from the rule registry (tools/make_rule_docs.py) and docs/rulebook-reference.md from
the rulebook schema's declaration (tools/make_rulebook_docs.py); the other pages are written by hand, so these
tests check that each names every key, column, command and option the code accepts.
"""

from __future__ import annotations

import argparse
import re
import tomllib
from pathlib import Path

import pytest

from scorekeeper.cli import build_parser
from scorekeeper.roster_csv import ALIASES, COLUMNS
from scorekeeper.rulebook import DEFAULT_RULEBOOK, load_rulebook, schema
from scorekeeper.seasonfile import EVENT_FIELDS, FIELDS, SHOOTOUT_ATTEMPT, TOP_KEYS
from tools.make_rule_docs import OUT, rules_markdown
from tools.make_rulebook_docs import OUT as REFERENCE_OUT
from tools.make_rulebook_docs import anchor, reference_markdown
from tools.make_season_file_docs import OUT as SEASON_FILE_OUT
from tools.make_season_file_docs import TABLES as SEASON_FILE_TABLES
from tools.make_season_file_docs import season_file_markdown

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = ("season-file.md", "command-line.md", "rules.md", "rulebook.md", "rulebook-reference.md", "roster-csv.md",
         "three-period-league.md")


def page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def code_spans(text: str) -> set[str]:
    """Every `code` span of a Markdown page, and each word inside one."""
    spans = set(re.findall(r"`([^`\n]+)`", text))
    return spans | {w for s in spans for rx in (r"[\w.#-]+", r"[\w#-]+") for w in re.findall(rx, s)}


def test_rules_md_is_what_the_generator_writes_from_the_rule_registry():
    assert OUT == DOCS / "rules.md"
    assert page("rules.md") == rules_markdown(load_rulebook(DEFAULT_RULEBOOK)), (
        "docs/rules.md is out of date: run python tools/make_rule_docs.py")


def test_rules_md_lists_every_rule_id_section_and_infraction_code():
    book = load_rulebook(DEFAULT_RULEBOOK)
    text = page("rules.md")
    for ref in book.rules.values():
        assert re.search(rf"^\| {re.escape(ref.id)} \| {re.escape(ref.section)} \|", text, re.MULTILINE), ref.id
    for code in book.infractions:
        assert f"| `{code}` |" in text, code
    for row in book.discipline:
        assert f"| `{row.trigger}` |" in text, row.trigger


def _commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()):
    """(command words, option strings) of every command and sub-command."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                words = (*prefix, name)
                options = [o for a in sub._actions for o in a.option_strings if o not in ("-h", "--help")]
                yield words, options
                yield from _commands(sub, words)


def test_command_line_md_names_every_command_and_option():
    text = page("command-line.md")
    spans = code_spans(text)
    found = list(_commands(build_parser()))
    assert len(found) > 20
    for words, options in found:
        assert re.search(rf"`{re.escape(' '.join(words))}\b", text), f"command {' '.join(words)!r} not in the page"
        for option in options:
            assert option in spans, f"{' '.join(words)} {option} not in docs/command-line.md"
    for option in ("--db", "--season", "--version", "SCOREKEEPER_DB"):
        assert option in spans
    for code in ("| 0 |", "| 1 |", "| 2 |"):
        assert code in text


def test_season_file_md_names_every_key_the_reader_accepts():
    spans = code_spans(page("season-file.md"))
    keys = set(TOP_KEYS) | {k for req, opt in FIELDS.values() for k in req | opt}
    keys |= {k for req, opt in EVENT_FIELDS.values() for k in req | opt} | set(EVENT_FIELDS)
    keys |= SHOOTOUT_ATTEMPT[0]
    missing = sorted(keys - spans)
    assert missing == [], f"season-file keys not in docs/season-file.md: {missing}"
    assert "scorekeeper.season/1" in spans


def test_season_file_md_tables_are_what_the_generator_writes_from_the_declaration():
    assert SEASON_FILE_OUT == DOCS / "season-file.md"
    text = page("season-file.md")
    assert text == season_file_markdown(text), (
        "docs/season-file.md's field tables are out of date: run python tools/make_season_file_docs.py")
    generated = set(re.findall(r"<!-- generated: ([^>]+?) -->", text))
    assert generated == {*SEASON_FILE_TABLES, "events"}, "every declared record has its table on the page"
    assert text.count("<!-- generated: ") == text.count("<!-- end generated -->")


def test_roster_csv_md_names_every_column_and_alias():
    spans = code_spans(page("roster-csv.md"))
    missing = sorted((COLUMNS | set(ALIASES)) - spans)
    assert missing == [], f"roster CSV columns not in docs/roster-csv.md: {missing}"


def _toml_keys(table: dict, prefix: str = "") -> set[str]:
    """Dotted key names of a rulebook, an infraction code or rule ID standing as `*`."""
    out: set[str] = set()
    for key, value in table.items():
        name = f"{prefix}{'*' if prefix in ('infractions.', 'rules.') else key}"
        out.add(name)
        if isinstance(value, dict):
            out |= _toml_keys(value, f"{name}.")
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            for row in value:
                out |= _toml_keys(row, f"{name}.")
    return out


def test_rulebook_reference_md_is_what_the_generator_writes_from_the_schema_declaration():
    assert REFERENCE_OUT == DOCS / "rulebook-reference.md"
    assert page("rulebook-reference.md") == reference_markdown(), (
        "docs/rulebook-reference.md is out of date: run python tools/make_rulebook_docs.py")


def test_rulebook_reference_md_gives_every_declared_key_its_type_default_meaning_and_section():
    text = page("rulebook-reference.md")
    for table in schema.TABLES:
        section = text.split(f'<a id="{anchor(table.path)}"></a>', 1)[1].split("<a id=", 1)[0]
        for key in schema.keys_of(table.path):
            row = (f"| `{key.name}` | {key.type_words()} | {key.default_words()} | {key.meaning} "
                   f"| {key.section or '-'} |")
            assert row in section, f"{key.path} not in its table of docs/rulebook-reference.md"


def test_rulebook_md_links_the_reference_for_every_table():
    text = page("rulebook.md")
    for table in schema.TABLES:
        if schema.keys_of(table.path):
            assert f"(rulebook-reference.md#{anchor(table.path)})" in text, f"rulebook.md does not link {table.path!r}"


def test_rulebook_reference_documents_every_key_of_the_shipped_rulebook():
    from scorekeeper.resources import resource_path

    data = tomllib.loads(resource_path("rulebooks", f"{DEFAULT_RULEBOOK}.toml").read_text(encoding="utf-8"))
    spans = code_spans(page("rulebook-reference.md"))
    text = page("rulebook.md")
    for name in sorted(_toml_keys(data)):
        last = name.rsplit(".", 1)[-1]
        if last == "*":
            continue
        assert last in spans, f"rulebook key {name} not in docs/rulebook-reference.md"
    for table in ("clock", "overtime.regular", "shootout", "points", "standings", "icing", "mercy", "lateness",
                  "on_ice", "coed.caps", "coed.div1_in_div2", "eligibility", "scoring", "penalties",
                  "penalties.classes.NAME", "infractions.CODE", "discipline", "suspensions", "appeals", "fines",
                  "rules"):
        assert f"[{table}]" in text or f"[[{table}]]" in text, f"table [{table}] not in docs/rulebook.md"


def test_readme_links_every_page_of_docs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in PAGES:
        assert f"docs/{name}" in readme, f"README.md does not link docs/{name}"
        assert (DOCS / name).is_file()


# A path into a folder beside the clone; in tests, scripts and docs also the reference folder's documents by name.
READS = re.compile(r"\.\./shared|/work/shared|[\"']shared[\"']\s*/")
NAMES = re.compile(r"\bshared/(formats|rules|realdata|design|rulebook)")


@pytest.mark.parametrize("where", ["tests", ".ci", "docs", "tools", "README.md", "pyproject.toml",
                                   "pyinstaller.spec", "scorekeeper", "ui"])
def test_nothing_reads_a_shared_folder_beside_the_clone(where: str):
    """A fresh clone is all the tests, scripts and README examples need (issue 15, point 3)."""
    outside = READS if where in ("scorekeeper", "ui") else re.compile(f"{READS.pattern}|{NAMES.pattern}")
    base = ROOT / where
    files = [base] if base.is_file() else [p for p in base.rglob("*") if p.is_file()
                                            and p.suffix in (".py", ".md", ".toml", ".spec", "", ".sh", ".cfg")]
    found = []
    for path in files:
        if path == Path(__file__).resolve() or "__pycache__" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        found += [f"{path.relative_to(ROOT)}:{n}" for n, line in enumerate(text.splitlines(), 1)
                  if outside.search(line)]
    assert found == [], f"reads or names a folder beside the clone: {found}"
