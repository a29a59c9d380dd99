"""Which hands the greedy bot could hold when its turn is over, the expert's
model of another seat (kernel/expert/determinize.py): greedy opens as soon as
its hand reaches the opening, and once opened it swaps every joker it can and
lays every meld and lay-off it holds before it discards. So after its turn an
unopened greedy hand cannot open, and an opened one holds no meld, and (while
the table is as greedy left it: the next seat has not yet drawn) nothing that
lays off or swaps a joker there. A seat yet to play holds its deal, which
may be anything."""

from ...kernel.hands import had_a_turn
from .. import plays
from ..rules import deal_size
from ..solver import best_opening
from ..state import DRAW


def likely(state, seat: int) -> bool:
    hand, rules, seats = state.hand, state.rules, state.seats_in()
    first = seats.index(hand.first_seat)
    if not had_a_turn(hand, seat, seats[first:] + seats[:first], deal_size(len(seats)) * len(seats)):
        return True
    cards = hand.hands[seat]
    value = best_opening(cards, rules.ace_low).value
    if not hand.opened[seat]:
        return value < rules.initial_meld
    if value:
        return False
    # once the seat to move has drawn, it may have changed the table since the other seat's turn
    return hand.phase != DRAW or not (plays.layoffs(cards, hand.table, rules.ace_low) or plays.swaps(cards, hand.table))
