"""Kalooki's melds with jokers: what a meld is, what its cards are worth, and
what the cards left in a hand cost.

A card on the table plays a role: a natural card plays itself, a joker the
card stated for it (its stand-in, `wild`). A meld is judged on the roles:
  * a set: 3 or 4 roles of one rank, no two of one suit;
  * a run: 3 to 13 roles of one suit on consecutive positions, 2..13 for 2..K
    and 14 for the ace; with `ace_low` an ace may be 1 instead (A-2-3), never
    both ends, never around the corner (K-A-2);
and it holds at least one natural card (no meld of jokers alone).

Value on the table (the opening's measure): a role's position, J Q K 10, the
high ace 11, the low ace 1; a joker is worth its stand-in there. Penalty for
a card left in hand: joker 25, ace 11, K Q J 10, 2-10 face value.
"""

from typing import NamedTuple

from ..kernel.cards import ACE, RANK, SUIT, SUIT_ORDER, is_card
from ..kernel.wild import roles_of as wild_roles
from .rules import JOKER

SET, RUN = "set", "run"
LOW_ACE = 1
LONGEST_RUN = 13


def is_joker(card) -> bool:
    return card == JOKER


def is_kalooki_card(card) -> bool:
    return card == JOKER or is_card(card)


def position_value(position: int) -> int:
    """What a role at this run position (or of this set rank) is worth on the table."""
    if position == ACE:
        return 11
    if position == LOW_ACE:
        return 1
    return min(position, 10)


def penalty(card: str) -> int:
    """What a card left in hand costs."""
    if card == JOKER:
        return 25
    return position_value(RANK[card])


def hand_penalty(cards) -> int:
    return sum(penalty(c) for c in cards)


class TableMeld(NamedTuple):
    """A meld on the table: its id, the seat that laid it, and its shape."""
    id: str
    owner: int
    kind: str
    suit: str  # a run's suit ("" for a set)
    cards: tuple[str, ...]  # table order: runs by position, sets naturals first
    roles: tuple[str, ...]  # what each card plays (a natural plays itself)
    positions: tuple[int, ...]

    @property
    def wild(self) -> tuple[str, ...]:
        return wild_of(self.cards, self.roles)

    @property
    def value(self) -> int:
        return sum(position_value(p) for p in self.positions)

    @property
    def lo(self) -> int:
        return min(self.positions)

    @property
    def hi(self) -> int:
        return max(self.positions)


def wild_of(cards, roles) -> tuple[str, ...]:
    return tuple(r for c, r in zip(cards, roles) if c == JOKER)


def roles_of(cards, wild) -> tuple[str, ...] | None:
    """Each card's role, given the stand-ins of the jokers in order; None if
    `wild` does not name exactly one natural card per joker."""
    return wild_roles(cards, wild, lambda card: card == JOKER)


def run_positions(roles, ace_low: bool, fixed=frozenset()) -> tuple[int, ...] | None:
    """Positions for these roles of one suit that, with the positions `fixed`
    (an existing run's), make one unbroken run of at most 13; None if none do."""
    base = [RANK[r] for r in roles]
    aces = [i for i, r in enumerate(base) if r == ACE]
    if len(aces) > 1:
        return None  # two aces would be both ends: 14 positions
    choices = [ACE, LOW_ACE] if ace_low and aces else [ACE]
    for choice in choices:
        positions = list(base)
        for i in aces:
            positions[i] = choice
        every = positions + list(fixed)
        if len(set(every)) != len(every) or len(every) > LONGEST_RUN:
            continue
        if max(every) - min(every) == len(every) - 1:
            return tuple(positions)
    return None


def _ordered(kind, cards, roles, positions):
    if kind == RUN:
        key = sorted(range(len(cards)), key=lambda i: (positions[i], cards[i] == JOKER))
    else:
        key = sorted(range(len(cards)), key=lambda i: (cards[i] == JOKER, SUIT_ORDER[SUIT[roles[i]]]))
    return tuple(cards[i] for i in key), tuple(roles[i] for i in key), tuple(positions[i] for i in key)


