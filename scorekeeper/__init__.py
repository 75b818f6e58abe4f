"""Scorekeeper: the Westridge Sponge Hockey League's office application (Qt-free core)."""

__version__ = "0.1.0"
