"""Crash safety (issue 6): a live game killed with SIGKILL at random moments loses no acknowledged entry,
and an import killed mid-way is all or nothing."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from scorekeeper.services import Services
from tests.scorekeeper.synthetic import synthetic_season
from tests.scorekeeper.test_cli import EXAMPLE

ROOT = Path(__file__).resolve().parents[3]

CHILD = textwrap.dedent("""
    import sys
    from scorekeeper.services import Services
    svc = Services.open(sys.argv[1])
    start = int(sys.argv[2])
    for i in range(start, start + 400):
        side = "home" if i % 2 else "away"
        scorer = "ow02" if side == "home" else "ly02"
        minute, second = divmod(i % 1200, 60)
        res = svc.add_event("g004", {"type": "goal", "team": side, "period": 1,
                                     "elapsed": f"{minute:02d}:{second:02d}", "scorer": scorer, "assists": []},
                            confirm=True)
        if not res.ok:
            print("refused", [v.line() for v in res.violations], flush=True)
            break
        print(f"ack {i}", flush=True)
""")


def goals_stored(db: Path) -> int:
    con = sqlite3.connect(db)
    try:
        assert con.execute("pragma integrity_check").fetchone()[0] == "ok"
        return int(con.execute("select count(*) from game_event e join game g on g.id = e.game_id "
                               "where g.ext_id = 'g004' and e.type = 'goal'").fetchone()[0])
    finally:
        con.close()


@pytest.mark.slow
def test_sigkill_during_a_live_game_loses_no_acknowledged_entry(tmp_path: Path):
    db = tmp_path / "live.db"
    data = json.loads(EXAMPLE.read_text())
    g4 = next(g for g in data["games"] if g["id"] == "g004")
    g4["lineups"] = {"home": [{"player": "ow01", "goalie": True}] + [{"player": f"ow0{i}"} for i in range(2, 8)],
                     "away": [{"player": "ly01", "goalie": True}] + [{"player": f"ly0{i}"} for i in range(2, 8)]}
    svc = Services.open(str(db))
    assert svc.import_data(data).ok
    svc.close()
    rng = random.Random(2015)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    acked_total = 0
    for _ in range(20):
        start = goals_stored(db)
        proc = subprocess.Popen([sys.executable, "-c", CHILD, str(db), str(start)], stdout=subprocess.PIPE,
                                text=True, env=env)
        assert proc.stdout is not None
        wanted = rng.randint(1, 12)
        acked = 0
        deadline = time.monotonic() + 60
        while acked < wanted and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            assert line.startswith("ack"), line
            acked += 1
        time.sleep(rng.random() * 0.02)  # kill at a random moment, possibly inside the next write
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        acked += sum(1 for line in proc.stdout.read().splitlines() if line.startswith("ack"))  # printed before the kill
        stored = goals_stored(db)
        assert stored >= start + acked, (start, acked, stored)  # nothing acknowledged is lost
        assert stored <= start + acked + 1  # at most the entry in flight, whole
        acked_total += acked
    assert acked_total >= 20
    svc = Services.open(str(db))
    assert len(svc.game("g004")["goals"]) == goals_stored(db)  # the log reads back whole
    svc.close()


@pytest.mark.slow
def test_import_killed_midway_is_all_or_nothing(tmp_path: Path):
    big = tmp_path / "big.json"
    big.write_text(json.dumps(synthetic_season()))
    rng = random.Random(16)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    outcomes = set()
    for n in range(6):
        db = tmp_path / f"imp{n}.db"
        proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", "--db", str(db), "import", str(big)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        time.sleep(0.15 + rng.random() * 0.6)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if not db.exists():
            outcomes.add("nothing")
            continue
        con = sqlite3.connect(db)
        assert con.execute("pragma integrity_check").fetchone()[0] == "ok"
        tables = {r[0] for r in con.execute("select name from sqlite_master")}
        games = con.execute("select count(*) from game").fetchone()[0] if "game" in tables else 0
        con.close()
        assert games in (0, 240), games
        outcomes.add("all" if games else "nothing")
    assert outcomes  # at least one run checked
