"""What one seat may see of a Fortune game: the only input bot policies get.

Its own hand, the table, the discard pile (every card of it was discarded face
up, so its order is public history), the stock's size, each hand's size and
the scores: never another hand or the stock's order.
"""

from typing import NamedTuple

from .state import GameState, TableMeld


class SeatView(NamedTuple):
    seat: int
    players: int
    turn: int
    phase: str
    hand: tuple[str, ...]
    table: tuple[TableMeld, ...]
    pile: tuple[str, ...]  # bottom first; pile[-1] is the top
    stock: int
    renewals_left: int
    hand_sizes: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    def own_melds(self) -> tuple[TableMeld, ...]:
        return tuple(m for m in self.table if m.owner == self.seat)


def see(state: GameState, seat: int) -> SeatView | None:
    """The seat's view of the hand being played, or None between hands."""
    h = state.hand
    if h is None:
        return None
    return SeatView(
        seat=seat, players=len(state.players), turn=h.turn, phase=h.phase, hand=h.hands[seat], table=h.table,
        pile=h.pile, stock=len(h.stock), renewals_left=state.rules.stock_renewals - h.renewals,
        hand_sizes=tuple(len(c) for c in h.hands), points=h.points, totals=state.totals)
