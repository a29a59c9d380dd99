"""The canonical plays of a hand on a table, shared by the legal-action listing
(actions.py), the greedy bot and the rule that a swapped joker must be played
(decide.py):

  * melds: every set of 3 or 4 naturals of a rank in distinct suits; every
    run of naturals; melds with jokers where the jokers are no more than the
    naturals (a set's missing suits in S H D C order, a run's gaps and ends);
  * single-card lay-offs on any meld: a natural that fits, or a joker standing
    for a set's first missing suit or for the card at either end of a run;
  * swaps: each joker on the table whose stand-in the hand holds.
"""

from functools import lru_cache
from itertools import combinations

from ..kernel.cards import ACE, CODE, RANK, SUIT, SUITS
from .melds import LONGEST_RUN, LOW_ACE, RUN, extend, takes
from .rules import JOKER


def rank_at(position: int) -> int:
    return ACE if position == LOW_ACE else position


def melds(hand, ace_low: bool) -> tuple[tuple[tuple, tuple], ...]:
    """Canonical (cards, wild) melds of the hand (whatever its order)."""
    return _melds(tuple(sorted(hand)), ace_low)


# The same hands recur: greedy asks of the hand it lists, the expert's rounds replay the seat's own turns
# (measured: 63% of the listings an expert decision asks for were asked before in it). Some MB at most.
@lru_cache(maxsize=20_000)
def _melds(hand: tuple, ace_low: bool) -> tuple[tuple[tuple, tuple], ...]:
    jokers = sum(1 for c in hand if c == JOKER)
    naturals = set(c for c in hand if c != JOKER)
    found = []
    for rank in sorted({RANK[c] for c in naturals}):
        present = [CODE[(rank, s)] for s in SUITS if CODE[(rank, s)] in naturals]
        for size in range(1, len(present) + 1):
            for chosen in combinations(present, size):
                missing = [s for s in SUITS if CODE[(rank, s)] not in chosen]
                for k in range(0, min(jokers, size, len(missing)) + 1):
                    if 3 <= size + k <= 4:
                        found.append((chosen + (JOKER,) * k, tuple(CODE[(rank, s)] for s in missing[:k])))
    lowest = LOW_ACE if ace_low else 2
    positions = {suit: set() for suit in SUITS}  # each suit's positions held (an ace at both ends if low)
    for card in naturals:
        positions[SUIT[card]].add(RANK[card])
        if ace_low and RANK[card] == ACE:
            positions[SUIT[card]].add(LOW_ACE)
    for suit in SUITS:
        held = positions[suit]
        if not held:
            continue
        below = [0] * (ACE + 2)  # below[q]: positions under q held, so a window's naturals cost a subtraction
        for q in range(1, ACE + 1):
            below[q + 1] = below[q] + (q in held)
        for lo in range(lowest, ACE - 1):
            for hi in range(lo + 2, min(ACE, lo + LONGEST_RUN - 1) + 1):
                nat = below[hi + 1] - below[lo]
                gaps = hi - lo + 1 - nat
                if gaps > jokers:
                    break  # a wider window from lo has as many gaps or more
                if not nat or gaps > nat or (lo == LOW_ACE and hi == ACE):
                    continue
                window = range(lo, hi + 1)
                cards, wild = [], []
                for q in window:
                    code = CODE[(rank_at(q), suit)]
                    if q in held:
                        cards.append(code)
                    else:
                        cards.append(JOKER)
                        wild.append(code)
                found.append((tuple(cards), tuple(wild)))
    return tuple(found)


def layoffs(hand, table, ace_low: bool) -> list[tuple[str, tuple, tuple]]:
    """Canonical single-card (meld id, cards, wild) lay-offs on the table's melds."""
    found = []
    naturals = tuple(dict.fromkeys(c for c in hand if c != JOKER))
    for meld in table:
        # a natural can extend a set of its rank or a run of its suit only (the first test of `takes`):
        # the rest are not asked, since this listing is most of a rollout's time
        if meld.kind == RUN:
            near = [c for c in naturals if SUIT[c] == meld.suit]
        else:
            near = [c for c in naturals if RANK[c] == meld.positions[0]]
        for card in near:
            if takes(meld, card, ace_low):
                found.append((meld.id, (card,), ()))
        if JOKER in hand:
            for stand_in in joker_stand_ins(meld, ace_low):
                found.append((meld.id, (JOKER,), (stand_in,)))
    return found


def joker_stand_ins(meld, ace_low: bool) -> list[str]:
    """What a joker laid off on `meld` may canonically stand for."""
    if meld.kind != RUN:
        suits = {SUIT[r] for r in meld.roles}
        free = [s for s in SUITS if s not in suits]
        return [CODE[(meld.positions[0], free[0])]] if free and len(meld.cards) < 4 else []
    if len(meld.cards) >= LONGEST_RUN:
        return []
    ends = []
    if meld.hi < ACE:
        ends.append(CODE[(rank_at(meld.hi + 1), meld.suit)])
    if meld.lo > (LOW_ACE if ace_low else 2) and not (meld.lo == 2 and meld.hi == ACE):
        ends.append(CODE[(rank_at(meld.lo - 1), meld.suit)])
    return [c for c in dict.fromkeys(ends) if extend(meld, (JOKER,), (c,), ace_low) is not None]


def swaps(hand, table) -> list[tuple[str, str]]:
    """Every (meld id, card) swap: a joker on the table whose stand-in the hand holds."""
    found = []
    for meld in table:
        for card, role in zip(meld.cards, meld.roles):
            if card == JOKER and role in hand and (meld.id, role) not in found:
                found.append((meld.id, role))
    return found


def joker_playable(hand, table, ace_low: bool) -> bool:
    """Whether a joker of the hand can be melded or laid off now (as listed)."""
    if JOKER not in hand:
        return False
    return (any(JOKER in cards for cards, _ in melds(hand, ace_low))
            or any(cards == (JOKER,) for _, cards, _ in layoffs(hand, table, ace_low)))
