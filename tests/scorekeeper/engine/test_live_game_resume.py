"""The open computation of a game that is not final (issue 7: an entry at the boards applies only itself).

`LiveGame.extended` must give exactly the state `compute_game` gives from the start, for every game."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Event, GameInput, compute_game
from scorekeeper.engine.computation import _Computation, _run
from scorekeeper.engine.live_game import LiveGame
from scorekeeper.engine.timefmt import parse_mmss
from tests.scorekeeper.gamebuilder import BOOK, goal, lineup, pen

INFRACTIONS = ["tripping", "hooking", "body_contact", "misconduct", "slashing", "fighting", "instigator",
               "attempt_to_injure", "game_misconduct", "holding"]


def to_events(events: list[dict]) -> list[Event]:
    out = []
    for i, e in enumerate(events):
        data = {k: v for k, v in e.items() if k not in ("type", "team", "period", "elapsed")}
        el = e.get("elapsed")
        out.append(Event(i, e["type"], e.get("team"), e.get("period"), parse_mmss(el) if el else None, data))
    return out


def game_of(events: list[Event], stage: str = "regular") -> GameInput:
    return GameInput("g", stage, "scheduled", "H", "A", {"home": lineup("h"), "away": lineup("a")}, events)


@st.composite
def timed_log(draw: st.DrawFn) -> list[dict]:
    """Goals, penalties, timeouts and goalie changes in game order, several at one instant allowed."""
    n = draw(st.integers(1, 40))
    seconds = sorted(draw(st.lists(st.integers(0, 2399), min_size=n, max_size=n)))
    out: list[dict] = []
    for s in seconds:
        period, elapsed = (1, s) if s < 1200 else (2, s - 1200)
        clock = f"{elapsed // 60:02d}:{elapsed % 60:02d}"
        side = draw(st.sampled_from(["home", "away"]))
        p = side[0]
        kind = draw(st.sampled_from(["goal", "goal", "penalty", "penalty", "timeout"]))
        if kind == "goal":
            out.append(goal(side, period, clock, f"{p}{draw(st.integers(2, 7))}"))
        elif kind == "penalty":
            out.append(pen(side, period, clock, f"{p}{draw(st.integers(1, 7))}", draw(st.sampled_from(INFRACTIONS))))
        else:
            out.append({"type": "timeout", "team": side, "period": period, "elapsed": clock})
    return out


@settings(max_examples=200, deadline=None)
@given(timed_log(), st.data())
def test_a_live_game_extended_entry_by_entry_equals_the_game_computed_from_the_start(log: list[dict], data):
    events = to_events(log)
    start = data.draw(st.integers(0, len(events)), label="events already entered")
    live = LiveGame(game_of(events[:start]), BOOK)
    assert live.state().to_json() == compute_game(game_of(events[:start]), BOOK).to_json()
    for k in range(start + 1, len(events) + 1):
        game = game_of(events[:k])
        extended = live.extended(game)
        assert extended is not None
        assert extended.state().to_json() == compute_game(game, BOOK).to_json()
        # the open computation is left as it was: asking again gives the same state
        assert extended.state().to_json() == compute_game(game, BOOK).to_json()
        live = extended


@settings(max_examples=200, deadline=None)
@given(timed_log(), st.data())
def test_entries_keyed_out_of_game_order_extend_the_open_game_to_the_game_computed_from_the_start(log: list[dict],
                                                                                                  data):
    """The log keyed in any order (a penalty keyed after the next goal): each entry, one at a time or several at
    once, goes on from the open computation's last mark before it and gives the state `compute_game` gives."""
    order = data.draw(st.permutations(range(len(log))), label="the order the entries are keyed in")
    keyed = [log[i] for i in order]
    start = data.draw(st.integers(0, len(keyed)), label="events already entered")
    live = LiveGame(game_of(to_events(keyed[:start])), BOOK)
    k = start
    while k < len(keyed):
        k = min(len(keyed), k + data.draw(st.integers(1, 3), label="entries at once"))
        game = game_of(to_events(keyed[:k]))
        extended = live.extended(game)
        assert extended is not None
        assert extended.state().to_json() == compute_game(game, BOOK).to_json()
        assert live.state().to_json() == compute_game(live.game, BOOK).to_json()  # the one before is unchanged
        live = extended


