"""The line-up check's reading of a player's status (rules.eligibility.dressing_status, answered from the season's
sanction and carried-suspension indexes) is, for every dressed player of every game, what player_status says:
the first suspension in force, the proposals awaiting the office and the playoff games short."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rulebook import load_rulebook
from scorekeeper.rules.eligibility import dressing_status, player_status
from scorekeeper.rules.roster import signed_on
from scorekeeper.season.sides import team_on
from scorekeeper.season.view import SeasonView
from scorekeeper.seasonfile import normalise
from tests.data import EXAMPLE_SEASON

BASE = json.loads(EXAMPLE_SEASON.read_text())
BOOK = load_rulebook()
INFRACTIONS = sorted(BOOK.infractions)
GAMES = [g["id"] for g in BASE["games"]]


def _dressed(g: dict[str, Any], side: str) -> list[str]:
    return [x["player"] for x in g.get("lineups", {}).get(side, [])]


@st.composite
def seasons(draw: st.DrawFn) -> SeasonView:
    data = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(0, 6))):
        g = data["games"][draw(st.integers(0, len(data["games"]) - 1))]
        side = draw(st.sampled_from(["home", "away"]))
        players = _dressed(g, side)
        if not players:
            continue
        g.setdefault("events", []).append({"type": "penalty", "team": side, "period": draw(st.integers(1, 3)),
                                           "elapsed": f"{draw(st.integers(0, 14)):02d}:00",
                                           "player": draw(st.sampled_from(players)),
                                           "infraction": draw(st.sampled_from(["fighting", *INFRACTIONS]))})
    for g in data["games"]:
        if draw(st.booleans()) and draw(st.booleans()):
            g["stage"] = "playoff"
    return SeasonView(normalise(data), BOOK)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seasons())
def test_dressing_status_is_what_player_status_says_for_every_dressed_player(view: SeasonView):
    compared = 0
    for gid, g in view.games.items():
        for side in ("home", "away"):
            for pid in _dressed(g, side):
                status = player_status(view, gid, side, pid)
                assert dressing_status(view, gid, team_on(g, side), pid) == (
                    status.suspended, status.proposed, status.playoff_games)
                compared += 1
    assert compared > 0


def test_a_fight_s_suspension_is_read_by_the_line_up_check_s_status():
    data = copy.deepcopy(BASE)
    next(g for g in data["games"] if g["id"] == "g002")["events"].append(
        {"type": "penalty", "team": "home", "period": 1, "elapsed": "01:00", "player": "ly04",
         "infraction": "fighting"})
    view = SeasonView(normalise(data), BOOK)
    g = view.games["g004"]
    under, proposed, playoff = dressing_status(view, "g004", team_on(g, "away"), "ly04")
    assert under is not None and under == player_status(view, "g004", "away", "ly04").suspended
    assert (proposed, playoff) == ((), None)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seasons(), st.sampled_from(["2000-01-01", None]))
def test_a_line_up_s_signings_read_at_once_are_view_signing_s(view: SeasonView, other_date: str | None):
    for g in view.games.values():
        for side in ("home", "away"):
            team, date = team_on(g, side), other_date or g["date"]
            signed = signed_on(view.roster_by_team.get(team, []), date)
            for pid in [*view.players, "nobody"]:
                assert signed.get(pid) == view.signing(team, pid, date)
