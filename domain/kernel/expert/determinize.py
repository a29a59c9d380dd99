"""A determinization: one whole game the seat's view could be, its hidden
cards dealt at random from the cards the seat has not seen.

The input is the view's `known` (kernel/masking.py): the state with each hidden
card a token. The cards the seat has not seen are the game's pack less every
card it sees in play (its own hand and every public place, as the variant's
`cards_in_play` lists them: discards, melds, lay-offs); each token gets one of
them, shuffled by the generator. So a hidden card is never one seen elsewhere.

What the other seats have done says more of their hands than which cards are
unseen: a variant whose greedy bot could not hold some hands after its turn
(`Variant.likely`: Kalooki's greedy opens as soon as it can and then lays
every meld it holds) has each determinization dealt again, up to `TRIES`
times, until every other seat's hand is one greedy could hold.
"""

import random
from collections import Counter

from ..deals import pack_of
from ..masking import is_token

TRIES = 20  # deals at most for one determinization whose other hands are likely (the last one, if none is)


def unseen(variant, known) -> list[str]:
    """The cards `known` does not show, in the pack's order (a card of two decks twice)."""
    left = Counter(pack_of(known))
    for _, _, cards in variant.cards_in_play(known):
        for card in cards:
            if card and not is_token(card):
                left[card] -= 1
    return [card for card, count in left.items() for _ in range(count) if count > 0]


def deal_unseen(variant, known, rng: random.Random):
    """`known` with every token replaced by an unseen card, at random."""
    cards = unseen(variant, known)
    rng.shuffle(cards)
    return known._replace(hand=_filled(known.hand, iter(cards)))


def deal_likely(variant, known, rng: random.Random, seat: int):
    """A determinization (`deal_unseen`) in which every seat but `seat` holds a hand
    the variant's greedy bot could hold (`Variant.likely`), if one of TRIES is."""
    dealt = deal_unseen(variant, known, rng)
    if variant.likely is None:
        return dealt
    others = [other for other in range(len(known.hand.hands)) if other != seat]
    for _ in range(TRIES - 1):
        if all(variant.likely(dealt, other) for other in others):
            break
        dealt = deal_unseen(variant, known, rng)
    return dealt


def _filled(value, cards):
    """`value` (a record, tuples, strings) with each token, in field order, the next of `cards`."""
    if type(value) is str:
        return next(cards) if is_token(value) else value
    if isinstance(value, tuple):
        items = [_filled(v, cards) for v in value]
        return value._make(items) if hasattr(value, "_fields") else tuple(items)
    return value
