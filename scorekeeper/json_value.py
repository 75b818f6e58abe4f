"""A JSON value not yet checked: what a season file, a rulebook or an audit entry holds before its checker has
read it. Its readers narrow it (`isinstance`) before they use it, which the type checker holds them to; once
checked, a season is `scorekeeper.season_data.SeasonData`."""

from typing import TypeAlias

JsonValue: TypeAlias = "None | bool | int | float | str | list[JsonValue] | dict[str, JsonValue]"
JsonObject: TypeAlias = "dict[str, JsonValue]"
