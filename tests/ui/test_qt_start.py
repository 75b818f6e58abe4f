"""Issue 29.4: PySide's check of each module imported after it (does it use PySide6?) answered from the module's
file's bytes, as PySide answers it from its decoded source."""

from __future__ import annotations

import json
import sys
import types

import PySide6.QtCore  # noqa: F401 - PySide's `__feature__` support is loaded with it

import scorekeeper.services
import ui.hub
import ui.theme
from ui import qt_start


def feature() -> types.ModuleType:
    return next(sys.modules[name] for name in qt_start.FEATURE if name in sys.modules)


def test_the_quick_check_answers_as_pysides_own_for_modules_with_and_without_pyside() -> None:
    in_place = feature()._mod_uses_pyside
    pysides_own = getattr(in_place, "original", in_place)
    quick = qt_start.quick_check(lambda module: False)
    for module, uses in ((ui.theme, True), (ui.hub, True), (scorekeeper.services, False), (json, False)):
        assert quick(module) is uses
        assert pysides_own(module) is uses


def test_a_module_without_a_source_file_is_asked_as_pyside_asks_it() -> None:
    asked: list[str] = []
    quick = qt_start.quick_check(lambda module: asked.append(module.__name__) or True)
    assert quick(sys) is True  # built in: no file of its own
    assert asked == ["sys"]


def test_the_quick_check_is_put_in_place_once() -> None:
    qt_start.quicken_imports()
    assert getattr(feature()._mod_uses_pyside, "quick", False)
    assert qt_start.quicken_imports() is False  # already in place: left as it is
