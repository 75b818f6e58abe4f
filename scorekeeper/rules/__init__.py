"""Rules: each rule family is a module of functions returning violations."""

from scorekeeper.rules.violation import Violation

__all__ = ["Violation"]
