"""Sending is safe to interrupt anywhere and simply to run again (issue 32): three rink PCs, each scoring its own
games offline and two of them the same game, send as separate processes killed at random points (SIGKILL after a
random short delay, several times, the three at once), then send again to the end. At the league every game is
there exactly once as its rink scored it (one `rink send` audit entry each: 0 lost, 0 duplicated), the game two
rinks scored is the first sender's with the other's listed as a conflict, once, and applied nowhere. The property
holds wherever a kill lands, so nothing here depends on timing. Each rink also records a payment, and one calls up a
player it dresses: each reaches the league once, the roster before the game. On SQLite and on the PostgreSQL server."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.rink.changes import waiting
from scorekeeper.rink.digest import digest
from scorekeeper.services import Services
from tests.scorekeeper.db.test_postgres import BIN, START_TIMEOUT, pg_url  # noqa: F401 - the server, as a fixture
from tests.scorekeeper.rink.rink_league import audit_actions, game_id, open_league, rink_copy, score
from tests.scorekeeper.rink.test_rink_copy import _empty_postgres

RINKS = ("north", "south", "east")
OWN = 20  # games each rink scores alone: 60, and one more that two rinks score (issue 32: twenty each)
SHARED = game_id(3 * OWN)
CALLED_UP = "he90"  # a player north adds and signs at the boards, then dresses
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(params=["sqlite", "postgresql"])
def league_target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "league.db")
        return
    url = request.getfixturevalue("pg_url")
    _empty_postgres(url)
    yield url


def _send(rink: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCOREKEEPER_OPERATOR": "rink test"}
    return subprocess.Popen([sys.executable, "-m", "scorekeeper", "--db", str(rink), "rink", "send", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def _killed_at_random(rinks: list[Path], rng: random.Random) -> None:
    """The three rinks' sends started at once, each killed after its own random delay (if still running)."""
    running = [(_send(r), time.monotonic() + rng.uniform(0.2, 3.0)) for r in rinks]
    for process, deadline in sorted(running, key=lambda x: x[1]):
        time.sleep(max(0.0, deadline - time.monotonic()))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
        process.communicate(timeout=120)


def _scored(tmp_path: Path, league_target: str) -> dict[str, dict[str, str]]:
    """The league, the three rink copies and their games scored offline: each rink's games by id, as digests."""
    league = open_league(league_target, games=3 * OWN + 1)
    played: dict[str, dict[str, str]] = {}
    for n, name in enumerate(RINKS):
        rink = rink_copy(tmp_path, name, league, league_target)
        games = [game_id(n * OWN + k) for k in range(OWN)] + ([SHARED] if name != "north" else [])
        if name == "north":  # a call-up at the boards, dressed in north's first game (otters v herons)
            assert rink.save_player({"id": CALLED_UP, "first": "Called", "last": "Up", "gender": "M"},
                                    confirm=True).ok
            assert rink.sign_player("herons", CALLED_UP, 90, confirm=True).ok
        played[name] = {gid: digest(score(rink, gid, goals=1 + (n + len(gid)) % 3,
                                          dress=CALLED_UP if gid == game_id(0) else None)) for gid in games}
        assert rink.record_payment({"payer": {"team": "lynx"}, "amount": "5.00", "date": f"2015-11-0{n + 1}",
                                    "memo": f"paid at {name}"}).ok
        rink.close()
    league.close()
    return played


def test_sends_killed_at_random_points_then_run_again_leave_every_game_once_and_the_conflict_listed(
        league_target: str, tmp_path: Path) -> None:
    played = _scored(tmp_path, league_target)
    rinks = [tmp_path / f"{name}.db" for name in RINKS]
    rng = random.Random()
    for _ in range(3):
        _killed_at_random(rinks, rng)
    _sent_to_the_end_once_each(played, rinks, league_target, tmp_path)


def _server(url: str) -> tuple[str, str, str]:
    """The throwaway server's data folder, its socket folder and its port."""
    psycopg = pytest.importorskip("psycopg")
    with psycopg.connect(url, autocommit=True) as con:
        row = con.execute("show data_directory").fetchone()
    data = str(row[0]) if row else ""
    return data, str(Path(data).parent), url.rsplit(":", 1)[1].split("/")[0]


def _first_game_arrived(url: str, running: list[subprocess.Popen[str]]) -> None:
    """Wait until the league took a game from a rink (or every send ended): the server then stops mid-send."""
    psycopg = pytest.importorskip("psycopg")
    with psycopg.connect(url, autocommit=True) as con:
        while any(p.poll() is None for p in running):
            row = con.execute("select count(*) from audit_entry where action = 'rink send'").fetchone()
            if row and row[0]:
                return
            time.sleep(0.05)


