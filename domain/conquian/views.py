"""What one seat may see of a Conquian game: the only input bot policies get.

Its own hand; both seats' melds, the exposed card and the dead pile (every
card that moves after the deal is face up); the stock's size and the other
hand's size; the totals and what the next win is worth. Never the other hand
or the stock's order.
"""

from ..kernel import views
from .scoring import stake


class SeatView(views.seat_view(
        dealer=int, melds=tuple[tuple[tuple[str, ...], ...], ...],  # each seat's own melds
        exposed=str | None, dead=tuple[str, ...], stake=int)):  # stake: what the next win scores
    __slots__ = ()

    @property
    def own_melds(self) -> tuple[tuple[str, ...], ...]:
        return self.melds[self.seat]


see = views.seeing(SeatView, lambda state, hand, seat: {
    "dealer": hand.dealer, "melds": hand.melds, "exposed": hand.exposed, "dead": hand.dead,
    "stake": stake(state.rules.draw_stakes, state.drawn)})
