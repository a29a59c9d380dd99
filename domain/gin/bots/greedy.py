"""The `greedy` bot: plays Gin the way a careful beginner does.

* The upcard or the top discard is taken only when it lowers the hand's
  deadwood: with it (and the best discard other than it), the least deadwood
  is lower than the hand's least deadwood now. Otherwise it passes the first
  upcard, or draws from the stock.
* After the draw it knocks as soon as a knock is legal, with the lowest
  deadwood it can reach (gin when it can), arranging the hand at its best.
* Otherwise it discards the card that leaves the least deadwood; among equals
  the card worth most points, then the card with the fewest partners (cards of
  its rank, or of its suit one or two ranks away), then the generator decides.
* Answering a knock it shows its best defence: least deadwood after its own
  melds and lay-offs.
Seeded games are reproducible: ties go to the generator, in a fixed order.
"""

from ..actions import DISCARD_ACTION, DRAW_ACTION, KNOCK, PASS, knock, knock_cards, options, to_command
from ..cards import RANK, SUIT, VALUE
from ..commands import DISCARD_PILE, STOCK
from ..deadwood import best_knock, min_deadwood
from ..state import DISCARD, DRAW, UPCARD


def choose_greedy(view, rng):
    seat = view.seat
    if view.phase in (UPCARD, DRAW):
        if not view.stock_only and takes(view.hand, view.discards[-1]):
            return to_command(seat, (DRAW_ACTION, DISCARD_PILE))
        return to_command(seat, (PASS,) if view.phase == UPCARD else (DRAW_ACTION, STOCK))
    if view.phase == DISCARD:
        left = best_knock(view.hand)  # asked once: the knocks and the discard both read it
        found = knock_cards(view, left)
        if found:
            least = min(left[c] for c in found)
            # only the knock chosen is arranged (the listing arranges every one)
            return to_command(seat, knock(view.hand, rng.choice([c for c in found if left[c] == least])))
        return to_command(seat, (DISCARD_ACTION, discard_choice(view.hand, view.taken, rng, left)))
    return to_command(seat, options(view)[0])


def takes(hand, card) -> bool:
    """Whether taking `card` lowers the hand's least deadwood (it may not be thrown back at once)."""
    left = best_knock(tuple(hand) + (card,))
    best = min(points for c, points in left.items() if c != card)
    return best < min_deadwood(hand)


def partners(card, hand) -> int:
    rank, suit = RANK[card], SUIT[card]
    return sum(1 for other in hand if other != card and
               (RANK[other] == rank or (SUIT[other] == suit and abs(RANK[other] - rank) <= 2)))


def discard_choice(hand, taken, rng, left=None) -> str:
    """The discard leaving the least deadwood (`left`: the hand's best_knock, if already asked)."""
    return rng.choice(discards(hand, taken, best_knock(hand) if left is None else left))


def discards(hand, taken, left) -> list:
    """The discards greedy chooses among (`left`: the hand's best_knock): the least deadwood left,
    then the card worth most, then the fewest partners; the generator picks one of them."""
    allowed = [c for c in hand if c != taken]
    key = {c: (left[c], -VALUE[c]) for c in allowed}
    best = min(key.values())
    tied = [c for c in allowed if key[c] == best]
    if len(tied) > 1:  # partners are counted only where they decide (most turns they need not)
        fewest = min(partners(c, hand) for c in tied)
        tied = [c for c in tied if partners(c, hand) == fewest]
    return tied


__all__ = ["choose_greedy", "takes", "discard_choice", "discards", "KNOCK"]
