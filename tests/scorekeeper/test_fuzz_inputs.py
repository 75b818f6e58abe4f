"""Hostile season files, rulebook files and roster CSVs (issue 6 point 7, issue 14 point 3).

Every case asserts: the input is imported or refused with a message that says what and where (never the CLI's
"internal error" sentence, never a traceback), no case runs over 10 s (each is measured; a stuck one is
interrupted and fails), and a refused input leaves the database exactly as it was (its SQL dump compared).
A share of the cases runs through `scorekeeper.cli.main` in-process, so the CLI's last guard is exercised.

CI runs about 3,000 cases in all (a minute or two);
`SCOREKEEPER_FUZZ=20000 pytest tests/scorekeeper/test_fuzz_inputs.py`
runs more.
"""

from __future__ import annotations

import contextlib
import copy
import csv
import io
import json
import os
import re
import shutil
import signal
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import cli
from scorekeeper.resources import resource_path
from scorekeeper.rulebook import load_rulebook
from scorekeeper.services import ServiceError, Services
from tests.scorekeeper.test_cli import EXAMPLE

BASE = json.loads(EXAMPLE.read_text())
BOOK = load_rulebook()
RULEBOOK_TEXT = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")
CASES = int(os.environ.get("SCOREKEEPER_FUZZ", "3000"))
LIMIT_S = 10.0


def fuzz(cases: int) -> settings:
    return settings(max_examples=max(1, cases), deadline=None, suppress_health_check=list(HealthCheck))

# -- values a careless or hostile file holds -----------------------------------------------------------------
HUGE = [2**31, 2**63, -(2**63) - 1, 10**30, -(10**30), -1, 0, 10**9, 1e308, -1e308, 1.5, -0.0]
LONG = ["x" * 300, "é" * 5000, "x" * 100_000, "a/b/../../etc/passwd", "/etc/passwd", "..", "CON", "nul\x00byte",
        "\ud800", "\U0001f3d2" * 50, "line\r\nbreak", " ", "\t"]
IDS = ["g1", "g2", "otters", "herons", "westridge-2015-16", "p1"]
CLOCKS = ["00:00", "0:00", "19:59", "20:00", "20:01", "25:99", "99:99", "99:59", "-1:00", "1:2", "٣:٠٠", "1e3:00",
          "00:60", "5", "", "12:00:00", " 3:00"]


def nested(depth: int) -> Any:
    out: Any = []
    for _ in range(depth):
        out = [out]
    return out


scalar = st.one_of(
    st.none(), st.booleans(), st.sampled_from(HUGE), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30), st.sampled_from(LONG),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=31), max_size=10), st.sampled_from(IDS),
    st.sampled_from(CLOCKS),
    st.sampled_from(["2015-02-30", "2015-13-01", "9999-12-31", "0001-01-01", "2015-1-1", "home", "away", "both",
                     "tripping", "triping", "minor", "match", "final", "scheduled", "regular", "playoff", "goalie",
                     "skater", "M", "F", "pending", "upheld", "20.00", "-0.50", "9999999.99", "12:30", "24:00"]))
junk = st.one_of(scalar, st.lists(scalar, max_size=3), st.dictionaries(st.text(max_size=5), scalar, max_size=2),
                 st.integers(1, 60).map(nested), st.just(nested(400)))


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, (*prefix, i))
    return out


ALL_PATHS = paths(BASE)[1:]
DATE_KEYS = {"date", "birthdate", "signed", "released", "filed", "decided"}
REF_KEYS = {"division", "home", "away", "team", "player", "captain", "game", "scorer", "shooter", "served_by"}
DATE_PATHS = [p for p in ALL_PATHS if p and p[-1] in DATE_KEYS]
REF_PATHS = [p for p in ALL_PATHS if p and p[-1] in REF_KEYS]
EDGE_DATES = ["0001-01-01", "9999-12-31", "1900-02-28", "2000-02-29", "2015-09-30", "2016-04-01", "2015-10-03",
              "2015-10-04", "2015-10-05", "2030-01-01"]
