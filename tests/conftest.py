"""Settings for the whole test run.

Qt must know there is no display before any QApplication exists, or the run aborts on a machine without
one: set the offscreen platform at import, before pytest-qt creates its application.
"""

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The PC's folder of identity locks (scorekeeper/db/lock.py): one for the run, not the system's, for every process
# the tests start too.
_RUN_FOLDERS: list[str] = []
if "SCOREKEEPER_LOCK_DIR" not in os.environ:
    os.environ["SCOREKEEPER_LOCK_DIR"] = tempfile.mkdtemp(prefix="scorekeeper-test-locks-")
    _RUN_FOLDERS.append(os.environ["SCOREKEEPER_LOCK_DIR"])
# The secrets that key each database's seals (issue 26.4) go to a folder of this run, never the user's keyring
# (SCOREKEEPER_SEAL_DIR forces the file and leaves the keyring alone); subprocesses inherit it.
os.environ["SCOREKEEPER_SEAL_DIR"] = tempfile.mkdtemp(prefix="scorekeeper-seals-")
_RUN_FOLDERS.append(os.environ["SCOREKEEPER_SEAL_DIR"])
# The records of files checked page by page (scorekeeper/db/checked.py) go to a folder of this run, not the user's.
os.environ["SCOREKEEPER_STATE_DIR"] = tempfile.mkdtemp(prefix="scorekeeper-state-")
_RUN_FOLDERS.append(os.environ["SCOREKEEPER_STATE_DIR"])
# The log (scorekeeper/logs.py) of every window and command the run starts, not the user's.
os.environ["SCOREKEEPER_LOG_DIR"] = tempfile.mkdtemp(prefix="scorekeeper-log-")
_RUN_FOLDERS.append(os.environ["SCOREKEEPER_LOG_DIR"])


def pytest_unconfigure(config: object) -> None:
    """The run's lock and seal folders go with it."""
    import shutil

    for folder in _RUN_FOLDERS:
        shutil.rmtree(folder, ignore_errors=True)


import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# Property tests draw the same examples on every run (a CI gate must not pass or fail by luck); explore afresh
# with HYPOTHESIS_PROFILE=explore, and pin anything it finds with @example.
settings.register_profile("repeatable", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(autouse=True)
def _fast_office_password(monkeypatch: pytest.MonkeyPatch) -> None:
    """Office password hashes at N=2^10 (and a floor to match) so the many tests that set one stay fast;
    tests/scorekeeper/test_office_password_strength.py puts the real cost back to prove it is the default."""
    from scorekeeper import office

    monkeypatch.setattr(office, "DEFAULT_COST", office.COST, raising=False)
    monkeypatch.setattr(office, "DEFAULT_FLOOR", office.FLOOR, raising=False)
    monkeypatch.setattr(office, "COST", office.Cost(2**10, 8, 1))
    monkeypatch.setattr(office, "FLOOR", office.Cost(2**10, 8, 1))
