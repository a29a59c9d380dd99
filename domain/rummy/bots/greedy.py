"""The `greedy` bot (MORE_VARIANTS.md "Rummy"):

  * Drawing: it takes the top discard only if that card melds with its hand
    or lays off on the table at once; otherwise it draws from the stock.
  * Playing: it lays its largest meld (as long as the turn's limit allows),
    then every lay-off it can, one move per call.
  * Discarding: the highest-value card with no partner in hand (no card of
    the same rank, none of the same suit within two ranks); if every card has
    a partner, the highest-value card. Ties go by card order (the higher card).
It uses no randomness: equal views give equal moves.
"""

from ...kernel.cards import RANK, SUIT, SUIT_ORDER
from ...kernel.commands import DISCARD_PILE, STOCK
from ..actions import DISCARD, DRAW_ACTION, LAYOFF, MELD, melds, options, to_command
from ..melds import fitting, low, value


def choose_greedy(view, rng):
    found = options(view)
    if view.phase == "draw":
        return to_command(view.seat, _draw(view, found))
    meld_options = [o for o in found if o[0] == MELD]
    if meld_options:
        return to_command(view.seat, max(meld_options, key=lambda o: len(o[1])))  # the first of the largest
    layoff_options = [o for o in found if o[0] == LAYOFF]
    if layoff_options:
        return to_command(view.seat, layoff_options[0])
    discards = [o[1] for o in found if o[0] == DISCARD]
    return to_command(view.seat, (DISCARD, _worst(discards, view.hand)))


def _draw(view, found) -> tuple:
    if (DRAW_ACTION, DISCARD_PILE) in found and _useful(view.pile[-1], view):
        return DRAW_ACTION, DISCARD_PILE
    return DRAW_ACTION, STOCK


def _useful(card: str, view) -> bool:
    """The card would meld with the hand, or lay off on a meld, at once."""
    if any(card in meld for meld in melds(view.hand + (card,))):
        return True
    if view.rules.layoff_after_own_meld and not view.owns_meld():
        return False
    return any(card in fitting(m.kind, m.cards) for m in view.table)


def _partnered(card: str, hand) -> bool:
    for other in hand:
        if other == card:
            continue
        if RANK[other] == RANK[card] or (SUIT[other] == SUIT[card] and abs(low(other) - low(card)) <= 2):
            return True
    return False


def _worst(cards, hand) -> str:
    loners = [c for c in cards if not _partnered(c, hand)] or list(cards)
    return max(loners, key=lambda c: (value(c), low(c), -SUIT_ORDER[SUIT[c]]))