EVERY_ID = sorted({str(o["id"]) for name in ("divisions", "teams", "players", "games") for o in BASE[name]})


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _event(draw: st.DrawFn) -> dict[str, Any]:
    etype = draw(st.sampled_from(["goal", "penalty", "penalty_shot", "awarded_goal", "timeout", "goalie", "late",
                                  "forfeit", "called", "note", "shootout"]))
    ev: dict[str, Any] = {"type": etype, "team": draw(st.sampled_from(["home", "away"])),
                          "period": draw(st.sampled_from([1, 2, 3, 4, 5, 9, 10, 99, 0, -1, 100, 10**9])),
                          "elapsed": draw(st.sampled_from(CLOCKS))}
    player = st.sampled_from([p["id"] for p in BASE["players"]] + ["nobody", ""])
    if etype == "goal":
        ev |= {"scorer": draw(player), "assists": draw(st.lists(player, max_size=4))}
    elif etype == "penalty":
        ev |= {"player": draw(st.one_of(st.none(), player)),
               "infraction": draw(st.sampled_from(["tripping", "fighting", "abuse_of_officials", "x", "slashing",
                                                   "too_many_players", "gross_misconduct", "high_sticking"])),
               "class": draw(st.sampled_from(["minor", "major", "misconduct", "game_misconduct", "match",
                                              "bench_minor", "gross_misconduct"]))}
        if draw(st.booleans()):
            ev["served_by"] = draw(player)
    elif etype == "penalty_shot":
        ev |= {"shooter": draw(player), "scored": draw(st.booleans())}
    elif etype == "goalie":
        ev |= {"action": draw(st.sampled_from(["pull", "in"])), "player": draw(player)}
    elif etype == "late":
        ev = {"type": "late", "team": ev["team"], "minutes": draw(st.sampled_from([0, 1, 5, 15, 600, 599.5]))}
    elif etype == "forfeit":
        ev = {"type": "forfeit", "team": draw(st.sampled_from(["home", "away", "both"])),
              "reason": draw(st.sampled_from(["late", "short_players", "ineligible", "other"]))}
    elif etype == "called":
        ev = {"type": "called", "points": {"home": draw(st.sampled_from([0, 2, -5, 2**70])),
                                           "away": draw(st.sampled_from([0, 1, 10**20]))}, "reason": "storm"}
    elif etype == "note":
        ev = {"type": "note", "text": draw(st.sampled_from(LONG[:4] + ["ok"]))}
    elif etype == "shootout":
        ev = {"type": "shootout", "team": ev["team"],
              "attempts": [{"team": draw(st.sampled_from(["home", "away"])), "shooter": draw(player),
                            "scored": draw(st.booleans())} for _ in range(draw(st.integers(0, 4)))]}
    return ev


def _played(draw: st.DrawFn, game: dict[str, Any]) -> dict[str, Any]:
    """An event a scorekeeper could enter in `game`: a dressed player, a real clock, a catalogue infraction."""
    side = draw(st.sampled_from(["home", "away"]))
    dressed = st.sampled_from([x["player"] for x in game.get("lineups", {}).get(side, [])] or ["nobody"])
    clock = {"period": draw(st.sampled_from([1, 1, 2, 2, 3, 4])),
             "elapsed": f"{draw(st.integers(0, 20)):02d}:{draw(st.integers(0, 59)):02d}"}
    kind = draw(st.sampled_from(["goal", "penalty", "penalty", "penalty_shot", "goalie", "timeout", "late"]))
    if kind == "goal":
        return {"type": "goal", "team": side, **clock, "scorer": draw(dressed),
                "assists": draw(st.lists(dressed, max_size=2, unique=True)), "empty_net": draw(st.booleans())}
    if kind == "penalty":
        code = draw(st.sampled_from(sorted(BOOK.infractions)))
        event = {"type": "penalty", "team": side, **clock, "player": draw(st.one_of(st.none(), dressed)),
                 "infraction": code, "class": draw(st.sampled_from(list(BOOK.infractions[code].classes())))}
        return event | ({"served_by": draw(dressed)} if draw(st.booleans()) else {})
    if kind == "penalty_shot":
        return {"type": "penalty_shot", "team": side, **clock, "shooter": draw(dressed), "scored": draw(st.booleans())}
    if kind == "goalie":
        return {"type": "goalie", "team": side, **clock, "action": draw(st.sampled_from(["pull", "in"])),
                "player": draw(dressed)}
    if kind == "late":
        return {"type": "late", "team": side, "minutes": draw(st.sampled_from([1, 5, 16]))}
    return {"type": "timeout", "team": side, **clock}


