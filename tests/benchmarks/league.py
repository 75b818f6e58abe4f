"""Leagues like real ones, as season files (docs/season-file.md), for the benchmark and its test.

Forty teams in four divisions (two co-ed) play consecutive seasons with real dates: a regular season from
mid-September to the end of February (as many rounds a day as the size needs, four rinks), then a 16-team
knock-out in March (8 teams under 400 games, none under 200), overtime deciding a tied playoff game. About 3%
of games have a fight (one in eight with an instigator), some have majors, misconducts (a player's second of a
game sets off its suspension), a gross misconduct, goalie changes and pulled goalies. The generator dresses nobody a
suspension bars (served in the team's next games, into the playoffs and on into the next season), keeps a
player's game misconducts, ejections and suspensions below the season's count, dresses in the playoffs only
players with the required regular-season games, and writes appeals (denied) and payments of part of the fines.

    python tests/benchmarks/league.py FOLDER --seasons 2 --games 300   # writes FOLDER/season-1.json, ...

Deterministic for a given seed. Not collected by pytest (tests/scorekeeper/test_benchmark_league.py imports it).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

LEAGUE = "Riverside Sponge Hockey League"
TEAMS = 40
RINKS = 4
SLOT_MIN = 35  # minutes between two starts on one rink
SKATERS = 11  # jerseys 2-12; goalies wear 1 and 31
FIGHT_RATE = 0.03
INCIDENT_CAP = 4  # a player's game misconducts, ejections and suspensions in a season stay below the rulebook's 6
PLAYOFF_MIN_GP = 6  # the Westridge rulebook's games for the playoffs
MINORS = ["tripping", "hooking", "holding", "interference", "slashing", "roughing", "body_contact", "elbowing",
          "cross_checking", "high_sticking"]
MAJORS = ["slashing", "cross_checking", "high_sticking", "tripping"]
FIRST = ["Alex", "Sam", "Jordan", "Casey", "Robin", "Morgan", "Jamie", "Taylor", "Drew", "Quinn", "Avery", "Riley",
         "Kim", "Lee", "Pat", "Noor", "Ana", "Ivo", "Mia", "Ola", "Ben", "Eva", "Tom", "Zoe", "Raj", "Una", "Kai"]
LAST = ["Moreau", "Lind", "Okafor", "Brandt", "Silva", "Novak", "Keane", "Ferris", "Haas", "Ibsen", "Jalali",
        "Kowal", "Larsen", "Mbeki", "Nagy", "Ortiz", "Price", "Quint", "Rossi", "Sato", "Tran", "Ueda", "Varga"]
DIVISIONS = [("coed1", "Co-ed Division 1", True, 1), ("coed2", "Co-ed Division 2", True, 2),
             ("open1", "Open Division 1", False, None), ("open2", "Open Division 2", False, None)]
NICKNAMES = ["Otters", "Herons", "Pike", "Lynx", "Falcons", "Beavers", "Moose", "Owls", "Wolves", "Ravens"]


@dataclass
class Suspension:
    """What the generator knows of a suspension: the games left (None: the rest of the season)."""

    team: str
    left: int | None


@dataclass
class Person:
    id: str
    first: str
    last: str
    gender: str
    team: str
    number: int
    goalie: bool
    suspensions: list[Suspension] = field(default_factory=list)

    def barred(self) -> bool:
        return any(s.left is None or s.left > 0 for s in self.suspensions)


@dataclass
class Season:
    """One generated season: its file's content and what the generator counted in it."""

    name: str
    data: dict[str, Any]
    fights: int = 0
    suspensions: int = 0
    carried_out: list[str] = field(default_factory=list)  # players with games left at the season's end
    barred_at_end: set[str] = field(default_factory=set)  # players a suspension bars after the last game


