"""Enter presses a form's default button, in a tab as in a dialog (where Qt does it itself): a line edit's
Enter clicks the button the form would take (Add player, or Save changes while a player is loaded)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QAbstractButton, QLineEdit


def enter_presses(default: QAbstractButton | Callable[[], QAbstractButton], *fields: QLineEdit) -> None:
    """Enter in any of `fields` clicks `default` (or the button `default()` picks at that moment) when it is
    enabled; the button is marked as the form's default where the style shows one."""
    def press() -> None:
        button = default() if callable(default) and not isinstance(default, QAbstractButton) else default
        assert isinstance(button, QAbstractButton)
        if button.isEnabled() and button.isVisible():
            button.click()

    for field in fields:
        field.returnPressed.connect(press)
