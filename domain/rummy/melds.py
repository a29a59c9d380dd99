"""Rummy's melds, one 52-card deck, no wild cards, the ace low only
(MORE_VARIANTS.md "Rummy"): a set is 3 or 4 cards of one rank; a run is 3 or
more cards of one suit in sequence, A-2-3 up to J-Q-K (Q-K-A and K-A-2 are not
runs). Card values: A 1, 2-10 their face value, J Q K 10."""

from ..kernel.cards import ACE, CODE, RANK, SUIT, SUIT_ORDER, SUITS

SET, RUN = "set", "run"


def low(card: str) -> int:
    """The card's place in a run: the ace is 1, then 2 ... K 13."""
    rank = RANK[card]
    return 1 if rank == ACE else rank


def value(card: str) -> int:
    """What a card counts in hand: A 1, 2-10 face value, J Q K 10."""
    return min(low(card), 10)


def hand_value(cards) -> int:
    return sum(value(c) for c in cards)


def table_order(cards) -> tuple[str, ...]:
    """A meld's cards as the table shows them: by place in a run (ace low), then suit."""
    return tuple(sorted(cards, key=lambda c: (low(c), SUIT_ORDER[SUIT[c]])))


def kind_of(cards) -> str | None:
    """SET or RUN if these cards (distinct, from one deck) are a valid meld, else None."""
    cards = tuple(cards)
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return None
    ranks = {RANK[c] for c in cards}
    if len(ranks) == 1:
        return SET if len(cards) <= 4 else None
    if len({SUIT[c] for c in cards}) != 1:
        return None
    places = sorted(low(c) for c in cards)
    return RUN if places[-1] - places[0] == len(places) - 1 else None


def extended(kind: str, meld_cards, added) -> tuple[str, ...] | None:
    """The meld with `added` laid off on it (in table order) if it stays a valid
    meld of its kind (a run grows at either end, a set up to 4), else None."""
    cards = tuple(meld_cards) + tuple(added)
    if not added or kind_of(cards) != kind:
        return None
    return table_order(cards)


def fitting(kind: str, meld_cards) -> frozenset[str]:
    """The single cards that could be laid off on this meld: the missing suits
    of a set's rank (while it has fewer than 4), the card below and above a run."""
    if kind == SET:
        if len(meld_cards) >= 4:
            return frozenset()
        rank = RANK[meld_cards[0]]
        return frozenset(CODE[(rank, suit)] for suit in SUITS) - set(meld_cards)
    suit = SUIT[meld_cards[0]]
    places = [low(c) for c in meld_cards]
    ends = [p for p in (min(places) - 1, max(places) + 1) if 1 <= p <= 13]
    return frozenset(CODE[(ACE if p == 1 else p, suit)] for p in ends)
