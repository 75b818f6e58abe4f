"""The same season on PostgreSQL (several rink PCs sharing one league) gives the same results as SQLite."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.services import Services
from tests.scorekeeper.test_cli import EXAMPLE

BIN = sorted(glob.glob("/usr/lib/postgresql/*/bin"))


START_TIMEOUT = 300  # seconds for the server to start (pg_ctl -t; its own default is 60): a busy CI machine
COMMAND_TIMEOUT = 600  # seconds for one initdb, pg_ctl or createdb (the start's 300 s and some)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def pg_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A throwaway PostgreSQL server on 127.0.0.1 with a `scorekeeper` database, stopped however the tests end.
    A slow, busy machine does not fail it by chance: generous deadlines, a port taken between choosing and
    binding it is chosen again, and the server must answer (pg_isready) before the tests start."""
    pytest.importorskip("psycopg")
    if not BIN or not shutil.which("su") or os.geteuid() != 0:
        pytest.skip("PostgreSQL server binaries (and root, to run them as postgres) are not available")
    bindir = BIN[-1]
    base = Path(tempfile.mkdtemp(prefix="sk-pg-", dir="/tmp"))
    shutil.chown(base, "postgres")

    def as_pg(*cmd: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["su", "postgres", "-s", "/bin/sh", "-c", " ".join(cmd)], check=check,
                              capture_output=True, text=True, timeout=COMMAND_TIMEOUT)

    def log() -> str:
        path = base / "log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else "(no log)"

    def stop() -> None:
        if (base / "data" / "postmaster.pid").exists():
            as_pg(f"{bindir}/pg_ctl", "-D", f"{base}/data", "-m", "immediate", "-w", "-t", str(START_TIMEOUT),
                  "stop", check=False)

    try:
        as_pg(f"{bindir}/initdb", "-D", f"{base}/data", "--auth=trust", "-U", "postgres", "-E", "UTF8")
        for _attempt in range(3):
            port = _free_port()
            started = as_pg(f"{bindir}/pg_ctl", "-D", f"{base}/data", "-l", f"{base}/log", "-w", "-t",
                            str(START_TIMEOUT), "-o", f"'-p {port} -k {base} -c listen_addresses=127.0.0.1'",
                            "start", check=False)
            if started.returncode == 0:
                break
            stop()
        else:
            pytest.fail(f"PostgreSQL did not start: {started.stderr}\n{log()}")
        deadline = time.monotonic() + START_TIMEOUT
        while subprocess.run([f"{bindir}/pg_isready", "-q", "-h", "127.0.0.1", "-p", str(port), "-t", "10"],
                             capture_output=True, timeout=COMMAND_TIMEOUT).returncode != 0:
            assert time.monotonic() < deadline, f"PostgreSQL does not answer on 127.0.0.1:{port}\n{log()}"
            time.sleep(1)
        as_pg(f"{bindir}/createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "scorekeeper")
        yield f"postgresql://postgres@127.0.0.1:{port}/scorekeeper"
    finally:
        stop()
        shutil.rmtree(base, ignore_errors=True)


def test_postgresql_database_gives_the_same_results(pg_url: str, tmp_path: Path):
    pg = Services.open(pg_url)
    assert pg.import_file(EXAMPLE).ok
    assert pg.import_file(EXAMPLE).written == {k: 0 for k in pg.import_file(EXAMPLE).written}
    lite = Services.open(str(tmp_path / "lite.db"))
    assert lite.import_file(EXAMPLE).ok
    assert pg.standings() == lite.standings()
    assert pg.stats() == lite.stats()
    timeless = [{**x, "audit": [{k: v for k, v in a.items() if k != "at"} for a in x["audit"]]}
                for x in (pg.export(), lite.export())]  # each import audits its payment at its own second
    assert timeless[0] == timeless[1]
    assert "PostgreSQL" in pg.database_label
    pg.close()
    lite.close()


def test_two_rink_pcs_on_postgresql_lose_nothing_and_conflict_clearly(pg_url: str):
    """Two facades on one PostgreSQL league (two rink PCs): concurrent entries both land; a stale edit is refused."""
    first = Services.open(pg_url)
    if not first.seasons():
        assert first.import_file(EXAMPLE).ok
    second = Services.open(pg_url)
    first.view()
    second.view()
    assert first.add_event("g004", {"type": "note", "text": "from PC 1"}).ok
    assert second.add_event("g004", {"type": "note", "text": "from PC 2"}).ok
    first._changed()
    texts = [e.get("text") for e in first.view().games["g004"]["events"] if e["type"] == "note"]
    assert texts[-2:] == ["from PC 1", "from PC 2"]
    first.view()
    assert first.update_event("g004", len(texts) - 1, {"type": "note", "text": "edited on PC 1"}).ok
    stale = second.update_event("g004", len(texts) - 1, {"type": "note", "text": "edited on PC 2"})
    assert not stale.ok and "another PC" in stale.blocks[0].message
    first.close()
    second.close()
