"""What one seat may see of a game: the only input bot policies get.

A SeatView holds the seat's own hand and the public table, never another
seat's hand, the stock order or a card passed to someone else.
"""

from typing import NamedTuple

from .state import GameState, TableMeld


class SeatView(NamedTuple):
    seat: int
    players: int
    decks: int
    turn: int
    phase: str
    hand: tuple[str, ...]
    table: tuple[TableMeld, ...]
    stock: int
    hand_sizes: tuple[int, ...]
    aces: tuple[tuple[str, ...], ...]
    waiting_for_me: bool
    passed: str | None  # the card this seat passed, not yet picked up
    points: tuple[int, ...]
    totals: tuple[int, ...]
    last_ace: bool

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat


def see(state: GameState, seat: int) -> SeatView | None:
    """The seat's view of the hand being played, or None between hands."""
    h = state.hand
    if h is None:
        return None
    n = len(state.players)
    # positional, in the fields' order: every bot move builds one, and keywords cost a third more
    return SeatView(
        seat, n, state.decks, h.turn, h.phase, h.hands[seat], h.table, len(h.deck) - h.stock_pos,
        tuple(map(len, h.hands)), h.aces, h.waiting[seat] is not None, h.waiting[(seat - 1) % n],
        h.points, state.totals, h.last_ace)
