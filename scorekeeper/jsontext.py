"""JSON text as the program writes its files: readable and quick to write.

The outer levels are laid out one member per line: the top object, every list, and every object whose members
are all lists or objects (`computed`); each record (an object with a plain value: a team, a game with its events,
a standings row) is written on one line by the json module's C encoder, which `json.dumps(indent=...)` cannot
use: a 16,000-game season file took seconds in it.
"""

from __future__ import annotations

import json
from typing import Any

_ONE_LINE = json.JSONEncoder(ensure_ascii=False, check_circular=False)


def readable(value: Any, depth: int = 4) -> str:
    """`value` as JSON text ending in a newline, laid out down to `depth` levels."""
    return "\n".join(_lines(value, depth, "", top=True)) + "\n"


def _laid_out(value: Any) -> bool:
    if isinstance(value, list):
        return bool(value)
    return isinstance(value, dict) and bool(value) and all(isinstance(v, dict | list) for v in value.values())


def _lines(value: Any, depth: int, pad: str, top: bool = False) -> list[str]:
    if depth <= 0 or not (top and isinstance(value, dict) and value or _laid_out(value)):
        return [pad + _ONE_LINE.encode(value)]
    inner = pad + " "
    if isinstance(value, dict):
        opening, closing = "{", "}"
        members = [(f"{_ONE_LINE.encode(str(k))}: ", v) for k, v in value.items()]
    else:
        opening, closing = "[", "]"
        members = [("", v) for v in value]
    out = [pad + opening]
    for i, (key, member) in enumerate(members):
        lines = _lines(member, depth - 1, inner)
        lines[0] = inner + key + lines[0][len(inner):]
        if i < len(members) - 1:
            lines[-1] += ","
        out.extend(lines)
    out.append(pad + closing)
    return out
