"""How well a seat stands in a hand being played, for the expert bot's short
rollouts (kernel/expert/search.py): the least deadwood each hand can reach (less is better),
as the chance of winning the hand (`python -m bench.standing` fitted SCALE and BIAS)."""

from ...kernel.expert.standing import lead
from ..deadwood import min_deadwood

SCALE, BIAS = 54, 0.09  # greedy against greedy, 300 games: 15 and 0 were overconfident (Brier 0.263 against ½'s 0.250)


def standing(state, seat: int) -> float:
    hands = state.hand.hands
    return lead(-min_deadwood(hands[seat]), [-min_deadwood(hands[1 - seat])], SCALE, BIAS)
