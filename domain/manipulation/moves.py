"""The simple plays a seat may have, listed cheaply: a new meld from its hand
alone (the table untouched), and one card laid off on one meld (nothing else
changed). Each is yielded as the meld it makes; the listing (actions.py) and
the quick "can play" check (play.py) read them."""

from ..kernel.cards import CODE, RANK, SUIT, SUITS
from .melds import RUN, canonical_meld, kind_of


def hand_melds(hand):
    """Every distinct meld made of the hand's cards: sets of 3 or 4 distinct
    suits of a rank, and runs of 3 or more of a suit in sequence."""
    held = set(hand)
    for rank in range(2, 15):
        suits = [s for s in SUITS if CODE[(rank, s)] in held]
        if len(suits) >= 3:
            for left_out in ([None] + suits if len(suits) == 4 else [None]):
                meld = tuple(CODE[(rank, s)] for s in suits if s != left_out)
                yield meld
    for suit in SUITS:
        rank = 2
        while rank <= 14:
            if CODE[(rank, suit)] not in held:
                rank += 1
                continue
            top = rank
            while top + 1 <= 14 and CODE[(top + 1, suit)] in held:
                top += 1
            for lo in range(rank, top - 1):
                for hi in range(lo + 2, top + 1):
                    yield tuple(CODE[(r, suit)] for r in range(lo, hi + 1))
            rank = top + 1


def layoffs(table, hand):
    """(index of the table's meld, card, the meld it becomes) for each distinct
    hand card that extends one meld and leaves it a meld."""
    held = set(hand)
    for index, meld in enumerate(table):
        if kind_of(meld) == RUN:
            suit, lo, hi = SUIT[meld[0]], RANK[meld[0]], RANK[meld[-1]]
            for rank in (lo - 1, hi + 1):
                card = CODE.get((rank, suit))
                if card in held:
                    yield index, card, canonical_meld(meld + (card,))
        elif len(meld) < 4:
            rank, suits = RANK[meld[0]], {SUIT[c] for c in meld}
            for suit in SUITS:
                card = CODE[(rank, suit)]
                if suit not in suits and card in held:
                    yield index, card, canonical_meld(meld + (card,))
