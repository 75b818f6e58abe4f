"""League rulebooks: loading, validating and the infraction catalogue."""

from scorekeeper.rulebook.loader import (
    DEFAULT_RULEBOOK,
    RulebookError,
    load_rulebook,
    load_rulebook_file,
    parse_rulebook,
    shipped_rulebooks,
)
from scorekeeper.rulebook.model import Infraction, Rulebook

__all__ = ["DEFAULT_RULEBOOK", "Infraction", "Rulebook", "RulebookError", "load_rulebook",
           "load_rulebook_file", "parse_rulebook", "shipped_rulebooks"]
