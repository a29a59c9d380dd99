"""Meld shapes every rummy shares: cards of one rank, and cards of one suit in
unbroken sequence. Which ranks may take part (aces high, low or never) and how
long a meld must be are each variant's own rules; these only test the shape."""

from .cards import RANK, SUIT


def one_rank(cards, rank=RANK) -> bool:
    """All the cards have the same rank (`rank`: the variant's rank of a code)."""
    first = rank[cards[0]]
    for card in cards:  # a plain loop: these run for every meld a bot considers
        if rank[card] != first:
            return False
    return True


def one_suit(cards) -> bool:
    first = SUIT[cards[0]]
    for card in cards:
        if SUIT[card] != first:
            return False
    return True


def in_sequence(ranks) -> bool:
    """The ranks, sorted, follow each other without a gap or a repeat."""
    ordered = sorted(ranks)
    return all(b == a + 1 for a, b in zip(ordered, ordered[1:]))


def is_sequence(cards, rank=RANK) -> bool:
    """One suit, in unbroken sequence of `rank` (a run's shape, of any length)."""
    return one_suit(cards) and in_sequence(rank[c] for c in cards)