def analyse(cards, wild, ace_low: bool, meld_id: str = "", owner: int = -1) -> TableMeld | None:
    """The meld these cards make with these stand-ins, or None."""
    cards = tuple(cards)
    roles = roles_of(cards, wild)
    if roles is None or not 3 <= len(cards) or all(c == JOKER for c in cards):
        return None
    ranks = {RANK[r] for r in roles}
    if len(ranks) == 1:
        suits = [SUIT[r] for r in roles]
        if len(cards) > 4 or len(set(suits)) != len(suits):
            return None
        rank = ranks.pop()
        cards, roles, positions = _ordered(SET, cards, roles, (rank,) * len(cards))
        return TableMeld(meld_id, owner, SET, "", cards, roles, positions)
    suits = {SUIT[r] for r in roles}
    if len(suits) != 1:
        return None
    positions = run_positions(roles, ace_low)
    if positions is None:
        return None
    cards, roles, positions = _ordered(RUN, cards, roles, positions)
    return TableMeld(meld_id, owner, RUN, suits.pop(), cards, roles, positions)


class Extension(NamedTuple):
    meld: TableMeld  # the meld after the lay-off
    cards: tuple[str, ...]  # the laid-off cards in table order
    roles: tuple[str, ...]
    value: int  # what the laid-off cards are worth

    @property
    def wild(self) -> tuple[str, ...]:
        return wild_of(self.cards, self.roles)


def extend(meld: TableMeld, cards, wild, ace_low: bool) -> Extension | None:
    """`meld` with these cards laid off (stand-ins `wild`), or None if it would
    not stay a meld. The meld's own cards keep their roles and positions."""
    cards = tuple(cards)
    roles = roles_of(cards, wild)
    if roles is None or not cards:
        return None
    if meld.kind == SET:
        rank = meld.positions[0]
        suits = [SUIT[r] for r in meld.roles + roles]
        if len(suits) > 4 or len(set(suits)) != len(suits) or any(RANK[r] != rank for r in roles):
            return None
        positions = (rank,) * len(cards)
    else:
        if any(SUIT[r] != meld.suit for r in roles):
            return None
        positions = run_positions(roles, ace_low, set(meld.positions))
        if positions is None:
            return None
    cards, roles, positions = _ordered(meld.kind, cards, roles, positions)
    every = _ordered(meld.kind, meld.cards + cards, meld.roles + roles, meld.positions + positions)
    grown = meld._replace(cards=every[0], roles=every[1], positions=every[2])
    return Extension(grown, cards, roles, sum(position_value(p) for p in positions))


def takes(meld: TableMeld, card: str, ace_low: bool) -> bool:
    """Whether the natural `card`, laid off alone, keeps `meld` a meld: `extend`'s
    answer without building the meld (the lay-off listing asks it of every card
    near every meld, most of a rollout's listing time). A set takes a card of its
    rank in a suit it lacks, up to four; a run, unbroken on the table, a card of
    its suit just past either end, up to thirteen."""
    if meld.kind == SET:
        return (RANK[card] == meld.positions[0] and len(meld.roles) < 4
                and all(SUIT[role] != SUIT[card] for role in meld.roles))
    if SUIT[card] != meld.suit or len(meld.positions) >= LONGEST_RUN:
        return False
    lo, hi = meld.lo, meld.hi
    rank = RANK[card]
    return rank in (lo - 1, hi + 1) or (rank == ACE and ace_low and lo == 2)


def swapped(meld: TableMeld, card: str) -> TableMeld | None:
    """`meld` with the natural `card` in the place of a joker standing for it, or None."""
    for i, (c, role) in enumerate(zip(meld.cards, meld.roles)):
        if c == JOKER and role == card:
            return meld._replace(cards=meld.cards[:i] + (card,) + meld.cards[i + 1:])
    return None
