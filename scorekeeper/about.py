"""What the About box says: the version, how this copy runs, the database in use and the rulebook in force.

Qt-free: the window passes in Qt's version (`PySide6.QtCore.qVersion()`) and shows the text. Reading the
database for the rulebook never raises: a database that cannot be read says so in the text instead.
"""

from __future__ import annotations

import html
import platform
import sys
from typing import Any

from scorekeeper import __version__

APP_NAME = "Scorekeeper"
PURPOSE = "Rosters, live game scoring, game sheets and fines for the Westridge Sponge Hockey League office."


def build_kind() -> str:
    """'the rink PC build' when running from the PyInstaller folder, else 'from source'."""
    return "the rink PC build" if getattr(sys, "frozen", False) else "from source"


def rulebook_in_force(svc: Any) -> str:
    """The latest season's rulebook name, 'no season yet' on an empty database, or why it cannot be read."""
    try:
        seasons = svc.seasons()
    except Exception as exc:  # the About box must open even on a damaged database
        return f"unknown (the database cannot be read: {exc})"
    if not seasons:
        return "no season yet"
    latest = seasons[-1]
    return f"{latest['rulebook']} (season {latest['name']})"


def about_lines(svc: Any, qt_version: str | None = None, python_version: str | None = None) -> list[tuple[str, str]]:
    """The About box's facts as (label, value) pairs, in the order shown."""
    return [
        ("Version", f"{__version__} ({build_kind()})"),
        ("Database", str(svc.database_label)),
        ("Rulebook in force", rulebook_in_force(svc)),
        ("Python", python_version or platform.python_version()),
        ("Qt", qt_version or "not loaded"),
    ]


def about_text(svc: Any, qt_version: str | None = None, python_version: str | None = None) -> str:
    """Plain text: the title line, the purpose, then one 'Label: value' line per fact."""
    facts = "\n".join(f"{label}: {value}" for label, value in about_lines(svc, qt_version, python_version))
    return f"{APP_NAME} {__version__}\n{PURPOSE}\n\n{facts}\n"


def about_html(svc: Any, qt_version: str | None = None, python_version: str | None = None) -> str:
    """The same facts as rich text for `QMessageBox.about` (every value escaped: paths may hold '<' or '&')."""
    rows = "".join(f"<tr><td><b>{html.escape(label)}</b></td><td>{html.escape(value)}</td></tr>"
                   for label, value in about_lines(svc, qt_version, python_version))
    return (f"<h3>{APP_NAME} {html.escape(__version__)}</h3><p>{html.escape(PURPOSE)}</p>"
            f"<table cellspacing=4>{rows}</table><p>Press F1 for the keyboard shortcuts.</p>")


LICENCE_FILES = (("Scorekeeper (MIT)", "LICENSE.txt"), ("Third-party software", "THIRD-PARTY-NOTICES.txt"),
                 ("Qt and how to replace it", "QT-NOTICE.txt"), ("GNU LGPL version 3", "LGPL-3.0.txt"),
                 ("GNU GPL version 3", "GPL-3.0.txt"))
"""The licence documents Help > About > Licences shows, in order: (title, file in resources/licences)."""


def licence_documents() -> list[tuple[str, str]]:
    """(title, text) of Scorekeeper's own licence and every licence document the package ships (issue 31.6)."""
    from scorekeeper.resources import resource_path

    return [(title, resource_path("licences", name).read_text(encoding="utf-8")) for title, name in LICENCE_FILES]
