"""Amounts as the window takes and shows them (issue 31.5): typed with the locale's decimal separator ("12,50"
in Germany) or a point ("12.50"), group separators allowed ("1.234,50", "1,234.50"), at most two decimals and
`MOST` in all; shown with the locale's separators. Between the two it is whole cents (the core's `Money`), never
a float: the facade gets and gives money as the core writes it, "12.50".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from PySide6.QtCore import QLocale, QObject
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QLineEdit, QWidget

# the core's `scorekeeper.records` (its money) is imported where it is used: the Live Game tab imports this module
# on the way to a usable window, and the records module costs a tenth of that start (issue 29.4)

MOST = 1_000_000
"""The largest amount taken, in cents (10 000.00)."""
SPACES = frozenset(" \u00a0\u202f")


def _marks(locale: QLocale) -> tuple[frozenset[str], frozenset[str]]:
    """(the decimal separators taken, the group separators taken): the point and the locale's decimal separator;
    the locale's group separator, spaces, and whichever of ',' and '.' is not its decimal separator."""
    point = locale.decimalPoint()
    group = {locale.groupSeparator(), *SPACES, "," if point == "." else "."}
    return frozenset({".", point}), frozenset(group - {point})


def _split(text: str, locale: QLocale) -> tuple[str, str] | None:
    """(whole part, decimals) of `text`: the last decimal separator followed by at most two digits divides them
    (a group separator followed by three digits groups them); None when it can be no amount."""
    decimal, group = _marks(locale)
    whole, fraction = text, ""
    tail = re.search(r"(\D)(\d*)$", text)
    if tail and tail.group(1) in decimal and not (tail.group(1) in group and len(tail.group(2)) == 3):
        if len(tail.group(2)) > 2:
            return None
        whole, fraction = text[:tail.start()], tail.group(2)
    if not re.fullmatch(r"\d*", whole):
        separators = "".join(re.escape(mark) for mark in sorted(group))
        if not re.fullmatch(rf"\d{{1,3}}(?:[{separators}]\d{{3}})+", whole):
            return None
        whole = re.sub(rf"[{separators}]", "", whole)
    return whole, fraction


def parse_cents(text: str, locale: QLocale | None = None) -> int | None:
    """The amount typed, in cents ('12,50' in a German locale -> 1250; '12.50' anywhere -> 1250), or None when
    it is no amount (empty, letters, three decimals, grouped wrongly)."""
    parts = _split(text.strip(), locale or QLocale())
    if parts is None or not (parts[0] or parts[1]):
        return None
    whole, fraction = parts
    from scorekeeper.records import money_to_cents  # here: the Live Game tab imports this module (issue 29.4)

    return money_to_cents(f"{whole or 0}.{fraction}")


def format_cents(cents: int, locale: QLocale | None = None) -> str:
    """Cents as the locale writes money: 123450 -> '1,234.50' (English), '1.234,50' (German)."""
    locale = locale or QLocale()
    sign = locale.negativeSign() if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{locale.toString(whole)}{locale.decimalPoint()}{part:02d}"


def format_money(text: object, locale: QLocale | None = None) -> str:
    """The core's money text ('12.50') as the locale writes it ('12,50'); anything else as it is."""
    if isinstance(text, int):
        return format_cents(text, locale)
    from scorekeeper.records import money_to_cents

    try:
        return format_cents(money_to_cents(str(text)), locale)
    except ValueError:
        return "" if text is None else str(text)


def money_text(key: str, blank_zero: bool = False) -> Callable[[Mapping[str, object]], str]:
    """A table cell showing the money in `key` (the core's text or whole cents) as the locale writes it; nothing
    when there is none (nor, with `blank_zero`, when it is zero)."""

    def text(row: Mapping[str, object]) -> str:
        value = row.get(key)
        return "" if value is None or (blank_zero and money_sort(key)(row) == 0) else format_money(value)

    return text


def money_sort(key: str) -> Callable[[Mapping[str, object]], int]:
    """A table's sort key for the money in `key`: its cents (numbers sort as numbers, never through a float)."""

    def cents(row: Mapping[str, object]) -> int:
        value = row.get(key)
        if isinstance(value, int):
            return value
        from scorekeeper.records import money_to_cents

        try:
            return money_to_cents(str(value or "0"))
        except ValueError:
            return 0

    return cents


class MoneyValidator(QValidator):
    """Takes what can be an amount of at most `MOST` cents, in the locale's way or with a point."""

    def __init__(self, parent: QObject | None = None, most: int = MOST) -> None:
        super().__init__(parent)
        self.most = most

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        locale = self.locale()
        decimal, group = _marks(locale)
        typed = text.strip()
        if any(not (char.isdigit() and char.isascii()) and char not in decimal | group for char in typed):
            return QValidator.State.Invalid, text, pos
        if not typed:
            return QValidator.State.Intermediate, text, pos
        cents = parse_cents(typed, locale)
        if cents is None:  # e.g. "1.2.3", "12,5" on the way to "12,500", or three decimals
            tail = re.search(r"(\D)(\d*)$", typed)
            three = bool(tail and tail.group(1) in decimal - group and len(tail.group(2)) > 2)
            return (QValidator.State.Invalid if three or len(typed) > 12 else QValidator.State.Intermediate,
                    text, pos)
        if cents > self.most:
            return QValidator.State.Invalid, text, pos
        return QValidator.State.Acceptable, text, pos


class MoneyEdit(QLineEdit):
    """An amount typed as the locale writes it (or with a point); `cents()` is what it says, None when nothing."""

    def __init__(self, parent: QWidget | None = None, most: int = MOST) -> None:
        super().__init__(parent)
        self.setValidator(MoneyValidator(self, most))
        self.setPlaceholderText(f"e.g. {format_cents(5000)}")

    def cents(self) -> int | None:
        """The amount typed, in cents; None when nothing (or no amount) is typed."""
        return parse_cents(self.text(), self.validator().locale())

    def money(self) -> str | None:
        """The amount typed as the core's money text ('12.50'), None when nothing is typed."""
        from scorekeeper.records import Money

        cents = self.cents()
        return None if cents is None else str(Money(cents))

    def set_money(self, text: str) -> None:
        """Show the core's money text ('50.00') as the locale writes it ('50,00'); '' shows nothing."""
        self.setText(format_money(text, self.validator().locale()) if text else "")