def test_an_entry_earlier_than_the_last_one_applies_the_entries_after_it_again():
    events = to_events([goal("home", 1, "05:00", "h2"), goal("away", 1, "03:00", "a2")])
    live = LiveGame(game_of(events[:1]), BOOK)
    extended = live.extended(game_of(events))
    assert extended is not None
    assert [e.seq for e in extended.timed] == [1, 0]
    assert extended.state().to_json() == compute_game(game_of(events), BOOK).to_json()


def test_an_untimed_entry_or_changed_line_ups_are_computed_from_the_start():
    first = to_events([goal("home", 1, "05:00", "h2")])
    live = LiveGame(game_of(first), BOOK)
    late = Event(1, "late", "away", None, None, {"minutes": 7})
    assert live.extended(game_of([*first, late])) is None
    later = Event(1, "goal", "home", 1, 400, {"scorer": "h3", "assists": []})
    fewer = replace(game_of([*first, later]), lineups={"home": lineup("h", 6), "away": lineup("a")})
    assert live.extended(fewer) is None
    assert live.extended(replace(game_of([*first, later]), status="final")) is None


def test_a_fork_shares_nothing_a_later_entry_or_the_end_of_the_game_changes():
    """Every mutable attribute of a computation is copied by `fork`, but for the inputs and the records that are
    never changed once made (a new attribute must be added to `fork`, or here when it is shared on purpose)."""
    events = to_events([pen("home", 1, "01:00", "h2"), goal("away", 1, "01:30", "a3"),
                        pen("away", 1, "02:00", "a4", "fighting")])
    comp, _, _ = _run(game_of(events), BOOK, None)
    fork = comp.fork()
    shared_on_purpose = {"g", "book", "ot"}
    immutable = (int, str, bool, float, type(None), tuple, frozenset)
    for name, value in vars(comp).items():
        if name in shared_on_purpose or isinstance(value, immutable):
            continue
        assert getattr(fork, name) is not value, f"_Computation.{name} is shared by fork()"
    given = comp.clock._instant[1]
    for mine, theirs in zip(comp.penalties, fork.penalties, strict=True):
        over = all(s.end is not None and all(s is not x for x in given) for s in mine.parts)
        if mine is theirs:  # shared on purpose: its times in the box are over, never changed again
            assert over
        else:
            assert all(s is not t for s, t in zip(mine.parts, theirs.parts, strict=True)) or over
    assert any(mine is theirs for mine, theirs in zip(comp.penalties, fork.penalties, strict=True))
    assert isinstance(comp, _Computation)


@settings(max_examples=200, deadline=None)
@given(timed_log(), st.data())
def test_a_fork_finished_as_a_final_game_leaves_the_computation_it_came_from_as_it_was(log: list[dict], data):
    """`fork` shares the penalties whose times in the box are over: finishing the fork (the end of the game, the
    penalties after it marked post-game) or going on with it never shows in the computation it came from."""
    events = to_events(log)
    k = data.draw(st.integers(0, len(events)), label="events applied before the fork")
    comp, forfeit, called = _run(game_of(events[:k]), BOOK, None)
    before = comp.snapshot(forfeit, called).to_json()
    ended = comp.fork()
    ended.g = replace(game_of(events[:k]), status="final")
    assert ended.finish(forfeit, called).to_json() == compute_game(ended.g, BOOK).to_json()
    going_on = comp.fork()
    going_on.g = game_of(events)
    for ev in sorted(events[k:], key=lambda e: (e.period, e.elapsed, e.seq)):
        going_on.apply(ev)
    going_on.finish(forfeit, called)
    assert comp.snapshot(forfeit, called).to_json() == before
    assert comp.finish(forfeit, called).to_json() == compute_game(game_of(events[:k]), BOOK).to_json()
