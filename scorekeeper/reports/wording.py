"""The words and numbers the printed records share: dates, money, game counts, periods, names as printed,
penalty classes and suspension lengths, and `ReportError`. Plain text only: nothing here imports ReportLab
or reads the season."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.rulebook.model import Rulebook
    from scorekeeper.season.records import SuspensionVerdict

DECISIONS = {"regulation": "regulation", "overtime": "overtime", "mercy": "mercy rule", "forfeit": "forfeit",
             "double_forfeit": "double forfeit", "called": "called by the referee", "shootout": "shootout"}
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
NAME_LIMIT = 60  # characters of a name as printed: a longer one is shortened (tables and boxes cannot split)


class ReportError(Exception):
    """A record that cannot be printed (unknown game, team or player; nothing to print), for a person."""


def long_date(iso: str) -> str:
    """'2015-10-04' -> 'October 4, 2015' (no locale: the same on every PC)."""
    try:
        d = dt.date.fromisoformat(iso)
    except (TypeError, ValueError):
        return str(iso or "")
    return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"


def issued_on(date: str | dt.date | None) -> str:
    """The date a record is issued, 'YYYY-MM-DD': the one given, else today (a bad one is a ReportError)."""
    if date is None:
        return dt.date.today().isoformat()
    if isinstance(date, dt.date):
        return date.isoformat()
    try:
        return dt.date.fromisoformat(date).isoformat()
    except ValueError:
        raise ReportError(f"{date!r} is not a date YYYY-MM-DD") from None


def cents(text: str | None) -> int:
    """'20.00' / '-10.00' -> integer cents."""
    if not text:
        return 0
    sign = -1 if text.startswith("-") else 1
    whole, _, frac = text.lstrip("-").partition(".")
    return sign * (int(whole or 0) * 100 + int((frac + "00")[:2]))


def games_words(n: int) -> str:
    """5 -> 'five (5) games'; 1 -> 'one (1) game'."""
    word = NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)
    return f"{word} ({n}) game{'s' if n != 1 else ''}"


def period_label(book: Rulebook, period: int, short: bool = False) -> str:
    """'1st half' / '1st', 'OT', 'OT2'."""
    if period <= book.clock.periods:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(period, "th")
        return f"{period}{suffix}" + ("" if short else f" {book.clock.period_word}")
    n = period - book.clock.periods
    return "OT" if n == 1 else f"OT{n}"


def period_clock(book: Rulebook, stage: str, game_time: str | None) -> tuple[int, str] | None:
    """Game time 'MM:SS' since the start -> (period, 'MM:SS' into it); a period's last second stays in it."""
    if not game_time:
        return None
    m, _, s = game_time.partition(":")
    t = int(m) * 60 + int(s)
    reg = book.clock.period_min * 60
    if t <= book.clock.periods * reg:
        period = max(1, -(-t // reg)) if t else 1
        return period, _mmss(t - (period - 1) * reg)
    ot = max(book.overtime_for(stage).min * 60, 1)
    extra = t - book.clock.periods * reg
    n = max(1, -(-extra // ot))
    return book.clock.periods + n, _mmss(extra - (n - 1) * ot)


def _mmss(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def printed_name(name: str, limit: int = NAME_LIMIT) -> str:
    """A name as the records print it: at most `limit` characters, a longer one cut with an ellipsis (the
    whole name stays in the database and the season file)."""
    name = " ".join(str(name).split())
    return name if len(name) <= limit else name[:limit - 1].rstrip() + "…"


def class_label(cls: str, added_gm: bool, short: bool = False) -> str:
    """'Major', or 'Major + game misconduct' where the game's computation added one to the penalty."""
    label = cls.replace("_", " ").capitalize()  # the rulebook's class, as 'Bench minor'
    if added_gm:
        label += " + game misc." if short else " + game misconduct"
    return label


def suspension_text(s: SuspensionVerdict) -> str:
    """'5 games', 'rest of the season', 'indefinite (at least 5 games)'."""
    if s.kind == "games":
        return f"{s.games} game{'s' if s.games != 1 else ''}"
    if s.kind == "season":
        return "rest of the season"
    return f"indefinite (at least {s.games} games)" if s.games else "indefinite"