def _pg_ctl(*args: str) -> None:
    command = " ".join([f"{BIN[-1]}/pg_ctl", *args])
    subprocess.run(["su", "postgres", "-s", "/bin/sh", "-c", command], check=True, capture_output=True,
                   timeout=START_TIMEOUT + 60)


def test_sends_cut_off_by_the_server_stopping_say_so_and_lose_nothing_once_it_is_back(
        pg_url: str, tmp_path: Path) -> None:  # noqa: F811
    _empty_postgres(pg_url)
    played = _scored(tmp_path, pg_url)
    rinks = [tmp_path / f"{name}.db" for name in RINKS]
    data, base, port = _server(pg_url)
    running = [_send(r) for r in rinks]
    _first_game_arrived(pg_url, running)
    time.sleep(random.uniform(0.0, 0.5))
    _pg_ctl("-D", data, "-m", "immediate", "-w", "-t", str(START_TIMEOUT), "stop")
    try:
        for process in running:
            _, err = process.communicate(timeout=300)
            assert process.returncode in (0, 1) and "Traceback" not in err and "internal error" not in err, err
    finally:
        _pg_ctl("-D", data, "-l", f"{base}/log", "-w", "-t", str(START_TIMEOUT), "-o",
                f"'-p {port} -k {base} -c listen_addresses=127.0.0.1'", "start")
    _sent_to_the_end_once_each(played, rinks, pg_url, tmp_path)


def _sent_to_the_end_once_each(played: dict[str, dict[str, str]], rinks: list[Path], league_target: str,
                               tmp_path: Path) -> None:
    """Each rink sends to the end; then every game is at the league once, as scored, the conflict listed once."""
    for rink in rinks:  # then each sends to the end
        done = _send(rink)
        out, err = done.communicate(timeout=300)
        assert done.returncode == 0, err
        assert json.loads(out)["waiting"] == []
    league = Services.open(league_target)
    games = league.view().games
    sent = audit_actions(league, "rink send")
    for name, own in played.items():
        for gid, want in own.items():
            if gid != SHARED:
                assert digest(games[gid]) == want, f"{gid} from {name} is not at the league as scored"
                assert sent.count(f"game {gid} from rink {name}") == 1, f"{gid}: {sent}"
        rink = Services.open(str(tmp_path / f"{name}.db"))
        assert waiting(rink) == []
        rink.close()
    games_sent = [x for x in sent if x.startswith("game ")]
    assert len(games_sent) == 3 * OWN + 1  # every game once, the shared one by its first sender only
    assert sent.count("roster of team herons from rink north") == 1 and CALLED_UP in [
        r["player"] for r in league.view().data.get("roster", []) if r["team"] == "herons"]
    paid = [p.get("memo") for p in league.view().data.get("payments", [])]
    for name in RINKS:  # each rink's payment once (sent after its games)
        assert paid.count(f"paid at {name}") == 1
        assert len([x for x in sent if x.startswith("payment ") and x.endswith(f"from rink {name}")]) == 1
    assert len(sent) == len(games_sent) + 1 + len(RINKS)
    first = [name for name in ("south", "east") if f"game {SHARED} from rink {name}" in sent]
    assert len(first) == 1 and digest(games[SHARED]) == played[first[0]][SHARED]
    other = "east" if first == ["south"] else "south"
    assert [(c.game, c.rink) for c in league.rink_conflicts()] == [(SHARED, other)]
    league.close()


def test_a_refresh_killed_at_random_points_leaves_the_old_copy_or_the_new_and_every_unsent_game(
        tmp_path: Path) -> None:
    """A refresh is one transaction at the rink: killed anywhere, the copy is the old one or the new one, never
    half; either way the games scored and not yet sent still wait, as scored."""
    target = str(tmp_path / "league.db")
    league = open_league(target, games=4)
    rink = rink_copy(tmp_path, "north", league, target)
    unsent = {gid: digest(score(rink, gid)) for gid in (game_id(0), game_id(2))}
    rink.close()
    changed = {**league.view().games[game_id(1)], "notes": "moved to the north rink"}
    assert league.save_game(changed, confirm=True).ok
    league.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCOREKEEPER_OPERATOR": "rink test"}
    command = [sys.executable, "-m", "scorekeeper", "--db", str(tmp_path / "north.db"), "rink", "copy", target]
    rng = random.Random()
    for _ in range(3):
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        time.sleep(rng.uniform(0.2, 2.5))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
        process.communicate(timeout=120)
        rink = Services.open(str(tmp_path / "north.db"))
        assert {w.id: w.digest for w in waiting(rink)} == unsent
        rink.close()
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    rink = Services.open(str(tmp_path / "north.db"))
    assert {w.id: w.digest for w in waiting(rink)} == unsent
    assert rink.view().games[game_id(1)].get("notes") == "moved to the north rink"
    rink.close()
