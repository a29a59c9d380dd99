"""A determinization: one whole game the seat's view could be, its hidden
cards dealt at random from the cards the seat has not seen.

The input is the view's `known` (kernel/masking.py): the state with each hidden
card a token. The cards the seat has not seen are the game's pack less every
card it sees in play (its own hand and every public place, as the variant's
`cards_in_play` lists them: discards, melds, lay-offs); each token gets one of
them, shuffled by the generator. So a hidden card is never one seen elsewhere.
"""

import random
from collections import Counter

from ..deals import pack_of
from ..masking import is_token


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


def _filled(value, cards):
    """`value` (a record, tuples, strings) with each token, in field order, the next of `cards`."""
    if type(value) is str:
        return next(cards) if is_token(value) else value
    if isinstance(value, tuple):
        items = [_filled(v, cards) for v in value]
        return value._make(items) if hasattr(value, "_fields") else tuple(items)
    return value
