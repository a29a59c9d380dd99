"""What one seat may see of a Gin game: the only input bot policies get.

A SeatView holds the seat's own hand and the public table (the discard pile,
the stock count, a knocker's spread), never the other hand, the stock order or
the knocker's face-down discard (unless the seat is the knocker).
"""

from ..kernel import views
from .state import KnockSpread


class SeatView(views.seat_view(
        dealer=int, discards=tuple[str, ...],  # the discard pile, the top last
        passes=int, taken=str | None,  # the card this seat took from the discard pile this turn
        knock=KnockSpread | None,  # the knocker's spread; its `card` is None unless this seat knocked
        opponent_cards=int, knock_limit=int)):
    __slots__ = ()

    @property
    def stock_only(self) -> bool:
        return self.passes == 2 and self.phase == "draw"


def _own(state, h, seat: int) -> dict:
    knock = h.knock
    if knock is not None and knock.seat != seat:
        knock = knock._replace(card=None)
    return {"dealer": h.dealer, "discards": h.discards, "passes": h.passes,
            "taken": h.taken if h.turn == seat else None, "knock": knock, "opponent_cards": len(h.hands[1 - seat]),
            "knock_limit": state.rules.knock_limit}


def hide(h, seat: int, blanks) -> dict:
    """The knocker's face-down discard, unless this seat knocked."""
    if h.knock is None or h.knock.seat == seat:
        return {}
    return {"knock": h.knock._replace(card=blanks.take(1)[0])}


see = views.seeing(SeatView, _own)
