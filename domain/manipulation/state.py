"""The folded state of a Manipulation game: frozen NamedTuples (fast `_replace`)."""

from typing import NamedTuple

from ..kernel import games, gamestate
from .events import HandResult
from .rules import DECKS, Rules

PLAY, ENDED = "play", gamestate.ENDED  # a hand's phases: the seat to move plays or draws


class HandState(NamedTuple):
    number: int
    dealer: int
    first_seat: int
    deck: tuple[str, ...]
    salt: str
    commitment: str
    stock: tuple[str, ...]  # top first
    hands: tuple[tuple[str, ...], ...]
    table: tuple[tuple[str, ...], ...]  # the melds, canonical (melds.py)
    opened: tuple[bool, ...]  # whether each seat has played this hand (own_opening)
    passes: int  # turns passed in a row (the stock is empty)
    turn: int
    phase: str
    deadline: str | None = None


class GameState(games.game_state("manipulation", Rules, HandResult, HandState, decks=DECKS)):
    """A Manipulation game: the fields every game has (kernel/games.py), no more."""
    __slots__ = ()


INITIAL = GameState()
