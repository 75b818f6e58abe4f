"""Issue 14, part 5: outputs refuse device nodes, FIFOs, folders and the league database (and its -wal, -shm,
-journal and .lock), and write through a symbolic link to a regular file (its target replaced atomically, the
link kept). For `print -o`, `export -o`, `publish -o` (the files in its folder) and `mail --eml-folder`: each
refused case leaves everything as it was and says what the path is."""

from __future__ import annotations

import copy
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.atomic import write_atomically
from scorekeeper.cli import _command, build_parser
from scorekeeper.outputs import OutputPathError, check_output_path
from scorekeeper.services import Services
from tests.scorekeeper.mail.mail_season import mail_season

SENDER = "office@westridge.example"


@pytest.fixture
def svc(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Services]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    service = Services.open(str(tmp_path / "league.db"))
    assert service.import_data(copy.deepcopy(mail_season())).ok
    yield service
    service.close()


def run(svc: Services, *argv: str) -> int:
    return _command(svc, build_parser().parse_args(list(argv)))


def fingerprint(path: Path) -> tuple[int, int, int, bytes]:
    """What would change if the path were replaced or written: inode, mode, size and (a file's) bytes."""
    st = os.lstat(path)
    data = path.read_bytes() if stat.S_ISREG(st.st_mode) else b""
    return st.st_ino, st.st_mode, st.st_size, data


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.out"
    os.mkfifo(path)
    return path


# -- the check itself ---------------------------------------------------------------------------------------
def test_dev_null_a_fifo_and_a_folder_are_refused_saying_what_they_are(tmp_path: Path, fifo: Path):
    with pytest.raises(OutputPathError, match="it is a device, not a file"):
        check_output_path("/dev/null")
    with pytest.raises(OutputPathError, match=r"it is a pipe \(FIFO\), not a file"):
        check_output_path(fifo)
    with pytest.raises(OutputPathError, match="it is a folder"):
        check_output_path(tmp_path)
    assert check_output_path(tmp_path / "new.pdf") == tmp_path / "new.pdf"


def test_the_database_and_its_files_are_refused_by_name_and_by_identity(svc: Services, tmp_path: Path):
    db = svc.sqlite_path
    assert db is not None
    for name in (db, Path(f"{db}-wal"), Path(f"{db}-shm"), Path(f"{db}-journal"), Path(f"{db}.lock")):
        with pytest.raises(OutputPathError, match="league database"):
            check_output_path(name, db)
    hard = tmp_path / "innocent.pdf"
    os.link(db, hard)
    with pytest.raises(OutputPathError, match="it is the league database"):
        check_output_path(hard, db)
    link = tmp_path / "report.pdf"
    link.symlink_to(db)
    with pytest.raises(OutputPathError, match="symbolic link .* leads to"):
        check_output_path(link, db)


def test_an_existing_file_named_like_a_database_is_never_replaced_except_by_a_backup(tmp_path: Path):
    other = tmp_path / "other-league.db"
    other.write_bytes(b"SQLite format 3\x00")
    with pytest.raises(OutputPathError, match="database file"):
        check_output_path(other)
    assert check_output_path(other, replace_database=True) == other
    assert check_output_path(tmp_path / "new.db") == tmp_path / "new.db"  # a new file may be named so


def test_a_symbolic_link_is_written_through_and_kept(tmp_path: Path):
    target = tmp_path / "real.json"
    target.write_text("old")
    os.chmod(target, 0o644)
    link = tmp_path / "latest.json"
    link.symlink_to(target)
    assert write_atomically(link, "new") == target
    assert link.is_symlink() and target.read_text() == "new" and link.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644  # the replaced file keeps its permissions


