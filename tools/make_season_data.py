"""Write scorekeeper/season_data.py: the season's records as the season holds them in memory, typed, generated
from their one declaration (scorekeeper/records.py).

A season is read (from a file or a database) into its normalised season-file form: plain dicts and lists, the
keys a record's fields, as `export` writes them. This script declares that form as `TypedDict`s, one per record
(`records.Game` -> `GameData`), so that every reader of a season is checked by mypy against the declaration with
no second copy: a field with no default is a required key, any other a `NotRequired` one; a record nested in
another is its own `...Data`; literal texts are `str`. The events of a game are one `EventData` holding every
kind's fields, `type` naming the kind. Run from the clone root: `python tools/make_season_data.py` (or
`--check`: exit 1 when the module is out of date). tests/scorekeeper/test_season_data.py checks that the
committed module is what this script writes.
"""

from __future__ import annotations

import sys
import types
import typing
from pathlib import Path
from typing import Any, Literal, Union

import msgspec

from scorekeeper import records

OUT = Path(__file__).resolve().parents[1] / "scorekeeper" / "season_data.py"

# the records in the order the module declares them: each one's nested records before it
RECORDS: tuple[type[records.Record], ...] = (
    records.Division, records.Team, records.Player, records.Signing, records.LineupEntry, records.Lineups,
    records.Official, records.GoalieShots, records.Signature, records.ShootoutAttempt, records.Game,
    records.Appeal, records.Payment, records.SuspensionDecision, records.AuditEntry, records.Season,
)
EVENT_DATA = "EventData"
# dict[str, Any] kept, with why: a record's free JSON object
FREE_OBJECTS = {
    ("AuditEntry", "before"): "an override block's own JSON object, kept as the file gave it",
    ("AuditEntry", "after"): "an override block's own JSON object, kept as the file gave it",
    ("Season", "computed"): "what `export` computed, ignored on import",
}


def data_name(record: type) -> str:
    return f"{record.__name__}Data"


def render(tp: Any) -> str:
    """A declared field type as the annotation of its key in the season's dicts."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Annotated:
        return render(args[0])
    if tp is Any:
        return "Any"
    if origin in (Union, types.UnionType):
        if set(args) - {type(None)} == set(records.EVENTS):
            return EVENT_DATA
        return " | ".join(dict.fromkeys(render(a) for a in args))
    if origin is Literal:
        return " | ".join(dict.fromkeys(type(a).__name__ for a in args))
    if origin is list:
        return f"list[{render(args[0])}]"
    if origin is dict:
        return f"dict[{render(args[0])}, {render(args[1])}]"
    if tp is type(None):
        return "None"
    if isinstance(tp, type) and issubclass(tp, records.Record):
        return data_name(tp)
    if isinstance(tp, type):
        return tp.__name__
    raise TypeError(f"no season-data annotation for {tp!r}")


def _keys(record: type[records.Record]) -> list[tuple[str, str, bool]]:
    """(key, annotation, required) of each of the record's fields, in the declaration's order."""
    hints = typing.get_type_hints(record, include_extras=True)
    out = []
    for f in msgspec.structs.fields(record):
        out.append((f.encode_name, render(hints[f.name]), f.required))
    return out


def _typed_dict(name: str, doc: str, keys: list[tuple[str, str, bool]], owner: str) -> str:
    lines = []
    for key, annotation, required in keys:
        typed = annotation if required else f"NotRequired[{annotation}]"
        why = FREE_OBJECTS.get((owner, key))
        lines.append((key, typed, f"  # Any: {why}" if why else ""))
    if all(key.isidentifier() and key not in ("class",) for key, _, _ in lines):
        body = "\n".join(f"    {key}: {typed}{why}" for key, typed, why in lines)
        return f'class {name}(TypedDict):\n    """{doc}"""\n\n{body}\n'
    items = "\n".join(f'    "{key}": {typed},{why}' for key, typed, why in lines)
    return f'{name} = TypedDict("{name}", {{\n{items}\n}})\n"""{doc}"""\n'


def _event_keys() -> list[tuple[str, str, bool]]:
    """Every event kind's fields, each key once: `type` required, the rest as any kind declares them."""
    seen: dict[str, list[str]] = {}
    for kind in records.EVENTS:
        for key, annotation, _ in _keys(kind):
            parts = seen.setdefault(key, [])
            parts.extend(p for p in annotation.split(" | ") if p not in parts)
    keys = [("type", "str", True)]
    keys += [(key, " | ".join(sorted(parts, key=lambda p: p == "None")), False) for key, parts in seen.items()]
    return keys


def _first_line(record: type) -> str:
    return " ".join((record.__doc__ or "").split(". ")[0].split()).rstrip(".") + "."


def module_text() -> str:
    """The whole generated module."""
    head = '''"""The season's records as the season holds them in memory: its normalised season-file form (plain dicts
and lists, as `export` writes them), typed.

GENERATED from scorekeeper/records.py by tools/make_season_data.py: do not edit; run the script after changing
the declaration (tests/scorekeeper/test_season_data.py checks this file is current). A field with no default is
a required key, any other a `NotRequired` one; a game's events are one `EventData`, `type` naming the kind.
"""

from typing import Any, NotRequired, TypedDict

'''
    parts = [head]
    for record in RECORDS:
        if record is records.Game:
            doc = "One event of a game (any kind: `type` names it, and the kind's own fields are set)."
            parts.append("\n" + _typed_dict(EVENT_DATA, doc, _event_keys(), "Event") + "\n")
        parts.append("\n" + _typed_dict(data_name(record), _first_line(record), _keys(record), record.__name__)
                     + "\n")
    return "".join(parts).rstrip("\n") + "\n"


def main(argv: list[str]) -> int:
    text = module_text()
    if "--check" in argv:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is out of date: run python tools/make_season_data.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8", newline="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
