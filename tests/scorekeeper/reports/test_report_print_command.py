"""`scorekeeper print ...` through `add_parser` / `run_print` of scorekeeper.commands.printing, with a local parser."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.commands.printing import add_parser, run_print
from tests.scorekeeper.reports.conftest import flat, pdf_pages

REPO = Path(__file__).resolve().parents[3]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="scorekeeper")
    p.add_argument("--season")
    sub = p.add_subparsers(dest="command")
    add_parser(sub)
    return p


def run(svc, *argv: str) -> int:
    return run_print(svc, parser().parse_args(["print", *argv]))


def test_game_sheet_to_a_file(svc, tmp_path, capsys):
    out = tmp_path / "g101.pdf"
    assert run(svc, "game-sheet", "g101", "-o", str(out)) == 0
    assert "Otters win 3–2 in overtime" in flat(pdf_pages(out.read_bytes())[0])
    assert [p.name for p in tmp_path.iterdir()] == ["g101.pdf"]  # the temporary file was renamed
    assert "wrote" in capsys.readouterr().out


def test_fine_statements_all_teams_or_one(svc, tmp_path):
    out = tmp_path / "fines.pdf"
    assert run(svc, "fine-statements", "--date", "2016-04-01", "-o", str(out)) == 0
    assert len(pdf_pages(out.read_bytes())) == 4
    assert run(svc, "fine-statements", "--team", "otters", "-o", str(out)) == 0
    (page,) = pdf_pages(out.read_bytes())
    assert "BALANCE DUE $30.00" in flat(page)


def test_suspension_notice_and_standings(svc, tmp_path):
    out = tmp_path / "n.pdf"
    assert run(svc, "suspension-notice", "fl", "-o", str(out)) == 0
    assert "five (5) games" in flat(pdf_pages(out.read_bytes())[0])
    assert run(svc, "suspension-notice", "fl", "--game", "g101", "-o", str(out)) == 0
    assert run(svc, "standings", "-o", str(tmp_path / "s.pdf")) == 0


@pytest.mark.parametrize("argv, message", [
    (["game-sheet", "g999"], "no game 'g999'"),
    (["fine-statements", "--team", "nope"], "no team 'nope'"),
    (["suspension-notice", "nobody"], "no player 'nobody'"),
    (["suspension-notice", "ot03"], "has no suspension"),
    (["fine-statements", "--date", "someday"], "not a date"),
])
def test_bad_input_exits_1_with_a_message_and_writes_nothing(svc, tmp_path, capsys, argv, message):
    out = tmp_path / "x.pdf"
    assert run(svc, *argv, "-o", str(out)) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_unwritable_path_exits_1(svc, tmp_path, capsys):
    assert run(svc, "game-sheet", "g101", "-o", str(tmp_path / "no" / "such" / "folder" / "x.pdf")) == 1
    assert "cannot write" in capsys.readouterr().err
    assert run(svc, "game-sheet", "g101", "-o", str(tmp_path)) == 1
    assert "it is a folder" in capsys.readouterr().err


def test_output_is_required_and_documents_are_named():
    with pytest.raises(SystemExit) as exc:
        parser().parse_args(["print", "game-sheet", "g101"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit):
        parser().parse_args(["print", "scoresheet", "-o", "x.pdf"])


def test_reportlab_is_not_imported_until_a_document_is_built():
    code = ("import sys, scorekeeper.cli, scorekeeper.commands.printing, scorekeeper.reports.data, "
            "scorekeeper.printing; bad = [m for m in sys.modules if m.startswith('reportlab')]; "
            "assert not bad, bad")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
