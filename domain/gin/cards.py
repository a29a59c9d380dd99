"""Gin's ranks and card values, built from the kernel's card tables.

The kernel counts the ace as 14 (high); in Gin the ace is low and only low:
A=1, 2..10, J=11, Q=12, K=13, so A-2-3 is a run and Q-K-A is not. A card's
value (its deadwood points) is A 1, 2..10 face value, J Q K 10.
"""

from ..kernel.cards import ACE, ONE_DECK, SUIT, SUIT_ORDER, SUITS
from ..kernel.cards import RANK as KERNEL_RANK

__all__ = ["ACE_LOW", "CODE", "DECK", "RANK", "SUIT", "SUITS", "VALUE", "is_card", "points", "sort_key", "sorted_cards"]

ACE_LOW, KING = 1, 13

#: Gin rank of every card code: A=1 .. K=13.
RANK: dict[str, int] = {code: (ACE_LOW if r == ACE else r) for code, r in KERNEL_RANK.items()}
#: Deadwood points of every card code: A 1, 2..10 face value, J Q K 10.
VALUE: dict[str, int] = {code: min(r, 10) for code, r in RANK.items()}
#: (Gin rank 1..13, suit) -> code.
CODE: dict[tuple[int, str], str] = {(RANK[code], SUIT[code]): code for code in ONE_DECK}


def sort_key(code: str) -> tuple[int, int]:
    """Ace-low rank first, then suit (S H D C): Gin's order for hands and melds."""
    return RANK[code], SUIT_ORDER[SUIT[code]]


#: The 52 cards in Gin's order (A S, A H, A D, A C, 2 S, ... K C).
DECK: tuple[str, ...] = tuple(sorted(ONE_DECK, key=sort_key))


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in RANK


def sorted_cards(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=sort_key))


def points(cards) -> int:
    """Total deadwood value of these cards."""
    return sum(VALUE[c] for c in cards)
