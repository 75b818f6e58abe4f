"""Issue 29.4: PySide6's per-import check made cheap.

Once PySide6 is loaded, every module imported after it is asked whether it uses PySide6 (PySide's `__feature__`
support: `snake_case`, `true_property`): `inspect.getsource` of the whole module, decoded and split into lines
through `linecache`, then a search for the word "PySide6". The window imports some 230 modules after PySide6 on
its way to a usable window; that check alone cost about a fifth of its start's CPU. `quicken_imports` puts the
same search on the module's file's bytes in its place (same answer: the word is ASCII, the files UTF-8); a module
without a source file of its own is asked as PySide asks it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

FEATURE = ("PySide6.support.feature", "shibokensupport.feature")
"""Where PySide keeps its `__feature__` support (one module, under both names)."""


def quicken_imports() -> bool:
    """Put the quick check in place of PySide's (once); False when this PySide has no such check (then nothing is
    changed)."""
    feature = next((sys.modules[name] for name in FEATURE if name in sys.modules), None)
    original = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or original is None or getattr(original, "quick", False):
        return False
    feature._mod_uses_pyside = quick_check(original)  # type: ignore[attr-defined]
    return True


def quick_check(original: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    """Whether `module` uses PySide6: "PySide6" in its source file's bytes; `original` for a module without one."""

    def uses_pyside(module: ModuleType) -> bool:
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if isinstance(origin, str) and origin.endswith(".py"):
            try:
                with open(origin, "rb") as source:
                    return b"PySide6" in source.read()
            except OSError:
                pass
        return original(module)

    uses_pyside.quick = True  # type: ignore[attr-defined]
    uses_pyside.original = original  # type: ignore[attr-defined]
    return uses_pyside
