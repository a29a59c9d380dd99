"""The folded state of a Gin game: frozen NamedTuples (fast `_replace`).

A hand moves through phases: "upcard" (the first upcard is offered: take or
pass), "draw", "discard" (discard or knock), "show" (the defender answers a
knock), "ended". Cards are always in exactly one place: the stock
(deck[stock_pos:]), a seat's hand, the discard pile, the knocker's spread
(melds and deadwood) and face-down discard, or the defender's shown cards.
"""

from typing import NamedTuple

from ..kernel import games, gamestate, hands
from .events import HandResult, SeatBonus
from .rules import Rules

UPCARD, DRAW, DISCARD, SHOW, ENDED = "upcard", "draw", "discard", "show", gamestate.ENDED  # a hand's phases
HAND_SIZE = 10
UPCARD_INDEX = 2 * HAND_SIZE  # deck[20] is turned up; deck[21] is the top of the stock
WALL = 2  # the turn that leaves this many cards in the stock is the last


class KnockSpread(NamedTuple):
    """The knocker's cards on the table (`card`: the face-down discard)."""
    seat: int
    card: str
    melds: tuple[tuple[str, ...], ...]
    deadwood: tuple[str, ...]
    points: int
    gin: bool


class ShownHand(NamedTuple):
    """The defender's answer: own melds, lay-offs ((meld index, cards) pairs) and deadwood."""
    seat: int
    melds: tuple[tuple[str, ...], ...]
    layoffs: tuple[tuple[int, tuple[str, ...]], ...]
    deadwood: tuple[str, ...]
    points: int


PASSED, TAKEN, FROM_STOCK, THROWN = "pass", "take", "stock", "discard"  # a Move's kinds


class Move(NamedTuple):
    """One public step of a seat's turn, as everyone saw it: "pass" (the upcard
    `card` passed), "take" (`card` taken from the discard pile), "stock" (a draw
    from the stock: `card` ""), "discard" (`card` thrown). The hand's `record` of
    them is what the expert reads of the other seat's play (gin/bots/surprise.py)."""
    seat: int
    kind: str
    card: str


class HandState(hands.hand_state(
        number=int, dealer=int, **hands.DECK, stock_pos=int,  # deck[stock_pos] is the top of the stock
        **hands.CARDS, discards=tuple[str, ...],  # the discard pile, the top last
        **hands.TURN,
        passes=int,  # how many players passed the first upcard (0, 1 or 2; 0 again once anyone drew)
        taken=str | None,  # the card taken from the discard pile this turn (it may not be discarded)
        knock=(KnockSpread | None, None), shown=(ShownHand | None, None),
        record=(tuple[Move, ...], ()))):  # the hand's public steps so far, in order
    __slots__ = ()
    stock = property(hands.stock_left)

    @property
    def stock_only(self) -> bool:
        """Both passed the first upcard: the non-dealer's draw is from the stock."""
        return self.passes == 2 and self.phase == DRAW


class GameState(games.game_state("gin", Rules, HandResult, HandState, points=(tuple[int, ...], ()),
                                  bonuses=(tuple[SeatBonus, ...], ()))):
    """A Gin game: the fields every game has (kernel/games.py), its hand points
    summed (`points`) and its end's bonuses. `totals` are the hand points summed
    while the game is played, and the final totals (bonuses included) once it
    has ended."""
    __slots__ = ()


INITIAL = GameState()
