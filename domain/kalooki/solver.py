"""The exact opening solver: from a hand of up to 16 cards (up to 4 jokers),
the melds worth most together, then holding the most cards. It also finds the
best opening that must use one given card (the top discard, taken into the
opening).

A depth-first search over the hand's natural cards, memoized on what is left:
the first natural card left is either kept in hand or laid in one of the
melds that hold it, each such meld listed with every choice of its jokers
(a joker may stand in a gap, or for a card held but wanted elsewhere: the
search is exact, not greedy about naturals). Melds of jokers alone are never
made, so jokers only join a meld of naturals.
"""

from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from ..kernel.cards import ACE, CODE, RANK, SUIT, SUIT_ORDER, SUITS
from .melds import LONGEST_RUN, LOW_ACE, position_value
from .rules import JOKER


class Opening(NamedTuple):
    value: int
    cards: int
    melds: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]  # (cards, wild) of each meld

    def better(self, other: "Opening") -> bool:
        return (self.value, self.cards) > (other.value, other.cards)


NONE = Opening(0, 0, ())


def _key(card: str) -> tuple[int, int]:
    return SUIT_ORDER[SUIT[card]], RANK[card]


def _rank_at(position: int) -> int:
    return ACE if position == LOW_ACE else position


def _positions(card: str, ace_low: bool) -> tuple[int, ...]:
    rank = RANK[card]
    return (ACE, LOW_ACE) if rank == ACE and ace_low else (rank,)


def _remove(cards: tuple, used) -> tuple:
    rest = list(cards)
    for card in used:
        rest.remove(card)
    return tuple(rest)


def melds_holding(card: str, rest: tuple, jokers: int, ace_low: bool):
    """Every meld (cards, wild, value, naturals from `rest`, jokers used) that
    holds `card` with other naturals of `rest` and at most `jokers` jokers."""
    rank, suit = RANK[card], SUIT[card]
    held = set(rest)
    # sets: other suits of the rank, then jokers for suits nobody holds in it
    others = [CODE[(rank, t)] for t in SUITS if t != suit and CODE[(rank, t)] in held]
    for size in range(0, len(others) + 1):
        for chosen in combinations(others, size):
            naturals = (card,) + chosen
            missing = [t for t in SUITS if all(SUIT[c] != t for c in naturals)]
            for k in range(0, min(jokers, len(missing)) + 1):
                if 3 <= len(naturals) + k <= 4:
                    wild = tuple(CODE[(rank, t)] for t in missing[:k])
                    yield (naturals + (JOKER,) * k, wild, position_value(rank) * (len(naturals) + k), chosen, k)
    # runs: windows through the card's position with at most `jokers` gaps
    lowest = LOW_ACE if ace_low else 2
    for p in _positions(card, ace_low):
        def natural(q, p=p):
            code = CODE[(_rank_at(q), suit)]
            return code if code in held and q != p else None
        for lo in range(p, max(lowest, p - LONGEST_RUN + 1) - 1, -1):
            below = sum(1 for q in range(lo, p) if natural(q) is None)
            if below > jokers:
                break
            if lo == LOW_ACE and p == ACE:
                break
            gaps = below
            for hi in range(p, min(ACE, lo + LONGEST_RUN - 1) + 1):
                if hi > p and natural(hi) is None:
                    gaps += 1
                if gaps > jokers:
                    break
                if hi - lo + 1 < 3 or (lo == LOW_ACE and hi == ACE):
                    continue
                yield from _fillings(card, p, suit, lo, hi, natural, jokers)


def _fillings(card, p, suit, lo, hi, natural, jokers):
    """Each way to fill the window [lo, hi] of a run through `card` at `p`:
    naturals where held, or jokers (in every gap, and where held if wanted)."""
    window = [q for q in range(lo, hi + 1) if q != p]
    forced = [q for q in window if natural(q) is None]
    optional = [q for q in window if natural(q) is not None]
    spare = jokers - len(forced)
    for extra in range(0, min(spare, len(optional)) + 1):
        for chosen in combinations(optional, extra):
            wilds = set(forced) | set(chosen)
            cards, wild, naturals, value = [], [], [], 0
            for q in range(lo, hi + 1):
                value += position_value(q)
                if q == p:
                    cards.append(card)
                elif q in wilds:
                    cards.append(JOKER)
                    wild.append(CODE[(_rank_at(q), suit)])
                else:
                    code = natural(q)
                    cards.append(code)
                    naturals.append(code)
            yield tuple(cards), tuple(wild), value, tuple(naturals), len(wilds)


def best_opening(hand, ace_low: bool = False, must: str | None = None) -> Opening:
    """The melds of `hand` worth most, then holding most cards. With `must`, a
    card of `hand`, only openings that meld it (NONE if none does)."""
    return _best(tuple(sorted(hand)), ace_low, must)


# The best opening of what is left (naturals in search order, jokers, ace low?), remembered across hands:
# the hands of one game differ by a card or two, so most of what is left recurs (the expert's rollouts
# ask for thousands of them). Emptied when it holds REMEMBERED answers (some MB).
REMEMBERED = 50_000
_solved: dict = {}


@lru_cache(maxsize=4096)  # the listing and the greedy bot ask again for the same hand within a turn
def _best(hand: tuple, ace_low: bool, must: str | None) -> Opening:
    jokers = sum(1 for c in hand if c == JOKER)
    naturals = tuple(sorted((c for c in hand if c != JOKER), key=_key))
    if len(_solved) >= REMEMBERED:
        _solved.clear()
    memo = _solved

    def solve(rest: tuple, j: int) -> Opening:
        key = (rest, j, ace_low)
        found = memo.get(key)
        if found is not None:
            return found
        if not rest:
            memo[key] = NONE
            return NONE
        first, others = rest[0], rest[1:]
        best = solve(others, j)
        best = _through(first, others, j, best)
        memo[key] = best
        return best

    def _through(first, others, j, best):
        for cards, wild, value, used, k in melds_holding(first, others, j, ace_low):
            after = solve(_remove(others, used), j - k)
            candidate = Opening(after.value + value, after.cards + len(cards), ((cards, wild),) + after.melds)
            if candidate.better(best):
                best = candidate
        return best

    if must is None:
        return solve(naturals, jokers)
    if must == JOKER:  # jokers are alike: the best opening that melds at least one
        return _with_a_joker(naturals, jokers, ace_low, solve) if jokers else NONE
    if must not in naturals:
        return NONE
    return _through(must, _remove(naturals, (must,)), jokers, NONE)


def _with_a_joker(naturals: tuple, jokers: int, ace_low: bool, solve) -> Opening:
    """The best opening of these cards with at least one joker melded: a meld
    with a joker holds a natural card too, so each natural is tried in one."""
    best = NONE
    for card in dict.fromkeys(naturals):
        others = _remove(naturals, (card,))
        for cards, wild, value, used, k in melds_holding(card, others, jokers, ace_low):
            if k:
                after = solve(_remove(others, used), jokers - k)
                candidate = Opening(after.value + value, after.cards + len(cards), ((cards, wild),) + after.melds)
                if candidate.better(best):
                    best = candidate
    return best
