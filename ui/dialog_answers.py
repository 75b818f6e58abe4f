"""What the window's dialogs answer, declared once: a new season, a fine to pay, a game to schedule (the appeal
and the payment are the season file's own records, `AppealData` and `PaymentData`)."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from scorekeeper.results_records import FineRow


class NewSeason(TypedDict):
    """A new season as the dialog asks it."""

    league: str
    season: str
    division: str  # the first division's name
    coed: bool  # the first division is co-ed
    rulebook: str | None  # None: the default rulebook


class PayableFine(FineRow):
    """A fine the payment dialog offers to pay, with how it reads in the list."""

    label: str


class NewGame(TypedDict):
    """A game to schedule as the dialog asks it (the core judges it)."""

    date: str
    time: str
    stage: str
    home: str
    away: str
    rink: NotRequired[str]
