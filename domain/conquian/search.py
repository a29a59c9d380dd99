"""The exact search behind Conquian's `take`: which cards of the hand can join
the player's old melds and the exposed card so that all of them split into
valid melds (a set of 3-4 of a rank, a run of 3-8 of a suit: melds.py), and
one canonical split for each.

Cards are bits of an int (cards.py, suit-major). A split is found by always
placing the lowest card left: any run holding it starts at it (its suit's
lower cards are placed already) and any set holding it takes it with other
cards of its rank that are left, so every split is met exactly once, and a
card no meld can hold ends the branch at once. Between turns a seat's hand and
melds hold 10 cards, so a take searches at most 11: small enough to walk
every split, and the listing offers the first split met for each usable
subset of the hand.
"""

from functools import lru_cache
from itertools import combinations

from .cards import BIT, ORDER, cards_in, in_order, mask_of
from .melds import LONGEST_RUN

_BITS = 4 * ORDER
#: the other suits' cards of the same rank, per bit
_SAME = tuple(tuple(1 << (s * ORDER + b % ORDER) for s in range(4) if s != b // ORDER) for b in range(_BITS))


def _runs_from(b: int) -> tuple[int, ...]:
    """The runs that start at bit b, shortest first (3 to 8 cards, within its suit)."""
    place, found = b % ORDER, []
    for length in range(3, LONGEST_RUN + 1):
        if place + length > ORDER:
            break
        found.append(((1 << length) - 1) << b)
    return tuple(found)


_RUNS = tuple(_runs_from(b) for b in range(_BITS))


#: per bit, the cards a meld holding it as its lowest card may hold: its rank's, and its suit's run above it
_NEAR = tuple(sum(_SAME[b]) | (_RUNS[b][-1] if _RUNS[b] else 0) | (1 << b) for b in range(_BITS))


def melds_of_lowest(cards: int) -> tuple[int, ...]:
    """Every meld within `cards` that holds its lowest card."""
    b = (cards & -cards).bit_length() - 1
    return _melds_at(b, cards & _NEAR[b])


@lru_cache(maxsize=None)
def _melds_at(b: int, cards: int) -> tuple[int, ...]:
    """The melds within `cards` (those near bit b) whose lowest card is bit b."""
    low, found = 1 << b, []
    partners = [bit for bit in _SAME[b] if cards & bit]
    for size in (2, 3):
        for chosen in combinations(partners, size):
            found.append(low | sum(chosen))
    for run in _RUNS[b]:
        if run & cards != run:
            break  # a longer run needs this one's cards too
        found.append(run)
    return tuple(found)


@lru_cache(maxsize=1 << 17)
def split_mask(cards: int) -> tuple[int, ...] | None:
    """One split of `cards` into valid melds (each a mask), or None if there is none."""
    if not cards:
        return ()
    for meld in melds_of_lowest(cards):
        rest = split_mask(cards ^ meld)
        if rest is not None:
            return (meld,) + rest
    return None


def split(cards) -> tuple[tuple[str, ...], ...] | None:
    """One split of these cards (distinct cards of the pack) into valid melds, or None."""
    found = split_mask(mask_of(cards))
    return None if found is None else tuple(in_order(cards_in(m)) for m in found)


def coverable(cards: int) -> int:
    """The cards of `cards` that lie in some meld within them."""
    covered, left = 0, cards
    while left:
        for meld in melds_of_lowest(left):
            covered |= meld
        left &= left - 1  # the next card is the lowest next time
    return covered


def takes(old_melds, card: str, hand) -> list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]]:
    """Every take of `card`: (the hand cards it melds, the seat's whole new
    melds), one canonical split per usable subset of the hand, the subsets
    in the order the walk meets them."""
    required = mask_of(c for meld in old_melds for c in meld) | BIT[card]
    meldable = coverable(required | mask_of(hand))
    if required & ~meldable:
        return []  # a card that must be melded is in no meld at all
    optional = mask_of(hand) & meldable  # a hand card in no meld stays in hand whatever the split
    found: dict[int, tuple[int, ...]] = {}

    def walk(left: int, used: int, parts: tuple[int, ...]) -> None:
        if not left & required:  # what is left is hand cards, which may stay in hand
            found.setdefault(used, parts)
            if not left:
                return
        low = left & -left
        if low & optional:
            walk(left ^ low, used, parts)  # it stays in hand
        for meld in melds_of_lowest(left):
            walk(left ^ meld, used | (meld & optional), parts + (meld,))

    walk(required | optional, 0, ())
    return [(cards_in(used), tuple(in_order(cards_in(m)) for m in parts)) for used, parts in found.items()]
