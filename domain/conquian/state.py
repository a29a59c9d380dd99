"""The folded state of a Conquian game: frozen NamedTuples (fast `_replace`).

A hand moves through phases, each demanding one thing of the seat to act
(`turn`):
  "upcard"   the first upcard is offered: take it or pass;
  "face"     the card the opponent discarded or left is exposed: take or decline;
  "turned"   the stock card the seat just turned: take or decline (leave it);
  "answer"   the opponent declined a card that lays off on their melds: force or allow;
  "forced"   the seat was forced: take the card;
  "discard"  the seat took and did not go out: discard;
  "ended".
Cards are always in exactly one place: the stock (deck[stock_pos:]), a seat's
hand, a seat's melds, the exposed card, or the dead pile.
"""

from typing import NamedTuple

from ..kernel import games, gamestate
from .events import HandResult
from .rules import Rules

UPCARD, FACE, TURNED, ANSWER, FORCED, DISCARD, ENDED = (
    "upcard", "face", "turned", "answer", "forced", "discard", gamestate.ENDED)
HAND_SIZE = 10
UPCARD_INDEX = 2 * HAND_SIZE  # deck[20] is the upcard (when there is one)
GOAL = HAND_SIZE + 1  # melded cards that win the hand


class HandState(NamedTuple):
    number: int
    dealer: int
    deck: tuple[str, ...]
    salt: str
    commitment: str
    stock_pos: int  # deck[stock_pos] is the top of the stock
    hands: tuple[tuple[str, ...], ...]
    melds: tuple[tuple[tuple[str, ...], ...], ...]  # each seat's own melds
    dead: tuple[str, ...]  # cards turned down, out of play for the hand
    exposed: str | None  # the face-up card to deal with
    turn: int
    phase: str
    passes: int  # passes of the first upcard (0, 1, 2)
    declined_in: str | None = None  # "face" or "turned": the phase of the decline the opponent answers
    deadline: str | None = None  # play-by-mail: when the current turn times out

    @property
    def stock(self) -> int:
        return len(self.deck) - self.stock_pos


class GameState(games.game_state("conquian", Rules, HandResult, HandState, drawn=(int, 0))):
    """A Conquian game: the fields every game has (kernel/games.py) and `drawn`,
    the drawn hands just before the next hand (they raise its stake)."""
    __slots__ = ()


INITIAL = GameState()
