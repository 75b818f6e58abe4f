"""A season for the mail and site tests: the contract's example season, captain e-mails for three teams (the
Owls have none), and seven more weeks with two fights, an instigator, and enough games that most Otters and
Herons reach the six games of playoff eligibility while a suspended Otter and a benched one do not."""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.data import EXAMPLE_SEASON

CAPTAINS = {"otters": ("ot02", "otters.captain@example.org"), "herons": ("he02", "herons.captain@example.org"),
            "lynx": ("ly02", "lynx-captain@example.net")}
# (player, team, game) of every suspension the season holds; the Owls' has no captain e-mail.
SUSPENSIONS = {("ot04", "otters", "g201"), ("he04", "herons", "g201"), ("ly04", "lynx", "g202"),
               ("ly05", "lynx", "g202"), ("ow04", "owls", "g202")}


def example_season() -> dict[str, Any]:
    return json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8"))


def _lineup(prefix: str, without: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"player": f"{prefix}01", "goalie": True}]
    out += [{"player": f"{prefix}0{i}"} for i in range(2, 8) if f"{prefix}0{i}" not in without]
    return out


def _goal(team: str, period: int, elapsed: str, scorer: str, *assists: str) -> dict[str, Any]:
    return {"type": "goal", "team": team, "period": period, "elapsed": elapsed, "scorer": scorer,
            "assists": list(assists)}


def _pen(team: str, period: int, elapsed: str, player: str, infraction: str) -> dict[str, Any]:
    return {"type": "penalty", "team": team, "period": period, "elapsed": elapsed, "player": player,
            "infraction": infraction}


def _game(gid: str, date: str, time: str, home: str, away: str, events: list[dict[str, Any]],
          home_out: tuple[str, ...] = (), away_out: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"id": gid, "date": date, "time": time, "rink": "Westridge Community Centre", "stage": "regular",
            "home": home, "away": away, "referees": ["Pat Quinn"],
            "lineups": {"home": _lineup(home[:2], home_out), "away": _lineup(away[:2], away_out)}, "events": events}


def mail_season() -> dict[str, Any]:
    data = copy.deepcopy(example_season())
    for t in data["teams"]:
        if t["id"] in CAPTAINS:
            t["captain"], t["captain_email"] = CAPTAINS[t["id"]]
        else:
            t.pop("captain_email", None)
    sus_o, sus_h = ("ot04",), ("he04",)
    data["games"] += [
        _game("g201", "2015-10-25", "19:00", "otters", "herons", [
            _goal("home", 1, "02:00", "ot02", "ot05"),
            _pen("home", 1, "12:00", "ot04", "fighting"), _pen("away", 1, "12:00", "he04", "fighting"),
            _goal("away", 2, "04:00", "he06", "he02"), _goal("home", 2, "15:30", "ot05")]),
        _game("g202", "2015-10-25", "20:00", "lynx", "owls", [
            _pen("home", 1, "06:00", "ly04", "fighting"), _pen("away", 1, "06:00", "ow04", "fighting"),
            _pen("home", 1, "06:00", "ly05", "instigator"),
            _goal("away", 2, "03:00", "ow02", "ow03")]),
        _game("g203", "2015-11-01", "19:00", "herons", "otters", [
            _goal("home", 1, "05:00", "he02"), _goal("away", 2, "08:00", "ot03", "ot02")],
              home_out=sus_h, away_out=sus_o),
        _game("g204", "2015-11-01", "20:00", "owls", "lynx", [_goal("home", 1, "01:00", "ow02")],
              home_out=("ow04",), away_out=("ly04", "ly05")),
        _game("g205", "2015-11-08", "19:00", "otters", "herons", [_goal("home", 1, "09:00", "ot02", "ot03")],
              home_out=(*sus_o, "ot07"), away_out=sus_h),
        _game("g206", "2015-11-15", "19:00", "herons", "otters", [_goal("away", 2, "11:00", "ot06")],
              home_out=sus_h, away_out=(*sus_o, "ot07")),
        _game("g207", "2015-11-22", "19:00", "otters", "herons", [
            _goal("home", 1, "03:00", "ot02"), _goal("away", 1, "07:00", "he03"),
            _pen("away", 2, "10:00", "he03", "tripping")], home_out=sus_o, away_out=sus_h),
        {"id": "g208", "date": "2015-11-29", "time": "19:00", "stage": "regular", "home": "herons",
         "away": "otters", "status": "scheduled"},
    ]
    data["payments"] = data.get("payments", []) + [
        {"payer": {"player": "he04"}, "amount": "50.00", "date": "2015-11-02", "memo": "cash"}]
    return data
