"""Random Manipulation positions for the solver's tests and benchmark: a valid
table of about `size` cards (random sets and runs taken from two decks) and a
hand drawn from the cards left."""

import random
from collections import Counter

SUITS = ("S", "H", "D", "C")
NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K",
         14: "A"}


def code(rank: int, suit: str) -> str:
    return NAMES[rank] + suit


def position(rng: random.Random, table_size: int, hand_size: int, ranks=range(2, 15), suits=SUITS):
    """(table as a tuple of melds, hand) from the cards of `ranks` and `suits`, two copies each."""
    left = Counter({code(r, s): 2 for r in ranks for s in suits})
    lo_rank, hi_rank = min(ranks), max(ranks)
    melds, size = [], 0
    for _ in range(400):
        if size >= table_size:
            break
        if rng.random() < 0.5:
            rank = rng.randint(lo_rank, hi_rank)
            held = [s for s in suits if left[code(rank, s)]]
            if len(held) < 3:
                continue
            meld = [code(rank, s) for s in rng.sample(held, rng.choice([3, 4]) if len(held) == 4 else 3)]
        else:
            if hi_rank - lo_rank < 2:
                continue
            suit = rng.choice(suits)
            lo = rng.randint(lo_rank, hi_rank - 2)
            length = rng.randint(3, min(6, hi_rank - lo + 1))
            meld = [code(r, suit) for r in range(lo, lo + length)]
            if any(not left[c] for c in meld):
                continue
        if size + len(meld) > table_size:
            continue
        left.subtract(meld)
        melds.append(tuple(meld))
        size += len(meld)
    rest = list(left.elements())
    rng.shuffle(rest)
    return tuple(melds), tuple(rest[:hand_size])
