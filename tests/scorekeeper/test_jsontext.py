"""The program's JSON files: the text reads back as the value written, and records sit one per line."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.jsontext import readable

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=30)


@given(values)
def test_the_text_reads_back_as_the_value(value: Any) -> None:
    text = readable(value)
    assert text.endswith("\n")
    assert json.loads(text) == value


def test_a_season_file_has_one_record_per_line_and_keeps_its_letters() -> None:
    data = {"format": 1, "league": "Westridge", "teams": [{"id": "a", "name": "Zoë's Sharks"}, {"id": "b"}],
            "games": [], "computed": {"stats": {"regular": [{"player": "p1", "g": 2}]}}}
    lines = readable(data).splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    assert ' {"id": "a", "name": "Zoë\'s Sharks"},' in [line[1:] for line in lines]
    assert '  "games": [],' in [" " + line for line in lines]
    assert any(line.strip() == '{"player": "p1", "g": 2}' for line in lines)
