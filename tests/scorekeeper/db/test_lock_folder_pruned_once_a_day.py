"""Issue 29.4: the PC's lock folder is looked over for month-old identity locks at most once a day (a mark in the
folder dated when it was), not by every process; portalocker's lock functions are loaded without its package's
`__init__`, and what a lock refuses is unchanged."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.db import lock as lock_module
from scorekeeper.db.lock import PRUNE_MARK, _take, prune_lock_folder

MONTH_AND_MORE = 40 * 24 * 3600


def _stale_lock(folder: Path) -> Path:
    stale = folder / "1-1.lock"
    stale.touch()
    os.utime(stale, (time.time() - MONTH_AND_MORE,) * 2)
    return stale


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(lock_module, "_pruned", False)
    return tmp_path


def test_a_folder_never_looked_over_is_looked_over_and_marked(folder: Path) -> None:
    stale = _stale_lock(folder)
    prune_lock_folder(folder)
    assert not stale.exists() and (folder / PRUNE_MARK).exists()


def test_a_folder_looked_over_today_is_left_as_it_is(folder: Path) -> None:
    (folder / PRUNE_MARK).touch()
    stale = _stale_lock(folder)
    prune_lock_folder(folder)
    assert stale.exists()


@pytest.mark.parametrize("age", [25 * 3600, -3600], ids=["yesterday", "in the future"])
def test_a_mark_older_than_a_day_or_dated_in_the_future_does_not_hold_the_look_over_back(folder: Path,
                                                                                         age: int) -> None:
    mark = folder / PRUNE_MARK
    mark.touch()
    os.utime(mark, (time.time() - age,) * 2)
    stale = _stale_lock(folder)
    prune_lock_folder(folder)
    assert not stale.exists() and 0 <= time.time() - mark.stat().st_mtime < 60


def test_a_held_lock_is_kept_and_still_refuses_the_other_way(folder: Path) -> None:
    held = _stale_lock(folder)
    holder = _take(held, exclusive=False)
    assert holder is not None
    os.utime(held, (time.time() - MONTH_AND_MORE,) * 2)
    try:
        prune_lock_folder(folder)
        assert held.exists() and _take(held, exclusive=True) is None
        shared = _take(held, exclusive=False)
        assert shared is not None
        shared.drop()
    finally:
        holder.drop()
    again = _take(held, exclusive=True)
    assert again is not None
    again.drop()


def test_the_lock_functions_load_without_portalockers_package_and_it_still_imports_whole_after() -> None:
    code = ("import sys; from scorekeeper.db import portalock; "
            "print('portalocker' in sys.modules, 'importlib.metadata' in sys.modules); "
            "import portalocker; print(portalocker.lock is portalock.lock, portalocker.LOCK_EX == portalock.EXCLUSIVE, "
            "portalocker.exceptions.LockException is portalock.LockException, hasattr(portalocker, 'Lock'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.split() == ["False", "False", "True", "True", "True", "True"]
