"""Issue 28.4: the command line is a contract. A broad matrix of command lines (every command and subcommand,
the --help of each, usage errors, --json and readable forms, refusals, writes) runs in-process through
`scorekeeper.cli.main` against a database built from tests/data/small-season.json; stdout, stderr and the exit
code of each must stay what tests/scorekeeper/golden/cli.json recorded before the command line was reorganised.

Regenerate (only when a change of output is meant):
SCOREKEEPER_WRITE_GOLDEN=1 pytest tests/scorekeeper/test_cli_golden.py
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.cli import build_parser, main
from tests.data import EXAMPLE_SEASON

GOLDEN = Path(__file__).resolve().parent / "golden" / "cli.json"


def _help_lines(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command's words, the top level's included: `()`, `("team",)`, `("team", "list")`, ..."""
    yield prefix
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _help_lines(sub, (*prefix, name))


def _cases() -> list[tuple[list[str], str]]:
    """(argv after --db, standard input) in the order they run: reads, usage errors, then writes."""
    helps = [([*words, "--help"], "") for words in _help_lines(build_parser())]
    reads = [
        (["standings"], ""), (["standings", "--json"], ""),
        (["stats"], ""), (["stats", "--json"], ""), (["stats", "--stage", "playoff"], ""),
        (["stats", "--json", "--stage", "playoff"], ""),
        (["suspensions"], ""), (["suspensions", "--json"], ""),
        (["fines"], ""), (["fines", "--json"], ""),
        (["eligibility"], ""), (["eligibility", "--json"], ""),
        (["game", "g001"], ""), (["game", "g001", "--json"], ""), (["game", "g002"], ""), (["game", "g003"], ""),
        (["game", "g004"], ""), (["game", "g004", "--json"], ""), (["game", "nope"], ""),
        (["export"], ""), (["--season", "nope", "standings"], ""),
        (["rulebook", "list"], ""), (["rulebook", "list", "--json"], ""),
        (["team", "list"], ""), (["team", "list", "--json"], ""),
        (["season", "list"], ""), (["season", "list", "--json"], ""),
        (["suspension", "proposed"], ""), (["suspension", "proposed", "--json"], ""),
        (["officials", "g001"], ""), (["officials", "g001", "--json"], ""), (["officials", "nope"], ""),
        (["mail", "settings"], ""),
    ]
    usage = [
        (["--db"], "!"), (["nonsense"], ""), (["stats", "--stage", "final"], ""), (["game"], ""), (["import"], ""),
        (["rulebook"], ""), (["rulebook", "eat"], ""), (["team"], ""), (["team", "add", "X"], ""),
        (["team", "add-division", "D", "--tier", "3"], ""), (["roster"], ""), (["season"], ""),
        (["suspension"], ""), (["print"], ""), (["print", "standings"], ""), (["mail"], ""),
        (["publish"], ""), (["password"], ""), (["password", "forget"], ""), (["officials"], ""),
        (["--operator", " ", "standings"], ""), (["standings", "--jsn"], ""), (["--version"], ""),
        (["export", "-o"], ""),
    ]
    writes = [
        (["import", "{data}"], ""), (["import", "{tmp}/missing.json"], ""),
        (["import", "{tmp}/bad.json"], ""),
        (["export", "-o", "{tmp}/out.json"], ""), (["export", "-o", "{tmp}"], ""),
        (["print", "game-sheet", "g001", "-o", "{tmp}/sheet.pdf"], ""),
        (["print", "game-sheet", "nope", "-o", "{tmp}/sheet2.pdf"], ""),
        (["print", "fine-statements", "--date", "2026-01-01", "-o", "{tmp}/fines.pdf"], ""),
        (["print", "fine-statements", "--team", "nope", "-o", "{tmp}/fines2.pdf"], ""),
        (["print", "standings", "--date", "2026-01-01", "-o", "{tmp}/standings.pdf"], ""),
        (["print", "suspension-notice", "nope", "-o", "{tmp}/notice.pdf"], ""),
        (["publish", "-o", "{tmp}/site", "--no-game-sheets"], ""),
        (["mail", "suspension-notices", "--eml-folder", "{tmp}/eml", "--sender", "office@example.org"], ""),
        (["mail", "fine-statements", "--eml-folder", "{tmp}/eml2", "--sender", "office@example.org"], ""),
        (["mail", "fine-statements", "--eml-folder", "{tmp}/eml3", "--sender", "bad address"], ""),
        (["officials", "g001", "--number", "101", "--referee", "Ann Ref", "--linesman", "Lin One"], ""),
        (["officials", "g001"], ""), (["officials", "g001", "--number", ""], ""),
        (["team", "add", "Walruses", "nope"], ""),
        (["team", "add-division", "Third", "--tier", "1"], ""),
        (["team", "add-division", "Fourth", "--not-coed", "--json"], ""),
        (["team", "add", "Walruses", "Third"], ""), (["team", "add", "Seals", "Third", "--json"], ""),
        (["team", "add", "Walruses", "Third"], ""),
        (["team", "rename", "Walruses", "Narwhals"], ""), (["team", "rename", "nope", "X", "--json"], ""),
        (["team", "merge", "Seals", "Narwhals", "--yes"], ""),
        (["team", "delete", "Narwhals", "--json"], ""), (["team", "delete", "otters"], ""),
        (["team", "list"], ""),
        (["roster", "import", "{tmp}/roster.csv", "--dry-run"], ""),
        (["roster", "import", "{tmp}/roster.csv", "--json", "--dry-run"], ""),
        (["roster", "import", "{tmp}/roster.csv"], ""), (["roster", "import", "{tmp}/missing.csv"], ""),
        (["suspension", "confirm", "nope"], ""), (["suspension", "decline", "nope", "--date", "2026-01-01"], ""),
        (["rulebook", "load", "{tmp}/missing.toml"], ""),
        (["rulebook", "load", "{pro}"], ""), (["rulebook", "load", "{pro}"], ""), (["rulebook", "list"], ""),
        (["password", "set"], "Sponge-Hockey-Office-2026\n"),
        (["password", "change"], "Sponge-Hockey-Office-2026\nOther-Sponge-Office-2027\n"),
        (["rulebook", "load", "{pro}"], "wrong\n"),
        (["team", "delete", "otters"], "wrong\n"),
        (["season", "delete", "nope", "--yes"], "Other-Sponge-Office-2027\n"),
        (["backup", "{tmp}/copy.db"], ""), (["backup", "{tmp}"], ""),
        (["restore", "{tmp}/missing.db"], ""),
        (["season", "archive", "nope"], ""), (["season", "unarchive", "nope"], ""),
        (["season", "archive", "2015-16"], ""), (["team", "add", "Late", "coed1"], ""),
        (["season", "unarchive", "2015-16"], ""), (["restore", "{tmp}/copy.db"], ""), (["standings"], ""),
    ]
    return helps + reads + usage + writes


