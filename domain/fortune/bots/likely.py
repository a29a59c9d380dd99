"""Which hands the greedy bot could hold when its turn is over, the expert's
model of another seat (kernel/expert/determinize.py): greedy plays the exact
solver's whole plan (every meld, and every lay-off on its own melds) before it
discards, so after its turn its hand holds nothing the solver would play. (A
hand too big for the solver, after a big pile, is not judged, nor a seat yet
to play: it holds its deal, which may be anything.)"""

from ...kernel.hands import had_a_turn
from ..actions import SOLVER_LIMIT
from ..rules import HAND_SIZE
from ..solver import best


def likely(state, seat: int) -> bool:
    hand, n = state.hand, len(state.players)
    if not had_a_turn(hand, seat, tuple((hand.first_seat + i) % n for i in range(n)), HAND_SIZE * n):
        return True
    cards = hand.hands[seat]
    return len(cards) > SOLVER_LIMIT or not best(cards, hand.own_melds(seat)).moves
