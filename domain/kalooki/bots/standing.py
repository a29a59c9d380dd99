"""How well a seat stands in a hand being played, for the expert bot's short
rollouts (kernel/expert/search.py): the penalty of each hand's cards (less is better)."""

from ...kernel.expert.standing import lead
from ..melds import hand_penalty


def standing(state, seat: int) -> float:
    costs = [-hand_penalty(cards) for cards in state.hand.hands]
    return lead(costs[seat], costs[:seat] + costs[seat + 1:], 40)
