"""The `greedy` bot (MORE_VARIANTS.md, Kalooki):

  * Drawing: before it has opened, it opens taking the top discard when that
    opening reaches the threshold and either its hand alone does not, or the
    discard makes the opening worth more; otherwise it draws from the stock.
    Once opened it takes the discard only if the card melds or lays off at once.
  * Playing: it opens as soon as its best opening reaches the threshold. Once
    opened it swaps every joker it can (keeping it for a meld), then lays the
    meld or lay-off that sheds the most penalty, one per call.
  * Discarding: the highest-penalty card without partners (no card of its rank,
    none of its suit within two ranks), a joker only when nothing else can go.
Ties go by the listing's order, so seeded games are reproducible.
"""

from ...kernel.cards import RANK, SUIT
from ...kernel.commands import DISCARD_PILE, STOCK
from .. import plays
from ..actions import DISCARD, DRAW_ACTION, LAYOFF, MELD, OPEN, SWAP, options, to_command
from ..melds import hand_penalty, is_joker, penalty
from ..solver import best_opening


def choose_greedy(view, rng):
    found = options(view)
    if view.phase == "draw":
        return to_command(view.seat, _draw(view, found))
    for kind in (OPEN, SWAP):
        chosen = next((o for o in found if o[0] == kind), None)
        if chosen is not None:
            return to_command(view.seat, chosen)
    laying = [o for o in found if o[0] in (MELD, LAYOFF)]
    if laying:
        return to_command(view.seat, max(laying, key=lambda o: hand_penalty(o[-2])))
    discards = [o for o in found if o[0] == DISCARD]
    return to_command(view.seat, min(discards, key=lambda o: _keep(o[1], view.hand)))


def _draw(view, found):
    stock = (DRAW_ACTION, STOCK)
    if not view.opened[view.seat]:
        take = next((o for o in found if o[0] == OPEN), None)
        if take is None:
            return stock
        now = best_opening(view.hand, view.rules.ace_low)  # (before the draw: what the hand alone opens)
        value_with = best_opening(view.hand + (view.pile[-1],), view.rules.ace_low, must=view.pile[-1]).value
        return take if now.value < view.rules.initial_meld or value_with > now.value else stock
    if (DRAW_ACTION, DISCARD_PILE) in found and _fits(view, view.pile[-1]):
        return (DRAW_ACTION, DISCARD_PILE)
    return stock


def _fits(view, card) -> bool:
    """Whether `card` would meld with the hand or lay off on the table at once.
    A natural melds only with cards of its rank or suit (and jokers), so the
    melds are listed of those alone; a lay-off of `card` is the listing's for
    a hand of that card alone."""
    ace_low = view.rules.ace_low
    if is_joker(card):
        near = view.hand
    else:
        rank, suit = RANK[card], SUIT[card]
        near = tuple(c for c in view.hand if is_joker(c) or RANK[c] == rank or SUIT[c] == suit)
    return (any(card in cards for cards, _ in plays.melds(near + (card,), ace_low))
            or bool(plays.layoffs((card,), view.table, ace_low)))


def _keep(card: str, hand) -> tuple:
    """Lower is discarded first: (a joker, has partners, -penalty)."""
    if is_joker(card):
        return (1, 1, 0)
    rank, suit = RANK[card], SUIT[card]
    partners = any(other != card and not is_joker(other)
                   and (RANK[other] == rank or (SUIT[other] == suit and abs(RANK[other] - rank) <= 2))
                   for other in hand)
    return (0, int(partners), -penalty(card))

