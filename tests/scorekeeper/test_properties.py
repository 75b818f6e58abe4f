"""Property tests (hypothesis): invariants of the event log, points and the season file."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.services import Services
from tests.scorekeeper.gamebuilder import BOOK, goal, pen, play
from tests.scorekeeper.synthetic import synthetic_season

INFRACTIONS = ["tripping", "hooking", "body_contact", "misconduct", "slashing", "fighting", "instigator",
               "attempt_to_injure", "game_misconduct"]


@st.composite
def game_events(draw: st.DrawFn) -> list[dict]:
    """Random goals and penalties at distinct times within regulation."""
    n = draw(st.integers(0, 25))
    seconds = draw(st.lists(st.integers(0, 2399), min_size=n, max_size=n, unique=True))
    events = []
    for s in seconds:
        period, elapsed = (1, s) if s < 1200 else (2, s - 1200)
        clock = f"{elapsed // 60:02d}:{elapsed % 60:02d}"
        side = draw(st.sampled_from(["home", "away"]))
        p = side[0]
        if draw(st.booleans()):
            events.append(goal(side, period, clock, f"{p}{draw(st.integers(2, 7))}"))
        else:
            events.append(pen(side, period, clock, f"{p}{draw(st.integers(2, 7))}",
                              draw(st.sampled_from(INFRACTIONS))))
    return events


@settings(max_examples=150, deadline=None)
@given(game_events(), st.randoms(use_true_random=False))
def test_event_order_in_the_file_does_not_change_the_state(events: list[dict], rnd: random.Random):
    shuffled = list(events)
    rnd.shuffle(shuffled)
    a, b = play(events).to_json(), play(shuffled).to_json()
    for key in ("score", "by_period", "decision", "winner", "points", "ejections", "pim"):
        assert a[key] == b[key]
    assert sorted(map(str, a["goals"])) == sorted(map(str, b["goals"]))
    assert sorted(map(str, a["penalties"])) == sorted(map(str, b["penalties"]))


@settings(max_examples=150, deadline=None)
@given(game_events())
def test_pts_1_pts_2_every_regular_game_hands_out_points_by_the_rulebook(events: list[dict]):
    state = play(events)
    p = BOOK.points
    assert state.points is not None
    if state.winner is None:
        assert state.points == {"home": p.tie, "away": p.tie}
    else:
        loser = "away" if state.winner == "home" else "home"
        win, loss = (p.ot_win, p.ot_loss) if state.decision == "overtime" else (p.win, p.loss)
        assert state.points[state.winner] == win and state.points[loser] == loss
        assert state.score[state.winner] > state.score[loser]


@settings(max_examples=150, deadline=None)
@given(game_events())
def test_ice_4_penalty_clock_invariants(events: list[dict]):
    state = play(events)
    for p in state.penalties:
        if p.ends is None:
            continue
        assert p.starts >= p.t and p.ends >= p.starts
        assert p.ends - p.starts <= p.minutes * 60
        if p.ended_by_goal:
            assert p.cls in ("minor", "bench_minor")
    # never more than two short-handed penalties of a side running at once (six less two = four)
    for side in ("home", "away"):
        spans = [(p.starts, p.ends) for p in state.penalties if p.team == side and p.ends is not None
                 and BOOK.penalties.classes[p.cls].short_handed and p.ends > p.starts]
        for s, _ in spans:
            assert sum(1 for a, b in spans if a <= s < b) <= BOOK.on_ice.max - BOOK.on_ice.min


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10_000), st.integers(2, 30))
def test_export_import_round_trip(tmp_path_factory, seed: int, games: int):
    folder = tmp_path_factory.mktemp("rt")
    data = synthetic_season(teams=6, games=games, seed=seed)
    one = Services.open(str(folder / "one.db"))
    assert one.import_data(data).ok
    first = one.export()
    one.close()
    two = Services.open(str(folder / "two.db"))
    assert two.import_data({k: v for k, v in first.items() if k != "computed"}).ok
    assert two.import_data(first).written == {k: 0 for k in two.import_data(first).written}
    second = two.export()
    two.close()
    assert first == second
