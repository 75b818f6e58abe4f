"""Output is UTF-8 whatever the console's code page (issue 15, point 4): a season file exported to a redirected
stdout under a Windows code page (cp1252 here) imports back, a name like "Łukasz" included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.scorekeeper.test_cli import EXAMPLE

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdout: int | object = subprocess.PIPE) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "cp1252", "PYTHONUTF8": "0"}
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], stdout=stdout, stderr=subprocess.PIPE,
                          env=env, timeout=120, check=False)  # type: ignore[call-overload]


def test_export_to_a_redirected_stdout_under_cp1252_imports_back(tmp_path: Path) -> None:
    season = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    season["players"][0]["first"] = "Łukasz"
    season["players"][0]["last"] = "Żółć-Ñandú"
    source = tmp_path / "season.json"
    source.write_text(json.dumps(season, ensure_ascii=False), encoding="utf-8")
    first, second = tmp_path / "a.db", tmp_path / "b.db"
    assert run("--db", str(first), "import", str(source)).returncode == 0
    exported = tmp_path / "exported.json"
    with open(exported, "wb") as out:
        done = run("--db", str(first), "export", stdout=out)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    data = json.loads(exported.read_bytes().decode("utf-8"))
    assert data["players"][0]["first"] == "Łukasz"
    assert run("--db", str(second), "import", str(exported)).returncode == 0
    stats = run("--db", str(second), "stats")  # a table, redirected: UTF-8 too (cp1252 would write the dash as 0x97)
    assert stats.returncode == 0 and "2015-16 — regular".encode() in stats.stdout
