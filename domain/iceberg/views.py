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
    return SeatView(
        seat=seat, players=n, decks=state.decks, turn=h.turn, phase=h.phase,
        hand=h.hands[seat], table=h.table, stock=h.stock,
        hand_sizes=tuple(len(cards) for cards in h.hands), aces=h.aces,
        waiting_for_me=h.waiting[seat] is not None, passed=h.waiting[(seat - 1) % n],
        points=h.points, totals=state.totals, last_ace=h.last_ace)
