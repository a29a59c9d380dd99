"""How well a seat stands in a hand being played, for the expert bot's short
rollouts (kernel/expert/search.py): the penalty of each hand's cards (less is better),
as the chance of winning the hand (`python -m bench.standing` fitted SCALE and BIAS)."""

from ...kernel.expert.standing import lead
from ..melds import hand_penalty

SCALE, BIAS = 129, 0.14  # greedy against greedy, 300 games: 40 and 0 were overconfident


def standing(state, seat: int) -> float:
    costs = [-hand_penalty(cards) for cards in state.hand.hands]
    return lead(costs[seat], costs[:seat] + costs[seat + 1:], SCALE, BIAS)
