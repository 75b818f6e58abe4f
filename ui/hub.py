"""The window's change hub: every write is announced here, and every tab listens."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class ChangeHub(QObject):
    """Where every write of the window is announced: each tab listens and redraws what the `Changes` touch."""

    changed = Signal(object)
    """A write succeeded: its `Changes` (the tab that wrote hears it too, as every other tab does)."""
    office_changed = Signal()
    """The office was unlocked on the way: the status bar says so."""
