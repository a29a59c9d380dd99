"""Conquian's cards: the 40-card pack (no 8, 9 or 10) and its one sequence
order, A-2-3-4-5-6-7-J-Q-K, in which 7 and J are neighbours, the ace is low
only and nothing wraps (docs/rules/conquian.md).

A card is its code, as in every variant; `STEP[card]` is its place in the
order (A 1 ... 7 7, J 8, Q 9, K 10), and `BIT[card]` its bit in a set of
cards held as an int (suit-major: a suit's cards are ten bits in order), so
the exact search (search.py) works on ints.
"""

from ..kernel.cards import ACE, CODE, RANK, SUIT, SUITS, full_pack

ORDER = 10  # ranks in the pack
#: the kernel's ranks of the pack, in sequence order: A 2 ... 7 J Q K
RANKS = (ACE, 2, 3, 4, 5, 6, 7, 11, 12, 13)
STEP: dict[str, int] = {}
BIT: dict[str, int] = {}
for _s, _suit in enumerate(SUITS):
    for _i, _rank in enumerate(RANKS):
        _code = CODE[(_rank, _suit)]
        STEP[_code] = _i + 1
        BIT[_code] = 1 << (_s * ORDER + _i)
#: the card at each bit position
AT: dict[int, str] = {bit.bit_length() - 1: card for card, bit in BIT.items()}
#: the pack in canonical order (the kernel's deck order, without 8s, 9s and 10s): every deal shuffles it
PACK: tuple[str, ...] = tuple(card for card in full_pack(1) if card in STEP)


def in_pack(card) -> bool:
    return isinstance(card, str) and card in STEP


def mask_of(cards) -> int:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def cards_in(mask: int) -> tuple[str, ...]:
    """The cards of a mask, in bit order (suit by suit, each in sequence order)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(AT[low.bit_length() - 1])
        mask ^= low
    return tuple(found)


def in_order(cards) -> tuple[str, ...]:
    """Cards sorted for showing a meld: by place in the sequence, then suit."""
    return tuple(sorted(cards, key=lambda c: (STEP[c], SUITS.index(SUIT[c]))))


__all__ = ["ORDER", "RANKS", "STEP", "BIT", "AT", "PACK", "RANK", "SUIT", "in_pack", "mask_of", "cards_in",
           "in_order"]
