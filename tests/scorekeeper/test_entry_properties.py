"""Property tests of single entries (issue 3, point 8): random streams of entries, valid and invalid.

Each stream goes one entry at a time through `Services.add_event(..., confirm=True)` on a scheduled game of a
small imported season (a fresh database per example). Whatever the entry -- misspelt infraction codes,
periods and times out of range, missing or unknown keys, players of the other team -- the facade never
raises: it returns an `EntryResult`. A refused entry leaves the database exactly as it was (the whole export,
computed outputs included); an accepted one adds exactly one event; undo puts back the previous state. The
engine itself never crashes on any stream the season-file check lets through.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.changes import EntryResult
from scorekeeper.engine import Dressed, GameInput, compute_game
from scorekeeper.engine.live import check_on_ice, live_state
from scorekeeper.rulebook import load_rulebook
from scorekeeper.season.view import event_from_dict
from scorekeeper.seasonfile import PENALTY_CLASS_NAMES, check_structure
from scorekeeper.services import Services

BOOK = load_rulebook()
LEAGUE, SEASON = "Westridge Sponge Hockey League", "2015-16"
PLAYERS = [f"{t}{n}" for t in "ab" for n in range(1, 7)]
POOL = PLAYERS + ["c2", "zz9", "A2", ""]
CODES = sorted(BOOK.infractions)
MISSPELT = ["triping", "Hooking", "fight", "body-contact", "slash", "", " tripping", "instigater", "match",
            "game misconduct", "minor", "TRIPPING", "goalie_dropkick", "roughing2", "ineligable_player"]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------------------------------------------------
# A small season: teams a and b (a1/b1 goalies, 2-3 male, 4-6 female), one earlier final game and the
# scheduled game g1 that the streams write to.


def small_season(coed: bool) -> dict[str, Any]:
    players = [{"id": p, "first": p.upper(), "last": "Player", "gender": "MMMFFF"[int(p[1]) - 1]} for p in PLAYERS]
    players.append({"id": "c2", "first": "C2", "last": "Player", "gender": "M"})
    roster = [{"team": p[0], "player": p, "number": int(p[1]), "position": "goalie" if p[1] == "1" else "skater"}
              for p in PLAYERS] + [{"team": "c", "player": "c2", "number": 2}]
    lineups = {side: [{"player": f"{t}{n}", "goalie": n == 1} for n in range(1, 7)]
               for side, t in (("home", "a"), ("away", "b"))}
    earlier = {"id": "g0", "date": "2016-01-03", "time": "19:00", "home": "b", "away": "a", "lineups": lineups | {
        "home": lineups["away"], "away": lineups["home"]}, "events": [
        {"type": "goal", "team": "home", "period": 1, "elapsed": "04:00", "scorer": "b2", "assists": ["b3"]},
        {"type": "penalty", "team": "away", "period": 2, "elapsed": "03:00", "player": "a3", "infraction": "hooking"}]}
    g1 = {"id": "g1", "date": "2016-01-10", "time": "19:00", "home": "a", "away": "b", "status": "scheduled",
          "lineups": lineups, "events": []}
    return {"format": "scorekeeper.season/1", "league": LEAGUE, "season": SEASON,
            "divisions": [{"id": "d", "name": "D", "coed": coed}],
            "teams": [{"id": t, "name": t.upper(), "division": "d"} for t in "abc"],
            "players": players, "roster": roster, "games": [earlier, g1]}


# ------------------------------------------------------------------------------------------------------
# Entries


def clock(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


TEAM = st.sampled_from(["home", "away", "home", "away", "both", "visitors", None])
PERIOD = st.one_of(st.integers(1, 3), st.integers(1, 3), st.integers(-2, 8), st.sampled_from(["1", None, 1.5]))
ELAPSED = st.one_of(st.integers(0, 20 * 60).map(clock), st.integers(0, 20 * 60).map(clock),
                    st.integers(0, 99 * 60 + 59).map(clock),
                    st.sampled_from(["", "5:7", "ab:cd", "20:60", "-1:00", "1:2:3", "100:00", "5:07", None]))
PLAYER = st.sampled_from(POOL)
CODE = st.one_of(st.sampled_from(CODES), st.sampled_from(CODES), st.sampled_from(MISSPELT))
CLASS = st.sampled_from([*PENALTY_CLASS_NAMES, "superminor", "", "Major"])


def timed(kind: str, draw: st.DrawFn) -> dict[str, Any]:
    return {"type": kind, "team": draw(TEAM), "period": draw(PERIOD), "elapsed": draw(ELAPSED)}


@st.composite
def entry(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["goal", "goal", "penalty", "penalty", "penalty", "timeout", "goalie",
                                 "penalty_shot", "awarded_goal", "late", "forfeit", "called", "note", "goall"]))
    e: dict[str, Any]
    if kind == "goal":
        e = timed(kind, draw) | {"scorer": draw(PLAYER), "assists": draw(st.lists(PLAYER, max_size=3))}
        if draw(st.booleans()):
            e["empty_net"] = draw(st.sampled_from([True, False, "yes"]))
    elif kind == "penalty":
        e = timed(kind, draw) | {"player": draw(st.one_of(PLAYER, st.none())), "infraction": draw(CODE)}
        if draw(st.integers(0, 3)) == 0:
            e["class"] = draw(CLASS)
        if draw(st.integers(0, 3)) == 0:
            e["served_by"] = draw(PLAYER)
    elif kind == "goalie":
        e = timed(kind, draw) | {"action": draw(st.sampled_from(["pull", "in", "in", "out"]))}
        if draw(st.booleans()):
            e["player"] = draw(PLAYER)
    elif kind == "penalty_shot":
        e = timed(kind, draw) | {"shooter": draw(PLAYER), "scored": draw(st.sampled_from([True, False, 1]))}
        if draw(st.booleans()):
            e["fouled_by"] = draw(PLAYER)
        if draw(st.booleans()):
            e["infraction"] = draw(CODE)
    elif kind in ("timeout", "awarded_goal"):
        e = timed(kind, draw)
    elif kind == "late":
        e = {"type": kind, "team": draw(TEAM), "minutes": draw(st.one_of(
            st.integers(-5, 30), st.floats(-5, 30, allow_nan=False), st.sampled_from(["5", True, 1e9])))}
    elif kind == "forfeit":
        e = {"type": kind, "team": draw(TEAM), "reason": draw(st.sampled_from(["late", "short_players", "ineligible",
                                                                                 "other", "bogus"]))}
    elif kind == "called":
        e = {"type": kind, "points": {"home": draw(st.integers(-1, 4)), "away": draw(st.integers(-1, 4))},
             "reason": "lights"}
    elif kind == "note":
        e = {"type": kind, "text": draw(st.sampled_from(["crowd trouble", ""])), "report": draw(st.booleans())}
    else:  # an unknown event type
        e = timed(kind, draw) | {"scorer": draw(PLAYER)}
    mutation = draw(st.integers(0, 9))
    if mutation == 0 and len(e) > 1:  # a required key missing
        e.pop(draw(st.sampled_from(sorted(k for k in e if k != "type"))))
    elif mutation == 1:  # an unknown key (a typo)
        e["scorrer"] = "a2"
    return {k: v for k, v in e.items() if v is not None or k in ("player", "team")}


@st.composite
def operations(draw: st.DrawFn) -> list[tuple[str, Any]]:
    """A stream of entries, with now and then an undo, a finish or a reopen of the game."""
    ops = draw(st.lists(st.one_of(entry().map(lambda x: ("add", x)), entry().map(lambda x: ("add", x)),
                                  entry().map(lambda x: ("add", x)), entry().map(lambda x: ("add", x)),
                                  entry().map(lambda x: ("add", x)), entry().map(lambda x: ("add", x)),
                                  st.sampled_from([("undo", None), ("finish", None), ("reopen", None)])),
                        min_size=1, max_size=10))
    return ops


def without_audit(export: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in export.items() if k != "audit"}


def events_of(export: dict[str, Any]) -> list[dict[str, Any]]:
    return next(g for g in export["games"] if g["id"] == "g1")["events"]


@SETTINGS
@given(operations(), st.booleans())
def test_entries_never_raise_and_refused_entries_change_nothing(ops: list[tuple[str, Any]], coed: bool):
    with tempfile.TemporaryDirectory() as tmp:
        svc = Services.open(str(Path(tmp) / "p.db"))
        try:
            assert svc.import_data(small_season(coed)).ok
            state = svc.export()
            history: list[dict[str, Any]] = []  # the export before each change that undo can take back
            for op, value in ops:
                if op == "add":
                    res = svc.add_event("g1", value, confirm=True)
                elif op == "finish":
                    res = svc.finish_game("g1", confirm=True)
                elif op == "reopen":
                    res = svc.reopen_game("g1", "correcting the sheet")
                else:
                    res = svc.undo("g1")
                assert isinstance(res, EntryResult)
                after = svc.export()
                if not res.ok:
                    assert not res.needs_confirmation  # confirm=True: only blocks refuse
                    assert res.blocks or op == "undo", res
                    assert after == state, (op, value, [v.line() for v in res.violations])
                elif op == "add":
                    assert len(events_of(after)) == len(events_of(state)) + 1
                    assert not res.blocks
                    history.append(state)
                elif op == "undo":  # the audit log keeps what was done, undo included
                    assert without_audit(after) == without_audit(history.pop()), "undo did not restore the state"
                elif after != state:
                    history.append(state)
                state = after
        finally:
            svc.close()


@SETTINGS
@given(st.lists(entry(), max_size=12))
def test_a_refused_entry_is_refused_again_and_validate_event_agrees(entries: list[dict[str, Any]]):
    # validate_event (the dry run the window uses) reports a block exactly when add_event refuses the entry.
    with tempfile.TemporaryDirectory() as tmp:
        svc = Services.open(str(Path(tmp) / "v.db"))
        try:
            assert svc.import_data(small_season(False)).ok
            for e in entries:
                dry = svc.validate_event("g1", e)
                res = svc.add_event("g1", e, confirm=True)
                assert isinstance(res, EntryResult)
                assert res.ok == (not any(v.blocks for v in dry)), (e, [v.line() for v in dry])
                if not res.ok:
                    again = svc.add_event("g1", e, confirm=True)
                    assert not again.ok
        finally:
            svc.close()


# ------------------------------------------------------------------------------------------------------
# The engine on its own


def structurally_valid(e: dict[str, Any]) -> bool:
    g = {"id": "g", "date": "2016-01-10", "time": "19:00", "home": "a", "away": "b", "events": [e]}
    return not check_structure({"format": "scorekeeper.season/1", "league": "L", "season": "S", "games": [g]})


def dressed(team: str, coed: bool) -> list[Dressed]:
    return [Dressed(f"{team}{n}", n, goalie=n == 1, name=f"{team}{n}", gender="MMMFFF"[n - 1] if coed else "M")
            for n in range(1, 7)]


@settings(max_examples=60, deadline=None)
@given(st.lists(entry(), max_size=25), st.sampled_from(["final", "scheduled"]), st.sampled_from(["regular", "playoff"]),
       st.booleans(), st.integers(0, 50 * 60), st.lists(PLAYER, max_size=8))
def test_engine_never_crashes_on_any_stream(entries: list[dict[str, Any]], status: str, stage: str, coed: bool,
                                            t: int, on_ice: list[str]):
    valid = [e for e in entries if structurally_valid(e)]
    events = [event_from_dict(i, e) for i, e in enumerate(valid)]
    game = GameInput("g", stage, status, "a", "b", {"home": dressed("a", coed), "away": dressed("b", coed)},
                     events, coed, "2016-01-10", "19:00")
    state = compute_game(game, BOOK)
    out = state.to_json()
    assert set(out["score"]) == {"home", "away"} and all(v >= 0 for v in out["score"].values())
    if status == "final":
        assert out["decision"] is not None and out["points"] is not None
    live_state(game, BOOK, t)
    check_on_ice(game, BOOK, t, "home", [p for p in on_ice if p])
