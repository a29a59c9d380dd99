"""Manipulation Rummy's melds, its canonical table and its penalties
(docs/rules/manipulation.md).

A set is 3 or 4 cards of one rank in distinct suits; a run is 3 or more cards
of one suit in sequence from 2 up to the ace (high only: Q-K-A is a run,
A-2-3 is not, nothing wraps). A table is a tuple of melds in canonical form:
each meld sorted (a run by rank, a set in the suit order S H D C), the melds
sorted by their lowest rank (the ace as 14), their first card's suit, their
length, then their cards, so equal partitions compare equal and melds need no
ids.
"""

from collections import Counter

from ..kernel.cards import ACE, RANK, SUIT, SUIT_ORDER

SET, RUN = "set", "run"
TEN = 10


def penalty(card: str) -> int:
    """What a card left in hand costs: an ace 15, a ten or a face card 10, a 2-9 5."""
    rank = RANK[card]
    return 15 if rank == ACE else 10 if rank >= TEN else 5


def hand_penalty(cards) -> int:
    return sum(penalty(card) for card in cards)


def kind_of(cards) -> str | None:
    """"set", "run" or None (not a meld)."""
    if len(cards) < 3:
        return None
    ranks = [RANK[c] for c in cards]
    suits = [SUIT[c] for c in cards]
    if len(cards) <= 4 and len(set(ranks)) == 1 and len(set(suits)) == len(cards):
        return SET
    if len(set(suits)) == 1 and len(set(ranks)) == len(cards) and max(ranks) - min(ranks) == len(cards) - 1:
        return RUN
    return None


def meld_key(card: str) -> tuple[int, int]:
    return RANK[card], SUIT_ORDER[SUIT[card]]


def canonical_meld(cards) -> tuple[str, ...]:
    """A meld's cards in table order: by rank, then suit S H D C (one key serves runs and sets)."""
    return tuple(sorted(cards, key=meld_key))


def table_order(meld: tuple[str, ...]) -> tuple:
    """Where a canonical meld goes on the table: lowest rank, first suit, length, then its cards."""
    first = meld[0]
    return RANK[first], SUIT_ORDER[SUIT[first]], len(meld), tuple(meld_key(c) for c in meld)


def canonical_table(groups) -> tuple[tuple[str, ...], ...]:
    """The groups kept as groups, each sorted, in table order."""
    return tuple(sorted((canonical_meld(g) for g in groups), key=table_order))


def cards_on(table) -> Counter:
    """Every card of a table, counted (two decks: a code may be there twice)."""
    counts = Counter()
    for meld in table:
        counts.update(meld)
    return counts
