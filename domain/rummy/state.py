"""The folded state of a Rummy game: frozen NamedTuples (fast `_replace`)."""

from typing import NamedTuple

from ..kernel import games, gamestate, tables
from ..kernel.tables import TableMeld
from .events import HandResult
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
    hands: tuple[tuple[str, ...], ...]
    table: tuple[TableMeld, ...]
    points: tuple[int, ...]  # the value of the cards each seat laid on the table this hand (not a score)
    turn: int
    phase: str
    renewals: int  # how often the stock was made again from the pile this hand
    next_meld: int
    taken: str | None  # the card the seat to play took from the discard pile this turn
    melds_now: int  # new melds the seat to play has laid this turn
    played_now: bool  # the seat to play has melded or laid off this turn
    played: tuple[bool, ...]  # each seat melded or laid off in an earlier turn of the hand
    bare: tuple[bool, ...]  # each seat emptied its hand without going out (discard_to_go_out)
    deadline: str | None = None

    def meld(self, meld_id: str) -> TableMeld | None:
        return tables.find(self.table, meld_id)

    def owns_meld(self, seat: int) -> bool:
        return any(m.owner == seat for m in self.table)


class GameState(games.game_state("rummy", Rules, HandResult, HandState)):
    """A Rummy game: the fields every game has (kernel/games.py), no more."""
    __slots__ = ()


INITIAL = GameState()
