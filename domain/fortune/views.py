"""What one seat may see of a Fortune game: the only input bot policies get.

Its own hand, the table, the discard pile (every card of it was discarded face
up, so its order is public history), the stock's size, each hand's size and
the scores: never another hand or the stock's order.
"""

from ..kernel import views
from .state import TableMeld


class SeatView(views.seat_view(table=tuple[TableMeld, ...], **views.PILE, points=tuple[int, ...])):
    """The kernel's fields (kernel/views.py), the table, the pile and the points melded this hand."""
    __slots__ = ()

    def own_melds(self) -> tuple[TableMeld, ...]:
        return tuple(m for m in self.table if m.owner == self.seat)


see = views.seeing(SeatView, lambda state, hand, seat: {"points": hand.points})
