"""A determinization: one whole game the seat's view could be, its hidden
cards dealt at random from the cards the seat has not seen.

The input is the view's `known` (kernel/masking.py): the state with each hidden
card a token. The cards the seat has not seen are the game's pack less every
card it sees in play (its own hand and every public place, as the variant's
`cards_in_play` lists them: discards, melds, lay-offs); each token gets one of
them, shuffled by the generator. So a hidden card is never one seen elsewhere.
"""

import math
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
    return Dealer(variant, known)(rng)


class Dealer:
    """deal_unseen for one `known`, again and again (a search deals it every round):
    the unseen cards listed once, and a filler that rebuilds only the parts of
    the hand that hold tokens."""

    def __init__(self, variant, known):
        self.known, self.cards = known, unseen(variant, known)
        self.fill = _filler(known.hand)

    def __call__(self, rng: random.Random):
        cards = list(self.cards)
        rng.shuffle(cards)
        return self.known if self.fill is None else self.known._replace(hand=self.fill(iter(cards)))


def _filler(value):
    """A function (an iterator of cards) -> `value` with each token, in field
    order, the next card; None if `value` holds no token."""
    if type(value) is str:
        return (lambda cards: next(cards)) if is_token(value) else None
    if not isinstance(value, tuple):
        return None
    if type(value) is tuple and value and all(type(v) is str and is_token(v) for v in value):  # a hidden hand
        size = len(value)
        return lambda cards: tuple(next(cards) for _ in range(size))
    parts = [_filler(v) for v in value]
    if all(part is None for part in parts):
        return None
    make = value._make if hasattr(value, "_fields") else tuple
    return lambda cards: make([v if part is None else part(cards) for v, part in zip(value, parts)])


class Deals:
    """Determinizations weighed by the variant's model of the other seats
    (`Variant.surprise`): a Metropolis chain over deals of the unseen cards, its
    target a deal's weight e^(−SURPRISE·surprise). A step swaps the card of a
    token in another seat's hand with that of any other token, and is kept if
    the deal fits the other seats' play as well, or by chance by how much
    worse; between deals the cards of the tokens outside those hands are dealt
    again at random (the surprise reads the hands, not the stock). So the
    search plays mostly the hands the others could well hold after what they
    did, not every hand the unseen cards could make."""

    def __init__(self, variant, known, seat: int, rng: random.Random):
        self.variant, self.known, self.seat, self.rng = variant, known, seat, rng
        self.tokens = list(_tokens(known.hand))
        self.fill = _filler(known.hand) or (lambda cards: known.hand)  # (a hand with no token: nothing to deal)
        held = {t for i, cards in enumerate(known.hand.hands) if i != seat for t in cards if is_token(t)}
        self.held = [i for i, t in enumerate(self.tokens) if t in held]
        self.loose = [i for i, t in enumerate(self.tokens) if t not in held]
        self.cards = unseen(variant, known)
        rng.shuffle(self.cards)
        self.surprise = self._surprise(self.cards)
        self.walk(BURN_IN)

    def walk(self, steps: int) -> None:
        if not self.held or len(self.tokens) < 2:
            return
        rng, cards = self.rng, self.cards
        for _ in range(steps):
            a = rng.choice(self.held)
            b = rng.randrange(len(self.tokens) - 1)
            b += b >= a  # any other token
            cards[a], cards[b] = cards[b], cards[a]
            after = self._surprise(cards)
            if after <= self.surprise or rng.random() < math.exp(SURPRISE * (self.surprise - after)):
                self.surprise = after
            else:
                cards[a], cards[b] = cards[b], cards[a]

    def next(self):
        """The next deal: a few steps of the chain, the cards outside the other hands shuffled."""
        self.walk(STEPS)
        loose = [self.cards[i] for i in self.loose]
        self.rng.shuffle(loose)
        for i, card in zip(self.loose, loose):
            self.cards[i] = card
        return self.known._replace(hand=self.fill(iter(self.cards)))

    def _surprise(self, cards):
        given = dict(zip(self.tokens, cards))
        hands = tuple(tuple(given.get(c, c) for c in cards_) for cards_ in self.known.hand.hands)
        return self.variant.surprise(self.known, hands, self.seat)


SURPRISE = 3.0  # a deal's weight falls by e^-3 (about a twentieth) for each step it leaves unexplained
BURN_IN = 200  # steps of the chain before the first deal
STEPS = 5  # steps between two deals


def _tokens(value):
    """The tokens in `value`, in the order a _filler gives them cards."""
    if type(value) is str:
        if is_token(value):
            yield value
    elif isinstance(value, tuple):
        for v in value:
            yield from _tokens(v)
