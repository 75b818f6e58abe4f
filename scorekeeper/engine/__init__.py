"""The game engine: a game is its ordered list of events; its state is a pure function of them."""

from scorekeeper.engine.computation import compute_game
from scorekeeper.engine.events import Dressed, Event, GameInput
from scorekeeper.engine.state import GameState

__all__ = ["Dressed", "Event", "GameInput", "GameState", "compute_game"]
