"""How well a seat stands in a hand being played, for the expert bot's short
rollouts (kernel/expert/search.py): the value of each hand's cards (less is better)."""

from ...kernel.expert.standing import lead
from ..melds import hand_value


def standing(state, seat: int) -> float:
    values = [-hand_value(cards) for cards in state.hand.hands]
    return lead(values[seat], values[:seat] + values[seat + 1:], 25)
