"""Issue 31.1 and 31.2: the log a supporter reads and the problem report. After a command runs, the log holds its
start-up (with the versions), the database it opened, each write's kind and result, each refusal and every error
with its traceback; `problem-report` writes a zip with the log, the versions, the settings and the database's
integrity summary, and no secret: no password, no password hash, no data of the league."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from scorekeeper import cli, logs
from scorekeeper.db.models import Meta
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON

PASSWORD = "hunter2-rink"
ROOT = Path(__file__).resolve().parents[2]


def scorekeeper(log_dir: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The command line as a person runs it, logging into `log_dir`."""
    env = {**os.environ, "SCOREKEEPER_LOG_DIR": str(log_dir), "PYTHONIOENCODING": "utf-8"}
    env.pop("SCOREKEEPER_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], input=stdin, capture_output=True,
                          text=True, encoding="utf-8", env=env, cwd=ROOT, timeout=300)


def zip_texts(path: Path) -> dict[str, str]:
    with zipfile.ZipFile(path) as zf:
        return {Path(name).name: zf.read(name).decode("utf-8") for name in zf.namelist()}


@pytest.fixture(scope="module")
def commands_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """A database set up by commands (import, the office password set, a refused import, a standings), each
    logging into one folder; then a problem report of it. Returns the log folder, the report and the hash the
    database keeps of the office password."""
    folder = tmp_path_factory.mktemp("logged")
    log_dir, db = folder / "log", str(folder / "league.db")
    assert scorekeeper(log_dir, "--db", db, "import", str(EXAMPLE_SEASON)).returncode == 0
    assert scorekeeper(log_dir, "--db", db, "password", "set", stdin=f"{PASSWORD}\n{PASSWORD}\n").returncode == 0
    bad = folder / "bad.json"
    data = json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8"))
    data["games"][0]["events"].append({"type": "goal", "team": "home", "period": 1, "elapsed": "99:99",
                                       "scorer": "nobody"})
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert scorekeeper(log_dir, "--db", db, "import", str(bad)).returncode == 1
    assert scorekeeper(log_dir, "--db", db, "standings").returncode == 0
    not_a_db = folder / "notes.db"
    not_a_db.write_text("not a database", encoding="utf-8")
    assert scorekeeper(log_dir, "--db", str(not_a_db), "standings").returncode == 1
    report = folder / "report.zip"
    done = scorekeeper(log_dir, "--db", db, "problem-report", "-o", str(report))
    assert done.returncode == 0, done.stderr
    assert str(report) in done.stdout
    svc = Services.open(db)
    try:
        stored = str(Meta.get(Meta.key == "office_password").value)
    finally:
        svc.close()
    return log_dir, report, stored


def test_the_log_holds_each_commands_start_database_writes_and_refusals(commands_run: tuple[Path, Path, str]
                                                                        ) -> None:
    log_dir, _, _ = commands_run
    text = (log_dir / logs.LOG_NAME).read_text(encoding="utf-8")
    for line in ("command import started: Scorekeeper", "Python 3.", "command standings started",
                 "database opened: ", "schema ", "libraries: peewee", "command password started",
                 "command import ended: exit code 0", "command import ended: exit code 1",
                 "command problem-report ended: exit code 0"):
        assert line in text, line
    assert " recorded" in text and "write (" in text  # the import's and the password's writes
    assert "notes.db was not opened" in text  # the refusal of a file that is no database
    assert (log_dir / logs.CRASH_NAME).exists()


def test_no_password_or_hash_ever_reaches_the_log_or_the_report(commands_run: tuple[Path, Path, str]) -> None:
    log_dir, report, stored = commands_run
    secrets = [PASSWORD, stored, *(part for part in stored.split("$") if len(part) >= 16)]
    texts = {"log": (log_dir / logs.LOG_NAME).read_text(encoding="utf-8"), **zip_texts(report)}
    for name, text in texts.items():
        for secret in secrets:
            assert secret not in text, f"{name} holds a secret"


def test_the_report_holds_the_log_versions_settings_and_integrity_never_the_data(
        commands_run: tuple[Path, Path, str]) -> None:
    _, report, _ = commands_run
    texts = zip_texts(report)
    assert set(texts) == {"README.txt", "log.txt", "versions.txt", "settings.json", "database.json"}
    assert "command import started" in texts["log.txt"]
    for name in ("Scorekeeper", "Python", "OS", "PySide6-Essentials", "peewee", "reportlab"):
        assert f"\n{name}: " in "\n" + texts["versions.txt"], name
    database = json.loads(texts["database.json"])
    assert database["schema_version"] >= 12 and database["quick_check"] == ["ok"]
    assert database["rows"]["game"] == 4 and database["rows"]["player"] > 0
    assert json.loads(texts["settings.json"])["mail"]["port"] == 587
    season = json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8"))
    names = {p["last"] for p in season["players"]} | {t["name"] for t in season["teams"]}
    assert not [n for n in names if any(n in text for text in texts.values())], "the report holds league data"


def test_an_internal_error_is_logged_with_its_traceback_and_the_message_names_the_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(args: object) -> int:
        raise RuntimeError("the scoreboard caught fire")

    monkeypatch.delenv("SCOREKEEPER_DEBUG", raising=False)
    monkeypatch.setattr(cli, "_run", broken)
    assert cli.main(["--db", str(tmp_path / "x.db"), "standings"]) == 1
    err = capsys.readouterr().err
    assert "internal error" in err and str(logs.log_file()) in err
    text = logs.log_file().read_text(encoding="utf-8")
    tail = text[text.rindex("command standings failed"):]
    assert "Traceback" in tail and "RuntimeError: the scoreboard caught fire" in tail


def test_redact_removes_passwords_hashes_and_keys() -> None:
    said = ("connect postgresql://office:s3cret-pw@db.example.org:5432/league; password=hunter2 token: abc.def "
            "hash scrypt$16384$8$1$c2FsdA$aGFzaA and a key 0123456789abcdef0123456789abcdef01")
    shown = logs.redact(said)
    for secret in ("s3cret-pw", "hunter2", "abc.def", "c2FsdA", "aGFzaA", "0123456789abcdef0123456789abcdef01"):
        assert secret not in shown, secret
    assert "postgresql://office:***@db.example.org:5432/league" in shown


def test_the_log_turns_over_and_keeps_five_older_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logs, "MAX_BYTES", 2_000)
    handler = logs._Rotating(tmp_path / logs.LOG_NAME, encoding="utf-8")
    logger = logging.getLogger("scorekeeper.test-rotation")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        for n in range(400):
            logger.warning("line %d of the rotation test, long enough to fill the file soon", n)
    finally:
        logger.removeHandler(handler)
        handler.close()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [logs.LOG_NAME, *(f"{logs.LOG_NAME}.{n}" for n in range(1, logs.BACKUPS + 1))]
    assert "line 399 " in (tmp_path / logs.LOG_NAME).read_text(encoding="utf-8")
    assert all((tmp_path / name).stat().st_size < 2_200 for name in names)
