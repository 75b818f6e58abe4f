"""What one game's screen showed last that the next screen of it shows again (issue 29: an entry at the boards hands
back the game's screen; after a goal most of it is as it was).

A screen is made of read-only values (`screens.frozen`): what did not change since the last screen of the game is
taken from it rather than made again. The teams' names and colours are kept with the season's teams they were read
from and the game's two teams (a view never changes in place, and every view an entry makes shares its teams);
the live panel and the games-list row with the plain values they were made from, part by part: a part equal to the
one shown last is the one shown last (`frozen_again`), so only the parts an entry changed (the score, the clock,
a side's box) are made anew.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

Freeze = Callable[[Any], Any]
_NONE: Mapping[str, tuple[int, ...]] = MappingProxyType({})
_AS_THEY_ARE = frozenset({str, int, bool, type(None)})


def frozen_again(value: Any, before: Any, shown: Any, freeze: Freeze) -> Any:
    """`freeze(value)`, taking from `shown` (what `freeze(before)` gave) every part of `value` equal to the same part
    of `before`: a dict is made of its keys' values so (a key `before` lacks is frozen afresh), a list or a dict
    equal to the one before is the one shown, anything else is frozen as it is (`freeze` leaves a text, a whole
    number, a truth value and None as they are: `screens._frozen`). Each part keeps its kind from one value to the
    next (a truth value stays one: 1 == True), as the live panel's and the row's do (`LiveState`, `GameRow`)."""
    if value == before:
        return shown
    if type(value) is dict and type(before) is dict:
        out = dict(value)  # its texts, whole numbers, truth values and None as `freeze` leaves them
        for key in [k for k, part in value.items() if type(part) not in _AS_THEY_ARE]:
            part = value[key]
            kind = type(part)
            out[key] = (frozen_again(part, before[key], shown[key], freeze) if (kind is dict or kind is list)
                        and key in before else freeze(part))
        return MappingProxyType(out)
    return freeze(value)


class ScreenMemo:
    """Per game, the parts of its last screen the next one can show again, with what they were made from."""

    def __init__(self, freeze: Freeze) -> None:
        self.freeze = freeze
        self._teams: dict[str, tuple[object, str, str, Mapping[str, str], Mapping[str, str]]] = {}
        """Per game: the season's teams (the dict itself: kept alive, so never another's), home, away, and the
        names and colours shown."""
        self._plain: dict[tuple[str, str], tuple[Any, Any]] = {}
        """Per game and part ('live', 'row', 'shots'): the plain value shown last and its read-only copy."""

    def teams(self, game_id: str, teams: object, home: str, away: str,
              read: Callable[[], tuple[Mapping[str, str], Mapping[str, str]]]) -> tuple[Mapping[str, str],
                                                                                      Mapping[str, str]]:
        """The names and colours `read()` gives, kept while the season's `teams` and the game's sides are the
        same."""
        known = self._teams.get(game_id)
        if known is not None and known[0] is teams and known[1] == home and known[2] == away:
            return known[3], known[4]
        names, colours = read()
        self._teams[game_id] = (teams, home, away, names, colours)
        return names, colours

    def frozen(self, game_id: str, part: str, value: Any) -> Any:
        """`freeze(value)`, the parts equal to those of the game's last `part` shown taken from it."""
        key = (game_id, part)
        known = self._plain.get(key)
        shown = self.freeze(value) if known is None else frozen_again(value, known[0], known[1], self.freeze)
        self._plain[key] = (value, shown)
        return shown

    def shots(self, game_id: str, shots: Mapping[str, Any] | None) -> Mapping[str, tuple[int, ...]]:
        """The game's shots on goal per period, by side, read-only (kept while they are the same)."""
        if not shots:
            return _NONE
        key = (game_id, "shots")
        known = self._plain.get(key)
        if known is not None and known[0] == shots:
            return known[1]
        shown = MappingProxyType({side: tuple(int(n) for n in per) for side, per in shots.items()})
        self._plain[key] = ({side: list(per) for side, per in shots.items()}, shown)  # a copy: compared next time
        return shown