@st.composite
def hostile_season(draw: st.DrawFn) -> dict[str, Any]:
    """The example season with 1 to 5 mutations: wrong types at any depth, huge numbers, long texts, deep
    nesting, duplicated ids, swapped values (a valid value in the wrong place), events out of range."""
    data = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 5))):
        action = draw(st.sampled_from(["replace", "replace", "delete", "unknown_key", "duplicate", "swap",
                                       "event", "event", "play", "play", "status", "rulebook", "audit", "reorder",
                                       "date", "ref", "ref", "coed"]))
        path = draw(st.sampled_from(ALL_PATHS))
        try:
            parent: Any = _at(data, path[:-1])
            if action == "replace":
                parent[path[-1]] = draw(junk)
            elif action == "delete" and isinstance(parent, dict):
                parent.pop(path[-1], None)
            elif action == "unknown_key" and isinstance(parent, dict):
                parent[draw(st.text(min_size=1, max_size=8))] = draw(junk)
            elif action == "duplicate" and isinstance(parent, list) and parent:
                twin = copy.deepcopy(parent[draw(st.integers(0, len(parent) - 1))])
                if isinstance(twin, dict) and "id" in twin and draw(st.booleans()):
                    twin["id"] = f"{twin['id']}-copy"
                parent.append(twin)
            elif action == "swap":
                other = draw(st.sampled_from(ALL_PATHS))
                value = copy.deepcopy(_at(data, other))
                parent[path[-1]] = value
            elif action == "event":
                game = data["games"][draw(st.integers(0, len(data["games"]) - 1))]
                events = game.setdefault("events", [])
                if not isinstance(events, list):
                    continue
                at = draw(st.integers(0, len(events)))
                events.insert(at, _event(draw))
            elif action == "play":  # events that pass the file's checks: the rules and the engine judge them
                game = data["games"][draw(st.integers(0, len(data["games"]) - 1))]
                for _ in range(draw(st.integers(1, 8))):
                    game.setdefault("events", []).append(_played(draw, game))
            elif action == "status":
                game = data["games"][draw(st.integers(0, len(data["games"]) - 1))]
                game["status"] = draw(st.sampled_from(["scheduled", "final"]))
            elif action == "rulebook":
                data["rulebook"] = draw(st.sampled_from(LONG + ["westridge-2015-16", "x" * 300, "../rulebooks/x",
                                                                "resources/rulebooks/westridge-2015-16.toml"]))
            elif action == "audit":
                data["audit"] = [{"at": draw(st.sampled_from(["2015-10-01T20:00:00", "yesterday", "", "2015-13-45",
                                                               "9999-99-99T99:99:99", "2015-10-01"])),
                                  "action": draw(st.sampled_from(["override block", "note", ""])),
                                  "operator": draw(scalar), "subject": draw(scalar), "before": draw(junk),
                                  "after": draw(junk)}]
            elif action == "date" and DATE_PATHS:
                where = draw(st.sampled_from(DATE_PATHS))
                _at(data, where[:-1])[where[-1]] = draw(st.sampled_from(EDGE_DATES))
            elif action == "ref" and REF_PATHS:
                where = draw(st.sampled_from(REF_PATHS))
                _at(data, where[:-1])[where[-1]] = draw(st.sampled_from([*EVERY_ID, "nobody", "home", "away"]))
            elif action == "coed":
                division = data["divisions"][draw(st.integers(0, len(data["divisions"]) - 1))]
                division["coed"] = draw(st.booleans())
                division["tier"] = draw(st.sampled_from([1, 2, None]))
            elif action == "reorder" and isinstance(parent, list):
                parent.reverse()
        except (KeyError, IndexError, TypeError, AttributeError):
            continue  # the path was changed by an earlier mutation
    return data


