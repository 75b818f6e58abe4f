"""Dates as people read them on notices, e-mails and the statistics site."""

from __future__ import annotations

import datetime as dt


def short_date(iso: str) -> str:
    """'2015-10-04' -> 'Sun 4 Oct 2015' (the text itself when it is not a date)."""
    try:
        d = dt.date.fromisoformat(iso)
    except ValueError:
        return iso
    return f"{d.strftime('%a')} {d.day} {d.strftime('%b %Y')}"


def long_date(iso: str) -> str:
    """'2015-10-04' -> 'Sunday 4 October 2015'."""
    try:
        d = dt.date.fromisoformat(iso)
    except ValueError:
        return iso
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B %Y')}"