def _mask(text: str, tmp: str) -> str:
    text = text.replace(tmp, "<TMP>").replace(str(Path(__file__).resolve().parents[2]), "<REPO>")
    text = re.sub(r"\d[\d,]* bytes", "<N> bytes", text)
    text = re.sub(r"\d{8}-\d{6}", "<STAMP>", text)
    text = re.sub(r"\d{4}-\d{2}-\d{2}[T _-]?\d{2}[:.-]?\d{2}([:.-]?\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?",
                  "<TIME>", text)
    return re.sub(r"\d+(\.\d+)? ?(ms|s)\b", "<DURATION>", text)


def _run(argv: list[str], stdin: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
         with_db: bool, db: str) -> dict[str, object]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    full = (["--db", db] if with_db else []) + argv
    try:
        code = main(full)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
    out, err = capsys.readouterr()
    return {"argv": argv, "code": code, "stdout": out, "stderr": err}


def test_every_command_line_gives_what_it_gave_before(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SCOREKEEPER_OPERATOR", "golden")
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    for name in ("SCOREKEEPER_DB", "SCOREKEEPER_DEBUG", "SCOREKEEPER_SMTP_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    tmp = str(tmp_path)
    db = str(tmp_path / "league.db")
    assert main(["--db", db, "import", str(EXAMPLE_SEASON)]) == 0
    capsys.readouterr()
    (tmp_path / "bad.json").write_text('{"format": "nope"', encoding="utf-8")
    (tmp_path / "roster.csv").write_text("team,first,last,number,gender\n"
                                         "otters,Ada,Newcomer,77,F\nnope,Bo,Nowhere,5,M\n", encoding="utf-8")
    pro = str(Path(__file__).resolve().parents[2] / "docs" / "examples" / "pro-league.toml")
    got = []
    for argv, stdin in _cases():
        words = [w.format(tmp=tmp, data=str(EXAMPLE_SEASON), pro=pro) for w in argv]
        result = _run(words, stdin, capsys, monkeypatch, stdin != "!", db)
        got.append({k: (_mask(v, tmp) if isinstance(v, str) else v) for k, v in result.items()}
                   | {"argv": argv})
    if os.environ.get("SCOREKEEPER_WRITE_GOLDEN"):
        GOLDEN.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    want = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert [c["argv"] for c in got] == [c["argv"] for c in want]
    for g, w in zip(got, want, strict=True):
        assert g == w, " ".join(g["argv"])  # type: ignore[arg-type]
