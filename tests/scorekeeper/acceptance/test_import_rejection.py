"""Import validation: blocking violations reject the whole file.

Contract: "A blocking violation anywhere rejects the whole file: nothing is written, the command exits 1, and
each violation is printed on its own line with its rule ID ..., the game and event it concerns, and the
rulebook section. Warnings are printed and accepted." and "Unknown top-level or object keys are an error."

A base season (teams a, b; one valid game g01 with one timeout) is imported once; each test copies that
database, imports the base file plus one bad game, and checks the exit code, the rule ID in the output, and
that the export is unchanged.
"""

from __future__ import annotations

import copy

import pytest

from .conftest import (
    SeasonBuilder,
    copy_db,
    export_json,
    goal,
    import_season,
    penalty,
    run_cli,
    timeout,
    write_json,
)

H, A = "home", "away"


def base_builder() -> SeasonBuilder:
    sb = SeasonBuilder({"d1": ["a", "b"]})
    sb.game("g01", "a", "b", [goal(H, 1, "05:00", "a02", "a03"), timeout(H, 1, "12:00"),
                              goal(A, 2, "16:00", "b02"), goal(H, 2, "18:00", "a04")])   # a 2-1 b
    return sb


class Base:
    def __init__(self, tmp):
        self.data = base_builder().build()
        self.season = import_season(tmp, self.data)
        self.season.require_ok()
        self.export = export_json(self.season.db, tmp / "baseline-export.json")

    def with_games(self, *games: dict) -> dict:
        data = copy.deepcopy(self.data)
        data["games"].extend(games)
        return data


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    return Base(tmp_path_factory.mktemp("rejection-base"))


def _game(gid: str, events: list[dict], home: str = "a", away: str = "b", **extra) -> dict:
    sb = SeasonBuilder({"d1": ["a", "b"]}, start="2015-11-01")
    return sb.game(gid, home, away, events, **extra)


def import_rejected(base: Base, tmp_path, data: dict) -> str:
    """Import `data` into a copy of the base database; the import must exit 1, print no traceback, and leave
    the database as it was. Returns stdout + stderr."""
    db = copy_db(base.season.db, tmp_path / "db")
    f = write_json(tmp_path / "bad.json", data)
    code, out, err = run_cli(db, "import", f)
    assert "Traceback" not in out + err, err
    assert code == 1, f"expected exit 1 (rejected), got {code}\nstdout:\n{out}\nstderr:\n{err}"
    after = export_json(db, tmp_path / "after.json")
    assert after == base.export, "a rejected import changed the database"
    return out + err


def test_game_2_overtime_goal_in_untied_game_rejected(base, tmp_path):
    """GAME-2: "Regular-season tie -> 5-minute OT ... An OT entered for an untied game -> refused." a 2-1 b
    after 40:00, then a goal in period 3."""
    bad = _game("g_ot", [goal(H, 1, "05:00", "a02"), goal(H, 2, "05:00", "a03"), goal(A, 2, "08:00", "b02"),
                         goal(H, 3, "01:00", "a04")])
    output = import_rejected(base, tmp_path, base.with_games(bad))
    assert "GAME-2" in output
    # "each violation is printed on its own line with its rule ID ..., the game and event it concerns"
    assert any("GAME-2" in line and "g_ot" in line for line in output.splitlines()), output


def test_game_3_second_timeout_rejected(base, tmp_path):
    """GAME-3: "Timeouts allowed per game (cfg, default 1, A-16) ... A 2nd timeout -> refused." """
    bad = _game("g_to", [timeout(H, 1, "10:00"), timeout(H, 2, "10:00")])
    assert "GAME-3" in import_rejected(base, tmp_path, base.with_games(bad))


def test_game_3_no_new_timeout_in_overtime_rejected(base, tmp_path):
    """GAME-2/GAME-3: OT has "no new timeouts"; timeouts allowed per game: 1. The home team used its timeout in
    regulation and takes another in overtime -> refused."""
    bad = _game("g_ot_to", [goal(H, 1, "05:00", "a02"), goal(A, 2, "05:00", "b02"), timeout(H, 2, "10:00"),
                            timeout(H, 3, "01:00")])
    assert "GAME-3" in import_rejected(base, tmp_path, base.with_games(bad))


def test_mercy_1_goal_after_mercy_end_rejected(base, tmp_path):
    """MERCY-1: "A spread of 15 or more ... in the 2nd half ends the game ... Later goals are refused."
    15-0 at 27:30, then another goal at 30:00."""
    skaters = ["a02", "a03", "a04", "a05", "a06", "a07"]
    evs = [goal(H, 1, f"{m:02d}:00", skaters[m % 6]) for m in range(1, 9)]
    evs += [goal(H, 2, t, skaters[i % 6]) for i, t in enumerate(["01:00", "02:00", "03:00", "04:00", "05:00",
                                                                 "06:00", "07:30"])]
    evs.append(goal(H, 2, "10:00", "a02"))
    assert "MERCY-1" in import_rejected(base, tmp_path, base.with_games(_game("g_mercy", evs)))


