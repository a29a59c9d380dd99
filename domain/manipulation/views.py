"""What one seat may see of a Manipulation game: the only input bot policies get.

Its own hand, the table, the stock's size, each hand's size, who has opened
and the totals: never another hand or the stock's order.
"""

from ..kernel import views


class SeatView(views.seat_view(
        table=tuple[tuple[str, ...], ...], opened=tuple[bool, ...],
        opening=bool)):  # the seat's next play must be an opening of its own melds (own_opening)
    __slots__ = ()


see = views.seeing(SeatView, lambda state, hand, seat: {
    "opened": hand.opened, "opening": state.rules.own_opening and not hand.opened[seat]})
