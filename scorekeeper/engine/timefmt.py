"""Game clock arithmetic: "MM:SS" texts and seconds, period starts and lengths."""

from __future__ import annotations

from scorekeeper.rulebook.model import Rulebook


class TimeFormatError(ValueError):
    """A clock text that is not MM:SS."""


def parse_mmss(text: str) -> int:
    """'07:30' -> 450. Minutes may exceed 59; seconds must be 00-59."""
    if not isinstance(text, str):
        raise TimeFormatError(f"{text!r} is not a time MM:SS")
    parts = text.strip().split(":")
    if len(parts) != 2 or not parts[0].isdigit() or not parts[1].isdigit() or len(parts[1]) != 2:
        raise TimeFormatError(f"{text!r} is not a time MM:SS")
    minutes, seconds = int(parts[0]), int(parts[1])
    if seconds > 59:
        raise TimeFormatError(f"{text!r} has more than 59 seconds")
    return minutes * 60 + seconds


def fmt_mmss(seconds: int) -> str:
    """450 -> '07:30'; 2700 -> '45:00'."""
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def period_length(book: Rulebook, stage: str, period: int) -> int:
    """Length of a period in seconds (regulation or overtime)."""
    if period <= book.clock.periods:
        return book.clock.period_min * 60
    return book.overtime_for(stage).min * 60


def period_start(book: Rulebook, stage: str, period: int) -> int:
    """Game time (seconds) at which a period starts."""
    if period <= book.clock.periods:
        return (period - 1) * book.clock.period_min * 60
    return book.regulation_seconds + (period - book.clock.periods - 1) * book.overtime_for(stage).min * 60


def game_time(book: Rulebook, stage: str, period: int, elapsed: int) -> int:
    """Seconds since the start of the game."""
    return period_start(book, stage, period) + elapsed


def period_label(book: Rulebook, period: int) -> str:
    """'1st half', '2nd half', 'OT', 'OT2' ..."""
    if period <= book.clock.periods:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(period, "th")
        return f"{period}{suffix} {book.clock.period_word}"
    n = period - book.clock.periods
    return "OT" if n == 1 else f"OT{n}"
