"""The one way the window writes, as Anki's `CollectionOp`: run a facade write, unlock the office when the
write needs it, confirm its warnings (ask, then run it again with confirm=True), show a refusal with its rule
and section, show progress for long work, and broadcast the `Changes` it made to every tab, each of which
redraws only what they touch.

    result = run(tab, svc, hub, lambda confirm: svc.add_event(game, event, confirm), show=tab.say)

`show` receives the text for the message area when nothing was written (refused, or a warning not
confirmed); the caller says what was done when `run` returns the result.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from scorekeeper.services import ServiceError
from ui import dialogs, office, theme
from ui.hub import ChangeHub

if TYPE_CHECKING:
    from scorekeeper.changes import Changes, EntryResult
    from scorekeeper.services import Services


@dataclass(frozen=True)
class Wording:
    """The headings above a refusal: refused, and a warning the user did not confirm."""

    refused: str = "Not recorded"
    declined: str = "Not recorded (warning not confirmed)"


RECORDED = Wording()
SAVED = Wording("Not saved", "Not saved (warning not confirmed)")
DONE = Wording("Not done", "Not done (warning not confirmed)")
SCHEDULED = Wording("Not scheduled", "Not scheduled (warning not confirmed)")


def refusal_html(heading: str, violations: list[Any]) -> str:
    """A refusal as a message area shows it: the heading, then each violation with its rule and section."""
    return f"<b>{html.escape(heading)}</b><br>{dialogs.violations_html(violations)}"


def error_html(exc: ServiceError) -> str:
    """A write the facade would not attempt (no such game, a database error), in words."""
    return f"{theme.span('refused', 'Refused', bold=True)} {html.escape(str(exc))}"


def run(parent: QWidget, svc: Services, hub: ChangeHub | None, call: Callable[[bool], EntryResult], *,
        show: Callable[[str], None], wording: Wording = RECORDED, office_check: bool = True,
        confirm: bool = True, progress: str = "",
        on_refused: Callable[[EntryResult], None] | None = None) -> EntryResult | None:
    """Run `call(confirm)` through the facade: the result when it was written (and broadcast), else None.

    `office_check`: a refusal for want of the office password asks for it, then runs the write again.
    `confirm`: warnings are asked about (declined: nothing is written); False: the write is run once.
    `progress`: long work, shown behind a progress dialog with this text.
    `on_refused`: called with a refused result before its refusal is shown (e.g. to show the game as another
    PC left it)."""
    unlocked = False

    def attempt(confirmed: bool) -> EntryResult:
        nonlocal unlocked
        result = _run(call, confirmed, parent, progress)
        why = office.needs_office(result) if office_check and result.violations else None
        if why is not None and office.unlock(parent, svc, f"{why[:1].upper()}{why[1:]}. The office password:"):
            unlocked = True
            result = _run(call, confirmed, parent, progress)
        return result

    try:
        result = attempt(False)
        if confirm and result.needs_confirmation:
            if not dialogs.confirm_warnings(parent, result.violations):
                show(refusal_html(wording.declined, result.violations))
                return None
            result = attempt(True)
    except ServiceError as exc:
        show(error_html(exc))
        return None
    finally:
        if unlocked and hub is not None:
            hub.office_changed.emit()
    if not result.ok:
        if on_refused is not None:
            on_refused(result)
        show(refusal_html(wording.refused, result.violations))
        return None
    broadcast(hub, result.changes)
    return result


def broadcast(hub: ChangeHub | None, changes: Changes) -> None:
    """Tell every tab what a write changed (nothing, when it changed nothing)."""
    if hub is not None and changes:
        hub.changed.emit(changes)


def _run(call: Callable[[bool], EntryResult], confirmed: bool, parent: QWidget, progress: str) -> EntryResult:
    """`call(confirmed)`, behind a progress dialog where `progress` says so (an entry at the boards: at once)."""
    if not progress:
        return call(confirmed)
    with _progress(parent, progress):
        return call(confirmed)


@contextlib.contextmanager
def _progress(parent: QWidget, text: str) -> Iterator[None]:
    if not text:
        yield
        return
    with dialogs.busy(parent, "Working", text):
        yield