class LeagueGenerator:
    """Consecutive seasons of one league; `season()` gives the next one."""

    def __init__(self, seed: int = 17, first_year: int = 2015, teams: int = TEAMS) -> None:
        self.rng = random.Random(seed)
        self.year = self.first_year = first_year
        self.teams = [f"t{n:02d}" for n in range(teams)]
        self.division = {t: DIVISIONS[n * len(DIVISIONS) // teams][0] for n, t in enumerate(self.teams)}
        self.people: dict[str, Person] = {}
        self.gross: set[str] = set()  # players with a gross misconduct in the season being made
        self.serial = 0
        for team in self.teams:
            for number in [1, 31, *range(2, 2 + SKATERS)]:
                self._sign(team, number)

    def _sign(self, team: str, number: int) -> Person:
        self.serial += 1
        n = self.serial
        coed = any(d[0] == self.division[team] and d[2] for d in DIVISIONS)
        person = Person(f"p{n:05d}", FIRST[n % len(FIRST)], f"{LAST[n // len(FIRST) % len(LAST)]}-{n}",
                        "F" if coed and number % 2 == 0 else "M", team, number, number in (1, 31))
        self.people[person.id] = person
        return person

    def season(self, games: int) -> Season:
        """The next season with `games` games (regular season and playoffs together)."""
        year, rng = self.year, self.rng
        self.year += 1
        name = f"{year}-{(year + 1) % 100:02d}"
        if year > self.first_year:  # between seasons: one skater a team (no suspension left) retires, one signs
            for team in self.teams:
                gone = rng.choice([p for p in self.people.values()
                                   if p.team == team and not p.goalie and not p.suspensions])
                del self.people[gone.id]
                self._sign(team, gone.number)
        out = Season(name, {})
        incidents: dict[str, int] = {}
        self.gross = set()
        # a knock-out of 16 teams (8 in a small season; none where the teams play too few games to be eligible)
        playoff_teams = 16 if games >= 400 else 8 if games >= 200 else 0
        regular = games - max(playoff_teams - 1, 0)
        start = _weekday_on_or_after(date(year, 9, 15), 6)
        regular_end = date(year + 1, 2, 28)
        rows: list[dict[str, Any]] = []
        points = dict.fromkeys(self.teams, 0)
        gp: dict[str, int] = {}
        fines: list[tuple[str, str, int, str]] = []  # (payer kind, payer id, cents, date)
        appeals: list[dict[str, Any]] = []
        rounds = _rounds(self.teams, self.division, regular)
        per_day = max(1, math.ceil(len(rounds) / max((regular_end - start).days, 1)))
        gap = max(1, min(7, (regular_end - start).days // max(len(rounds), 1)))
        slots_a_day = per_day * math.ceil(len(self.teams) / 2 / RINKS)
        first_minute = max(8 * 60, 21 * 60 - slots_a_day * SLOT_MIN)
        for r, pairs in enumerate(rounds):
            day = start + timedelta(days=(r // per_day) * gap)
            for j, (home, away) in enumerate(pairs):
                slot = (r % per_day) * math.ceil(len(self.teams) / 2 / RINKS) + j // RINKS
                when = first_minute + slot * SLOT_MIN
                rows.append(self._game(f"{name}-g{len(rows) + 1:05d}", day, when, j % RINKS + 1, "regular", home,
                                       away, points, gp, incidents, fines, appeals, out))
        standing = sorted(self.teams, key=lambda t: (-points[t], t))[:playoff_teams]
        bracket = [standing[i] for i in _seeding(playoff_teams)] if playoff_teams else []
        day = date(year + 1, 3, 7)
        while len(bracket) > 1:
            winners = []
            for j in range(0, len(bracket), 2):
                home, away = bracket[j], bracket[j + 1]
                row = self._game(f"{name}-g{len(rows) + 1:05d}", day, 19 * 60 + (j // 2 // RINKS) * SLOT_MIN,
                                 j // 2 % RINKS + 1, "playoff", home, away, points, gp, incidents, fines, appeals,
                                 out, force_fight=len(bracket) == 2)
                rows.append(row)
                winners.append(row.pop("_winner"))
            bracket = winners
            day += timedelta(days=7)
        for row in rows:
            row.pop("_winner", None)
        out.carried_out = sorted(p.id for p in self.people.values()
                                 if any(s.left for s in p.suspensions if s.left is not None))
        out.barred_at_end = {p.id for p in self.people.values() if p.barred()}
        for p in self.people.values():  # a season suspension ends with its season; games left carry over
            p.suspensions = [s for s in p.suspensions if s.left is not None and s.left > 0]
        payments = []
        for kind, payer, cents, on in fines:
            if rng.random() < 0.7:
                paid = cents if rng.random() < 0.8 else cents // 2
                payments.append({"payer": {kind: payer}, "amount": f"{paid // 100}.{paid % 100:02d}",
                                 "date": (date.fromisoformat(on) + timedelta(days=7)).isoformat(),
                                 "memo": "paid at the canteen"})
        out.data = {
            "format": "scorekeeper.season/1", "league": LEAGUE, "season": name, "rulebook": "westridge-2015-16",
            "divisions": [{"id": d, "name": n, "coed": c, **({"tier": t} if t else {})} for d, n, c, t in DIVISIONS],
            "teams": [self._team(t, n) for n, t in enumerate(self.teams)],
            "players": [{"id": p.id, "first": p.first, "last": p.last, "gender": p.gender}
                        for p in self.people.values()],
            "roster": [{"team": p.team, "player": p.id, "number": p.number,
                        "position": "goalie" if p.goalie else "skater"} for p in self.people.values()],
            "games": rows, "appeals": appeals, "payments": payments}
        return out

    def _team(self, team: str, n: int) -> dict[str, Any]:
        captain = next(p for p in self.people.values() if p.team == team and p.number == 2)
        return {"id": team, "name": f"{NICKNAMES[n % len(NICKNAMES)]} {n // len(NICKNAMES) + 1}",
                "division": self.division[team], "captain": captain.id,
                "captain_email": f"captain.{team}@example.org"}

    def _lineup(self, team: str, stage: str, gp: dict[str, int]) -> list[Person]:
        roster = sorted((p for p in self.people.values() if p.team == team), key=lambda p: (not p.goalie, p.number))
        dressed = [p for p in roster if not p.barred() and (stage == "regular" or gp.get(p.id, 0) >= PLAYOFF_MIN_GP)
                   and (p.number == 1 or self.rng.random() > 0.05)]
        return dressed

    def _game(self, gid: str, day: date, minute: int, rink: int, stage: str, home: str, away: str,
              points: dict[str, int], gp: dict[str, int], incidents: dict[str, int],
              fines: list[tuple[str, str, int, str]], appeals: list[dict[str, Any]], out: Season,
              force_fight: bool = False) -> dict[str, Any]:
        rng = self.rng
        teams = {"home": home, "away": away}
        dressed = {side: self._lineup(t, stage, gp) for side, t in teams.items()}
        goalies = {side: [p for p in d if p.goalie] for side, d in dressed.items()}
        for side, d in dressed.items():  # a team with no goalie dresses a skater as one (listed first)
            if not goalies[side]:
                goalies[side] = [d[0]]
        skaters = {side: [p for p in d if p not in goalies[side]] for side, d in dressed.items()}
        lineups = {side: [{"player": g.id, "goalie": True} for g in goalies[side]]
                   + [{"player": p.id} for p in skaters[side]] for side in teams}
        events: list[dict[str, Any]] = []
        ejected: set[str] = set()
        counts: dict[str, int] = {}
        suspended: list[tuple[Person, int | None]] = []
        score = {"home": 0, "away": 0}

        def clock(t: int) -> tuple[int, str]:
            period, rest = divmod(t, 1200)
            return period + 1, f"{rest // 60:02d}:{rest % 60:02d}"

        def free(side: str, penalised: int = 2) -> list[Person]:
            return [p for p in skaters[side] if p.id not in ejected and counts.get(p.id, 0) < penalised]

        def penalty(side: str, p: Person, t: int, code: str, cls: str | None = None) -> None:
            period, elapsed = clock(t)
            ev: dict[str, Any] = {"type": "penalty", "team": side, "period": period, "elapsed": elapsed,
                                  "player": p.id, "infraction": code}
            if cls:
                ev["class"] = cls
            events.append(ev)
            counts[p.id] = counts.get(p.id, 0) + 1

        def sanction(side: str, p: Person, t: int, games: int | None, cents: int, payer: str) -> None:
            ejected.add(p.id)
            incidents[p.id] = incidents.get(p.id, 0) + 1
            suspended.append((p, games))
            out.suspensions += 1
            fines.append(("team", teams[side], cents, day.isoformat()) if payer == "team"
                         else ("player", p.id, cents, day.isoformat()))
            if games and rng.random() < 0.15:
                appeals.append({"player": p.id, "game": gid, "filed": (day + timedelta(days=1)).isoformat(),
                                "form": f"AF-{len(appeals) + 1:04d}", "fee_paid": True, "decision": "denied",
                                "decided": (day + timedelta(days=4)).isoformat()})

        def serious(side: str) -> Person | None:
            pool = [p for p in free(side, 1) if incidents.get(p.id, 0) < INCIDENT_CAP]
            return rng.choice(pool) if pool else None

        plan: list[tuple[int, str]] = [(rng.randrange(0, 2360), "goal") for _ in range(rng.randint(1, 10))]
        plan += [(rng.randrange(0, 2390), "minor") for _ in range(rng.randint(0, 6))]
        if force_fight or rng.random() < FIGHT_RATE:
            plan.append((rng.randrange(300, 2300), "fight"))
        for kind, rate in (("major", 0.02), ("double_major", 0.003), ("misconduct", 0.03),
                           ("double_misconduct", 0.003), ("gross", 0.002), ("goalie_change", 0.05)):
            if rng.random() < rate:
                plan.append((rng.randrange(60, 1800), kind))
        for t, kind in sorted(plan):
            side = rng.choice(("home", "away"))
            period, elapsed = clock(t)
            if kind == "goal":
                pool = free(side, 99)
                if len(pool) < 3:
                    continue
                scorer, *helpers = rng.sample(pool, 3)
                events.append({"type": "goal", "team": side, "period": period, "elapsed": elapsed,
                               "scorer": scorer.id, "assists": [h.id for h in helpers[:rng.randint(0, 2)]]})
                score[side] += 1
            elif kind == "minor":
                pool = free(side)
                if pool:
                    penalty(side, rng.choice(pool), t, rng.choice(MINORS))
            elif kind == "fight":
                a, b = serious("home"), serious("away")
                if a is None or b is None:
                    continue
                out.fights += 1
                instigator = rng.random() < 0.125
                for s, p in (("home", a), ("away", b)):
                    code = "instigator" if instigator and s == side else "fighting"
                    penalty(s, p, t, code)
                    if code == "instigator":
                        sanction(s, p, t, None, 5000, "team")
                    else:
                        sanction(s, p, t, 5, 5000, "player")
            elif kind == "major":
                pool = free(side)
                if pool:
                    penalty(side, rng.choice(pool), t, rng.choice(MAJORS), "major")
            elif kind in ("double_major", "double_misconduct"):
                twice = serious(side)
                if twice is None:
                    continue
                for k in (0, 1):
                    if kind == "double_major":
                        penalty(side, twice, t + k * 240, rng.choice(MAJORS), "major")
                    else:
                        penalty(side, twice, t + k * 240, "abuse_of_officials")
                if kind == "double_major":
                    sanction(side, twice, t, 2, 2000, "player")
                else:
                    sanction(side, twice, t, 1, 1000, "player")
            elif kind == "misconduct":
                pool = free(side)
                if pool:
                    penalty(side, rng.choice(pool), t, rng.choice(["abuse_of_officials", "puck_out_of_reach"]))
            elif kind == "gross":
                gross = serious(side)
                if gross is not None and gross.id not in self.gross:  # a second would be the season's row
                    self.gross.add(gross.id)
                    penalty(side, gross, t, "gross_misconduct")
                    sanction(side, gross, t, 3, 3000, "player")
            elif kind == "goalie_change" and len(goalies[side]) > 1:
                events.append({"type": "goalie", "team": side, "period": period, "elapsed": elapsed,
                               "action": "in", "player": goalies[side][1].id})
        trailing = "home" if score["home"] < score["away"] else "away"
        if score["home"] != score["away"] and rng.random() < 0.3:  # the trailing team pulls its goalie late
            events.append({"type": "goalie", "team": trailing, "period": 2, "elapsed": "19:00", "action": "pull"})
            leading = "away" if trailing == "home" else "home"
            pool = free(leading, 99)
            if rng.random() < 0.4 and pool:
                events.append({"type": "goal", "team": leading, "period": 2, "elapsed": "19:40",
                               "scorer": rng.choice(pool).id, "assists": []})
                score[leading] += 1
        if score["home"] == score["away"] and (stage == "playoff" or rng.random() < 0.5):
            side = rng.choice(("home", "away"))  # sudden death in overtime
            pool = free(side, 99) or [p for p in skaters[side] if p.id not in ejected]
            if not pool:
                side = "away" if side == "home" else "home"
                pool = free(side, 99)
            events.append({"type": "goal", "team": side, "period": 3,
                           "elapsed": f"0{rng.randint(0, 4)}:{rng.randint(10, 59)}", "scorer": rng.choice(pool).id,
                           "assists": []})
            score[side] += 1
        events.sort(key=lambda e: (e["period"], e["elapsed"]))
        winner = home if score["home"] > score["away"] else away if score["away"] > score["home"] else None
        if stage == "regular":
            for side, team in teams.items():
                points[team] += 2 if team == winner else 1 if winner is None else 0
                for person in dressed[side]:
                    gp[person.id] = gp.get(person.id, 0) + 1
        for team in teams.values():  # this game serves the suspensions of the team's players not dressed
            for person in (p for p in self.people.values() if p.team == team):
                for held in person.suspensions:
                    if held.left:
                        held.left -= 1
        for person, games in suspended:  # set off here, served from the team's next game
            person.suspensions.append(Suspension(person.team, games))
        hh, mm = divmod(minute, 60)
        return {"id": gid, "date": day.isoformat(), "time": f"{hh:02d}:{mm:02d}", "rink": f"Rink {rink}",
                "stage": stage, "home": home, "away": away, "status": "final", "lineups": lineups,
                "events": events, "referees": ["R. Official"], "_winner": winner or home}


def _weekday_on_or_after(day: date, weekday: int) -> date:
    return day + timedelta(days=(weekday - day.weekday()) % 7)


def _rounds(teams: list[str], division: dict[str, str], games: int) -> list[list[tuple[str, str]]]:
    """Rounds of games, each team at most once a round, teams meeting within their division (circle method),
    home and away alternating; as many rounds as `games` needs (the last one may be partial)."""
    groups: dict[str, list[str]] = {}
    for t in teams:
        groups.setdefault(division[t], []).append(t)
    out: list[list[tuple[str, str]]] = []
    total, r = 0, 0
    while total < games:
        pairs: list[tuple[str, str]] = []
        for members in groups.values():
            n = len(members)
            ring = members[:1] + _rotate(members[1:], r % max(n - 1, 1))
            for i in range(n // 2):
                a, b = ring[i], ring[n - 1 - i]
                pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        pairs = pairs[:games - total]
        out.append(pairs)
        total += len(pairs)
        r += 1
    return out


def _rotate(items: list[str], k: int) -> list[str]:
    return items[-k:] + items[:-k] if k else list(items)


def _seeding(n: int) -> list[int]:
    """Bracket order of seeds 0..n-1 (1 v n, 2 v n-1, ... with the top seeds apart)."""
    order = [0]
    while len(order) < n:
        size = len(order) * 2
        order = [x for s in order for x in (s, size - 1 - s)]
    return order


def league(seasons: int, games: int, seed: int = 17, first_year: int = 2015) -> list[Season]:
    """`seasons` consecutive seasons of `games` games each."""
    gen = LeagueGenerator(seed, first_year)
    return [gen.season(games) for _ in range(seasons)]


def write_league(folder: Path, seasons: int, games: int, seed: int = 17, first_year: int = 2015) -> list[Path]:
    """The league's season files in `folder` (season-1.json, ...), in the order they are imported."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for n, s in enumerate(league(seasons, games, seed, first_year), 1):
        path = folder / f"season-{n}.json"
        path.write_text(json.dumps(s.data), encoding="utf-8")
        paths.append(path)
    return paths


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--seasons", type=int, default=1)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    for path in write_league(args.folder, args.seasons, args.games, args.seed):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
