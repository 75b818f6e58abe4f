"""The window's command lines are read without the whole parser (whose mail and publish parts import those
packages), exactly as the whole parser reads them; every other line is left to the whole parser."""

from __future__ import annotations

import pytest

from scorekeeper.cli import build_parser, window_args

WINDOW_LINES = [
    [], ["gui"], ["--db", "league.db"], ["--db=league.db"], ["--db", "league.db", "gui"],
    ["--season", "2015-16", "--db", "league.db"], ["--season=2015-16", "gui"], ["--db", "gui"],
    ["--db=", "gui"], ["--db", "a.db", "--db", "b.db"], ["--db", "sqlite:///x=y.db"], ["--db=a=b.db"],
    ["--db", "postgresql://office@rink/league"],
]
OTHER_LINES = [
    ["gui", "--db", "league.db"], ["--d", "league.db"], ["-h"], ["--help"], ["--version"], ["--db"],
    ["--db", "-x"], ["standings"], ["--db", "league.db", "standings", "--json"], ["gui", "gui"], ["--", "gui"],
    ["--dbx=1"], ["mail", "settings"], ["--season"],
]


@pytest.mark.parametrize("argv", WINDOW_LINES, ids=" ".join)
def test_a_window_line_reads_as_the_whole_parser_reads_it(argv: list[str]) -> None:
    assert window_args(argv) == build_parser().parse_args(argv)


@pytest.mark.parametrize("argv", OTHER_LINES, ids=" ".join)
def test_any_other_line_is_left_to_the_whole_parser(argv: list[str]) -> None:
    assert window_args(argv) is None
