"""What one seat may see of a Kalooki game: the only input bot policies get.

Its own hand, the table, the discard pile (every card of it was discarded face
up), the stock's size, each hand's size, who has opened, who is still in, the
totals and the rules: never another hand or the stock's order.
"""

from typing import NamedTuple

from .melds import TableMeld
from .rules import Rules
from .state import GameState


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
    opened: tuple[bool, ...]
    out: tuple[bool, ...]
    totals: tuple[int, ...]
    taken: str | None  # the card this seat took from the pile this turn, still unplayed
    owed: int  # jokers this seat swapped this turn and has not played since
    rules: Rules

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat


def see(state: GameState, seat: int) -> SeatView | None:
    """The seat's view of the hand being played, or None between hands."""
    h = state.hand
    if h is None:
        return None
    mine = h.turn == seat
    return SeatView(
        seat=seat, players=len(state.players), turn=h.turn, phase=h.phase, hand=h.hands[seat], table=h.table,
        pile=h.pile, stock=len(h.stock), renewals_left=state.rules.stock_renewals - h.renewals,
        hand_sizes=tuple(len(c) for c in h.hands), opened=h.opened, out=state.out, totals=state.totals,
        taken=h.taken if mine else None, owed=h.owed if mine else 0, rules=state.rules)
