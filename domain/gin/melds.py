"""Gin's melds: sets of 3 or 4 cards of one rank, and runs of 3 or more cards
of one suit in sequence, the ace low only (A-2-3 is a run, Q-K-A and K-A-2 are
not). One deck, so a meld never holds the same card twice.
"""

from ..kernel.shapes import is_sequence, one_rank
from .cards import CODE, RANK, SUIT, SUITS, sort_key, sorted_cards

__all__ = ["all_melds", "is_meld", "is_run", "is_set", "lays_off"]


def _distinct_cards(cards) -> bool:
    return all(c in RANK for c in cards) and len(set(cards)) == len(cards)


def is_set(cards) -> bool:
    """3 or 4 distinct cards of one rank."""
    cards = tuple(cards)
    return 3 <= len(cards) <= 4 and _distinct_cards(cards) and one_rank(cards, RANK)


def is_run(cards) -> bool:
    """3 or more cards of one suit in unbroken sequence, ace low (A=1 .. K=13)."""
    cards = tuple(cards)
    # in_sequence rejects a repeated rank, and one suit + distinct ranks means
    # distinct cards; ace = 1 and king = 13, so nothing ever wraps.
    return len(cards) >= 3 and all(c in RANK for c in cards) and is_sequence(cards, rank=RANK)


def is_meld(cards) -> bool:
    return is_set(cards) or is_run(cards)


def lays_off(meld, cards) -> bool:
    """Whether `cards` (one or more) may all be laid off on the meld `meld`:
    the meld plus the cards is still a meld (a 3-set takes its rank's 4th card;
    a run takes cards extending it at either end, one after another)."""
    meld, cards = tuple(meld), tuple(cards)
    return bool(cards) and is_meld(meld) and not set(meld) & set(cards) and is_meld(meld + cards)


def all_melds(hand) -> tuple[tuple[str, ...], ...]:
    """Every meld that can be formed from the hand's cards, each a sorted tuple
    (Gin order), the whole list sorted by the melds' cards in Gin order.

    Sets: a rank held 3 times gives one set; held 4 times, the 4-set and its
    four 3-subsets. Runs: every stretch of 3 or more consecutive ranks held in
    one suit (a held 3-4-5-6 gives 3-4-5, 4-5-6 and 3-4-5-6).
    Unknown codes are ignored; a repeated code counts once.
    """
    cards = sorted_cards({c for c in hand if c in RANK})
    found: list[tuple[str, ...]] = []
    by_rank: dict[int, list[str]] = {}
    by_suit: dict[str, set[int]] = {suit: set() for suit in SUITS}
    for card in cards:
        by_rank.setdefault(RANK[card], []).append(card)
        by_suit[SUIT[card]].add(RANK[card])
    for same in by_rank.values():
        if len(same) == 4:
            found.append(tuple(same))
            found.extend(tuple(c for c in same if c != left_out) for left_out in same)
        elif len(same) == 3:
            found.append(tuple(same))
    for suit, ranks in by_suit.items():
        for start in ranks:
            if start - 1 in ranks:
                continue  # not the bottom of a stretch
            end = start
            while end + 1 in ranks:
                end += 1
            for low in range(start, end - 1):
                for high in range(low + 2, end + 1):
                    found.append(tuple(CODE[(r, suit)] for r in range(low, high + 1)))
    return tuple(sorted(found, key=lambda meld: tuple(sort_key(c) for c in meld)))
