"""Scorekeeper's desktop window: PySide6 widgets over the core facade `scorekeeper.services.Services`.

Nothing here queries the database or applies a league rule: every number shown comes from the facade.
"""

APP_NAME = "Scorekeeper"
ORGANIZATION = "Westridge Sponge Hockey League"
