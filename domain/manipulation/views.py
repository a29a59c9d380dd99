"""What one seat may see of a Manipulation game: the only input bot policies get.

Its own hand, the table, the stock's size, each hand's size, who has opened
and the totals: never another hand or the stock's order.
"""

from typing import NamedTuple

from .state import GameState


class SeatView(NamedTuple):
    seat: int
    players: int
    turn: int
    phase: str
    hand: tuple[str, ...]
    table: tuple[tuple[str, ...], ...]
    stock: int
    hand_sizes: tuple[int, ...]
    opened: tuple[bool, ...]
    opening: bool  # the seat's next play must be an opening of its own melds (own_opening)
    totals: tuple[int, ...]

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat


def see(state: GameState, seat: int) -> SeatView | None:
    """The seat's view of the hand being played, or None between hands."""
    h = state.hand
    if h is None:
        return None
    return SeatView(
        seat=seat, players=len(state.players), turn=h.turn, phase=h.phase, hand=h.hands[seat], table=h.table,
        stock=len(h.stock), hand_sizes=tuple(len(c) for c in h.hands), opened=h.opened,
        opening=state.rules.own_opening and not h.opened[seat], totals=state.totals)