# -- running one case ---------------------------------------------------------------------------------------
class CaseTooSlow(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float = LIMIT_S) -> Iterator[None]:
    """Fail a case that runs over `seconds`: measured, and interrupted if it never ends."""
    def stop(signum: int, frame: Any) -> None:
        raise CaseTooSlow(f"a case ran over {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds + 5)
    start = time.monotonic()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert time.monotonic() - start < seconds, f"a case took {time.monotonic() - start:.1f} s"


def dump(db: Path) -> str:
    con = sqlite3.connect(db)
    try:
        return "\n".join(con.iterdump())
    finally:
        con.close()


_TEMPLATE: dict[str, Path] = {}


def fresh_db(folder: Path, locked: bool = False) -> Path:
    """A league database holding the example season (copied from one made once per run); `locked`: with an office
    password, so that what the password guards is refused."""
    key = "locked" if locked else "open"
    if key not in _TEMPLATE:
        template = Path(folder.parent / f"template-{key}.db")
        svc = Services.open(str(template))
        assert svc.import_data(copy.deepcopy(BASE)).ok
        if locked:
            svc.set_office_password("office-secret")
        svc.close()
        _TEMPLATE[key] = template
    target = folder / "league.db"
    shutil.copy(_TEMPLATE[key], target)
    return target


def run_cli(argv: list[str]) -> tuple[int, str]:
    """`scorekeeper ARGV` in this process: its exit code and what it printed (standard error, then output)."""
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = cli.main(argv)
    return code, err.getvalue() + out.getvalue()


def assert_clear(message: str) -> None:
    assert "internal error" not in message and "Traceback" not in message, message
    assert message.strip(), "a refusal says why"


def import_case(folder: Path, content: dict[str, Any] | bytes, via_cli: bool, replace: bool,
                locked: bool = False) -> bool:
    """Import `content` into a copy of the example league; True when it was imported, False when refused."""
    db = fresh_db(folder, locked)
    before = dump(db)
    with time_limit():
        if via_cli:
            file = folder / "season.json"
            file.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode("utf-8",
                                                                                                "surrogatepass"))
            code, err = run_cli(["--db", str(db), "import", str(file), *(["--replace"] if replace else [])])
            ok = code == 0
            if not ok:
                assert_clear(err)
        else:
            assert isinstance(content, dict)
            svc = Services.open(str(db))
            try:
                report = svc.import_data(content, replace=replace)
                ok = report.ok
                if not ok:
                    assert report.blocks and all(v.rule and v.message and (v.where or v.section)
                                                 for v in report.blocks), report.violations
                    assert_clear("\n".join(v.line() for v in report.violations))
            except ServiceError as exc:  # the database refused the whole import: said plainly
                ok = False
                assert_clear(str(exc))
            finally:
                svc.close()
    if not ok:
        assert dump(db) == before, "a refused import changed the database"
    return ok


