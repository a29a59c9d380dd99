"""The `greedy` bot: takes every point available now, then discards the card
least likely to score later.

Each call returns one action. In the play phase it lays the meld or lay-off
worth the most points right now (the biggest first, since V grows with size),
and when nothing scores it discards. A card is kept for its promise: it would
extend a table meld after one more card, or it has partners in hand (same rank,
or same suit one or two ranks away). Ties go to the generator, so seeded games
are reproducible.
"""

from ...kernel.cards import RANK, SUIT
from ..actions import DISCARD, LAYOFF, MELD, options, to_command
from ..melds import RUN, classify, extend


def choose_greedy(view, rng):
    found = options(view)
    scoring = [o for o in found if o[0] in (MELD, LAYOFF)]
    if scoring:
        best = max(_points(view, o) for o in scoring)
        top = [o for o in scoring if _points(view, o) == best]
        return to_command(view.seat, rng.choice(top))
    discards = [o for o in found if o[0] == DISCARD]
    if not discards:
        return to_command(view.seat, found[0])  # pick up or draw
    worth = {o[1]: usefulness(o[1], view.hand, view.table) for o in discards}
    least = min(worth.values())
    return to_command(view.seat, rng.choice([o for o in discards if worth[o[1]] == least]))


def _points(view, option) -> int:
    if option[0] == MELD:
        return classify(option[1])[1]
    meld = next(m for m in view.table if m.id == option[1])
    return extend(meld.kind, meld.cards, option[2])[2]


def usefulness(card: str, hand, table) -> int:
    """How much a card promises: partners in hand and near-misses on the table."""
    rank, suit = RANK[card], SUIT[card]
    score = 0
    for other in hand:
        if other == card:  # the card itself, and its twin in two decks: by value, never by identity
            continue
        o_rank, o_suit = RANK[other], SUIT[other]
        if o_rank == rank:
            score += 3
        elif o_suit == suit and abs(o_rank - rank) <= 2:
            score += 2 if abs(o_rank - rank) == 1 else 1
    for meld in table:
        if meld.kind == RUN and SUIT[meld.cards[0]] == suit:
            lo, hi = RANK[meld.cards[0]], RANK[meld.cards[-1]]
            if rank in (lo - 2, hi + 2):
                score += 2  # one more card and it lays off
    return score
