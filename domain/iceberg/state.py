"""The folded state of an Iceberg game: frozen typed NamedTuples (kernel/games.py)."""

from typing import NamedTuple

from ..kernel import games, gamestate, tables
from ..kernel.tables import TableMeld
from .events import HandResult
from .rules import Rules

PICKUP, DRAW, PLAY, ENDED = "pickup", "draw", "play", gamestate.ENDED  # a hand's phases
HAND_SIZE = 7


class HandState(NamedTuple):
    number: int
    first_seat: int
    deck: tuple[str, ...]
    salt: str
    commitment: str
    stock_pos: int  # deck[stock_pos] is the top of the stock
    hands: tuple[tuple[str, ...], ...]
    aces: tuple[tuple[str, ...], ...]  # face up in front of each seat
    waiting: tuple[str | None, ...]  # waiting[i]: the card passed to seat i
    table: tuple[TableMeld, ...]
    points: tuple[int, ...]  # melding points this hand
    turn: int
    phase: str
    aces_up: int
    last_ace: bool  # the last ace is up: the hand ends with this turn
    next_meld: int
    deadline: str | None = None  # play-by-mail: when the current turn times out

    @property
    def stock(self) -> int:
        return len(self.deck) - self.stock_pos

    def meld(self, meld_id: str) -> TableMeld | None:
        return tables.find(self.table, meld_id)


class GameState(games.game_state("iceberg", Rules, HandResult, HandState)):
    """An Iceberg game: the fields every game has (kernel/games.py), no more."""
    __slots__ = ()


INITIAL = GameState()
