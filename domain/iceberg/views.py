"""What one seat may see of a game: the only input bot policies get.

A SeatView holds the seat's own hand and the public table, never another
seat's hand, the stock order or a card passed to someone else.
"""

from ..kernel import views
from .state import GameState, TableMeld


class SeatView(views.seat_view(
        decks=int, table=tuple[TableMeld, ...], aces=tuple[tuple[str, ...], ...], waiting_for_me=bool,
        passed=str | None,  # the card this seat passed, not yet picked up
        points=tuple[int, ...], last_ace=bool)):
    __slots__ = ()


def see(state: GameState, seat: int) -> SeatView | None:
    """The seat's view of the hand being played, or None between hands."""
    h = state.hand
    if h is None:
        return None
    n = len(state.players)
    # positional, in the fields' order (kernel/views.py SEAT, then Iceberg's own): every bot move builds one,
    # and keywords cost a third more
    return SeatView(
        seat, n, h.turn, h.phase, h.hands[seat], tuple(map(len, h.hands)), len(h.deck) - h.stock_pos, state.totals,
        state.decks, h.table, h.aces, h.waiting[seat] is not None, h.waiting[(seat - 1) % n], h.points, h.last_ace,
        None)  # known: for the expert bot alone (Variant.expert_view)


def hide(h, seat: int, blanks) -> dict:
    """The cards passed face down, but the one this seat passed (to the seat before it)."""
    n = len(h.waiting)
    return {"waiting": tuple(card if card is None or (i + 1) % n == seat else blanks.take(1)[0]
                             for i, card in enumerate(h.waiting))}