def test_data_4_scorer_not_dressed_rejected(base, tmp_path):
    """DATA-4: "The player named in an event is dressed for the named team in this game." a08 is on a's roster
    but not in the lineup."""
    bad = _game("g_nd", [goal(H, 1, "05:00", "a08")])
    assert "DATA-4" in import_rejected(base, tmp_path, base.with_games(bad))


def test_data_4_penalised_player_not_dressed_rejected(base, tmp_path):
    """DATA-4 applies to penalties too ("V goal, penalty"): b08 is not dressed."""
    bad = _game("g_ndp", [penalty(A, 1, "05:00", "b08", "tripping")])
    assert "DATA-4" in import_rejected(base, tmp_path, base.with_games(bad))


def test_data_2_lineup_player_not_on_roster_rejected(base, tmp_path):
    """DATA-2: "Only players signed to that team (active roster) can be dressed for it." b08 dressed for a."""
    bad = _game("g_roster", [])
    bad["lineups"]["home"].append({"player": "b08"})
    assert "DATA-2" in import_rejected(base, tmp_path, base.with_games(bad))


def test_data_3_elapsed_beyond_period_length_rejected(base, tmp_path):
    """DATA-3: "the elapsed time lies within the period's length" (20-minute halves, GAME-1)."""
    bad = _game("g_time", [goal(H, 1, "21:00", "a02")])
    assert "DATA-3" in import_rejected(base, tmp_path, base.with_games(bad))


def test_data_3_second_overtime_in_regular_season_rejected(base, tmp_path):
    """DATA-3: "OT periods only when the rulebook allows them"; GAME-2/A-16: the regular season has one
    5-minute OT. 1-1 after regulation, no goal in period 3, a goal in period 4 -> refused."""
    bad = _game("g_ot2", [goal(H, 1, "05:00", "a02"), goal(A, 2, "05:00", "b02"), goal(H, 4, "01:00", "a03")])
    assert "DATA-3" in import_rejected(base, tmp_path, base.with_games(bad))


def test_score_2_scorer_cannot_assist_own_goal_rejected(base, tmp_path):
    """SCORE-2: "Scorer and assisters must be distinct ..." """
    bad = _game("g_dup", [goal(H, 1, "05:00", "a02", "a02")])
    assert "SCORE-2" in import_rejected(base, tmp_path, base.with_games(bad))


def test_elig_3_ejected_player_cannot_score_later_rejected(base, tmp_path):
    """ELIG-3: "An ejected player cannot appear in later entries in the same game." (SCORE-2: the scorer must
    be "not ejected".) b02 gets a game misconduct at 10:00 and is entered as scorer at 15:00."""
    bad = _game("g_ej", [penalty(A, 1, "10:00", "b02", "game_misconduct"), goal(A, 1, "15:00", "b02")])
    output = import_rejected(base, tmp_path, base.with_games(bad))
    assert "ELIG-3" in output or "SCORE-2" in output, output


def test_pen_goalie_1_goalie_cannot_serve_own_minor_rejected(base, tmp_path):
    """PEN-GOALIE-1: "A goalie's minor or major is served by a teammate who was on the ice." Example: goalie
    named as server -> refused."""
    bad = _game("g_gk", [penalty(A, 1, "09:00", "b01", "tripping", served_by="b01")])
    assert "PEN-GOALIE-1" in import_rejected(base, tmp_path, base.with_games(bad))


def test_elig_1_playoff_lineup_needs_six_regular_games_rejected(base, tmp_path):
    """ELIG-1: "Needs 6 or more regular-season games on this team's lineup (A-24)" - V playoff lineup, block.
    Every player of a and b has 1 regular-season game (g01)."""
    bad = _game("g_po", [goal(H, 1, "05:00", "a02")], stage="playoff")
    assert "ELIG-1" in import_rejected(base, tmp_path, base.with_games(bad))


def test_elig_2_suspended_player_cannot_dress_rejected(base, tmp_path):
    """ELIG-2: "Players with an active suspension cannot dress." b02 fights in g_f1 (PEN-FIGHT-1: 5 games) and
    is dressed again in b's very next game."""
    fight = _game("g_f1", [penalty(H, 1, "10:00", "a02", "fighting", served_by="a03"),
                           penalty(A, 1, "10:00", "b02", "fighting", served_by="b03")])
    after = _game("g_f2", [], home="b", away="a", date="2015-11-20")
    after["lineups"]["away"] = [e for e in after["lineups"]["away"] if e["player"] != "a02"]
    assert "ELIG-2" in import_rejected(base, tmp_path, base.with_games(fight, after))


