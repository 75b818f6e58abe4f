"""Roster signings: DATA-1 (numbers unique on the active roster, one active signing per team); team names unique
within a division, and division names unique within a season (the TEAM rule)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.ids import DATA_1, TEAM
from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.rules.violation import Violation
from scorekeeper.season_data import SigningData

# The league's team rules (a team name once per division, a division name once per season; a team merged or
# deleted only as `facade.roster` allows), and
# what a team action is cited under when it is refused, the database's refusal included: the catalogue's DATA
# rules are about entries and signings, not teams.
TEAM_RULE = TEAM
TEAM_SECTION = "teams"


def active_on(signing: SigningData, date: str) -> bool:
    """Is a roster signing active on `date` (signed on or before, released after)?"""
    signed, released = signing.get("signed"), signing.get("released")
    return (signed is None or signed <= date) and (released is None or released > date)


def signed_on(signings: Iterable[SigningData], date: str) -> dict[str, SigningData]:
    """player -> the last of `signings` (a team's, in roster order) active on `date`: what `signing(team, player,
    date)` finds for each player, in one pass over the team's roster."""
    found: dict[str, SigningData] = {}
    for r in signings:
        if active_on(r, date):
            found[r["player"]] = r
    return found


def _overlap(a: SigningData, b: SigningData) -> bool:
    a0, a1 = a.get("signed") or "0000-00-00", a.get("released") or "9999-99-99"
    b0, b1 = b.get("signed") or "0000-00-00", b.get("released") or "9999-99-99"
    return a0 < b1 and b0 < a1


def signed_twice_in_file(book: Rulebook, name: str, team: str, first_line: int, where: str) -> Violation:
    """DATA-1 in a roster file: a row signs the player `name` to `team` again after the row on `first_line`."""
    return Violation(DATA_1, "block", f"{name} is already signed to {team} on line {first_line}",
                     book.section(DATA_1), where)


def check_roster(view: SeasonFacts) -> list[Violation]:
    out: list[Violation] = []
    section = view.book.section(DATA_1)
    for team, rows in view.roster_by_team.items():
        # only signings of one player or of one number can clash: compare within those groups, not every pair
        groups: dict[tuple[str, str | int], list[int]] = {}
        for i, row in enumerate(rows):
            groups.setdefault(("player", row["player"]), []).append(i)
            groups.setdefault(("number", row["number"]), []).append(i)
        pairs = sorted({(x, y) for group in groups.values() if len(group) > 1
                        for n, x in enumerate(group) for y in group[n + 1:]})
        for i, j in pairs:
            a, b = rows[i], rows[j]
            if not _overlap(a, b):
                continue
            if a["player"] == b["player"]:
                out.append(Violation(DATA_1, "block", f"{view.player_name(a['player'])} is signed twice "
                                     f"to {view.name_of(team)} at the same time", section,
                                     f"roster of {view.name_of(team)}"))
            elif a["number"] == b["number"]:
                out.append(Violation(
                    DATA_1, "block", f"#{a['number']} is worn by both {view.player_name(a['player'])} and "
                    f"{view.player_name(b['player'])} on {view.name_of(team)}'s active roster", section,
                    f"roster of {view.name_of(team)}"))
    out.extend(check_team_names(view))
    out.extend(check_division_names(view))
    return out


# -- team names (issue 18): one name per division -----------------------------------------------------------------
def team_name_key(name: str) -> str:
    """A team name as compared: case and runs of spaces do not count ("Westridge  sharks" is "Westridge Sharks")."""
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


def same_name_team(view: SeasonFacts, name: str, division: str, except_team: str | None = None) -> str | None:
    """The id of the team of `division` already called `name` (other than `except_team`), or None."""
    key = team_name_key(name)
    for tid, team in view.teams.items():
        if tid != except_team and team.get("division") == division and team_name_key(team.get("name", "")) == key:
            return tid
    return None


def name_clash_message(view: SeasonFacts, name: str, existing: str) -> str:
    team = view.teams[existing]
    found = view.divisions.get(team.get("division", ""))
    division = (found.get("name") if found else None) or team.get("division")
    return (f"{division} already has a team called {team['name']!r} ({existing}): a team name is unique within its "
            f"division, so {' '.join(name.split())!r} is refused (give another name, or use that team)")


def check_team_names(view: SeasonFacts) -> list[Violation]:
    """Two teams of one division under one name (case and spaces not counting): a warning, so that every season
    file the contract accepts still loads; the window and the command line refuse such a team outright."""
    out: list[Violation] = []
    seen: dict[tuple[str, str], str] = {}
    for tid, team in view.teams.items():
        key = (team.get("division", ""), team_name_key(team.get("name", "")))
        if key in seen:
            first = seen[key]
            out.append(Violation(TEAM_RULE, "warn", f"{team['name'].strip()!r} ({tid}) has the name of "
                                 f"{view.teams[first]['name']!r} ({first}) in its division: rename one of them or "
                                 "merge them", TEAM_SECTION, f"team {tid}"))
        else:
            seen[key] = tid
    return out


# -- division names (issue 27): one name per season ----------------------------------------------------------------
def same_name_division(view: SeasonFacts, name: str, except_division: str | None = None) -> str | None:
    """The id of the season's division already called `name` (other than `except_division`), or None; case and
    runs of spaces do not count, as for team names."""
    key = team_name_key(name)
    for did, division in view.divisions.items():
        if did != except_division and team_name_key(str(division.get("name", ""))) == key:
            return did
    return None


def division_clash_message(view: SeasonFacts, name: str, existing: str) -> str:
    return (f"{view.name} already has a division called {view.divisions[existing]['name']!r} ({existing}): a "
            f"division name is unique within its season, so {' '.join(name.split())!r} is refused (give another "
            "name, or add the teams to that division)")


def check_division_names(view: SeasonFacts) -> list[Violation]:
    """Two divisions of a season under one name: a warning, so that every season file the contract accepts still
    loads; the window and the command line refuse such a division outright (`facade.roster`)."""
    out: list[Violation] = []
    seen: dict[str, str] = {}
    for did, division in view.divisions.items():
        key = team_name_key(str(division.get("name", "")))
        if key in seen:
            first = seen[key]
            out.append(Violation(TEAM_RULE, "warn", f"the division {str(division['name']).strip()!r} ({did}) has "
                                 f"the name of {view.divisions[first]['name']!r} ({first}): rename one of them",
                                 TEAM_SECTION, f"division {did}"))
        else:
            seen[key] = did
    return out
