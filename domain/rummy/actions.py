"""Rummy's legal actions: what a seat may do now, for bots and the API's hints,
computed from the seat's view only (MORE_VARIANTS.md "Rummy", "Wire details").

  * drawing: from the stock, always (even when the draw would exhaust the
    hand); from the discard pile when it has a card, unless the seat plays on
    with an empty hand (it draws from the stock only);
  * a seat playing on with an empty hand (`discard_to_go_out`) is offered only
    the lay-offs of its drawn card, or, when there is none, only its discard;
  * otherwise: every valid meld within the hand (every set of 3 and of 4 of a
    rank, every run window of 3 or more) while the turn's meld limit allows;
    every single-card lay-off on every meld (unless the own-meld rule forbids
    lay-offs yet); and every discard the taken-card rule allows.
`decide` also accepts multi-card lay-offs.
"""

from functools import lru_cache
from itertools import combinations

from ..kernel import piles
from ..kernel.bodies import listing
from ..kernel.cards import RANK, SUIT, SUITS
from ..kernel.commands import DISCARD_PILE, STOCK
from .commands import ACTIONS
from .melds import fitting, low, table_order
from .state import DRAW, PLAY
from .views import SeatView, see

DRAW_ACTION, MELD, LAYOFF, DISCARD = "draw", "meld", "layoff", "discard"


def options(view: SeatView) -> list[tuple]:
    """Light tuples: ("draw", source), ("meld", cards), ("layoff", meld_id, cards), ("discard", card)."""
    if not view.my_turn:
        return []
    if view.phase == DRAW:
        found = [(DRAW_ACTION, STOCK)]
        if view.pile and not view.bare[view.seat]:
            found.append((DRAW_ACTION, DISCARD_PILE))
        return found
    if view.phase != PLAY:
        return []
    hand = view.hand
    if view.bare[view.seat]:
        found = layoffs(view)
        return found or [(DISCARD, card) for card in hand]
    found = []
    limit = view.rules.melds_limit
    if limit is None or view.melds_now < limit:
        found += [(MELD, cards) for cards in melds(hand)]
    found += layoffs(view)
    found += [(DISCARD, card) for card in hand if piles.may_discard(card, hand, view.taken)]
    return found


def melds(hand) -> list[tuple[str, ...]]:
    """Every valid meld within the hand, each in table order."""
    return list(_melds(tuple(hand)))


@lru_cache(maxsize=4096)  # asked again for the same hand by the listing and the bots (the expert's rollouts)
def _melds(hand: tuple) -> tuple[tuple[str, ...], ...]:
    found = []
    by_rank: dict[int, list[str]] = {}
    for card in hand:
        by_rank.setdefault(RANK[card], []).append(card)
    for rank in sorted(by_rank):
        same = table_order(by_rank[rank])
        for size in (3, 4):
            found += [tuple(c) for c in combinations(same, size)]
    by_suit: dict[str, list[str]] = {}
    for card in hand:
        by_suit.setdefault(SUIT[card], []).append(card)
    for suit in SUITS:
        cards = sorted(by_suit.get(suit, ()), key=low)
        start = 0
        for i in range(1, len(cards) + 1):
            if i == len(cards) or low(cards[i]) != low(cards[i - 1]) + 1:
                segment = cards[start:i]
                for a in range(len(segment)):
                    for b in range(a + 3, len(segment) + 1):
                        found.append(tuple(segment[a:b]))
                start = i
    return tuple(found)


def layoffs(view: SeatView) -> list[tuple]:
    """Every single-card lay-off of the hand on every meld, if the seat may lay off."""
    if view.rules.layoff_after_own_meld and not view.owns_meld():
        return []
    found = []
    for meld in view.table:
        fits = fitting(meld.kind, meld.cards)
        found += [(LAYOFF, meld.id, (card,)) for card in view.hand if card in fits]
    return found


__all__ = ["legal_actions", "options", "to_command", "melds", "layoffs"]

to_command, legal_actions = listing(ACTIONS, see, options)
