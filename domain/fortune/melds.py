"""Fortune's melds with wild deuces: what a meld is, what its cards score, and
what the cards left in a hand cost.

A card on the table has a role: a natural card plays itself, a deuce plays the
card stated for it (its stand-in). A meld is judged on the roles:
  * a set: 3 or 4 roles of one rank (never more);
  * a run: 3+ roles of one suit on consecutive positions, each position once;
    positions are 2..13 for 2..K and 1 (low) or 14 (high) for an ace, never
    around the corner (K-A-2); a 14-card run A..A uses an ace at both ends;
and it must hold at least one natural card that is not a deuce.

Points when melded (by role): positions 8..14 (K-8 and the high ace) score 10,
positions 1..7 (the low ace, 7 down to 2) score 5, an ace in a set of aces 10;
the natural queen of spades scores 50 (a deuce standing for it scores 10).
Penalty for a card left in hand: K-8, aces and deuces 10; 7-3 5; the queen of
spades 50.
"""

from itertools import product
from typing import NamedTuple

from ..kernel.cards import ACE, RANK, SUIT, SUIT_ORDER, is_card
from ..kernel.wild import roles_of as wild_roles

SET, RUN = "set", "run"
QS = "QS"
LOW_ACE = 1


def is_deuce(card: str) -> bool:
    return RANK[card] == 2


def value(position: int) -> int:
    """A role's points at this position (a set's rank counts as its position)."""
    return 10 if position >= 8 else 5


def card_points(card: str, position: int) -> int:
    return 50 if card == QS else value(position)


def penalty(card: str) -> int:
    if card == QS:
        return 50
    rank = RANK[card]
    return 5 if 3 <= rank <= 7 else 10


class Shape(NamedTuple):
    kind: str
    suit: str | None  # a run's suit
    lo: int  # a run's lowest position; a set's rank
    hi: int  # a run's highest position; a set's rank
    cards: tuple[str, ...]  # table order: runs by position, sets naturals first
    roles: tuple[str, ...]  # what each card plays (a natural plays itself)
    positions: tuple[int, ...]
    points: int

    @property
    def wild(self) -> tuple[str, ...]:
        return wild_of(self.cards, self.roles)


def wild_of(cards, roles) -> tuple[str, ...]:
    return tuple(r for c, r in zip(cards, roles) if is_deuce(c))


def _wild(card: str) -> bool:
    return is_card(card) and RANK[card] == 2


def roles_of(cards, wild) -> tuple[str, ...] | None:
    """Each card's role, given the stand-ins of the deuces in order; None if
    `wild` does not name exactly one card per deuce."""
    return wild_roles(cards, wild, _wild)


def _has_natural(cards) -> bool:
    return any(not is_deuce(c) for c in cards)


def _sorted(cards, roles, positions, kind):
    if kind == RUN:
        key = [(positions[i], is_deuce(cards[i]), i) for i in range(len(cards))]
    else:
        key = [(is_deuce(cards[i]), SUIT_ORDER[SUIT[cards[i]]], SUIT_ORDER[SUIT[roles[i]]], i)
               for i in range(len(cards))]
    order = [k[-1] for k in sorted(key)]
    return (tuple(cards[i] for i in order), tuple(roles[i] for i in order), tuple(positions[i] for i in order))


def run_positions(roles, fixed: set[int] = frozenset()) -> tuple[int, ...] | None:
    """Positions for these roles of one suit that, with the positions `fixed`
    (an existing run's), make one unbroken sequence; None if there are none."""
    base = [RANK[r] for r in roles]
    aces = [i for i, r in enumerate(base) if r == ACE]
    if len(aces) > 2:
        return None
    for choice in product((LOW_ACE, ACE), repeat=len(aces)):
        positions = list(base)
        for i, p in zip(aces, choice):
            positions[i] = p
        every = positions + list(fixed)
        if len(set(every)) != len(every):
            continue
        if max(every) - min(every) == len(every) - 1:
            return tuple(positions)
    return None


def analyse(cards, wild) -> Shape | None:
    """The meld these cards make with these stand-ins, or None."""
    cards = tuple(cards)
    roles = roles_of(cards, wild)
    if roles is None or not 3 <= len(cards) or not _has_natural(cards):
        return None
    ranks = {RANK[r] for r in roles}
    if len(ranks) == 1:
        if len(cards) > 4:
            return None
        rank = ranks.pop()
        positions = (rank,) * len(cards)
        cards, roles, positions = _sorted(cards, roles, positions, SET)
        return Shape(SET, None, rank, rank, cards, roles, positions, _points(cards, positions))
    suits = {SUIT[r] for r in roles}
    if len(suits) != 1:
        return None
    positions = run_positions(roles)
    if positions is None:
        return None
    cards, roles, positions = _sorted(cards, roles, positions, RUN)
    return Shape(RUN, suits.pop(), positions[0], positions[-1], cards, roles, positions,
                 _points(cards, positions))


def _points(cards, positions) -> int:
    return sum(card_points(c, p) for c, p in zip(cards, positions))


class Extension(NamedTuple):
    shape: Shape  # the meld after the lay-off
    cards: tuple[str, ...]  # the laid-off cards in table order
    roles: tuple[str, ...]
    points: int  # what the laid-off cards score

    @property
    def wild(self) -> tuple[str, ...]:
        return wild_of(self.cards, self.roles)


def extend(meld: Shape, cards, wild) -> Extension | None:
    """`meld` with these cards laid off (stand-ins `wild`), or None if it would not
    stay a meld. The meld's own cards keep their roles and positions."""
    cards = tuple(cards)
    roles = roles_of(cards, wild)
    if roles is None or not cards:
        return None
    if meld.kind == SET:
        if len(meld.cards) + len(cards) > 4 or any(RANK[r] != meld.lo for r in roles):
            return None
        positions = (meld.lo,) * len(cards)
    else:
        if any(SUIT[r] != meld.suit for r in roles):
            return None
        positions = run_positions(roles, set(meld.positions))
        if positions is None:
            return None
    cards, roles, positions = _sorted(cards, roles, positions, meld.kind)
    points = _points(cards, positions)
    every = _sorted(meld.cards + cards, meld.roles + roles, meld.positions + positions, meld.kind)
    shape = meld._replace(cards=every[0], roles=every[1], positions=every[2], lo=min(every[2]),
                          hi=max(every[2]), points=meld.points + points)
    return Extension(shape, cards, roles, points)


def hand_penalty(cards) -> int:
    return sum(penalty(c) for c in cards)


def may_discard_queen(held) -> bool:
    """The queen of spades goes to the pile only as the last card (going out), or
    when nothing but queens of spades is left (two decks: the safety rule)."""
    return all(c == QS for c in held)
