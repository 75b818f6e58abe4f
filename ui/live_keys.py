"""The Live Game tab's keys: each kind of entry's letter, the clock's and the game's keys, and the list the Help
menu's Keyboard shortcuts shows."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

from ui.entry_form import KINDS, OPTIONAL_KINDS

CLOCK_KEY = "Ctrl+T"
"""Start or pause the game clock: T for time (Ctrl+Space would be Cmd+Space on a Mac, which opens Spotlight)."""
SHEET_KEY = "Ctrl+Shift+H"
"""Entry from a paper sheet on or off (H: sheet): the clock held still, each entry's time typed."""
OFFICIALS_KEY, SIGN_KEY, REOPEN_KEY, AUDIT_KEY = "Ctrl+Shift+O", "Ctrl+Shift+S", "Ctrl+Shift+R", "Ctrl+Shift+A"
"""The game's header buttons: Officials…, Sign…, Reopen…, Audit… (issue 27.15; Ctrl+Shift: the letters alone are
the entry keys, Alt+letter the forms' and the menus')."""
NEXT_PERIOD_KEY, PREVIOUS_PERIOD_KEY = "Ctrl+PgDown", "Ctrl+PgUp"
"""The clock to the next or the previous period, from anywhere in the tab."""
SHORTCUTS = [
    *((kind.key, kind.label + (" (where the rulebook has shootouts)" if kind.type in OPTIONAL_KINDS else ""))
      for kind in KINDS),
    ("H / A", "In the Team field: home or away"),
    ("Tab", "Next field"),
    ("Enter", "Record the entry (in the infraction list: pick and record; in the event list: edit the entry)"),
    ("Esc", "Close the infraction list; else clear the entry, back to the event list"),
    ("Del", "Delete the selected entry"),
    ("std:Undo", "Undo"),
    ("std:Redo", "Redo"),
    (CLOCK_KEY, "Start or pause the game clock"),
    (SHEET_KEY, "From the sheet: the clock held, each entry's time typed (a paper sheet entered after the game)"),
    ("F2", "Correct the game clock"),
    (NEXT_PERIOD_KEY, "Next period (the clock starts it at 00:00)"),
    (PREVIOUS_PERIOD_KEY, "Previous period"),
    ("Ctrl+L", "Line-ups, and back to scoring"),
    ("Ctrl+Shift+F", "Finish the game (asks first: Enter finishes, Esc goes back)"),
    ("Ctrl+Shift+N", "New game… (schedule a game: date, time, rink, stage, teams)"),
    (OFFICIALS_KEY, "Officials… (the game's number and its officials)"),
    (SIGN_KEY, "Sign… (the referee's and the captains' signatures)"),
    (REOPEN_KEY, "Reopen… a final game (the office password)"),
    (AUDIT_KEY, "Audit… (who changed this game, and what)"),
]

def key_text(key: str) -> str:
    """A shortcut as this platform writes it (`std:Undo` -> "Ctrl+Z", or "⌘Z" on a Mac)."""
    native = QKeySequence.SequenceFormat.NativeText
    if key.startswith("std:"):
        keys = QKeySequence.keyBindings(getattr(QKeySequence.StandardKey, key[4:]))
        return ", ".join(k.toString(native) for k in keys) or "none"
    return QKeySequence(key).toString(native) if "+" in key else key
