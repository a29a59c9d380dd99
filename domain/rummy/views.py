"""What one seat may see of a Rummy game: the only input bot policies get.

Its own hand, the table, the discard pile (every card of it was discarded face
up, so its order is public history), the card it took from the pile this turn,
the stock's size, each hand's size, who is playing on with an empty hand, and
the scores: never another hand or the stock's order.
"""

from ..kernel import views
from ..kernel.tables import TableMeld
from .rules import Rules


class SeatView(views.seat_view(
        rules=Rules, table=tuple[TableMeld, ...], **views.PILE,
        taken=str | None,  # the card the seat to play took from the pile this turn
        melds_now=int,  # new melds the seat to play laid this turn
        bare=tuple[bool, ...])):  # each seat playing on with an empty hand
    __slots__ = ()

    def owns_meld(self) -> bool:
        return any(m.owner == self.seat for m in self.table)


see = views.seeing(SeatView, lambda state, hand, seat: {"taken": hand.taken, "melds_now": hand.melds_now,
                                                         "bare": hand.bare})
