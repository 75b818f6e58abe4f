"""Write the field tables of docs/season-file.md from the season's one declaration (scorekeeper/records.py).

The page's prose is written by hand; each table sits between `<!-- generated: NAME -->` and `<!-- end generated -->`
(NAME a record's table, below) and is replaced by what the declaration says: each key with its type, whether the
file must give it, its default and what it means. Run from the clone root: `python tools/make_season_file_docs.py`
(or `--check`: exit 1 when the page is out of date). tests/scorekeeper/test_docs.py checks that the committed page
is what this script writes.
"""

from __future__ import annotations

import inspect
import json
import re
import sys
from pathlib import Path
from typing import Any

import msgspec
from msgspec import inspect as mi

from scorekeeper import records
from scorekeeper.season_file.plans import FieldPlan, plans, tag_of

OUT = Path(__file__).resolve().parents[1] / "docs" / "season-file.md"

# the page's tables: name -> the record whose fields it lists
TABLES: dict[str, type[records.Record]] = {
    "top level": records.Season, "division": records.Division, "team": records.Team, "player": records.Player,
    "roster": records.Signing, "game": records.Game, "line-up entry": records.LineupEntry,
    "official": records.Official, "goalie shots": records.GoalieShots, "signature": records.Signature,
    "appeal": records.Appeal, "season suspension decision": records.SuspensionDecision,
    "payment": records.Payment, "audit entry": records.AuditEntry, "shootout attempt": records.ShootoutAttempt,
}
EVENTS = "events"  # the table of the event kinds
BLOCK = re.compile(r"(<!-- generated: ([^>]+?) -->\n)(.*?)(<!-- end generated -->)", re.DOTALL)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|") or "-"


def _plural(kind: str) -> str:
    """'roster entry' -> 'roster entries', 'goalie shots' -> 'goalie shots', 'team' -> 'teams'."""
    return kind if kind.endswith("s") else kind[:-1] + "ies" if kind.endswith("y") else kind + "s"


def _type_words(p: FieldPlan) -> str:
    """How the page names a field's type."""
    most = getattr(p.info, "max_length", None)
    words = _kind_words(p)
    return f"{words} (at most {most:,})" if most and isinstance(p.info, mi.ListType) else words


def _kind_words(p: FieldPlan) -> str:
    if p.words:
        return p.words
    t = p.info
    if isinstance(t, mi.BoolType):
        return "true/false"
    if isinstance(t, mi.LiteralType):
        quoted = [f"`{json.dumps(v)}`" for v in p.choices]
        return " or ".join([", ".join(quoted[:-1]), quoted[-1]]) if len(quoted) > 1 else quoted[0]
    if isinstance(t, mi.ListType):
        return f"list of {_plural(p.record.kind)}" if p.record else "list"
    if isinstance(t, mi.StructType):
        return t.cls.kind
    return {mi.StrType: "text", mi.IntType: "whole number", mi.DictType: "object"}.get(type(t), "any")


def _default_words(p: FieldPlan) -> str:
    if p.required or p.default is None:
        return "-"
    value: Any = msgspec.to_builtins(p.default)
    return f"`{json.dumps(value)}`"


def fields_table(record: type[records.Record]) -> list[str]:
    """The Markdown table of a record's keys."""
    lines = ["| key | type | required | default | meaning |", "|---|---|---|---|---|"]
    for p in plans(record):
        lines.append(f"| `{p.key}` | {_cell(_type_words(p))} | {'yes' if p.required else 'no'} "
                     f"| {_cell(_default_words(p))} | {_cell(p.meaning)} |")
    return lines


def events_table() -> list[str]:
    """The Markdown table of the event kinds: each `type` with its keys (optional ones in brackets)."""
    lines = ["| `type` | keys (optional ones in brackets) | meaning |", "|---|---|---|"]
    for kind in records.EVENTS:
        keys = ", ".join(f"`{p.key}`" if p.required else f"[`{p.key}`]" for p in plans(kind))
        meaning = inspect.cleandoc(kind.__doc__ or "").removesuffix(".")
        lines.append(f"| `{tag_of(kind)}` | {keys} | {_cell(meaning[:1].lower() + meaning[1:])} |")
    return lines


def table(name: str) -> list[str]:
    """The table a `<!-- generated: NAME -->` block holds."""
    return events_table() if name == EVENTS else fields_table(TABLES[name])


def season_file_markdown(page: str) -> str:
    """docs/season-file.md as it should be: `page` with each generated table as the declaration says."""
    return BLOCK.sub(lambda m: m.group(1) + "\n".join(table(m.group(2))) + "\n" + m.group(4), page)


def main(argv: list[str]) -> int:
    current = OUT.read_text(encoding="utf-8")
    text = season_file_markdown(current)
    if "--check" in argv:
        if current != text:
            print(f"{OUT} is out of date: run python tools/make_season_file_docs.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
