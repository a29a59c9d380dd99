"""What one seat may see of a Rummy game: the only input bot policies get.

Its own hand, the table, the discard pile (every card of it was discarded face
up, so its order is public history), the card it took from the pile this turn,
the stock's size, each hand's size, who is playing on with an empty hand, and
the scores: never another hand or the stock's order.
"""

from typing import NamedTuple

from ..kernel.tables import TableMeld
from .rules import Rules
from .state import GameState


class SeatView(NamedTuple):
    seat: int
    players: int
    rules: Rules
    turn: int
    phase: str
    hand: tuple[str, ...]
    table: tuple[TableMeld, ...]
    pile: tuple[str, ...]  # bottom first; pile[-1] is the top
    stock: int
    renewals_left: int
    taken: str | None  # the card the seat to play took from the pile this turn
    melds_now: int  # new melds the seat to play laid this turn
    bare: tuple[bool, ...]  # each seat playing on with an empty hand
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    def owns_meld(self) -> bool:
        return any(m.owner == self.seat for m in self.table)


def see(state: GameState, seat: int) -> SeatView | None:
    """The seat's view of the hand being played, or None between hands."""
    h = state.hand
    if h is None:
        return None
    return SeatView(
        seat=seat, players=len(state.players), rules=state.rules, turn=h.turn, phase=h.phase, hand=h.hands[seat],
        table=h.table, pile=h.pile, stock=len(h.stock), renewals_left=state.rules.stock_renewals - h.renewals,
        taken=h.taken, melds_now=h.melds_now, bare=h.bare, hand_sizes=tuple(len(c) for c in h.hands),
        totals=state.totals)
