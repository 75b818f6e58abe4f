"""Finding an infraction from what a person types: its code, its name or any word of them ("trip", "abus",
"high stick"), best matches first; a near miss ("hookng") gets a "did you mean Hooking (hooking)?".

Every reader asks this module: the window's infraction field lists its matches, and the refusal of an unknown
code (the entry form, the command line, a season file) names its suggestions.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping

from scorekeeper.rulebook.model import Infraction

WORD = re.compile(r"[^\W_]+")
NEAR = 0.75
"""How alike (difflib's ratio) a typed word and a code, a name or one of its words must be to be suggested."""
SUGGESTED = 3
"""At most this many suggestions in a "did you mean"."""


def _words(text: str) -> list[str]:
    return WORD.findall(text.casefold())


def _plain(text: str) -> str:
    return " ".join(_words(text))


def _rank(infraction: Infraction, typed: str, words: list[str]) -> int | None:
    """How well `typed` (plain, casefolded) finds `infraction`: 0 its code or name, 1 the start of its name or
    code, 2 every typed word starts a word of its name or code, 3 every typed word is inside them; None: not."""
    code, name = _plain(infraction.code), _plain(infraction.name)
    if typed in (code, name):
        return 0
    if name.startswith(typed) or code.startswith(typed):
        return 1
    own = _words(infraction.name) + _words(infraction.code)
    if all(any(w.startswith(word) for w in own) for word in words):
        return 2
    haystack = f"{name} {code}"
    if all(word in haystack for word in words):
        return 3
    return None


def find_infractions(infractions: Mapping[str, Infraction], text: str) -> list[str]:
    """The codes of the infractions `text` finds, best first (then by name); empty when it finds none."""
    words = _words(text)
    if not words:
        return []
    typed = " ".join(words)
    ranked = [(rank, infraction.name.casefold(), code) for code, infraction in infractions.items()
              if (rank := _rank(infraction, typed, words)) is not None]
    ranked.sort()
    if ranked and ranked[0][0] == 0:
        return [ranked[0][2]]
    return [code for _, _, code in ranked]


def find_infraction(infractions: Mapping[str, Infraction], text: str) -> str | None:
    """The one infraction `text` stands for (its code, its name, or the only one it finds); None otherwise."""
    if text in infractions:
        return text
    found = find_infractions(infractions, text)
    return found[0] if len(found) == 1 else None


def near_misses(infractions: Mapping[str, Infraction], text: str) -> list[str]:
    """The codes of the infractions whose code, name or a word of it is spelt nearly as `text` ("hookng")."""
    typed = _plain(text)
    if not typed:
        return []
    scored = []
    for code, infraction in infractions.items():
        whole = max(_alike(typed, key) for key in (_plain(code), _plain(infraction.name)))
        best = max([whole, *(_alike(typed, key) for key in {*_words(infraction.name), *_words(code)})])
        if best >= NEAR:  # a near code or name comes before a near word of a longer name
            scored.append((-best, -whole, infraction.name.casefold(), code))
    scored.sort()
    return [row[-1] for row in scored[:SUGGESTED]]


def _alike(typed: str, key: str) -> float:
    return difflib.SequenceMatcher(None, typed, key).ratio()


def suggestions(infractions: Mapping[str, Infraction], text: str) -> list[str]:
    """What to offer for `text` that names no infraction: those it finds (it is ambiguous), else near misses."""
    found = find_infractions(infractions, text)
    return found[:SUGGESTED] if found else near_misses(infractions, text)


def did_you_mean(infractions: Mapping[str, Infraction], text: str) -> str:
    """'did you mean Hooking (hooking)?' (two or three: '… or …'); empty when nothing is near `text`."""
    offered = [f"{infractions[code].name} ({code})" for code in suggestions(infractions, text)]
    if not offered:
        return ""
    listed = offered[0] if len(offered) == 1 else f"{', '.join(offered[:-1])} or {offered[-1]}"
    return f"did you mean {listed}?"


def unknown_infraction(infractions: Mapping[str, Infraction], code: object) -> str:
    """The refusal's text for an infraction code the rulebook does not have, with its "did you mean"."""
    hint = did_you_mean(infractions, code) if isinstance(code, str) else ""
    return f"unknown infraction code {code!r}" + (f": {hint}" if hint else "")
