"""How well a seat stands in a hand being played, for the expert bot's short
rollouts (kernel/expert/search.py): the least deadwood each hand can reach (less is better)."""

from ...kernel.expert.standing import lead
from ..deadwood import min_deadwood


def standing(state, seat: int) -> float:
    hands = state.hand.hands
    return lead(-min_deadwood(hands[seat]), [-min_deadwood(hands[1 - seat])], 15)
