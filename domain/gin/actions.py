"""Gin's legal actions: everything a seat may do right now, for bots and API hints.

Listed from a SeatView only (never from what the seat may not see):
  * the first upcard: pass, or take it (draw from the discard pile);
  * the draw: from the stock, and from the discard pile unless both players
    passed the first upcard;
  * after the draw: discard any card but the one just taken from the discard
    pile, and knock, once per card whose discard leaves a knockable hand, with
    the best arrangement of the ten cards kept (deadwood.best_arrangement);
  * the defender's show: one, the best defence (deadwood.defender_best: least
    deadwood, then own melds rather than lay-offs).
decide accepts any other legal declaration too (a knock or show arranged
differently); the listing offers the sensible canonical ones.
"""

from collections import Counter

from ..kernel.bodies import listing
from .cards import CODE, RANK, SUIT, VALUE
from .commands import ACTIONS, DISCARD_PILE, STOCK
from .deadwood import best_arrangement, defender_best, legal_knocks
from .state import DISCARD, DRAW, SHOW, UPCARD
from .views import SeatView, see

PASS, DRAW_ACTION, DISCARD_ACTION, KNOCK, SHOW_ACTION = "pass", "draw", "discard", "knock", "show"


def options(view: SeatView) -> list[tuple]:
    """Light tuples for every legal action: ("pass",), ("draw", pile), ("discard", card),
    ("knock", card, melds), ("show", melds, ((meld index, cards), ...))."""
    if not view.my_turn:
        return []
    phase = view.phase
    if phase == UPCARD:
        return [(PASS,), (DRAW_ACTION, DISCARD_PILE)]
    if phase == DRAW:
        return [(DRAW_ACTION, STOCK)] if view.stock_only else [(DRAW_ACTION, STOCK), (DRAW_ACTION, DISCARD_PILE)]
    if phase == DISCARD:
        return [(DISCARD_ACTION, c) for c in view.hand if c != view.taken] + knocks(view)
    if phase == SHOW:
        knock = view.knock
        best = defender_best(view.hand, knock.melds, allow_layoffs=not knock.gin)
        return [(SHOW_ACTION, best.melds, best.layoffs)]
    return []


def may_knock(hand, limit: int) -> bool:
    """A quick necessary condition for a knock: the cards that fit in no meld at
    all (no two others of their rank, no run of three through them) are deadwood
    whatever the arrangement, except the one card discarded; if they total more
    than `limit` even without the highest, no knock is possible."""
    ranks = Counter(RANK[c] for c in hand)
    held = set(hand)
    dead = []
    for card in hand:
        rank = RANK[card]
        if ranks[rank] >= 3:
            continue
        suit = SUIT[card]
        below, above = CODE.get((rank - 1, suit)) in held, CODE.get((rank + 1, suit)) in held
        if (below and (above or CODE.get((rank - 2, suit)) in held)) or \
                (above and CODE.get((rank + 2, suit)) in held):
            continue
        dead.append(VALUE[card])
    return sum(dead) - max(dead, default=0) <= limit


def knocks(view: SeatView) -> list[tuple]:
    """("knock", card, melds) for every card whose discard leaves a knockable hand."""
    if not may_knock(view.hand, view.knock_limit):
        return []
    found = []
    for card in legal_knocks(view.hand, view.knock_limit):
        if card != view.taken:
            kept = tuple(c for c in view.hand if c != card)
            found.append((KNOCK, card, best_arrangement(kept).melds))
    return found


to_command, legal_actions = listing(ACTIONS, see, options)