@fuzz(CASES * 2 // 5)
@given(hostile_season(), st.booleans(), st.booleans())
def test_hostile_season_files_are_refused_whole_with_a_clear_message(tmp_path_factory: Any, data: dict[str, Any],
                                                                     replace: bool, locked: bool) -> None:
    import_case(tmp_path_factory.mktemp("season"), data, via_cli=False, replace=replace, locked=locked)


@st.composite
def hostile_bytes(draw: st.DrawFn) -> bytes:
    """A season file damaged as bytes: cut short, invalid UTF-8, deep nesting, huge numbers, a flipped byte."""
    text = json.dumps(draw(hostile_season()), ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")
    kind = draw(st.sampled_from(["as_is", "as_is", "cut", "flip", "latin1", "nest", "number", "bom", "nul"]))
    at = draw(st.integers(0, max(0, len(text) - 1)))
    if kind == "cut":
        return text[:at]
    if kind == "flip":
        return text[:at] + bytes([text[at] ^ (1 << draw(st.integers(0, 7)))]) + text[at + 1:]
    if kind == "latin1":
        return text.replace(b'"Otters', b'"\xe9\xff Otters').replace(b'"2015-16"', b'"2015\xc3-16"')
    if kind == "nest":
        depth = draw(st.sampled_from([100, 1000, 100_000]))
        return text.replace(b'"events": []', b'"events": ' + b"[" * depth + b"]" * depth, 1) if draw(
            st.booleans()) else b"[" * depth
    if kind == "number":
        return text.replace(b'"number": 7', b'"number": 1' + b"0" * draw(st.sampled_from([20, 5000, 100_000])))
    if kind == "bom":
        return b"\xef\xbb\xbf" + text
    if kind == "nul":
        return text[:at] + b"\x00" + text[at:]
    return text


@fuzz(CASES // 5)
@given(hostile_bytes(), st.booleans())
def test_hostile_season_files_through_the_command_line_never_reach_the_last_guard(
        tmp_path_factory: Any, content: bytes, replace: bool) -> None:
    import_case(tmp_path_factory.mktemp("cli"), content, via_cli=True, replace=replace)


# -- rulebook files -----------------------------------------------------------------------------------------
TOML_VALUES = ["-1", "0", "99999999999999999999", "9223372036854775807", "-9223372036854775808", "1.5", "nan",
               "inf", "true", "[]", "{}", '""', '"x"', f'"{"x" * 300}"', '"../../etc/passwd"', '"/tmp/x"',
               "1979-05-27", "[1, 2]", '["minor", "nonsense"]', "[[1]]", '"minor"', '"season"', '"indefinite"',
               "100000", "[0, 0]", "[-1, 5]", '{ m = 1 }']
ID_VALUES = ['"x"', f'"{"r" * 300}"', '"../westridge-2015-16"', '"/etc/passwd"', '"a/b"', '"westridge-2015-16"',
             '"c:\\\\x"', '"con"', '"\\u0000"', '" "', '"..."', '"new-league"', '"\\ud7ff"']
RULEBOOK_LINES = RULEBOOK_TEXT.splitlines()
ASSIGN = [i for i, line in enumerate(RULEBOOK_LINES) if re.match(r"^[A-Za-z_0-9]+\s*=", line)]
HEADERS = [i for i, line in enumerate(RULEBOOK_LINES) if line.startswith("[")]


@st.composite
def hostile_rulebook(draw: st.DrawFn) -> str:
    lines = list(RULEBOOK_LINES)
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(["value", "value", "value", "delete", "duplicate", "rename", "id", "header",
                                       "append"]))
        i = draw(st.sampled_from(ASSIGN))
        key = lines[i].split("=", 1)[0].strip()
        if action == "value":
            lines[i] = f"{key} = {draw(st.sampled_from(TOML_VALUES))}"
        elif action == "delete":
            lines[i] = ""
        elif action == "duplicate":
            lines.insert(i, lines[i])
        elif action == "rename":
            lines[i] = lines[i].replace(key, draw(st.sampled_from([key + "s", "x", key.upper()])), 1)
        elif action == "id":
            lines[ASSIGN[1]] = f"id = {draw(st.sampled_from(ID_VALUES))}"
        elif action == "header":
            h = draw(st.sampled_from(HEADERS))
            lines[h] = draw(st.sampled_from(["[x]", "[clock.x]", "[[clock]]", "[infractions.x]", "[rules.]",
                                             "[discipline]", "[[infractions]]"]))
        elif action == "append":
            lines.append(draw(st.sampled_from(["[[discipline]]\ntrigger = 1", "[[discipline]]\ntrigger = \"x\"",
                                               "[infractions.new]\nname = \"n\"\nclass = \"minor\"",
                                               "junk = " + "[" * 2000 + "]" * 2000, "[" * 50_000])))
    return "\n".join(lines) + "\n"


@fuzz(CASES // 5)
@given(hostile_rulebook(), st.booleans())
def test_hostile_rulebook_files_are_refused_with_the_key_and_the_reason(tmp_path_factory: Any, text: str,
                                                                        via_cli: bool) -> None:
    folder = tmp_path_factory.mktemp("rulebook")
    db = fresh_db(folder)
    before = dump(db)
    file = folder / "book.toml"
    file.write_text(text, encoding="utf-8", errors="surrogatepass")
    with time_limit():
        if via_cli:
            code, err = run_cli(["--db", str(db), "rulebook", "load", str(file)])
            ok = code == 0
            if not ok:
                assert_clear(err)
        else:
            svc = Services.open(str(db))
            try:
                svc.load_rulebook_file(file)
                ok = True
            except ServiceError as exc:
                ok = False
                assert_clear(str(exc))
            finally:
                svc.close()
    if not ok:
        assert dump(db) == before


# -- roster CSVs (the window's Import roster spreadsheet calls exactly these two facade methods) -------------
csv_cell = st.one_of(st.text(max_size=12), st.sampled_from(["otters", "Herons", "99", "100", "-3", "007", "٣", "²",
                                                            "1e3", "M", "F", "X", "goalie", "G", "1990-01-01",
                                                            "1990-02-30", "not a date", "", "x" * 5000, "\ud800",
                                                            "p1", "p1-copy", "a@example.org\r\nBcc: x@y"]),
                     st.text(alphabet=st.characters(min_codepoint=1, max_codepoint=31), max_size=5))
HEADER = ["team", "number", "first", "last", "gender", "position", "birthdate", "email", "signed", "released",
          "player"]


@st.composite
def hostile_csv(draw: st.DrawFn) -> bytes:
    header = draw(st.lists(st.sampled_from(HEADER + ["Jersey", "#", "DOB", "sex", "", "team"]), min_size=3,
                           max_size=9))
    if draw(st.booleans()):
        header = list(dict.fromkeys(["team", "number", "first", "last", *header]))
    rows = draw(st.lists(st.lists(csv_cell, min_size=len(header) - 1, max_size=len(header) + 1), max_size=8))
    if draw(st.booleans()) and rows:
        rows += [list(rows[0])] * draw(st.integers(1, 3))  # the same player twice
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=draw(st.sampled_from([",", ";", "\t"])))
    writer.writerow(header)
    writer.writerows(rows)
    text = buf.getvalue().encode("utf-8", "surrogatepass")
    kind = draw(st.sampled_from(["as_is", "as_is", "as_is", "latin1", "cut", "nul", "quote", "empty"]))
    if kind == "latin1":
        return text + "Müller;é\n".encode("latin-1")
    if kind == "cut":
        return text[:draw(st.integers(0, len(text)))]
    if kind == "nul":
        return text + b"otters,7,a\x00b,c\n"
    if kind == "quote":
        return text + b'otters,"7,unterminated\n'
    if kind == "empty":
        return b""
    return text


@fuzz(CASES // 5)
@given(hostile_csv())
def test_hostile_roster_csvs_never_raise_in_the_window_and_write_only_accepted_rows(tmp_path_factory: Any,
                                                                                   content: bytes) -> None:
    folder = tmp_path_factory.mktemp("csv")
    db = fresh_db(folder)
    before = dump(db)
    path = folder / "roster.csv"
    path.write_bytes(content)
    svc = Services.open(str(db))
    try:
        with time_limit():
            before_roster = len(svc.roster())
            try:
                preview = svc.preview_roster_csv(str(path))
            except ServiceError as exc:  # the window shows "Cannot read the file" and this sentence
                assert_clear(str(exc))
                preview = None
            if preview is not None:
                for row in preview:
                    assert row["verdict"] in ("imported", "warning", "refused")
                    if row["verdict"] == "refused":
                        assert row["violations"] and all(v["message"] for v in row["violations"])
                accepted = sum(1 for r in preview if r["verdict"] != "refused")
                result = svc.import_roster_csv(str(path), confirm=True)
                assert len(svc.roster()) == before_roster + (accepted if result.ok else 0)
                if not result.ok:
                    assert_clear("\n".join(v.line() for v in result.violations))
                else:
                    return
    finally:
        svc.close()
    assert dump(db) == before, "a refused roster CSV changed the database"


# -- files that are not files -------------------------------------------------------------------------------
@pytest.mark.parametrize("command", [["import"], ["rulebook", "load"]])
def test_a_device_or_a_fifo_is_refused_at_once_not_read_forever(tmp_path: Path, command: list[str]) -> None:
    db = fresh_db(tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for source in ("/dev/zero", str(fifo), str(tmp_path)):
        with time_limit(5):
            code, err = run_cli(["--db", str(db), *command, source])
        assert code == 1
        assert_clear(err)
        assert "not a regular file" in err or "folder" in err, err
