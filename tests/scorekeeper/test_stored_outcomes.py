"""Issue 29 (h16): the standings read the final games' stored outcomes (`db.game_outcomes`) instead of the whole
season, and only while every outcome row is the one of its game as it is now: written with the games, trusted at
the game's revision under the digest of the code, the rulebook, the co-ed flag, the players' genders and the
game's own fields; a row edited outside Scorekeeper, a changed rulebook, a gender changed send the standings back
to the whole season, and the window's close stores the outcomes of the season it read whole. The property test
over random sequences is in test_stored_results.py."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from scorekeeper.db import game_outcomes
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON
from tests.scorekeeper.test_stored_results import narrow_standings


def complete(svc: Services) -> bool:
    season = svc.season_row()
    return game_outcomes.read_narrow(season, svc.rulebook_for(season)).complete


@pytest.fixture
def league(tmp_path: Path) -> Path:
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    svc.close()
    return path


def sql(path: Path, statement: str, *args: object) -> None:
    con = sqlite3.connect(path)
    con.execute(statement, args)
    con.commit()
    con.close()


def test_an_import_stores_every_final_games_outcome_and_standings_and_names_read_rows_alone(league: Path) -> None:
    svc = Services.open(str(league))
    assert complete(svc)
    narrow, names = svc.standings(), svc.names()  # no season read: from the outcomes and the rows' names
    assert not svc._views  # nothing read whole
    svc.forget()
    svc.view()
    assert svc.standings() == narrow  # the whole season's, byte for byte
    assert list(svc.names().items()) == list(names.items())
    assert narrow_standings(svc)
    svc.close()


def test_an_outcome_row_edited_outside_scorekeeper_is_never_read(league: Path) -> None:
    svc = Services.open(str(league))
    before = svc.standings()
    svc.close()
    sql(league, "update game_outcome set home_score = home_score + 5 where game_id = "
                "(select min(game_id) from game_outcome)")
    svc = Services.open(str(league))
    assert not complete(svc)
    assert svc.standings() == before
    svc.close()


@pytest.mark.parametrize("change", ["rulebook", "gender", "revision", "coed"])
def test_what_an_outcome_depends_on_changed_sends_the_standings_to_the_whole_season(league: Path,
                                                                                    change: str) -> None:
    statements = {
        "rulebook": "update rulebook_record set text = replace(text, 'ot_loss = 0', 'ot_loss = 1')",
        "gender": "update player set gender = case gender when 'M' then 'F' else 'M' end "
                  "where id = (select min(id) from player)",
        "revision": "update game set revision = revision + 1 where id = (select min(game_id) from game_outcome)",
        "coed": "update division set coed = 1 - coed",
    }
    svc = Services.open(str(league))
    assert complete(svc)
    svc.close()
    sql(league, statements[change])
    svc = Services.open(str(league))
    assert not complete(svc)
    svc.view()
    assert narrow_standings(svc) is False
    svc.close()


def test_the_window_stores_the_outcomes_of_a_season_it_read_whole(league: Path) -> None:
    sql(league, "delete from game_outcome")  # as a database from before the outcomes were stored
    command = Services.open(str(league))
    assert not complete(command)
    standings = command.standings()  # the whole season, read now
    command.close()  # a command that reads writes nothing
    command = Services.open(str(league))
    assert not complete(command)
    command.close()
    window = Services.open(str(league), exclusive=True)
    assert window.standings() == standings
    window.close()  # the window stores them
    command = Services.open(str(league))
    assert complete(command) and command.standings() == standings
    command.close()


def test_a_read_of_an_sqlite_file_imports_no_postgresql_driver_and_a_server_keeps_it(league: Path) -> None:
    import subprocess
    import sys

    script = ("import sys\nfrom scorekeeper.cli import main\n"
              "code = main(['--db', sys.argv[1], 'standings', '--json'])\n"
              "print(code, sys.modules.get('psycopg', 'absent'), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", script, str(league)], capture_output=True, text=True, check=True)
    assert done.stderr.strip().splitlines()[-1] == "0 None"  # marked absent: peewee did not import it
    assert '"divisions"' in done.stdout
    check = ("import argparse, sys\nfrom scorekeeper import cli\n"
             "cli._without_server_driver(argparse.Namespace(command='standings', db='postgresql://u@h/league'))\n"
             "print('psycopg' in sys.modules and sys.modules['psycopg'] is None)")
    kept = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    assert kept.stdout.strip() == "False"


def test_an_entry_that_finishes_or_reopens_a_game_keeps_the_outcomes_trusted(league: Path) -> None:
    svc = Services.open(str(league))
    svc.reopen_game("g001", "a goal was missed")
    assert complete(svc)  # g001 is not final: the other games' outcomes still hold
    reopened = svc.standings()
    svc.finish_game("g001", confirm=True)
    svc.forget()
    assert complete(svc)  # the finish stored g001's outcome at its new revision
    finished = svc.standings()
    svc.forget()
    svc.view()
    assert svc.standings() == finished and finished != reopened
    svc.close()
