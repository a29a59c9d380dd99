"""Kalooki's legal actions: what a seat may do now, for bots and the API's hints.

Openings and jokers make the choice huge, so the listing is canonical (decide
accepts every legal declaration):
  * draw from the stock, always while the seat must draw (an empty stock is
    renewed, or the hand ends dead); from the discard pile once opened;
  * open: the exact solver's best opening (highest value, then most cards),
    from the hand after the draw, or taking the top discard as the draw, when
    it reaches `initial_meld`;
  * once opened: the canonical melds, single-card lay-offs and swaps of
    plays.py;
  * discard: each distinct card the taken-card rule allows; none while a
    swapped joker must and can still be played.
The listing is computed from a SeatView only.
"""

from ..kernel.bodies import listing
from ..kernel.commands import DISCARD_PILE, STOCK
from ..kernel.piles import may_discard
from . import plays
from .commands import ACTIONS
from .solver import best_opening
from .state import DRAW, PLAY
from .views import SeatView, see

DRAW_ACTION, OPEN, MELD, LAYOFF, SWAP, DISCARD = "draw", "open", "meld", "layoff", "swap", "discard"


def opening_option(view: SeatView, take_discard: bool) -> tuple | None:
    """The best opening as an option, if it reaches the threshold."""
    ace_low = view.rules.ace_low
    if take_discard:
        if not view.pile:
            return None
        found = best_opening(view.hand + (view.pile[-1],), ace_low, must=view.pile[-1])
    else:
        found = best_opening(view.hand, ace_low)
    if not found.melds or found.value < view.rules.initial_meld:
        return None
    melds = tuple({"cards": list(cards), "wild": list(wild)} for cards, wild in found.melds)
    return (OPEN, melds, take_discard)


def options(view: SeatView) -> list[tuple]:
    """Light tuples: ("draw", from), ("open", melds, take_discard), ("meld", cards, wild),
    ("layoff", meld_id, cards, wild), ("swap", meld_id, card), ("discard", card)."""
    if view is None or not view.my_turn:
        return []
    opened = view.opened[view.seat]
    if view.phase == DRAW:
        found = [(DRAW_ACTION, STOCK)]
        if opened and view.pile:
            found.append((DRAW_ACTION, DISCARD_PILE))
        elif not opened:
            option = opening_option(view, True)
            found += [option] if option else []
        return found
    if view.phase != PLAY:
        return []
    hand, ace_low = view.hand, view.rules.ace_low
    if not opened:
        option = opening_option(view, False)
        found = [option] if option else []
    else:
        found = [(MELD, cards, wild) for cards, wild in plays.melds(hand, ace_low)]
        found += [(LAYOFF, meld_id, cards, wild) for meld_id, cards, wild in plays.layoffs(hand, view.table, ace_low)]
        found += [(SWAP, meld_id, card) for meld_id, card in plays.swaps(hand, view.table)]
    if not must_play_joker(view):
        found += [(DISCARD, card) for card in dict.fromkeys(hand) if may_discard(card, hand, view.taken)]
    return found


def must_play_joker(view: SeatView) -> bool:
    return bool(view.rules.swapped_joker_must_be_played and view.owed
                and plays.joker_playable(view.hand, view.table, view.rules.ace_low))


to_command, legal_actions = listing(ACTIONS, see, options)
