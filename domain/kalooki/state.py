"""The folded state of a Kalooki game: frozen NamedTuples (fast `_replace`)."""

from typing import NamedTuple

from ..kernel import games, gamestate, tables
from .events import HandResult
from .melds import TableMeld
from .rules import Rules

DRAW, PLAY, ENDED = "draw", "play", gamestate.ENDED  # a hand's phases


class HandState(NamedTuple):
    number: int
    dealer: int
    first_seat: int
    deck: tuple[str, ...]
    salt: str
    commitment: str
    stock: tuple[str, ...]  # top first
    pile: tuple[str, ...]  # the discard pile, bottom first: pile[-1] is the face-up top
    hands: tuple[tuple[str, ...], ...]  # a seat out of the game holds nothing
    table: tuple[TableMeld, ...]
    opened: tuple[bool, ...]  # which seats have opened this hand
    turn: int
    phase: str
    renewals: int  # how often the stock was renewed from the pile this hand
    next_meld: int
    opened_now: bool = False  # the seat to move opened in this turn (a kalooki, if it goes out in it)
    taken: str | None = None  # the card the seat to move took from the pile this turn, still unplayed
    owed: int = 0  # jokers the seat to move swapped this turn and has not played since
    deadline: str | None = None

    def meld(self, meld_id: str) -> TableMeld | None:
        return tables.find(self.table, meld_id)


class GameState(games.game_state("kalooki", Rules, HandResult, HandState, decks=2,
                                 out=(tuple[bool, ...], ()))):
    """A Kalooki game: the fields every game has (kernel/games.py), and which seats are out (eliminated)."""
    __slots__ = ()

    def seats_in(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(len(self.players)) if not (self.out and self.out[seat]))


INITIAL = GameState()
