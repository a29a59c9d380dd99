"""What one seat may see of a Kalooki game: the only input bot policies get.

Its own hand, the table, the discard pile (every card of it was discarded face
up), the stock's size, each hand's size, who has opened, who is still in, the
totals and the rules: never another hand or the stock's order.
"""

from ..kernel import views
from .melds import TableMeld
from .rules import Rules


class SeatView(views.seat_view(
        table=tuple[TableMeld, ...], **views.PILE, opened=tuple[bool, ...], out=tuple[bool, ...],
        taken=str | None,  # the card this seat took from the pile this turn, still unplayed
        owed=int,  # jokers this seat swapped this turn and has not played since
        rules=Rules)):
    __slots__ = ()


def _own(state, hand, seat: int) -> dict:
    mine = hand.turn == seat
    return {"opened": hand.opened, "out": state.out, "taken": hand.taken if mine else None,
            "owed": hand.owed if mine else 0}


see = views.seeing(SeatView, _own)
