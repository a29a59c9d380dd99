"""What one seat may see of a Conquian game: the only input bot policies get.

Its own hand; both seats' melds, the exposed card and the dead pile (every
card that moves after the deal is face up); the stock's size and the other
hand's size; the totals and what the next win is worth. Never the other hand
or the stock's order.
"""

from typing import NamedTuple

from .scoring import stake
from .state import GameState


class SeatView(NamedTuple):
    seat: int
    dealer: int
    turn: int
    phase: str
    hand: tuple[str, ...]
    melds: tuple[tuple[tuple[str, ...], ...], ...]  # each seat's own melds
    exposed: str | None
    dead: tuple[str, ...]
    stock: int
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    stake: int  # what the next win scores

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    @property
    def own_melds(self) -> tuple[tuple[str, ...], ...]:
        return self.melds[self.seat]


def see(state: GameState, seat: int) -> SeatView | None:
    """The seat's view of the hand being played, or None between hands."""
    h = state.hand
    if h is None:
        return None
    return SeatView(seat=seat, dealer=h.dealer, turn=h.turn, phase=h.phase, hand=h.hands[seat], melds=h.melds,
                    exposed=h.exposed, dead=h.dead, stock=h.stock, hand_sizes=tuple(len(c) for c in h.hands),
                    totals=state.totals, stake=stake(state.rules.draw_stakes, state.drawn))