def test_a_link_to_a_device_or_a_fifo_is_refused(tmp_path: Path, fifo: Path):
    to_null, to_fifo = tmp_path / "null.pdf", tmp_path / "fifo.pdf"
    to_null.symlink_to("/dev/null")
    to_fifo.symlink_to(fifo)
    for link in (to_null, to_fifo):
        with pytest.raises(OutputPathError, match="not a file"):
            write_atomically(link, "x")
        assert link.is_symlink()
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_loop_of_links_is_refused_with_a_message(tmp_path: Path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(OSError):
        write_atomically(a, "x")
    assert a.is_symlink() and b.is_symlink()


# -- the commands ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", [["print", "standings", "-o"], ["print", "game-sheet", "g201", "-o"],
                                     ["export", "-o"]])
def test_print_and_export_refuse_dev_null_a_fifo_and_the_database(svc: Services, tmp_path: Path, fifo: Path,
                                                                  command: list[str],
                                                                  capsys: pytest.CaptureFixture[str]):
    db = svc.sqlite_path
    assert db is not None
    (tmp_path / "link-to-db.pdf").symlink_to(db)
    for target, says in (("/dev/null", "it is a device"), (str(fifo), "it is a pipe"), (str(db), "league database"),
                         (f"{db}-wal", "league database's league.db-wal"),
                         (str(tmp_path / "link-to-db.pdf"), "league database"), (str(tmp_path), "it is a folder")):
        before = fingerprint(Path(target)) if Path(target).exists() and target != "/dev/null" else None
        assert run(svc, *command, target) == 1
        err = capsys.readouterr().err
        assert says in err and "internal error" not in err, (target, err)
        if before is not None:
            assert fingerprint(Path(target)) == before, target
    assert svc.standings()["divisions"]  # the database still answers


@pytest.mark.parametrize("command", [["print", "standings", "-o"], ["export", "-o"]])
def test_print_and_export_write_through_a_link_to_a_regular_file(svc: Services, tmp_path: Path, command: list[str]):
    target = tmp_path / "out" / "real.file"
    target.parent.mkdir()
    target.write_bytes(b"old")
    link = tmp_path / "latest.file"
    link.symlink_to(target)
    assert run(svc, *command, str(link)) == 0
    assert link.is_symlink() and target.read_bytes() != b"old"
    head = target.read_bytes()[:5]
    assert head == b"%PDF-" if command[0] == "print" else json.loads(target.read_text())["season"]


def test_publish_refuses_a_fifo_or_a_link_to_the_database_in_its_folder(svc: Services, tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]):
    site = tmp_path / "site"
    site.mkdir()
    os.mkfifo(site / "index.html")
    assert run(svc, "publish", "-o", str(site)) == 1
    err = capsys.readouterr().err
    assert "index.html" in err and "it is a pipe" in err and "internal error" not in err
    assert stat.S_ISFIFO(os.lstat(site / "index.html").st_mode)
    (site / "index.html").unlink()
    db = svc.sqlite_path
    assert db is not None
    before = fingerprint(db)
    (site / "style.css").symlink_to(db)
    assert run(svc, "publish", "-o", str(site)) == 1
    assert "league database" in capsys.readouterr().err
    assert fingerprint(db) == before and (site / "style.css").is_symlink()


def test_mail_eml_folder_refuses_a_fifo_in_place_of_a_message_and_a_file_as_folder(
        svc: Services, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    from scorekeeper.mail import suspension_notice_messages
    from scorekeeper.mail.transport import eml_name

    folder = tmp_path / "eml"
    folder.mkdir()
    first = suspension_notice_messages(svc, sender=SENDER).messages[0]
    os.mkfifo(folder / eml_name(first))
    assert run(svc, "mail", "suspension-notices", "--eml-folder", str(folder), "--sender", SENDER) == 1
    err = capsys.readouterr().err
    assert "it is a pipe" in err and "internal error" not in err
    assert stat.S_ISFIFO(os.lstat(folder / eml_name(first)).st_mode)
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("keep")
    assert run(svc, "mail", "suspension-notices", "--eml-folder", str(a_file), "--sender", SENDER) == 1
    assert "not a folder" in capsys.readouterr().err and a_file.read_text() == "keep"
