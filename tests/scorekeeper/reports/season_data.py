"""A rough stretch of season on top of the example season file: a fight, an ejection on a third penalty, a
goalie's penalty served by a teammate, overtime, payments, an appeal, names with accents, a game not yet final."""

from __future__ import annotations

import json
from typing import Any

from tests.data import EXAMPLE_SEASON


def example_season() -> dict[str, Any]:
    """The contract's example season file (tests/data/small-season.json)."""
    return json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8"))


def _otters(extra: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    return [{"player": "ot01", "goalie": True}, {"player": "ot02", "captain": True}, {"player": "ot03"},
            {"player": "ot04"}, {"player": "ot05"}, {"player": "ot06"}, {"player": "ot07"}, {"player": "zn"},
            *(extra or [])]


def _herons() -> list[dict[str, Any]]:
    return [{"player": "he01", "goalie": True}, {"player": "he02"}, {"player": "he03"}, {"player": "he04"},
            {"player": "he05"}, {"player": "he06"}, {"player": "he07"}, {"player": "fl"}]


def rough_season() -> dict[str, Any]:
    """Games g101 (rough, overtime), g102 (the next game: two players sit out suspended), g103 (not final)."""
    g101_events = [
        {"type": "goal", "team": "home", "period": 1, "elapsed": "02:00", "scorer": "ot02", "assists": ["zn"]},
        {"type": "penalty", "team": "away", "period": 1, "elapsed": "04:00", "player": "he03",
         "infraction": "tripping"},
        {"type": "goal", "team": "home", "period": 1, "elapsed": "05:00", "scorer": "ot05", "assists": ["ot02"]},
        {"type": "penalty", "team": "home", "period": 1, "elapsed": "07:00", "player": "ot01",
         "infraction": "slashing", "served_by": "ot06"},
        {"type": "goal", "team": "away", "period": 1, "elapsed": "08:00", "scorer": "he06", "assists": ["he05"]},
        {"type": "penalty", "team": "home", "period": 1, "elapsed": "12:00", "player": "ot04",
         "infraction": "fighting"},
        {"type": "penalty", "team": "away", "period": 1, "elapsed": "12:00", "player": "fl",
         "infraction": "fighting"},
        {"type": "penalty", "team": "away", "period": 2, "elapsed": "03:00", "player": "he02",
         "infraction": "hooking"},
        {"type": "penalty", "team": "away", "period": 2, "elapsed": "06:00", "player": "he02",
         "infraction": "holding"},
        {"type": "penalty", "team": "away", "period": 2, "elapsed": "10:00", "player": "he02",
         "infraction": "tripping"},
        {"type": "goal", "team": "away", "period": 2, "elapsed": "14:00", "scorer": "he05", "assists": []},
        {"type": "timeout", "team": "home", "period": 2, "elapsed": "15:00"},
        {"type": "penalty", "team": "home", "period": 2, "elapsed": "18:00", "player": "zn",
         "infraction": "interference"},
        {"type": "goal", "team": "home", "period": 3, "elapsed": "02:10", "scorer": "ot03", "assists": ["zn", "ot07"]},
        {"type": "note", "text": "Scuffle at the home bench after the fight; both benches warned.", "report": True},
    ]
    g102_events = [
        {"type": "goal", "team": "home", "period": 1, "elapsed": "06:30", "scorer": "he06", "assists": []},
        {"type": "goal", "team": "away", "period": 2, "elapsed": "09:45", "scorer": "zn", "assists": ["ot02"]},
        {"type": "goal", "team": "away", "period": 2, "elapsed": "16:20", "scorer": "ot05", "assists": []},
    ]
    herons_g102 = [x for x in _herons() if x["player"] != "fl"]
    otters_g102 = [x for x in _otters() if x["player"] != "ot04"]
    return {
        "format": "scorekeeper.season/1", "league": "Westridge Sponge Hockey League", "season": "2015-16",
        "rulebook": "westridge-2015-16",
        "players": [{"id": "zn", "first": "Zoë", "last": "Ñúñez", "gender": "F", "email": "zoe@example.org"},
                    {"id": "fl", "first": "François", "last": "Lefèbvre", "gender": "M"}],
        "roster": [{"team": "otters", "player": "zn", "number": 19, "position": "skater", "signed": "2015-10-01"},
                   {"team": "herons", "player": "fl", "number": 21, "position": "skater", "signed": "2015-10-01"}],
        "games": [
            {"id": "g101", "date": "2015-10-25", "time": "19:00", "rink": "Westridge Community Centre",
             "stage": "regular", "home": "otters", "away": "herons",
             "referees": ["Pat Quinn", "Renée Lévesque"], "shots": {"home": [11, 9, 2], "away": [8, 12, 1]},
             "notes": "Ice resurfaced late; game started 19:10.",
             "lineups": {"home": _otters(), "away": _herons()}, "events": g101_events},
            {"id": "g102", "date": "2015-11-01", "time": "19:00", "rink": "Westridge Community Centre",
             "stage": "regular", "home": "herons", "away": "otters", "referees": ["Pat Quinn"],
             "lineups": {"home": herons_g102, "away": otters_g102}, "events": g102_events},
            {"id": "g103", "date": "2015-11-08", "time": "19:00", "rink": "Westridge Community Centre",
             "stage": "regular", "home": "otters", "away": "herons", "status": "scheduled",
             "lineups": {"home": [x for x in _otters() if x["player"] != "ot04"], "away": herons_g102},
             "events": [{"type": "goal", "team": "home", "period": 1, "elapsed": "03:03", "scorer": "zn",
                         "assists": []}]},
        ],
        "appeals": [{"player": "ot04", "game": "g101", "filed": "2015-10-27", "form": "A-0042", "fee_paid": True,
                     "decision": "pending"}],
        "payments": [{"payer": {"team": "otters"}, "amount": "20.00", "date": "2015-11-02", "memo": "cheque 118"},
                     {"payer": {"player": "fl"}, "amount": "50.00", "date": "2015-11-03", "memo": "cash at canteen"}],
    }
