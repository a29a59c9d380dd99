"""The folded state of a Manipulation game: frozen NamedTuples (fast `_replace`)."""


from ..kernel import games, gamestate, hands
from .events import HandResult
from .rules import DECKS, Rules

PLAY, ENDED = "play", gamestate.ENDED  # a hand's phases: the seat to move plays or draws


class HandState(hands.hand_state(
        **hands.DEALT, stock=tuple[str, ...],  # top first
        **hands.CARDS, table=tuple[tuple[str, ...], ...],  # the melds, canonical (melds.py)
        opened=tuple[bool, ...],  # whether each seat has played this hand (own_opening)
        passes=int,  # turns passed in a row (the stock is empty)
        **hands.TURN)):
    __slots__ = ()


class GameState(games.game_state("manipulation", Rules, HandResult, HandState, decks=DECKS)):
    """A Manipulation game: the fields every game has (kernel/games.py), no more."""
    __slots__ = ()


INITIAL = GameState()
