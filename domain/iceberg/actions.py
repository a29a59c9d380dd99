"""Iceberg's legal actions: everything a seat may do right now, for bots and API hints.

Melds and lay-offs are listed once per distinct multiset of cards (in a
two-deck game two copies of 7H are the same card). The listing is computed from
a SeatView only, so it never depends on anything the seat may not see.
"""

from itertools import combinations, product

from ..kernel.bodies import listing
from ..kernel.cards import CODE, RANK, RANK_SUIT, SUIT, SUITS, sorted_cards
from .commands import ACTIONS
from .melds import PAIR, RUN, SET, SPECIALS
from .state import DRAW, PICKUP, PLAY
from .views import SeatView, see

MELD, LAYOFF, DISCARD = "meld", "layoff", "discard"  # the options' kinds are the actions' types


def options(view: SeatView) -> list[tuple]:
    """Light tuples (kind, ...) for every legal action: ("meld", cards),
    ("layoff", meld_id, cards), ("discard", card), ("pickup",), ("draw",)."""
    if not view.my_turn:
        return []
    if view.phase == PICKUP:
        return [(PICKUP,)]
    if view.phase == DRAW:
        return [(DRAW,)]
    if view.phase != PLAY:
        return []
    hand = view.hand
    grouped = _Grouped(hand)
    found = [(MELD, cards) for cards in new_melds(hand, grouped)]
    if view.table:
        found += [(LAYOFF, meld_id, cards) for meld_id, cards in layoffs(hand, view.table, grouped)]
    # dict keeps the hand's order: set order would vary with the hash seed and
    # make seeded games differ between runs.
    found += [(DISCARD, card) for card in dict.fromkeys(hand)]
    return found


class _Grouped:
    """The hand grouped once by rank and by suit, for all the listings below."""

    __slots__ = ("by_rank", "ranks_by_suit")

    def __init__(self, hand):
        by_rank: dict[int, list[str]] = {}
        ranks_by_suit: dict[str, set[int]] = {}
        for card in hand:
            rank, suit = RANK_SUIT[card]  # one look-up a card: this runs for every listing
            if rank in by_rank:
                by_rank[rank].append(card)
            else:
                by_rank[rank] = [card]
            if suit in ranks_by_suit:
                ranks_by_suit[suit].add(rank)
            else:
                ranks_by_suit[suit] = {rank}
        self.by_rank = by_rank
        self.ranks_by_suit = ranks_by_suit


def _sub_multisets(cards: list[str], smallest: int) -> list[tuple[str, ...]]:
    if len(cards) == smallest:
        return [sorted_cards(cards)]
    if smallest == 1 and len(cards) == 2 and cards[0] == cards[1]:
        return [(cards[0],), (cards[0], cards[0])]
    cards = sorted_cards(cards)
    found = set()
    for k in range(smallest, len(cards) + 1):
        found.update(combinations(cards, k))
    return sorted(found)


def new_melds(hand, grouped: _Grouped | None = None) -> list[tuple[str, ...]]:
    """Every distinct pair, set, run and special meld the hand can lay."""
    g = grouped or _Grouped(hand)
    found = []
    for rank in sorted(g.by_rank):
        cards = g.by_rank[rank]
        if len(cards) >= 2 and rank <= 13:
            found += _sub_multisets(cards, 2)
    for suit in SUITS:
        ranks = g.ranks_by_suit.get(suit)
        if not ranks or len(ranks) < 3:
            continue
        for lo in sorted(ranks):
            hi = lo
            while hi + 1 in ranks and hi + 1 <= 13:
                hi += 1
                if hi - lo >= 2:
                    found.append(tuple(CODE[(r, suit)] for r in range(lo, hi + 1)))
    found += _specials(g)
    return found


def _specials(g: _Grouped) -> list[tuple[str, ...]]:
    found = set()
    for suits in (("S", "C"), ("H", "D")):  # black, red
        ranks = g.ranks_by_suit.get(suits[0], set()) | g.ranks_by_suit.get(suits[1], set())
        for pattern, _, _ in SPECIALS:
            if not pattern <= ranks:
                continue  # the common case: a rank of the pattern is missing
            choices = [[CODE[(r, s)] for s in suits if r in g.ranks_by_suit.get(s, ())] for r in sorted(pattern)]
            found.update(sorted_cards(c) for c in product(*choices))
    return sorted(found)


def layoffs(hand, table, grouped: _Grouped | None = None) -> list[tuple[str, tuple[str, ...]]]:
    """Every (meld id, cards) that may be laid off on the table now."""
    g = grouped or _Grouped(hand)
    by_rank, by_suit = g.by_rank, g.ranks_by_suit
    found = []
    for meld in table:
        if meld.kind in (PAIR, SET):
            cards = by_rank.get(RANK[meld.cards[0]])
            if cards:
                found += [(meld.id, sub) for sub in _sub_multisets(cards, 1)]
        elif meld.kind == RUN:
            suit = SUIT[meld.cards[0]]
            ranks = by_suit.get(suit)
            if ranks and (RANK[meld.cards[0]] - 1 in ranks or RANK[meld.cards[-1]] + 1 in ranks):
                found += [(meld.id, cards) for cards in _run_extensions(meld.cards, suit, ranks)]
    return found


def _run_extensions(run_cards, suit: str, ranks: set[int]) -> list[tuple[str, ...]]:
    lo, hi = RANK[run_cards[0]], RANK[run_cards[-1]]
    below = [lo - d for d in range(1, lo - 1) if all(lo - k in ranks for k in range(1, d + 1))]
    above = [hi + u for u in range(1, 14 - hi) if all(hi + k in ranks for k in range(1, u + 1))]
    found = []
    for down in [lo] + below:
        for up in [hi] + above:
            if down == lo and up == hi:
                continue
            found.append(tuple(CODE[(r, suit)] for r in list(range(down, lo)) + list(range(hi + 1, up + 1))))
    return found


to_command, legal_actions = listing(ACTIONS, see, options)