def test_elig_2_suspension_applies_to_the_person_on_every_team_a_28(base, tmp_path):
    """A-28 / SUSP-1: a suspension "applies to the person on every team". b02, also signed to a as #22, fights
    for b in g_p1 (5 games) and is dressed for a in the next game -> ELIG-2 refuses."""
    data = base.with_games(
        _game("g_p1", [penalty(A, 1, "10:00", "b02", "fighting", served_by="b03")]),
        _game("g_p2", [], date="2015-11-20"))
    data["roster"].append({"team": "a", "player": "b02", "number": 22, "position": "skater"})
    data["games"][-1]["lineups"]["home"].append({"player": "b02"})
    assert "ELIG-2" in import_rejected(base, tmp_path, data)


def test_susp_1_suspension_carries_into_the_playoffs_rejected(base, tmp_path):
    """SUSP-1: "It carries into the playoffs." b02 gets 2 majors (PEN-MAJOR-2: 2 games) in the last regular
    game; he sits out the first playoff game and is dressed for the second -> 1 of 2 served -> ELIG-2."""
    regular = [_game(f"g_r{i}", [], date=f"2015-11-0{i}") for i in range(2, 7)]          # g01 + 5 = 6 games
    regular[-1]["events"] = [penalty(A, 1, "05:00", "b02", "slashing", cls="major"),
                             penalty(A, 2, "05:00", "b02", "slashing", cls="major", served_by="b03")]
    po1 = _game("g_po1", [goal(H, 1, "05:00", "a02")], stage="playoff", date="2015-11-10")
    po1["lineups"]["away"] = [e for e in po1["lineups"]["away"] if e["player"] != "b02"]
    po2 = _game("g_po2", [goal(H, 1, "05:00", "a02")], stage="playoff", date="2015-11-11")
    assert "ELIG-2" in import_rejected(base, tmp_path, base.with_games(*regular, po1, po2))


def test_format_unknown_event_key_rejected(base, tmp_path):
    """Contract: "Unknown top-level or object keys are an error (a typo must not be silently ignored)." A goal
    with `scorer_id` instead of `scorer`."""
    bad = _game("g_typo", [goal(H, 1, "05:00", "a02")])
    bad["events"][0]["scorer_id"] = bad["events"][0].pop("scorer")
    import_rejected(base, tmp_path, base.with_games(bad))


def test_format_unknown_game_key_rejected(base, tmp_path):
    """Contract: unknown object keys are an error: a game with `venue` (the field is `rink`)."""
    bad = _game("g_venue", [], venue="Westridge Community Centre")
    import_rejected(base, tmp_path, base.with_games(bad))


def test_format_every_violation_reported_on_its_own_line(base, tmp_path):
    """Contract: "each violation is printed on its own line with its rule ID". Two bad games -> both IDs, on
    different lines."""
    bad1 = _game("g_bad1", [timeout(A, 1, "03:00"), timeout(A, 1, "04:00")])          # GAME-3
    bad2 = _game("g_bad2", [goal(H, 1, "05:00", "a08")])                              # DATA-4
    output = import_rejected(base, tmp_path, base.with_games(bad1, bad2))
    lines = output.splitlines()
    # a summary line may name both; each violation must also have a line of its own
    assert any("GAME-3" in line and "DATA-4" not in line and "g_bad1" in line for line in lines), output
    assert any("DATA-4" in line and "GAME-3" not in line and "g_bad2" in line for line in lines), output


def test_format_unknown_top_level_key_nothing_written(tmp_path):
    """Contract: an unknown top-level key is an error; "nothing is written". The rejected file also brings a
    team `zz`; after it, importing the good file gives exactly the export of the good file alone."""
    good = base_builder().build()
    bad = copy.deepcopy(good)
    bad["teams"].append({"id": "zz", "name": "Team ZZ", "division": "d1"})
    bad["colour_scheme"] = "dark"
    db = tmp_path / "fresh.db"
    code, out, err = run_cli(db, "import", write_json(tmp_path / "bad.json", bad))
    assert code == 1, (code, out, err)
    assert "Traceback" not in out + err
    code, out, err = run_cli(db, "import", write_json(tmp_path / "good.json", good))
    assert code == 0, (code, out, err)
    got = export_json(db, tmp_path / "got.json")
    assert "zz" not in [t["id"] for t in got["teams"]]
    clean_db = tmp_path / "clean.db"
    assert run_cli(clean_db, "import", tmp_path / "good.json")[0] == 0
    assert got == export_json(clean_db, tmp_path / "clean.json")


def test_data_2_dressed_number_differs_is_only_a_warning(base, tmp_path):
    """DATA-2: "a dressed number may differ from the roster number only with a warning." Contract: "Warnings
    are printed and accepted." a02 (#2 on the roster) wears #22."""
    ok = _game("g_num", [goal(H, 1, "05:00", "a02")])
    ok["lineups"]["home"][1]["number"] = 22
    db = copy_db(base.season.db, tmp_path / "db")
    code, out, err = run_cli(db, "import", write_json(tmp_path / "warn.json", base.with_games(ok)))
    assert code == 0, (code, out, err)
    assert "DATA-2" in out + err
    code, out, err = run_cli(db, "game", "g_num", "--json")
    assert code == 0, (code, out, err)
