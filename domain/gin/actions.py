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

from ..kernel.bodies import listing
from .commands import ACTIONS, DISCARD_PILE, STOCK
from .deadwood import best_arrangement, best_knock, defender_best, knockable
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


def knocks(view: SeatView) -> list[tuple]:
    """("knock", card, melds) for every card whose discard leaves a knockable hand."""
    return [knock(view.hand, card) for card in knock_cards(view, best_knock(view.hand))]


def knock_cards(view: SeatView, left: dict[str, int]) -> list[str]:
    """The cards whose discard leaves a knockable hand, in Gin order, from the
    hand's `best_knock` (`left`); never the card just taken from the pile."""
    return [card for card in knockable(left, view.knock_limit) if card != view.taken]


def knock(hand, card) -> tuple:
    """("knock", card, melds): `card` discarded, the other cards arranged at their best."""
    return KNOCK, card, best_arrangement(tuple(c for c in hand if c != card)).melds


to_command, legal_actions = listing(ACTIONS, see, options)
