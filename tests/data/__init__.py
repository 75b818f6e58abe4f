"""Test data the project carries, so the tests need nothing beside the clone."""

from pathlib import Path

HERE = Path(__file__).resolve().parent

# The season-file contract's example season: two divisions, four teams, games g001-g006 (one not final).
EXAMPLE_SEASON = HERE / "small-season.json"

# A professional league's rulebook after the NHL's Official Rules: three periods, 3-on-3 overtime and shootouts,
# double minors, offsetting coincidental penalties; no mercy, lateness, co-ed or discipline tables. It is the
# documentation's complete example (docs/three-period-league.md), so the tests play what the docs show.
PRO_LEAGUE = HERE.parents[1] / "docs" / "examples" / "pro-league.toml"
