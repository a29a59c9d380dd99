"""The `greedy` bot: puts every point it can on the table at once, takes the
pile when that pays, and throws away what it cannot use.

  * Drawing: it takes the pile when the best take (the points of the meld with
    the top card plus the best it could then meld from its hand, by the exact
    solver) beats what it could meld now plus 10 (about what a draw brings);
    otherwise it draws from the stock.
  * Playing: it follows the exact solver's optimal plan (the most points it can
    meld and lay off now, deuces' stand-ins chosen at best), one move per call.
    Hands of more than SOLVER_LIMIT cards (after a big pile) play the listed
    meld or lay-off worth most instead.
  * Discarding: never a deuce or the queen of spades if anything else will do;
    it keeps cards with partners in hand (same rank, or same suit one or two
    ranks away) and the cards that would extend its own melds, and among the
    rest throws the one that would cost most if caught in hand.
Ties go to the generator, so seeded games are reproducible.
"""

from ...kernel.cards import RANK, SUIT
from ..actions import DISCARD, LAYOFF, MELD, SOLVER_LIMIT, TAKE, discards, options, to_command
from ..melds import QS, RUN, analyse, extend, is_deuce, penalty
from ..solver import best, best_points


def choose_greedy(view, rng):
    if view.phase == "draw":
        return to_command(view.seat, _draw_or_take(view, options(view)))
    own = view.own_melds()
    if len(view.hand) <= SOLVER_LIMIT:
        # the solver's plan, else a discard: the whole listing of melds and lay-offs
        # (options) is not needed, and it is most of a move's time in the expert's rollouts
        plan = best(view.hand, own)
        if plan.moves:
            move = plan.moves[0]
            option = (MELD, move[1], move[2]) if move[0] == "meld" else (LAYOFF, move[1], move[2], move[3])
            return to_command(view.seat, option)
        found = discards(view.hand)
    else:
        found = options(view)
        scoring = [o for o in found if o[0] in (MELD, LAYOFF)]
        if scoring:
            worth = {o: _points(view, o) for o in scoring}
            top = max(worth.values())
            return to_command(view.seat, rng.choice([o for o in scoring if worth[o] == top]))
    throws = [o for o in found if o[0] == DISCARD]
    own = view.own_melds()
    ranked = {o: _keep_score(o[1], view.hand, own) for o in throws}
    least = min(ranked.values())
    return to_command(view.seat, rng.choice([o for o in throws if ranked[o] == least]))


def _draw_or_take(view, found):
    takes = [o for o in found if o[0] == TAKE]
    if not takes:
        return found[0]
    own = view.own_melds()
    now = best_points(view.hand, own) if len(view.hand) <= SOLVER_LIMIT else 0
    top = view.pile[-1]
    best_take, best_gain = None, now + 10
    for option in takes:
        shape = analyse(option[1] + (top,), option[2])
        rest = list(view.hand) + list(view.pile[:-1])
        for card in option[1]:
            rest.remove(card)
        after = best_points(tuple(rest), own) if len(rest) <= SOLVER_LIMIT else 0
        if shape.points + after > best_gain:
            best_take, best_gain = option, shape.points + after
    return best_take or found[0]


def _points(view, option) -> int:
    if option[0] == MELD:
        return analyse(option[1], option[2]).points
    meld = next(m for m in view.table if m.id == option[1])
    return extend(meld.shape, option[2], option[3]).points


def _keep_score(card: str, hand, own) -> tuple:
    """Lower is discarded first: (kept for good, partners, -cost in hand)."""
    precious = 1 if (is_deuce(card) or card == QS) else 0
    rank, suit = RANK[card], SUIT[card]
    partners = 0
    for other in hand:
        if other == card or is_deuce(other):  # the card itself, and its twin in two decks: by value, not identity
            continue
        if RANK[other] == rank:
            partners += 3
        elif SUIT[other] == suit and abs(RANK[other] - rank) <= 2:
            partners += 2 if abs(RANK[other] - rank) == 1 else 1
    for meld in own:
        shape = meld.shape
        if shape.kind == RUN:
            if shape.suit == suit and (rank in (shape.lo - 1, shape.hi + 1) or (rank == 14 and shape.lo == 2)):
                partners += 5
        elif shape.lo == rank and len(shape.cards) < 4:
            partners += 5
    return (precious, partners, -penalty(card))
