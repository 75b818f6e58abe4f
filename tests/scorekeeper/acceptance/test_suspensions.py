"""Suspensions being served: SUSP-1, ELIG-2, APPEAL-1.

q02 gets two majors in q1 (PEN-MAJOR-2: 2 games); q then plays q2 and q3 (r forfeits q3) without him and he
dresses again in q4. t02 and u02 fight in t1 (PEN-FIGHT-1: 5 games); t and u play two more games without them;
t02 has appealed (pending). p02 gets a gross misconduct in x1, serves 3 games and gets a second in x5.
"""

from __future__ import annotations

import pytest

from .conftest import SeasonBuilder, forfeit, goal, import_season, penalty

H, A = "home", "away"
WITHOUT_02 = ("03", "04", "05", "06", "07", "08")


def build() -> dict:
    sb = SeasonBuilder({"d1": ["q", "r"], "d2": ["t", "u"], "d3": ["o", "p"]})
    lu = SeasonBuilder.lineup
    sb.game("q1", "q", "r", [penalty(H, 1, "05:00", "q02", "slashing", cls="major"),
                             penalty(H, 2, "05:00", "q02", "slashing", cls="major", served_by="q03")])
    sb.game("q2", "r", "q", [goal(H, 1, "05:00", "r02")],
            lineups={"home": lu("r"), "away": lu("q", WITHOUT_02)})
    sb.game("q3", "q", "r", [forfeit(A, "short_players")],
            lineups={"home": lu("q", WITHOUT_02), "away": lu("r")})
    sb.game("q4", "r", "q", [goal(A, 1, "05:00", "q02")])
    sb.game("t1", "t", "u", [penalty(H, 1, "10:00", "t02", "fighting", served_by="t03"),
                             penalty(A, 1, "10:00", "u02", "fighting", served_by="u03")])
    sb.game("t2", "u", "t", [], lineups={"home": lu("u", WITHOUT_02), "away": lu("t", WITHOUT_02)})
    sb.game("t3", "t", "u", [], lineups={"home": lu("t", WITHOUT_02), "away": lu("u", WITHOUT_02)})
    # p02: gross misconduct in x1 (3 games), sits out x2-x4, dresses again and gets a 2nd one in x5
    sb.game("x1", "o", "p", [penalty(A, 1, "10:00", "p02", "gross_misconduct")])
    for gid in ("x2", "x3", "x4"):
        sb.game(gid, "o", "p", [], lineups={"home": lu("o"), "away": lu("p", WITHOUT_02)})
    sb.game("x5", "o", "p", [penalty(A, 1, "10:00", "p02", "gross_misconduct")])
    data = sb.build()
    data["appeals"] = [{"player": "t02", "game": "t1", "filed": "2015-10-20", "form": "WSHL-0042",
                        "fee_paid": True, "decision": "pending"}]
    return data


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    return import_season(tmp_path_factory.mktemp("suspensions"), build())


def _susp(season, player):
    rows = [s for s in season.suspensions()["suspensions"] if s["player"] == player]
    assert len(rows) == 1, season.suspensions()
    return rows[0]


def test_susp_1_served_over_next_games_forfeit_counts(season):
    """SUSP-1: "An N-game suspension is served over the team's next N completed games (forfeits count ...)."
    q02: 2 games (PEN-MAJOR-2) from q1; q plays q2 and q3 (a forfeit win) -> served 2, status served."""
    s = _susp(season, "q02")
    assert (s["rule"], s["games"], s["served"], s["status"]) == ("PEN-MAJOR-2", 2, 2, "served")


def test_elig_2_player_dresses_again_after_serving(season):
    """ELIG-2: only an *active* suspension bars a player: q02 dresses in q4 after serving 2 games, and the file
    is accepted; his goal there counts."""
    season.require_ok()
    assert season.game("q4")["score"] == {"home": 0, "away": 1}


def test_susp_1_partly_served_suspension_still_active(season):
    """SUSP-1: u02 (5 games, PEN-FIGHT-1) has sat out t2 and t3 -> served 2 of 5, active."""
    s = _susp(season, "u02")
    assert (s["rule"], s["kind"], s["games"], s["served"], s["status"]) == ("PEN-FIGHT-1", "games", 5, 2, "active")
    assert s["appeal"] is None


def test_appeal_1_pending_appeal_keeps_suspension_in_force(season):
    """APPEAL-1: "the suspension stays in force until then" (ELIG-2: "including while an appeal of it is
    pending"). t02's appeal is pending -> appeal "pending", status active, served 2."""
    s = _susp(season, "t02")
    assert (s["appeal"], s["status"], s["served"]) == ("pending", "active", 2)


def test_pen_gross_1_second_gross_misconduct_season_and_team_fine_a_29(season):
    """PEN-GROSS-1: "The 2nd in a season -> season suspension + $50 team fine." A-29: "its own row replaces the
    first-offence row: ... with no further 3-game suspension or $30 player fine."
    p02: x1 -> 3 games (served over x2, x3, x4) and $30; x5 -> season, $50 billed to team p."""
    rows = sorted((s for s in season.suspensions()["suspensions"] if s["player"] == "p02"), key=lambda s: s["game"])
    assert [(s["game"], s["rule"], s["kind"], s["games"]) for s in rows] == [
        ("x1", "PEN-GROSS-1", "games", 3), ("x5", "PEN-GROSS-1", "season", None)]
    assert (rows[0]["served"], rows[0]["status"]) == (3, "served")
    fines = sorted(((f["game"], f["payer"], f["amount"]) for f in season.fines()["fines"] if f["team"] == "p"),
                   key=lambda x: x[0])
    assert fines == [("x1", {"player": "p02"}, "30.00"), ("x5", {"team": "p"}, "50.00")]
