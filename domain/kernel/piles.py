"""The stock and the discard pile of the rummies that turn the whole pile over
when the stock runs out (Rummy, Kalooki: MORE_VARIANTS.md "Shared by the
four"), and the taken-card rule they share.

A hand's state keeps its piles in the usual fields: `stock` (top first),
`pile` (the discard pile, bottom first: `pile[-1]` is the face-up top) and
`renewals` (how often the stock was made again this hand).

Empty stock: a `draw` from an empty stock turns the WHOLE discard pile over,
unshuffled, as the new stock, so the oldest discard becomes the top card (the
pile bottom first is exactly the stock top first), and the pile is left empty.
A hand may do this `limit` times (its `stock_renewals` option); a draw from an
empty stock after that, or with the pile empty too, ends the hand dead
("exhausted": nobody went out). Fortune keeps the pile's top card face up
instead: it has its own renewal.

Taken card: a card taken from the discard pile may not be discarded in the
same turn, except as the seat's last card (otherwise a seat could be left
with no legal move). The rule is about the card itself: where a pack has two
copies of a card, a seat holding another copy may discard that copy. Copies
are alike, so the taken card is the last copy of its code to leave the hand
(the seat's own copies are played first).
"""

from . import errors as err
from .events import StockRenewed
from .folding import advance

DRAW, RENEW, EXHAUSTED = "draw", "renew", "exhausted"  # what a draw from the stock does now


def stock_draw(stock, pile, renewals: int, limit: int) -> str:
    """What a draw from the stock does: DRAW its top card; RENEW it from the
    pile first (then draw); or the hand is EXHAUSTED (no card can be drawn)."""
    if stock:
        return DRAW
    if renewals < limit and pile:
        return RENEW
    return EXHAUSTED


def turned_over(pile) -> tuple[str, ...]:
    """The new stock (top first) made of the whole pile (bottom first), unshuffled."""
    return tuple(pile)


def renewing(hand, limit: int, ending, batch) -> bool:
    """Decide a draw from the stock of `hand` (batch.state's hand): with an empty
    stock, emit StockRenewed (its size) or end the hand dead through `ending`
    (kernel/deciding.py Ending: `ending.now(batch, "exhausted")`). True if a card
    can now be drawn from batch.state.hand.stock; False if the hand ended."""
    step = stock_draw(hand.stock, hand.pile, hand.renewals, limit)
    if step == EXHAUSTED:
        ending.now(batch, EXHAUSTED)
        return False
    if step == RENEW:
        batch.emit(StockRenewed(len(hand.pile)))
    return True


def stock_renewed(state, e: StockRenewed):
    """evolve for StockRenewed: the whole pile is the new stock, the pile is empty."""
    h = state.hand
    stock = h.stock + turned_over(h.pile)
    assert len(stock) == e.size, f"a renewed stock of {len(stock)} cards, logged as {e.size}"
    return advance(state, hand=h._replace(stock=stock, pile=(), renewals=h.renewals + 1))


def may_discard(card: str, hand, taken: str | None) -> bool:
    """Whether a seat holding `hand` may discard `card`, having taken `taken`
    from the discard pile this turn (None: it drew from the stock)."""
    if taken is None or card != taken or len(hand) == 1:
        return True
    return sum(1 for c in hand if c == card) > 1  # another copy goes, the taken one stays


def check_discard(card: str, hand, taken: str | None) -> None:
    """Refuse (TakenCard, `taken_card`) a discard the taken-card rule forbids."""
    if not may_discard(card, hand, taken):
        raise err.TakenCard(f"{card} was taken from the discard pile this turn: discard another card")
