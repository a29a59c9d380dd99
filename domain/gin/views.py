"""What one seat may see of a Gin game: the only input bot policies get.

A SeatView holds the seat's own hand and the public table (the discard pile,
the stock count, a knocker's spread), never the other hand, the stock order or
the knocker's face-down discard (unless the seat is the knocker).
"""

from typing import NamedTuple

from .state import GameState, KnockSpread


class SeatView(NamedTuple):
    seat: int
    turn: int
    phase: str
    dealer: int
    hand: tuple[str, ...]
    discards: tuple[str, ...]  # the discard pile, the top last
    stock: int
    passes: int
    taken: str | None  # the card this seat took from the discard pile this turn
    knock: KnockSpread | None  # the knocker's spread; its `card` is None unless this seat knocked
    opponent_cards: int
    totals: tuple[int, ...]
    knock_limit: int

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    @property
    def stock_only(self) -> bool:
        return self.passes == 2 and self.phase == "draw"


def see(state: GameState, seat: int) -> SeatView | None:
    """The seat's view of the hand being played, or None between hands."""
    h = state.hand
    if h is None:
        return None
    knock = h.knock
    if knock is not None and knock.seat != seat:
        knock = knock._replace(card=None)
    return SeatView(
        seat=seat, turn=h.turn, phase=h.phase, dealer=h.dealer, hand=h.hands[seat], discards=h.discards,
        stock=h.stock, passes=h.passes, taken=h.taken if h.turn == seat else None, knock=knock,
        opponent_cards=len(h.hands[1 - seat]), totals=state.totals, knock_limit=state.rules.knock_limit)
