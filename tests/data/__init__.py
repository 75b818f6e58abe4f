"""Test data the project carries, so the tests need nothing beside the clone."""

from pathlib import Path

HERE = Path(__file__).resolve().parent

# The season-file contract's example season: two divisions, four teams, games g001-g006 (one not final).
EXAMPLE_SEASON = HERE / "small-season.json"

# A professional league's rulebook after the NHL's Official Rules: three periods, 3-on-3 overtime and shootouts,
# double minors, offsetting coincidental penalties; no mercy, lateness, co-ed or discipline tables.
PRO_LEAGUE = HERE / "pro-league.toml"
